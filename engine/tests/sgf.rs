//! SGF over random games and random text: whatever a game holds survives writing and reading,
//! and no input, however malformed, makes the reader, the replay or the writer panic.

mod common;

use proptest::prelude::*;
use tengen_engine::handicap::fixed_handicap;
use tengen_engine::rng::Rng;
use tengen_engine::sgf::GameRecord;
use tengen_engine::{Color, Game, Rules};

/// A random game: maybe fixed handicap, random moves with passes and captures, maybe a setup
/// stone in the middle (SGF `AB`/`AW`/`AE` in a node of its own).
fn random_game(size: usize, seed: u64, moves: usize, handicap: usize, komi: f64) -> Game {
    let rules = Rules {
        komi,
        ..Rules::chinese()
    };
    let mut g = Game::new(size, rules).unwrap();
    if let Some(points) = fixed_handicap(g.board().geometry(), handicap) {
        g.place_handicap(&points).unwrap();
    }
    let mut rng = Rng::new(seed);
    for i in 0..moves {
        if i == moves / 2 && g.board().empty_count() > 0 && rng.chance(0.5) {
            let b = g.board();
            let p = b.empty_point(rng.below(b.empty_count()));
            let color = if rng.chance(0.5) {
                Color::Black
            } else {
                Color::White
            };
            // A setup stone must not leave a chain without liberties (SGF allows it, but the
            // round trip compares boards, and such a board is not a position of Go).
            let mut trial = g.clone();
            trial.setup(p, Some(color));
            if trial.board().check_invariants().is_ok() {
                g = trial;
            }
        }
        common::random_move(&mut g, &mut rng, 0.1);
    }
    g
}

/// Parsing, replaying (to the end and to some move) and writing must not panic, and whatever
/// parses writes back to text that parses to the same record.
fn survives(text: &str) -> Result<(), TestCaseError> {
    let Ok(record) = GameRecord::parse(text) else {
        return Ok(());
    };
    for before in [None, Some(0), Some(1), Some(3), Some(usize::MAX)] {
        let _ = record.replay(Rules::chinese(), before);
    }
    let again = record.to_sgf();
    let back = GameRecord::parse(&again).map_err(|e| TestCaseError::fail(format!("{e}")))?;
    prop_assert_eq!(back, record, "{}", again);
    Ok(())
}

fn sgf_alphabet_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            8 => prop::sample::select(vec![
                "(", ")", ";", "[", "]", "\\", ":", "B", "W", "AB", "AW", "AE", "SZ", "KM", "HA",
                "PL", "RE", "C", "aa", "ss", "tt", "zz", "9", "19", "-1", "0.5", " ", "\n", "GM",
                "1", "2",
            ])
            .prop_map(str::to_string),
            1 => any::<char>().prop_map(|c| c.to_string()),
        ],
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_games_round_trip_through_sgf(
        size in prop_oneof![2usize..=9, Just(13), Just(19), Just(25)],
        seed in any::<u64>(),
        moves in 0usize..120,
        handicap in prop_oneof![Just(0usize), 2usize..=9],
        komi in prop_oneof![Just(7.5f64), Just(0.0), Just(-3.5), Just(6.5), Just(0.5)],
    ) {
        let g = random_game(size, seed, moves, handicap, komi);
        let text = GameRecord::from_game(&g).to_sgf();
        let record = GameRecord::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        let back = record
            .replay(Rules::chinese(), None)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back.board(), g.board(), "{}", text);
        prop_assert_eq!(back.board().hash(), g.board().hash());
        prop_assert_eq!(back.to_move(), g.to_move());
        prop_assert_eq!(back.handicap(), g.handicap());
        prop_assert_eq!(back.rules().komi, komi);
        prop_assert_eq!(
            back.moves().collect::<Vec<_>>(),
            g.moves().collect::<Vec<_>>()
        );
        // Writing the replayed game gives text that is stable from then on. (It may differ from
        // the first text: a handicap root that also holds setup stones replays as setup, and
        // loses a `PL` the first move makes redundant.)
        let text2 = GameRecord::from_game(&back).to_sgf();
        let back2 = GameRecord::parse(&text2).unwrap().replay(Rules::chinese(), None).unwrap();
        prop_assert_eq!(back2.board(), g.board());
        prop_assert_eq!(GameRecord::from_game(&back2).to_sgf(), text2);
        // Replaying up to a move gives the game as it was before that move.
        let n = g.move_count();
        if n > 0 && !g.actions().iter().any(|a| matches!(a, tengen_engine::Action::Setup(..))) {
            let k = seed as usize % n + 1;
            let partial = record.replay(Rules::chinese(), Some(k)).unwrap();
            prop_assert_eq!(partial.move_count(), k - 1);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        survives(&text)?;
    }

    #[test]
    fn sgf_like_text_never_panics(text in sgf_alphabet_text()) {
        survives(&text)?;
        survives(&format!("(;{text})"))?;
        survives(&format!("(;SZ[9]{text})"))?;
    }

    #[test]
    fn mutated_game_records_never_panic(
        size in prop_oneof![2usize..=9, Just(19)],
        seed in any::<u64>(),
        moves in 0usize..60,
        edits in proptest::collection::vec(
            (0usize..3, any::<prop::sample::Index>(), prop::sample::select(
                vec!['(', ')', ';', '[', ']', '\\', ':', 'a', 's', 't', 'z', 'B', 'W', '9', '-', ' ']
            )),
            1..6,
        ),
    ) {
        let g = random_game(size, seed, moves, 0, 7.5);
        let mut text: Vec<char> = GameRecord::from_game(&g).to_sgf().chars().collect();
        for (kind, at, c) in edits {
            let i = at.index(text.len().max(1)).min(text.len());
            match kind {
                0 => text.insert(i, c),
                1 if i < text.len() => {
                    text.remove(i);
                }
                _ if i < text.len() => text[i] = c,
                _ => {}
            }
        }
        survives(&text.into_iter().collect::<String>())?;
    }
}
