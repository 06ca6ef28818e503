//! A game: the board plus its history. Superko, passes, undo, handicap and setup stones, and
//! scoring under the game's [`Rules`].

use crate::board::{Board, IllegalMove};
use crate::rules::{KoRule, Rules};
use crate::score::{self, Score};
use crate::types::{Color, Move, Point};

/// Something that changed the board, in game order.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Handicap stones (Black), placed on an empty board before any move.
    Handicap(Vec<Point>),
    /// A setup stone (SGF `AB`/`AW`), or a point emptied (`AE`, `None`).
    Setup(Point, Option<Color>),
    /// A move, which undo can take back.
    Move(Color, Move),
}

/// Why handicap stones cannot be placed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// Stones or moves are already on the board.
    BoardNotEmpty,
    /// Fewer than two points, a repeated point, or more stones than the board takes.
    BadCount,
}

impl std::fmt::Display for HandicapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            HandicapError::BoardNotEmpty => "board not empty",
            HandicapError::BadCount => "invalid number of handicap stones",
        })
    }
}

impl std::error::Error for HandicapError {}

/// What undo restores.
#[derive(Clone)]
struct Snapshot {
    board: Board,
    to_move: Color,
    passes: usize,
}

/// A game in progress.
#[derive(Clone)]
pub struct Game {
    rules: Rules,
    board: Board,
    to_move: Color,
    /// Consecutive passes at the end of the game so far.
    passes: usize,
    /// Everything that happened, in order.
    actions: Vec<Action>,
    /// The state before each move in `actions` that undo can still take back.
    undo: Vec<Snapshot>,
    /// Every position reached: stone hash and the side to move then (for superko).
    positions: Vec<(u64, Color)>,
    /// Handicap stones placed with [`Game::place_handicap`] (or read from SGF).
    handicap_stones: usize,
}

impl Game {
    /// A new game on an empty `size` x `size` board, Black to move; `None` if the size is not 2..=25.
    pub fn new(size: usize, rules: Rules) -> Option<Game> {
        let board = Board::new(size)?;
        Some(Game {
            rules,
            positions: vec![(board.hash(), Color::Black)],
            board,
            to_move: Color::Black,
            passes: 0,
            actions: Vec::new(),
            undo: Vec::new(),
            handicap_stones: 0,
        })
    }

    /// The current position.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Change the rules (komi, ko rule, ...); the position and history stay.
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// Change komi only.
    pub fn set_komi(&mut self, komi: f64) {
        self.rules.komi = komi;
    }

