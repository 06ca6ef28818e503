//! SGF (`FF[4]`) reading and writing, for Go games: the main line only.
//!
//! Reading is two steps: [`parse_main_line`] turns text into the properties of each node on the
//! main line (the first variation at every branch), then [`GameRecord::from_nodes`] reads the Go
//! meaning (size, komi, handicap, setup, moves, result). Malformed input is an error, never a
//! panic; the parser is iterative, so deep nesting cannot overflow the stack.

use crate::game::{Action, Game};
use crate::geometry::{Geometry, MAX_SIZE};
use crate::rules::Rules;
use crate::types::{Color, Move, Point};
use std::fmt;

/// What is wrong with an SGF text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfError(pub String);

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad SGF: {}", self.0)
    }
}

impl std::error::Error for SgfError {}

fn err<T>(msg: impl Into<String>) -> Result<T, SgfError> {
    Err(SgfError(msg.into()))
}

/// One property: identifier (upper-case letters) and its values, unescaped.
pub type Property = (String, Vec<String>);

/// The nodes of the first game tree's main line, each a list of properties.
pub fn parse_main_line(text: &str) -> Result<Vec<Vec<Property>>, SgfError> {
    let bytes = text.as_bytes();
    let mut pos = match bytes.iter().position(|&b| b == b'(') {
        Some(p) => p,
        None => return err("no game tree"),
    };
    let mut nodes: Vec<Vec<Property>> = Vec::new();
    let mut depth = 0usize;
    let mut main_line_open = true;
    let mut expect_node = false;
    while pos < bytes.len() {
        let b = bytes[pos];
        match b {
            b'(' => {
                depth += 1;
                expect_node = true;
                pos += 1;
            }
            b')' => {
                if expect_node {
                    return err("empty game tree");
                }
                depth -= 1;
                main_line_open = false;
                pos += 1;
                if depth == 0 {
                    break;
                }
            }
            b';' => {
                expect_node = false;
                pos += 1;
                let mut props = Vec::new();
                loop {
                    while pos < bytes.len() && bytes[pos].is_ascii_whitespace() {
                        pos += 1;
                    }
                    if pos >= bytes.len() || !bytes[pos].is_ascii_alphabetic() {
                        break;
                    }
                    let (prop, next) = parse_property(bytes, pos)?;
                    pos = next;
                    props.push(prop);
                }
                if main_line_open {
                    nodes.push(props);
                }
            }
            b if b.is_ascii_whitespace() => pos += 1,
            _ => {
                if expect_node {
                    return err("a game tree must start with a node");
                }
                return err(format!(
                    "unexpected character {:?} at byte {pos}",
                    b as char
                ));
            }
        }
    }
    if depth != 0 {
        return err("unbalanced parentheses");
    }
    if nodes.is_empty() {
        return err("no nodes");
    }
    Ok(nodes)
}

/// Parse `IDENT[value][value]...` starting at `pos`; returns the property and the next position.
fn parse_property(bytes: &[u8], mut pos: usize) -> Result<(Property, usize), SgfError> {
    let mut ident = String::new();
    while pos < bytes.len() && bytes[pos].is_ascii_alphabetic() {
        // FF[3] allowed lower-case letters inside identifiers (`AddBlack`); they are ignored.
        if bytes[pos].is_ascii_uppercase() {
            ident.push(bytes[pos] as char);
        }
        pos += 1;
    }
    if ident.is_empty() {
        return err("property identifier without upper-case letters");
    }
    let mut values = Vec::new();
    loop {
        while pos < bytes.len() && bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if pos >= bytes.len() || bytes[pos] != b'[' {
            break;
        }
        pos += 1;
        let mut value = Vec::new();
        loop {
            match bytes.get(pos) {
                None => return err(format!("unterminated value of {ident}")),
                Some(b']') => {
                    pos += 1;
                    break;
                }
                Some(b'\\') => {
                    pos += 1;
                    match bytes.get(pos) {
                        None => return err(format!("unterminated value of {ident}")),
                        // A soft line break: backslash-newline is removed.
                        Some(b'\n') => {
                            pos += 1;
                            if bytes.get(pos) == Some(&b'\r') {
                                pos += 1;
                            }
                        }
                        Some(b'\r') => {
                            pos += 1;
                            if bytes.get(pos) == Some(&b'\n') {
                                pos += 1;
                            }
                        }
                        Some(&c) => {
                            value.push(c);
                            pos += 1;
                        }
                    }
                }
                Some(&c) => {
                    value.push(c);
                    pos += 1;
                }
            }
        }
        values.push(String::from_utf8_lossy(&value).into_owned());
    }
    if values.is_empty() {
        return err(format!("property {ident} has no value"));
    }
    Ok(((ident, values), pos))
}

