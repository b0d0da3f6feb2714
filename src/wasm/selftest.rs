//! Self-test operations: they exercise the engine (pool, cancel, recovery), not a puzzle.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{Failure, Progress, from_args, now_ms, to_js};

#[derive(Deserialize)]
struct SpinArgs {
    /// How long to keep the worker busy, in milliseconds (at most a minute).
    ms: f64,
}

#[derive(Serialize)]
struct Spun {
    elapsed_ms: f64,
}

/// `selftest.spin {ms}`: keeps its worker busy for `ms` milliseconds of wall time, reporting
/// progress, so tests can check that independent requests run on different cores at once.
#[wasm_bindgen]
pub fn selftest_spin(args: JsValue, progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let a: SpinArgs = from_args(args)?;
    let ms = a.ms.clamp(0.0, 60_000.0);
    let mut progress = Progress::new(progress);
    let start = now_ms();
    let mut spins = 0u64;
    while now_ms() - start < ms {
        spins = spins.wrapping_add(1);
        if spins.is_multiple_of(4096) && progress.due() {
            progress.report(
                &Spun {
                    elapsed_ms: now_ms() - start,
                },
                false,
            );
        }
    }
    to_js(&Spun {
        elapsed_ms: now_ms() - start,
    })
}
