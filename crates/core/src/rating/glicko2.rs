//! Glicko-2, as Mark Glickman describes it in "Example of the Glicko-2
//! system" (2013): a rating, how sure it is (the deviation) and how
//! erratic the player is (the volatility), moved on by the games of one
//! rating period. Only arithmetic: the caller decides what a period is
//! (here, one game) and keeps the numbers.

use std::f64::consts::PI;

/// The factor between the Glicko scale (1500-centred) and Glicko-2's.
const SCALE: f64 = 173.7178;
/// The rating every player starts from.
const START: f64 = 1500.0;
/// How much the volatility may change in a period (the system constant
/// τ; Glickman advises 0.3 to 1.2, and 0.5 is his example's).
pub const TAU: f64 = 0.5;
/// Where the volatility's iteration stops.
const TOLERANCE: f64 = 0.000_001;

/// A player's rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, 1500 for a new player.
    pub rating: f64,
    /// The rating deviation: how far the true strength may be from the
    /// rating (350 for a new player).
    pub deviation: f64,
    /// The volatility: how much the player's strength moves.
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player's rating.
    fn default() -> Rating {
        Rating {
            rating: START,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// One game of the period: the opponent's rating before it, and the
/// score (1 a win, 0.5 a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    pub opponent: Rating,
    pub score: f64,
}

/// A rating on Glicko-2's own scale.
#[derive(Clone, Copy)]
struct Scaled {
    mu: f64,
    phi: f64,
}

impl Rating {
    fn scaled(self) -> Scaled {
        Scaled {
            mu: (self.rating - START) / SCALE,
            phi: self.deviation / SCALE,
        }
    }

    /// The player's expected score against `opponent` (0 to 1).
    pub fn expected_against(self, opponent: Rating) -> f64 {
        let (me, them) = (self.scaled(), opponent.scaled());
        expected(me.mu, them.mu, them.phi)
    }

    /// The rating after a period with these games (a period with none
    /// only widens the deviation), with the system constant `tau`.
    pub fn after(self, games: &[Outcome], tau: f64) -> Rating {
        let me = self.scaled();
        if games.is_empty() {
            let phi = me.phi.hypot(self.volatility);
            return Rating {
                deviation: phi * SCALE,
                ..self
            };
        }
        // The estimated variance of the rating from the games alone (v),
        // and the improvement they suggest (the sum in Δ).
        let mut inverse_variance = 0.0;
        let mut improvement = 0.0;
        for game in games {
            let them = game.opponent.scaled();
            let g = weight(them.phi);
            let e = expected(me.mu, them.mu, them.phi);
            inverse_variance += g * g * e * (1.0 - e);
            improvement += g * (game.score - e);
        }
        let variance = 1.0 / inverse_variance;
        let delta = variance * improvement;
        let volatility = new_volatility(self.volatility, me.phi, variance, delta, tau);
        let widened = me.phi.hypot(volatility);
        let phi = 1.0 / (1.0 / (widened * widened) + 1.0 / variance).sqrt();
        let mu = me.mu + phi * phi * improvement;
        Rating {
            rating: mu * SCALE + START,
            deviation: phi * SCALE,
            volatility,
        }
    }
}

/// g(φ): how much a game against an opponent this unsure counts.
fn weight(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// E(μ, μj, φj): the expected score against the opponent.
fn expected(mu: f64, opponent_mu: f64, opponent_phi: f64) -> f64 {
    1.0 / (1.0 + (-weight(opponent_phi) * (mu - opponent_mu)).exp())
}

/// The new volatility σ', by the Illinois algorithm (step 5 of the
/// paper).
fn new_volatility(sigma: f64, phi: f64, variance: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + variance + ex;
        ex * (delta * delta - d + ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut low = a;
    let mut high = if delta * delta > phi * phi + variance {
        (delta * delta - phi * phi - variance).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_low, mut f_high) = (f(low), f(high));
    while (high - low).abs() > TOLERANCE {
        let c = low + (low - high) * f_low / (f_high - f_low);
        let f_c = f(c);
        if f_c * f_high <= 0.0 {
            low = high;
            f_low = f_high;
        } else {
            f_low /= 2.0;
        }
        high = c;
        f_high = f_c;
    }
    (low / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// The worked example of Glickman's paper: 1500/200/0.06 beats
    /// 1400/30, loses to 1550/100 and to 1700/300.
    #[test]
    fn the_papers_worked_example() {
        let games = [
            Outcome {
                opponent: rating(1400.0, 30.0),
                score: 1.0,
            },
            Outcome {
                opponent: rating(1550.0, 100.0),
                score: 0.0,
            },
            Outcome {
                opponent: rating(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = rating(1500.0, 200.0).after(&games, TAU);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let before = rating(1500.0, 200.0);
        let after = before.after(&[], TAU);
        assert_eq!(after.rating, before.rating);
        assert_eq!(after.volatility, before.volatility);
        // φ' = sqrt(φ² + σ²) on Glicko-2's scale.
        let phi = (200.0_f64 / SCALE).hypot(0.06) * SCALE;
        assert!((after.deviation - phi).abs() < 1e-9);
        assert!(after.deviation > before.deviation);
    }

    #[test]
    fn two_new_players_move_apart_by_the_same_amount() {
        let (winner, loser) = (Rating::default(), Rating::default());
        let won = winner.after(
            &[Outcome {
                opponent: loser,
                score: 1.0,
            }],
            TAU,
        );
        let lost = loser.after(
            &[Outcome {
                opponent: winner,
                score: 0.0,
            }],
            TAU,
        );
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!(((won.rating - 1500.0) - (1500.0 - lost.rating)).abs() < 1e-9);
        assert!(won.deviation < 350.0);
        let even = Rating::default().expected_against(Rating::default());
        assert!((even - 0.5).abs() < 1e-12);
    }
}
