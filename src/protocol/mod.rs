//! What the CLI and the WebAssembly bindings both speak, beside the cores: the JSON shapes of
//! requests (with the wire's defaults and lenient number-or-string seeds) and the timing
//! reports of the benchmarks. The cores take and return plain Rust values; this layer is where
//! JSON meets them, so that the same request parses alike in a terminal and in the browser.

pub mod sudoku;
pub mod voltorb;
pub mod voltorb_timing;
