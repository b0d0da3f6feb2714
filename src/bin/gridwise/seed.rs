//! Seeds for the `generate` commands when none is given: a new deal or puzzle every run, with
//! the seed printed so that the run can be repeated.

/// A seed from the clock: the low twelve digits of the nanoseconds since 1970 (short enough to
/// type back as `--seed`).
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| (d.as_nanos() % 1_000_000_000_000) as u64)
        .unwrap_or(1)
}
