//! What a match says about itself: the text summary printed at the end (and kept as
//! `summary.txt`), the one-line progress shown while it plays, and a self-contained HTML report
//! (inline CSS and SVG, nothing fetched) with the running Elo estimate and a table of games.

use crate::results::{GameResult, Reason, ScoreCheck};
use crate::stats::{mean_min_max, Sprt, SprtDecision, Tally};
use std::fmt::Write as _;

/// The engine under test and its opponent, as the results name them.
pub fn engine_names(games: &[GameResult]) -> (String, String) {
    match games.first() {
        Some(g) if g.engine_black => (g.black.clone(), g.white.clone()),
        Some(g) => (g.white.clone(), g.black.clone()),
        None => ("engine".into(), "opponent".into()),
    }
}

/// Tallies of the engine under test: as Black, as White, in all.
pub fn tallies(games: &[GameResult]) -> [Tally; 3] {
    let mut t = [Tally::default(); 3];
    for g in games {
        let p = g.engine_points();
        t[if g.engine_black { 0 } else { 1 }].add(p);
        t[2].add(p);
    }
    t
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// `+17`, `-3`, `+0` (never `-0`).
fn signed(x: f64) -> String {
    format!("{:+.0}", x.round() + 0.0)
}

/// `score 52.5% [30.1%, 74.9%]  Elo +17 [-140, +190]`, or a note when there is no game yet.
pub fn score_line(t: &Tally) -> String {
    match (t.score(), t.score_interval(), t.elo()) {
        (Some(s), Some((lo, hi)), Some((elo_lo, elo, elo_hi))) => format!(
            "score {} [{}, {}]  Elo {} [{}, {}] (95%)",
            pct(s),
            pct(lo),
            pct(hi),
            signed(elo),
            signed(elo_lo),
            signed(elo_hi)
        ),
        _ => "no games yet".into(),
    }
}

/// `LLR 1.23 [-2.94, 2.94]: continue`
pub fn sprt_line(sprt: &Sprt, t: &Tally) -> String {
    let (lo, hi) = sprt.bounds();
    format!(
        "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} [{:.2}, {:.2}]: {}",
        sprt.elo0,
        sprt.elo1,
        sprt.alpha,
        sprt.beta,
        sprt.llr(t),
        lo,
        hi,
        sprt.decide(t)
    )
}

/// When the SPRT decided part-way and the games still in flight then pulled the LLR back inside
/// its bounds: the first game (in game order) at which it decided, and what it decided.
pub fn sprt_stop_line(sprt: &Sprt, games: &[GameResult]) -> Option<String> {
    if sprt.decide(&tallies(games)[2]) != SprtDecision::Continue {
        return None;
    }
    (1..games.len()).find_map(|n| {
        let t = tallies(&games[..n])[2];
        let d = sprt.decide(&t);
        (d != SprtDecision::Continue).then(|| {
            format!(
                "SPRT decided after {n} games ({t}, LLR {:.2}): {d}; the later games were already \
                 being played when it stopped",
                sprt.llr(&t)
            )
        })
    })
}

/// One line for the progress display: games done, running score, Elo and LLR.
pub fn progress_line(
    done: usize,
    total: usize,
    games: &[GameResult],
    sprt: Option<&Sprt>,
) -> String {
    const WIDTH: usize = 20;
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
    let bar: String = (0..WIDTH)
        .map(|i| if i < filled { '#' } else { '.' })
        .collect();
    let t = tallies(games)[2];
    let (engine, opponent) = engine_names(games);
    let mut line = format!("[{bar}] {done}/{total}  {engine} {t} {opponent}");
    if let Some((lo, elo, hi)) = t.elo() {
        let _ = write!(
            line,
            "  Elo {} [{}, {}]",
            signed(elo),
            signed(lo),
            signed(hi)
        );
    }
    if let Some(s) = sprt {
        let (lo, hi) = s.bounds();
        let _ = write!(line, "  LLR {:.2} [{lo:.2}, {hi:.2}]", s.llr(&t));
    }
    line
}

/// The end-of-match summary. `header` (match settings) goes first when given.
pub fn summary(games: &[GameResult], header: &str, sprt: Option<&Sprt>) -> String {
    let mut s = String::new();
    if !header.is_empty() {
        s.push_str(header);
        s.push('\n');
    }
    let (engine, opponent) = engine_names(games);
    let [black, white, all] = tallies(games);
    let _ = writeln!(s, "{engine} vs {opponent}: {} games", games.len());
    let _ = writeln!(s, "{:<24}{:>6}{:>7}{:>8}", "", "wins", "draws", "losses");
    for (label, t) in [("as Black", black), ("as White", white), ("total", all)] {
        let _ = writeln!(
            s,
            "{:<24}{:>6}{:>7}{:>8}",
            format!("{engine} {label}"),
            t.wins,
            t.draws,
            t.losses
        );
    }
    let _ = writeln!(s, "{}", score_line(&all));
    if let Some(sprt) = sprt {
        let _ = writeln!(s, "{}", sprt_line(sprt, &all));
        if let Some(line) = sprt_stop_line(sprt, games) {
            let _ = writeln!(s, "{line}");
        }
    }
    // How games ended, and who lost the forfeits.
    let mut ends = Vec::new();
    for reason in Reason::ALL {
        let n = games.iter().filter(|g| g.reason == reason).count();
        if n == 0 && reason.is_forfeit() {
            ends.push(format!("{reason} 0"));
            continue;
        }
        if n == 0 {
            continue;
        }
        if reason.is_forfeit() {
            let engine_lost = games
                .iter()
                .filter(|g| g.reason == reason && g.engine_points() == 0.0)
                .count();
            ends.push(format!(
                "{reason} {n} ({engine} lost {engine_lost}, {opponent} lost {})",
                n - engine_lost
            ));
        } else {
            ends.push(format!("{reason} {n}"));
        }
    }
    let _ = writeln!(s, "ended by: {}", ends.join(", "));
    for line in score_check_lines(games, [(&engine, true), (&opponent, false)]) {
        let _ = writeln!(s, "{line}");
    }
    if let Some((mean, lo, hi)) = mean_min_max(games.iter().map(|g| g.moves as f64)) {
        let _ = writeln!(s, "moves per game: mean {mean:.1}, min {lo}, max {hi}");
    }
    for (name, is_engine) in [(&engine, true), (&opponent, false)] {
        let mut time = 0.0;
        let mut moves = 0usize;
        let mut longest: f64 = 0.0;
        for g in games {
            let side = g.side(is_engine);
            time += g.time_used[side];
            moves += g.engine_moves[side];
            longest = longest.max(g.max_move_time[side]);
        }
        if moves > 0 {
            let _ = writeln!(
                s,
                "time per move, {name}: mean {:.3} s, longest {longest:.3} s, {time:.1} s in all",
                time / moves as f64
            );
        }
    }
    for (name, is_engine) in [(&engine, true), (&opponent, false)] {
        if let Some(line) = clock_left_line(games, name, is_engine) {
            let _ = writeln!(s, "{line}");
        }
    }
    s
}

/// How each engine's `final_score` compared with the referee's count in the counted games, by
/// kind ([`ScoreCheck`]), naming the games that differ: the engine under test always, the
/// opponent when it answered. `engines`: each name, and whether it is the engine under test.
fn score_check_lines(games: &[GameResult], engines: [(&str, bool); 2]) -> Vec<String> {
    let counted: Vec<&GameResult> = games.iter().filter(|g| g.referee_score.is_some()).collect();
    if counted.is_empty() {
        return vec!["final_score against the referee count: no game counted".into()];
    }
    let mut lines = Vec::new();
    for (name, is_engine) in engines {
        let check = |g: &GameResult| g.score_checks[g.side(is_engine)];
        let answered = counted.iter().filter(|g| check(g).is_some()).count();
        let mut line = format!(
            "final_score of {name} against the referee count in {} counted {}: ",
            counted.len(),
            games_word(counted.len())
        );
        if answered == 0 {
            if is_engine {
                line.push_str("no answer");
                lines.push(line);
            }
            continue;
        }
        let games_with = |kind: Option<ScoreCheck>| -> Vec<String> {
            counted
                .iter()
                .filter(|g| check(g) == kind)
                .map(|g| g.game.to_string())
                .collect()
        };
        let same = games_with(Some(ScoreCheck::Same)).len();
        let mut kinds = vec![format!("{} {same}", ScoreCheck::Same.describe())];
        for kind in [
            Some(ScoreCheck::Margin),
            Some(ScoreCheck::Winner),
            Some(ScoreCheck::Unreadable),
            None,
        ] {
            let ids = games_with(kind);
            let label = kind.map_or("no answer", ScoreCheck::describe);
            match ids.len() {
                // Another score and another winner are always said, the rare kinds when seen.
                0 if matches!(kind, Some(ScoreCheck::Margin | ScoreCheck::Winner)) => {
                    kinds.push(format!("{label} 0"));
                }
                0 => {}
                n => kinds.push(format!(
                    "{label} {n} ({} {})",
                    games_word(n),
                    ids.join(", ")
                )),
            }
        }
        line.push_str(&kinds.join("; "));
        lines.push(line);
    }
    lines
}

/// `game` or `games`, as `n` says.
fn games_word(n: usize) -> &'static str {
    if n == 1 {
        "game"
    } else {
        "games"
    }
}

