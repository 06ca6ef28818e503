//! The text of `showboard`: the board with coordinates on all four sides, the last move in
//! parentheses, star points as `+`, then prisoners, komi, handicap and the side to move.

use tengen_engine::board::Diagram;
use tengen_engine::handicap::{fixed_handicap, max_fixed_handicap};
use tengen_engine::{Color, Game, Move};

/// The board of `game` as rows of text, top row first.
pub fn showboard(game: &Game) -> String {
    let board = game.board();
    let geo = board.geometry();
    let n = geo.size();
    let stars = fixed_handicap(geo, max_fixed_handicap(n)).unwrap_or_default();
    let mut diagram = Diagram::new(board).empty_points(stars, '+');
    if let Some(last) = board.last_move().point() {
        diagram = diagram.last_move(last);
    }
    // Each letter stands over its column's points.
    let letters = format!("{}\n", diagram.letters());
    let mut out = letters.clone();
    for (text, row) in diagram.rows(true).into_iter().zip((0..n).rev()) {
        out.push_str(&format!("{text}{}{}\n", diagram.row_end(row), row + 1));
    }
    out.push_str(&letters);
    let last_text = match board.last_move() {
        Move::Play(_) if game.move_count() > 0 => {
            tengen_engine::coord::move_text(board.last_move(), geo)
        }
        _ if game.passes() > 0 => "pass".to_string(),
        _ => "none".to_string(),
    };
    out.push_str(&format!(
        "captured by Black (X): {}, by White (O): {}\n",
        board.captures(Color::Black),
        board.captures(Color::White)
    ));
    out.push_str(&format!(
        "komi {}, handicap {}, move {}, last move {last_text}, {} to move",
        game.rules().komi,
        game.handicap(),
        game.move_count(),
        match game.to_move() {
            Color::Black => "Black",
            Color::White => "White",
        }
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_engine::coord::parse_move;
    use tengen_engine::Rules;

    #[test]
    fn shows_stones_last_move_and_state() {
        let mut game = Game::new(5, Rules::chinese()).unwrap();
        let geo = game.board().geometry();
        game.play(Color::Black, parse_move("C3", geo).unwrap())
            .unwrap();
        game.play(Color::White, parse_move("E5", geo).unwrap())
            .unwrap();
        let text = showboard(&game);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "   A B C D E");
        assert_eq!(lines[1], " 5 . . . .(O)5");
        assert_eq!(lines[3], " 3 . . X . . 3");
        assert_eq!(lines[6], "   A B C D E");
        // Each letter over its column: C over the stone at C3.
        assert_eq!(lines[0].find('C'), lines[3].find('X'));
        assert!(lines[8].contains("last move E5, Black to move"), "{text}");
        assert!(lines.iter().all(|l| !l.trim().is_empty()));
    }

    #[test]
    fn star_points_on_19x19() {
        let game = Game::new(19, Rules::chinese()).unwrap();
        let text = showboard(&game);
        let row4 = text.lines().nth(16).unwrap();
        assert_eq!(row4, " 4 . . . + . . . . . + . . . . . + . . . 4");
    }
}
