//! The counting test: finished games whose recorded result is a count (KGS records such as
//! `RE[W+6.5]`), replayed and counted by tengen's own `final_score` under each game's rules and
//! komi, and compared with the result the players agreed on.
//!
//! How to read it: [`CountedGame`] is one record that ended by counting (its rules from `RU`,
//! the recorded margin, and the territory KGS saved in `TB`/`TW` when it did); [`judge`] sends
//! the game to a GTP [`Session`] in this process, exactly as a controller would (`play` ...,
//! `final_score`, `final_status_list dead|seki`), so the command line tool measures the same
//! code path as GTP; [`explain`] looks for the groups whose status, changed, would give the
//! recorded result, and names the kind of disagreement; [`summary`] tallies the per-game
//! [`GameReport`]s.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Instant;
use tengen_engine::coord::{move_text, parse_move};
use tengen_engine::sgf::{parse_main_line, sgf_points, GameRecord};
use tengen_engine::Geometry;
use tengen_engine::{Board, Cell, Color, Game, HandicapCompensation, KoRule, Move, Point, Rules};
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
    if !report.kind.is_empty() {
        let _ = writeln!(s, "{}", report.kind);
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

#[cfg(test)]
use tengen_engine::Scoring;
use tengen_gtp::log::Log;
use tengen_gtp::protocol::{parse_line, Line};
use tengen_gtp::session::{Outcome, Session, Settings};

/// The rules a KGS record names in `RU`, as far as counting goes. KGS counts Japanese games
/// by territory and prisoners, and Chinese, AGA and New Zealand games by area.
pub fn kgs_rules(name: &str) -> Option<Rules> {
    match name.trim().to_ascii_lowercase().as_str() {
        "japanese" => Some(Rules::japanese()),
        "chinese" => Some(Rules::chinese()),
        "aga" => Some(Rules {
            ko: KoRule::Situational,
            handicap_compensation: HandicapCompensation::NMinusOne,
            ..Rules::chinese()
        }),
        "nz" | "new zealand" => Some(Rules {
            ko: KoRule::Situational,
            handicap_compensation: HandicapCompensation::None,
            suicide_allowed: true,
            ..Rules::chinese()
        }),
        _ => None,
    }
}

/// Black's margin in a result text that is a count (`B+3.5` is 3.5, `W+0.5` is -0.5, `0` and
/// `Draw` are 0); `None` for resignations, time, forfeits and anything else.
pub fn parse_result(text: &str) -> Option<f64> {
    let t = text.trim();
    if t == "0" || t.eq_ignore_ascii_case("draw") || t.eq_ignore_ascii_case("jigo") {
        return Some(0.0);
    }
    let (sign, margin) = match t.split_once('+') {
        Some(("B" | "b", m)) => (1.0, m),
        Some(("W" | "w", m)) => (-1.0, m),
        _ => return None,
    };
    margin
        .parse::<f64>()
        .ok()
        .filter(|m| m.is_finite() && *m >= 0.0)
        .map(|m| sign * m)
}

/// One game record whose result is a count.
#[derive(Clone, Debug)]
pub struct CountedGame {
    /// Where it came from, e.g. `KGS-2017-01.sgfs:12`.
    pub source: String,
    pub record: GameRecord,
    /// `RU` as written.
    pub rules_name: String,
    pub rules: Rules,
    /// Black's margin as recorded.
    pub recorded: f64,
    /// The points the players' count gave Black and White (`TB`, `TW`: territory, and the
    /// points of dead stones), when the record saved them.
    pub territory: Option<[Vec<Point>; 2]>,
}

impl CountedGame {
    /// Read one record; `Ok(None)` when it did not end by counting.
    pub fn from_sgf(text: &str, source: &str) -> Result<Option<CountedGame>, String> {
        let nodes = parse_main_line(text).map_err(|e| e.to_string())?;
        let record = GameRecord::from_nodes(&nodes).map_err(|e| e.to_string())?;
        let Some(recorded) = record.result.as_deref().and_then(parse_result) else {
            return Ok(None);
        };
        let rules_name = record.rules.clone().unwrap_or_else(|| "Japanese".into());
        let mut rules =
            kgs_rules(&rules_name).ok_or_else(|| format!("unknown rules {rules_name:?}"))?;
        rules.komi = record.komi.unwrap_or(0.0);
        let geo = Geometry::new(record.size).ok_or("bad size")?;
        let mut territory = [Vec::new(), Vec::new()];
        let mut saved = false;
        for props in &nodes {
            for (id, values) in props {
                let i = match id.as_str() {
                    "TB" => 0,
                    "TW" => 1,
                    _ => continue,
                };
                saved = true;
                for v in values {
                    territory[i].extend(sgf_points(v, geo).map_err(|e| e.to_string())?);
                }
            }
        }
        Ok(Some(CountedGame {
            source: source.to_string(),
            record,
            rules_name,
            rules,
            recorded,
            territory: saved.then_some(territory),
        }))
    }

    /// The final position, replayed by the rules core.
    pub fn final_game(&self) -> Result<Game, String> {
        self.record
            .replay(self.rules, None)
            .map_err(|e| e.to_string())
    }

    /// The stones the players' count removed as dead: those standing on the other side's
    /// saved territory (`None` when the record saved none).
    pub fn players_dead(&self, board: &Board) -> Option<Vec<Point>> {
        let [black, white] = self.territory.as_ref()?;
        let mut dead: Vec<Point> = black
            .iter()
            .filter(|&&p| board.at(p) == Cell::White)
            .chain(white.iter().filter(|&&p| board.at(p) == Cell::Black))
            .copied()
            .collect();
        dead.sort();
        dead.dedup();
        Some(dead)
    }
}

/// Black's margin when tengen counts the final position with the dead stones the players
/// marked (from the saved territory), `None` when the record saved none or does not replay.
pub fn players_count(game: &CountedGame) -> Option<f64> {
    let g = game.final_game().ok()?;
    let dead = game.players_dead(g.board())?;
    Some(g.score(&dead).0)
}

/// Every record of a `.sgfs` file (one game per line) or of an `.sgf` file, with its source
/// name (`file:line`).
pub fn read_records(path: &std::path::Path) -> std::io::Result<Vec<(String, String)>> {
    let text = std::fs::read_to_string(path)?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    if path.extension().is_some_and(|e| e == "sgfs") {
        Ok(text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.contains('('))
            .map(|(i, l)| (format!("{name}:{}", i + 1), l.to_string()))
            .collect())
    } else {
        Ok(vec![(name, text)])
    }
}

