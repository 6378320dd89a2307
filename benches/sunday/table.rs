//! A table at the Sunday's pace: a deal every 40 to 90 seconds (divided by the run's time
//! compression), each tapped through the pad's checks first as a scorer taps it (one
//! `POST /s/{token}/pad` per tap, choosing among the actions the referee offers, mostly the
//! one the pad puts first), then saved with a submission key through the harness's scorer, which
//! retries with the same key until acknowledged. The taps come at a thumb's pace (a scorer reads
//! the buttons and taps the next one, half a second to a second and a half apart by default), not
//! as fast as the answers arrive. Every table starts within the first seconds: the burst of a
//! round's start.

use crate::harness::rng::Rng;
use crate::harness::scorer::{Ack, Endpoints, Options, Scorer};
use crate::meter::Live;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A deal's taps at most (the pad never needs as many: a table that does gives up the deal).
const MAX_TAPS: usize = 120;

/// How fast the day runs.
#[derive(Debug, Clone, Copy)]
pub struct Pace {
    /// Real seconds between a table's deals, from and to.
    pub between: (u64, u64),
    /// The day runs this many times faster (1: real time).
    pub compression: f64,
    /// Every table's first deal starts within this many seconds.
    pub burst: Duration,
    /// Real milliseconds between two taps of one deal, from and to (divided by the
    /// compression like the deals' gaps); `(0, 0)` taps as fast as the answers come.
    pub tap: (u64, u64),
}

/// What a deal's taps came to.
enum Tapped {
    Deal(Value),
    /// The table's game is over: nothing more to enter.
    Over,
    /// The pad failed (counted as an error): the table tries the next deal later.
    Failed,
}

/// Taps one deal through the pad; `rng` picks the taps.
async fn tap_deal(
    client: &reqwest::Client,
    url: &str,
    pace: Pace,
    live: &Live,
    rng: &mut Rng,
) -> Tapped {
    let mut actions: Vec<String> = Vec::new();
    for _ in 0..MAX_TAPS {
        if !actions.is_empty() && pace.tap.1 > 0 {
            let thumb = rng.range(pace.tap.0, pace.tap.1 + 1) as f64 / pace.compression;
            if !nap(Duration::from_secs_f64(thumb / 1000.0), live).await {
                return Tapped::Failed;
            }
        }
        let started = Instant::now();
        let answer = client
            .post(url)
            .header("content-type", "application/json")
            .body(json!({ "actions": actions }).to_string())
            .send()
            .await;
        let meter = live.meter();
        let res = match answer {
            Ok(res) => res,
            Err(e) => {
                meter.pad.failed_with(&format!("pad: {e:?}"));
                return Tapped::Failed;
            }
        };
        let ok = res.status().is_success();
        let Ok(body) = res.json::<Value>().await else {
            meter.pad.failed();
            return Tapped::Failed;
        };
        meter.pad.took(started.elapsed());
        if !ok {
            meter.pad.failed_with(&format!("pad: {body}"));
            return Tapped::Failed;
        }
        if body["problem"]["code"] == "table_over" {
            return Tapped::Over;
        }
        if body["complete"] == true {
            return Tapped::Deal(body["deal"].clone());
        }
        match choose(&body["actions"], rng) {
            Some(code) => actions.push(code),
            None => return Tapped::Over,
        }
    }
    Tapped::Failed
}

/// The tap a scorer makes: mostly the action the pad offers first, sometimes another.
fn choose(offered: &Value, rng: &mut Rng) -> Option<String> {
    let codes: Vec<&str> = offered
        .as_array()?
        .iter()
        .filter_map(|a| a["code"].as_str())
        .collect();
    let primary = offered
        .as_array()?
        .iter()
        .find(|a| a["primary"] == true)
        .and_then(|a| a["code"].as_str());
    let pick = match primary {
        Some(code) if rng.unit() < 0.7 => code,
        _ => *codes.get(rng.range(0, codes.len() as u64) as usize)?,
    };
    Some(pick.to_string())
}

/// Sleeps `wait`, waking early when the run stops; whether the run goes on.
async fn nap(wait: Duration, live: &Live) -> bool {
    let until = Instant::now() + wait;
    while !live.stopped() {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return true;
        }
        tokio::time::sleep(left.min(Duration::from_millis(500))).await;
    }
    false
}

/// One table until the stop signal or its game's end; its acknowledged deals.
pub async fn play(base: String, token: String, pace: Pace, seed: u64, live: Arc<Live>) -> Vec<Ack> {
    let mut rng = Rng::new(seed);
    let client = crate::harness::http::client(Duration::from_secs(60), true);
    let pad = format!("{base}/s/{token}/pad");
    let options = Options {
        timeout: Duration::from_secs(60),
        give_up_after: Duration::from_secs(600),
        ..Options::default()
    };
    let mut scorer = Scorer::new(token, Endpoints::new(vec![base]), options);
    let mut ledger = Vec::new();
    let mut wait = Duration::from_millis(rng.range(0, pace.burst.as_millis().max(1) as u64));
    loop {
        if !nap(wait, &live).await {
            break;
        }
        let gap = rng.range(pace.between.0, pace.between.1 + 1) as f64 / pace.compression;
        wait = Duration::from_secs_f64(gap);
        // The next deal's taps begin a gap after this one's began: the thumb's time is part
        // of the deal's 40 to 90 s, not added to it.
        let began = Instant::now();
        let deal = match tap_deal(&client, &pad, pace, &live, &mut rng).await {
            Tapped::Deal(deal) => deal,
            Tapped::Over => break,
            Tapped::Failed => continue,
        };
        let deal_no = ledger.len() as i32;
        let result = scorer.save(deal_no, &deal).await;
        wait = wait.saturating_sub(began.elapsed());
        let meter = live.meter();
        match result {
            Ok(ack) => {
                meter.saves.took(ack.latency);
                meter.saves.retried(ack.retries);
                ledger.push(ack);
            }
            Err(why) => {
                meter.saves.failed();
                eprintln!("a table's save failed for good: {why}");
                break;
            }
        }
    }
    ledger
}
