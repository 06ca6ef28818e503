//! The CPU time the process has used, all threads, user and system: GTP `cputime`, which
//! gogui-twogtp and gogui-regress ask every engine for and record per game.
//!
//! On Linux it is read from `/proc/self/stat` (the standard library has no CPU clock, and this
//! keeps the binary free of `unsafe` and of a dependency). The kernel counts the time of
//! threads that have ended there too, so searches on short-lived threads are not lost. Other
//! systems report nothing ([`process_cpu_time`] is `None`) and `cputime` answers with an error,
//! which GoGui's tools take as "not measured".

use std::time::Duration;

/// Clock ticks per second of the times in `/proc/<pid>/stat` (the kernel's `USER_HZ`): 100 on
/// every architecture Rust targets (only Alpha and Itanium used another value).
const TICKS_PER_SECOND: u64 = 100;

/// User plus system CPU time of this process so far, all threads; `None` where it cannot be
/// read.
pub fn process_cpu_time() -> Option<Duration> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let ticks = cpu_ticks(&stat)?;
    Some(Duration::from_nanos(
        ticks.saturating_mul(1_000_000_000 / TICKS_PER_SECOND),
    ))
}

/// `utime + stime` of a `/proc/<pid>/stat` line: its 14th and 15th fields, counted after the
/// command name in parentheses (which may itself hold spaces and parentheses).
fn cpu_ticks(stat: &str) -> Option<u64> {
    let (_, after_name) = stat.rsplit_once(')')?;
    // The fields after the name start with the 3rd (the state).
    let mut fields = after_name.split_whitespace().skip(14 - 3);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    user.checked_add(system)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_and_system_ticks_are_read_after_the_name() {
        let stat = "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 120 0 0 0 1234 56 7 8 20 0 \
                    3 0 5000 1000000 300 18446744073709551615";
        assert_eq!(cpu_ticks(stat), Some(1234 + 56));
        assert_eq!(cpu_ticks("4242 (tengen) S 1 2"), None, "cut short");
        assert_eq!(cpu_ticks("1 (x) S 1 1 1 0 -1 0 0 0 0 0 many 5 0 0"), None);
        assert_eq!(cpu_ticks("no name at all"), None);
    }

    #[test]
    fn the_process_time_grows_with_work_on_any_thread() {
        let before = process_cpu_time();
        if !cfg!(target_os = "linux") {
            assert_eq!(before, None);
            return;
        }
        let before = before.expect("Linux has /proc/self/stat");
        // Work on another thread (this one waits) until the process has used more CPU than at
        // the start, or for at most ten seconds.
        let give_up = std::time::Instant::now() + Duration::from_secs(10);
        let after = std::thread::spawn(move || loop {
            let now = process_cpu_time();
            if now.is_some_and(|t| t > before) || std::time::Instant::now() > give_up {
                return now;
            }
        })
        .join()
        .expect("the working thread");
        assert!(
            after.is_some_and(|t| t > before),
            "{before:?} then {after:?}"
        );
    }
}