/// tengen's count of a finished game, as its GTP commands answered it.
#[derive(Clone, Debug)]
pub struct Judgement {
    /// The `final_score` reply (`B+3.5`).
    pub reply: String,
    /// The same as Black's margin.
    pub score: f64,
    pub dead: Vec<Point>,
    pub seki: Vec<Point>,
    /// Wall time of `final_score` (the judgement and the count), in milliseconds.
    pub millis: f64,
    /// CPU time the process spent on it (all threads), in milliseconds; `None` where the
    /// system does not say.
    pub cpu_millis: Option<f64>,
}

/// Ask a GTP session of this process to count `game`: `boardsize`, `komi`, the record's
/// moves as `play` commands, then `final_score` (timed) and `final_status_list dead` and
/// `seki`. The session's rules are the game's, its player the one the `tengen` binary uses,
/// on `threads` threads with `seed`.
pub fn judge(game: &CountedGame, seed: u64, threads: usize) -> Result<Judgement, String> {
    let settings = Settings {
        rules: game.rules,
        ..Settings::default()
    };
    let mut session = Session::new(tengen_gtp::cli::new_player(seed), settings, Log::default());
    let geo = Geometry::new(game.record.size).ok_or("bad size")?;
    let mut commands = vec![
        format!("tengen-param threads {threads}"),
        format!("boardsize {}", game.record.size),
        format!("komi {}", game.rules.komi),
    ];
    for (i, node) in game.record.nodes.iter().enumerate() {
        if !node.setup.is_empty() {
            let handicap = i == 0 && node.setup.iter().all(|(_, s)| *s == Some(Color::Black));
            if !handicap {
                return Err("setup stones other than a handicap".into());
            }
            let stones: Vec<String> = node
                .setup
                .iter()
                .map(|&(p, _)| move_text(Move::Play(p), geo))
                .collect();
            commands.push(format!("set_free_handicap {}", stones.join(" ")));
        }
        if let Some((color, mv)) = node.mv {
            let c = if color == Color::Black { "B" } else { "W" };
            commands.push(format!("play {c} {}", move_text(mv, geo)));
        }
    }
    for c in &commands {
        gtp(&mut session, c)?;
    }
    let cpu = tengen_gtp::cputime::process_cpu_time();
    let start = Instant::now();
    let reply = gtp(&mut session, "final_score")?;
    let millis = start.elapsed().as_secs_f64() * 1000.0;
    let cpu_millis = cpu
        .zip(tengen_gtp::cputime::process_cpu_time())
        .map(|(before, after)| after.saturating_sub(before).as_secs_f64() * 1000.0);
    let score = parse_result(&reply).ok_or_else(|| format!("final_score said {reply:?}"))?;
    let points = |text: String| -> Result<Vec<Point>, String> {
        let mut v = Vec::new();
        for word in text.split_whitespace() {
            match parse_move(word, geo) {
                Ok(Move::Play(p)) => v.push(p),
                _ => return Err(format!("bad vertex {word:?}")),
            }
        }
        v.sort();
        Ok(v)
    };
    let dead = points(gtp(&mut session, "final_status_list dead")?)?;
    let seki = points(gtp(&mut session, "final_status_list seki")?)?;
    Ok(Judgement {
        reply,
        score,
        dead,
        seki,
        millis,
        cpu_millis,
    })
}

