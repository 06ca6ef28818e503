//! The workspace's `rust-version` (root `Cargo.toml`) must be true: no locked dependency may need
//! a newer Rust. Otherwise a user with an older toolchain gets a compile error deep inside a
//! dependency instead of cargo's plain "requires rustc X". Our own code is held to the same
//! version by clippy's `incompatible_msrv` lint, which `.ci/run` runs with warnings denied.
//!
//! `cargo metadata` gives each package of the lock file with the `rust-version` of its manifest.
//! It runs offline on this platform's packages (`--filter-platform`): those are the ones a build
//! and `cargo test` have already downloaded, so the check needs no network, on a clean machine
//! too. Dependencies of other platforms only (`windows-sys` and the like) are not seen here;
//! when `rust-version` was last set they needed 1.71 at most.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// `1.85` or `1.85.0` as (major, minor, patch).
fn parse_version(text: &str) -> (u64, u64, u64) {
    let mut parts = text.split('.').map(|p| {
        p.parse::<u64>()
            .unwrap_or_else(|_| panic!("rust-version {text:?} is not a version"))
    });
    let major = parts.next().unwrap_or(0);
    let minor = parts.next().unwrap_or(0);
    let patch = parts.next().unwrap_or(0);
    (major, minor, patch)
}

/// The target this cargo builds for by default, from `cargo -vV`.
fn host_triple() -> String {
    let out = Command::new(env!("CARGO"))
        .arg("-vV")
        .output()
        .expect("cargo -vV runs");
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("cargo -vV names the host")
        .trim()
        .to_string()
}

fn metadata() -> Value {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml");
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--offline", "--locked"])
        .args(["--filter-platform", &host_triple()])
        .arg("--manifest-path")
        .arg(&manifest)
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON")
}

#[test]
fn no_locked_dependency_needs_a_newer_rust_than_the_workspace_says() {
    let meta = metadata();
    let members: Vec<&str> = meta["workspace_members"]
        .as_array()
        .expect("workspace_members")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let packages = meta["packages"].as_array().expect("packages");
    let is_member = |p: &Value| members.contains(&p["id"].as_str().unwrap_or_default());

    // Every crate of the workspace declares the workspace's version; the oldest one is the promise.
    let declared = packages
        .iter()
        .filter(|p| is_member(p))
        .map(|p| {
            let v = p["rust_version"].as_str().unwrap_or_else(|| {
                panic!(
                    "{} has no rust-version (rust-version.workspace = true)",
                    p["name"]
                )
            });
            (parse_version(v), v)
        })
        .min()
        .expect("the workspace has members");

    // The dependencies that need more, the most demanding first.
    let mut too_new: Vec<((u64, u64, u64), String)> = packages
        .iter()
        .filter(|p| !is_member(p))
        .filter_map(|p| {
            let v = p["rust_version"].as_str()?;
            let name = p["name"].as_str().unwrap_or_default();
            let version = p["version"].as_str().unwrap_or_default();
            Some((parse_version(v), format!("{name} {version} needs {v}")))
        })
        .filter(|(needs, _)| *needs > declared.0)
        .collect();
    too_new.sort_by(|a, b| b.cmp(a));
    assert!(
        too_new.is_empty(),
        "Cargo.toml says rust-version = {:?}, but locked dependencies need more: {}. Raise it \
         to the first of these, or lock older versions.",
        declared.1,
        too_new
            .iter()
            .map(|(_, what)| what.as_str())
            .collect::<Vec<_>>()
            .join("; ")
    );

    // The check saw the dependencies at all: clap is one of them, and declares its version.
    assert!(packages
        .iter()
        .any(|p| p["name"] == "clap" && p["rust_version"].is_string()));
}

#[test]
fn versions_compare_by_number_not_text() {
    assert!(parse_version("1.85") == parse_version("1.85.0"));
    assert!(parse_version("1.9") < parse_version("1.10"));
    assert!(parse_version("1.88") > parse_version("1.85.1"));
}
