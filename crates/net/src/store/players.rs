//! The players of the server: a public key (its SHA-256 fingerprint) is
//! who a player is, a display name unique on the server (whatever its
//! case) is how others see them, and each kind of game they have played
//! rated has its Glicko-2 rating (moved by [`super::ratings`]). Rows here
//! change seldom (a first visit, the end of a rated game), so they are
//! written straight to the pool rather than through the games' writer.

use sqlx::Row;

use super::{Store, failed};
use tabletop_core::rating::Rating;

/// A player, as the server knows them.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub fingerprint: String,
    pub name: String,
    /// Each kind of game rated so far (its name as the protocol writes
    /// it), its rating and how many rated games it counts.
    pub ratings: Vec<(String, Rating, u64)>,
}

/// What a key's visit finds.
#[derive(Clone, Debug, PartialEq)]
pub enum Visit {
    /// A player seen before, under the name they took then.
    Known(Player),
    /// A new player, who took the name asked for.
    New(Player),
    /// A new key asked for a name another player has.
    NameTaken,
}

/// A name as it is compared: two names differing only in case are one.
fn name_key(name: &str) -> String {
    name.to_lowercase()
}

impl Store {
    /// The player whose key has `fingerprint`; a key not seen before
    /// becomes a player named `name`, if nobody has that name.
    pub async fn visit(&self, fingerprint: &str, name: &str, now_ms: u64) -> Result<Visit, String> {
        if let Some(player) = self.player(fingerprint).await? {
            sqlx::query("UPDATE players SET seen_ms = $1 WHERE fingerprint = $2")
                .bind(now_ms as i64)
                .bind(fingerprint)
                .execute(&self.pool)
                .await
                .map_err(failed)?;
            return Ok(Visit::Known(player));
        }
        if self.name_taken(name).await? {
            return Ok(Visit::NameTaken);
        }
        let inserted = sqlx::query(
            "INSERT INTO players (fingerprint, name, name_key, created_ms, seen_ms)
             VALUES ($1, $2, $3, $4, $4)",
        )
        .bind(fingerprint)
        .bind(name)
        .bind(name_key(name))
        .bind(now_ms as i64)
        .execute(&self.pool)
        .await;
        match inserted {
            Ok(_) => Ok(Visit::New(Player {
                fingerprint: fingerprint.to_string(),
                name: name.to_string(),
                ratings: Vec::new(),
            })),
            // Taken by another visit at the same moment: the unique key
            // decided.
            Err(_) if self.name_taken(name).await? => Ok(Visit::NameTaken),
            Err(error) => Err(failed(error)),
        }
    }

    /// The player whose key has `fingerprint`, with their ratings.
    pub async fn player(&self, fingerprint: &str) -> Result<Option<Player>, String> {
        let row = sqlx::query("SELECT name FROM players WHERE fingerprint = $1")
            .bind(fingerprint)
            .fetch_optional(&self.pool)
            .await
            .map_err(failed)?;
        let Some(row) = row else { return Ok(None) };
        let name: String = row.try_get(0).map_err(failed)?;
        let rows = sqlx::query(
            "SELECT game, rating, deviation, volatility, games FROM ratings
             WHERE fingerprint = $1 ORDER BY game",
        )
        .bind(fingerprint)
        .fetch_all(&self.pool)
        .await
        .map_err(failed)?;
        let mut ratings = Vec::new();
        for row in rows {
            let rating = Rating {
                rating: row.try_get(1).map_err(failed)?,
                deviation: row.try_get(2).map_err(failed)?,
                volatility: row.try_get(3).map_err(failed)?,
            };
            let games: i64 = row.try_get(4).map_err(failed)?;
            ratings.push((row.try_get(0).map_err(failed)?, rating, games as u64));
        }
        Ok(Some(Player {
            fingerprint: fingerprint.to_string(),
            name,
            ratings,
        }))
    }

    /// Whether a player has `name` (in any case).
    pub async fn name_taken(&self, name: &str) -> Result<bool, String> {
        let row = sqlx::query("SELECT 1 FROM players WHERE name_key = $1")
            .bind(name_key(name))
            .fetch_optional(&self.pool)
            .await
            .map_err(failed)?;
        Ok(row.is_some())
    }

    /// The look (colour theme, piece style) the player of `fingerprint`
    /// chose last, by name.
    pub async fn looks(
        &self,
        fingerprint: &str,
    ) -> Result<Option<(String, Option<String>)>, String> {
        let row = sqlx::query("SELECT theme, pieces FROM player_looks WHERE fingerprint = $1")
            .bind(fingerprint)
            .fetch_optional(&self.pool)
            .await
            .map_err(failed)?;
        row.map(|row| {
            Ok((
                row.try_get(0).map_err(failed)?,
                row.try_get(1).map_err(failed)?,
            ))
        })
        .transpose()
    }

    /// Keeps the look the player of `fingerprint` chose.
    pub async fn keep_looks(
        &self,
        fingerprint: &str,
        theme: &str,
        pieces: Option<&str>,
    ) -> Result<(), String> {
        sqlx::query(
            "INSERT INTO player_looks (fingerprint, theme, pieces) VALUES ($1, $2, $3)
             ON CONFLICT (fingerprint) DO UPDATE SET theme = excluded.theme,
                 pieces = excluded.pieces",
        )
        .bind(fingerprint)
        .bind(theme)
        .bind(pieces)
        .execute(&self.pool)
        .await
        .map_err(failed)?;
        Ok(())
    }
}
