//! The GTP loop: a reader thread turns standard input into lines, the main thread answers them
//! in order, and searches run on a worker thread while input keeps arriving, so that `quit`,
//! GoGui's `# interrupt`, and (for analysis streams and pondering) any next line stop them
//! promptly. Every reply is flushed as soon as it is written; a panic in one command becomes
//! `? internal error`, never a dead engine.
//!
//! A plain `genmove` (or display search) is stopped early only by GoGui's `# interrupt`: other
//! commands sent meanwhile, `quit` among them, wait their turn, as GTP's sequential model wants,
//! so a controller that pipelines commands still gets full-strength moves, and a piped script
//! gets the same searches however fast the reader reads it, its last one included.

use crate::log::Log;
use crate::protocol::{format_reply, parse_line, reply_head, Command, Line};
use crate::search::{Search, Task};
use crate::session::{Outcome, Session};
use std::any::Any;
use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};
use tengen_engine::player::{Analysis, Decision, Player};
use tengen_engine::Game;

/// Longest input line kept; the rest of a longer line is skipped and the line answered `?`.
pub const MAX_LINE_BYTES: usize = 64 << 20;

/// One line of input, or its end.
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    Line(Vec<u8>),
    /// A line longer than [`MAX_LINE_BYTES`]: its beginning (for the id).
    TooLong(Vec<u8>),
    Eof,
}

/// What the main thread waits for.
enum Event {
    Input(Input),
    /// Progress of the running search.
    Report(Analysis),
    /// The search ended; the player comes back.
    Done {
        player: Box<dyn Player>,
        found: Result<Option<(Decision, Analysis)>, String>,
        elapsed: Duration,
    },
}

/// Answer GTP commands from `input` on `output` until `quit` or the end of input.
pub fn serve<R, W>(session: Session, input: R, output: W, log: Log) -> io::Result<()>
where
    R: Read + Send + 'static,
    W: Write,
{
    serve_with(session, input, output, log, HANG_LIMIT)
}

/// [`serve`], giving up on a search `hang_limit` after asking it to stop.
fn serve_with<R, W>(
    session: Session,
    input: R,
    output: W,
    log: Log,
    hang_limit: Duration,
) -> io::Result<()>
where
    R: Read + Send + 'static,
    W: Write,
{
    let (sender, events) = channel();
    let reader = sender.clone();
    thread::Builder::new()
        .name("gtp-reader".into())
        .spawn(move || read_lines(input, &reader, MAX_LINE_BYTES))?;
    Server {
        session,
        output,
        log,
        sender,
        events,
        pending: VecDeque::new(),
        hang_limit,
    }
    .run()
}

/// Send each line of `input` (at most `max_line` bytes of it kept), then `Eof`.
fn read_lines<R: Read>(input: R, events: &Sender<Event>, max_line: usize) {
    let mut reader = BufReader::new(input);
    loop {
        let mut line = Vec::new();
        let mut too_long = false;
        let mut at_end = false;
        loop {
            let buf = match reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => &[],
            };
            if buf.is_empty() {
                at_end = true;
                break;
            }
            let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], true),
                None => (buf, false),
            };
            let room = max_line.saturating_sub(line.len());
            too_long |= chunk.len() > room;
            line.extend_from_slice(&chunk[..chunk.len().min(room)]);
            let used = chunk.len() + usize::from(done);
            reader.consume(used);
            if done {
                break;
            }
        }
        if !line.is_empty() || too_long || !at_end {
            let input = if too_long {
                Input::TooLong(line)
            } else {
                Input::Line(line)
            };
            if events.send(Event::Input(input)).is_err() {
                return;
            }
        }
        if at_end {
            let _ = events.send(Event::Input(Input::Eof));
            return;
        }
    }
}

struct Server<W: Write> {
    session: Session,
    output: W,
    log: Log,
    /// For the worker threads' reports.
    sender: Sender<Event>,
    events: Receiver<Event>,
    /// Input that arrived during a search, to answer after it.
    pending: VecDeque<Input>,
    /// How long a search may take to end once told to stop.
    hang_limit: Duration,
}

/// How long a search may take to end once told to stop before the server answers without it.
const HANG_LIMIT: Duration = Duration::from_secs(10);

/// Slack after a search's time budget before the server stops it itself.
fn grace(budget: Duration) -> Duration {
    budget / 10 + Duration::from_millis(250)
}