/// One node of a game record's main line, as far as Go is concerned.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordNode {
    /// Setup stones (`AB`, `AW`) and emptied points (`AE`, `None`).
    pub setup: Vec<(Point, Option<Color>)>,
    /// The move (`B`, `W`), if any.
    pub mv: Option<(Color, Move)>,
    /// The player to move next (`PL`).
    pub to_move: Option<Color>,
    /// Other properties kept for writing (comments `C`, time left `BL`/`WL`, ...), one value each.
    pub extra: Vec<(String, String)>,
}

/// A game as SGF stores it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub size: usize,
    pub komi: Option<f64>,
    /// Number of handicap stones (`HA`); the stones themselves are setup in the first node.
    pub handicap: usize,
    /// The rules text (`RU`).
    pub rules: Option<String>,
    /// The result text (`RE`), e.g. `B+R`, `W+3.5`, `0`.
    pub result: Option<String>,
    pub black_name: Option<String>,
    pub white_name: Option<String>,
    /// Other root properties kept for writing (`PC`, `DT`, `GN`, `C`...), one value each.
    pub root_extra: Vec<(String, String)>,
    /// The main line; the first node is the root (its setup is the initial position).
    pub nodes: Vec<RecordNode>,
}

impl GameRecord {
    /// Read SGF text.
    pub fn parse(text: &str) -> Result<GameRecord, SgfError> {
        GameRecord::from_nodes(&parse_main_line(text)?)
    }

    /// Read the Go meaning of parsed nodes.
    pub fn from_nodes(nodes: &[Vec<Property>]) -> Result<GameRecord, SgfError> {
        let root = nodes.first().ok_or_else(|| SgfError("no nodes".into()))?;
        let first = |id: &str| -> Option<&str> {
            root.iter().find(|(i, _)| i == id).map(|(_, v)| v[0].trim())
        };
        if let Some(gm) = first("GM") {
            if gm != "1" {
                return err(format!("not a Go game (GM[{gm}])"));
            }
        }
        let size = match first("SZ") {
            None => 19,
            Some(s) => {
                let (a, b) = s.split_once(':').unwrap_or((s, s));
                let (a, b) = (a.trim().parse::<usize>(), b.trim().parse::<usize>());
                match (a, b) {
                    (Ok(a), Ok(b)) if a == b && (2..=MAX_SIZE).contains(&a) => a,
                    _ => return err(format!("unsupported board size {s:?}")),
                }
            }
        };
        let geo = Geometry::new(size).expect("size checked");
        let komi = match first("KM") {
            None | Some("") => None,
            Some(k) => Some(
                k.parse::<f64>()
                    .ok()
                    .filter(|k| k.is_finite())
                    .ok_or_else(|| SgfError(format!("bad komi {k:?}")))?,
            ),
        };
        let handicap = match first("HA") {
            None | Some("") => 0,
            Some(h) => h
                .parse::<usize>()
                .ok()
                .filter(|&h| h <= geo.points_count())
                .ok_or_else(|| SgfError(format!("bad handicap {h:?}")))?,
        };
        let text = |id: &str| first(id).map(str::to_string);
        let mut record = GameRecord {
            size,
            komi,
            handicap,
            rules: text("RU"),
            result: text("RE"),
            black_name: text("PB"),
            white_name: text("PW"),
            root_extra: Vec::new(),
            nodes: Vec::new(),
        };
        const ROOT_KNOWN: [&str; 10] = ["GM", "FF", "CA", "SZ", "KM", "HA", "RU", "RE", "PB", "PW"];
        for (i, props) in nodes.iter().enumerate() {
            let mut node = RecordNode::default();
            for (id, values) in props {
                match id.as_str() {
                    "B" | "W" => {
                        let color = if id == "B" {
                            Color::Black
                        } else {
                            Color::White
                        };
                        node.mv = Some((color, sgf_move(&values[0], geo)?));
                    }
                    "AB" | "AW" | "AE" => {
                        let stone = match id.as_str() {
                            "AB" => Some(Color::Black),
                            "AW" => Some(Color::White),
                            _ => None,
                        };
                        for v in values {
                            for p in sgf_points(v, geo)? {
                                node.setup.push((p, stone));
                            }
                        }
                    }
                    "PL" => {
                        node.to_move = Some(match values[0].trim() {
                            "B" | "b" | "1" => Color::Black,
                            "W" | "w" | "2" => Color::White,
                            v => return err(format!("bad PL[{v}]")),
                        })
                    }
                    _ if i == 0 && ROOT_KNOWN.contains(&id.as_str()) => {}
                    _ if i == 0 => record.root_extra.push((id.clone(), values[0].clone())),
                    _ => node.extra.push((id.clone(), values[0].clone())),
                }
            }
            record.nodes.push(node);
        }
        Ok(record)
    }

