//! Perft: the number of legal move sequences of a given length from the empty board, counted by
//! `Game` and by a deliberately simple, slow implementation written here (its own board, flood
//! fill for liberties, the whole history compared position by position), and asserted equal.
//! Passes count as moves; the game goes on after two passes, as `Game` allows.

use tengen_engine::{Color, Game, KoRule, Move, Rules};

/// The simple implementation: a position is a vector of cells, row by row (0 empty, 1 Black,
/// 2 White), with the colour to move.
#[derive(Clone, PartialEq)]
struct Position {
    size: usize,
    cells: Vec<u8>,
    to_move: u8,
}

fn other(color: u8) -> u8 {
    3 - color
}

impl Position {
    fn empty(size: usize) -> Position {
        Position {
            size,
            cells: vec![0; size * size],
            to_move: 1,
        }
    }

    fn neighbors(&self, i: usize) -> Vec<usize> {
        let (n, x, y) = (self.size, i % self.size, i / self.size);
        let mut v = Vec::new();
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < n {
            v.push(i + 1);
        }
        if y > 0 {
            v.push(i - n);
        }
        if y + 1 < n {
            v.push(i + n);
        }
        v
    }

    /// The stones of the group at `i`, and whether it has a liberty.
    fn group(&self, i: usize) -> (Vec<usize>, bool) {
        let color = self.cells[i];
        let mut stones = vec![i];
        let mut free = false;
        let mut k = 0;
        while k < stones.len() {
            for j in self.neighbors(stones[k]) {
                if self.cells[j] == 0 {
                    free = true;
                } else if self.cells[j] == color && !stones.contains(&j) {
                    stones.push(j);
                }
            }
            k += 1;
        }
        (stones, free)
    }

    /// The position after the side to move plays at `i` (captures first, then its own group
    /// dies if it has no liberty and `suicide` allows that); `None` if the point is taken or
    /// the move is a suicide that is not allowed.
    fn play(&self, i: usize, suicide: bool) -> Option<Position> {
        if self.cells[i] != 0 {
            return None;
        }
        let me = self.to_move;
        let mut next = self.clone();
        next.cells[i] = me;
        next.to_move = other(me);
        for j in self.neighbors(i) {
            if next.cells[j] == other(me) {
                let (stones, free) = next.group(j);
                if !free {
                    for s in stones {
                        next.cells[s] = 0;
                    }
                }
            }
        }
        let (own, free) = next.group(i);
        if !free {
            if !suicide {
                return None;
            }
            for s in own {
                next.cells[s] = 0;
            }
        }
        Some(next)
    }

    fn pass(&self) -> Position {
        Position {
            to_move: other(self.to_move),
            ..self.clone()
        }
    }
}

/// Is `next` forbidden by `ko` given the positions so far (`history`, oldest first, the current
/// one last)?
fn repeats(next: &Position, history: &[Position], ko: KoRule) -> bool {
    match ko {
        // Only the immediate recapture: back to the position before the opponent's move.
        KoRule::Simple => history.len() >= 2 && history[history.len() - 2].cells == next.cells,
        KoRule::Positional => history.iter().any(|p| p.cells == next.cells),
        KoRule::Situational => history.iter().any(|p| p == next),
    }
}

fn perft_simple(history: &mut Vec<Position>, depth: usize, rules: &Rules) -> u64 {
    if depth == 0 {
        return 1;
    }
    let here = history.last().expect("a start position").clone();
    let mut count = 0;
    let mut successors = vec![here.pass()];
    for i in 0..here.cells.len() {
        if let Some(next) = here.play(i, rules.suicide_allowed) {
            if !repeats(&next, history, rules.ko) {
                successors.push(next);
            }
        }
    }
    for next in successors {
        history.push(next);
        count += perft_simple(history, depth - 1, rules);
        history.pop();
    }
    count
}

fn perft_game(game: &mut Game, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let color = game.to_move();
    let mut count = 0;
    for m in game.legal_moves(color) {
        game.play(color, m).expect("a listed move is legal");
        count += perft_game(game, depth - 1);
        assert!(game.undo());
    }
    count
}

/// The first position (as a move sequence) where the two implementations disagree on the set
/// of legal moves, for the failure message.
fn first_difference(
    game: &mut Game,
    history: &mut Vec<Position>,
    depth: usize,
    rules: &Rules,
) -> Option<String> {
    if depth == 0 {
        return None;
    }
    let here = history.last().expect("a start position").clone();
    let geo = game.board().geometry();
    let color = game.to_move();
    for m in game.legal_moves(color) {
        let next = match m {
            Move::Pass => here.pass(),
            Move::Play(p) => {
                let (c, r) = geo.col_row(p);
                match here.play(r * here.size + c, rules.suicide_allowed) {
                    Some(next) if !repeats(&next, history, rules.ko) => next,
                    _ => {
                        return Some(format!(
                            "Game allows {m:?} after {:?}",
                            game.moves().collect::<Vec<_>>()
                        ))
                    }
                }
            }
        };
        game.play(color, m).expect("a listed move is legal");
        history.push(next);
        let found = first_difference(game, history, depth - 1, rules);
        history.pop();
        game.undo();
        if found.is_some() {
            return found;
        }
    }
    let simple_count = perft_simple(history, 1, rules);
    let game_count = game.legal_moves(color).len() as u64;
    (simple_count != game_count).then(|| {
        format!(
            "{simple_count} legal moves by the simple count, {game_count} by Game, after {:?}",
            game.moves().collect::<Vec<_>>()
        )
    })
}

fn check(size: usize, rules: Rules, depth: usize) -> u64 {
    let mut game = Game::new(size, rules).unwrap();
    let counted = perft_game(&mut game, depth);
    let simple = perft_simple(&mut vec![Position::empty(size)], depth, &rules);
    if counted != simple {
        let why = first_difference(&mut game, &mut vec![Position::empty(size)], depth, &rules);
        panic!("{size}x{size} depth {depth} {rules:?}: Game {counted}, simple {simple}: {why:?}");
    }
    // The color of the side to move is back where it started.
    assert_eq!(game.to_move(), Color::Black);
    counted
}

/// Rules covering every ko rule: positional superko (Chinese, Tromp-Taylor), situational
/// superko, simple ko (Japanese).
fn every_ko_rule() -> [Rules; 4] {
    [
        Rules::chinese(),
        Rules {
            ko: KoRule::Situational,
            ..Rules::chinese()
        },
        Rules::japanese(),
        Rules::tromp_taylor(),
    ]
}

#[test]
fn perft_2x2_deep_under_every_ko_rule() {
    for rules in every_ko_rule() {
        for depth in 1..=9 {
            check(2, rules, depth);
        }
    }
}

#[test]
fn perft_3x3_under_every_ko_rule() {
    for rules in every_ko_rule() {
        check(3, rules, 5);
    }
}

#[test]
fn perft_deeper_under_positional_superko() {
    for (size, depth) in [(4, 4), (5, 3)] {
        check(size, Rules::chinese(), depth);
    }
}

/// The rule variants really are exercised: at these depths each changes the count.
#[test]
fn perft_counts_differ_where_the_rules_differ() {
    let situational = Rules {
        ko: KoRule::Situational,
        ..Rules::chinese()
    };
    let positional_2x2 = check(2, Rules::chinese(), 9);
    assert_ne!(check(2, situational, 9), positional_2x2);
    assert_ne!(check(2, Rules::japanese(), 9), positional_2x2);
    // Multi-stone suicide first matters at depth 6 on 3x3.
    assert_ne!(
        check(3, Rules::tromp_taylor(), 6),
        check(3, Rules::chinese(), 6)
    );
}
