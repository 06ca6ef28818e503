//! Varied openings, so that the games of a match are not copies of each other.
//!
//! Games come in pairs (2k, 2k+1) that share an opening with the colours swapped, so neither
//! engine profits from a lucky opening. An opening is either a line of a file (GTP vertices,
//! alternating colours from the side to move) or a few random moves away from the edge.

use std::fmt;
use tengen_engine::coord::parse_move;
use tengen_engine::handicap::fixed_handicap;
use tengen_engine::rng::Rng;
use tengen_engine::{Game, Move, Rules};

/// Random opening moves keep at least this distance from the edge (2: the third line and
/// inside, as `Geometry::line` counts from 0), on boards large enough to have such points.
const RANDOM_OPENING_MIN_LINE: usize = 2;

/// Where the openings of a match come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Openings {
    /// Every game starts from the empty board (or the handicap stones).
    None,
    /// Pair k plays line k mod the number of lines.
    Lines(Vec<Vec<Move>>),
    /// Pair k plays `moves` random moves drawn from a generator seeded by the match seed and k.
    Random { moves: usize, seed: u64 },
}

/// An opening line that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "opening line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for OpeningError {}

/// The empty game a match starts from: size, rules and handicap.
fn start_position(size: usize, rules: Rules, handicap: usize) -> Option<Game> {
    let mut game = Game::new(size, rules)?;
    if handicap > 0 {
        let points = fixed_handicap(game.board().geometry(), handicap)?;
        game.place_handicap(&points).ok()?;
    }
    Some(game)
}

/// Read an openings file: one opening per line, GTP vertices separated by spaces; blank lines
/// and `#` comments are skipped. Every line is replayed on the match's start position, so an
/// illegal or off-board move is reported before any game starts.
pub fn parse_openings(
    text: &str,
    size: usize,
    rules: Rules,
    handicap: usize,
) -> Result<Vec<Vec<Move>>, OpeningError> {
    let start = start_position(size, rules, handicap).ok_or_else(|| OpeningError {
        line: 0,
        message: format!("no start position for size {size}, handicap {handicap}"),
    })?;
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let err = |message: String| OpeningError {
            line: i + 1,
            message,
        };
        let mut game = start.clone();
        let geo = game.board().geometry();
        let mut moves = Vec::new();
        for word in line.split_whitespace() {
            let mv = parse_move(word, geo).map_err(|e| err(format!("{word}: {e}")))?;
            let color = game.to_move();
            game.play(color, mv)
                .map_err(|e| err(format!("{word}: {e}")))?;
            moves.push(mv);
        }
        lines.push(moves);
    }
    if lines.is_empty() {
        return Err(OpeningError {
            line: 0,
            message: "the file holds no opening".into(),
        });
    }
    Ok(lines)
}

impl Openings {
    /// The opening of game `game` (pairs of games share one).
    pub fn for_game(&self, game: usize, size: usize, rules: Rules, handicap: usize) -> Vec<Move> {
        let pair = game / 2;
        match self {
            Openings::None => Vec::new(),
            Openings::Lines(lines) if lines.is_empty() => Vec::new(),
            Openings::Lines(lines) => lines[pair % lines.len()].clone(),
            Openings::Random { moves, seed } => {
                random_opening(*moves, *seed, pair, size, rules, handicap)
            }
        }
    }
}

/// `count` random legal moves on the third line or inside (anywhere on boards too small for
/// that), drawn from a generator seeded by `seed` and `pair`: the same for both games of a pair
/// and for every run of the match.
pub fn random_opening(
    count: usize,
    seed: u64,
    pair: usize,
    size: usize,
    rules: Rules,
    handicap: usize,
) -> Vec<Move> {
    let Some(mut game) = start_position(size, rules, handicap) else {
        return Vec::new();
    };
    let mut rng = Rng::new(seed ^ (pair as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let geo = game.board().geometry();
    let min_line = if size > 2 * RANDOM_OPENING_MIN_LINE {
        RANDOM_OPENING_MIN_LINE
    } else {
        1
    };
    let mut moves = Vec::new();
    for _ in 0..count {
        let color = game.to_move();
        let candidates: Vec<Move> = geo
            .points()
            .filter(|&p| geo.line(p) >= min_line)
            .map(Move::Play)
            .filter(|&m| game.is_legal(color, m))
            .collect();
        if candidates.is_empty() {
            break;
        }
        let mv = candidates[rng.below(candidates.len())];
        if game.play(color, mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_engine::coord::move_text;

    #[test]
    fn file_lines_are_checked_and_paired() {
        let text = "# two openings\nE5 C3\n\nC7 G3 # with a comment\n";
        let lines = parse_openings(text, 9, Rules::chinese(), 0).unwrap();
        assert_eq!(lines.len(), 2);
        let o = Openings::Lines(lines);
        let geo = tengen_engine::Geometry::new(9).unwrap();
        let show = |m: Vec<Move>| m.iter().map(|&m| move_text(m, geo)).collect::<Vec<_>>();
        assert_eq!(show(o.for_game(0, 9, Rules::chinese(), 0)), ["E5", "C3"]);
        assert_eq!(show(o.for_game(1, 9, Rules::chinese(), 0)), ["E5", "C3"]);
        assert_eq!(show(o.for_game(2, 9, Rules::chinese(), 0)), ["C7", "G3"]);
        assert_eq!(show(o.for_game(4, 9, Rules::chinese(), 0)), ["E5", "C3"]);
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let e = parse_openings("E5\nE5 E5\n", 9, Rules::chinese(), 0).unwrap_err();
        assert_eq!(e.line, 2);
        let e = parse_openings("E5 Z9", 9, Rules::chinese(), 0).unwrap_err();
        assert_eq!(e.line, 1);
        // C3 is a handicap point in a 2-stone game.
        assert!(parse_openings("C3", 9, Rules::chinese(), 2).is_err());
        assert!(parse_openings("# nothing\n", 9, Rules::chinese(), 0).is_err());
    }

    #[test]
    fn random_openings_are_legal_inside_and_repeatable() {
        let a = random_opening(6, 7, 3, 9, Rules::chinese(), 0);
        assert_eq!(a.len(), 6);
        assert_eq!(a, random_opening(6, 7, 3, 9, Rules::chinese(), 0));
        let others: Vec<_> = (0..8)
            .map(|pair| random_opening(6, 7, pair, 9, Rules::chinese(), 0))
            .collect();
        assert!(others.iter().any(|o| *o != a), "pairs differ");
        let geo = tengen_engine::Geometry::new(9).unwrap();
        let mut g = Game::new(9, Rules::chinese()).unwrap();
        for m in a {
            assert!(geo.line(m.point().unwrap()) >= RANDOM_OPENING_MIN_LINE);
            let c = g.to_move();
            g.play(c, m).unwrap();
        }
    }
}
