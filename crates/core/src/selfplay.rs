//! Random self-play: many games between two uniformly random players, to
//! measure engine speed and how balanced a choice of settings is.

use std::time::{Duration, Instant};

use tabletop_engine::{Described, Outcome, Player, Rng};

/// What a run of random games came to.
#[derive(Clone, PartialEq, Debug)]
pub struct SelfplayReport {
    pub games: u64,
    pub first_wins: u64,
    pub second_wins: u64,
    pub draws: u64,
    pub plies: u64,
    pub elapsed: Duration,
}

impl SelfplayReport {
    /// The report as `key value` lines.
    pub fn to_lines(&self) -> String {
        let games = self.games.max(1) as f64;
        let share = |n: u64| n as f64 / games;
        let per_second = self.games as f64 / self.elapsed.as_secs_f64().max(1e-9);
        format!(
            "games {}\nfirst {:.4}\nsecond {:.4}\ndraw {:.4}\nplies_per_game {:.2}\ngames_per_s {:.0}\n",
            self.games,
            share(self.first_wins),
            share(self.second_wins),
            share(self.draws),
            self.plies as f64 / games,
            per_second,
        )
    }
}

/// Plays `games` random games from `start`, seeded by `seed`.
pub fn selfplay<G: Described>(start: &G, games: u64, seed: u64) -> SelfplayReport {
    let mut rng = Rng::new(seed);
    let mut report = SelfplayReport {
        games,
        first_wins: 0,
        second_wins: 0,
        draws: 0,
        plies: 0,
        elapsed: Duration::ZERO,
    };
    let clock = Instant::now();
    for _ in 0..games {
        let mut game = start.clone();
        game.play_out(&mut rng);
        report.plies += (game.plies() - start.plies()) as u64;
        match game.outcome() {
            Some(Outcome::Win(Player::First)) => report.first_wins += 1,
            Some(Outcome::Win(Player::Second)) => report.second_wins += 1,
            Some(Outcome::Draw) | None => report.draws += 1,
        }
    }
    report.elapsed = clock.elapsed();
    report
}
