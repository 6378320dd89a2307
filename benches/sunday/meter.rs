//! What a phase of the Sunday measured: the latencies of each kind of request, the answers
//! that were not what a healthy service gives, and the CPU the server and PostgreSQL spent.

use crate::harness::procfs;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

/// The requests of one kind.
#[derive(Default)]
pub struct Kind {
    latencies: Mutex<Vec<Duration>>,
    /// Answers 304 Not Modified (the phones' conditional requests).
    pub unchanged: AtomicUsize,
    /// Errors: a 5xx, a refused connection, a timeout, a 4xx where none belongs.
    pub errors: AtomicUsize,
    /// Attempts answered with an error and then repeated until acknowledged (saves).
    pub retries: AtomicUsize,
}

impl Kind {
    pub fn took(&self, latency: Duration) {
        self.latencies.lock().unwrap().push(latency);
    }

    pub fn failed(&self) {
        self.errors.fetch_add(1, Ordering::Relaxed);
    }

    /// An error with what it was: the first few are shown, so a run's errors have a cause.
    pub fn failed_with(&self, what: &str) {
        if self.errors.fetch_add(1, Ordering::Relaxed) < 3 {
            eprintln!("error: {what}");
        }
    }

    pub fn retried(&self, times: u32) {
        self.retries.fetch_add(times as usize, Ordering::Relaxed);
    }

    pub fn error_count(&self) -> usize {
        self.errors.load(Ordering::Relaxed)
    }

    /// (count, p50, p99) in ms; (0, 0, 0) when none came.
    pub fn spread(&self) -> (usize, f64, f64) {
        let mut all = self.latencies.lock().unwrap().clone();
        if all.is_empty() {
            return (0, 0.0, 0.0);
        }
        all.sort();
        let at = |p: f64| all[((all.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1e3;
        (all.len(), at(0.5), at(0.99))
    }
}

/// One phase: every kind of request, and the CPU counters at its start.
pub struct Meter {
    pub pages: Kind,
    pub saves: Kind,
    pub pad: Kind,
    pub secretary: Kind,
    pub cup: Kind,
    started: Instant,
    server_cpu: f64,
    postgres_cpu: f64,
    client_cpu: f64,
    servers: Vec<u32>,
}

/// A phase's figures, ready to print.
pub struct Figures {
    pub seconds: f64,
    /// CPU ms per request: the kartl processes, PostgreSQL, this bench (the phones).
    pub server_ms: f64,
    pub postgres_ms: f64,
    pub client_ms: f64,
    /// Share of the machine's cores busy in the phase (server + PostgreSQL + bench).
    pub busy: f64,
}

impl Meter {
    /// Starts counting now, for the kartl processes `servers`.
    pub fn start(servers: Vec<u32>) -> Meter {
        Meter {
            pages: Kind::default(),
            saves: Kind::default(),
            pad: Kind::default(),
            secretary: Kind::default(),
            cup: Kind::default(),
            started: Instant::now(),
            server_cpu: servers_cpu(&servers),
            postgres_cpu: procfs::postgres_cpu(),
            client_cpu: procfs::cpu_seconds("self"),
            servers,
        }
    }

    /// The figures from the start until now.
    pub fn figures(&self) -> Figures {
        let seconds = self.started.elapsed().as_secs_f64();
        let requests = [
            &self.pages,
            &self.saves,
            &self.pad,
            &self.secretary,
            &self.cup,
        ]
        .iter()
        .map(|k| k.spread().0)
        .sum::<usize>();
        let server = servers_cpu(&self.servers) - self.server_cpu;
        let postgres = procfs::postgres_cpu() - self.postgres_cpu;
        let client = procfs::cpu_seconds("self") - self.client_cpu;
        let per = |cpu: f64| cpu * 1e3 / requests.max(1) as f64;
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
        Figures {
            seconds,
            server_ms: per(server),
            postgres_ms: per(postgres),
            client_ms: per(client),
            busy: (server + postgres + client) / seconds / cores,
        }
    }
}

fn servers_cpu(pids: &[u32]) -> f64 {
    pids.iter()
        .map(|p| procfs::cpu_seconds(&p.to_string()))
        .sum()
}

/// What runs in a phase reads from here: the phase's meter (put in anew for each phase) and
/// the signal to stop.
pub struct Live {
    meter: RwLock<Arc<Meter>>,
    stop: AtomicBool,
}

impl Live {
    pub fn new(meter: Arc<Meter>) -> Arc<Live> {
        Arc::new(Live {
            meter: RwLock::new(meter),
            stop: AtomicBool::new(false),
        })
    }

    pub fn meter(&self) -> Arc<Meter> {
        self.meter.read().unwrap().clone()
    }

    pub fn measure_into(&self, meter: Arc<Meter>) {
        *self.meter.write().unwrap() = meter;
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}
