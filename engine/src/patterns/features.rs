//! The features of a candidate move, shared by the training tool and the engine: tactical groups
//! (capture, escape from atari, self-atari, atari), distances to the last two moves and to the
//! edge, the 3x3 pattern and the large-pattern hashes. Each group gives a move at most one feature;
//! the model multiplies the strengths (gammas) of the features a move has.

use super::large::{large_hashes, NUM_SIZES};
use crate::board::Board;
use crate::tactics::{move_effect, pattern3x3, LadderReader, MoveEffect};
use crate::types::{Cell, Color, Move, Point};

/// The tactical and distance feature groups, in the order of [`MoveFeatures::groups`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Group {
    /// The move captures: see [`capture`].
    Capture,
    /// The move extends an own chain in atari: see [`escape`].
    Escape,
    /// The move leaves its own chain with one liberty and captures nothing: see [`self_atari`].
    SelfAtari,
    /// The move puts an opponent chain in atari: see [`atari`].
    Atari,
    /// Gridcular distance to the last move: value `min(d, 17) - 2`.
    LastMove,
    /// Gridcular distance to the move before the last one, likewise.
    LastMove2,
    /// Distance to the edge, 0 on the first line; moves from the fifth line on have no feature.
    Line,
}

/// Number of groups.
pub const NUM_GROUPS: usize = 7;
/// The groups in index order.
pub const GROUPS: [Group; NUM_GROUPS] = [
    Group::Capture,
    Group::Escape,
    Group::SelfAtari,
    Group::Atari,
    Group::LastMove,
    Group::LastMove2,
    Group::Line,
];
/// Number of features in each group.
pub const GROUP_SIZES: [usize; NUM_GROUPS] = [5, 3, 2, 3, 16, 16, 4];
/// Short names for reports.
pub const GROUP_NAMES: [&str; NUM_GROUPS] = [
    "capture",
    "escape",
    "self-atari",
    "atari",
    "last-move",
    "last-move-2",
    "line",
];
/// "No feature of this group".
pub const NONE: u8 = u8::MAX;

/// Values of [`Group::Capture`], in priority order when a move captures several chains.
pub mod capture {
    /// Captures a chain next to an own chain in atari.
    pub const SAVES: u8 = 0;
    /// Captures the stone just played (or its chain).
    pub const LAST_MOVE: u8 = 1;
    /// Captures two or more stones.
    pub const MANY: u8 = 2;
    /// Takes a ko.
    pub const KO: u8 = 3;
    /// Captures one stone, none of the above.
    pub const ONE: u8 = 4;
}

/// Values of [`Group::Escape`].
pub mod escape {
    /// The chain gets three or more liberties.
    pub const OUT: u8 = 0;
    /// Two liberties, and no ladder catches it.
    pub const TWO_LIBERTIES: u8 = 1;
    /// Two liberties, but a ladder catches it.
    pub const LADDER: u8 = 2;
}

/// Values of [`Group::SelfAtari`].
pub mod self_atari {
    /// A single stone (throw-ins, nakade).
    pub const ONE_STONE: u8 = 0;
    /// Two or more stones.
    pub const MANY: u8 = 1;
}

/// Values of [`Group::Atari`], in priority order.
pub mod atari {
    /// The chain put in atari is caught in a ladder.
    pub const LADDER: u8 = 0;
    /// An atari while a ko is on the board (a ko threat, or a way to fight it).
    pub const KO: u8 = 1;
    /// Any other atari.
    pub const OTHER: u8 = 2;
}

/// Largest gridcular distance with its own feature; farther moves share one.
pub const MAX_DISTANCE: u32 = 17;
/// Lines with their own feature (0 to 3).
pub const LINES: usize = 4;

/// Everything the model knows about one candidate move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveFeatures {
    /// The value of each group ([`GROUPS`] order), or [`NONE`].
    pub groups: [u8; NUM_GROUPS],
    /// The raw 3x3 code ([`pattern3x3`]).
    pub pattern3: u32,
    /// Canonical hashes of the large patterns, smallest size first.
    pub large: [u64; NUM_SIZES],
}

/// All features of `to_move` playing on the empty point `p` (legality is the caller's business).
pub fn move_features(
    board: &Board,
    p: Point,
    to_move: Color,
    ladders: &mut LadderReader,
) -> MoveFeatures {
    MoveFeatures {
        groups: group_features(board, p, to_move, ladders),
        pattern3: pattern3x3(board, p, to_move),
        large: large_hashes(board, p, to_move),
    }
}