    /// The record of a game so far, with `result` if it has one.
    pub fn from_game(game: &Game) -> GameRecord {
        let mut nodes = vec![RecordNode::default()];
        let mut handicap = 0;
        for action in game.actions() {
            match action {
                Action::Handicap(points) => {
                    handicap = points.len();
                    let root = &mut nodes[0];
                    root.setup
                        .extend(points.iter().map(|&p| (p, Some(Color::Black))));
                    root.to_move = Some(Color::White);
                }
                Action::Setup(p, stone) => {
                    // Setup goes into the root while no move has been made, else its own node.
                    if nodes.len() == 1 {
                        // SGF writes a node's setup grouped by kind, so only the last change
                        // of each point may stay (a point set twice would come back wrong).
                        nodes[0].setup.retain(|(q, _)| q != p);
                        nodes[0].setup.push((*p, *stone));
                    } else {
                        nodes.push(RecordNode {
                            setup: vec![(*p, *stone)],
                            ..RecordNode::default()
                        });
                    }
                }
                Action::Move(c, m) => nodes.push(RecordNode {
                    mv: Some((*c, *m)),
                    ..RecordNode::default()
                }),
            }
        }
        // If setup stones were placed, record whose turn it is.
        if nodes.len() == 1 && !nodes[0].setup.is_empty() {
            nodes[0].to_move = Some(game.to_move());
        }
        GameRecord {
            size: game.board().size(),
            komi: Some(game.rules().komi),
            handicap: handicap.max(game.handicap()),
            rules: Some(rules_name(game.rules())),
            result: None,
            black_name: None,
            white_name: None,
            root_extra: Vec::new(),
            nodes,
        }
    }

    /// SGF text: one root node, then one node per move.
    pub fn to_sgf(&self) -> String {
        let geo = Geometry::new(self.size).expect("a record's size is valid");
        let mut s = String::from("(;GM[1]FF[4]CA[UTF-8]");
        s.push_str(&format!("SZ[{}]", self.size));
        if let Some(k) = self.komi {
            s.push_str(&format!("KM[{k}]"));
        }
        if self.handicap > 0 {
            s.push_str(&format!("HA[{}]", self.handicap));
        }
        let prop = |s: &mut String, id: &str, v: &Option<String>| {
            if let Some(v) = v {
                s.push_str(&format!("{id}[{}]", escape(v)));
            }
        };
        prop(&mut s, "RU", &self.rules);
        prop(&mut s, "PB", &self.black_name);
        prop(&mut s, "PW", &self.white_name);
        prop(&mut s, "RE", &self.result);
        for (id, v) in &self.root_extra {
            s.push_str(&format!("{id}[{}]", escape(v)));
        }
        for (i, node) in self.nodes.iter().enumerate() {
            if i > 0 {
                s.push_str("\n;");
            }
            for (id, stone) in [
                ("AB", Some(Color::Black)),
                ("AW", Some(Color::White)),
                ("AE", None),
            ] {
                let pts: Vec<String> = node
                    .setup
                    .iter()
                    .filter(|(_, st)| *st == stone)
                    .map(|&(p, _)| format!("[{}]", sgf_point(p, geo)))
                    .collect();
                if !pts.is_empty() {
                    s.push_str(id);
                    s.push_str(&pts.concat());
                }
            }
            if let Some(c) = node.to_move {
                s.push_str(if c == Color::Black { "PL[B]" } else { "PL[W]" });
            }
            if let Some((c, m)) = node.mv {
                let id = if c == Color::Black { "B" } else { "W" };
                let v = match m {
                    Move::Pass => String::new(),
                    Move::Play(p) => sgf_point(p, geo),
                };
                s.push_str(&format!("{id}[{v}]"));
            }
            for (id, v) in &node.extra {
                s.push_str(&format!("{id}[{}]", escape(v)));
            }
        }
        s.push_str(")\n");
        s
    }

