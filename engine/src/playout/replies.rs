//! Last good replies with forgetting (LGRF-2; Baier and Drake, "The power of forgetting:
//! improving the last-good-reply policy in Monte Carlo Go", 2010): each worker thread remembers,
//! for each colour, the reply that won the last playout in which it answered a move (or a pair
//! of moves), and forgets it when a playout that played it is lost. The playout policy tries the
//! remembered reply to the last two moves, then to the last move, before its Go-knowledge
//! heuristics run out.
//!
//! Moves are point indices as the simulation records them (0 is a pass). The tables are
//! allocated once per worker; nothing here allocates afterwards.

use crate::geometry::MAX_POINTS;
use crate::types::Color;

/// "No reply remembered" (a pass is never remembered as a reply).
const NONE: u16 = 0;

/// The replies one worker has learned.
pub struct Replies {
    /// Per colour, the reply to the opponent's last move.
    one: Box<[[u16; MAX_POINTS]; 2]>,
    /// Per colour, the reply to (own previous move, opponent's last move), row-major.
    two: Vec<u16>,
}

impl Default for Replies {
    fn default() -> Replies {
        Replies::new()
    }
}

impl Replies {
    pub fn new() -> Replies {
        Replies {
            one: Box::new([[NONE; MAX_POINTS]; 2]),
            two: vec![NONE; 2 * MAX_POINTS * MAX_POINTS],
        }
    }

    #[inline]
    fn two_index(color: Color, before: u16, last: u16) -> usize {
        (color.index() * MAX_POINTS + before as usize) * MAX_POINTS + last as usize
    }

    /// The remembered replies of `color` after `before` then `last` (the opponent's last move),
    /// to the pair first, then to the last move alone; [`NONE`] where there is none.
    #[inline]
    pub fn lookup(&self, color: Color, before: u16, last: u16) -> [u16; 2] {
        [
            self.two[Self::two_index(color, before, last)],
            self.one[color.index()][last as usize],
        ]
    }

    /// Learn from one finished simulation: `moves` in order, the first played by `first`, after
    /// the moves `history` (the two before the first, older first); `winner` won it. The
    /// winner's replies are remembered, the loser's forgotten where they are the ones remembered.
    pub fn learn(&mut self, history: [u16; 2], moves: &[u16], first: Color, winner: Option<Color>) {
        let mut before = history[0];
        let mut last = history[1];
        let mut color = first;
        for &mv in moves {
            if mv != NONE {
                let i2 = Self::two_index(color, before, last);
                let i1 = last as usize;
                if Some(color) == winner {
                    self.two[i2] = mv;
                    self.one[color.index()][i1] = mv;
                } else {
                    if self.two[i2] == mv {
                        self.two[i2] = NONE;
                    }
                    if self.one[color.index()][i1] == mv {
                        self.one[color.index()][i1] = NONE;
                    }
                }
            }
            before = last;
            last = mv;
            color = color.opponent();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winners_replies_are_remembered_and_losers_forgotten() {
        let mut r = Replies::new();
        // Black 10, White 20, Black 30, White 40; Black wins.
        r.learn([0, 0], &[10, 20, 30, 40], Color::Black, Some(Color::Black));
        assert_eq!(
            r.lookup(Color::Black, 10, 20),
            [30, 30],
            "Black's reply to 20"
        );
        assert_eq!(
            r.lookup(Color::White, 20, 30),
            [NONE, NONE],
            "White lost: nothing"
        );
        // White wins a playout with the same replies: White's are remembered, Black's 30 after
        // (10, 20) forgotten.
        r.learn([0, 0], &[10, 20, 30, 40], Color::Black, Some(Color::White));
        assert_eq!(r.lookup(Color::White, 20, 30), [40, 40]);
        assert_eq!(r.lookup(Color::Black, 10, 20), [NONE, NONE]);
        // A loser's different move forgets nothing.
        r.learn([0, 0], &[10, 20, 50], Color::Black, Some(Color::Black));
        r.learn([0, 0], &[10, 20, 60], Color::Black, Some(Color::White));
        assert_eq!(r.lookup(Color::Black, 10, 20), [50, 50]);
        // The pair table tells the move before apart, the single table does not.
        r.learn([0, 0], &[11, 20, 70], Color::Black, Some(Color::Black));
        assert_eq!(r.lookup(Color::Black, 11, 20), [70, 70]);
        assert_eq!(r.lookup(Color::Black, 10, 20), [50, 70]);
        // A draw teaches nothing and forgets everything that was played.
        r.learn([0, 0], &[11, 20, 70], Color::Black, None);
        assert_eq!(r.lookup(Color::Black, 11, 20), [NONE, NONE]);
    }

    #[test]
    fn the_moves_before_the_simulation_count_as_history() {
        let mut r = Replies::new();
        r.learn([5, 6], &[7], Color::Black, Some(Color::Black));
        assert_eq!(r.lookup(Color::Black, 5, 6), [7, 7]);
    }
}
