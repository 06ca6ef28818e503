//! Explaining a disagreement: which groups, counted the other way, would give the recorded
//! result ([`explain`]), or, where the record saved the players' marks, how their dead stones
//! differ from tengen's ([`against_marks`]).

use super::disagreement::{Disagreement, GroupStatus, Life};
use super::judge::GtpCount;
use tengen_engine::coord::move_text;
use tengen_engine::{Board, Cell, Color, Game, Move, Point};

/// Groups of stones as players see them when they mark dead stones: chains of one colour
/// joined when they touch diagonally or share a liberty.
pub fn loose_groups(board: &Board) -> Vec<(Color, Vec<Point>)> {
    let geo = board.geometry();
    let mut group = vec![usize::MAX; geo.array_len()];
    let mut groups = Vec::new();
    for start in geo.points() {
        let Some(color) = board.at(start).color() else {
            continue;
        };
        if group[start.index()] != usize::MAX {
            continue;
        }
        let id = groups.len();
        let mut stones = Vec::new();
        let mut stack = vec![start.index()];
        group[start.index()] = id;
        while let Some(p) = stack.pop() {
            stones.push(Point::new(p));
            let mut near: Vec<usize> = geo.neighbors(p).to_vec();
            near.extend(geo.diagonals(p));
            for n in geo.neighbors(p) {
                if board.at_index(n) == Cell::Empty {
                    near.extend(geo.neighbors(n));
                }
            }
            for q in near {
                if board.at_index(q) == Cell::from(color) && group[q] == usize::MAX {
                    group[q] = id;
                    stack.push(q);
                }
            }
        }
        stones.sort();
        groups.push((color, stones));
    }
    groups
}

/// The groups whose status a disagreement may be about: the loose groups, and the chains in
/// atari that tengen calls dead inside a loose group of several chains.
///
/// The players' unit is the loose group, but a slip (a stone left in atari unmarked) can be one
/// chain of a group whose other chains live: such a chain, dead for us, is a candidate too. Only
/// those: with every chain a candidate, some flip matches the result by chance.
fn candidates(board: &Board, judged: &GtpCount) -> Vec<(Color, Vec<Point>)> {
    let mut groups = loose_groups(board);
    let mut chains_in_atari = Vec::new();
    for (color, stones) in &groups {
        let mut heads: Vec<Point> = stones.iter().map(|&p| board.chain_id(p)).collect();
        heads.sort();
        heads.dedup();
        if heads.len() < 2 {
            continue;
        }
        for head in heads {
            if !board.in_atari(head) || judged.dead.binary_search(&head).is_err() {
                continue;
            }
            let mut chain: Vec<Point> = board.chain_stones(head).collect();
            chain.sort();
            chains_in_atari.push((*color, chain));
        }
    }
    groups.extend(chains_in_atari);
    groups
}

/// How tengen's count differs from the recorded result where the record has no marks: the
/// one or two groups whose status, changed, gives the recorded result, else by how much.
pub fn explain(game: &Game, judged: &GtpCount, recorded: f64) -> Disagreement {
    let board = game.board();
    if recorded.abs() > board.geometry().points_count() as f64 {
        return Disagreement::MarginOffTheBoard;
    }
    let groups = candidates(board, judged);
    let gives_result = |flips: &[usize]| {
        let dead = flipped(&judged.dead, flips.iter().map(|&g| &groups[g].1));
        (game.score(&dead).0 - recorded).abs() < 1e-6
    };
    let status = |flips: &[usize]| {
        Disagreement::groups(
            flips
                .iter()
                .map(|&g| group_status(board, judged, groups[g].0, &groups[g].1))
                .collect(),
        )
    };
    for g in 0..groups.len() {
        if gives_result(&[g]) {
            return status(&[g]);
        }
    }
    let overlap = |a: usize, b: usize| groups[a].1.iter().any(|p| groups[b].1.contains(p));
    for a in 0..groups.len() {
        for b in a + 1..groups.len() {
            if !overlap(a, b) && gives_result(&[a, b]) {
                return status(&[a, b]);
            }
        }
    }
    Disagreement::Unexplained {
        off: (judged.score - recorded).abs(),
    }
}

