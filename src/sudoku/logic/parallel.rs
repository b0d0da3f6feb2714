//! Sharing the hardest searches among the machine's cores.
//!
//! Natively the work is dealt out to scoped threads; in WebAssembly there is only the
//! caller's thread (the page shares work among its workers instead), so it all runs there.
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

/// `f` of every item, in order, computed in shares on all cores.
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = threads().min(items.len()).max(1);
    let parts = shares(threads, &|first| {
        items
            .iter()
            .skip(first)
            .step_by(threads)
            .map(&f)
            .collect::<Vec<R>>()
    });
    // Interleave the shares back into item order.
    let mut iters: Vec<_> = parts.into_iter().map(Vec::into_iter).collect();
    (0..items.len())
        .map(|i| {
            iters[i % threads]
                .next()
                .expect("every share has its items")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_keeps_item_order_whatever_the_sharing() {
        let items: Vec<u64> = (0..1001).collect();
        let squares = map(&items, |&x| x * x);
        assert_eq!(squares, items.iter().map(|x| x * x).collect::<Vec<_>>());
        assert_eq!(shares(3, &|first| first * 10), vec![0, 10, 20]);
        assert!(map(&[] as &[u8], |&x| x).is_empty());
    }
}
