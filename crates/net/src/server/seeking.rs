//! A lobby's seek: a player with a key asks for a game against someone
//! near their rating. The oldest seek waiting that suits it is joined;
//! if none does, the game made waits as a seek (listed with the ratings
//! it waits for) until another seek joins it or its seeker leaves.

use std::sync::Arc;

use super::shared::Shared;
use crate::protocol::Message;
use crate::store::seeks::{MOST_RANGE, Seek};
use tabletop_core::games::GameKind;
use tabletop_engine::time_control::TimeControl;

/// A seek asked for.
pub(super) struct Seeker {
    pub kind: GameKind,
    /// The game's settings, as the games' table keeps them.
    pub settings: String,
    pub clock: Option<TimeControl>,
    /// The seeker's key, vouched for by a pass.
    pub key: Option<String>,
    /// The server's computer was asked for too.
    pub computer: bool,
    pub range: u32,
}

/// A seek with its seeker's rating, to look for or to wait as.
pub(super) struct Waiting {
    game: String,
    settings: String,
    clock: String,
    fingerprint: String,
    rating: f64,
    range: u32,
}

impl Waiting {
    pub fn as_seek(&self) -> Seek<'_> {
        Seek {
            game: &self.game,
            settings: &self.settings,
            clock: self.clock.clone(),
            fingerprint: &self.fingerprint,
            rating: self.rating,
            range: self.range,
        }
    }
}

/// What a seek found.
pub(super) enum Looked {
    /// The seek waiting in the game of this number suits it.
    Suits(u64, Waiting),
    /// None suits it: it is to wait.
    Waits(Waiting),
}

/// Looks for a seek waiting that suits `seeker`; why not, if it may not
/// seek.
pub(super) async fn look(shared: &Arc<Shared>, seeker: Seeker) -> Result<Looked, String> {
    let Some(fingerprint) = seeker.key else {
        return Err(
            "a seek is for players with a key (over the SSH door): create an open game instead"
                .to_string(),
        );
    };
    if seeker.computer {
        return Err("a seek waits for a person, not the computer".to_string());
    }
    let game = seeker.kind.name().to_string();
    let rating = shared.store.rating(&fingerprint, &game).await?;
    let clock = seeker.clock.map_or_else(
        || "none".to_string(),
        |clock| format!("{}+{}", clock.base_ms, clock.increment_ms),
    );
    let waiting = Waiting {
        game,
        settings: seeker.settings,
        clock,
        fingerprint,
        rating,
        range: seeker.range.min(MOST_RANGE),
    };
    Ok(match shared.store.suiting(&waiting.as_seek()).await? {
        Some(id) => Looked::Suits(id, waiting),
        None => Looked::Waits(waiting),
    })
}

/// What a seek that joined another is told first: the game's number, and
/// no codes (its rejoin code comes with the welcome).
pub(super) fn paired(id: u64) -> Message {
    Message::Created {
        id,
        join: String::new(),
        watch: String::new(),
        rejoin: String::new(),
    }
}
