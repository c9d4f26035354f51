//! Sharing independent jobs (games to play, lines to check) out among
//! threads.

use std::sync::Mutex;

/// `task(0)`, `task(1)`, ... `task(jobs - 1)` on `threads` threads, each
/// thread taking the next job not yet taken; the results in job order.
pub fn in_threads<R: Send>(
    jobs: usize,
    threads: usize,
    task: impl Fn(usize) -> R + Sync,
) -> Vec<R> {
    let next = Mutex::new(0usize);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let k = {
                        let Ok(mut n) = next.lock() else { return };
                        *n += 1;
                        *n - 1
                    };
                    if k >= jobs {
                        return;
                    }
                    let result = task(k);
                    if let Ok(mut all) = results.lock() {
                        all.push((k, result));
                    }
                }
            });
        }
    });
    let mut all = results.into_inner().unwrap_or_default();
    all.sort_by_key(|(k, _)| *k);
    all.into_iter().map(|(_, r)| r).collect()
}
