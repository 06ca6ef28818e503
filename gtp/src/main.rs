//! The `tengen` binary: parse the command line, then speak GTP until `quit`.

use clap::Parser;
use std::process::ExitCode;
use tengen_gtp::cli::{run, Options};

fn main() -> ExitCode {
    match run(&Options::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen: {e}");
            ExitCode::FAILURE
        }
    }
}
