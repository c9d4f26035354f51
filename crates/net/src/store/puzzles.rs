//! How the puzzles went for each player with a key: the last mark of
//! each puzzle they tried (its id, and `solved` or `failed` as the app
//! words them), so the SSH door's list shows them on the next visit.
//! Whether a mark may replace another (a puzzle once solved stays
//! solved) is the app's to say; the store keeps the mark it is given.
//! Rows change only as a puzzle ends, so they are written straight to
//! the pool, as the players' are.

use sqlx::Row;

use super::{Store, failed};

impl Store {
    /// Each puzzle the player of `fingerprint` tried, and its mark, by id.
    pub async fn puzzle_marks(&self, fingerprint: &str) -> Result<Vec<(String, String)>, String> {
        let rows = sqlx::query(
            "SELECT puzzle, mark FROM puzzle_marks WHERE fingerprint = $1 ORDER BY puzzle",
        )
        .bind(fingerprint)
        .fetch_all(&self.pool)
        .await
        .map_err(failed)?;
        rows.iter()
            .map(|row| {
                Ok((
                    row.try_get(0).map_err(failed)?,
                    row.try_get(1).map_err(failed)?,
                ))
            })
            .collect()
    }

    /// Keeps `mark` as how the puzzle `puzzle` went for the player of
    /// `fingerprint`, in place of the one before.
    pub async fn keep_puzzle_mark(
        &self,
        fingerprint: &str,
        puzzle: &str,
        mark: &str,
    ) -> Result<(), String> {
        sqlx::query(
            "INSERT INTO puzzle_marks (fingerprint, puzzle, mark) VALUES ($1, $2, $3)
             ON CONFLICT (fingerprint, puzzle) DO UPDATE SET mark = excluded.mark",
        )
        .bind(fingerprint)
        .bind(puzzle)
        .bind(mark)
        .execute(&self.pool)
        .await
        .map_err(failed)?;
        Ok(())
    }
}