    /// Number of moves on the main line.
    pub fn move_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.mv.is_some()).count()
    }

    /// Replay the record into a game under `rules` (komi from the record when it has one).
    /// With `before_move = Some(n)`, stop at the position before move `n` (1-based, as GTP's
    /// `loadsgf file n`: `1` is the setup position), with move `n`'s colour to play; moves past
    /// the end are ignored. Moves are played as recorded, ko and superko unchecked
    /// ([`Game::play_recorded`]); a move on an occupied point or a suicide the rules forbid is
    /// an error.
    pub fn replay(&self, rules: Rules, before_move: Option<usize>) -> Result<Game, SgfError> {
        let mut rules = rules;
        if let Some(k) = self.komi {
            rules.komi = k;
        }
        let mut game = Game::new(self.size, rules).expect("record size is valid");
        let limit = before_move.map_or(usize::MAX, |n| n.saturating_sub(1));
        let mut played = 0;
        for (i, node) in self.nodes.iter().enumerate() {
            let handicap_root = i == 0
                && self.handicap >= 2
                && node.setup.len() == self.handicap
                && node.setup.iter().all(|(_, s)| *s == Some(Color::Black));
            if handicap_root {
                let points: Vec<Point> = node.setup.iter().map(|&(p, _)| p).collect();
                game.place_handicap(&points)
                    .map_err(|e| SgfError(format!("handicap: {e}")))?;
            } else {
                for &(p, stone) in &node.setup {
                    game.setup(p, stone);
                }
                if i == 0 && self.handicap > 0 && !node.setup.is_empty() {
                    game.set_handicap_count(self.handicap);
                    game.set_to_move(Color::White);
                }
            }
            if let Some((color, mv)) = node.mv {
                if played >= limit {
                    game.set_to_move(color);
                    break;
                }
                game.play_recorded(color, mv)
                    .map_err(|e| SgfError(format!("move {}: {e}", played + 1)))?;
                played += 1;
            }
            if let Some(c) = node.to_move {
                game.set_to_move(c);
            }
        }
        Ok(game)
    }
}