/// One GTP command to `session`; its reply text, or the error reply.
fn gtp(session: &mut Session, text: &str) -> Result<String, String> {
    let Line::Command(command) = parse_line(text.as_bytes()) else {
        return Err(format!("not a command: {text}"));
    };
    match session.execute(&command) {
        Outcome::Reply(Ok(reply)) => Ok(reply),
        Outcome::Reply(Err(e)) => Err(format!("{text}: ? {e}")),
        _ => Err(format!("{text}: unexpected search")),
    }
}

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

/// How tengen's count differs from the players'.
pub fn explain(game: &Game, judged: &Judgement, recorded: f64) -> String {
    let board = game.board();
    // The players' unit is the loose group, but a slip (a stone left in atari unmarked) can be
    // one chain of a group whose other chains live: such a chain, dead for us, is a candidate
    // too. Only those: with every chain a candidate, some flip matches the result by chance.
    let mut groups = loose_groups(board);
    let mut chains_in_atari = Vec::new();
    for (color, stones) in &groups {
        let mut heads: Vec<Point> = stones.iter().map(|&p| board.chain_id(p)).collect();
        heads.sort();
        heads.dedup();
        if heads.len() > 1 {
            for head in heads {
                if !board.in_atari(head) || judged.dead.binary_search(&head).is_err() {
                    continue;
                }
                let mut chain: Vec<Point> = board.chain_stones(head).collect();
                chain.sort();
                chains_in_atari.push((*color, chain));
            }
        }
    }
    groups.extend(chains_in_atari);
    let score = |dead: &[Point]| game.score(dead).0;
    let dead_set = |flips: &[usize]| {
        let mut dead = judged.dead.clone();
        for &g in flips {
            for p in &groups[g].1 {
                match dead.binary_search(p) {
                    Ok(i) => {
                        dead.remove(i);
                    }
                    Err(i) => dead.insert(i, *p),
                }
            }
        }
        dead
    };
    let describe = |flips: &[usize]| {
        let mut parts: Vec<String> = flips
            .iter()
            .map(|&g| {
                let (color, stones) = &groups[g];
                let we_dead = judged.dead.binary_search(&stones[0]).is_ok();
                let seki = judged.seki.binary_search(&stones[0]).is_ok();
                let ours = if we_dead {
                    "dead"
                } else if seki {
                    "seki"
                } else {
                    "alive"
                };
                let theirs = if we_dead { "alive" } else { "dead" };
                // A chain left in atari at the end of a game is one the opponent could take at
                // once: players who call it alive have most likely forgotten to mark it dead.
                let in_atari = if we_dead && stones.iter().any(|&p| board.in_atari(p)) {
                    IN_ATARI
                } else {
                    ""
                };
                format!(
                    "{color} {}-stone group at {} {theirs} (we: {ours}{in_atari})",
                    stones.len(),
                    move_text(Move::Play(stones[0]), board.geometry())
                )
            })
            .collect();
        parts.sort();
        parts.join("; ")
    };
    let points = board.geometry().points_count() as f64;
    if recorded.abs() > points {
        return format!(
            "recorded margin larger than the board (recorded {}), not a count",
            tengen_engine::Score(recorded)
        );
    }
    let matches = |s: f64| (s - recorded).abs() < 1e-6;
    for g in 0..groups.len() {
        if matches(score(&dead_set(&[g]))) {
            return format!("players: {}", describe(&[g]));
        }
    }
    let overlap = |a: usize, b: usize| groups[a].1.iter().any(|p| groups[b].1.contains(p));
    for a in 0..groups.len() {
        for b in a + 1..groups.len() {
            if !overlap(a, b) && matches(score(&dead_set(&[a, b]))) {
                return format!("players: {}", describe(&[a, b]));
            }
        }
    }
    format!(
        "unexplained, off by {} (ours {}, recorded {})",
        (judged.score - recorded).abs(),
        judged.reply,
        tengen_engine::Score(recorded)
    )
}

