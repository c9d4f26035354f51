//! Servers sharing one PostgreSQL database hear of each other's entries:
//! every entry written is announced (`pg_notify`, in the same transaction,
//! so only once it is kept), and this task hands those of the games this
//! server follows to their replicas. Announcements sent while the
//! listening connection was down are lost, so after every reconnection
//! each replica reads its game's log again.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use super::shared::{Input, Shared};
use crate::event::Logged;
use crate::store::Database;
use crate::store::writer::CHANNEL;

/// Listens as long as the server runs, connecting again when the
/// connection drops.
pub(super) async fn run(shared: Arc<Shared>) {
    let Database::Url(url) = shared.options.database.clone() else {
        return;
    };
    loop {
        if let Err(why) = listen(&shared, &url).await {
            tracing::error!(%why, "not hearing the other servers; trying again");
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

async fn listen(shared: &Arc<Shared>, url: &str) -> Result<(), String> {
    let failed = |error: sqlx::Error| error.to_string();
    let mut listener = PgListener::connect(url).await.map_err(failed)?;
    listener.listen(CHANNEL).await.map_err(failed)?;
    catch_up_all(shared).await;
    loop {
        match listener.try_recv().await.map_err(failed)? {
            Some(notification) => hand_over(shared, notification.payload()).await,
            // The connection dropped and was made again.
            None => catch_up_all(shared).await,
        }
    }
}

/// Every replica reads its game's log again.
async fn catch_up_all(shared: &Shared) {
    for (_, inputs) in shared.followed().await {
        let _ = inputs.send(Input::CatchUp).await;
    }
}

/// An announcement, `SERVER<tab>GAME<tab>ENTRY`, handed to the game's
/// replica here, if there is one (this server's own are applied already).
async fn hand_over(shared: &Shared, payload: &str) {
    let mut parts = payload.splitn(3, '\t');
    let (Some(server), Some(id), Some(entry)) = (parts.next(), parts.next(), parts.next()) else {
        return;
    };
    if server == shared.server_id {
        return;
    }
    let (Ok(id), Ok(logged)) = (id.parse::<u64>(), Logged::from_json(entry)) else {
        return;
    };
    if let Some(inputs) = shared.running(id).await {
        let _ = inputs.send(Input::Logged(logged)).await;
    }
}
