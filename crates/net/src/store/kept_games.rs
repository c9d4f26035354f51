//! The finished games of each player with a key, kept whole (the
//! record's text, as the app writes a record file) so the SSH door can
//! list them on a later visit: with the kind of game, the opponent, the
//! result line and when it was played, for the list. Only the newest
//! [`KEPT_GAMES`] of a player are kept: keeping one more deletes the
//! oldest, in the same transaction.

use sqlx::Row;

use super::{Store, failed};

/// The most finished games kept for one player.
pub const KEPT_GAMES: usize = 200;

/// A finished game kept for a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptGame {
    /// When it was played, as the record's date is written.
    pub played: String,
    /// The kind of game, as records name it (`gekitai`).
    pub game: String,
    /// Who the player played (`computer 3`).
    pub opponent: String,
    /// How it ended, in a line (`Player X wins!`).
    pub result: String,
    /// The record, as a record file holds it.
    pub record: String,
}

impl Store {
    /// Keeps `game` among the finished games of the player of
    /// `fingerprint`, the oldest past [`KEPT_GAMES`] deleted.
    pub async fn keep_game(&self, fingerprint: &str, game: &KeptGame) -> Result<(), String> {
        let mut transaction = self.pool.begin().await.map_err(failed)?;
        sqlx::query(
            "INSERT INTO kept_games (fingerprint, played, game, opponent, result, record)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(fingerprint)
        .bind(&game.played)
        .bind(&game.game)
        .bind(&game.opponent)
        .bind(&game.result)
        .bind(&game.record)
        .execute(&mut *transaction)
        .await
        .map_err(failed)?;
        sqlx::query(
            "DELETE FROM kept_games WHERE fingerprint = $1 AND id NOT IN
             (SELECT id FROM kept_games WHERE fingerprint = $2 ORDER BY id DESC LIMIT $3)",
        )
        .bind(fingerprint)
        .bind(fingerprint)
        .bind(KEPT_GAMES as i64)
        .execute(&mut *transaction)
        .await
        .map_err(failed)?;
        transaction.commit().await.map_err(failed)
    }

    /// The finished games kept for the player of `fingerprint`, the
    /// newest first (no more than [`KEPT_GAMES`]: keeping deletes the
    /// older).
    pub async fn kept_games(&self, fingerprint: &str) -> Result<Vec<KeptGame>, String> {
        let rows = sqlx::query(
            "SELECT played, game, opponent, result, record FROM kept_games
             WHERE fingerprint = $1 ORDER BY id DESC",
        )
        .bind(fingerprint)
        .fetch_all(&self.pool)
        .await
        .map_err(failed)?;
        rows.iter()
            .map(|row| {
                Ok(KeptGame {
                    played: row.try_get(0).map_err(failed)?,
                    game: row.try_get(1).map_err(failed)?,
                    opponent: row.try_get(2).map_err(failed)?,
                    result: row.try_get(3).map_err(failed)?,
                    record: row.try_get(4).map_err(failed)?,
                })
            })
            .collect()
    }
}
