//! Dame ko: a stone left in atari at the end of the game on the border between two living
//! groups, where taking it would be a ko.
//!
//! ```text
//!  X X O      White's o is in atari, and Black may take it at `*`; but Black's stone there
//!  X o * O    would itself be in atari, and White would take back. When both players pass
//!  X X O      with the ko unresolved, neither has won it: the stone stays on the board, alive,
//!             and `*` is White's as before.
//! ```
//!
//! Random playouts capture such a stone as readily as any stone in atari, so the playouts call
//! it dead. Players count it alive. A stone in atari whose capture is *not* a ko, or whose taker
//! would stand next to dead stones only (a ko inside the taker's own territory, which the taker
//! wins by connecting), stays dead. (The ko rule itself, for play, is in `board.rs` and
//! `game.rs`.)

use super::Chains;
use crate::board::Board;
use crate::tactics::liberties::move_effect;
use crate::types::{Cell, Point};

/// Is chain `x` of `chains` a stone left in a dame ko? One stone with one liberty, where a
/// stone of the other colour would capture it alone and have no liberty but the captured
/// stone's point ([`move_effect`]: so every other neighbour of the liberty is the board's edge
/// or a stone of `x`'s colour with a liberty to spare, and the taker could be taken back), and
/// those stones of `x`'s colour are in chains that `dead` calls alive.
pub fn in_dame_ko(board: &Board, chains: &Chains, x: usize, dead: &[bool]) -> bool {
    let chain = &chains.list[x];
    let ([stone], [liberty]) = (chain.stones.as_slice(), chain.liberties.as_slice()) else {
        return false;
    };
    let taken = move_effect(board, chain.color.opponent(), *liberty);
    if (taken.captured, taken.liberties, taken.chain_stones) != (1, 1, 1) {
        return false;
    }
    let beside: Vec<usize> = board
        .geometry()
        .neighbors(liberty.index())
        .iter()
        .map(|&n| Point::new(n))
        .filter(|&n| n != *stone && board.at(n) != Cell::Border)
        .filter_map(|n| chains.at(n))
        .collect();
    !beside.is_empty() && beside.iter().all(|&y| !dead[y])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 9x9 board split by a black wall on column e and a white one on column f, with rows 6,
    /// 5 and 4 given; and the chain of e5.
    fn border(rows: [&str; 3]) -> (Board, Chains, usize) {
        let wall = ". . . . X O . . .";
        let text = [
            wall, wall, wall, rows[0], rows[1], rows[2], wall, wall, wall,
        ]
        .join("\n");
        let b = Board::from_ascii(&text).unwrap();
        let chains = Chains::new(&b);
        let x = chains.at(b.geometry().point(4, 4)).unwrap();
        (b, chains, x)
    }

    #[test]
    fn a_stone_whose_capture_is_a_ko_on_the_border_is_in_a_dame_ko() {
        // White's e5 is in atari; Black taking it on f5 would stand in atari from f6 f4 g5.
        let wall = ". . . . X O . . .";
        let (b, chains, x) = border([wall, ". . . X O . O . .", wall]);
        let mut dead = vec![false; chains.list.len()];
        dead[x] = true;
        assert!(in_dame_ko(&b, &chains, x, &dead));
        // If the White stones around the liberty are dead, the ko is inside Black's area and
        // Black wins it by connecting: the stone stays dead.
        for &p in &[b.geometry().point(5, 5), b.geometry().point(6, 4)] {
            dead[chains.at(p).unwrap()] = true;
        }
        assert!(!in_dame_ko(&b, &chains, x, &dead));
    }

    #[test]
    fn a_stone_in_atari_that_is_simply_captured_is_no_dame_ko() {
        // Black taking e5 on f5 would have g5 as well: no ko.
        let wall = ". . . . X O . . .";
        let (b, chains, x) = border([wall, ". . . X O . . . .", wall]);
        let dead = vec![false; chains.list.len()];
        assert!(!in_dame_ko(&b, &chains, x, &dead));
    }

    #[test]
    fn a_taker_that_would_capture_more_than_the_stone_is_no_ko() {
        // f5 would also take White's g5, whose only liberty it is: Black's stone there would
        // have two liberties.
        let (b, chains, x) = border([
            ". . . . X O X . .",
            ". . . X O . O X .",
            ". . . . X O X . .",
        ]);
        let dead = vec![false; chains.list.len()];
        assert!(!in_dame_ko(&b, &chains, x, &dead));
    }
}
