//! The command line: options (clap), how they reach the player (`Player::set_param`) and the
//! session, and the start of the GTP loop.

use crate::log::Log;
use crate::search::{MoveBudget, DEFAULT_SECONDS_PER_MOVE};
use crate::server::serve;
use crate::session::{Session, Settings};
use clap::{ArgAction, Parser, Subcommand, ValueEnum};
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Duration;
use tengen_engine::player::{ParamValue, Player};
use tengen_engine::{KoRule, Rules};

/// tengen (天元): a Monte-Carlo Go engine that speaks GTP (the Go Text Protocol) on standard
/// input and output. Add it to Sabaki, GoGui, Lizzie or a match tool as a GTP engine; no
/// option is needed.
#[derive(Parser, Debug, Clone, PartialEq)]
#[command(name = "tengen", version, max_term_width = 100)]
pub struct Options {
    /// Search threads [default: all cores]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,

    /// Seconds per move when the controller sends no clock [default: 5]
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time: Option<f64>,

    /// Exactly N playouts per move, no early stop (for benchmarks and reproducible tests);
    /// replaces --time, but a clock sent by the controller still limits the move
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub playouts: Option<u64>,

    /// Memory cap for the search tree: bytes, or with a suffix K, M, G (e.g. 512M, 2G)
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_memory: Option<u64>,

    /// Rules of every game: ko rule, counting, default komi
    #[arg(long, value_enum, value_name = "RULES", default_value_t = RulesName::Chinese)]
    pub rules: RulesName,

    /// Which repetitions are forbidden, instead of the rules' own: simple ko, positional
    /// superko (no earlier arrangement of stones) or situational superko (no earlier
    /// arrangement with the same player to move)
    #[arg(long, value_enum, value_name = "KO")]
    pub ko: Option<KoName>,

    /// Resign when the win rate of the best move falls below P (0 never resigns)
    #[arg(long, value_name = "P", value_parser = parse_probability)]
    pub resign_threshold: Option<f64>,

    /// Seed of the random number generators, for reproducible games [default: from the clock]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Think on the opponent's time
    #[arg(long)]
    pub ponder: bool,

    /// Append the GTP traffic and a summary of each search to FILE (GUIs hide stderr)
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,

    /// More on stderr: -v a summary of each search, -vv the GTP traffic as well
    #[arg(short, long, action = ArgAction::Count)]
    pub verbose: u8,

    /// Set a search parameter, KEY=VALUE (repeatable; `tengen-param` in GTP lists them)
    #[arg(long = "param", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub params: Vec<(String, String)>,

    #[command(subcommand)]
    pub command: Option<Utility>,
}

/// What to do instead of speaking GTP.
#[derive(Subcommand, Debug, Clone, PartialEq)]
pub enum Utility {
    /// Search the fixed bench positions (9x9 and 19x19, openings and middle games) with a fixed
    /// playout budget and seed; print each search and the node-count signature (one thread
    /// unless --threads is given) and the playouts per second
    Bench {
        /// Playouts per 9x9 position (a quarter of it on 19x19)
        #[arg(default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
        playouts: u64,
    },
}

/// `tengen bench`: the signature to quote in commits that change play ("Nodes: N"), and speed.
fn bench(options: &Options, playouts: u64) -> Result<(), String> {
    use tengen_engine::search::bench::{run_position, POSITIONS};
    let threads = options.threads.unwrap_or(1) as usize;
    // `--param` values, read by the kind of the search's own parameters.
    let reference = new_player(1);
    let mut params = Vec::new();
    for (key, text) in &options.params {
        let current = reference
            .params()
            .into_iter()
            .find(|p| p.name == key)
            .ok_or_else(|| format!("--param {key}={text}: unknown parameter {key:?}"))?;
        let value = current
            .value
            .parse_like(text)
            .map_err(|e| format!("--param {key}={text}: {e}"))?;
        params.push((key.clone(), value));
    }
    let (mut nodes, mut total, mut seconds) = (0, 0, 0.0);
    for pos in &POSITIONS {
        let r = run_position(pos, threads, playouts, &params)?;
        let geo = tengen_engine::Geometry::new(pos.size).ok_or("bad bench size")?;
        let choice = match r.decision {
            tengen_engine::player::Decision::Play(mv) => tengen_engine::coord::move_text(mv, geo),
            tengen_engine::player::Decision::Resign => "resign".to_string(),
        };
        println!(
            "{:<20} playouts {:>7}  nodes {:>8}  {:>7.0} playouts/s  {choice}",
            r.name,
            r.playouts,
            r.nodes,
            r.playouts as f64 / r.elapsed.as_secs_f64().max(1e-9),
        );
        nodes += r.nodes;
        total += r.playouts;
        seconds += r.elapsed.as_secs_f64();
    }
    println!(
        "threads {threads}  playouts {total}  {:.0} playouts/s",
        total as f64 / seconds.max(1e-9)
    );
    println!("Nodes: {nodes}");
    Ok(())
}

