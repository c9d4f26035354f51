//! Rated games: the key of each seat a player with a key took, a game
//! between two such players rated by Glicko-2 once it is over (once: the
//! game's number is the rated game's key, so an end seen twice, by two
//! servers or after a restart, moves nobody twice), a player's rated
//! games, and the ratings the lobby's list shows beside the names.

use std::collections::HashMap;

use sqlx::Row;

use super::{Store, failed};
use tabletop_core::games::{GameKind, Playable, WithGame};
use tabletop_core::rating::{Outcome, Rating, glicko2};
use tabletop_engine::Player;

/// A rated game as one of its players looks back on it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    /// The game's number on the server.
    pub id: u64,
    /// The kind of game, as the protocol names it.
    pub game: String,
    /// The opponent's name.
    pub opponent: String,
    /// 1 a win, 0.5 a draw, 0 a loss.
    pub score: f64,
    pub before: f64,
    pub after: f64,
    /// When it ended, in milliseconds since the epoch.
    pub ended_ms: u64,
}

/// The score of the first player in a game of `kind` whose result is
/// `result` as records write it (the winner's symbol, or `draw`); none
/// for a game with no winner by its rules (abandoned before it began).
pub fn first_score(kind: GameKind, result: &str) -> Option<f64> {
    struct Score<'a>(&'a str);
    impl WithGame for Score<'_> {
        type Output = Option<f64>;
        fn run<G: Playable>(self) -> Option<f64> {
            match self.0 {
                "draw" => Some(0.5),
                won if won == G::symbol(Player::First).to_string() => Some(1.0),
                won if won == G::symbol(Player::Second).to_string() => Some(0.0),
                _ => None,
            }
        }
    }
    kind.with(Score(result))
}

impl Store {
    /// The player of the key `fingerprint` took `side` of the game `id`.
    pub async fn seat_key(&self, id: u64, side: Player, fingerprint: &str) -> Result<(), String> {
        sqlx::query(
            "INSERT INTO seat_keys (game_id, side, fingerprint) VALUES ($1, $2, $3)
             ON CONFLICT (game_id, side) DO UPDATE SET fingerprint = excluded.fingerprint",
        )
        .bind(id as i64)
        .bind(side.index() as i64)
        .bind(fingerprint)
        .execute(&self.pool)
        .await
        .map_err(failed)?;
        Ok(())
    }

    /// Rates the game `id` if it is over, between two players with keys
    /// and not rated yet: both players' ratings after it, or none if it
    /// is not to be rated (or is already).
    pub async fn rate_ended(&self, id: u64, now_ms: u64) -> Result<Option<[Rating; 2]>, String> {
        let row = sqlx::query("SELECT game, over, result FROM games WHERE id = $1")
            .bind(id as i64)
            .fetch_optional(&self.pool)
            .await
            .map_err(failed)?;
        let Some(row) = row else { return Ok(None) };
        let game: String = row.try_get(0).map_err(failed)?;
        let over: i64 = row.try_get(1).map_err(failed)?;
        let result: Option<String> = row.try_get(2).map_err(failed)?;
        let (Ok(kind), 1, Some(result)) = (game.parse::<GameKind>(), over, result) else {
            return Ok(None);
        };
        let Some(score) = first_score(kind, &result) else {
            return Ok(None);
        };
        let rows = sqlx::query("SELECT side, fingerprint FROM seat_keys WHERE game_id = $1")
            .bind(id as i64)
            .fetch_all(&self.pool)
            .await
            .map_err(failed)?;
        let mut keys: [Option<String>; 2] = [None, None];
        for row in rows {
            let side: i64 = row.try_get(0).map_err(failed)?;
            if let Some(key) = keys.get_mut(side as usize) {
                *key = Some(row.try_get(1).map_err(failed)?);
            }
        }
        let [Some(first), Some(second)] = keys else {
            return Ok(None);
        };
        if first == second {
            // One player at both seats: nothing to learn.
            return Ok(None);
        }
        let ended = Ended {
            id,
            game: &game,
            keys: [&first, &second],
            score,
            ended_ms: now_ms,
        };
        self.rate(ended).await
    }

