//! How well the playout policy alone foresees the end of real games (`tengen-playout-check`).
//! From a record that ended by counting and saved the players' territory (`TB`, `TW`), take the
//! position some moves before the end, play the search's playout policy out from it many times
//! and compare each point's mean ownership with the owner the players counted. A policy that
//! misjudges which groups live (a capturing race, a seki, a big self-atari) gets those points
//! wrong. No tree and no clock: the figures depend only on the records, the policy's parameters
//! and the seed, so two settings compare on the same positions even on a busy machine. It
//! measures foresight, not strength: a setting it favours still needs a match.

use crate::counting::CountedGame;
use tengen_engine::playout::{playout_area, playout_owner, Policy};
use tengen_engine::rng::Rng;
use tengen_engine::search::params::PolicyParams;
use tengen_engine::tunable::Tunable;
use tengen_engine::{Board, Cell, Color, Point};

/// A position before the end of a counted game, and the end as the players counted it.
pub struct Position {
    pub board: Board,
    pub to_move: Color,
    /// Moves of the record played to reach it.
    pub moves_played: usize,
    /// The players' owner of every point (+1 Black, -1 White, 0 neither: dame and seki),
    /// indexed by [`Point::index`].
    pub owner: Vec<i8>,
    pub komi: f32,
}

/// The figures of one position, or of many added up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub positions: usize,
    /// Points the players counted for one side.
    pub owned: usize,
    /// Sum over those points of the playouts' share that did not give them to that side
    /// (|owner - mean ownership| / 2: a point given to nobody counts half).
    pub error: f64,
    /// Those points the playouts gave to the other side more often than not.
    pub reversed: usize,
    /// Playouts whose winner by area and komi is the winner of the players' count...
    pub right_winner: usize,
    /// ...out of these.
    pub playouts: usize,
}

impl Tally {
    pub fn add(&mut self, t: &Tally) {
        self.positions += t.positions;
        self.owned += t.owned;
        self.error += t.error;
        self.reversed += t.reversed;
        self.right_winner += t.right_winner;
        self.playouts += t.playouts;
    }

    /// Mean error per counted point.
    pub fn mean_error(&self) -> f64 {
        self.error / self.owned.max(1) as f64
    }

    /// Share of playouts with the right winner.
    pub fn winner_share(&self) -> f64 {
        self.right_winner as f64 / self.playouts.max(1) as f64
    }
}

/// The playout policy's parameters with each `NAME=VALUE` of `settings` set, as `tengen
/// --param` sets them.
pub fn policy_params(settings: &[String]) -> Result<PolicyParams, String> {
    let mut params = PolicyParams::default();
    for s in settings {
        let (name, text) = s
            .split_once('=')
            .ok_or_else(|| format!("--param {s}: expected NAME=VALUE"))?;
        let t = Tunable::find(PolicyParams::TUNABLES, name.trim())
            .ok_or_else(|| format!("--param {s}: no playout policy parameter {name:?}"))?;
        let value = (t.get)(&params)
            .parse_like(text)
            .map_err(|e| format!("--param {s}: {e}"))?;
        t.set_checked(&mut params, value)
            .map_err(|e| format!("--param {s}: {e}"))?;
    }
    Ok(params)
}

/// The position `back` moves before the end of `game`; `None` when the record has fewer than
/// `back + min_rest` moves, saved no territory or does not replay.
pub fn position(game: &CountedGame, back: usize, min_rest: usize) -> Option<Position> {
    let moves = game.record.nodes.iter().filter(|n| n.mv.is_some()).count();
    if moves < back + min_rest {
        return None;
    }
    let end = game.final_game().ok()?;
    let board = end.board();
    let dead = game.players_dead(board)?;
    let [black, white] = game.territory.as_ref()?;
    let mut owner = vec![0i8; board.geometry().array_len()];
    for p in board.geometry().points() {
        owner[p.index()] = match board.at(p) {
            Cell::Black if !dead.contains(&p) => 1,
            Cell::White if !dead.contains(&p) => -1,
            _ => 0,
        };
    }
    for &p in black {
        owner[p.index()] = 1;
    }
    for &p in white {
        owner[p.index()] = -1;
    }
    // `replay(rules, Some(n))` stops before move n (counted from 1).
    let start = game
        .record
        .replay(game.rules, Some(moves - back + 1))
        .ok()?;
    Some(Position {
        board: start.board().clone(),
        to_move: start.to_move(),
        moves_played: moves - back,
        owner,
        komi: start.rules().komi as f32,
    })
}

