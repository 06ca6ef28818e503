//! Properties of the rules core checked over random games on every kind of rules: the
//! incremental state equals a recomputed one, the legal-move list agrees with `is_legal`, play
//! then undo restores everything, an illegal move changes nothing, and the count does not depend
//! on how the board is turned.

mod common;

use common::{symmetries, transformed};
use proptest::prelude::*;
use tengen_engine::rng::Rng;
use tengen_engine::score::score;
use tengen_engine::{Action, Board, Color, Game, KoRule, Move, Point, Rules, Score};

fn rules_strategy() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::chinese()),
        Just(Rules {
            ko: KoRule::Situational,
            ..Rules::chinese()
        }),
        Just(Rules::japanese()),
        Just(Rules::tromp_taylor()),
    ]
}

/// Everything a move may change, and undo must restore.
#[derive(Debug, PartialEq)]
struct State {
    board: Board,
    ascii: String,
    hash: u64,
    last_moves: (Move, Move),
    to_move: Color,
    passes: usize,
    positions: Vec<(u64, Color)>,
    actions: Vec<Action>,
    handicap: usize,
}

fn state(g: &Game) -> State {
    let b = g.board();
    State {
        board: b.clone(),
        ascii: b.to_ascii(),
        hash: b.hash(),
        last_moves: (b.last_move(), b.last_move2()),
        to_move: g.to_move(),
        passes: g.passes(),
        positions: g.positions().to_vec(),
        actions: g.actions().to_vec(),
        handicap: g.handicap(),
    }
}

/// The board is sound, and equal to the same stones rebuilt from scratch (hash included).
fn check_board(g: &Game) -> Result<(), TestCaseError> {
    let b = g.board();
    b.check_invariants().map_err(TestCaseError::fail)?;
    let rebuilt = Board::from_ascii(&b.to_ascii()).map_err(TestCaseError::fail)?;
    prop_assert_eq!(rebuilt.hash(), b.hash(), "incremental hash != recomputed");
    prop_assert_eq!(g.positions().last().map(|p| p.0), Some(b.hash()));
    let empty = b.geometry().points().filter(|&p| b.at(p).color().is_none());
    prop_assert_eq!(empty.count(), b.empty_count());
    Ok(())
}

/// `legal_moves` holds exactly the moves `is_legal` accepts, once each, pass included.
fn check_legal_moves(g: &Game, color: Color) -> Result<Vec<Move>, TestCaseError> {
    let legal = g.legal_moves(color);
    prop_assert_eq!(legal.last(), Some(&Move::Pass));
    let geo = g.board().geometry();
    let mut listed = 0;
    for p in geo.points() {
        let m = Move::Play(p);
        let n = legal.iter().filter(|&&x| x == m).count();
        prop_assert!(n <= 1, "{:?} listed twice", m);
        prop_assert_eq!(n == 1, g.is_legal(color, m), "{:?} for {}", m, color);
        listed += n;
    }
    prop_assert_eq!(listed + 1, legal.len());
    Ok(legal)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_keep_every_invariant(
        size in prop_oneof![2usize..=5, Just(7), Just(9)],
        rules in rules_strategy(),
        seed in any::<u64>(),
        pass_chance in prop_oneof![Just(0.02f32), Just(0.2)],
    ) {
        let mut g = Game::new(size, rules).unwrap();
        let mut rng = Rng::new(seed);
        let max_moves = 2 * size * size + 10;
        for _ in 0..max_moves {
            let color = g.to_move();
            let legal = check_legal_moves(&g, color)?;
            check_legal_moves(&g, color.opponent())?;

            // An illegal move changes nothing.
            let before = state(&g);
            let illegal: Vec<Point> = g
                .board()
                .geometry()
                .points()
                .filter(|&p| !legal.contains(&Move::Play(p)))
                .collect();
            if !illegal.is_empty() {
                let p = illegal[rng.below(illegal.len())];
                prop_assert!(g.play(color, Move::Play(p)).is_err());
                prop_assert_eq!(&state(&g), &before);
            }

            let m = if legal.len() == 1 || rng.chance(pass_chance) {
                Move::Pass
            } else {
                legal[rng.below(legal.len() - 1)]
            };
            // Play then undo restores everything; then play for real.
            g.play(color, m).unwrap();
            check_board(&g)?;
            let after = state(&g);
            prop_assert!(g.undo());
            prop_assert_eq!(&state(&g), &before);
            g.board().check_invariants().map_err(TestCaseError::fail)?;
            g.play(color, m).unwrap();
            prop_assert_eq!(&state(&g), &after);
            if g.is_over() {
                break;
            }
        }
    }

    #[test]
    fn area_count_is_the_same_under_all_eight_symmetries(
        size in prop_oneof![2usize..=9, Just(13), Just(19)],
        rules in prop_oneof![Just(Rules::chinese()), Just(Rules::tromp_taylor())],
        seed in any::<u64>(),
        moves in 0usize..400,
        dead_share in 0.0f32..0.3,
    ) {
        let g = common::random_game(size, rules, seed, moves.min(2 * size * size));
        let board = g.board();
        let geo = board.geometry();
        let mut rng = Rng::new(seed ^ 0x5eed);
        let dead: Vec<Point> = geo
            .points()
            .filter(|&p| board.at(p).color().is_some() && rng.chance(dead_share))
            .collect();
        let expected = score(board, &rules, 0, &dead);
        for sym in symmetries() {
            let image = transformed(board, sym);
            let image_dead: Vec<Point> = dead
                .iter()
                .map(|&p| {
                    let (c, r) = geo.col_row(p);
                    let (c2, r2) = sym(c, r, size);
                    image.geometry().point(c2, r2)
                })
                .collect();
            let s: Score = score(&image, &rules, 0, &image_dead);
            prop_assert_eq!(s, expected);
        }
    }
}