/// The main time `name` had left at the end of its games, on average over all of them and over
/// the long ones (past move [`long_game`]), when the clock had main time.
fn clock_left_line(games: &[GameResult], name: &str, is_engine: bool) -> Option<String> {
    let left = |g: &GameResult| g.main_left[g.side(is_engine)];
    let all: Vec<f64> = games.iter().filter_map(left).collect();
    let (mean, _, _) = mean_min_max(all.iter().copied())?;
    let mut line = format!(
        "main time left at the end, {name}: mean {} over {} games",
        pct(mean),
        all.len()
    );
    let size = games.iter().map(|g| g.size).max().unwrap_or(0);
    if size > 0 {
        let past = long_game(size);
        let long: Vec<f64> = games
            .iter()
            .filter(|g| g.moves > past)
            .filter_map(left)
            .collect();
        match mean_min_max(long.iter().copied()) {
            Some((mean, lo, hi)) => {
                let _ = write!(
                    line,
                    ", {} ({}-{}) in the {} games past move {past}",
                    pct(mean),
                    pct(lo),
                    pct(hi),
                    long.len()
                );
            }
            None => {
                let _ = write!(line, ", no game past move {past}");
            }
        }
    }
    Some(line)
}

/// A game is long once past this move: seven tenths of the points, to the nearest ten (60 on
/// 9x9, 120 on 13x13, 250 on 19x19).
pub fn long_game(size: usize) -> usize {
    ((size * size) as f64 * 0.07).round() as usize * 10
}

fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The running Elo estimate with its 95% interval after each game, in game order.
pub fn running_elo(games: &[GameResult]) -> Vec<(f64, f64, f64)> {
    let mut t = Tally::default();
    games
        .iter()
        .filter_map(|g| {
            t.add(g.engine_points());
            t.elo()
        })
        .collect()
}

/// An SVG plot of the running Elo and its interval.
fn elo_plot(points: &[(f64, f64, f64)]) -> String {
    const W: f64 = 720.0;
    const H: f64 = 300.0;
    const PAD: f64 = 48.0;
    // The plotted range: the data's, at least ±100, at most the clamp.
    let top = points
        .iter()
        .map(|p| p.2.abs().max(p.0.abs()))
        .fold(100.0f64, f64::max)
        .min(crate::stats::ELO_CLAMP);
    let n = points.len().max(2) as f64;
    let x = |i: usize| PAD + (W - 2.0 * PAD) * i as f64 / (n - 1.0);
    let y = |e: f64| H / 2.0 - (H / 2.0 - PAD / 2.0) * (e / top);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {W} {H}\" width=\"{W}\" \
         height=\"{H}\" role=\"img\" aria-label=\"running Elo estimate\">\n"
    );
    let _ = writeln!(
        svg,
        "<rect x=\"0\" y=\"0\" width=\"{W}\" height=\"{H}\" fill=\"#fff\"/>"
    );
    for e in [-top, -top / 2.0, 0.0, top / 2.0, top] {
        let _ = writeln!(
            svg,
            "<line x1=\"{PAD}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"{}\"/>\
             <text x=\"{}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{}</text>",
            W - PAD,
            if e == 0.0 { "#888" } else { "#ddd" },
            PAD - 4.0,
            y(e) + 4.0,
            signed(e),
            y = y(e)
        );
    }
    if !points.is_empty() {
        let upper: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.2)))
            .collect();
        let lower: Vec<String> = points
            .iter()
            .enumerate()
            .rev()
            .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.0)))
            .collect();
        let _ = writeln!(
            svg,
            "<polygon points=\"{} {}\" fill=\"#9cc3e6\" fill-opacity=\"0.5\"/>",
            upper.join(" "),
            lower.join(" ")
        );
        let line: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.1)))
            .collect();
        let _ = writeln!(
            svg,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#1f5f99\" stroke-width=\"2\"/>",
            line.join(" ")
        );
    }
    // The x axis: the first and the last game of the plot.
    if !points.is_empty() {
        for (i, anchor) in [(0, "start"), (points.len() - 1, "end")] {
            let _ = writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{}\" font-size=\"11\" text-anchor=\"{anchor}\">{}</text>",
                x(i),
                H - PAD / 2.0 + 12.0,
                i + 1
            );
        }
    }
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">games ({})</text>",
        W / 2.0,
        H - 6.0,
        points.len()
    );
    svg.push_str("</svg>\n");
    svg
}

