//! Who a visitor is: a guest (any user name, nothing kept), or a player
//! known by a public key, whose name is theirs alone on the server and
//! whose ratings are kept; and the line the start screen greets them with.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::games::GameKind;
use crate::net::sanitise::sanitise;
use crate::net::store::Store;
use crate::net::store::players::{Player, Visit};
use tabletop_core::counted::counted;

/// The longest display name.
const NAME_LENGTH: usize = 20;

/// A visitor, named, and greeted.
pub struct Identity {
    pub name: String,
    pub greeting: String,
}

/// The name asked for (the SSH user name), made safe to show.
fn asked(user: &str) -> String {
    let name = sanitise(user, NAME_LENGTH);
    let name = name.trim();
    if name.is_empty() {
        "guest".to_string()
    } else {
        name.to_string()
    }
}

/// Who `user` is, with the key of `fingerprint` if one was shown; why
/// not, when the name asked for is another player's.
pub async fn identify(
    store: &Store,
    user: &str,
    fingerprint: Option<&str>,
) -> Result<Identity, String> {
    let name = asked(user);
    let Some(fingerprint) = fingerprint else {
        // A guest never passes for a player.
        let name = if store.name_taken(&name).await? {
            format!("guest-{name}")
        } else {
            name
        };
        let greeting =
            format!("Welcome, {name} (guest): connect with an SSH key to keep a name and ratings.");
        return Ok(Identity { name, greeting });
    };
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as u64);
    match store.visit(fingerprint, &name, now).await? {
        Visit::Known(player) => Ok(Identity {
            greeting: format!("Welcome back, {}: {}", player.name, ratings(&player)),
            name: player.name,
        }),
        Visit::New(player) => Ok(Identity {
            greeting: format!(
                "Welcome, {}: this name is yours here, with your key.",
                player.name
            ),
            name: player.name,
        }),
        Visit::NameTaken => Err(format!(
            "the name {name} is another player's: connect as another user name (ssh OTHER@host)"
        )),
    }
}

/// `Gekitai 1512 ±80 (4 games)`, or that there are none yet.
fn ratings(player: &Player) -> String {
    if player.ratings.is_empty() {
        return "no rated games yet.".to_string();
    }
    let each: Vec<String> = player
        .ratings
        .iter()
        .map(|(game, rating, games)| {
            let game = game
                .parse::<GameKind>()
                .map_or_else(|_| game.clone(), |kind| kind.title().to_string());
            format!(
                "{game} {:.0} ±{:.0} ({})",
                rating.rating,
                rating.deviation,
                counted(*games as usize, "game")
            )
        })
        .collect();
    format!("{}.", each.join(", "))
}
