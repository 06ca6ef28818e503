//! The rules of `docs/RULES.md`, one test per rule, on ASCII boards, played through
//! [`Game`] (the board-level mechanics have their own tests in `board.rs`).

mod common;

use common::{game_from_ascii, mv, play_all, pt};
use tengen_engine::{Color, Game, HandicapCompensation, IllegalMove, KoRule, Move, Rules};

const ALL_KO_RULES: [KoRule; 3] = [KoRule::Simple, KoRule::Positional, KoRule::Situational];

fn with_ko(ko: KoRule) -> Rules {
    Rules {
        ko,
        ..Rules::chinese()
    }
}

/// The board as `Board::to_ascii` writes it, from a test's indented text.
fn ascii(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn one_move_captures_every_group_it_takes_the_last_liberty_of() {
    let mut g = game_from_ascii(
        ". X O X .
         X O . O X
         . X O X .
         . . X . .
         . . . . .",
        Rules::chinese(),
        Color::Black,
    );
    g.play(Color::Black, mv(&g, "C4")).unwrap();
    assert_eq!(g.board().captures(Color::Black), 4);
    assert_eq!(
        g.board().to_ascii(),
        ascii(
            ". X . X .
             X . X . X
             . X . X .
             . . X . .
             . . . . ."
        )
    );
    g.board().check_invariants().unwrap();
}

#[test]
fn suicide_is_illegal_and_multi_stone_suicide_only_under_tromp_taylor() {
    // Black's chain B5-A4-B4 has one liberty, A5: filling it captures nothing. E1 is a point
    // where a black stone would have no liberty and capture nothing.
    let position = ". X O . .
                    X X O . .
                    O O O . .
                    . . . . O
                    . . . O .";
    for rules in [Rules::chinese(), Rules::japanese(), Rules::tromp_taylor()] {
        let g = game_from_ascii(position, rules, Color::Black);
        assert_eq!(
            g.legality(Color::Black, mv(&g, "E1")),
            Err(IllegalMove::Suicide),
            "single-stone suicide, {rules:?}"
        );
        let multi = g.legality(Color::Black, mv(&g, "A5"));
        if rules.suicide_allowed {
            assert_eq!(multi, Ok(()));
        } else {
            assert_eq!(multi, Err(IllegalMove::Suicide), "{rules:?}");
        }
    }
    // Under Tromp-Taylor the suicide removes the mover's chain; White gets the prisoners.
    let mut g = game_from_ascii(position, Rules::tromp_taylor(), Color::Black);
    g.play(Color::Black, mv(&g, "A5")).unwrap();
    assert_eq!(g.board().captures(Color::White), 4);
    assert_eq!(
        g.board().to_ascii(),
        ascii(
            ". . O . .
             . . O . .
             O O O . .
             . . . . O
             . . . O ."
        )
    );
    assert_eq!(g.to_move(), Color::White);
    g.board().check_invariants().unwrap();
}

/// Setup stones are placed one at a time, but the positions in between never occurred in the
/// game: only the finished setup counts for superko. (Here a Tromp-Taylor suicide leaves exactly
/// the White stones, which the setup placed before the Black ones.)
#[test]
fn setup_stones_placed_together_are_one_position() {
    let mut g = game_from_ascii(
        "X X .
         O O O
         . . .",
        Rules::tromp_taylor(),
        Color::Black,
    );
    g.play(Color::Black, mv(&g, "C3")).unwrap();
    assert_eq!(g.board().captures(Color::White), 3);
    // Nor did the empty board the game object was created with: a suicide that empties the
    // board is legal.
    let mut g = game_from_ascii(
        "X X
         X .",
        Rules::tromp_taylor(),
        Color::Black,
    );
    g.play(Color::Black, mv(&g, "B1")).unwrap();
    assert_eq!(g.board().empty_count(), 4);
}

#[test]
fn ko_forbids_the_immediate_recapture_under_every_ko_rule() {
    let position = ". . . . .
                    . X O . .
                    X O . O .
                    . X O . .
                    . . . . .";
    for ko in ALL_KO_RULES {
        let mut g = game_from_ascii(position, with_ko(ko), Color::Black);
        g.play(Color::Black, mv(&g, "C3")).unwrap();
        assert_eq!(g.board().captures(Color::Black), 1);
        let retake = g.legality(Color::White, mv(&g, "B3"));
        assert!(
            matches!(retake, Err(IllegalMove::Ko | IllegalMove::Superko)),
            "{ko:?}: {retake:?}"
        );
        // After a ko threat and its answer, the ko may be taken back, and then not at once.
        play_all(&mut g, Color::White, "E5 E1 B3");
        assert_eq!(g.board().captures(Color::White), 1);
        assert!(!g.is_legal(Color::Black, mv(&g, "C3")), "{ko:?}");
        // A pass also lifts the simple-ko ban, but under superko it recreates a position.
        g.play(Color::Black, Move::Pass).unwrap();
        g.play(Color::White, Move::Pass).unwrap();
        let after_passes = g.legality(Color::Black, mv(&g, "C3"));
        match ko {
            KoRule::Simple => assert_eq!(after_passes, Ok(())),
            _ => assert_eq!(after_passes, Err(IllegalMove::Superko), "{ko:?}"),
        }
    }
}

#[test]
fn snapback_is_legal_under_every_ko_rule() {
    let position = ". . . . .
                    X X X . .
                    O O X . .
                    . O X . .
                    . O X . .";
    for ko in ALL_KO_RULES {
        let mut g = game_from_ascii(position, with_ko(ko), Color::Black);
        // Black throws in at A1, White takes it at A2, Black takes five back at A1.
        play_all(&mut g, Color::Black, "A1 A2 A1");
        assert_eq!(g.board().captures(Color::White), 1, "{ko:?}");
        assert_eq!(g.board().captures(Color::Black), 5, "{ko:?}");
    }
}

/// Three kos: each of White's stones at C11 and C3 can be taken by Black at D11 and D3, and
/// Black's stone at D7 by White at C7. Taking them in turn, the sixth capture brings back the
/// starting position with Black to move again.
#[test]
fn triple_ko_repeats_after_six_captures_and_superko_forbids_it() {
    let position = ". . . . . . . . . . . . .
                    . . X O . . . . . . . . .
                    . X O . O . . . . . . . .
                    . . X O . . . . . . . . .
                    . . . . . . . . . . . . .
                    . . X O . . . . . . . . .
                    . X . X O . . . . . . . .
                    . . X O . . . . . . . . .
                    . . . . . . . . . . . . .
                    . . X O . . . . . . . . .
                    . X O . O . . . . . . . .
                    . . X O . . . . . . . . .
                    . . . . . . . . . . . . .";
    for ko in ALL_KO_RULES {
        let mut g = game_from_ascii(position, with_ko(ko), Color::Black);
        let start = g.board().to_ascii();
        play_all(&mut g, Color::Black, "D11 C7 D3 C11 D7");
        assert_eq!(g.board().captures(Color::Black), 3);
        assert_eq!(g.board().captures(Color::White), 2);
        let sixth = g.legality(Color::White, mv(&g, "C3"));
        if ko == KoRule::Simple {
            assert_eq!(sixth, Ok(()));
            g.play(Color::White, mv(&g, "C3")).unwrap();
            assert_eq!(g.board().to_ascii(), start, "the cycle is complete");
        } else {
            assert_eq!(sixth, Err(IllegalMove::Superko), "{ko:?}");
        }
    }
}

/// A seki: Black's C7-C6 and White's E7-E6 have no eyes and share their only liberties, D7 and
/// D6, so neither side can approach. Each side also has a living wall with eyes.
const SEKI: &str = ". O X . O X .
                    O O X . O X X
                    . O O X X X .
                    O O O X X X X
                    O O O X X X X
                    . O O X X X .
                    O O O X X X .";

#[test]
fn seki_is_alive_and_its_shared_liberties_are_dame() {
    let g = game_from_ascii(SEKI, Rules::chinese(), Color::Black);
    let (libs, n) = g.board().liberties::<4>(pt(&g, "C7"));
    assert_eq!(n, 2);
    assert!(libs[..n].contains(&pt(&g, "D7")) && libs[..n].contains(&pt(&g, "D6")));
    // Whoever fills a shared liberty is captured.
    for (color, first, reply, chain) in [
        (Color::Black, "D7", "D6", "C7"),
        (Color::White, "D7", "D6", "E7"),
    ] {
        let mut g = g.clone();
        g.play(color, mv(&g, first)).unwrap();
        assert_eq!(g.board().at(pt(&g, chain)).color(), Some(color));
        g.play(color.opponent(), mv(&g, reply)).unwrap();
        assert_eq!(
            g.board().at(pt(&g, chain)).color(),
            None,
            "{color} was captured"
        );
        assert_eq!(g.board().captures(color.opponent()), 3);
    }
    // Counted as it stands (seki stones alive): Black 22 stones + 4 points, White 18 stones + 3
    // points, D7 and D6 nobody's.
    assert_eq!(g.score(&[]).to_string(), "W+2.5");
    let mut japanese = game_from_ascii(SEKI, Rules::japanese(), Color::Black);
    assert_eq!(japanese.score(&[]).to_string(), "W+5.5");
    japanese.set_komi(1.0);
    assert_eq!(japanese.score(&[]).to_string(), "0", "integer komi: a draw");
    let tromp_taylor = game_from_ascii(SEKI, Rules::tromp_taylor(), Color::Black);
    assert_eq!(tromp_taylor.score(&[]).to_string(), "W+2.5");
}

/// Black's living stones and territory are 185 points of 361 (rows 1 to 9, and row 10 from A
/// to O); White has 176. With nine handicap stones that is exactly even, before komi.
#[test]
fn nine_handicap_stones_mean_black_needs_more_than_185_points() {
    let handicap = "D4 Q4 K4 D3 Q3 K3 D6 Q6 K6";
    let black_wall = "A10 B10 C10 D10 E10 F10 G10 H10 J10 K10 L10 M10 N10 O10 P9 Q9 R9 S9 T9";
    let white_wall = "A11 B11 C11 D11 E11 F11 G11 H11 J11 K11 L11 M11 N11 O11 P10 Q10 R10 S10 T10";
    let wall_moves: Vec<&str> = white_wall
        .split_whitespace()
        .zip(black_wall.split_whitespace())
        .flat_map(|(w, b)| [w, b])
        .collect();
    let no_komi = Rules {
        komi: 0.0,
        ..Rules::chinese()
    };

    // Handicap placed as such, and handicap sent as plain Black moves, count the same.
    let mut placed = Game::new(19, no_komi).unwrap();
    let points: Vec<_> = handicap
        .split_whitespace()
        .map(|v| pt(&placed, v))
        .collect();
    placed.place_handicap(&points).unwrap();
    play_all(&mut placed, Color::White, &wall_moves.join(" "));
    let mut plain = Game::new(19, no_komi).unwrap();
    for v in handicap.split_whitespace() {
        plain.play(Color::Black, mv(&plain, v)).unwrap();
    }
    play_all(&mut plain, Color::White, &wall_moves.join(" "));
    assert_eq!(plain.board().to_ascii(), placed.board().to_ascii());

    for g in [&mut placed, &mut plain] {
        assert_eq!(g.handicap(), 9);
        assert_eq!(
            g.score(&[]).to_string(),
            "0",
            "185 points: no more than even"
        );
        g.set_komi(0.5);
        assert_eq!(g.score(&[]).to_string(), "W+0.5");
        for (compensation, expect) in [
            (HandicapCompensation::NMinusOne, "B+0.5"),
            (HandicapCompensation::None, "B+8.5"),
        ] {
            g.set_rules(Rules {
                handicap_compensation: compensation,
                ..*g.rules()
            });
            assert_eq!(g.score(&[]).to_string(), expect, "{compensation:?}");
        }
    }
}

/// Black and White split the board; each takes one invading stone, and a black stone is left
/// dead in White's area.
#[test]
fn territory_counts_prisoners_and_dead_stones_tromp_taylor_counts_the_board() {
    let position = ". X O . .
                    . X O . .
                    . X O . .
                    . X O . .
                    . X O . .";
    let play_out = |rules: Rules| {
        let mut g = game_from_ascii(position, rules, Color::White);
        for (color, vertex) in [
            (Color::White, "A3"),
            (Color::Black, "A2"),
            (Color::Black, "A4"), // takes A3
            (Color::Black, "D3"),
            (Color::White, "D4"),
            (Color::White, "E3"),
            (Color::White, "D2"), // takes D3
            (Color::Black, "E5"), // dead
            (Color::White, "pass"),
            (Color::Black, "pass"),
        ] {
            g.play(color, mv(&g, vertex)).unwrap();
        }
        assert!(g.is_over());
        assert_eq!(g.board().captures(Color::Black), 1);
        assert_eq!(g.board().captures(Color::White), 1);
        let dead = [pt(&g, "E5")];
        g.score(&dead).to_string()
    };
    // Territory: Black 3 points + 1 prisoner; White 7 points + 1 prisoner + 1 dead stone.
    assert_eq!(play_out(Rules::japanese()), "W+11.5");
    // Area: Black 7 stones + 3 points; White 8 stones + 7 points.
    assert_eq!(play_out(Rules::chinese()), "W+12.5");
    // Tromp-Taylor ignores the dead list: E5 lives, and D5 and E4 touch both colours.
    assert_eq!(play_out(Rules::tromp_taylor()), "W+8.5");
}

#[test]
fn either_colour_may_move_twice_and_the_turn_follows_the_last_mover() {
    let mut g = Game::new(9, Rules::chinese()).unwrap();
    g.play(Color::White, mv(&g, "E5")).unwrap();
    assert_eq!(g.to_move(), Color::Black);
    g.play(Color::White, mv(&g, "D5")).unwrap();
    g.play(Color::White, mv(&g, "C5")).unwrap();
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.move_count(), 3);
    assert_eq!(g.handicap(), 0, "only Black's leading stones are handicap");
}