    /// Moves both players' ratings by the game `ended`, once.
    async fn rate(&self, ended: Ended<'_>) -> Result<Option<[Rating; 2]>, String> {
        let mut transaction = self.pool.begin().await.map_err(failed)?;
        // A write first, in the order of the keys: it takes SQLite's
        // write lock before anything is read, and locks both players'
        // rows in PostgreSQL, so two games of one player ending at once
        // are rated one after the other.
        let mut in_order = ended.keys;
        in_order.sort_unstable();
        for key in in_order {
            sqlx::query("UPDATE players SET seen_ms = seen_ms WHERE fingerprint = $1")
                .bind(key)
                .execute(&mut *transaction)
                .await
                .map_err(failed)?;
        }
        let mut before = [Rating::default(); 2];
        for (at, key) in ended.keys.into_iter().enumerate() {
            let row = sqlx::query(
                "SELECT rating, deviation, volatility FROM ratings
                 WHERE fingerprint = $1 AND game = $2",
            )
            .bind(key)
            .bind(ended.game)
            .fetch_optional(&mut *transaction)
            .await
            .map_err(failed)?;
            if let Some(row) = row {
                before[at] = Rating {
                    rating: row.try_get(0).map_err(failed)?,
                    deviation: row.try_get(1).map_err(failed)?,
                    volatility: row.try_get(2).map_err(failed)?,
                };
            }
        }
        let played = |me: Rating, them: Rating, score: f64| {
            let game = Outcome {
                opponent: them,
                score,
            };
            me.after(&[game], glicko2::TAU)
        };
        let after = [
            played(before[0], before[1], ended.score),
            played(before[1], before[0], 1.0 - ended.score),
        ];
        let kept = sqlx::query(
            "INSERT INTO game_ratings (game_id, game, first_key, second_key, score,
                 first_before, first_after, second_before, second_after, ended_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(ended.id as i64)
        .bind(ended.game)
        .bind(ended.keys[0])
        .bind(ended.keys[1])
        .bind(ended.score)
        .bind(before[0].rating)
        .bind(after[0].rating)
        .bind(before[1].rating)
        .bind(after[1].rating)
        .bind(ended.ended_ms as i64)
        .execute(&mut *transaction)
        .await
        .map_err(failed)?;
        if kept.rows_affected() == 0 {
            // Rated already.
            transaction.rollback().await.map_err(failed)?;
            return Ok(None);
        }
        for (key, rating) in ended.keys.into_iter().zip(after) {
            sqlx::query(
                "INSERT INTO ratings (fingerprint, game, rating, deviation, volatility, games)
                 VALUES ($1, $2, $3, $4, $5, 1)
                 ON CONFLICT (fingerprint, game) DO UPDATE SET rating = excluded.rating,
                     deviation = excluded.deviation, volatility = excluded.volatility,
                     games = ratings.games + 1",
            )
            .bind(key)
            .bind(ended.game)
            .bind(rating.rating)
            .bind(rating.deviation)
            .bind(rating.volatility)
            .execute(&mut *transaction)
            .await
            .map_err(failed)?;
        }
        transaction.commit().await.map_err(failed)?;
        Ok(Some(after))
    }

    /// The games over between two players with keys and not rated yet
    /// (their server stopped between the end and the rating).
    pub async fn unrated_ends(&self) -> Result<Vec<u64>, String> {
        let rows = sqlx::query(
            "SELECT g.id FROM games g WHERE g.over = 1
               AND (SELECT COUNT(*) FROM seat_keys s WHERE s.game_id = g.id) = 2
               AND NOT EXISTS (SELECT 1 FROM game_ratings r WHERE r.game_id = g.id)
             ORDER BY g.id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(failed)?;
        rows.iter()
            .map(|row| row.try_get::<i64, _>(0).map(|id| id as u64).map_err(failed))
            .collect()
    }

    /// The rated games of the player of `fingerprint`, the latest first,
    /// at most `most`.
    pub async fn history(&self, fingerprint: &str, most: usize) -> Result<Vec<RatedGame>, String> {
        let rows = sqlx::query(
            "SELECT r.game_id, r.game, r.first_key, r.score, r.first_before, r.first_after,
                 r.second_before, r.second_after, r.ended_ms, a.name, b.name
             FROM game_ratings r
             LEFT JOIN players a ON a.fingerprint = r.first_key
             LEFT JOIN players b ON b.fingerprint = r.second_key
             WHERE r.first_key = $1 OR r.second_key = $1
             ORDER BY r.ended_ms DESC, r.game_id DESC LIMIT $2",
        )
        .bind(fingerprint)
        .bind(most as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(failed)?;
        rows.iter()
            .map(|row| {
                let first = row.try_get::<String, _>(2).map_err(failed)? == fingerprint;
                let score: f64 = row.try_get(3).map_err(failed)?;
                let (before, after, opponent) = match first {
                    true => (4, 5, 10),
                    false => (6, 7, 9),
                };
                let opponent: Option<String> = row.try_get(opponent).map_err(failed)?;
                Ok(RatedGame {
                    id: row.try_get::<i64, _>(0).map_err(failed)? as u64,
                    game: row.try_get(1).map_err(failed)?,
                    opponent: opponent.unwrap_or_default(),
                    score: if first { score } else { 1.0 - score },
                    before: row.try_get(before).map_err(failed)?,
                    after: row.try_get(after).map_err(failed)?,
                    ended_ms: row.try_get::<i64, _>(8).map_err(failed)? as u64,
                })
            })
            .collect()
    }

    /// The rating at its game of each seat a player with a key holds in
    /// the games `ids`: by game and side.
    pub async fn seat_ratings(&self, ids: &[u64]) -> Result<HashMap<(u64, usize), f64>, String> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        // Numbers only, so written into the statement.
        let listed: Vec<String> = ids.iter().map(u64::to_string).collect();
        let query = format!(
            "SELECT s.game_id, s.side, r.rating FROM seat_keys s
             JOIN games g ON g.id = s.game_id
             LEFT JOIN ratings r ON r.fingerprint = s.fingerprint AND r.game = g.game
             WHERE s.game_id IN ({})",
            listed.join(", ")
        );
        let rows = sqlx::query(&query)
            .fetch_all(&self.pool)
            .await
            .map_err(failed)?;
        let mut ratings = HashMap::new();
        for row in rows {
            let id: i64 = row.try_get(0).map_err(failed)?;
            let side: i64 = row.try_get(1).map_err(failed)?;
            let rating: Option<f64> = row.try_get(2).map_err(failed)?;
            let rating = rating.unwrap_or(Rating::default().rating);
            ratings.insert((id as u64, side as usize), rating);
        }
        Ok(ratings)
    }
}

/// A game over between two players with keys, to rate.
struct Ended<'a> {
    id: u64,
    game: &'a str,
    keys: [&'a str; 2],
    score: f64,
    ended_ms: u64,
}