/// The group features of `to_move` playing on the empty point `p`.
pub fn group_features(
    board: &Board,
    p: Point,
    to_move: Color,
    ladders: &mut LadderReader,
) -> [u8; NUM_GROUPS] {
    let geo = board.geometry();
    let mut groups = [NONE; NUM_GROUPS];
    let effect = move_effect(board, to_move, p);
    let own = Cell::from(to_move);
    let opp = Cell::from(to_move.opponent());

    if effect.captured > 0 {
        groups[Group::Capture as usize] = capture_kind(board, p, to_move, effect);
    } else if effect.is_self_atari() {
        groups[Group::SelfAtari as usize] = if effect.chain_stones == 1 {
            self_atari::ONE_STONE
        } else {
            self_atari::MANY
        };
    }

    for n in geo.neighbors(p.index()) {
        let q = Point::new(n);
        let cell = board.at_index(n);
        if cell == own && board.in_atari(q) && effect.captured == 0 {
            let kind = match effect.liberties {
                0 | 1 => NONE,
                2 if ladders.extension(board, to_move, p, q).captured() => escape::LADDER,
                2 => escape::TWO_LIBERTIES,
                _ => escape::OUT,
            };
            groups[Group::Escape as usize] = groups[Group::Escape as usize].min(kind);
        } else if cell == opp && !board.in_atari(q) && board.liberties::<3>(q).1 == 2 {
            let safe = effect.liberties >= 2 || effect.captured > 0;
            let kind = if safe && ladders.atari(board, to_move, p, q).captured() {
                atari::LADDER
            } else if board.ko_point().is_some() {
                atari::KO
            } else {
                atari::OTHER
            };
            groups[Group::Atari as usize] = groups[Group::Atari as usize].min(kind);
        }
    }

    for (group, mv) in [
        (Group::LastMove, board.last_move()),
        (Group::LastMove2, board.last_move2()),
    ] {
        if let Move::Play(q) = mv {
            groups[group as usize] = distance_feature(board, p, q);
        }
    }
    let line = geo.line(p);
    if line < LINES {
        groups[Group::Line as usize] = line as u8;
    }
    groups
}

/// The [`Group::LastMove`] value of `p` against an earlier move at `q`.
pub fn distance_feature(board: &Board, p: Point, q: Point) -> u8 {
    let geo = board.geometry();
    let (pc, pr) = geo.col_row(p);
    let (qc, qr) = geo.col_row(q);
    let d = super::large::gridcular(pc as i32 - qc as i32, pr as i32 - qr as i32);
    (d.clamp(2, MAX_DISTANCE) - 2) as u8
}

