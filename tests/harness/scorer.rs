//! A table's scorer over HTTP: opens the table page once for the session's CSRF token, then
//! saves deal after deal, each with a fresh submission key, retrying with the SAME key on any
//! failure (connection error, reset, timeout, 5xx, a CSRF refusal after a lost session cookie)
//! until the service acknowledges it (303). Every acknowledged deal goes into the ledger.

use serde_json::{Value, json};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

/// The service's addresses (`http://…`); a scorer alternates between them request by request.
/// Behind a lock so that a restarted service (new port) can be put in.
#[derive(Clone, Default)]
pub struct Endpoints(Arc<RwLock<Vec<String>>>);

impl Endpoints {
    pub fn new(bases: Vec<String>) -> Endpoints {
        Endpoints(Arc::new(RwLock::new(bases)))
    }

    pub fn set(&self, bases: Vec<String>) {
        *self.0.write().unwrap() = bases;
    }

    fn pick(&self, turn: usize) -> String {
        let bases = self.0.read().unwrap();
        bases[turn % bases.len()].clone()
    }
}

#[derive(Debug, Clone)]
pub struct Options {
    pub reuse_connections: bool,
    pub timeout: Duration,
    /// A deal not acknowledged within this time fails the run (the service is down for good).
    pub give_up_after: Duration,
    pub retry_pause: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            reuse_connections: true,
            timeout: Duration::from_secs(10),
            give_up_after: Duration::from_secs(120),
            retry_pause: Duration::from_millis(20),
        }
    }
}

/// One acknowledged deal.
#[derive(Debug, Clone)]
pub struct Ack {
    /// The table's scorer link secret.
    pub token: String,
    pub deal_no: i32,
    pub key: String,
    pub record: Value,
    /// The acknowledged attempt's round trip.
    pub latency: Duration,
    /// Attempts before the acknowledged one (0: acknowledged at once).
    pub retries: u32,
}

/// The deal a scorer enters as deal `deal_no`: a Watten quick deal worth 2, winners alternating,
/// so a table stays far below the target (a table of n deals ends n/2 : n/2, times 2).
pub fn deal(deal_no: i32) -> Value {
    let winner = if deal_no % 2 == 0 { "A" } else { "B" };
    json!({"winner": winner, "points": 2})
}

/// Shared between the tables and whoever decides when the run ends: the count of
/// acknowledged deals, and the signal to stop starting new deals.
#[derive(Clone, Default)]
pub struct Goal {
    acked: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
}

impl Goal {
    pub fn acked(&self) -> usize {
        self.acked.load(Ordering::SeqCst)
    }

    /// Tables finish the deal they are at and start no new one.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }
}

pub struct Scorer {
    client: reqwest::Client,
    pub token: String,
    endpoints: Endpoints,
    options: Options,
    csrf: Option<String>,
    turn: usize,
}

enum Failure {
    /// Worth another try with the same key.
    Transient,
    /// An answer that must never come (a refusal, a conflict): the run fails.
    Hard(String),
}

impl Scorer {
    pub fn new(token: String, endpoints: Endpoints, options: Options) -> Scorer {
        Scorer {
            client: super::http::client(options.timeout, options.reuse_connections),
            token,
            endpoints,
            options,
            csrf: None,
            turn: 0,
        }
    }

    fn url(&mut self, path: &str) -> String {
        self.turn += 1;
        format!("{}/s/{}{path}", self.endpoints.pick(self.turn), self.token)
    }

    /// Opens the table page and keeps the session's CSRF token.
    async fn open(&mut self) -> Result<(), Failure> {
        let url = self.url("");
        let res = self
            .client
            .get(url)
            .send()
            .await
            .map_err(|_| Failure::Transient)?;
        let status = res.status();
        let body = res.text().await.map_err(|_| Failure::Transient)?;
        if status.is_server_error() {
            return Err(Failure::Transient);
        }
        match super::http::csrf_in(&body) {
            Some(csrf) if status.is_success() => {
                self.csrf = Some(csrf);
                Ok(())
            }
            _ => Err(Failure::Hard(format!("table page: {status}"))),
        }
    }