/// `playouts` playouts of `policy` from `pos`, compared with the players' count; and the points
/// the playouts gave to the wrong side more often than not.
pub fn check(
    pos: &Position,
    playouts: usize,
    policy: &mut Policy,
    rng: &mut Rng,
) -> (Tally, Vec<Point>) {
    let geo = pos.board.geometry();
    let points: Vec<Point> = geo.points().filter(|p| pos.owner[p.index()] != 0).collect();
    let area: i32 = geo.points().map(|p| i32::from(pos.owner[p.index()])).sum();
    let black_won = area as f32 > pos.komi;
    let mut owner_sum = vec![0i32; geo.array_len()];
    let mut right_winner = 0;
    let mut board = pos.board.clone();
    for _ in 0..playouts {
        board.copy_from(&pos.board);
        let limit = 3 * geo.points_count();
        policy.play_out(&mut board, pos.to_move, rng, limit);
        for &p in &points {
            owner_sum[p.index()] += playout_owner(&board, p);
        }
        right_winner += usize::from((playout_area(&board) as f32 > pos.komi) == black_won);
    }
    let mut t = Tally {
        positions: 1,
        owned: points.len(),
        right_winner,
        playouts,
        ..Tally::default()
    };
    let mut reversed = Vec::new();
    for &p in &points {
        let owner = f64::from(pos.owner[p.index()]);
        let mean = f64::from(owner_sum[p.index()]) / playouts.max(1) as f64;
        t.error += (owner - mean).abs() / 2.0;
        if owner * mean < 0.0 {
            reversed.push(p);
        }
    }
    t.reversed = reversed.len();
    (t, reversed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 5x5 game: Black's wall on column B, White's on column C; White throws a stone in at
    /// A1, which the players count dead (Black's `TB` holds it), and both pass. Black has 10
    /// points, White 15.
    fn record() -> CountedGame {
        let sgf = "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]RE[W+5.5]\
            ;B[ba];W[ca];B[bb];W[cb];B[bc];W[cc];B[bd];W[cd];B[be];W[ce];B[tt];W[ae];B[tt];W[tt]\
            TB[aa][ab][ac][ad][ae]TW[da][db][dc][dd][de][ea][eb][ec][ed][ee])";
        CountedGame::from_sgf(sgf, "test:1")
            .expect("the record reads")
            .expect("it ended by counting")
    }

    #[test]
    fn the_owner_is_the_players_count_with_dead_stones_to_the_other_side() {
        let game = record();
        let pos = position(&game, 0, 0).expect("a position");
        let geo = pos.board.geometry();
        let at = |v: &str| {
            tengen_engine::coord::parse_move(v, geo)
                .ok()
                .and_then(|m| m.point())
                .expect("a point")
        };
        assert_eq!(
            pos.owner[at("A1").index()],
            1,
            "the dead white stone is Black's"
        );
        assert_eq!(pos.owner[at("B3").index()], 1);
        assert_eq!(pos.owner[at("C3").index()], -1);
        assert_eq!(pos.owner[at("E5").index()], -1);
        let area: i32 = pos.owner.iter().map(|&o| i32::from(o)).sum();
        assert_eq!(area, 10 - 15, "Black 10 points, White 15");
        assert!(position(&game, 0, 100).is_none(), "too short");
    }

    /// A 5x5 game that ends with each side one chain with two one-point eyes: Black's on
    /// columns A-B (10 points), White's on C-E (15).
    fn settled() -> CountedGame {
        let sgf = "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]RE[W+4.5]\
            ;B[aa];W[ca];B[ba];W[da];B[bb];W[ea];B[ac];W[cb];B[bc];W[eb];B[bd];W[cc]\
            ;B[ae];W[dc];B[be];W[ec];B[tt];W[cd];B[tt];W[ed];B[tt];W[ce];B[tt];W[de]\
            ;B[tt];W[ee];B[tt];W[tt]TB[ab][ad]TW[db][dd])";
        CountedGame::from_sgf(sgf, "test:2")
            .expect("the record reads")
            .expect("it ended by counting")
    }

    #[test]
    fn a_settled_end_is_foreseen_and_an_earlier_position_less_surely() {
        let game = settled();
        let mut policy = Policy::new(PolicyParams::default());
        let mut rng = Rng::new(1);
        let (end, none) = check(&position(&game, 0, 0).unwrap(), 50, &mut policy, &mut rng);
        assert_eq!(end.owned, 25);
        assert_eq!(end.right_winner, 50, "{end:?}");
        assert_eq!(end.error, 0.0, "{end:?}");
        assert_eq!(end.reversed, 0);
        assert!(none.is_empty());
        // After six moves most of the board is open: the playouts end otherwise, often.
        let (early, reversed) = check(&position(&game, 22, 0).unwrap(), 200, &mut policy, &mut rng);
        assert!(early.mean_error() > 0.1, "{early:?}");
        assert!(early.right_winner < 200, "{early:?}");
        assert_eq!(early.reversed, reversed.len());
        let mut sum = Tally::default();
        sum.add(&end);
        sum.add(&early);
        assert_eq!(sum.positions, 2);
        assert_eq!(sum.owned, 50);
        assert_eq!(sum.playouts, 250);
    }

    #[test]
    fn settings_are_read_by_name_and_checked() {
        let p = policy_params(&["self_atari_random=1".into(), "race_fills=1".into()]).unwrap();
        assert_eq!(p.self_atari_random, 1.0);
        assert!(p.race_fills);
        assert!(policy_params(&["self_atari_random=2".into()]).is_err());
        assert!(policy_params(&["no_such=1".into()]).is_err());
        assert!(policy_params(&["capture".into()]).is_err());
    }
}
