//! The writer threads yield the CPU to the threads that answer readers.
//!
//! Under a flood of saves (64 tables saving back to back, each table's next save following its
//! answer) the saves take every cycle the machine has, and a reader of the public page waits
//! for a core although its page is cached (`docs/reference/performance.md`, "Large list
//! imports and reads under writes"). A writer thread therefore runs at a nice value
//! [`WRITER_NICE`] above the process's: while the cores are free it runs as fast as before,
//! and while they are contended the scheduler serves the request threads first; the saves
//! wait in the writer's queue, where they batch into fewer, larger commits.
//!
//! On Linux a nice value belongs to a thread, not to its process (setpriority(2), "BUGS"), so
//! raising it here lowers this thread alone. Raising it needs no privilege. Elsewhere nothing
//! changes.

/// How much lower a writer thread's priority is than the process's (nice +5: the scheduler's
/// weight 335 against 1024: about a third of a request thread's share of a contended core).
pub const WRITER_NICE: i32 = 5;

/// Lowers the calling thread's priority by [`WRITER_NICE`]. A refusal is logged and changes
/// nothing else: the saves then run at the readers' priority, as before.
pub(super) fn lower_this_thread() {
    if let Err(e) = lower_by(WRITER_NICE) {
        tracing::warn!("cannot lower the writer thread's priority: {e}");
    }
}

#[cfg(target_os = "linux")]
fn lower_by(by: i32) -> std::io::Result<()> {
    use rustix::process::{getpriority_process, setpriority_process};
    let me = Some(rustix::thread::gettid());
    let now = getpriority_process(me)?;
    // 19 is the lowest priority there is.
    setpriority_process(me, (now + by).min(19))?;
    Ok(())
}

#[cfg(not(target_os = "linux"))]
fn lower_by(_by: i32) -> std::io::Result<()> {
    // Elsewhere a nice value may be the whole process's: the request threads would go down
    // with the writers.
    Ok(())
}
