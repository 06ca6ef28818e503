//! Step 4 of a search: the move to play. The most visited legal move, except that the engine
//! never passes while a point is unsettled or dead stones are to be cleared, passes after the
//! opponent's pass when that wins, and resigns when clearly lost for several moves in a row.
//! Also the ownership behind dead-stone lists.

use super::territory::Territory;
use super::Mcts;
use crate::game::Game;
use crate::player::{Analysis, Candidate, Decision, SearchLimits};
use crate::rules::Scoring;
use crate::types::{Color, Move};
use std::sync::atomic::AtomicBool;

/// The search that judges a position nobody searched (`final_score`, `final_status_list`):
/// this many playouts per point of the board, within these bounds. The static life and death
/// of `crate::life` settles what the playouts are worst at, so a short search does (19x19:
/// 2,888 playouts, about 0.4 s of one core on a finished game).
const JUDGE_PLAYOUTS_PER_POINT: u64 = 8;
const JUDGE_PLAYOUTS: (u64, u64) = (2_000, 3_000);

/// What passing would give, for [`Mcts::decide`].
#[derive(Clone, Copy)]
struct PassJudgement {
    /// Black's margin if the game ended now, `None` while a point is unsettled.
    margin: Option<f32>,
    /// Opponent stones judged dead are on the board and should be captured before passing.
    clear_dead: bool,
}

impl Mcts {
    /// Step 4: the move to play after a search.
    pub(super) fn decide(
        &mut self,
        game: &Game,
        color: Color,
        analysis: &Analysis,
        cleanup: bool,
    ) -> Decision {
        let legal = |m: Move| game.is_legal(color, m);
        let Some(top) = analysis.candidates.iter().find(|c| legal(c.mv)) else {
            return Decision::Play(self.fallback_move(game, color));
        };
        // The judgement of the position (static life and death over the playouts' ownership)
        // matters only when passing is in question: the search's choice is a pass, or the
        // opponent has just passed. It can take a tenth of a second or more, outside the
        // search's time, so it is not made for any other move.
        let pass = (top.mv == Move::Pass || game.passes() >= 1)
            .then(|| self.pass_judgement(game, color, cleanup));
        let worth_playing_on = |c: &Candidate| cleanup || c.winrate >= 0.5;
        // Never pass while a point is unsettled, nor while dead stones are to be cleared.
        let mut best = top;
        if let Some(j) =
            pass.filter(|j| top.mv == Move::Pass && (j.margin.is_none() || j.clear_dead))
        {
            if let Some(c) = analysis
                .candidates
                .iter()
                .find(|c| c.mv != Move::Pass && legal(c.mv))
                .filter(|c| j.margin.is_none() || worth_playing_on(c))
            {
                best = c;
            }
        }
        // Resign when clearly lost for several moves in a row, never early in the game. One
        // entry per position: a search of a position already judged (a display, `reg_genmove`,
        // a move asked again after `undo`) replaces that position's entry and the later ones.
        let recent = &mut self.recent_winrates[color.index()];
        let now = game.move_count();
        recent.retain(|&(at, _)| at < now);
        recent.push((now, best.winrate));
        let geo = game.board().geometry();
        let filled = game.move_count() as f32 / geo.points_count() as f32;
        let k = self.params.resign_moves;
        if self.params.resign_threshold > 0.0
            && filled >= self.params.resign_min_fill
            && recent.len() >= k
            && recent[recent.len() - k..]
                .iter()
                .all(|&(_, w)| w < self.params.resign_threshold)
            && best.visits >= u64::from(self.params.resign_min_visits)
        {
            return Decision::Resign;
        }
        // After the opponent's pass, pass too when that wins and every point is settled.
        if let Some(j) = pass.filter(|_| game.passes() >= 1) {
            if best.mv != Move::Pass
                && !(j.clear_dead && worth_playing_on(best))
                && j.margin.is_some_and(|m| m * color.sign() as f32 > 0.0)
            {
                return Decision::Play(Move::Pass);
            }
        }
        Decision::Play(best.mv)
    }

    /// What passing now would give `color`, judged from this search's ownership: the score if
    /// the game ended now (`None` while a point is unsettled), and whether dead stones are
    /// still to be cleared first.
    fn pass_judgement(&self, game: &Game, color: Color, cleanup: bool) -> PassJudgement {
        // This search's ownership (none if it ran no playout: then nothing counts as settled).
        let settled = self.params.settled_ownership;
        let judgement = match &self.last_territory {
            Some((hash, t)) if *hash == game.board().hash() => t.judge(game.board(), settled),
            _ => Territory::default().judge(game.board(), settled),
        };
        let dead_opponent = judgement.dead_opponent_stones(game.board(), color);
        // Under area counting, capturing dead stones costs nothing, while a game that ends with
        // them on the board is counted by whoever judges them: a referee or an opponent whose
        // estimate differs from ours (or Tromp-Taylor, which removes none). So clear them
        // before passing, as long as playing on still wins; in clean-up, always.
        let area = game.rules().scoring != Scoring::Territory;
        PassJudgement {
            margin: judgement.settled_margin(game),
            clear_dead: dead_opponent > 0 && (cleanup || area),
        }
    }

    /// A move when the search gave no candidate (stopped before any playout): the legal point
    /// with the best prior, or a pass when there is none.
    fn fallback_move(&self, game: &Game, color: Color) -> Move {
        self.root_priors(game, color)
            .into_iter()
            .filter(|p| p.mv != Move::Pass)
            .max_by(|a, b| a.rate().total_cmp(&b.rate()))
            .map_or(Move::Pass, |p| p.mv)
    }

