//! Opening knowledge: the first move on an empty small board, where it is known, played without
//! a search. On 5x5 the centre is the solved best first move (van der Werf, van den Herik and
//! Uiterwijk 2003: Black wins the whole board); on 7x7 and 9x9 strong players and programs agree
//! on the centre at the usual komi. Larger boards and every later move are left to the search.

use crate::game::Game;
use crate::types::{Color, Move};

/// The book's first move for `color` in `game`: the centre of an empty 5x5, 7x7 or 9x9 board
/// when Black is to play the game's first move (no handicap, no setup stones, nothing played).
pub fn book_move(game: &Game, color: Color) -> Option<Move> {
    let board = game.board();
    let size = board.size();
    if color != Color::Black || !matches!(size, 5 | 7 | 9) || !game.actions().is_empty() {
        return None;
    }
    if board.stone_counts() != [0, 0] {
        return None;
    }
    let mv = Move::Play(board.geometry().point(size / 2, size / 2));
    game.is_legal(color, mv).then_some(mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::Geometry;

    fn centre(size: usize) -> Move {
        Move::Play(Geometry::new(size).unwrap().point(size / 2, size / 2))
    }

    #[test]
    fn black_opens_an_empty_small_board_at_the_centre() {
        for size in [5, 7, 9] {
            let game = Game::new(size, Rules::chinese()).unwrap();
            assert_eq!(
                book_move(&game, Color::Black),
                Some(centre(size)),
                "{size}x{size}"
            );
        }
    }

    #[test]
    fn no_book_move_elsewhere() {
        for size in [3, 13, 19] {
            let game = Game::new(size, Rules::chinese()).unwrap();
            assert_eq!(book_move(&game, Color::Black), None, "{size}x{size}");
        }
        let empty = Game::new(9, Rules::chinese()).unwrap();
        assert_eq!(book_move(&empty, Color::White), None, "White to play first");
        let mut played = empty.clone();
        played.play(Color::Black, Move::Pass).unwrap();
        assert_eq!(book_move(&played, Color::Black), None, "after a pass");
        let mut setup = Game::new(9, Rules::chinese()).unwrap();
        setup.setup(Geometry::new(9).unwrap().point(2, 2), Some(Color::White));
        assert_eq!(book_move(&setup, Color::Black), None, "a setup stone");
        let mut handicap = Game::new(9, Rules::chinese()).unwrap();
        let stones = [
            Geometry::new(9).unwrap().point(2, 2),
            Geometry::new(9).unwrap().point(6, 6),
        ];
        handicap.place_handicap(&stones).unwrap();
        assert_eq!(book_move(&handicap, Color::Black), None, "handicap");
    }
}
