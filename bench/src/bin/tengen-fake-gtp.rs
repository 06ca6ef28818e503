//! `tengen-fake-gtp`: a scripted GTP engine for testing controllers (the match and regression
//! runners' own tests use it). It plays seeded random legal moves and can be told to
//! misbehave on its Nth `genmove`: sleep, hang, crash, answer garbage, play an illegal move,
//! resign; and it can miscount its `final_score` by a chosen margin. It is no Go player; it exists so that every failure a referee must handle can be
//! produced on demand, without GNU Go or a network.

use clap::Parser;
use std::io::{BufRead, Write};
use std::time::Duration;
use tengen_engine::coord::{move_text, parse_move};
use tengen_engine::handicap::fixed_handicap;
use tengen_engine::player::random_legal_move;
use tengen_engine::rng::Rng;
use tengen_engine::sgf::GameRecord;
use tengen_engine::{Color, Game, Move, Point, Rules, Score};

#[derive(Parser)]
#[command(
    name = "tengen-fake-gtp",
    version,
    about = "A scripted GTP engine for testing controllers."
)]
struct Script {
    /// Name answered to `name`.
    #[arg(long, default_value = "fake")]
    name: String,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds to think before every genmove reply.
    #[arg(long, default_value_t = 0.0)]
    sleep: f64,
    /// Pass from this genmove on (1-based), so that games end quickly.
    #[arg(long)]
    pass_at: Option<usize>,
    /// Resign at this genmove.
    #[arg(long)]
    resign_at: Option<usize>,
    /// Answer this genmove with an occupied point (or pass on an empty board).
    #[arg(long)]
    illegal_at: Option<usize>,
    /// Answer this genmove with text that is no move.
    #[arg(long)]
    garbage_at: Option<usize>,
    /// Print to stderr and exit with status 3 at this genmove.
    #[arg(long)]
    crash_at: Option<usize>,
    /// Never answer this genmove.
    #[arg(long)]
    hang_at: Option<usize>,
    /// Refuse clock commands (`time_settings`, `time_left`, ...), like engines without clocks.
    #[arg(long)]
    no_clock: bool,
    /// Answer `final_score` with its own count (area, nothing dead) with the winner's margin
    /// changed by this many points: 1 counts a point too many; a negative number larger than
    /// the margin names the other winner (a draw counts as Black's).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    final_score_error: f64,
}

const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "fixed_handicap",
    "set_free_handicap",
    "final_score",
    "final_status_list",
    "loadsgf",
    "time_settings",
    "time_left",
    "kgs-time_settings",
];

struct Fake {
    script: Script,
    game: Game,
    rng: Rng,
    genmoves: usize,
}

impl Fake {
    fn new_game(&mut self, size: usize) -> Result<(), String> {
        let komi = self.game.rules().komi;
        let rules = Rules {
            komi,
            ..Rules::chinese()
        };
        self.game = Game::new(size, rules).ok_or("unacceptable size")?;
        Ok(())
    }

    /// Replay the SGF file at `path` (its komi, Chinese rules).
    fn load(&mut self, path: &str) -> Result<(), String> {
        let text = std::fs::read_to_string(path).map_err(|_| "cannot load file".to_string())?;
        let rules = Rules {
            komi: self.game.rules().komi,
            ..Rules::chinese()
        };
        self.game = GameRecord::parse(&text)
            .and_then(|record| record.replay(rules, None))
            .map_err(|e| format!("cannot load file: {e}"))?;
        Ok(())
    }