impl<W: Write> Server<W> {
    fn run(mut self) -> io::Result<()> {
        loop {
            let raw = match self.next_input() {
                Input::Eof => return Ok(()),
                Input::TooLong(start) => {
                    let id = match parse_line(&start) {
                        Line::Command(Command { id, .. }) | Line::Malformed { id, .. } => id,
                        _ => None,
                    };
                    self.send(&format_reply(false, id.as_deref(), "line too long"))?;
                    continue;
                }
                Input::Line(raw) => raw,
            };
            self.log.received(String::from_utf8_lossy(&raw).trim_end());
            let command = match parse_line(&raw) {
                Line::Blank | Line::Comment(_) => continue,
                Line::Malformed { id, error } => {
                    self.send(&format_reply(false, id.as_deref(), &error))?;
                    continue;
                }
                Line::Command(command) => command,
            };
            let id = command.id.as_deref();
            let outcome = catch_unwind(AssertUnwindSafe(|| self.session.execute(&command)))
                .unwrap_or_else(|panic| {
                    self.log
                        .warn(&format!("command panicked: {}", panic_text(&*panic)));
                    Outcome::Reply(Err("internal error".into()))
                });
            match outcome {
                Outcome::Reply(Ok(text)) => self.send(&format_reply(true, id, &text))?,
                Outcome::Reply(Err(text)) => self.send(&format_reply(false, id, &text))?,
                Outcome::Quit => {
                    self.send(&format_reply(true, id, ""))?;
                    return Ok(());
                }
                Outcome::Search(search) => {
                    let moved = matches!(search.task, Task::Genmove { play: true, .. });
                    self.search(search)?;
                    if moved {
                        if let Some(ponder) = self.session.ponder_search() {
                            self.search(ponder)?;
                        }
                    }
                }
            }
        }
    }

    /// Input held back during a search first, then new input.
    fn next_input(&mut self) -> Input {
        if let Some(input) = self.pending.pop_front() {
            return input;
        }
        loop {
            match self.events.recv() {
                Ok(Event::Input(input)) => return input,
                // A player that was given up on came back after all.
                Ok(Event::Done { player, .. }) => self.session.return_player(player),
                Ok(Event::Report(_)) => continue,
                Err(_) => return Input::Eof,
            }
        }
    }

    fn send(&mut self, text: &str) -> io::Result<()> {
        self.log.sent(text);
        self.output.write_all(text.as_bytes())?;
        self.output.flush()
    }

    /// Run `search` on a worker thread and print its stream and reply: start the worker, let
    /// the input that came in before it have its say, then wait for input, progress and the
    /// end of the search, and answer.
    fn search(&mut self, search: Search) -> io::Result<()> {
        if search.streams() {
            self.send(&format!("{}\n", reply_head(true, search.id.as_deref())))?;
        }
        let Some(player) = self.session.take_player() else {
            // The player is still out on a worker that never stopped: answer without it
            // (a move search gets a legal move all the same).
            return self.answer_without_player(&search, "no player", Duration::ZERO);
        };
        let mut run = self.start_worker(search, player)?;
        self.react_to_pending(&mut run);
        loop {
            match self.wait(&mut run) {
                Some(Event::Input(input)) => self.on_input(&mut run, input),
                Some(Event::Report(analysis)) => self.on_report(&mut run, &analysis)?,
                Some(Event::Done {
                    player,
                    found,
                    elapsed,
                }) => return self.on_done(run, player, found, elapsed),
                None => {
                    // The player ignores the stop flag (or the worker vanished): answer without
                    // it; if it ever comes back, `next_input` takes it in again.
                    self.log.warn(&format!(
                        "the player did not stop within {:.1} s; answering without it",
                        self.hang_limit.as_secs_f64()
                    ));
                    return self.answer_without_player(
                        &run.search,
                        "no answer",
                        run.start.elapsed(),
                    );
                }
            }
        }
    }

    /// The reply to `search` when the player cannot give one (`why`).
    fn answer_without_player(
        &mut self,
        search: &Search,
        why: &str,
        elapsed: Duration,
    ) -> io::Result<()> {
        let text = self.session.finish(search, Err(why.into()), elapsed);
        self.send(&text)
    }