/// The HTML report: summary, running Elo plot, and one table row per game linking its SGF.
pub fn html_report(games: &[GameResult], header: &str, sprt: Option<&Sprt>) -> String {
    let (engine, opponent) = engine_names(games);
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{} vs {}</title>\n<style>\
         body{{font-family:sans-serif;margin:2em;color:#222}}\
         pre{{background:#f6f6f6;padding:1em}}\
         table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 8px;text-align:right}}\
         tr.win{{background:#eef8ee}}tr.loss{{background:#fbeeee}}\
         </style></head><body>\n<h1>{} vs {}</h1>\n",
        escape_html(&engine),
        escape_html(&opponent),
        escape_html(&engine),
        escape_html(&opponent)
    );
    let _ = writeln!(
        h,
        "<pre>{}</pre>",
        escape_html(&summary(games, header, sprt))
    );
    let _ = writeln!(
        h,
        "<h2>Elo of {} after each game (95% interval)</h2>",
        escape_html(&engine)
    );
    h.push_str(&elo_plot(&running_elo(games)));
    let _ = writeln!(
        h,
        "<h2>Games</h2>\n<table><tr><th>game</th><th>Black</th><th>White</th><th>result</th>\
         <th>by</th><th>moves</th><th>Black s/move</th><th>White s/move</th>\
         <th>final_score B / W / referee</th><th>SGF</th></tr>"
    );
    for g in games {
        let class = match g.engine_points() {
            p if p > 0.75 => "win",
            p if p < 0.25 => "loss",
            _ => "draw",
        };
        let per_move = |side: usize| {
            if g.engine_moves[side] == 0 {
                "-".to_string()
            } else {
                format!("{:.3}", g.time_used[side] / g.engine_moves[side] as f64)
            }
        };
        let scores = format!(
            "{} / {} / {}{}",
            g.final_scores[0].as_deref().unwrap_or("-"),
            g.final_scores[1].as_deref().unwrap_or("-"),
            g.referee_score.as_deref().unwrap_or("-"),
            if g.disagreement { " (disagree)" } else { "" }
        );
        let _ = writeln!(
            h,
            "<tr class=\"{class}\" title=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td><a href=\"{}\">{}</a></td></tr>",
            escape_html(&g.detail),
            g.game,
            escape_html(&g.black),
            escape_html(&g.white),
            escape_html(&g.result),
            g.reason,
            g.moves,
            per_move(0),
            per_move(1),
            escape_html(&scores),
            escape_html(&g.sgf),
            escape_html(&g.sgf)
        );
    }
    h.push_str("</table>\n</body></html>\n");
    h
}

/// The games sorted by their index: reports do not depend on the order games finished in.
pub fn in_game_order(games: &[GameResult]) -> Vec<GameResult> {
    let mut v = games.to_vec();
    v.sort_by_key(|g| g.game);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(index: usize, engine_black: bool, winner: Option<&str>, reason: Reason) -> GameResult {
        GameResult {
            black: if engine_black { "new" } else { "old" }.into(),
            white: if engine_black { "old" } else { "new" }.into(),
            reason,
            detail: "<stderr> & more".into(),
            moves: 50 + index,
            engine_moves: [25, 25],
            time_used: [5.0, 2.5],
            max_move_time: [0.4, 0.2],
            main_left: [Some(0.1 * index as f64), Some(0.5)],
            ..crate::results::tests::game(index, engine_black, winner)
        }
    }

    /// A counted game: `scores`, Black's `final_score` and White's, and the referee's `count`.
    fn counted(mut g: GameResult, scores: [Option<&str>; 2], count: &str) -> GameResult {
        g.final_scores = scores.map(|s| s.map(str::to_string));
        g.referee_score = Some(count.into());
        g.check_final_scores();
        g
    }

    fn sample() -> Vec<GameResult> {
        vec![
            game(0, true, Some("B"), Reason::Resign),
            game(1, false, Some("B"), Reason::Time),
            // The opponent (White) names the other winner of a draw.
            counted(
                game(2, true, None, Reason::Score),
                [Some("0"), Some("W+1")],
                "0",
            ),
            // The engine (White) counts a point more than the referee.
            counted(
                game(3, false, Some("W"), Reason::Score),
                [Some("W+2.5"), Some("W+3.5")],
                "W+2.5",
            ),
        ]
    }

    #[test]
    fn summary_counts_per_colour_and_forfeits() {
        let s = summary(&sample(), "", None);
        let words: Vec<String> = s
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        assert!(s.contains("new vs old: 4 games"), "{s}");
        // As Black: a win and a draw; as White: a loss on time and a win.
        assert!(words.contains(&"new as Black 1 1 0".to_string()), "{s}");
        assert!(words.contains(&"new as White 1 0 1".to_string()), "{s}");
        assert!(s.contains("time 1 (new lost 1, old lost 0)"), "{s}");
        assert!(s.contains("illegal move 0"), "{s}");
        assert!(
            s.contains(
                "final_score of new against the referee count in 2 counted games: the same \
                 score 1; the same winner, another score 1 (game 3); another winner 0\n"
            ),
            "{s}"
        );
        assert!(
            s.contains(
                "final_score of old against the referee count in 2 counted games: the same \
                 score 1; the same winner, another score 0; another winner 1 (game 2)\n"
            ),
            "{s}"
        );
        assert!(
            s.contains("moves per game: mean 51.5, min 50, max 53"),
            "{s}"
        );
        // The engine used 5 s as Black in two games and 2.5 s as White in two: 15 s over 100 moves.
        assert!(s.contains("time per move, new: mean 0.150 s"), "{s}");
        // Main time left: the engine had 0% and 20% as Black (games 0 and 2) and 50% as White
        // (games 1 and 3); the games have 50-53 moves, none past move 60 on 9x9.
        assert!(
            s.contains(
                "main time left at the end, new: mean 30.0% over 4 games, no game past move 60"
            ),
            "{s}"
        );
        assert!(s.contains("main time left at the end, old: mean "), "{s}");
        let mut long = sample();
        long[3].moves = 70;
        let s = summary(&long, "", None);
        assert!(
            s.contains("50.0% (50.0%-50.0%) in the 1 games past move 60"),
            "{s}"
        );
        assert_eq!((long_game(9), long_game(13), long_game(19)), (60, 120, 250));
    }

    #[test]
    fn the_score_check_lines_name_the_rare_kinds_when_seen() {
        let games = [
            counted(
                game(0, true, Some("B"), Reason::Score),
                [Some("B+R"), None],
                "B+1.5",
            ),
            counted(
                game(1, false, Some("B"), Reason::Score),
                [Some("B+1.5"), None],
                "B+1.5",
            ),
            counted(
                game(2, true, Some("W"), Reason::Score),
                [None, None],
                "W+0.5",
            ),
        ];
        let s = summary(&games, "", None);
        assert!(
            s.contains(
                "final_score of new against the referee count in 3 counted games: the same \
                 score 0; the same winner, another score 0; another winner 0; no score 1 \
                 (game 0); no answer 2 (games 1, 2)\n"
            ),
            "{s}"
        );
        assert!(
            s.contains("final_score of old against the referee count in 3 counted games: the same score 1;"),
            "{s}"
        );
        // An opponent that never answers is not mentioned; an engine that never answers is.
        let silent = [counted(
            game(0, true, Some("B"), Reason::Score),
            [None, None],
            "B+1.5",
        )];
        let s = summary(&silent, "", None);
        assert!(
            s.contains(
                "final_score of new against the referee count in 1 counted game: no answer\n"
            ),
            "{s}"
        );
        assert!(!s.contains("final_score of old"), "{s}");
        let s = summary(&sample()[..2], "", None);
        assert!(
            s.contains("final_score against the referee count: no game counted\n"),
            "{s}"
        );
    }

    #[test]
    fn html_is_self_contained_and_escaped() {
        let h = html_report(&sample(), "settings <x>", None);
        assert!(
            !h.contains("http://") || h.matches("http://").count() == 1,
            "only the SVG namespace"
        );
        assert!(!h.contains("https://"));
        assert!(!h.contains("<script src"));
        assert!(h.contains("settings &lt;x&gt;"));
        assert!(h.contains("&lt;stderr&gt; &amp; more"));
        assert!(h.contains("<a href=\"game-0003.sgf\">"));
        assert_eq!(h.matches("<tr class=").count(), 4);
        assert!(h.contains("<polyline"));
    }

    #[test]
    fn the_summary_says_when_the_sprt_decided_before_the_games_in_flight() {
        let sprt: Sprt = "0,30,0.05,0.05".parse().unwrap();
        // The engine (always Black) wins until the SPRT accepts H1...
        let mut games = Vec::new();
        while sprt.decide(&tallies(&games)[2]) == SprtDecision::Continue {
            games.push(game(games.len(), true, Some("B"), Reason::Resign));
        }
        let decided = games.len();
        assert!(summary(&games, "", Some(&sprt)).contains(": H1 accepted\n"));
        assert!(!summary(&games, "", Some(&sprt)).contains("SPRT decided after"));
        // ...then a game that was in flight is lost and pulls the LLR back inside its bounds.
        games.push(game(games.len(), true, Some("W"), Reason::Resign));
        assert_eq!(sprt.decide(&tallies(&games)[2]), SprtDecision::Continue);
        let s = summary(&games, "", Some(&sprt));
        assert!(s.contains(": continue\n"), "{s}");
        assert!(
            s.contains(&format!(
                "SPRT decided after {decided} games (+{decided} =0 -0"
            )),
            "{s}"
        );
        assert!(s.contains("): H1 accepted; the later games"), "{s}");
    }

    #[test]
    fn running_elo_has_one_point_per_game() {
        let e = running_elo(&sample());
        assert_eq!(e.len(), 4);
        assert_eq!(
            e[0].1,
            crate::stats::ELO_CLAMP,
            "one win: infinite, clamped"
        );
        assert!(e.iter().all(|(lo, mid, hi)| lo <= mid && mid <= hi));
    }

    #[test]
    fn progress_shows_the_running_score() {
        let p = progress_line(2, 4, &sample()[..2], None);
        assert!(
            p.starts_with("[##########..........] 2/4  new +1 =0 -1 old"),
            "{p}"
        );
        let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
        assert!(progress_line(4, 4, &sample(), Some(&sprt)).contains("LLR"));
    }
}
