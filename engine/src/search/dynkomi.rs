//! Dynamic komi in handicap games: the komi the playouts count with is moved towards White by
//! some points at the start, and the move back to the real komi is spread over the game.
//!
//! A Monte-Carlo search learns little when nearly every playout ends the same way: giving
//! Black four stones, White sees a loss after almost every move, and picks among moves that all
//! look lost. Counting with more komi for White evens the playouts out, so the moves that keep
//! White in the game stand out; the extra melts away as the board fills, so that by the end the
//! search plays for the real result (Baudiš 2011, "Balancing MCTS by dynamically adjusting the
//! komi value").
//!
//! - **Linear** (the default): `dynkomi_per_stone` points a handicap stone at the start, falling
//!   in a straight line to none once `dynkomi_fill` of the board's points have been played.
//! - **Adaptive** (`dynkomi_adaptive`): the same fall, but the starting allowance is not fixed:
//!   after each of our moves it grows by `dynkomi_step` points in our favour while the chosen
//!   move's win rate is below `dynkomi_red`, and shrinks by as much while it is above
//!   `dynkomi_green`, so that the win rate stays where the search tells moves apart best. It
//!   never goes below the real komi nor above twice the linear start.
//!
//! Win rates the search reports are at the komi it counted with; score leads are at the real
//! komi (the search adds the extra back).

use super::params::SearchParams;
use crate::game::Game;
use crate::types::Color;

/// The adaptive allowance of each colour's searches (Black first): points of komi in White's
/// favour before the fall over the game; `None` until that colour's first search of the game.
#[derive(Clone, Debug, Default)]
pub(super) struct DynamicKomi {
    allowance: [Option<f32>; 2],
}

impl DynamicKomi {
    /// Forget the allowances (a new game).
    pub(super) fn clear(&mut self) {
        self.allowance = [None, None];
    }

    /// The extra komi in White's favour for `color`'s search of `game`: none in a game without
    /// handicap.
    pub(super) fn extra(&self, game: &Game, color: Color, params: &SearchParams) -> f32 {
        let handicap = game.handicap();
        if handicap < 2 {
            return 0.0;
        }
        let start = if params.dynkomi_adaptive {
            self.allowance[color.index()].unwrap_or_else(|| linear_start(handicap, params))
        } else {
            linear_start(handicap, params)
        };
        let points = game.board().geometry().points_count() as f32;
        let progress = game.move_count() as f32 / (params.dynkomi_fill * points);
        start * (1.0 - progress).max(0.0)
    }

    /// After `color`'s search of `game` chose a move with win rate `winrate` (at the komi it
    /// counted with): move the adaptive allowance towards `color` when the win rate is low,
    /// away when it is high. Nothing changes without handicap or with the linear fall.
    pub(super) fn adapt(&mut self, game: &Game, color: Color, winrate: f32, params: &SearchParams) {
        let handicap = game.handicap();
        if !params.dynkomi_adaptive || handicap < 2 {
            return;
        }
        let start = linear_start(handicap, params);
        let towards_white = match color {
            Color::White => 1.0,
            Color::Black => -1.0,
        };
        let allowance = self.allowance[color.index()].get_or_insert(start);
        if winrate < params.dynkomi_red {
            *allowance += towards_white * params.dynkomi_step;
        } else if winrate > params.dynkomi_green {
            *allowance -= towards_white * params.dynkomi_step;
        }
        *allowance = allowance.clamp(0.0, 2.0 * start);
    }
}

/// The linear allowance at the start of a game with `handicap` stones.
fn linear_start(handicap: usize, params: &SearchParams) -> f32 {
    handicap as f32 * params.dynkomi_per_stone
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handicap::fixed_handicap;
    use crate::rules::Rules;
    use crate::types::Cell;

    fn handicap_game(stones: usize, moves: usize) -> Game {
        let mut g = Game::new(19, Rules::chinese()).unwrap();
        let geo = g.board().geometry();
        if stones > 0 {
            g.place_handicap(&fixed_handicap(geo, stones).unwrap())
                .unwrap();
        }
        let free: Vec<_> = geo
            .points()
            .filter(|&p| g.board().at(p) == Cell::Empty)
            .collect();
        for &p in free.iter().take(moves) {
            let c = g.to_move();
            g.play(c, crate::types::Move::Play(p)).unwrap();
        }
        g
    }

    #[test]
    fn linear_extra_falls_from_the_start_to_none() {
        let params = SearchParams::default();
        let d = DynamicKomi::default();
        let start = 4.0 * params.dynkomi_per_stone;
        assert_eq!(d.extra(&handicap_game(4, 0), Color::White, &params), start);
        let half = (params.dynkomi_fill * 361.0 / 2.0).round() as usize;
        let mid = d.extra(&handicap_game(4, half), Color::White, &params);
        assert!((mid - start / 2.0).abs() < 0.5, "{mid}");
        let late = (params.dynkomi_fill * 361.0).ceil() as usize;
        assert_eq!(d.extra(&handicap_game(4, late), Color::White, &params), 0.0);
        assert_eq!(d.extra(&handicap_game(0, 0), Color::White, &params), 0.0);
    }

    #[test]
    fn adaptive_allowance_follows_the_win_rate_within_its_bounds() {
        let params = SearchParams {
            dynkomi_adaptive: true,
            ..SearchParams::default()
        };
        let g = handicap_game(3, 10);
        let start = 3.0 * params.dynkomi_per_stone;
        let mut d = DynamicKomi::default();
        let before = d.extra(&g, Color::White, &params);
        // White losing: more komi for White, up to twice the start.
        d.adapt(&g, Color::White, 0.2, &params);
        let after = d.extra(&g, Color::White, &params);
        assert!(after > before, "{after} > {before}");
        for _ in 0..1000 {
            d.adapt(&g, Color::White, 0.2, &params);
        }
        assert_eq!(d.allowance[Color::White.index()], Some(2.0 * start));
        // White winning comfortably: back down, never below the real komi.
        for _ in 0..1000 {
            d.adapt(&g, Color::White, 0.9, &params);
        }
        assert_eq!(d.allowance[Color::White.index()], Some(0.0));
        // A win rate in between leaves it; Black's allowance is its own and moves the other
        // way (Black losing takes komi away from White).
        d.adapt(&g, Color::White, 0.5, &params);
        assert_eq!(d.allowance[Color::White.index()], Some(0.0));
        d.adapt(&g, Color::Black, 0.2, &params);
        assert_eq!(
            d.allowance[Color::Black.index()],
            Some(start - params.dynkomi_step)
        );
        d.clear();
        assert_eq!(d.extra(&g, Color::White, &params), before);
    }

    #[test]
    fn linear_fall_ignores_the_win_rate() {
        let params = SearchParams::default();
        let g = handicap_game(4, 10);
        let mut d = DynamicKomi::default();
        let before = d.extra(&g, Color::White, &params);
        d.adapt(&g, Color::White, 0.05, &params);
        assert_eq!(d.extra(&g, Color::White, &params), before);
    }
}
