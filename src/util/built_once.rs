//! A value that the threads of a team need alike, built by whichever of them asks first while
//! the others wait, awake, until it is there.
//!
//! `OnceLock::get_or_init` would do the same, but a thread that finds the value being built
//! sleeps until it is ready, and on the 2-core measurement machine a thread woken from sleep
//! took longer to run again than the building takes (a fraction of a millisecond for Meteor's
//! search tables). So the waiting threads look again and again, yielding their core between
//! looks: with more threads than cores, pure spinning kept the builder from running (Meteor
//! with 8 threads on 2 cores took 30 ms instead of 18).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

pub struct BuiltOnce<T> {
    /// Set by the thread that builds the value.
    claimed: AtomicBool,
    /// Set when that thread panicked while building: the value will never come.
    failed: AtomicBool,
    value: OnceLock<T>,
}

impl<T> Default for BuiltOnce<T> {
    fn default() -> Self {
        BuiltOnce {
            claimed: AtomicBool::new(false),
            failed: AtomicBool::new(false),
            value: OnceLock::new(),
        }
    }
}

impl<T> BuiltOnce<T> {
    /// The value, built with `build` when this thread is the first to ask.
    ///
    /// Panics when the thread that was building it panicked (rather than waiting for ever).
    pub fn get_or_build(&self, build: impl FnOnce() -> T) -> &T {
        self.get_or_build_meanwhile(build, || ())
    }

    /// [`BuiltOnce::get_or_build`], where a thread that finds the value being built first does
    /// `meanwhile` (work it would do later anyway), then waits.
    pub fn get_or_build_meanwhile(
        &self,
        build: impl FnOnce() -> T,
        meanwhile: impl FnOnce(),
    ) -> &T {
        if let Some(value) = self.value.get() {
            return value;
        }
        if !self.claimed.swap(true, Ordering::AcqRel) {
            /// Tells the waiting threads when the build unwinds.
            struct Unwinding<'a>(&'a AtomicBool);
            impl Drop for Unwinding<'_> {
                fn drop(&mut self) {
                    if std::thread::panicking() {
                        self.0.store(true, Ordering::Release);
                    }
                }
            }
            let _guard = Unwinding(&self.failed);
            return self.value.get_or_init(build);
        }
        meanwhile();
        loop {
            if let Some(value) = self.value.get() {
                return value;
            }
            assert!(
                !self.failed.load(Ordering::Acquire),
                "the thread building a shared value panicked"
            );
            std::thread::yield_now();
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn one_thread_builds_and_every_thread_gets_its_value() {
        let shared = BuiltOnce::default();
        let builds = AtomicUsize::new(0);
        let seen: Vec<u64> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        *shared.get_or_build(|| {
                            builds.fetch_add(1, Ordering::Relaxed);
                            std::thread::sleep(std::time::Duration::from_millis(5));
                            42u64
                        })
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(builds.load(Ordering::Relaxed), 1);
        assert_eq!(seen, vec![42; 4]);
    }

    #[test]
    fn a_build_that_panics_makes_the_waiting_threads_panic_instead_of_hanging() {
        let shared: BuiltOnce<u64> = BuiltOnce::default();
        let claimed = AtomicBool::new(false);
        std::thread::scope(|s| {
            let builder = s.spawn(|| {
                shared.get_or_build(|| {
                    claimed.store(true, Ordering::Release);
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    panic!("no value");
                })
            });
            while !claimed.load(Ordering::Acquire) {
                std::hint::spin_loop();
            }
            let waiter = s.spawn(|| *shared.get_or_build(|| 1));
            assert!(builder.join().is_err());
            assert!(waiter.join().is_err());
        });
    }
}