    /// Hand `player` to a new worker thread that runs `search` and reports back on the events
    /// channel.
    fn start_worker(&mut self, search: Search, mut player: Box<dyn Player>) -> io::Result<Running> {
        let stop = Arc::new(AtomicBool::new(false));
        let game = Arc::clone(self.session.game());
        let start = Instant::now();
        let (task, flag, sender) = (search.clone(), Arc::clone(&stop), self.sender.clone());
        let position = Arc::clone(&game);
        thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let reports = sender.clone();
                let mut report = |a: &Analysis| {
                    let _ = reports.send(Event::Report(a.clone()));
                };
                let found = catch_unwind(AssertUnwindSafe(|| {
                    task.run(&mut *player, &position, &flag, &mut report)
                }))
                .map_err(|panic| format!("panic: {}", panic_text(&*panic)));
                drop(position);
                let _ = sender.send(Event::Done {
                    player,
                    found,
                    elapsed: start.elapsed(),
                });
            })?;
        let deadline = search.time_limit().map(|t| start + t + grace(t));
        Ok(Running {
            search,
            stop,
            game,
            start,
            deadline,
            stopped_at: None,
            last_line: None,
            live_gfx_shown: false,
        })
    }

    /// Input that came in during an earlier search counts as if it arrived now, so that what a
    /// script gets does not depend on when the reader read its lines.
    fn react_to_pending(&self, run: &mut Running) {
        for input in &self.pending {
            run.react(reaction(&run.search, input, true));
        }
    }

    /// The next event of the search, asking it to stop at its deadline; `None` once it has
    /// not stopped within the hang limit of being asked.
    fn wait(&self, run: &mut Running) -> Option<Event> {
        loop {
            if run.stop.load(Ordering::Relaxed) && run.stopped_at.is_none() {
                run.stopped_at = Some(Instant::now());
            }
            let wake = match (run.deadline, run.stopped_at) {
                (_, Some(at)) => Some(at + self.hang_limit),
                (Some(d), None) => Some(d),
                (None, None) => None,
            };
            let event = match wake {
                None => self
                    .events
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
                Some(when) => self
                    .events
                    .recv_timeout(when.saturating_duration_since(Instant::now())),
            };
            match event {
                Ok(event) => return Some(event),
                Err(RecvTimeoutError::Timeout) if run.stopped_at.is_none() => {
                    run.stop.store(true, Ordering::Relaxed);
                    run.deadline = None;
                }
                Err(_) => return None,
            }
        }
    }

    /// A line of input during the search: it may stop the search; it is answered after it.
    fn on_input(&mut self, run: &mut Running, input: Input) {
        run.react(reaction(&run.search, &input, false));
        self.pending.push_back(input);
    }

    /// Progress of the search: GoGui live graphics, and a stream line when one is due.
    fn on_report(&mut self, run: &mut Running, analysis: &Analysis) -> io::Result<()> {
        if let Some(gfx) = self.session.live_gfx(&run.search, analysis) {
            let _ = io::stderr().write_all(gfx.as_bytes());
            run.live_gfx_shown = true;
        }
        let Some(interval) = run.search.interval() else {
            return Ok(());
        };
        if run.last_line.is_some_and(|t| t.elapsed() < interval) {
            return Ok(());
        }
        if let Some(line) = run.search.report_line(analysis, &run.game) {
            self.send(&format!("{line}\n"))?;
            run.last_line = Some(Instant::now());
        }
        Ok(())
    }

    /// The search ended: take the player back and answer (an answer that panics becomes
    /// `internal error`, or the end of the stream).
    fn on_done(
        &mut self,
        run: Running,
        player: Box<dyn Player>,
        found: Result<Option<(Decision, Analysis)>, String>,
        elapsed: Duration,
    ) -> io::Result<()> {
        let Running {
            search,
            game,
            live_gfx_shown,
            ..
        } = run;
        drop(game);
        self.session.return_player(player);
        if live_gfx_shown {
            let _ = io::stderr().write_all(b"gogui-gfx: CLEAR\n");
        }
        let text = catch_unwind(AssertUnwindSafe(|| {
            self.session.finish(&search, found, elapsed)
        }))
        .unwrap_or_else(|panic| {
            self.log.warn(&format!(
                "finishing a search panicked: {}",
                panic_text(&*panic)
            ));
            if search.streams() {
                "\n".into()
            } else {
                format_reply(false, search.id.as_deref(), "internal error")
            }
        });
        self.send(&text)
    }
}

/// A search on its worker thread, as the server watches it.
struct Running {
    search: Search,
    /// Raised to stop the search.
    stop: Arc<AtomicBool>,
    /// The position searched (shared with the worker; dropped before the session moves on).
    game: Arc<Game>,
    start: Instant,
    /// When the server stops the search itself, if it has a time limit.
    deadline: Option<Instant>,
    /// When the search was asked to stop.
    stopped_at: Option<Instant>,
    /// When the last stream line went out.
    last_line: Option<Instant>,
    /// GoGui live graphics are on the board (cleared at the end).
    live_gfx_shown: bool,
}