/// One line of the results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameReport {
    pub source: String,
    pub rules: String,
    pub komi: f64,
    /// The recorded result, as Black's margin.
    pub recorded: f64,
    /// tengen's `final_score` reply, or the error that kept it from counting.
    pub ours: String,
    pub agree: bool,
    /// Milliseconds `final_score` took (wall time), and the CPU time it used.
    pub millis: f64,
    #[serde(default)]
    pub cpu_millis: Option<f64>,
    /// How the counts differ (empty when they agree).
    pub kind: String,
    /// The players' count from the saved territory, when there is one, and whether it
    /// gives the recorded result under tengen's counting.
    pub players_count: Option<String>,
    pub dead: Vec<String>,
    pub seki: Vec<String>,
    /// The stones the players removed, when the record saved their territory.
    pub players_dead: Option<Vec<String>>,
}

/// Count `game` with tengen and compare.
pub fn check(game: &CountedGame, seed: u64, threads: usize) -> GameReport {
    let mut report = GameReport {
        source: game.source.clone(),
        rules: game.rules_name.clone(),
        komi: game.rules.komi,
        recorded: game.recorded,
        ours: String::new(),
        agree: false,
        millis: 0.0,
        cpu_millis: None,
        kind: String::new(),
        players_count: None,
        dead: Vec::new(),
        seki: Vec::new(),
        players_dead: None,
    };
    let final_game = match game.final_game() {
        Ok(g) => g,
        Err(e) => {
            report.ours = format!("error: {e}");
            report.kind = "record does not replay".into();
            return report;
        }
    };
    let geo = final_game.board().geometry();
    let names =
        |v: &[Point]| -> Vec<String> { v.iter().map(|&p| move_text(Move::Play(p), geo)).collect() };
    if let Some(dead) = game.players_dead(final_game.board()) {
        report.players_count = Some(final_game.score(&dead).to_string());
        report.players_dead = Some(names(&dead));
    }
    let judged = match judge(game, seed, threads) {
        Ok(j) => j,
        Err(e) => {
            report.ours = format!("error: {e}");
            report.kind = "GTP error".into();
            return report;
        }
    };
    report.ours = judged.reply.clone();
    report.millis = judged.millis;
    report.cpu_millis = judged.cpu_millis;
    report.dead = names(&judged.dead);
    report.seki = names(&judged.seki);
    report.agree = (judged.score - game.recorded).abs() < 1e-6;
    if !report.agree {
        report.kind = match game.players_dead(final_game.board()) {
            Some(players) => against_marks(&final_game, &judged, &players, game.recorded),
            None => explain(&final_game, &judged, game.recorded),
        };
    }
    report
}

