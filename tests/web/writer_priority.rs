//! The writer threads run below the request threads' priority (`db::writer::priority`), and
//! only they do: the threads that answer readers keep the process's. Linux only (elsewhere a
//! nice value may be the process's, and the writers keep theirs).
#![cfg(target_os = "linux")]

use crate::both_backends;
use crate::common::{Backend, TestApp};
use kartl::db::writer::WRITER_NICE;

both_backends!(a_save_runs_at_a_lower_priority_than_a_read);

/// The nice value of the thread that calls it (field 19 of `/proc/thread-self/stat`, after
/// the command's closing parenthesis: the command itself may hold spaces).
fn nice_of_this_thread() -> i32 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
    let after_command = &stat[stat.rfind(')').unwrap() + 2..];
    // Fields from the state (field 3) on: the nice value is the 17th of them.
    after_command.split(' ').nth(16).unwrap().parse().unwrap()
}

async fn a_save_runs_at_a_lower_priority_than_a_read(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let db = &app.state.db;
    let reader = db.run(|_| Ok(nice_of_this_thread())).await.unwrap();
    let writer = db
        .write_batched("lane", |_| Ok(nice_of_this_thread()))
        .await
        .unwrap();
    assert_eq!(
        writer,
        (reader + WRITER_NICE).min(19),
        "the writer thread's nice value"
    );
    // The writer lowered itself, not the process: the test's own thread and a second read
    // are where they were.
    assert_eq!(nice_of_this_thread(), reader, "this thread's nice value");
    let again = db.run(|_| Ok(nice_of_this_thread())).await.unwrap();
    assert_eq!(again, reader, "a read after the save");
}
