//! Helpers shared by the engine's integration tests: positions from ASCII boards, moves from GTP
//! text, and random games.
#![allow(dead_code)] // each test binary uses its own part of this module

use tengen_engine::coord::parse_move;
use tengen_engine::rng::Rng;
use tengen_engine::{Board, Color, Game, Move, Point, Rules};

/// A game whose position is `ascii` (see [`Board::from_ascii`]), set up as setup stones, with
/// `to_move` to play.
pub fn game_from_ascii(ascii: &str, rules: Rules, to_move: Color) -> Game {
    let board = Board::from_ascii(ascii).expect("a valid test board");
    let mut game = Game::new(board.size(), rules).expect("a valid size");
    for p in board.geometry().points() {
        if let Some(c) = board.at(p).color() {
            game.setup(p, Some(c));
        }
    }
    game.set_to_move(to_move);
    game
}

/// The move a GTP vertex (`D4`, `pass`) names on `game`'s board.
pub fn mv(game: &Game, text: &str) -> Move {
    parse_move(text, game.board().geometry()).expect("a valid test vertex")
}

/// The point a GTP vertex names on `game`'s board.
pub fn pt(game: &Game, text: &str) -> Point {
    mv(game, text).point().expect("a vertex, not a pass")
}

/// Play `moves` (GTP vertices separated by spaces), alternating colours from `first`; panics on
/// an illegal move, naming it.
pub fn play_all(game: &mut Game, first: Color, moves: &str) {
    let mut color = first;
    for text in moves.split_whitespace() {
        let m = mv(game, text);
        game.play(color, m)
            .unwrap_or_else(|e| panic!("{color} {text}: {e}\n{:?}", game.board()));
        color = color.opponent();
    }
}

/// Play one random legal move (a pass with probability `pass_chance`, or when nothing else is
/// legal) for the side to move. Returns the move.
pub fn random_move(game: &mut Game, rng: &mut Rng, pass_chance: f32) -> Move {
    let color = game.to_move();
    let legal = game.legal_moves(color);
    // `legal_moves` puts the pass last.
    let stones = legal.len() - 1;
    let m = if stones == 0 || rng.chance(pass_chance) {
        Move::Pass
    } else {
        legal[rng.below(stones)]
    };
    game.play(color, m).expect("a legal move");
    m
}

/// A random game of at most `moves` moves on a `size` board under `rules`, from `seed`.
pub fn random_game(size: usize, rules: Rules, seed: u64, moves: usize) -> Game {
    let mut game = Game::new(size, rules).expect("a valid size");
    let mut rng = Rng::new(seed);
    for _ in 0..moves {
        random_move(&mut game, &mut rng, 0.05);
    }
    game
}

/// A symmetry of a square board: (column, row, side) to the image's (column, row).
pub type Symmetry = fn(usize, usize, usize) -> (usize, usize);

/// The eight symmetries of a square board.
pub fn symmetries() -> [Symmetry; 8] {
    [
        |c, r, _| (c, r),
        |c, r, n| (n - 1 - c, r),
        |c, r, n| (c, n - 1 - r),
        |c, r, n| (n - 1 - c, n - 1 - r),
        |c, r, _| (r, c),
        |c, r, n| (n - 1 - r, c),
        |c, r, n| (r, n - 1 - c),
        |c, r, n| (n - 1 - r, n - 1 - c),
    ]
}

/// `board`'s stones moved by `sym` (one of [`symmetries`]), rebuilt from scratch.
pub fn transformed(board: &Board, sym: Symmetry) -> Board {
    let n = board.size();
    let geo = board.geometry();
    let mut grid = vec![vec!['.'; n]; n];
    for p in geo.points() {
        let (c, r) = geo.col_row(p);
        let (c2, r2) = sym(c, r, n);
        grid[n - 1 - r2][c2] = match board.at(p).color() {
            Some(Color::Black) => 'X',
            Some(Color::White) => 'O',
            None => '.',
        };
    }
    let text: Vec<String> = grid
        .into_iter()
        .map(|row| row.into_iter().collect())
        .collect();
    Board::from_ascii(&text.join("\n")).expect("a symmetric image of a valid board")
}
