//! Search reports as text: the `info` lines of the Leela Zero and KataGo analysis protocols
//! (what Sabaki and Lizzie parse) and the displays GoGui's analyze commands show.
//!
//! All values are from the point of view of the colour that was searched. Pass never appears as
//! a candidate (Sabaki's parser drops such entries), and a principal variation stops at its
//! first pass.

use tengen_engine::coord::move_text;
use tengen_engine::player::{Analysis, Candidate};
use tengen_engine::{Color, Geometry, Move};

/// Which program's analysis dialect to speak.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `lz-analyze`: win rate, prior and lcb as integers 0..10000.
    Leela,
    /// `kata-analyze`: floats in 0..1, score lead, optional ownership.
    Kata,
}

/// How an analysis stream is printed (the arguments of `lz-analyze`/`kata-analyze`).
#[derive(Clone, Debug, PartialEq)]
pub struct StreamFormat {
    pub dialect: Dialect,
    /// Append the ownership map (KataGo's `ownership true`).
    pub ownership: bool,
    /// Print at most this many candidates (`maxmoves`).
    pub max_moves: usize,
}

/// One `info ...` line with every candidate, or `None` when there is nothing to show yet.
pub fn info_line(
    format: &StreamFormat,
    analysis: &Analysis,
    geo: Geometry,
    color: Color,
) -> Option<String> {
    let shown: Vec<&Candidate> = analysis
        .candidates
        .iter()
        .filter(|c| c.mv != Move::Pass && c.visits > 0)
        .take(format.max_moves)
        .collect();
    if shown.is_empty() {
        return None;
    }
    let mut parts: Vec<String> = shown
        .iter()
        .enumerate()
        .map(|(order, c)| candidate_text(format.dialect, c, order, geo))
        .collect();
    if format.ownership && format.dialect == Dialect::Kata && !analysis.ownership.is_empty() {
        let values: Vec<String> = ownership_rows(&analysis.ownership, geo)
            .into_iter()
            .flatten()
            .map(|v| format!("{:.4}", v * color.sign() as f32))
            .collect();
        parts.push(format!("ownership {}", values.join(" ")));
    }
    Some(parts.join(" "))
}

fn candidate_text(dialect: Dialect, c: &Candidate, order: usize, geo: Geometry) -> String {
    let mv = move_text(c.mv, geo);
    let pv = pv_text(c, geo);
    match dialect {
        Dialect::Leela => format!(
            "info move {mv} visits {} winrate {} prior {} lcb {} order {order} pv {pv}",
            c.visits,
            per_ten_thousand(c.winrate),
            per_ten_thousand(c.prior),
            per_ten_thousand(c.lcb),
        ),
        Dialect::Kata => {
            let winrate = unit(c.winrate);
            let lead = finite(c.score_lead);
            format!(
                "info move {mv} visits {} utility {:.6} winrate {winrate:.6} scoreMean {lead:.3} \
                 scoreLead {lead:.3} prior {:.6} lcb {:.6} order {order} pv {pv}",
                c.visits,
                2.0 * winrate - 1.0,
                unit(c.prior),
                unit(c.lcb),
            )
        }
    }
}

/// The principal variation up to its first pass; it always starts with the candidate's move.
fn pv_text(c: &Candidate, geo: Geometry) -> String {
    let pv: Vec<Move> = if c.pv.first() == Some(&c.mv) {
        c.pv.iter()
            .copied()
            .take_while(|&m| m != Move::Pass)
            .collect()
    } else {
        vec![c.mv]
    };
    pv.iter()
        .map(|&m| move_text(m, geo))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A probability as Leela Zero prints it: an integer 0..=10000.
fn per_ten_thousand(p: f32) -> i64 {
    (f64::from(unit(p)) * 10_000.0).round() as i64
}

/// A probability clamped into 0..=1 (0.5 if it is not a number).
fn unit(p: f32) -> f32 {
    if p.is_nan() {
        0.5
    } else {
        p.clamp(0.0, 1.0)
    }
}

fn finite(x: f32) -> f32 {
    if x.is_finite() {
        x
    } else {
        0.0
    }
}

/// Ownership (Black positive, in [`Geometry::points`] order) as rows from the top, each left
/// to right: the order of KataGo's `ownership` and of GoGui's `dboard`.
pub fn ownership_rows(ownership: &[f32], geo: Geometry) -> Vec<Vec<f32>> {
    let n = geo.size();
    (0..n)
        .rev()
        .map(|row| {
            (0..n)
                .map(|col| finite(ownership.get(row * n + col).copied().unwrap_or(0.0)))
                .collect()
        })
        .collect()
}

/// What a GoGui analyze command shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Display {
    /// `dboard`: who owns each point, -1 (White) to +1 (Black).
    Ownership,
    /// `gfx`: visit counts as labels, the best move marked.
    Visits,
    /// `gfx`: the principal variation as numbered stones.
    Variation,
    /// `string`: visits, win rate, score and the best candidates.
    Statistics,
}