/// `dead` (sorted) with the stones of `groups` turned over: the dead ones alive, the others
/// dead.
fn flipped<'a>(dead: &[Point], groups: impl Iterator<Item = &'a Vec<Point>>) -> Vec<Point> {
    let mut dead = dead.to_vec();
    for p in groups.flatten() {
        match dead.binary_search(p) {
            Ok(i) => {
                dead.remove(i);
            }
            Err(i) => dead.insert(i, *p),
        }
    }
    dead
}

/// tengen's judgement of the group of `stones` (sorted).
fn group_status(board: &Board, judged: &GtpCount, color: Color, stones: &[Point]) -> GroupStatus {
    let ours = if judged.dead.binary_search(&stones[0]).is_ok() {
        Life::Dead
    } else if judged.seki.binary_search(&stones[0]).is_ok() {
        Life::Seki
    } else {
        Life::Alive
    };
    GroupStatus {
        color,
        stones: stones.len(),
        at: move_text(Move::Play(stones[0]), board.geometry()),
        ours,
        in_atari: ours == Life::Dead && stones.iter().any(|&p| board.in_atari(p)),
    }
}

/// How tengen's count differs from the players' when the record saved their marks: either
/// the dead stones differ (how many each way), or they are the same and the arithmetic is
/// not KGS's (or the marks themselves do not give the recorded result).
pub fn against_marks(
    game: &Game,
    judged: &GtpCount,
    players: &[Point],
    recorded: f64,
) -> Disagreement {
    let board = game.board();
    let ours: Vec<Point> = judged
        .dead
        .iter()
        .copied()
        .filter(|&p| board.at(p) != Cell::Empty)
        .collect();
    let only_ours: Vec<Point> = ours
        .iter()
        .copied()
        .filter(|p| !players.contains(p))
        .collect();
    let alive_for_us = players.iter().filter(|p| !ours.contains(p)).count();
    Disagreement::Marks {
        dead_for_us: only_ours.len(),
        alive_for_us,
        // Stones in atari the players did not mark, as in the explanations.
        in_atari: !only_ours.is_empty()
            && alive_for_us == 0
            && only_ours.iter().all(|&p| board.in_atari(p)),
        marks_give_result: (game.score(players).0 - recorded).abs() < 1e-6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_engine::Rules;

    /// Players who leave a stone in atari on the board unmarked count it alive; the
    /// explanation finds that chain, though its loose group holds a living chain too, and says
    /// it is in atari.
    #[test]
    fn a_stone_left_in_atari_is_named_in_the_explanation() {
        // E4 and E2 make one loose group (they share the liberty E3); only E4 is dead.
        let board = Board::from_ascii(
            ". X O . O\n\
             X X O O X\n\
             . X O O .\n\
             X X O . X\n\
             . X O . .",
        )
        .unwrap();
        let mut game = Game::new(5, Rules::chinese()).unwrap();
        let geo = board.geometry();
        for p in geo.points() {
            game.setup(p, board.at(p).color());
        }
        game.set_komi(0.5);
        let e4 = geo.point(4, 3);
        assert!(game.board().in_atari(e4));
        let judged = GtpCount {
            reply: String::new(),
            score: game.score(&[e4]).0,
            dead: vec![e4],
            seki: vec![],
            undecided: vec![],
            millis: 0.0,
            cpu_millis: None,
        };
        let kind = explain(&game, &judged, game.score(&[]).0);
        assert_eq!(
            kind.to_string(),
            "players: black 1-stone group at E4 alive (we: dead, in atari)"
        );
        assert_eq!(
            kind.class(),
            "players say a group is alive (we: dead, in atari)"
        );
        assert!(kind.needs_chain_in_atari_alive());
    }
}