/// How tengen's count differs from the players' when the record saved their marks: either
/// the dead stones differ (how many each way), or they are the same and the arithmetic is
/// not KGS's (or the marks themselves do not give the recorded result).
fn against_marks(game: &Game, judged: &Judgement, players: &[Point], recorded: f64) -> String {
    let board = game.board();
    let ours: Vec<Point> = judged
        .dead
        .iter()
        .copied()
        .filter(|&p| board.at(p) != Cell::Empty)
        .collect();
    let only_ours = ours.iter().filter(|p| !players.contains(p)).count();
    let only_theirs = players.iter().filter(|p| !ours.contains(p)).count();
    let marks_agree = (game.score(players).0 - recorded).abs() < 1e-6;
    if only_ours == 0 && only_theirs == 0 {
        let why = if marks_agree {
            "tengen's arithmetic"
        } else {
            "the marks do not give the result either"
        };
        return format!("marks: same dead stones, count differs ({why})");
    }
    let mut parts = Vec::new();
    if only_ours > 0 {
        // Stones in atari the players did not mark, as in the explanations.
        let in_atari = only_theirs == 0
            && ours
                .iter()
                .filter(|p| !players.contains(p))
                .all(|&p| board.in_atari(p));
        parts.push(format!(
            "{only_ours} stones dead for us, alive for the players{}",
            if in_atari { IN_ATARI } else { "" }
        ));
    }
    if only_theirs > 0 {
        parts.push(format!(
            "{only_theirs} stones alive for us, dead for the players"
        ));
    }
    let tail = if marks_agree {
        ""
    } else {
        "; the marks do not give the result either"
    };
    format!("marks: {}{tail}", parts.join(", "))
}

/// What an explanation adds to a chain that tengen calls dead and that is in atari.
const IN_ATARI: &str = ", in atari";

/// The kind of a disagreement without its coordinates and sizes, for the tally.
pub fn kind_class(kind: &str) -> String {
    if let Some(rest) = kind.strip_prefix("unexplained, off by ") {
        let off: f64 = rest
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(f64::INFINITY);
        let size = match off {
            x if x <= 2.0 => "1 or 2 points",
            x if x < 10.0 => "3 to 9 points",
            _ => "10 points or more",
        };
        return format!("unexplained by changing one or two groups, off by {size}");
    }
    if kind.starts_with("unexplained") {
        return "unexplained by changing one or two groups".into();
    }
    if kind.starts_with("recorded margin larger") {
        return "recorded margin larger than the board".into();
    }
    if let Some(rest) = kind.strip_prefix("marks: ") {
        // "3 stones dead for us, alive for the players" -> "dead for us, alive for the players"
        let parts: Vec<String> = rest
            .split(", ")
            .map(|p| p.split_once(" stones ").map_or(p, |(_, s)| s).to_string())
            .collect();
        return format!("players' marks: {}", parts.join(", "));
    }
    let Some(rest) = kind.strip_prefix("players: ") else {
        return kind.to_string();
    };
    let mut parts: Vec<String> = rest
        .split("; ")
        .map(|part| {
            // "Black 3-stone group at D4 dead (we: alive)" -> "dead (we: alive)"
            let status = part.rsplit(" at ").next().unwrap_or(part);
            let status = status.split_once(' ').map_or(status, |(_, s)| s);
            format!("players say a group is {status}")
        })
        .collect();
    parts.sort();
    parts.join(" + ")
}

