//! The crowd on the public pages and the secretaries at their desks.
//!
//! A phone follows one tournament (the larger ones draw more phones): every 4 seconds it asks
//! for the standings or round 1's page, in turn, with the ETag of its last answer
//! (`If-None-Match`), as the pages' own script does, and with a browser's `Accept-Encoding`
//! (the pages' gzip copy is what a phone is sent; the bench reads it, never unpacks it); a 304
//! is an answer too. A share of the
//! phones follows the day's cup instead: the cup page and its live table (what the page's
//! script fetches), in turn, with their ETags, timed apart from the tournament pages. The
//! phones share a few dozen connection pools, as phones behind one inn's router would not,
//! but the service sees the same requests. A secretary opens, every 2 to 5 seconds, one of the overview, the
//! tables' overview, the audit log, the standings CSV or the printable report of a tournament.

use crate::field::Event;
use crate::harness::http::{self, submit};
use crate::harness::rng::Rng;
use crate::harness::setup;
use crate::meter::{Kind, Live};
use reqwest::StatusCode;
use reqwest::header::{ACCEPT_ENCODING, ETAG, IF_NONE_MATCH};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How often a phone asks.
pub const POLL: Duration = Duration::from_secs(4);
/// Connection pools the phones share.
const POOLS: usize = 64;

/// A GET timed into `kind`; the answer's status and ETag, or `None` on a transport error.
async fn timed_get(
    client: &reqwest::Client,
    url: &str,
    etag: Option<&String>,
    kind: &Kind,
) -> Option<(StatusCode, Option<String>)> {
    let started = Instant::now();
    let send = || {
        let mut request = client.get(url).header(ACCEPT_ENCODING, "gzip, deflate, br");
        if let Some(tag) = etag {
            request = request.header(IF_NONE_MATCH, tag);
        }
        request.send()
    };
    // A GET that meets a reused connection just closed by the service is sent once more on a
    // new one, as browsers do; counted apart from the errors.
    let res = match send().await {
        Ok(res) => Ok(res),
        Err(e) if e.is_request() => {
            kind.retried(1);
            send().await
        }
        Err(e) => Err(e),
    };
    let res = match res {
        Ok(res) => res,
        Err(e) => {
            kind.failed_with(&format!("{url}: {e:?}"));
            return None;
        }
    };
    let status = res.status();
    let tag = res
        .headers()
        .get(ETAG)
        .and_then(|v| v.to_str().ok())
        .map(String::from);
    // The whole body, as a phone reads it, before the clock stops.
    let read = res.bytes().await.is_ok();
    kind.took(started.elapsed());
    if status == StatusCode::NOT_MODIFIED {
        kind.unchanged.fetch_add(1, Ordering::Relaxed);
    } else if !read || !status.is_success() {
        kind.failed_with(&format!("{url}: {status}"));
    }
    Some((status, tag))
}

/// The tournament phone `n` follows: drawn by the tournaments' table counts.
fn follow(events: &[Event], rng: &mut Rng) -> usize {
    let total: usize = events.iter().map(|e| e.tokens.len()).sum();
    let mut pick = rng.range(0, total as u64) as usize;
    events
        .iter()
        .position(|e| {
            let hit = pick < e.tokens.len();
            pick = pick.saturating_sub(e.tokens.len());
            hit
        })
        .unwrap_or(0)
}

/// What the phones follow: the tournaments, and the cup with the share of phones on it.
pub struct Following {
    pub events: Arc<Vec<Event>>,
    pub cup: Option<String>,
    /// Of the phones, this share (0 to 1) follows the cup when there is one.
    pub cup_share: f64,
}

impl Following {
    /// Phone `n`'s two pages and whether they are the cup's.
    fn pages(&self, base: &str, n: usize, rng: &mut Rng) -> ([String; 2], bool) {
        // Every k-th phone, spread over the crowd (and over the start's first seconds).
        let on_cup = self.cup.as_ref().filter(|_| {
            let share = self.cup_share.clamp(0.0, 1.0);
            share > 0.0 && ((n + 1) as f64 * share).floor() > (n as f64 * share).floor()
        });
        if let Some(cup) = on_cup {
            let urls = [
                format!("{base}/cup/{cup}"),
                format!("{base}/cup/{cup}/live"),
            ];
            return (urls, true);
        }
        let slug = &self.events[follow(&self.events, rng)].slug;
        let urls = [
            format!("{base}/p/{slug}"),
            format!("{base}/p/{slug}/rounds/1"),
        ];
        (urls, false)
    }
}

/// `phones` phones until the stop signal, started evenly over the first poll interval.
pub async fn phones(
    base: String,
    following: Arc<Following>,
    phones: usize,
    live: Arc<Live>,
    seed: u64,
) {
    let pools: Vec<reqwest::Client> = (0..POOLS)
        .map(|_| {
            reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()
                .unwrap()
        })
        .collect();
    let mut tasks = tokio::task::JoinSet::new();
    for n in 0..phones {
        let mut rng = Rng::new(seed + n as u64);
        let (urls, on_cup) = following.pages(&base, n, &mut rng);
        let client = pools[n % POOLS].clone();
        let live = live.clone();
        let offset = POLL.mul_f64(n as f64 / phones.max(1) as f64);
        tasks.spawn(async move {
            tokio::time::sleep(offset).await;
            // On the clock, not after the answer: a slow answer does not thin the crowd.
            let mut clock = tokio::time::interval(POLL);
            clock.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut tags: HashMap<usize, String> = HashMap::new();
            let mut turn = 0;
            while !live.stopped() {
                clock.tick().await;
                let which = turn % urls.len();
                let meter = live.meter();
                let kind = if on_cup { &meter.cup } else { &meter.pages };
                if let Some((_, Some(tag))) =
                    timed_get(&client, &urls[which], tags.get(&which), kind).await
                {
                    tags.insert(which, tag);
                }
                turn += 1;
            }
        });
    }
    while tasks.join_next().await.is_some() {}
}

/// A logged-in secretary's client.
pub async fn log_in(base: &str) -> reqwest::Client {
    let client = http::client(Duration::from_secs(60), true);
    let fields = [("name", setup::SECRETARY), ("password", setup::PASSWORD)];
    let (status, body) = submit(&client, base, "/login", "/login", &fields).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "log in: {body}");
    client
}

/// One secretary browsing until the stop signal.
pub async fn secretary(
    client: reqwest::Client,
    base: String,
    events: Arc<Vec<Event>>,
    live: Arc<Live>,
    seed: u64,
) {
    let mut rng = Rng::new(seed);
    let pages = [
        "",
        "/rounds/1/tables",
        "/audit",
        "/standings.csv",
        "/report",
    ];
    while !live.stopped() {
        let slug = &events[rng.range(0, events.len() as u64) as usize].slug;
        let page = pages[rng.range(0, pages.len() as u64) as usize];
        let meter = live.meter();
        timed_get(
            &client,
            &format!("{base}/t/{slug}{page}"),
            None,
            &meter.secretary,
        )
        .await;
        tokio::time::sleep(Duration::from_millis(rng.range(2000, 5001))).await;
    }
}