/// `KEY=VALUE` of `--param`.
fn parse_key_value(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("{text:?} is not KEY=VALUE")),
    }
}

/// The rule sets `--rules` accepts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesName {
    /// Area counting, positional superko, komi 7.5
    Chinese,
    /// Territory counting, simple ko, komi 6.5
    Japanese,
    /// Area counting of the board as it stands, positional superko, suicide allowed, komi 7.5
    TrompTaylor,
}

impl RulesName {
    pub fn rules(self) -> Rules {
        match self {
            RulesName::Chinese => Rules::chinese(),
            RulesName::Japanese => Rules::japanese(),
            RulesName::TrompTaylor => Rules::tromp_taylor(),
        }
    }
}

/// The ko rules `--ko` accepts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum KoName {
    Simple,
    Positional,
    Situational,
}

impl KoName {
    pub fn rule(self) -> KoRule {
        match self {
            KoName::Simple => KoRule::Simple,
            KoName::Positional => KoRule::Positional,
            KoName::Situational => KoRule::Situational,
        }
    }
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 1e6)
        .ok_or_else(|| format!("{text:?} is not a number of seconds above 0"))
}

fn parse_probability(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|p| (0.0..=1.0).contains(p))
        .ok_or_else(|| format!("{text:?} is not a number from 0 to 1"))
}

/// `4096`, `64K`, `512M`, `2G`, `1T` (powers of 1024; a trailing `B` or `iB` is allowed).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim().to_ascii_uppercase();
    let t = t
        .strip_suffix("IB")
        .or_else(|| t.strip_suffix('B'))
        .unwrap_or(&t);
    let (digits, shift) = match t.chars().last() {
        Some('K') => (&t[..t.len() - 1], 10),
        Some('M') => (&t[..t.len() - 1], 20),
        Some('G') => (&t[..t.len() - 1], 30),
        Some('T') => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    let bad = || format!("{text:?} is not a size such as 4096, 512M or 2G");
    let n: f64 = digits.trim().parse().map_err(|_| bad())?;
    let bytes = n * (1u64 << shift) as f64;
    if !bytes.is_finite() || bytes < 1.0 || bytes > u64::MAX as f64 {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// The player tengen plays with. The one place that chooses it.
pub fn new_player(seed: u64) -> Box<dyn Player> {
    let mut mcts = tengen_engine::search::Mcts::new();
    mcts.set_seed(seed);
    Box::new(mcts)
}

impl Options {
    /// The session's settings from these options.
    pub fn settings(&self) -> Settings {
        let preset = self.rules.rules();
        Settings {
            rules: Rules {
                ko: self.ko.map_or(preset.ko, KoName::rule),
                ..preset
            },
            budget: MoveBudget {
                time: Some(Duration::from_secs_f64(
                    self.time.unwrap_or(DEFAULT_SECONDS_PER_MOVE),
                )),
                playouts: self.playouts,
            },
            ponder: self.ponder,
        }
    }

    /// The seed: `--seed`, or one from the clock and the process id.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(|| {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            nanos ^ (u64::from(std::process::id()) << 32)
        })
    }

    /// Hand the player its options. An option the player has no parameter for is noted in
    /// the log and skipped; a value the player refuses is an error.
    pub fn configure(&self, player: &mut dyn Player, log: &Log) -> Result<(), String> {
        let threads = self.threads.map(u64::from).or_else(|| {
            std::thread::available_parallelism()
                .ok()
                .map(|n| n.get() as u64)
        });
        // (option's parameter, flag, value, given on the command line). `--ponder` is the
        // session's (see `settings`), not the player's.
        let given: [(&str, &str, Option<ParamValue>, bool); 4] = [
            (
                "threads",
                "--threads",
                threads.map(ParamValue::Int),
                self.threads.is_some(),
            ),
            (
                "max_memory",
                "--max-memory",
                self.max_memory.map(ParamValue::Int),
                true,
            ),
            (
                "seed",
                "--seed",
                Some(ParamValue::Int(self.seed())),
                self.seed.is_some(),
            ),
            (
                "resign_threshold",
                "--resign-threshold",
                self.resign_threshold.map(|p| ParamValue::Real(p as f32)),
                true,
            ),
        ];
        let known: Vec<&str> = player.params().into_iter().map(|p| p.name).collect();
        for (key, flag, value, explicit) in given {
            let Some(value) = value else { continue };
            if known.contains(&key) {
                player
                    .set_param(key, value)
                    .map_err(|e| format!("{flag} {value}: {e}"))?;
            } else if explicit {
                log.note(&format!(
                    "the {} player has no {key} parameter; {flag} ignored",
                    player.name()
                ));
            }
        }
        Ok(())
    }

    /// The session these options describe: the player configured, then each `--param` set as
    /// `tengen-param` would set it (the time manager's, the front end's or the player's).
    pub fn session(&self, log: &Log) -> Result<Session, String> {
        let mut player = new_player(self.seed());
        self.configure(&mut *player, log)?;
        let mut session = Session::new(player, self.settings(), log.clone());
        for (key, value) in &self.params {
            session
                .set_param(key, value)
                .map_err(|e| format!("--param {key}={value}: {e}"))?;
        }
        Ok(session)
    }
}