impl Running {
    /// Do what `reaction` says.
    fn react(&mut self, reaction: Reaction) {
        if reaction == Reaction::Stop {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// What a running search does about a line of input.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Reaction {
    /// Nothing: the line waits its turn.
    Continue,
    /// Stop now.
    Stop,
}

/// How `search` reacts to `input`. `queued`: the line was already waiting when the search
/// started (then an earlier search has seen it).
///
/// Streams and pondering end at any input. A move or display search ends early only at GoGui's
/// `# interrupt`, when it arrives during the search (a queued one was meant for an earlier
/// search). Neither `quit` nor the end of input stops it: GTP answers commands one at a time,
/// so a script that pipes `genmove` and `quit` gets the move it asked for, searched in full,
/// and then the engine exits. A controller that wants the move sooner sends `# interrupt`.
fn reaction(search: &Search, input: &Input, queued: bool) -> Reaction {
    if search.stops_on_any_input() {
        return Reaction::Stop;
    }
    let Input::Line(raw) = input else {
        return Reaction::Continue;
    };
    match parse_line(raw) {
        Line::Comment(text) if text.eq_ignore_ascii_case("interrupt") && !queued => Reaction::Stop,
        _ => Reaction::Continue,
    }
}

fn panic_text(panic: &(dyn Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Settings;
    use crate::stub_player::StubPlayer;
    use std::sync::mpsc::Receiver as ChannelReceiver;
    use std::sync::Mutex;
    use tengen_engine::Move;

    /// Input written by the test a line at a time.
    struct Lines(ChannelReceiver<Vec<u8>>, Vec<u8>);

    impl Read for Lines {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.1.is_empty() {
                match self.0.recv() {
                    Ok(bytes) => self.1 = bytes,
                    Err(_) => return Ok(0),
                }
            }
            let n = buf.len().min(self.1.len());
            buf[..n].copy_from_slice(&self.1[..n]);
            self.1.drain(..n);
            Ok(n)
        }
    }

    /// Output the test can read while the server runs.
    #[derive(Clone, Default)]
    struct SharedOutput(Arc<Mutex<Vec<u8>>>);

    impl Write for SharedOutput {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl SharedOutput {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
        }

        /// Wait (up to a minute) until the output contains `what`.
        fn wait_for(&self, what: &str) -> String {
            for _ in 0..3000 {
                let text = self.text();
                if text.contains(what) {
                    return text;
                }
                thread::sleep(Duration::from_millis(20));
            }
            panic!("never saw {what:?} in {:?}", self.text());
        }
    }

    /// A player that ignores the stop flag until the test releases it, then passes.
    fn stubborn(release: Arc<AtomicBool>) -> StubPlayer {
        StubPlayer::new("stubborn", move |_| {
            while !release.load(Ordering::Relaxed) {
                thread::sleep(Duration::from_millis(5));
            }
            (Decision::Play(Move::Pass), Analysis::default())
        })
    }

    #[test]
    fn lines_are_split_and_an_overlong_one_is_cut() {
        let (sender, events) = channel();
        let input: &[u8] = b"12 abcdefghijklmnop\nname\r\n\nlast without newline";
        read_lines(input, &sender, 8);
        let got: Vec<Input> = events
            .try_iter()
            .filter_map(|e| match e {
                Event::Input(i) => Some(i),
                _ => None,
            })
            .collect();
        assert_eq!(
            got,
            [
                Input::TooLong(b"12 abcde".to_vec()),
                Input::Line(b"name\r".to_vec()),
                Input::Line(Vec::new()),
                Input::TooLong(b"last wit".to_vec()),
                Input::Eof,
            ]
        );
    }

    #[test]
    fn a_player_that_never_stops_still_gets_a_legal_move_played() {
        let release = Arc::new(AtomicBool::new(false));
        let session = Session::new(
            Box::new(stubborn(Arc::clone(&release))),
            Settings::default(),
            Log::default(),
        );
        let (lines, input) = channel();
        let output = SharedOutput::default();
        let server = {
            let output = output.clone();
            thread::spawn(move || {
                serve_with(
                    session,
                    Lines(input, Vec::new()),
                    output,
                    Log::default(),
                    Duration::from_millis(200),
                )
            })
        };
        let send = |line: &str| lines.send(format!("{line}\n").into_bytes()).unwrap();
        send("boardsize 5");
        send("play b c3");
        send("1 genmove w");
        thread::sleep(Duration::from_millis(100));
        send("# interrupt");
        let text = output.wait_for("=1 ");
        let answer = text.split("=1 ").nth(1).unwrap().lines().next().unwrap();
        assert_ne!(answer, "C3", "an occupied point");
        // The player is still out: another move search is answered without it too.
        send("2 genmove w");
        output.wait_for("=2 ");
        send("3 list_stones white");
        let text = output.wait_for("=3 ");
        let stones = text.split("=3 ").nth(1).unwrap().lines().next().unwrap();
        assert_eq!(stones.split_whitespace().count(), 2, "{text}");
        // Released, the player comes back and answers the next search itself (a pass).
        release.store(true, Ordering::Relaxed);
        thread::sleep(Duration::from_millis(100));
        send("4 genmove b");
        let text = output.wait_for("=4 ");
        assert!(text.contains("=4 PASS"), "{text}");
        send("quit");
        server.join().unwrap().unwrap();
    }
}
