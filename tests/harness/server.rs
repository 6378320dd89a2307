//! `kartl serve` as a child process on a free loopback port: started, killed with SIGKILL
//! (`Child::kill` sends it on Unix) and started again on the same database.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The last lines the service wrote to stderr, for a failure's message.
type Tail = Arc<Mutex<VecDeque<String>>>;

pub struct Server {
    binary: PathBuf,
    database: String,
    child: Option<Child>,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    /// `127.0.0.1:PORT`
    pub addr: String,
    tail: Tail,
}

impl Server {
    /// A bench's server on `database`: the binary `KARTL_BENCH_SERVER` names (a script that
    /// `exec`s a profiler), else the built `kartl`.
    pub fn start_for_bench(database: &str) -> Server {
        let binary = std::env::var_os("KARTL_BENCH_SERVER")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_kartl")));
        Server::start(&binary, database)
    }

    /// Starts `binary serve` on `database` and waits until it says where it listens.
    pub fn start(binary: &Path, database: &str) -> Server {
        let mut server = Server {
            binary: binary.to_path_buf(),
            database: database.to_string(),
            child: None,
            base: String::new(),
            addr: String::new(),
            tail: Arc::default(),
        };
        server.restart();
        server
    }

    /// Starts the process (again), on a new port.
    pub fn restart(&mut self) {
        assert!(self.child.is_none(), "the service still runs");
        let mut child = Command::new(&self.binary)
            .args([
                "serve",
                "--bind",
                "127.0.0.1:0",
                "--database",
                &self.database,
            ])
            .env_remove("DATABASE_URL")
            // Only the start line: a log line per request would cost the bench CPU.
            .env("RUST_LOG", "warn,kartl::cli=info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start kartl serve");
        let stderr = child.stderr.take().expect("stderr");
        let (tx, rx) = mpsc::channel();
        let tail = self.tail.clone();
        // Drains stderr for the process's whole life (a full pipe would block the service).
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(rest) = line.split("listens on http://").nth(1)
                    && let Some(addr) = rest.split_whitespace().next()
                {
                    let _ = tx.send(addr.to_string());
                }
                let mut tail = tail.lock().unwrap();
                if tail.len() == 40 {
                    tail.pop_front();
                }
                tail.push_back(line);
            }
        });
        let addr = match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(addr) => addr,
            Err(_) => {
                let _ = child.kill();
                panic!("kartl did not start: {:?}", self.tail.lock().unwrap());
            }
        };
        self.base = format!("http://{addr}");
        self.addr = addr;
        self.child = Some(child);
    }

    /// SIGKILL: no shutdown, no flushing; the process is gone when this returns.
    pub fn kill9(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Under a profiler (`KARTL_BENCH_CALLGRIND` set, the server started through a script that
    /// `exec`s valgrind's callgrind): `callgrind_control WHAT` on the server's process, `-z` to
    /// zero its counters before a bench's timed part, `-d` to dump them after.
    pub fn callgrind(&self, what: &str) {
        let (Some(_), Some(pid)) = (std::env::var_os("KARTL_BENCH_CALLGRIND"), self.pid()) else {
            return;
        };
        let status = Command::new("callgrind_control")
            .args([what, &pid.to_string()])
            .status()
            .expect("callgrind_control");
        assert!(status.success(), "callgrind_control {what}");
    }

    /// The process id while it runs (the bench reads its CPU time from `/proc`).
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    pub fn running(&self) -> bool {
        self.child.is_some()
    }

    /// What the service last wrote to stderr.
    pub fn log_tail(&self) -> Vec<String> {
        self.tail.lock().unwrap().iter().cloned().collect()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill9();
    }
}