/// Start tengen with `options`: configure the player, then answer GTP on stdin and stdout.
pub fn run(options: &Options) -> Result<(), String> {
    if let Some(Utility::Bench { playouts }) = options.command {
        return bench(options, playouts);
    }
    let mut log = Log::stderr(options.verbose);
    if let Some(path) = &options.log {
        log = log
            .with_file(path)
            .map_err(|e| format!("cannot open the log file {}: {e}", path.display()))?;
    }
    let session = options.session(&log)?;
    install_panic_log(log.clone());
    if io::stdin().is_terminal() {
        eprintln!(
            "tengen {} speaks GTP: type list_commands to see the commands, quit to leave.",
            env!("CARGO_PKG_VERSION")
        );
    }
    match serve(session, io::stdin(), io::stdout().lock(), log) {
        Ok(()) => Ok(()),
        // The controller closed our output: nobody is left to answer.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("standard output: {e}")),
    }
}

/// Panics (answered `? internal error`) are written to the log too, not only to stderr.
fn install_panic_log(log: Log) {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        log.note(&format!("panic: {info}"));
        default(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_with_suffixes() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("64K"), Ok(64 << 10));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("2g"), Ok(2 << 30));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("2GB"), Ok(2 << 30));
        for bad in ["", "M", "-1G", "0", "abc", "1Q", "1e30T"] {
            assert!(parse_size(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn options_parse_and_bad_ones_are_refused() {
        let o = Options::try_parse_from([
            "tengen",
            "--threads",
            "2",
            "--playouts",
            "500",
            "--rules",
            "tromp-taylor",
            "--resign-threshold",
            "0.1",
            "--seed",
            "7",
            "-vv",
        ])
        .unwrap();
        assert_eq!(o.threads, Some(2));
        assert_eq!(o.rules.rules(), Rules::tromp_taylor());
        assert_eq!(o.settings().rules, Rules::tromp_taylor());
        assert_eq!(o.seed(), 7);
        let situational = Options::try_parse_from(["tengen", "--ko", "situational"]).unwrap();
        let rules = situational.settings().rules;
        assert_eq!(rules.ko, KoRule::Situational);
        assert_eq!(
            rules.scoring,
            Rules::chinese().scoring,
            "the rest from the preset"
        );
        assert_eq!(o.verbose, 2);
        assert_eq!(o.settings().budget.playouts, Some(500));
        for bad in [
            &["tengen", "--threads", "0"][..],
            &["tengen", "--time", "-1"],
            &["tengen", "--playouts", "0"],
            &["tengen", "--rules", "ing"],
            &["tengen", "--ko", "none"],
            &["tengen", "--resign-threshold", "1.5"],
            &["tengen", "--max-memory", "lots"],
            &["tengen", "--bogus"],
        ] {
            assert!(Options::try_parse_from(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn ponder_is_the_sessions_and_no_option_is_noted_as_ignored() {
        let dir = std::env::temp_dir().join(format!("tengen-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("log");
        let o =
            Options::try_parse_from(["tengen", "--ponder", "--resign-threshold", "0.2"]).unwrap();
        let log = Log::default().with_file(&path).unwrap();
        let mut player = new_player(1);
        o.configure(&mut *player, &log).unwrap();
        assert!(o.settings().ponder);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("ignored"), "{text}");
        let threshold = player
            .params()
            .into_iter()
            .find(|p| p.name == "resign_threshold");
        assert_eq!(threshold.map(|p| p.value), Some(ParamValue::Real(0.2)));
        // A player without the parameter notes the option it skips.
        let mut flat = tengen_engine::player::FlatPlayer::new(1);
        o.configure(&mut flat, &log).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("--resign-threshold ignored"), "{text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn params_reach_the_time_manager_and_the_player() {
        let o = Options::try_parse_from([
            "tengen",
            "--param",
            "own_moves_per_empty=0.3",
            "--param",
            "rave_equiv=100",
        ])
        .unwrap();
        let mut session = o.session(&Log::default()).unwrap();
        let lines = session.param_lines(None).unwrap().join("\n");
        assert!(lines.contains("own_moves_per_empty 0.3"), "{lines}");
        assert!(lines.contains("rave_equiv 100"), "{lines}");
        let bad = Options::try_parse_from(["tengen", "--param", "own_moves_per_empty=2"]).unwrap();
        assert!(bad.session(&Log::default()).is_err());
    }

    #[test]
    fn options_reach_the_player() {
        let o = Options::try_parse_from(["tengen", "--seed", "42", "--threads", "3"]).unwrap();
        let mut player = new_player(1);
        o.configure(&mut *player, &Log::default()).unwrap();
        let params = player.params();
        let seed = params.iter().find(|p| p.name == "seed").map(|p| p.value);
        assert_eq!(seed, Some(ParamValue::Int(42)));
    }
}