/// The text summary of a run: agreement overall and by rules, the kinds of disagreement, and
/// the time `final_score` took.
pub fn summary(reports: &[GameReport]) -> String {
    let mut s = String::new();
    let agree = reports.iter().filter(|r| r.agree).count();
    let n = reports.len().max(1);
    let _ = writeln!(
        s,
        "games {}, agree {} ({:.2}%)",
        reports.len(),
        agree,
        100.0 * agree as f64 / n as f64
    );
    let mut by_rules: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for r in reports {
        let e = by_rules.entry(&r.rules).or_default();
        e.0 += 1;
        e.1 += usize::from(r.agree);
    }
    for (rules, (n, a)) in by_rules {
        let _ = writeln!(s, "  {rules}: {a} of {n}");
    }
    // A record whose result needs a chain in atari counted alive most likely holds a stone the
    // players did not mark: a right count cannot agree with it.
    let unmarked = reports
        .iter()
        .filter(|r| !r.agree && r.kind.contains(IN_ATARI))
        .count();
    if unmarked > 0 {
        let rest = reports.len() - unmarked;
        let _ = writeln!(
            s,
            "  without the {unmarked} whose result needs a chain in atari counted alive: {agree} \
             of {rest} ({:.2}%)",
            100.0 * agree as f64 / rest.max(1) as f64
        );
    }
    let saved: Vec<&GameReport> = reports
        .iter()
        .filter(|r| r.players_count.is_some())
        .collect();
    if !saved.is_empty() {
        let consistent = saved
            .iter()
            .filter(|r| {
                r.players_count
                    .as_deref()
                    .and_then(parse_result)
                    .is_some_and(|c| (c - r.recorded).abs() < 1e-6)
            })
            .count();
        let same_dead = saved
            .iter()
            .filter(|r| r.players_dead.as_ref() == Some(&r.dead))
            .count();
        let _ = writeln!(
            s,
            "records with saved territory {}: their dead stones counted by tengen give the \
             recorded result in {consistent}; tengen marks the same dead stones in {same_dead}",
            saved.len()
        );
    }
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for r in reports.iter().filter(|r| !r.agree) {
        *kinds.entry(kind_class(&r.kind)).or_default() += 1;
    }
    let mut kinds: Vec<(String, usize)> = kinds.into_iter().collect();
    kinds.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    if !kinds.is_empty() {
        let _ = writeln!(s, "disagreements by kind:");
        for (k, c) in kinds {
            let _ = writeln!(s, "  {c:5}  {k}");
        }
    }
    for (what, times) in [
        (
            "wall",
            reports.iter().map(|r| r.millis).collect::<Vec<f64>>(),
        ),
        ("CPU", reports.iter().filter_map(|r| r.cpu_millis).collect()),
    ] {
        let mut times = times;
        times.sort_by(f64::total_cmp);
        if let Some(&max) = times.last() {
            let mean = times.iter().sum::<f64>() / times.len() as f64;
            let median = times[times.len() / 2];
            let over = times.iter().filter(|&&t| t >= 1000.0).count();
            let _ = writeln!(
                s,
                "final_score {what} time: mean {mean:.0} ms, median {median:.0} ms, max {max:.0} \
                 ms, {over} of {} at 1 s or more",
                times.len()
            );
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_as_black_margins() {
        assert_eq!(parse_result("B+6.5"), Some(6.5));
        assert_eq!(parse_result("W+0.50"), Some(-0.5));
        assert_eq!(parse_result("0"), Some(0.0));
        assert_eq!(parse_result("B+Resign"), None);
        assert_eq!(parse_result("W+T"), None);
        assert_eq!(parse_result("B+"), None);
    }

    #[test]
    fn disagreements_are_tallied_by_kind_and_size() {
        let off = |n: f64| kind_class(&format!("unexplained, off by {n} (ours B+{n}, recorded 0)"));
        assert_eq!(off(1.0), off(2.0));
        assert_ne!(off(2.0), off(3.0));
        assert_eq!(off(3.0), off(9.0));
        assert_ne!(off(9.0), off(10.0));
        assert_eq!(
            kind_class("marks: 3 stones dead for us, alive for the players"),
            kind_class("marks: 12 stones dead for us, alive for the players")
        );
        assert_eq!(
            kind_class("players: black 3-stone group at D4 dead (we: alive)"),
            "players say a group is dead (we: alive)"
        );
    }

    #[test]
    fn the_summary_sets_apart_records_that_need_a_chain_in_atari_alive() {
        let report = |agree: bool, kind: &str| GameReport {
            source: "test:1".into(),
            rules: "Japanese".into(),
            komi: 6.5,
            recorded: 0.5,
            ours: "B+0.5".into(),
            agree,
            millis: 1.0,
            cpu_millis: None,
            kind: kind.into(),
            players_count: None,
            dead: Vec::new(),
            seki: Vec::new(),
            players_dead: None,
        };
        let reports = [
            report(true, ""),
            report(true, ""),
            report(
                false,
                "players: white 1-stone group at C1 alive (we: dead, in atari)",
            ),
            report(false, "players: white 5-stone group at C1 alive (we: dead)"),
        ];
        let s = summary(&reports);
        assert!(s.contains("agree 2 (50.00%)"), "{s}");
        assert!(
            s.contains("without the 1 whose result needs a chain in atari counted alive: 2 of 3"),
            "{s}"
        );
    }

    #[test]
    fn kgs_rule_names_count_by_area_or_territory() {
        assert_eq!(kgs_rules("Japanese").unwrap().scoring, Scoring::Territory);
        for name in ["Chinese", "AGA", "NZ"] {
            assert_eq!(kgs_rules(name).unwrap().scoring, Scoring::Area, "{name}");
        }
        assert!(kgs_rules("Ing").is_none());
    }

    /// Players who leave a stone in atari on the board unmarked count it alive; the
    /// explanation finds that chain, though its loose group holds a living chain too, and says
    /// it is in atari.
    #[test]
    fn a_stone_left_in_atari_is_named_in_the_explanation() {
        let mut game = Game::new(5, Rules::chinese()).unwrap();
        let geo = game.board().geometry();
        // E4 and E2 make one loose group (they share the liberty E3); only E4 is dead.
        let rows = [".XO.O", "XXOOX", ".XOO.", "XXO.X", ".XO.."];
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let stone = match c {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                };
                game.setup(geo.point(x, 4 - y), stone);
            }
        }
        game.set_komi(0.5);
        let e4 = geo.point(4, 3);
        assert!(game.board().in_atari(e4));
        let judged = Judgement {
            reply: String::new(),
            score: game.score(&[e4]).0,
            dead: vec![e4],
            seki: vec![],
            millis: 0.0,
            cpu_millis: None,
        };
        let kind = explain(&game, &judged, game.score(&[]).0);
        assert_eq!(
            kind,
            "players: black 1-stone group at E4 alive (we: dead, in atari)"
        );
        assert_eq!(
            kind_class(&kind),
            "players say a group is alive (we: dead, in atari)"
        );
    }

    /// A tiny finished game: Black owns the left, White the right, a dead stone of each in
    /// the other's area; the saved territory says so and tengen's count must agree.
    #[test]
    fn a_counted_record_is_judged_through_gtp() {
        let sgf = "(;GM[1]SZ[5]KM[0.5]RU[Chinese]RE[B+4.5]\
                   ;B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[ca];W[da]\
                   ;B[eb];W[aa];B[];W[]TB[aa][ab][ac][ad][ae][ba][bb][bc][bd][be]TW[ea][eb][ec][ed][ee])";
        let game = CountedGame::from_sgf(sgf, "test").unwrap().unwrap();
        assert_eq!(game.recorded, 4.5);
        let board = game.final_game().unwrap();
        let dead = game.players_dead(board.board()).unwrap();
        assert_eq!(dead.len(), 2, "the white stone at A5, the black one at E4");
        assert_eq!(board.score(&dead).0, 4.5);
        let report = check(&game, 1, 1);
        assert!(report.agree, "{report:?}");
        assert_eq!(report.dead, ["E4", "A5"], "board order, bottom row first");
    }
}
