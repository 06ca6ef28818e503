//! Game records in, positions out: reads `.sgfs` files (one SGF game per line) or `.sgf` files,
//! keeps the even 19x19 games without setup stones, and replays them move by move.

use std::fmt;
use std::path::{Path, PathBuf};
use tengen_engine::sgf::GameRecord;
use tengen_engine::{Board, Color, Move};

/// Board size the model is trained for.
pub const SIZE: usize = 19;

/// One game's moves, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct GameMoves {
    pub moves: Vec<(Color, Move)>,
}

/// Why a data file could not be read.
#[derive(Debug)]
pub struct DataError(pub String);

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DataError {}

/// How many records a file held and how many were kept.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadCounts {
    pub records: usize,
    /// Not 19x19, handicap or setup stones, or unparsable.
    pub skipped: usize,
}

/// The game files under `dir` whose names pass `keep`, sorted by name (a fixed order makes
/// training deterministic).
pub fn game_files(dir: &Path, keep: impl Fn(&str) -> bool) -> Result<Vec<PathBuf>, DataError> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| DataError(format!("cannot read {}: {e}", dir.display())))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            (name.ends_with(".sgfs") || name.ends_with(".sgf")) && keep(name)
        })
        .collect();
    files.sort();
    Ok(files)
}

/// The games of one file: an `.sgfs` file holds one game per line, an `.sgf` file one game.
pub fn load_file(path: &Path) -> Result<(Vec<GameMoves>, LoadCounts), DataError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| DataError(format!("cannot read {}: {e}", path.display())))?;
    let records: Vec<&str> = if path.extension().is_some_and(|e| e == "sgfs") {
        text.lines().filter(|l| !l.trim().is_empty()).collect()
    } else {
        vec![text.as_str()]
    };
    let mut counts = LoadCounts::default();
    let mut games = Vec::new();
    for record in records {
        counts.records += 1;
        match even_game(record) {
            Some(g) => games.push(g),
            None => counts.skipped += 1,
        }
    }
    Ok((games, counts))
}

/// The moves of an even 19x19 game without setup, up to its first illegal move (if any).
pub fn even_game(sgf: &str) -> Option<GameMoves> {
    let record = GameRecord::parse(sgf).ok()?;
    if record.size != SIZE
        || record.handicap > 0
        || record.nodes.iter().any(|n| !n.setup.is_empty())
    {
        return None;
    }
    let mut board = Board::new(SIZE)?;
    let mut moves = Vec::new();
    for (color, mv) in record.nodes.iter().filter_map(|n| n.mv) {
        if board.play(color, mv).is_err() {
            break;
        }
        moves.push((color, mv));
    }
    Some(GameMoves { moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_games_are_kept_and_others_skipped() {
        let g = even_game("(;GM[1]SZ[19]KM[6.5];B[pd];W[dp];B[];W[dd])").unwrap();
        assert_eq!(g.moves.len(), 4);
        assert_eq!(g.moves[2], (Color::Black, Move::Pass));
        assert!(even_game("(;GM[1]SZ[9];B[ee])").is_none(), "9x9");
        assert!(
            even_game("(;GM[1]SZ[19]HA[2]AB[pd][dp];W[dd])").is_none(),
            "handicap"
        );
        assert!(even_game("(;GM[1]SZ[19]AW[pd];B[dd])").is_none(), "setup");
        assert!(
            even_game("(;GM[1]SZ[19];B[pd];W[pd];B[dd])").is_some_and(|g| g.moves.len() == 1),
            "stops at the illegal move"
        );
        assert!(even_game("not sgf").is_none());
    }
}
