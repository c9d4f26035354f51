//! Seeks: a player with a key waits for an opponent near their rating.
//! A seek is an open game with the ratings it waits for; a seek that
//! suits another (the same game, settings and clock, each rating within
//! the other's range, another key, its seeker still at it) is joined
//! rather than a second one made. A seek ends with its game: taken, or
//! ended when its seeker leaves.

use std::collections::HashMap;

use sqlx::Row;

use super::{Store, failed};
use tabletop_core::rating::Rating;

/// The most points from a player's rating a seek may reach.
pub const MOST_RANGE: u32 = 1000;

/// A seek, as it is made or looked for.
pub struct Seek<'a> {
    pub game: &'a str,
    /// The game's settings, as the games' table keeps them.
    pub settings: &'a str,
    /// The clock, as `BASE+INCREMENT` in milliseconds, or `none`.
    pub clock: String,
    pub fingerprint: &'a str,
    pub rating: f64,
    /// How far from `rating` an opponent's may be (the player chose it;
    /// no more than [`MOST_RANGE`]).
    pub range: u32,
}

impl Seek<'_> {
    /// The lowest and highest ratings the seek takes.
    pub fn bounds(&self) -> [f64; 2] {
        let range = f64::from(self.range.min(MOST_RANGE));
        [self.rating - range, self.rating + range]
    }
}

impl Store {
    /// The rating at `game` of the player of `fingerprint` (a new
    /// player's if they have none).
    pub async fn rating(&self, fingerprint: &str, game: &str) -> Result<f64, String> {
        let row = sqlx::query("SELECT rating FROM ratings WHERE fingerprint = $1 AND game = $2")
            .bind(fingerprint)
            .bind(game)
            .fetch_optional(&self.pool)
            .await
            .map_err(failed)?;
        match row {
            Some(row) => row.try_get(0).map_err(failed),
            None => Ok(Rating::default().rating),
        }
    }

    /// The oldest seek waiting that suits `seek`, if there is one.
    pub async fn suiting(&self, seek: &Seek<'_>) -> Result<Option<u64>, String> {
        let [low, high] = seek.bounds();
        let row = sqlx::query(
            "SELECT s.game_id FROM seeks s JOIN games g ON g.id = s.game_id
             WHERE g.over = 0 AND g.open_side IS NOT NULL AND g.idle_since_ms IS NULL
               AND s.game = $1 AND s.settings = $2 AND s.clock = $3 AND s.fingerprint <> $4
               AND s.low <= $5 AND $5 <= s.high AND s.rating >= $6 AND s.rating <= $7
             ORDER BY s.game_id LIMIT 1",
        )
        .bind(seek.game)
        .bind(seek.settings)
        .bind(&seek.clock)
        .bind(seek.fingerprint)
        .bind(seek.rating)
        .bind(low)
        .bind(high)
        .fetch_optional(&self.pool)
        .await
        .map_err(failed)?;
        row.map(|row| row.try_get::<i64, _>(0).map(|id| id as u64))
            .transpose()
            .map_err(failed)
    }

    /// The game `id` is the seek `seek`.
    pub async fn seek(&self, id: u64, seek: &Seek<'_>) -> Result<(), String> {
        let [low, high] = seek.bounds();
        sqlx::query(
            "INSERT INTO seeks (game_id, game, settings, clock, fingerprint, rating, low, high)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(id as i64)
        .bind(seek.game)
        .bind(seek.settings)
        .bind(&seek.clock)
        .bind(seek.fingerprint)
        .bind(seek.rating)
        .bind(low)
        .bind(high)
        .execute(&self.pool)
        .await
        .map_err(failed)?;
        Ok(())
    }

    /// Whether the game `id` was made as a seek.
    pub async fn is_seek(&self, id: u64) -> Result<bool, String> {
        let row = sqlx::query("SELECT 1 FROM seeks WHERE game_id = $1")
            .bind(id as i64)
            .fetch_optional(&self.pool)
            .await
            .map_err(failed)?;
        Ok(row.is_some())
    }

    /// The ratings each seek among the games `ids` waits for, lowest and
    /// highest.
    pub async fn seek_ranges(&self, ids: &[u64]) -> Result<HashMap<u64, [u32; 2]>, String> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        // Numbers only, so written into the statement.
        let listed: Vec<String> = ids.iter().map(u64::to_string).collect();
        let query = format!(
            "SELECT game_id, low, high FROM seeks WHERE game_id IN ({})",
            listed.join(", ")
        );
        let rows = sqlx::query(&query)
            .fetch_all(&self.pool)
            .await
            .map_err(failed)?;
        let mut ranges = HashMap::new();
        for row in rows {
            let id: i64 = row.try_get(0).map_err(failed)?;
            let low: f64 = row.try_get(1).map_err(failed)?;
            let high: f64 = row.try_get(2).map_err(failed)?;
            let bound = |rating: f64| rating.round().max(0.0) as u32;
            ranges.insert(id as u64, [bound(low), bound(high)]);
        }
        Ok(ranges)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seek_takes_the_ratings_within_its_range_and_never_past_the_most() {
        let seek = |range| Seek {
            game: "gekitai",
            settings: "",
            clock: "none".to_string(),
            fingerprint: "SHA256:ada",
            rating: 1512.5,
            range,
        };
        assert_eq!(seek(100).bounds(), [1412.5, 1612.5]);
        assert_eq!(seek(0).bounds(), [1512.5, 1512.5]);
        assert_eq!(seek(MOST_RANGE).bounds(), [512.5, 2512.5]);
        assert_eq!(seek(u32::MAX).bounds(), seek(MOST_RANGE).bounds());
    }
}