    /// Opens the table page until it answers (before a timed run).
    pub async fn ready(&mut self) -> Result<(), String> {
        let started = Instant::now();
        loop {
            match self.open().await {
                Ok(()) => return Ok(()),
                Err(Failure::Hard(m)) => return Err(m),
                Err(Failure::Transient) if started.elapsed() > self.options.give_up_after => {
                    return Err("the table page never answered".into());
                }
                Err(Failure::Transient) => tokio::time::sleep(self.options.retry_pause).await,
            }
        }
    }

    async fn attempt(&mut self, deal_no: i32, record: &str, key: &str) -> Result<(), Failure> {
        if self.csrf.is_none() {
            self.open().await?;
        }
        let csrf = self.csrf.clone().unwrap_or_default();
        let based_on = deal_no.to_string();
        let fields = [
            ("csrf", csrf.as_str()),
            ("deal", record),
            ("based_on", based_on.as_str()),
            ("key", key),
        ];
        let url = self.url("/save");
        let res = self
            .client
            .post(url)
            .form(&fields)
            .send()
            .await
            .map_err(|_| Failure::Transient)?;
        let status = res.status();
        if status == reqwest::StatusCode::SEE_OTHER {
            return Ok(());
        }
        let body = res.text().await.map_err(|_| Failure::Transient)?;
        if status.is_server_error() {
            return Err(Failure::Transient);
        }
        if status == reqwest::StatusCode::FORBIDDEN {
            // The session cookie was lost with an answer: a new session, a new token.
            self.csrf = None;
            return Err(Failure::Transient);
        }
        let excerpt: String = body.chars().take(300).collect();
        Err(Failure::Hard(format!(
            "save of deal {deal_no}: {status} {excerpt}"
        )))
    }

    /// Saves `record` as deal `deal_no` with a fresh key, retrying with that key until
    /// acknowledged.
    pub async fn save(&mut self, deal_no: i32, record: &Value) -> Result<Ack, String> {
        let key = kartl::auth::tokens::random_token().map_err(|e| e.to_string())?;
        let text = record.to_string();
        let started = Instant::now();
        let mut retries = 0;
        loop {
            let attempt = Instant::now();
            match self.attempt(deal_no, &text, &key).await {
                Ok(()) => {
                    return Ok(Ack {
                        token: self.token.clone(),
                        deal_no,
                        key,
                        record: record.clone(),
                        latency: attempt.elapsed(),
                        retries,
                    });
                }
                Err(Failure::Hard(m)) => return Err(m),
                Err(Failure::Transient) => {
                    if started.elapsed() > self.options.give_up_after {
                        return Err(format!("deal {deal_no} never acknowledged"));
                    }
                    retries += 1;
                    tokio::time::sleep(self.options.retry_pause).await;
                }
            }
        }
    }

    /// Enters deals 0, 1, … up to `deals` (fewer once `goal`, if any, says stop).
    pub async fn drive(mut self, deals: i32, goal: Option<Goal>) -> Result<Vec<Ack>, String> {
        let mut ledger = Vec::new();
        for deal_no in 0..deals {
            if goal.as_ref().is_some_and(Goal::stopped) {
                break;
            }
            let ack = self
                .save(deal_no, &deal(deal_no))
                .await
                .map_err(|e| format!("table {}…: {e}", &self.token[..8]))?;
            ledger.push(ack);
            if let Some(goal) = &goal {
                goal.acked.fetch_add(1, Ordering::SeqCst);
            }
        }
        Ok(ledger)
    }
}

/// Drives every table at once; returns the ledger of all acknowledged deals.
pub async fn drive_all(
    tokens: &[String],
    endpoints: &Endpoints,
    options: &Options,
    deals: i32,
    goal: Option<Goal>,
) -> Result<Vec<Ack>, String> {
    let mut tasks = tokio::task::JoinSet::new();
    for token in tokens {
        let scorer = Scorer::new(token.clone(), endpoints.clone(), options.clone());
        tasks.spawn(scorer.drive(deals, goal.clone()));
    }
    let mut ledger = Vec::new();
    while let Some(done) = tasks.join_next().await {
        ledger.extend(done.map_err(|e| e.to_string())??);
    }
    Ok(ledger)
}