#[test]
fn an_illegal_move_changes_nothing() {
    let mut g = game_from_ascii(
        ". X . .
         X . . .
         . . . .
         . . . .",
        Rules::chinese(),
        Color::White,
    );
    let before = (
        g.board().clone(),
        g.to_move(),
        g.positions().to_vec(),
        g.actions().to_vec(),
    );
    for (vertex, err) in [("A4", IllegalMove::Suicide), ("B4", IllegalMove::Occupied)] {
        assert_eq!(g.play(Color::White, mv(&g, vertex)), Err(err));
        let after = (
            g.board().clone(),
            g.to_move(),
            g.positions().to_vec(),
            g.actions().to_vec(),
        );
        assert!(after == before, "{vertex} changed the game");
    }
}

#[test]
fn handicap_goes_only_on_an_empty_board_and_cannot_be_undone() {
    let mut g = Game::new(9, Rules::chinese()).unwrap();
    let points = [pt(&g, "C3"), pt(&g, "G7")];
    assert!(
        g.place_handicap(&[points[0]]).is_err(),
        "one stone is no handicap"
    );
    assert!(g.place_handicap(&[points[0], points[0]]).is_err());
    g.place_handicap(&points).unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert!(!g.undo());
    assert_eq!(g.board().stone_counts(), [2, 0]);
    g.play(Color::White, mv(&g, "E5")).unwrap();
    assert!(g.place_handicap(&points).is_err(), "board not empty");
    assert!(g.undo());
    assert!(!g.undo());
    assert_eq!(g.handicap(), 2);
}