    fn genmove(&mut self, color: Color, play: bool) -> Result<String, String> {
        self.genmoves += 1;
        let n = Some(self.genmoves);
        if self.script.sleep > 0.0 {
            std::thread::sleep(Duration::from_secs_f64(self.script.sleep));
        }
        if n == self.script.hang_at {
            loop {
                std::thread::sleep(Duration::from_secs(3600));
            }
        }
        if n == self.script.crash_at {
            eprintln!(
                "fake engine: crashing on purpose at genmove {}",
                self.genmoves
            );
            std::process::exit(3);
        }
        if n == self.script.garbage_at {
            return Ok("banana".into());
        }
        if n == self.script.resign_at {
            return Ok("resign".into());
        }
        let geo = self.game.board().geometry();
        if n == self.script.illegal_at {
            let occupied = geo
                .points()
                .find(|&p| self.game.board().at(p).color().is_some());
            return Ok(occupied.map_or("pass".into(), |p| move_text(Move::Play(p), geo)));
        }
        let mv = if self.script.pass_at.is_some_and(|p| self.genmoves >= p) {
            Move::Pass
        } else {
            random_legal_move(&self.game, color, &mut self.rng)
        };
        if play {
            self.game.play(color, mv).map_err(|e| e.to_string())?;
        }
        Ok(move_text(mv, geo))
    }

    fn run(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        let geo = self.game.board().geometry();
        let color = |i: usize| -> Result<Color, String> {
            args.get(i)
                .and_then(|c| c.parse().ok())
                .ok_or_else(|| "invalid color".to_string())
        };
        let number = |i: usize| -> Result<f64, String> {
            args.get(i)
                .and_then(|c| c.parse().ok())
                .ok_or_else(|| "syntax error".to_string())
        };
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok(self.script.name.clone()),
            "version" => Ok("0.1".into()),
            "known_command" => Ok(COMMANDS
                .contains(&args.first().copied().unwrap_or(""))
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => self.new_game(number(0)? as usize).map(|_| String::new()),
            "clear_board" => self.new_game(geo.size()).map(|_| String::new()),
            "komi" => {
                self.game.set_komi(number(0)?);
                Ok(String::new())
            }
            "play" => {
                let c = color(0)?;
                let mv = parse_move(args.get(1).copied().unwrap_or(""), geo)
                    .map_err(|_| "invalid coordinate".to_string())?;
                self.game
                    .play(c, mv)
                    .map_err(|_| "illegal move".to_string())?;
                Ok(String::new())
            }
            "genmove" => self.genmove(color(0)?, true),
            "reg_genmove" => self.genmove(color(0)?, false),
            "fixed_handicap" => {
                let points = fixed_handicap(geo, number(0)? as usize).ok_or("invalid handicap")?;
                self.game
                    .place_handicap(&points)
                    .map_err(|e| e.to_string())?;
                Ok(points
                    .iter()
                    .map(|&p| move_text(Move::Play(p), geo))
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "set_free_handicap" => {
                let points: Vec<Point> = args
                    .iter()
                    .filter_map(|a| parse_move(a, geo).ok().and_then(Move::point))
                    .collect();
                self.game
                    .place_handicap(&points)
                    .map_err(|e| e.to_string())?;
                Ok(String::new())
            }
            // The whole main line, relative to the working folder.
            "loadsgf" => self
                .load(args.first().copied().unwrap_or(""))
                .map(|_| String::new()),
            "final_score" => {
                let Score(black) = self.game.score(&[]);
                let winner = if black < 0.0 { -1.0 } else { 1.0 };
                let margin = black.abs() + self.script.final_score_error;
                Ok(Score(winner * margin).to_string())
            }
            "final_status_list" => Ok(String::new()),
            "time_settings" | "time_left" | "kgs-time_settings" if self.script.no_clock => {
                Err("unknown command".into())
            }
            "time_settings" | "time_left" | "kgs-time_settings" => Ok(String::new()),
            _ => Err("unknown command".into()),
        }
    }
}

fn main() {
    let script = Script::parse();
    let mut fake = Fake {
        rng: Rng::new(script.seed),
        script,
        game: Game::new(19, Rules::chinese()).expect("19x19 is a valid size"),
        genmoves: 0,
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.split('#').next().unwrap_or("").trim().to_string();
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let id = if words[0].chars().all(|c| c.is_ascii_digit()) {
            words.remove(0)
        } else {
            ""
        };
        let Some((&command, args)) = words.split_first() else {
            continue;
        };
        let reply = fake.run(command, args);
        let _ = match &reply {
            Ok(text) => write!(out, "={id} {text}\n\n"),
            Err(text) => write!(out, "?{id} {text}\n\n"),
        };
        let _ = out.flush();
        if command == "quit" {
            break;
        }
    }
}
