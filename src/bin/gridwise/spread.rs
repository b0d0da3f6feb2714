//! Helper threads that start on another core at once.
//!
//! On the 2-core measurement machine a new thread was queued on its parent's core, and one of
//! the two then waited 1.5-4.5 ms for the scheduler to move it (8 of 12 bare spawns measured):
//! a third of `gridwise poly meteor`'s whole run. So a helper is moved off its parent's core
//! as it starts, by itself and by its parent, whichever of the two runs first; with both moves
//! every one of 12 spawns had both threads working within 0.15 ms. Then it may use every core
//! again: the move is only for the start. Elsewhere than Linux the helpers are plain threads.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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
        results.push(helper.join().expect("a search thread panicked"));
    }
    results
}

/// Spawns `work` on a core other than the calling thread's, when there is one. (Not a scoped
/// thread: the parent moves the helper by its POSIX handle, which only an unscoped one gives.)
/// Once the helper runs elsewhere it may use every core again, so that on a busy machine the
/// scheduler can still move it where there is room.
fn spawn_elsewhere<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> JoinHandle<T> {
    let cores = affinity::all_but_current();
    let moved = Arc::new(AtomicBool::new(false));
    let handle = std::thread::spawn({
        let moved = moved.clone();
        move || {
            if let Some((_, others)) = &cores {
                affinity::move_self(others);
            }
            moved.store(true, Ordering::Release);
            work()
        }
    });
    if let Some((all, others)) = &cores {
        affinity::move_thread(&handle, others);
        // The helper starts within 0.15 ms once moved (measured); past the wait it is freed
        // anyway, and at worst keeps the restriction it then gives itself.
        let give_up = Instant::now() + Duration::from_millis(2);
        while !moved.load(Ordering::Acquire) && Instant::now() < give_up {
            std::thread::yield_now();
        }
        affinity::move_thread(&handle, all);
    }
    handle
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
