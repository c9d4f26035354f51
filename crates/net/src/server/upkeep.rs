//! What the server does on its own, once a second: it says it is alive
//! (so that other servers sharing the database do not count its seats as
//! empty), copies SQLite's write-ahead log into the database, reads which
//! other servers are alive, ends the open games nobody came to whose
//! creator left longer ago than the expiry, and logs how many refusals
//! each flooding address had that were not logged one by one.

use std::sync::Arc;
use std::time::Duration;

use tokio::time::{Instant, MissedTickBehavior, interval};

use super::shared::{Input, Shared};
use crate::event::now_ms;
use crate::store::writer::Job;

/// How often the server looks after itself.
const TICK: Duration = Duration::from_secs(1);

pub(super) async fn run(shared: Arc<Shared>) {
    let mut tick = interval(TICK);
    tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let sweep_every = (shared.options.open_game_expiry / 4).clamp(TICK, Duration::from_secs(30));
    let mut swept = Instant::now();
    loop {
        tick.tick().await;
        let server = shared.server_id.clone();
        let now_ms = now_ms();
        let alive = shared
            .store
            .write(|answer| Job::Alive {
                server,
                now_ms,
                answer,
            })
            .await;
        if let Err(why) = alive {
            tracing::error!(%why, "cannot say the server is alive");
        }
        if let Err(why) = shared.store.checkpoint().await {
            tracing::error!(%why, "cannot copy the log into the database");
        }
        match shared.store.servers().await {
            Ok(servers) => shared.heard_alive(servers),
            Err(why) => tracing::error!(%why, "cannot read which servers are alive"),
        }
        for unlogged in shared.guard.unlogged_refusals() {
            match unlogged.address {
                Some(address) => {
                    tracing::warn!(%address, count = unlogged.count, "refusals not logged one by one")
                }
                None => tracing::warn!(
                    count = unlogged.count,
                    "refusals of addresses beyond those followed, not logged one by one"
                ),
            }
        }
        if swept.elapsed() >= sweep_every {
            swept = Instant::now();
            sweep(&shared).await;
        }
    }
}

/// Ends the open games nobody has been at for longer than the expiry.
async fn sweep(shared: &Arc<Shared>) {
    let expiry = shared.options.open_game_expiry.as_millis() as u64;
    let idle = match shared
        .store
        .idle_open_games(now_ms().saturating_sub(expiry))
        .await
    {
        Ok(idle) => idle,
        Err(why) => return tracing::error!(%why, "cannot look for idle open games"),
    };
    for id in idle {
        if let Ok(inputs) = shared.replica(id).await {
            let _ = inputs.send(Input::Expire).await;
        }
    }
}
