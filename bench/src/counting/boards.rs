//! Boards for a reader: a game's final position with tengen's judgement beside the players'
//! ([`show`]), and the points where the players' own marks, counted by tengen, give a point to
//! another side than the territory the record saved ([`territory_differences`]).

use super::check::GameReport;
use super::records::CountedGame;
use std::fmt::Write as _;
use tengen_engine::coord::{move_text, parse_move};
use tengen_engine::{Cell, Color, Move, Point};

/// The final position of a report's game with both judgements side by side: tengen's on the
/// left, the players' (from the saved territory) on the right when the record has one. Stones
/// judged dead are lower case (`x`, `o`), seki stones `#` (Black) and `@` (White); empty
/// points of saved territory are `b` and `w`.
pub fn show(game: &CountedGame, report: &GameReport) -> Result<String, String> {
    let g = game.final_game()?;
    let board = g.board();
    let geo = board.geometry();
    let parse = |names: &[String]| -> Vec<Point> {
        names
            .iter()
            .filter_map(|n| parse_move(n, geo).ok().and_then(|m| m.point()))
            .collect()
    };
    let dead = parse(&report.dead);
    let seki = parse(&report.seki);
    let cell = |p: Point, dead: &[Point], seki: &[Point], saved: Option<&[Vec<Point>; 2]>| {
        let (d, k) = (dead.contains(&p), seki.contains(&p));
        match board.at(p) {
            Cell::Black if d => 'x',
            Cell::White if d => 'o',
            Cell::Black if k => '#',
            Cell::White if k => '@',
            Cell::Black => 'X',
            Cell::White => 'O',
            _ => match saved {
                Some([b, _]) if b.contains(&p) => 'b',
                Some([_, w]) if w.contains(&p) => 'w',
                _ => '.',
            },
        }
    };
    let players = game.players_dead(board);
    let mut s = format!(
        "{} ({}, komi {}): ours {} recorded {}{}\n",
        report.source,
        report.rules,
        report.komi,
        report.ours,
        tengen_engine::Score(report.recorded),
        report
            .players_count
            .as_ref()
            .map_or(String::new(), |c| format!(", players' marks count {c}"))
    );
    let n = geo.size();
    for row in (0..n).rev() {
        let line = |dead: &[Point], seki: &[Point], saved| {
            (0..n)
                .map(|col| cell(geo.point(col, row), dead, seki, saved).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let _ = write!(s, "{:2} {}", row + 1, line(&dead, &seki, None));
        if let Some(p) = &players {
            let _ = write!(s, "   {}", line(p, &[], game.territory.as_ref()));
        }
        s.push('\n');
    }
    let letters: String = (0..n)
        .map(|c| (tengen_engine::coord::LETTERS[c] as char).to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let _ = writeln!(s, "   {letters}");
    let c = tengen_engine::score::count(board, &dead);
    let _ = write!(
        s,
        "tengen's count: territory {:?}, dead {:?}, captures [{}, {}]",
        c.territory,
        c.dead,
        board.captures(Color::Black),
        board.captures(Color::White)
    );
    if let (Some([b, w]), Some(p)) = (&game.territory, &players) {
        let c = tengen_engine::score::count(board, p);
        let _ = write!(
            s,
            "; saved territory [{}, {}], tengen's count of the players' marks: territory {:?}, \
             dead {:?}",
            b.len(),
            w.len(),
            c.territory,
            c.dead
        );
    }
    s.push('\n');
    if let Some(disagreement) = &report.disagreement {
        let _ = writeln!(s, "{disagreement}");
    }
    Ok(s)
}

/// Where tengen's count of the players' own dead stones gives a point to a different side
/// than the territory the record saved: one line per point, with the board around it (`X`,
/// `O` stones, `x`, `o` the players' dead stones, `+` dame, `b`, `w` saved territory, `*` the
/// point).
pub fn territory_differences(game: &CountedGame) -> Result<Vec<String>, String> {
    let g = game.final_game()?;
    let board = g.board();
    let geo = board.geometry();
    let (Some([tb, tw]), Some(dead)) = (&game.territory, game.players_dead(board)) else {
        return Ok(Vec::new());
    };
    let saved = |p: Point| -> Option<Color> {
        if tb.contains(&p) {
            Some(Color::Black)
        } else if tw.contains(&p) {
            Some(Color::White)
        } else {
            None
        }
    };
    let japanese = game.rules.scoring == tengen_engine::Scoring::Territory;
    let ours = tengen_engine::score::owners(board, &dead, japanese);
    let removed = |p: Point| dead.binary_search(&p).is_ok();
    let mut lines = Vec::new();
    for p in geo.points() {
        if board.at(p) != Cell::Empty && !removed(p) {
            continue;
        }
        let (mine, theirs) = (ours[p.index()], saved(p));
        if mine == theirs {
            continue;
        }
        lines.push(format!(
            "{} {}: tengen {mine:?}, saved {theirs:?}",
            game.source,
            move_text(Move::Play(p), geo)
        ));
        let (pc, pr) = geo.col_row(p);
        let n = geo.size();
        let cols = pc.saturating_sub(5)..=(pc + 5).min(n - 1);
        for r in (pr.saturating_sub(4)..=(pr + 4).min(n - 1)).rev() {
            let mut line = format!("  {:2} ", r + 1);
            for c in cols.clone() {
                let q = geo.point(c, r);
                line.push(match board.at(q) {
                    _ if q == p => '*',
                    Cell::Black if removed(q) => 'x',
                    Cell::White if removed(q) => 'o',
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => match (ours[q.index()], saved(q)) {
                        (None, None) => '+',
                        (_, Some(Color::Black)) => 'b',
                        (_, Some(Color::White)) => 'w',
                        (Some(_), None) => '.',
                    },
                });
                line.push(' ');
            }
            lines.push(line);
        }
        let letters: String = cols
            .map(|c| format!("{} ", tengen_engine::coord::LETTERS[c] as char))
            .collect();
        lines.push(format!("     {letters}"));
    }
    Ok(lines)
}