/// The reply text of a GoGui display for a search of `color`.
pub fn display_text(
    display: Display,
    analysis: &Analysis,
    geo: Geometry,
    color: Color,
) -> Result<String, String> {
    let best = analysis
        .candidates
        .iter()
        .find(|c| c.mv != Move::Pass && c.visits > 0);
    match display {
        Display::Ownership => {
            if analysis.ownership.is_empty() {
                return Err("the engine keeps no ownership".into());
            }
            Ok(ownership_rows(&analysis.ownership, geo)
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|v| format!("{:.2}", v.clamp(-1.0, 1.0)))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect::<Vec<_>>()
                .join("\n"))
        }
        Display::Visits => {
            let mut lines: Vec<String> = analysis
                .candidates
                .iter()
                .filter(|c| c.mv != Move::Pass && c.visits > 0)
                .map(|c| format!("LABEL {} {}", move_text(c.mv, geo), c.visits))
                .collect();
            if let Some(b) = best {
                lines.push(format!("SQUARE {}", move_text(b.mv, geo)));
            }
            lines.push(format!("TEXT {}", visits_text(analysis)));
            Ok(lines.join("\n"))
        }
        Display::Variation => {
            Ok(best.map_or("TEXT no variation".into(), |b| variation(b, geo, color)))
        }
        Display::Statistics => {
            let mut lines = vec![
                visits_text(analysis),
                format!(
                    "{color} wins {:.1}%, score lead {:+.1}",
                    100.0 * unit(analysis.winrate),
                    finite(analysis.score_lead)
                ),
            ];
            for c in analysis.candidates.iter().take(STATISTICS_CANDIDATES) {
                lines.push(format!(
                    "{:<5} visits {:>8}  wins {:5.1}%  pv {}",
                    move_text(c.mv, geo),
                    c.visits,
                    100.0 * unit(c.winrate),
                    pv_text(c, geo)
                ));
            }
            Ok(lines.join("\n"))
        }
    }
}

/// How much the tree holds (the root's visits, which the candidates' visits add up to, also
/// after tree reuse) and how much of it this search added.
fn visits_text(analysis: &Analysis) -> String {
    format!(
        "{} visits ({} playouts in this search)",
        analysis.root_visits, analysis.playouts
    )
}

/// `VAR b D4 w Q16 ...`: a candidate's principal variation as GoGui's `gfx` draws it.
fn variation(c: &Candidate, geo: Geometry, color: Color) -> String {
    let mut to_move = color;
    let mut var = String::from("VAR");
    for m in pv_text(c, geo).split(' ') {
        var.push_str(&format!(" {} {m}", color_letter(to_move)));
        to_move = to_move.opponent();
    }
    var
}

/// GoGui's live graphics for a search in progress: written to stderr, the block after a
/// `gogui-gfx:` line (ended by an empty line) shows the best variation, the visits of the
/// leading candidates and a status line. `None` while there is nothing to show.
pub fn live_gfx(analysis: &Analysis, geo: Geometry, color: Color) -> Option<String> {
    let shown: Vec<&Candidate> = analysis
        .candidates
        .iter()
        .filter(|c| c.mv != Move::Pass && c.visits > 0)
        .take(LIVE_GFX_CANDIDATES)
        .collect();
    let best = shown.first()?;
    let labels: Vec<String> = shown
        .iter()
        .map(|c| format!("{} {}", move_text(c.mv, geo), c.visits))
        .collect();
    Some(format!(
        "gogui-gfx:\n{}\nLABEL {}\nTEXT {}, {color} wins {:.1}%\n\n",
        variation(best, geo, color),
        labels.join(" "),
        visits_text(analysis),
        100.0 * unit(analysis.winrate),
    ))
}

/// How many candidates live graphics label.
const LIVE_GFX_CANDIDATES: usize = 10;

/// How many candidates the statistics display lists.
const STATISTICS_CANDIDATES: usize = 10;

