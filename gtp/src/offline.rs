//! Answer a whole GTP script on the calling thread, without the server's threads: every
//! search runs in place under a small cap and analysis streams end at once. For the fuzz
//! target of the command parser and dispatcher, and for tests that need many commands fast;
//! [`check_framing`] is the property they check.

use crate::protocol::{format_reply, parse_line, reply_head, Line};
use crate::search::Task;
use crate::session::{Outcome, Session};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much a search may do when run in place.
#[derive(Copy, Clone, Debug)]
pub struct Cap {
    pub playouts: u64,
    pub time: Duration,
}

/// The reply to every line of `input`, in order, as the server would write them (stream
/// `info` lines left out). Stops after `quit`. Returns the output and the number of lines that
/// needed a reply.
pub fn answer_script(session: &mut Session, input: &[u8], cap: Cap) -> (String, usize) {
    let mut out = String::new();
    let mut replies = 0;
    for raw in input.split(|&b| b == b'\n') {
        let command = match parse_line(raw) {
            Line::Blank | Line::Comment(_) => continue,
            Line::Malformed { id, error } => {
                replies += 1;
                out.push_str(&format_reply(false, id.as_deref(), &error));
                continue;
            }
            Line::Command(command) => command,
        };
        replies += 1;
        let id = command.id.as_deref();
        match session.execute(&command) {
            Outcome::Reply(Ok(text)) => out.push_str(&format_reply(true, id, &text)),
            Outcome::Reply(Err(text)) => out.push_str(&format_reply(false, id, &text)),
            Outcome::Quit => {
                out.push_str(&format_reply(true, id, ""));
                break;
            }
            Outcome::Search(mut search) => {
                let stop = AtomicBool::new(false);
                match &mut search.task {
                    Task::Genmove { limits, .. } | Task::Show { limits, .. } => {
                        limits.playouts = Some(
                            limits
                                .playouts
                                .map_or(cap.playouts, |n| n.min(cap.playouts)),
                        );
                        limits.time = Some(limits.time.map_or(cap.time, |t| t.min(cap.time)));
                        limits.max_time = limits.max_time.map(|t| t.min(cap.time));
                    }
                    Task::Analyze { .. } | Task::Ponder => {
                        stop.store(true, std::sync::atomic::Ordering::Relaxed)
                    }
                }
                if search.streams() {
                    out.push_str(&format!("{}\n", reply_head(true, id)));
                }
                let Some(mut player) = session.take_player() else {
                    out.push_str(&format_reply(false, id, "internal error"));
                    continue;
                };
                let game = Arc::clone(session.game());
                let start = Instant::now();
                let found = search.run(&mut *player, &game, &stop, &mut |_| {});
                drop(game);
                session.return_player(player);
                out.push_str(&session.finish(&search, Ok(found), start.elapsed()));
            }
        }
    }
    (out, replies)
}

/// Check GTP framing of `output`: a sequence of replies, each starting with `=` or `?` (and
/// an optional numeric id), made of non-empty lines, ended by one empty line. Returns the
/// number of replies.
pub fn check_framing(output: &str) -> Result<usize, String> {
    let mut count = 0;
    let mut rest = output;
    while !rest.is_empty() {
        let end = rest
            .find("\n\n")
            .ok_or_else(|| format!("reply {} does not end with an empty line", count + 1))?;
        let reply = &rest[..end];
        let head = reply.lines().next().unwrap_or("");
        let digits = head.get(1..).unwrap_or("");
        let id_len = digits.chars().take_while(char::is_ascii_digit).count();
        let after_id = &digits[id_len..];
        if !(head.starts_with('=') || head.starts_with('?'))
            || !(after_id.is_empty() || after_id.starts_with(' '))
        {
            return Err(format!("reply {} starts with {head:?}", count + 1));
        }
        count += 1;
        rest = &rest[end + 2..];
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::new_player;
    use crate::log::Log;
    use crate::session::Settings;

    fn answer(input: &[u8]) -> (String, usize) {
        let mut session = Session::new(new_player(1), Settings::default(), Log::default());
        let cap = Cap {
            playouts: 20,
            time: Duration::from_millis(200),
        };
        answer_script(&mut session, input, cap)
    }

    #[test]
    fn every_command_line_gets_exactly_one_framed_reply() {
        let script = b"1 boardsize 9\n# comment\n\n2 genmove b\n3 lz-analyze 10\n\xff\n\
                       kata-genmove_analyze w 1\nnonsense\n4 showboard\n5 tengen-stats\nquit\nname\n";
        let (out, replies) = answer(script);
        assert_eq!(replies, 9, "{out}");
        assert_eq!(check_framing(&out), Ok(9), "{out}");
        assert!(!out.contains("tengen\n"), "nothing after quit: {out}");
    }

    #[test]
    fn framing_errors_are_found() {
        assert_eq!(check_framing("= a\n\n?3 b\nc\n\n"), Ok(2));
        assert!(check_framing("= a\n").is_err());
        assert!(check_framing("x\n\n").is_err());
        assert!(check_framing("=x\n\n").is_err());
    }
}
