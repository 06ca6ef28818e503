//! The bench: a fixed set of positions searched with a fixed playout budget and a fixed seed.
//! With one thread the total node count is a signature of the engine's behaviour (quote it in
//! every commit that changes play); playouts per second measure speed.

use super::Mcts;
use crate::coord::parse_move;
use crate::game::Game;
use crate::player::{Decision, ParamValue, Player, SearchLimits};
use crate::rules::Rules;
use crate::types::Color;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// One bench position: board size and the moves that lead to it from the empty board.
pub struct BenchPosition {
    pub name: &'static str,
    pub size: usize,
    pub moves: &'static str,
}

/// The positions: openings and middle games on 9x9 and 19x19.
pub const POSITIONS: [BenchPosition; 4] = [
    BenchPosition {
        name: "9x9 empty",
        size: 9,
        moves: "",
    },
    BenchPosition {
        name: "9x9 middle game",
        size: 9,
        moves: "E5 C4 G4 C6 F7 E3 D3 D4 E4 C3 D2 C2 G6 D7 C7 D6 E7 B7 F3 E2",
    },
    BenchPosition {
        name: "19x19 empty",
        size: 19,
        moves: "",
    },
    BenchPosition {
        name: "19x19 middle game",
        size: 19,
        moves: "Q16 D4 Q3 D16 C14 R5 P4 R3 R2 S2 C6 F3 F17 C17 D14 E16 K16 R10 \
                O17 R14 Q14 R13 Q13 R12 O10 C10 E10 H3 D9 C9 D8 C8 D7 J16 K15 J14 \
                K13 J12 K11 N4 O4 N3 N5",
    },
];

/// The game at a bench position (Chinese rules, komi 7.5).
pub fn position_game(pos: &BenchPosition) -> Game {
    let mut game = Game::new(pos.size, Rules::chinese()).expect("bench sizes are valid");
    let geo = game.board().geometry();
    for text in pos.moves.split_whitespace() {
        let mv = parse_move(text, geo).expect("bench moves are valid vertices");
        let color = game.to_move();
        game.play(color, mv).expect("bench moves are legal");
    }
    game
}

/// What one position's search did.
pub struct BenchResult {
    pub name: &'static str,
    pub playouts: u64,
    pub nodes: usize,
    pub decision: Decision,
    pub elapsed: Duration,
}

/// Search every bench position with `playouts` playouts on 9x9 and `playouts / 4` on 19x19,
/// `threads` threads, seed 1, a fresh tree each time.
pub fn run(threads: usize, playouts: u64) -> Vec<BenchResult> {
    POSITIONS
        .iter()
        .map(|pos| run_position(pos, threads, playouts, &[]).expect("no parameters to refuse"))
        .collect()
}

/// Search one bench position (`playouts` on 9x9, a quarter of it on 19x19), with some
/// parameters changed from their defaults (for measuring a change before making it the default).
pub fn run_position(
    pos: &BenchPosition,
    threads: usize,
    playouts: u64,
    params: &[(String, ParamValue)],
) -> Result<BenchResult, String> {
    let game = position_game(pos);
    let mut mcts = Mcts::new();
    mcts.set_threads(threads);
    mcts.set_seed(1);
    mcts.params_mut().resign_threshold = 0.0;
    for (key, value) in params {
        mcts.set_param(key, *value).map_err(|e| e.to_string())?;
    }
    let budget = if pos.size == 9 {
        playouts
    } else {
        playouts / 4
    };
    let limits = SearchLimits::playouts(budget);
    let stop = AtomicBool::new(false);
    let color: Color = game.to_move();
    let start = Instant::now();
    let (decision, analysis) = mcts.genmove(&game, color, &limits, &stop, &mut |_| {});
    let elapsed = start.elapsed();
    Ok(BenchResult {
        name: pos.name,
        playouts: analysis.playouts,
        nodes: mcts.tree.as_ref().map_or(0, |t| t.len()),
        decision,
        elapsed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_positions_are_legal_and_searches_reproducible() {
        for pos in &POSITIONS {
            let g = position_game(pos);
            assert_eq!(g.move_count(), pos.moves.split_whitespace().count());
        }
        let a = run(1, 800);
        let b = run(1, 800);
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(
                x.playouts,
                if x.name.starts_with("9x9") { 800 } else { 200 }
            );
            assert_eq!((x.nodes, x.decision), (y.nodes, y.decision), "{}", x.name);
        }
    }
}