fn capture_kind(board: &Board, p: Point, to_move: Color, effect: MoveEffect) -> u8 {
    let geo = board.geometry();
    let opp = Cell::from(to_move.opponent());
    let own = Cell::from(to_move);
    let last_chain = board
        .last_move()
        .point()
        .filter(|&l| board.at(l) == opp)
        .map(|l| board.chain_id(l));
    let mut best = if effect.captured >= 2 {
        capture::MANY
    } else if effect.liberties == 1 && effect.chain_stones == 1 {
        capture::KO
    } else {
        capture::ONE
    };
    for n in geo.neighbors(p.index()) {
        let q = Point::new(n);
        if board.at_index(n) != opp || !board.in_atari(q) {
            continue;
        }
        if last_chain == Some(board.chain_id(q)) {
            best = best.min(capture::LAST_MOVE);
        }
        let saves = board.chain_stones(q).any(|s| {
            geo.neighbors(s.index())
                .iter()
                .any(|&m| board.at_index(m) == own && board.in_atari(Point::new(m)))
        });
        if saves {
            best = capture::SAVES;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::Budget;
    use crate::test_boards::at;
    use crate::Board;

    fn group(b: &Board, p: Point, c: Color, g: Group) -> u8 {
        group_features(b, p, c, &mut LadderReader::new(Budget::THOROUGH))[g as usize]
    }

    #[test]
    fn captures_are_classified() {
        // White b3 is in atari (liberty c3) next to Black's b2, which is in atari too (b1).
        let b = Board::from_ascii(
            ". . . . .
             . X . . .
             X O . . .
             O X O . .
             . . . . .",
        )
        .unwrap();
        assert!(b.in_atari(at(&b, 1, 1)), "black b2 is in atari");
        assert_eq!(
            group(&b, at(&b, 2, 2), Color::Black, Group::Capture),
            capture::SAVES
        );
        assert_eq!(
            group(&b, at(&b, 2, 2), Color::Black, Group::SelfAtari),
            NONE
        );
        // A point far from the fight captures nothing.
        assert_eq!(group(&b, at(&b, 4, 4), Color::Black, Group::Capture), NONE);
    }

    #[test]
    fn escape_and_capture_of_a_chain_in_atari() {
        // White c3 is in atari: its last liberty is d3.
        let b = Board::from_ascii(
            ". . . . . .
             . . . . . .
             . . X O . .
             . X O . X .
             . . X . . .
             . . . . . .",
        )
        .unwrap();
        let (c3, d3) = (at(&b, 2, 2), at(&b, 3, 2));
        assert!(b.in_atari(c3));
        // White d3 joins d4: liberties d2, d5 and e4.
        assert_eq!(group(&b, d3, Color::White, Group::Escape), escape::OUT);
        // Black d3 takes one stone and keeps two liberties: no ko.
        assert_eq!(group(&b, d3, Color::Black, Group::Capture), capture::ONE);
        // Black e4 leaves d4 three liberties: no atari.
        assert_eq!(group(&b, at(&b, 4, 3), Color::Black, Group::Atari), NONE);
        // White b2 has two liberties.
        assert_eq!(
            group(&b, at(&b, 1, 1), Color::White, Group::SelfAtari),
            NONE
        );
    }

    #[test]
    fn self_atari_and_atari_in_the_corner() {
        let b = Board::from_ascii(
            ". . . .
             X . . .
             . X . .
             O . X .",
        )
        .unwrap();
        let (a2, b1) = (at(&b, 0, 1), at(&b, 1, 0));
        // White b1 joins a1 with a2 as the only liberty left.
        assert_eq!(
            group(&b, b1, Color::White, Group::SelfAtari),
            self_atari::MANY
        );
        // Black a2 ataris a1, which cannot get out.
        assert_eq!(group(&b, a2, Color::Black, Group::Atari), atari::LADDER);
        assert_eq!(group(&b, a2, Color::Black, Group::SelfAtari), NONE);
        // A lone white stone on a2, between a3 and b2, keeps only a1.
        let lone = Board::from_ascii(
            ". . . .
             X . . .
             . X . .
             . . X .",
        )
        .unwrap();
        assert_eq!(
            group(&lone, a2, Color::White, Group::SelfAtari),
            self_atari::ONE_STONE
        );
    }

    #[test]
    fn distances_and_lines() {
        let mut b = Board::new(9).unwrap();
        let e5 = at(&b, 4, 4);
        b.play(Color::Black, Move::Play(e5)).unwrap();
        let f6 = at(&b, 5, 5);
        b.play(Color::White, Move::Play(f6)).unwrap();
        // Black to move: last move f6, the one before e5.
        let g6 = at(&b, 6, 5);
        let f = group_features(
            &b,
            g6,
            Color::Black,
            &mut LadderReader::new(Budget::THOROUGH),
        );
        assert_eq!(
            f[Group::LastMove as usize],
            0,
            "next to the last move: d = 2"
        );
        assert_eq!(
            f[Group::LastMove2 as usize],
            5 - 2,
            "e5 to g6: dx 2, dy 1, d = 5"
        );
        assert_eq!(
            f[Group::Line as usize],
            2,
            "g6 is on the third line of a 9x9 board"
        );
        let a1 = at(&b, 0, 0);
        let f = group_features(
            &b,
            a1,
            Color::Black,
            &mut LadderReader::new(Budget::THOROUGH),
        );
        assert_eq!(f[Group::Line as usize], 0);
        assert_eq!(f[Group::LastMove as usize], 15 - 2, "a1 to f6: d = 15");
        let big = Board::new(19).unwrap();
        let far = distance_feature(&big, big.geometry().point(0, 0), big.geometry().point(9, 9));
        assert_eq!(
            far,
            (MAX_DISTANCE - 2) as u8,
            "all far moves share one feature"
        );
        assert_eq!(
            group_features(
                &Board::new(9).unwrap(),
                e5,
                Color::Black,
                &mut LadderReader::new(Budget::THOROUGH)
            )[Group::LastMove as usize],
            NONE
        );
    }
}
