//! Helpers shared by the integration tests that drive the binary.
#![allow(dead_code)]

pub mod engine;

/// Runs the binary with `args`: whether it succeeded, its output and its error output.
pub fn run(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_latrunculi"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}
