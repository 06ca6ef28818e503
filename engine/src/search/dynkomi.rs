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
//! - **Linear**: `dynkomi_per_stone` points a handicap stone at the start, falling in a straight
//!   line to none once `dynkomi_fill` of the board's points have been played.
//! - **Adaptive** (`dynkomi_adaptive`, the default): the same fall, but the starting allowance is
//!   not fixed: after each of our moves it grows by `dynkomi_step` points in our favour while
//!   the chosen move's win rate is below `dynkomi_red`, and shrinks by as much while it is above
//!   `dynkomi_green`, so that the win rate stays where the search tells moves apart best. It
//!   never goes below the real komi nor above twice the linear start.
//!
//! Win rates the search reports are at the komi it counted with; score leads are at the real
//! komi (the search adds the extra back).

use super::params::SearchParams;
use crate::game::Game;
use crate::types::Color;

/// The adaptive allowance of each colour's searches (Black first); `None` until that colour's
/// first search of the game has moved it.
#[derive(Clone, Debug, Default)]
pub(super) struct DynamicKomi {
    allowance: [Option<Allowance>; 2],
}

/// Points of komi in White's favour before the fall over the game, and the move number of the
/// position that last moved them: a position searched again (a display, `reg_genmove`, a move
/// asked again after `undo`) moves them once.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Allowance {
    points: f32,
    moved_at: usize,
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
            self.allowance[color.index()].map_or(linear_start(handicap, params), |a| a.points)
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
        let now = game.move_count();
        let slot = &mut self.allowance[color.index()];
        if slot.is_some_and(|a| now <= a.moved_at) {
            return;
        }
        let mut points = slot.map_or(start, |a| a.points);
        if winrate < params.dynkomi_red {
            points += towards_white * params.dynkomi_step;
        } else if winrate > params.dynkomi_green {
            points -= towards_white * params.dynkomi_step;
        }
        *slot = Some(Allowance {
            points: points.clamp(0.0, 2.0 * start),
            moved_at: now,
        });
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

    /// The linear fall alone, whatever the default.
    fn linear() -> SearchParams {
        SearchParams {
            dynkomi_adaptive: false,
            ..SearchParams::default()
        }
    }

    #[test]
    fn linear_extra_falls_from_the_start_to_none() {
        let params = linear();
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
        let start = 3.0 * params.dynkomi_per_stone;
        let step = params.dynkomi_step;
        let mut d = DynamicKomi::default();
        let white = |d: &DynamicKomi| d.allowance[Color::White.index()].map(|a| a.points);
        let g = handicap_game(3, 10);
        let before = d.extra(&g, Color::White, &params);
        // White losing: more komi for White; the same position searched again moves it once.
        d.adapt(&g, Color::White, 0.2, &params);
        d.adapt(&g, Color::White, 0.2, &params);
        assert_eq!(white(&d), Some(start + step));
        assert!(d.extra(&g, Color::White, &params) > before);
        // Up to twice the start, down to the real komi, and left alone in between.
        for moves in 11..40 {
            d.adapt(&handicap_game(3, moves), Color::White, 0.2, &params);
        }
        assert_eq!(white(&d), Some(2.0 * start));
        for moves in 40..80 {
            d.adapt(&handicap_game(3, moves), Color::White, 0.9, &params);
        }
        assert_eq!(white(&d), Some(0.0));
        d.adapt(&handicap_game(3, 80), Color::White, 0.5, &params);
        assert_eq!(white(&d), Some(0.0));
        // Black's allowance is its own and moves the other way: Black losing takes komi away
        // from White.
        d.adapt(&g, Color::Black, 0.2, &params);
        let black = d.allowance[Color::Black.index()].map(|a| a.points);
        assert_eq!(black, Some(start - step));
        d.clear();
        assert_eq!(d.extra(&g, Color::White, &params), before);
    }

    #[test]
    fn linear_fall_ignores_the_win_rate() {
        let params = linear();
        let g = handicap_game(4, 10);
        let mut d = DynamicKomi::default();
        let before = d.extra(&g, Color::White, &params);
        d.adapt(&g, Color::White, 0.05, &params);
        assert_eq!(d.extra(&g, Color::White, &params), before);
    }
}
