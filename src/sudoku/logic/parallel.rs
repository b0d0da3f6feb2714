//! Sharing the hardest searches among the machine's cores.
//!
//! Natively the work is dealt out to scoped threads; in WebAssembly there is only the
//! caller's thread, so it all runs there (on the page, a rating runs on one worker).
//! Callers deal items in turn (`first`, `first + threads`, …) so that each share gets cheap
//! and dear items alike, and they combine the shares so that the result never depends on the
//! number of threads.

/// How many shares to deal the work into: the machine's cores, at most 8.
pub fn threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
    }
    #[cfg(target_arch = "wasm32")]
    {
        1
    }
}

/// Runs `work(first)` for every `first` in `0..threads`, each on its own thread (the caller's
/// thread takes share 0), and returns the results in share order.
pub fn shares<R: Send>(threads: usize, work: &(impl Fn(usize) -> R + Sync)) -> Vec<R> {
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 {
        return std::thread::scope(|scope| {
            let others: Vec<_> = (1..threads)
                .map(|first| scope.spawn(move || work(first)))
                .collect();
            let mut out = vec![work(0)];
            // A share that panicked re-raises its panic here, as if it had run on this thread.
            out.extend(others.into_iter().map(|h| match h.join() {
                Ok(r) => r,
                Err(panic) => std::panic::resume_unwind(panic),
            }));
            out
        });
    }
    (0..threads).map(work).collect()
}

/// Runs `main` on the caller's thread while `helper` runs on `threads - 1` others, and waits
/// for all of them; `main`'s result. (In WebAssembly only `main` runs.)
pub fn beside<R>(threads: usize, helper: &(impl Fn() + Sync), main: impl FnOnce() -> R) -> R {
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 {
        return std::thread::scope(|scope| {
            let others: Vec<_> = (1..threads).map(|_| scope.spawn(helper)).collect();
            let out = main();
            for h in others {
                if let Err(panic) = h.join() {
                    std::panic::resume_unwind(panic);
                }
            }
            out
        });
    }
    let _ = (threads, helper);
    main()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_come_back_in_share_order() {
        assert_eq!(shares(3, &|first| first * 10), vec![0, 10, 20]);
        assert_eq!(shares(1, &|first| first + 7), vec![7]);
    }

    #[test]
    fn beside_runs_every_helper_and_returns_main() {
        let ran = std::sync::atomic::AtomicUsize::new(0);
        let helper = || {
            ran.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        };
        assert_eq!(beside(3, &helper, || 42), 42);
        assert_eq!(ran.load(std::sync::atomic::Ordering::Relaxed), 2);
        assert_eq!(beside(1, &helper, || 7), 7);
        assert_eq!(ran.load(std::sync::atomic::Ordering::Relaxed), 2);
    }
}
