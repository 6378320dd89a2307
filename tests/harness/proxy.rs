//! A loopback TCP proxy of our own between the scorers and kartl that misbehaves on purpose:
//! of the connections it accepts it resets some (RST: `SO_LINGER` 0, then close: before the
//! request goes on, while the service works on it, or when its answer comes) and, of the
//! rest, loses some answers (the request reaches the service, which does the work; the client
//! gets a closed connection instead of the answer). The scorers open one connection per
//! request, so a connection's fate is a request's. Fates come from a seeded generator (the
//! sequence repeats; which request meets which fate depends on the order connections arrive).
//! With several upstreams it alternates between them connection by connection.

use super::rng::Rng;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

#[derive(Debug, Clone, Copy)]
pub struct Faults {
    /// Share of connections reset.
    pub reset: f64,
    /// Share of connections whose answer is lost.
    pub drop_response: f64,
    pub seed: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fate {
    Pass,
    /// RST before anything reaches the service.
    ResetAtOnce,
    /// RST right after the request went on: the service is still at work when the client's
    /// retry comes (the retry races the original).
    ResetInFlight,
    /// The request reaches the service; RST when its answer comes.
    ResetOnAnswer,
    /// The request reaches the service; its answer is swallowed and the connection closed.
    DropAnswer,
}

/// What the proxy did, for the test to show the faults happened.
#[derive(Debug, Default)]
pub struct Counts {
    pub connections: AtomicUsize,
    pub resets: AtomicUsize,
    pub dropped_answers: AtomicUsize,
}

pub struct Proxy {
    /// `http://127.0.0.1:PORT`
    pub base: String,
    pub counts: Arc<Counts>,
    task: tokio::task::JoinHandle<()>,
}

impl Proxy {
    /// Listens on a free loopback port and forwards to `upstreams` (`HOST:PORT`).
    pub async fn start(upstreams: Vec<String>, faults: Faults) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("address"));
        let counts = Arc::new(Counts::default());
        let rng = Arc::new(Mutex::new(Rng::new(faults.seed)));
        let c = counts.clone();
        let task = tokio::spawn(async move {
            let mut turn = 0usize;
            while let Ok((client, _)) = listener.accept().await {
                let fate = {
                    let mut rng = rng.lock().unwrap();
                    let r = rng.unit();
                    if r < faults.reset {
                        match rng.range(0, 3) {
                            0 => Fate::ResetAtOnce,
                            1 => Fate::ResetInFlight,
                            _ => Fate::ResetOnAnswer,
                        }
                    } else if r < faults.reset + faults.drop_response {
                        Fate::DropAnswer
                    } else {
                        Fate::Pass
                    }
                };
                let upstream = upstreams[turn % upstreams.len()].clone();
                turn += 1;
                c.connections.fetch_add(1, Ordering::Relaxed);
                match fate {
                    Fate::ResetAtOnce | Fate::ResetInFlight | Fate::ResetOnAnswer => {
                        c.resets.fetch_add(1, Ordering::Relaxed)
                    }
                    Fate::DropAnswer => c.dropped_answers.fetch_add(1, Ordering::Relaxed),
                    Fate::Pass => 0,
                };
                tokio::spawn(serve(client, upstream, fate));
            }
        });
        Proxy { base, counts, task }
    }

    pub fn summary(&self) -> (usize, usize, usize) {
        (
            self.counts.connections.load(Ordering::Relaxed),
            self.counts.resets.load(Ordering::Relaxed),
            self.counts.dropped_answers.load(Ordering::Relaxed),
        )
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

enum Step {
    /// The client sent this many bytes (now in `up`).
    Request(usize),
    /// The first bytes of the service's answer came.
    Answer,
    Closed,
}

/// Closes with RST rather than FIN.
fn reset(stream: TcpStream) {
    let _ = stream.set_zero_linger();
    drop(stream);
}

async fn serve(mut client: TcpStream, upstream: String, fate: Fate) {
    if fate == Fate::ResetAtOnce {
        return reset(client);
    }
    let Ok(mut server) = TcpStream::connect(&upstream).await else {
        // The service is away (restarting): the client sees a refused request.
        return reset(client);
    };
    if fate == Fate::Pass {
        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
        return;
    }
    // Forward the request; when the first bytes of the answer come, the service has done the
    // work: swallow them.
    let mut up = vec![0u8; 16 * 1024];
    let mut down = vec![0u8; 16 * 1024];
    loop {
        let step = tokio::select! {
            read = client.read(&mut up) => match read {
                Ok(0) | Err(_) => Step::Closed,
                Ok(n) => Step::Request(n),
            },
            read = server.read(&mut down) => match read {
                Ok(0) | Err(_) => Step::Closed,
                Ok(_) => Step::Answer,
            },
        };
        match step {
            Step::Closed => return,
            Step::Answer => break,
            Step::Request(n) => {
                if server.write_all(&up[..n]).await.is_err() {
                    return;
                }
                if fate == Fate::ResetInFlight {
                    reset(client);
                    // Keep the service's end open until it answers: it must not notice early.
                    let _ = server.read(&mut down).await;
                    return;
                }
            }
        }
    }
    match fate {
        Fate::ResetOnAnswer => reset(client),
        _ => {
            let _ = client.shutdown().await;
        }
    }
}