    /// Ownership of `game`'s position: from the last search if it was of this position,
    /// else from a short search now.
    pub(super) fn territory_of(&mut self, game: &Game) -> Territory {
        if let Some((hash, t)) = &self.last_territory {
            if *hash == game.board().hash() && !t.ownership.is_empty() {
                return t.clone();
            }
        }
        let stop = AtomicBool::new(false);
        let points = game.board().geometry().points_count() as u64;
        let limits = SearchLimits::playouts(
            (points * JUDGE_PLAYOUTS_PER_POINT).clamp(JUDGE_PLAYOUTS.0, JUDGE_PLAYOUTS.1),
        );
        let color = game.to_move();
        let (tree, _) = self.run(game, color, &limits, &stop, None, &mut |_| {});
        drop(tree);
        self.last_territory
            .as_ref()
            .map(|(_, t)| t.clone())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{alternating, game_from, game_with, search};
    use super::*;
    use crate::coord::parse_move;
    use crate::player::{Player, StoneStatus};
    use crate::rules::Rules;

    /// A 9x9 game against GNU Go (moves 1-35) where White then passed with a group in the upper
    /// left that tengen's playouts count as dead: Black wins by passing if it is dead.
    /// (Komi 7.5, as in that game.)
    fn early_pass_game(rules: Rules) -> Game {
        let moves = "F6 C3 C5 G7 F7 G6 F5 G5 F4 B5 B4 B6 C4 A5 G4 B3 A4 B7 G8 H8 F8 H4 H3 J4 \
                     J3 H6 A3 D6 D5 C6 A2 G9 F9 H9 D8";
        let mut g = game_with(rules, &alternating(moves), 9);
        g.play(Color::White, Move::Pass).unwrap();
        g
    }

    #[test]
    fn under_area_counting_dead_stones_are_captured_before_passing() {
        // Passing would end the game on a count that depends on who judges the upper-left
        // group (a referee's fresh estimate called it alive, W+11.5). Under area counting
        // playing on costs nothing, so Black does. (Under territory counting the right answer
        // depends on the group's status, which is in doubt: see the next test for a stone that
        // is clearly dead.)
        let mut m = Mcts::new();
        m.set_threads(1);
        let g = early_pass_game(Rules::chinese()); // komi 7.5
        let (decision, _) = search(&mut m, &g, 3000);
        let Decision::Play(mv) = decision else {
            panic!("{decision:?}")
        };
        assert_ne!(mv, Move::Pass);
        assert!(g.is_legal(Color::Black, mv));
    }

    /// Black has the left six columns (walls on C and F) and White the right three (a wall on
    /// G), with a lone white stone at A5 in Black's narrow strip; White has just passed (White
    /// passed before, while Black built its walls). Black wins by any count, with A5 dead.
    fn dead_stone_after_a_pass(rules: Rules) -> Game {
        let moves = "C1 A5 C2 G1 C3 G2 C4 G3 C5 G4 C6 G5 C7 G6 C8 G7 C9 G8 F1 G9 \
                     F2 pass F3 pass F4 pass F5 pass F6 pass F7 pass F8 pass F9 pass";
        game_with(rules, &alternating(moves), 9)
    }

    #[test]
    fn a_dead_stone_is_captured_before_passing_only_under_area_counting() {
        // Under area counting capturing it costs nothing and leaves no stone for a referee to
        // misjudge; under territory counting each move inside one's own territory costs a
        // point, so Black passes and the stone is removed in the count.
        for rules in [Rules::chinese(), Rules::japanese()] {
            let mut m = Mcts::new();
            m.set_threads(1);
            let g = dead_stone_after_a_pass(rules);
            let (decision, _) = search(&mut m, &g, 3000);
            if rules.scoring == Scoring::Territory {
                assert_eq!(decision, Decision::Play(Move::Pass));
            } else {
                let geo = g.board().geometry();
                let liberties: Vec<Move> = ["A4", "A6", "B5"]
                    .iter()
                    .map(|m| parse_move(m, geo).unwrap())
                    .collect();
                let Decision::Play(mv) = decision else {
                    panic!("{decision:?}")
                };
                assert!(liberties.contains(&mv), "{mv:?}");
            }
        }
    }

    #[test]
    fn a_lone_stone_inside_enemy_walls_is_dead() {
        let mut moves = Vec::new();
        let names: Vec<String> = (1..=9)
            .flat_map(|r| [format!("E{r}"), format!("F{r}")])
            .collect();
        for (i, m) in names.iter().enumerate() {
            moves.push((
                m.as_str(),
                if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                },
            ));
        }
        moves.push(("B5", Color::White));
        let g = game_from(&moves, 9);
        let mut m = Mcts::new();
        m.set_threads(1);
        let statuses = m.final_statuses(&g).stones;
        let b5 = parse_move("B5", g.board().geometry())
            .unwrap()
            .point()
            .unwrap();
        let own = m.last_territory.as_ref().unwrap().1.ownership.clone();
        let idx = g.board().geometry().points().position(|p| p == b5).unwrap();
        assert_eq!(
            statuses.iter().find(|(p, _)| *p == b5).map(|s| s.1),
            Some(StoneStatus::Dead),
            "ownership at b5: {}",
            own[idx]
        );
    }
}