    /// Whose turn it is: the opponent of whoever moved last (White after handicap).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Set whose turn it is (SGF `PL`).
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
        if let Some(last) = self.positions.last_mut() {
            last.1 = color;
        }
    }

    /// Everything that happened, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The moves played, in order (handicap and setup stones left out).
    pub fn moves(&self) -> impl Iterator<Item = (Color, Move)> + '_ {
        self.actions.iter().filter_map(|a| match a {
            Action::Move(c, m) => Some((*c, *m)),
            _ => None,
        })
    }

    /// Number of moves played (passes included, handicap and setup stones not).
    pub fn move_count(&self) -> usize {
        self.moves().count()
    }

    /// Consecutive passes at the end of the game.
    pub fn passes(&self) -> usize {
        self.passes
    }

    /// Two consecutive passes have ended the game. (Moves are still accepted afterwards:
    /// controllers play on to settle disputes.)
    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// Every position reached so far, with the side to move then, oldest first.
    pub fn positions(&self) -> &[(u64, Color)] {
        &self.positions
    }

    /// Number of handicap stones: those placed as handicap, or else the stones Black played in
    /// a row at the very start before White's first move (GUIs send handicap that way), if two
    /// or more.
    pub fn handicap(&self) -> usize {
        if self.handicap_stones > 0 {
            return self.handicap_stones;
        }
        if self.actions.iter().any(|a| matches!(a, Action::Setup(..))) {
            return 0;
        }
        let leading = self
            .moves()
            .take_while(|&(c, m)| c == Color::Black && m != Move::Pass)
            .count();
        if leading >= 2 {
            leading
        } else {
            0
        }
    }

    /// Would `color` playing `mv` be legal now? Passes always are.
    pub fn is_legal(&self, color: Color, mv: Move) -> bool {
        self.legality(color, mv).is_ok()
    }

    /// Why `color` may not play `mv` now, if it may not ([`Game::is_legal`] says whether).
    pub fn legality(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let Move::Play(p) = mv else { return Ok(()) };
        match self.board.legality(color, p) {
            Ok(()) => {}
            // Multi-stone suicide changes the position, so superko decides about it.
            Err(IllegalMove::Suicide)
                if self.rules.suicide_allowed && self.suicide_kills_more_than_one(color, p) => {}
            // Under superko rules the ko point is decided by the position history.
            Err(IllegalMove::Ko) if self.rules.ko != KoRule::Simple => {}
            Err(e) => return Err(e),
        }
        if self.rules.ko != KoRule::Simple && self.repeats(color, p) {
            return Err(IllegalMove::Superko);
        }
        Ok(())
    }

    fn suicide_kills_more_than_one(&self, color: Color, p: Point) -> bool {
        let own = crate::types::Cell::from(color);
        self.board
            .geometry()
            .neighbors(p.index())
            .iter()
            .any(|&n| self.board.at_index(n) == own)
    }

    /// Would `color` at the empty point `p` recreate a position forbidden by the ko rule?
    fn repeats(&self, color: Color, p: Point) -> bool {
        let mut after = self.board.clone();
        after.play_unchecked(color, p);
        let hash = after.hash();
        let next = color.opponent();
        self.positions
            .iter()
            .any(|&(h, side)| h == hash && (self.rules.ko != KoRule::Situational || side == next))
    }

    /// Play `mv` for `color` (either colour may move: GTP allows two moves in a row). On error
    /// nothing changes.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        self.legality(color, mv)?;
        self.commit(color, mv);
        Ok(())
    }

    /// Play a move from a game record (SGF): as [`Game::play`], except that retaking a ko or
    /// repeating an earlier position is accepted. The record is the authority on what was played,
    /// and games under other rules (Japanese repetition, another superko variant) contain such
    /// moves. A move on an occupied point or a forbidden suicide is still an error.
    pub fn play_recorded(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        match self.legality(color, mv) {
            Ok(()) | Err(IllegalMove::Ko | IllegalMove::Superko) => {}
            Err(e) => return Err(e),
        }
        self.commit(color, mv);
        Ok(())
    }

    /// Play a move already known to be acceptable.
    fn commit(&mut self, color: Color, mv: Move) {
        self.undo.push(Snapshot {
            board: self.board.clone(),
            to_move: self.to_move,
            passes: self.passes,
        });
        match mv {
            Move::Pass => {
                self.board.pass();
                self.passes += 1;
            }
            Move::Play(p) => {
                self.board.play_unchecked(color, p);
                self.passes = 0;
            }
        }
        self.to_move = color.opponent();
        self.positions.push((self.board.hash(), self.to_move));
        self.actions.push(Action::Move(color, mv));
    }

    /// Take back the last move. Returns false (and changes nothing) when there is no move to
    /// take back: handicap and setup stones cannot be undone.
    pub fn undo(&mut self) -> bool {
        if !matches!(self.actions.last(), Some(Action::Move(..))) {
            return false;
        }
        let Some(s) = self.undo.pop() else {
            return false;
        };
        self.board = s.board;
        self.to_move = s.to_move;
        self.passes = s.passes;
        self.actions.pop();
        self.positions.pop();
        true
    }

    /// Place handicap stones for Black on the empty board; White moves next.
    pub fn place_handicap(&mut self, points: &[Point]) -> Result<(), HandicapError> {
        if !self.actions.is_empty()
            || self.board.empty_count() != self.board.geometry().points_count()
        {
            return Err(HandicapError::BoardNotEmpty);
        }
        let mut distinct = points.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        let geo = self.board.geometry();
        if points.len() < 2
            || distinct.len() != points.len()
            || points.len() >= geo.points_count()
            || points.iter().any(|p| !geo.is_on_board(p.index()))
        {
            return Err(HandicapError::BadCount);
        }
        for &p in points {
            self.board.set_cell(p, Some(Color::Black));
        }
        self.handicap_stones = points.len();
        self.to_move = Color::White;
        self.positions = vec![(self.board.hash(), self.to_move)];
        self.actions.push(Action::Handicap(points.to_vec()));
        Ok(())
    }

    /// Put a setup stone on `p` (or empty it): SGF `AB`/`AW`/`AE`. Moves before it can no longer
    /// be undone.
    pub fn setup(&mut self, p: Point, stone: Option<Color>) {
        self.board.set_cell(p, stone);
        self.undo.clear();
        self.passes = 0;
        // Setup stones placed together (no move in between) make one position: the ones in
        // between, and the empty board before a setup, never occurred in the game.
        if !matches!(self.actions.last(), Some(Action::Move(..))) {
            self.positions.pop();
        }
        self.positions.push((self.board.hash(), self.to_move));
        self.actions.push(Action::Setup(p, stone));
    }

    /// Record a handicap count without placing stones (SGF `HA` with the stones given as `AB`).
    pub fn set_handicap_count(&mut self, stones: usize) {
        self.handicap_stones = stones;
    }

    /// All legal moves for `color` under the full rules (superko included), pass last.
    pub fn legal_moves(&self, color: Color) -> Vec<Move> {
        let mut v: Vec<Move> = self
            .board
            .geometry()
            .points()
            .map(Move::Play)
            .filter(|&m| self.is_legal(color, m))
            .collect();
        v.push(Move::Pass);
        v
    }

    /// The score of the current position under the game's rules with `dead` stones removed.
    pub fn score(&self, dead: &[Point]) -> Score {
        score::score(&self.board, &self.rules, self.handicap(), dead)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::parse_move;

    fn mv(g: &Game, s: &str) -> Move {
        parse_move(s, g.board().geometry()).unwrap()
    }

    fn play_all(g: &mut Game, moves: &str) {
        for (i, m) in moves.split_whitespace().enumerate() {
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let m = mv(g, m);
            g.play(color, m)
                .unwrap_or_else(|e| panic!("move {i} {m:?}: {e}"));
        }
    }

    #[test]
    fn undo_restores_captures_and_turn() {
        let mut g = Game::new(5, Rules::chinese()).unwrap();
        play_all(&mut g, "B1 A1 A2");
        assert_eq!(g.board().captures(Color::Black), 1);
        let before = g.board().clone();
        g.play(Color::White, mv(&g, "C3")).unwrap();
        assert!(g.undo());
        assert_eq!(g.board(), &before);
        assert!(g.undo());
        assert_eq!(g.board().captures(Color::Black), 0);
        assert_eq!(g.to_move(), Color::Black);
        assert!(g.undo() && g.undo());
        assert!(!g.undo(), "nothing left to undo");
    }

    #[test]
    fn two_passes_end_the_game() {
        let mut g = Game::new(9, Rules::chinese()).unwrap();
        g.play(Color::Black, Move::Pass).unwrap();
        assert!(!g.is_over());
        g.play(Color::White, Move::Pass).unwrap();
        assert!(g.is_over());
        g.undo();
        assert!(!g.is_over());
    }

    #[test]
    fn handicap_sent_as_plain_moves_is_recognised() {
        let mut g = Game::new(19, Rules::chinese()).unwrap();
        g.play(Color::Black, mv(&g, "D4")).unwrap();
        assert_eq!(g.handicap(), 0);
        g.play(Color::Black, mv(&g, "Q16")).unwrap();
        g.play(Color::Black, mv(&g, "D16")).unwrap();
        assert_eq!(g.handicap(), 3);
        g.play(Color::White, mv(&g, "Q4")).unwrap();
        g.play(Color::Black, mv(&g, "K10")).unwrap();
        assert_eq!(g.handicap(), 3);
    }

    /// Send-two-return-one: White takes one stone, Black takes two back, and White's next
    /// move (a plain stone, no capture) recreates the starting position. Positional superko
    /// forbids it; situational superko allows it (Black, not White, is to move then); simple ko
    /// does not look at history at all.
    #[test]
    fn send_two_return_one_repeats_the_position() {
        let start = "
            . X O . X
            O . X X O
            O X X X O
            O O O X .
            O . O X X";
        for (ko, expect) in [
            (KoRule::Positional, Err(IllegalMove::Superko)),
            (KoRule::Situational, Ok(())),
            (KoRule::Simple, Ok(())),
        ] {
            let mut g = Game::new(
                5,
                Rules {
                    ko,
                    ..Rules::chinese()
                },
            )
            .unwrap();
            let b = Board::from_ascii(start).unwrap();
            for p in b.geometry().points() {
                if let Some(c) = b.at(p).color() {
                    g.setup(p, Some(c));
                }
            }
            g.set_to_move(Color::White);
            g.play(Color::White, mv(&g, "D5")).unwrap();
            assert_eq!(g.board().captures(Color::White), 1);
            g.play(Color::Black, mv(&g, "E5")).unwrap();
            assert_eq!(g.board().captures(Color::Black), 2);
            assert_eq!(g.legality(Color::White, mv(&g, "C5")), expect, "{ko:?}");
        }
    }
}