/// The rules text written to `RU`.
fn rules_name(rules: &Rules) -> String {
    match rules.preset_name() {
        Some("chinese") => "Chinese".into(),
        Some("japanese") => "Japanese".into(),
        Some("tromp-taylor") => "Tromp-Taylor".into(),
        _ => format!("{:?} {:?}", rules.scoring, rules.ko),
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace(']', "\\]")
}

/// `aa` is the top-left point; letters a..y.
fn sgf_point(p: Point, geo: Geometry) -> String {
    let (c, r) = geo.col_row(p);
    let y = geo.size() - 1 - r;
    format!("{}{}", (b'a' + c as u8) as char, (b'a' + y as u8) as char)
}

fn parse_sgf_point(v: &str, geo: Geometry) -> Result<Point, SgfError> {
    let b = v.trim().as_bytes();
    let coord = |ch: u8| -> Option<usize> {
        ch.is_ascii_lowercase()
            .then(|| (ch - b'a') as usize)
            .filter(|&i| i < geo.size())
    };
    match b {
        [x, y] => match (coord(*x), coord(*y)) {
            (Some(c), Some(y)) => Ok(geo.point(c, geo.size() - 1 - y)),
            _ => err(format!("point {v:?} off the board")),
        },
        _ => err(format!("bad point {v:?}")),
    }
}

/// A move value: a point, or a pass (`[]`, or `[tt]` on boards up to 19x19).
fn sgf_move(v: &str, geo: Geometry) -> Result<Move, SgfError> {
    let t = v.trim();
    if t.is_empty() || (t == "tt" && geo.size() <= 19) {
        return Ok(Move::Pass);
    }
    parse_sgf_point(t, geo).map(Move::Play)
}

/// A point list value: a point or a compressed rectangle `aa:cc`.
pub fn sgf_points(v: &str, geo: Geometry) -> Result<Vec<Point>, SgfError> {
    match v.split_once(':') {
        None => Ok(vec![parse_sgf_point(v, geo)?]),
        Some((a, b)) => {
            let (a, b) = (parse_sgf_point(a, geo)?, parse_sgf_point(b, geo)?);
            let ((c1, r1), (c2, r2)) = (geo.col_row(a), geo.col_row(b));
            let mut v = Vec::new();
            for r in r1.min(r2)..=r1.max(r2) {
                for c in c1.min(c2)..=c1.max(c2) {
                    v.push(geo.point(c, r));
                }
            }
            Ok(v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::parse_move;
    use crate::types::Cell;

    #[test]
    fn reads_root_info_setup_and_moves() {
        let text = "(;GM[1]FF[4]SZ[9]KM[6.5]HA[2]RU[Japanese]PB[Honinbo \\] Shusaku]RE[B+R]\
                    AB[cc][gg]PL[W]C[start];W[ee];B[];W[tt](;B[dd])(;B[ff]))";
        let r = GameRecord::parse(text).unwrap();
        assert_eq!(r.size, 9);
        assert_eq!(r.komi, Some(6.5));
        assert_eq!(r.handicap, 2);
        assert_eq!(r.black_name.as_deref(), Some("Honinbo ] Shusaku"));
        assert_eq!(r.result.as_deref(), Some("B+R"));
        assert_eq!(r.move_count(), 4, "main line follows the first variation");
        let g = r.replay(Rules::chinese(), None).unwrap();
        assert_eq!(g.handicap(), 2);
        assert_eq!(g.rules().komi, 6.5);
        let geo = g.board().geometry();
        assert_eq!(
            g.board()
                .at(parse_move("C7", geo).unwrap().point().unwrap())
                .color(),
            Some(Color::Black)
        );
        let moves: Vec<_> = g.moves().collect();
        assert_eq!(moves[1], (Color::Black, Move::Pass));
        assert_eq!(moves[2], (Color::White, Move::Pass), "tt is a pass on 9x9");
        // Position before move 2: only White's E5 played.
        let g = r.replay(Rules::chinese(), Some(2)).unwrap();
        assert_eq!(g.move_count(), 1);
        assert_eq!(g.to_move(), Color::Black);
    }

    #[test]
    fn the_position_before_the_first_move_keeps_the_setup() {
        // A problem: stones set up in the root, then the moves of its solution; the second
        // move is Black's again (a tenuki by White left out).
        let text = "(;SZ[9]AB[aa][bb]AW[cc];B[dd];B[ee])";
        let r = GameRecord::parse(text).unwrap();
        let geo = Geometry::new(9).unwrap();
        let at = |g: &Game, v: &str| g.board().at(parse_move(v, geo).unwrap().point().unwrap());
        let g = r.replay(Rules::chinese(), Some(1)).unwrap();
        assert_eq!(g.move_count(), 0);
        assert_eq!(at(&g, "A9").color(), Some(Color::Black));
        assert_eq!(at(&g, "B8").color(), Some(Color::Black));
        assert_eq!(at(&g, "C7").color(), Some(Color::White));
        assert_eq!(at(&g, "D6"), Cell::Empty);
        // Before move 2, the colour of move 2 is to play, whoever played move 1.
        let g = r.replay(Rules::chinese(), Some(2)).unwrap();
        assert_eq!(g.move_count(), 1);
        assert_eq!(g.to_move(), Color::Black);
        assert_eq!(at(&g, "E5"), Cell::Empty);
        // Setup and a move in one node (as older files write the root): the setup comes first.
        let r = GameRecord::parse("(;SZ[9]AB[aa]W[dd];B[ee])").unwrap();
        let g = r.replay(Rules::chinese(), Some(1)).unwrap();
        assert_eq!(g.move_count(), 0);
        assert_eq!(at(&g, "A9").color(), Some(Color::Black));
        assert_eq!(at(&g, "D6"), Cell::Empty);
        assert_eq!(g.to_move(), Color::White);
    }

    #[test]
    fn records_replay_ko_retakes_but_not_moves_on_stones() {
        // A ko on 5x5: Black C4 (cb) takes White B4 (bb), and White retakes at once, which no
        // ko rule allows. Records come from games under other rules, so the retake is played.
        let text = "(;SZ[5]AB[ba][ab][bc]AW[ca][db][cc][bb];B[cb];W[bb];B[ee])";
        let r = GameRecord::parse(text).unwrap();
        let g = r.replay(Rules::chinese(), None).unwrap();
        let geo = g.board().geometry();
        let at = |v: &str| {
            g.board()
                .at(parse_move(v, geo).unwrap().point().unwrap())
                .color()
        };
        assert_eq!(at("B4"), Some(Color::White), "the retake stands");
        assert_eq!(at("C4"), None, "and captured Black's stone");
        assert_eq!(at("E1"), Some(Color::Black), "the record goes on after it");
        assert_eq!(g.move_count(), 3);
        // A move on a stone cannot have been played under any rules.
        let bad = GameRecord::parse("(;SZ[5]AB[aa];W[aa])").unwrap();
        assert!(bad.replay(Rules::chinese(), None).is_err());
    }

    #[test]
    fn round_trips_through_text() {
        let mut g = Game::new(13, Rules::chinese()).unwrap();
        let geo = g.board().geometry();
        let pts = crate::handicap::fixed_handicap(geo, 3).unwrap();
        g.place_handicap(&pts).unwrap();
        for m in ["K3", "C11", "pass", "N13"] {
            let c = g.to_move();
            g.play(c, parse_move(m, geo).unwrap()).unwrap();
        }
        let mut rec = GameRecord::from_game(&g);
        rec.result = Some("W+2.5".into());
        rec.nodes[2]
            .extra
            .push(("C".into(), "a [tricky] comment\\".into()));
        let text = rec.to_sgf();
        let back = GameRecord::parse(&text).unwrap();
        assert_eq!(back, rec, "{text}");
        let g2 = back.replay(Rules::chinese(), None).unwrap();
        assert_eq!(g2.board(), g.board());
        assert_eq!(g2.handicap(), 3);
        assert_eq!(g2.to_move(), g.to_move());
    }

    /// Found by the `sgf` fuzz target: a root that sets A5 black, empties it and sets it black
    /// again (and E1 white twice) replayed to A5 black, but was written as `AB[..][aa]
    /// AW[ee][ee] AE[aa]`, which reads back with A5 empty.
    #[test]
    fn a_point_set_twice_in_the_root_round_trips() {
        let text = "(;SZ[5]AB[aa:bc]AW[ee]AE[aa]CZ[5]AB[aa]AW[ee]ARE[W+R]enFaReE[aFe]RE[aa])\n";
        let game = GameRecord::parse(text)
            .unwrap()
            .replay(Rules::chinese(), None)
            .unwrap();
        let written = GameRecord::from_game(&game).to_sgf();
        let again = GameRecord::parse(&written)
            .unwrap()
            .replay(Rules::chinese(), None)
            .unwrap();
        assert_eq!(again.board(), game.board(), "{written}");
    }

    #[test]
    fn compressed_point_lists_expand() {
        let r = GameRecord::parse("(;SZ[5]AB[aa:bc]AW[ee])").unwrap();
        assert_eq!(r.nodes[0].setup.len(), 7);
    }

    #[test]
    fn malformed_input_is_an_error() {
        for bad in [
            "",
            "garbage",
            "(",
            "()",
            "(;",
            "(;SZ[9",
            "(;SZ[9]",
            "(;SZ[30])",
            "(;SZ[9]B[zz])",
            "(;SZ[9]B[a])",
            "(;GM[2])",
            "(;KM[x])",
            "(;SZ[9];B[aa];W[aa])",
            "(;[aa])",
            "(;SZ[9]X)",
            "(;B[aa]\\",
            "(;HA[-1])",
            "(;SZ[4:5])",
        ] {
            let r = GameRecord::parse(bad).and_then(|r| r.replay(Rules::chinese(), None));
            assert!(r.is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let text = format!("{};SZ[9]{}", "(".repeat(100_000), ")".repeat(100_000));
        assert_eq!(parse_main_line(&text).map(|n| n.len()), Ok(1));
        let ok = format!("(;SZ[9]{}{}", "(;B[aa]".repeat(10_000), ")".repeat(10_001));
        assert!(parse_main_line(&ok).is_ok());
    }
}
