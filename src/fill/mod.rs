//! The fill core (see its issue). Pure Rust: no wasm, no I/O.
