//! Where tengen writes what GUIs do not show: the `--log` file (GTP traffic and search
//! summaries) and standard error (warnings; summaries with `-v`; traffic with `-vv`). Logging
//! never fails a command: a write error is ignored.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// A cheap handle to the log; clones write to the same file.
#[derive(Clone, Default)]
pub struct Log {
    file: Option<Arc<Mutex<File>>>,
    /// 0: warnings only on stderr; 1: search summaries too; 2: GTP traffic too.
    verbosity: u8,
}

impl Log {
    /// A log that writes to stderr only, by `verbosity`.
    pub fn stderr(verbosity: u8) -> Log {
        Log {
            file: None,
            verbosity,
        }
    }

    /// Also append everything to `path` (created if missing).
    pub fn with_file(self, path: &Path) -> io::Result<Log> {
        let file = File::options().create(true).append(true).open(path)?;
        Ok(Log {
            file: Some(Arc::new(Mutex::new(file))),
            ..self
        })
    }

    /// A line received from the controller.
    pub fn received(&self, line: &str) {
        self.write(2, &format!(">> {line}"));
    }

    /// A reply or stream line sent to the controller.
    pub fn sent(&self, text: &str) {
        for line in text.lines().filter(|l| !l.is_empty()) {
            self.write(2, &format!("<< {line}"));
        }
    }

    /// A search summary or other progress note.
    pub fn note(&self, text: &str) {
        self.write(1, text);
    }

    /// Something the user should know about (always on stderr).
    pub fn warn(&self, text: &str) {
        self.write(0, &format!("tengen: {text}"));
    }

    fn write(&self, level: u8, text: &str) {
        if let Some(file) = &self.file {
            if let Ok(mut f) = file.lock() {
                let _ = writeln!(f, "{text}");
            }
        }
        if self.verbosity >= level {
            let _ = writeln!(io::stderr().lock(), "{text}");
        }
    }
}