fn color_letter(color: Color) -> char {
    match color {
        Color::Black => 'b',
        Color::White => 'w',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_engine::coord::parse_move;

    fn candidate(geo: Geometry, mv: &str, visits: u64, winrate: f32, pv: &str) -> Candidate {
        Candidate {
            mv: parse_move(mv, geo).unwrap(),
            visits,
            winrate,
            prior: 0.25,
            lcb: winrate - 0.01,
            score_lead: 1.5,
            pv: pv
                .split_whitespace()
                .map(|m| parse_move(m, geo).unwrap())
                .collect(),
        }
    }

    fn sample(geo: Geometry) -> Analysis {
        Analysis {
            // The last 40 playouts, after 90 kept from an earlier search.
            playouts: 40,
            root_visits: 130,
            candidates: vec![
                candidate(geo, "D4", 100, 0.61, "D4 E5 pass C3"),
                candidate(geo, "pass", 20, 0.3, "pass"),
                candidate(geo, "E5", 10, 0.4, "C3"),
            ],
            ownership: (0..25).map(|i| i as f32 / 25.0).collect(),
            winrate: 0.61,
            score_lead: 1.5,
        }
    }

    #[test]
    fn leela_line_has_integer_rates_and_no_pass() {
        let geo = Geometry::new(5).unwrap();
        let format = StreamFormat {
            dialect: Dialect::Leela,
            ownership: false,
            max_moves: 10,
        };
        let line = info_line(&format, &sample(geo), geo, Color::Black).unwrap();
        assert_eq!(
            line,
            "info move D4 visits 100 winrate 6100 prior 2500 lcb 6000 order 0 pv D4 E5 \
             info move E5 visits 10 winrate 4000 prior 2500 lcb 3900 order 1 pv E5"
        );
    }

    #[test]
    fn kata_line_has_floats_and_ownership_from_the_top_left() {
        let geo = Geometry::new(5).unwrap();
        let format = StreamFormat {
            dialect: Dialect::Kata,
            ownership: true,
            max_moves: 1,
        };
        let line = info_line(&format, &sample(geo), geo, Color::White).unwrap();
        assert!(line.starts_with("info move D4 visits 100 utility 0.220000 winrate 0.610000"));
        assert!(line.contains("scoreLead 1.500 prior 0.250000"));
        assert!(!line.contains("E5 visits"), "max_moves 1");
        let own: Vec<&str> = line
            .split(" ownership ")
            .nth(1)
            .unwrap()
            .split(' ')
            .collect();
        assert_eq!(own.len(), 25);
        // A5 (index 20 from the bottom left) comes first, negated for White.
        assert_eq!(own[0], "-0.8000");
        assert_eq!(own[24], "-0.1600");
    }

    #[test]
    fn nothing_to_show_gives_no_line() {
        let geo = Geometry::new(9).unwrap();
        let format = StreamFormat {
            dialect: Dialect::Leela,
            ownership: false,
            max_moves: 10,
        };
        assert_eq!(
            info_line(&format, &Analysis::default(), geo, Color::Black),
            None
        );
    }

    #[test]
    fn live_graphics_block() {
        let geo = Geometry::new(5).unwrap();
        let text = live_gfx(&sample(geo), geo, Color::Black).unwrap();
        assert_eq!(
            text,
            "gogui-gfx:\nVAR b D4 w E5\nLABEL D4 100 E5 10\nTEXT 130 visits (40 playouts in this search), black wins 61.0%\n\n"
        );
        assert_eq!(live_gfx(&Analysis::default(), geo, Color::Black), None);
    }

    #[test]
    fn gogui_displays() {
        let geo = Geometry::new(5).unwrap();
        let a = sample(geo);
        let var = display_text(Display::Variation, &a, geo, Color::White).unwrap();
        assert_eq!(var, "VAR w D4 b E5");
        let visits = display_text(Display::Visits, &a, geo, Color::White).unwrap();
        assert_eq!(
            visits,
            "LABEL D4 100\nLABEL E5 10\nSQUARE D4\nTEXT 130 visits (40 playouts in this search)"
        );
        let own = display_text(Display::Ownership, &a, geo, Color::White).unwrap();
        assert_eq!(own.lines().count(), 5);
        assert_eq!(own.lines().next(), Some("0.80 0.84 0.88 0.92 0.96"));
        let stats = display_text(Display::Statistics, &a, geo, Color::Black).unwrap();
        assert!(
            stats.starts_with("130 visits (40 playouts in this search)\nblack wins 61.0%"),
            "{stats}"
        );
        assert!(display_text(Display::Ownership, &Analysis::default(), geo, Color::Black).is_err());
    }
}
