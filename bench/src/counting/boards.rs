//! Boards for a reader: a game's final position with tengen's judgement beside the players'
//! ([`show`]), and the points where the players' own marks, counted by tengen, give a point to
//! another side than the territory the record saved ([`territory_differences`]).

use super::check::GameReport;
use super::records::CountedGame;
use std::fmt::Write as _;
use tengen_engine::board::Diagram;
use tengen_engine::coord::{move_text, parse_move};
use tengen_engine::{Cell, Color, Move, Point};

/// The final position of a report's game with both judgements side by side: tengen's on the
/// left, the players' (from the saved territory) on the right when the record has one. Stones
/// judged dead are lower case (`x`, `o`), seki stones `#` (Black) and `@` (White); empty
/// points of saved territory are `b` and `w` (see [`Diagram`]).
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
    let ours = Diagram::new(board)
        .dead(dead.iter().copied())
        .seki(parse(&report.seki));
    let players = game.players_dead(board);
    let theirs = players
        .as_ref()
        .zip(game.territory.as_ref())
        .map(|(dead, [b, w])| {
            Diagram::new(board)
                .dead(dead.iter().copied())
                .empty_points(b.iter().copied(), 'b')
                .empty_points(w.iter().copied(), 'w')
                .rows(false)
        });
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
    for (i, row) in ours.rows(true).iter().enumerate() {
        s.push_str(row);
        if let Some(theirs) = &theirs {
            let _ = write!(s, "   {}", theirs[i]);
        }
        s.push('\n');
    }
    let _ = writeln!(s, "{}", ours.letters());
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
    let dame: Vec<Point> = geo.points().filter(|p| ours[p.index()].is_none()).collect();
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
        let around = Diagram::new(board)
            .point(p, '*')
            .dead(dead.iter().copied())
            .empty_points(tb.iter().copied(), 'b')
            .empty_points(tw.iter().copied(), 'w')
            .empty_points(dame.iter().copied(), '+')
            .around(p, 5, 4);
        lines.extend(around.rows(true).into_iter().map(|row| format!("  {row}")));
        lines.push(format!("  {}", around.letters()));
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tiny game, with B5 (which tengen gives Black) left out of the saved territory.
    #[test]
    fn a_point_the_saved_territory_leaves_out_is_listed_with_the_board_around_it() {
        let sgf = super::super::TINY_GAME.replace("[ba]", "");
        let game = CountedGame::from_sgf(&sgf, "test").unwrap().unwrap();
        let lines = territory_differences(&game).unwrap();
        assert_eq!(
            lines,
            [
                "test B5: tengen Some(Black), saved None",
                "   5 o * X O w",
                "   4 b b X O x",
                "   3 b b X O w",
                "   2 b b X O w",
                "   1 b b X O w",
                "     A B C D E",
            ]
        );
    }
}
