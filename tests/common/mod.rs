//! What the CLI integration tests share: running the built `gridwise` binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `gridwise ARGS` with an empty standard input; returns (exit status was 0, stdout,
/// stderr).
#[allow(dead_code)] // each test crate includes this module and uses one of the two forms
pub fn gridwise(args: &[&str]) -> (bool, String, String) {
    gridwise_with_input(args, "")
}

/// Runs `gridwise ARGS` with `input` as its standard input; returns (exit status was 0, stdout,
/// stderr).
pub fn gridwise_with_input(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridwise"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gridwise runs");
    // A command that exits without reading its input closes the pipe: not a test failure.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("gridwise finishes");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `gridwise ARGS` with an empty standard input; returns (exit code, stderr).
#[allow(dead_code)]
pub fn gridwise_code(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridwise"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("gridwise runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
