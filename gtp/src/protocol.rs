//! GTP framing: one input line into a [`Line`] (blank, comment or command with its id), and a
//! reply into the text GTP puts on the wire. No state, no I/O.
//!
//! The tolerant reading of GTP that `docs/GTP.md` promises: control characters other than tab
//! and newline are dropped, a tab counts as a space, `\r` is ignored, `#` starts a comment line,
//! a leading number is the command's id. A line that is not valid UTF-8 still gets its one `?`
//! reply.

/// What one input line is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Nothing but whitespace: no reply.
    Blank,
    /// A `#` comment (GoGui sends `# interrupt`): no reply. The text after `#`, trimmed.
    Comment(String),
    /// A command to answer.
    Command(Command),
    /// A line that cannot be a command; it still gets one `?` reply with its id.
    Malformed { id: Option<String>, error: String },
}

/// A command: optional numeric id, name, arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The id as written (digits only), echoed in the reply.
    pub id: Option<String>,
    pub name: String,
    pub args: Vec<String>,
}

/// Read one line of input (with or without its line ending).
pub fn parse_line(raw: &[u8]) -> Line {
    // Preprocessing: drop control characters (CR included), turn tabs into spaces. Bytes of
    // multi-byte UTF-8 sequences are all >= 0x80, so this never splits a character.
    let cleaned: Vec<u8> = raw
        .iter()
        .filter_map(|&b| match b {
            b'\t' => Some(b' '),
            0..=31 | 127 => None,
            _ => Some(b),
        })
        .collect();
    let text = trim_ascii(&cleaned);
    if text.is_empty() {
        return Line::Blank;
    }
    if text[0] == b'#' {
        return Line::Comment(String::from_utf8_lossy(trim_ascii(&text[1..])).into_owned());
    }
    let digits = text.iter().take_while(|b| b.is_ascii_digit()).count();
    let (id, rest) = if digits > 0 && !matches!(text.get(digits), Some(&b) if b != b' ') {
        let id = String::from_utf8_lossy(&text[..digits]).into_owned();
        (Some(id), trim_ascii(&text[digits..]))
    } else {
        (None, text)
    };
    let Ok(rest) = std::str::from_utf8(rest) else {
        return Line::Malformed {
            id,
            error: "invalid UTF-8".into(),
        };
    };
    let mut words = rest.split_ascii_whitespace();
    let Some(name) = words.next() else {
        return Line::Malformed {
            id,
            error: "missing command".into(),
        };
    };
    Line::Command(Command {
        id,
        name: name.to_string(),
        args: words.map(str::to_string).collect(),
    })
}

fn trim_ascii(mut s: &[u8]) -> &[u8] {
    while let [b' ', rest @ ..] = s {
        s = rest;
    }
    while let [rest @ .., b' '] = s {
        s = rest;
    }
    s
}

/// The first line of a reply: `=id` or `?id`.
pub fn reply_head(ok: bool, id: Option<&str>) -> String {
    format!("{}{}", if ok { '=' } else { '?' }, id.unwrap_or(""))
}

/// A whole reply as GTP writes it: `=id text` (or `?id text`) and the empty line that ends it.
/// A text that starts with a newline (`showboard`) begins on the line after `=id`. Blank lines
/// inside `text` are dropped, since one would end the reply early.
pub fn format_reply(ok: bool, id: Option<&str>, text: &str) -> String {
    let mut out = reply_head(ok, id);
    out.push(' ');
    let mut lines = text.lines();
    out.push_str(lines.next().unwrap_or("").trim_end());
    for line in lines.filter(|l| !l.trim().is_empty()) {
        out.push('\n');
        out.push_str(line.trim_end());
    }
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(line: &str) -> Command {
        match parse_line(line.as_bytes()) {
            Line::Command(c) => c,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn ids_names_and_arguments() {
        let c = command("12 genmove b");
        assert_eq!(c.id.as_deref(), Some("12"));
        assert_eq!(c.name, "genmove");
        assert_eq!(c.args, ["b"]);
        let c = command("  play\tW  q16 \r\n");
        assert_eq!((c.id, c.name.as_str(), c.args.len()), (None, "play", 2));
        let c = command("12name");
        assert_eq!((c.id, c.name.as_str()), (None, "12name"));
        let c = command("007\tname");
        assert_eq!(c.id.as_deref(), Some("007"));
    }

    #[test]
    fn blank_and_comment_lines_need_no_reply() {
        for blank in ["", "\n", "   \t \r\n", "\x01\x02"] {
            assert_eq!(parse_line(blank.as_bytes()), Line::Blank, "{blank:?}");
        }
        assert_eq!(
            parse_line(b"# interrupt\n"),
            Line::Comment("interrupt".into())
        );
    }

    #[test]
    fn control_characters_are_dropped() {
        let c = command("na\x07me\x1b");
        assert_eq!(c.name, "name");
    }

    #[test]
    fn malformed_lines_keep_their_id() {
        assert_eq!(
            parse_line(b"7 \xff\xfe zz"),
            Line::Malformed {
                id: Some("7".into()),
                error: "invalid UTF-8".into()
            }
        );
        assert!(matches!(
            parse_line(b"42"),
            Line::Malformed { id: Some(id), .. } if id == "42"
        ));
    }

    #[test]
    fn replies_end_with_one_empty_line_and_hold_none_inside() {
        assert_eq!(format_reply(true, None, ""), "= \n\n");
        assert_eq!(format_reply(true, Some("3"), "D4"), "=3 D4\n\n");
        assert_eq!(
            format_reply(false, Some("4"), "illegal move"),
            "?4 illegal move\n\n"
        );
        assert_eq!(format_reply(true, None, "a\n\n \nb\n"), "= a\nb\n\n");
        assert_eq!(
            format_reply(true, None, "\n A B\n1 .\n"),
            "= \n A B\n1 .\n\n"
        );
    }
}
