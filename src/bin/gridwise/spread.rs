//! Helper threads that start on another core at once, and whose results are taken as soon as
//! they are ready.
//!
//! On the 2-core measurement machine a new thread was queued on its parent's core, and one of
//! the two then waited 1.5-4.5 ms for the scheduler to move it (8 of 12 bare spawns measured):
//! a third of `gridwise poly meteor`'s whole run. So a helper is moved off its parent's core
//! as it starts, by itself and by its parent, whichever of the two runs first; with both moves
//! every one of 12 spawns had both threads working within 0.15 ms. Then it may use every core
//! again: the move is only for the start. Elsewhere than Linux the helpers are plain threads.
//!
//! The caller does not wait for a helper to end, only for its result: a helper still frees
//! what it used and ends after handing it over, and waiting for that (a join) kept Meteor's
//! answer back 0.3 ms, a few per cent of the whole run.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Runs `work(m)` for the members `m` of a team of `threads`: member 0 on the calling thread,
/// the others on helpers started on other cores. (The caller works too: had it only waited,
/// every helper would have been moved off its core, and two helpers on a 2-core machine would
/// have shared the other one.) Returns the results in member order.
pub fn run_team<T, F>(threads: u32, work: F) -> Vec<T>
where
    T: Send + 'static,
    F: Fn(u32) -> T + Send + Clone + 'static,
{
    let helpers: Vec<_> = (1..threads.max(1))
        .map(|m| {
            let work = work.clone();
            spawn_elsewhere(move || work(m))
        })
        .collect();
    let mut results = vec![work(0)];
    for helper in helpers {
        results.push(helper.result());
    }
    results
}

/// A helper thread and where it leaves its result.
struct Helper<T> {
    thread: JoinHandle<()>,
    result: Arc<Mutex<Option<T>>>,
}

/// How long the caller looks for a helper's result before it sleeps until the helper ends:
/// members of a team end within a fraction of a millisecond of each other, and a thread woken
/// from sleep on this machine took longer than that to run again.
const RESULT_WATCH: Duration = Duration::from_millis(2);

impl<T> Helper<T> {
    /// The helper's result, as soon as it is there (the helper may still be ending).
    fn result(self) -> T {
        let until = Instant::now() + RESULT_WATCH;
        // The result is looked for before the thread's state: a helper that has left it may
        // still be ending, and joining it then waited 60-120 µs (measured on Meteor's team).
        loop {
            if let Some(result) = take(&self.result) {
                return result;
            }
            if self.thread.is_finished() || Instant::now() >= until {
                break;
            }
            std::thread::yield_now();
        }
        self.thread.join().expect("a search thread panicked");
        take(&self.result).expect("a search thread ended without a result")
    }
}

/// Takes what a helper left (a helper that panicked holding the lock left nothing).
fn take<T>(slot: &Mutex<Option<T>>) -> Option<T> {
    slot.lock().ok()?.take()
}

/// Spawns `work` on a core other than the calling thread's, when there is one. (Not a scoped
/// thread: the parent moves the helper by its POSIX handle, which only an unscoped one gives.)
/// Once the helper runs elsewhere it may use every core again, so that on a busy machine the
/// scheduler can still move it where there is room.
fn spawn_elsewhere<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Helper<T> {
    let cores = affinity::all_but_current();
    let result = Arc::new(Mutex::new(None));
    let parent_moved_it = Arc::new(AtomicBool::new(false));
    let thread = std::thread::spawn({
        let result = result.clone();
        let parent_moved_it = parent_moved_it.clone();
        move || {
            if let Some((all, others)) = &cores {
                affinity::move_self(others);
                // The helper gives itself every core back, and only after its parent's move:
                // a move by the parent after that would pin it for good. The parent moves it
                // right after the spawn, so this wait is short, and the parent never waits.
                while !parent_moved_it.load(Ordering::Acquire) {
                    std::thread::yield_now();
                }
                affinity::move_self(all);
            }
            let value = work();
            if let Ok(mut slot) = result.lock() {
                *slot = Some(value);
            }
        }
    });
    if let Some((_, others)) = &cores {
        affinity::move_thread(&thread, others);
    }
    parent_moved_it.store(true, Ordering::Release);
    Helper { thread, result }
}

#[cfg(target_os = "linux")]
mod affinity {
    use std::os::unix::thread::JoinHandleExt;
    use std::thread::JoinHandle;

    /// The cores this thread may use, and the same without the one it runs on; None when
    /// that leaves none (one core, or a thread already bound to one) or the system does not
    /// say.
    pub fn all_but_current() -> Option<(libc::cpu_set_t, libc::cpu_set_t)> {
        // SAFETY: plain system calls on a zeroed, correctly sized set; the core index is
        // checked against the set's capacity before it is used.
        unsafe {
            let current = usize::try_from(libc::sched_getcpu()).ok()?;
            if current >= libc::CPU_SETSIZE as usize {
                return None;
            }
            let mut all: libc::cpu_set_t = std::mem::zeroed();
            let size = std::mem::size_of::<libc::cpu_set_t>();
            if libc::sched_getaffinity(0, size, &mut all) != 0 {
                return None;
            }
            let mut others = all;
            libc::CPU_CLR(current, &mut others);
            (libc::CPU_COUNT(&others) > 0).then_some((all, others))
        }
    }

    /// Restricts the calling thread to `cores`.
    pub fn move_self(cores: &libc::cpu_set_t) {
        // SAFETY: a valid set of the size given; a failure only leaves the thread where it is.
        unsafe {
            libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), cores);
        }
    }

    /// Restricts the thread of `handle` to `cores`.
    pub fn move_thread<T>(handle: &JoinHandle<T>, cores: &libc::cpu_set_t) {
        // SAFETY: the handle is borrowed, so its thread is not yet joined and its POSIX handle
        // stays valid; a failure only leaves the thread where it is.
        unsafe {
            libc::pthread_setaffinity_np(
                handle.as_pthread_t(),
                std::mem::size_of::<libc::cpu_set_t>(),
                cores,
            );
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod affinity {
    use std::thread::JoinHandle;

    /// No cores to move to: helpers are plain threads.
    pub fn all_but_current() -> Option<((), ())> {
        None
    }

    pub fn move_self(_: &()) {}

    pub fn move_thread<T>(_: &JoinHandle<T>, _: &()) {}
}
