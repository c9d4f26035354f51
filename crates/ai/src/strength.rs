//! How strong each level plays each game, as measured: an Elo on one
//! scale per game and a short phrase a player can picture ("about
//! gtp-rhino level 3"). This table is the one place the figures live;
//! the start screen reads it where a player chooses a level. The matches
//! behind every figure, with their commands, builds, dates and the
//! machine's load, are in BENCHMARKS.md ("How strong each level is").
//!
//! The scales: Reversi's is anchored to gtp-rhino (0 is its level 3) and
//! Hex's to MoHex 2.0 (0 is MoHex asked for 0.1 s a move on one thread,
//! which searches at least 1 s and so takes about 1.5 s: see
//! BENCHMARKS.md); the other games have no outside engine on this
//! machine, so 0 is level 1.
//! Each game's figures are one Bradley-Terry (Elo) fit of all its
//! matches (`tabletop match`, a few games each), rounded to 10; the
//! margin is about two standard errors from that level's own games, so it
//! is wide and grows along a chain of levels. A level placed only by
//! clean sweeps gets a lower bound instead (`at_least`: each 20 of 20
//! counts as at least +320, 95% sure).

use crate::Level;

/// What a level is measured to be worth at one game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Strength {
    /// Elo on the game's scale (see [`scale`]).
    pub elo: i32,
    /// About two standard errors either side, in Elo (0 for the level
    /// the scale counts from, and for a lower bound).
    pub margin: u16,
    /// The Elo is a lower bound: the level won (or lost) every game of a
    /// match it was placed by.
    pub at_least: bool,
    /// What it plays like, short enough to stand beside the level.
    pub like: &'static str,
}

impl Strength {
    /// `Elo 350 ± 200`, `Elo ≥ 350` for a lower bound, `Elo 0` for the
    /// level the scale counts from.
    pub fn elo_text(&self) -> String {
        match (self.at_least, self.margin) {
            (true, _) => format!("Elo ≥ {}", self.elo),
            (false, 0) => format!("Elo {}", self.elo),
            (false, margin) => format!("Elo {} ± {margin}", self.elo),
        }
    }
}

/// A level's figures (a private shorthand for the table).
const fn at(elo: i32, margin: u16, at_least: bool, like: &'static str) -> Strength {
    Strength {
        elo,
        margin,
        at_least,
        like,
    }
}

/// Per game (by its name, as `tabletop_engine::Game::NAME`): what 0 on
/// its scale is, and levels 1 to 5.
const TABLE: &[(&str, &str, [Strength; 5])] = &[
    (
        "gekitai",
        "level 1",
        [
            at(0, 0, false, "beat random in 20 of 20"),
            at(320, 0, true, "beat level 1 in 20 of 20"),
            at(630, 0, true, "beat level 2 in 20 of 20"),
            at(950, 0, true, "beat level 3 in 20 of 20"),
            at(1060, 0, true, "beat level 4 in 20 of 26"),
        ],
    ),
    (
        "connect6",
        "level 1",
        [
            at(0, 0, false, "beat random in 20 of 20"),
            at(350, 180, false, "beat level 1 in 18 of 20"),
            at(790, 190, false, "beat level 2 in 19 of 20"),
            at(1070, 200, false, "beat level 3 in 11 of 13"),
            at(1220, 260, false, "beat level 4 in 14 of 20"),
        ],
    ),
    (
        "hex",
        "MoHex 2.0 at 1.5 s a move",
        [
            at(-1230, 500, false, "far below MoHex at 1.5 s"),
            at(-700, 240, false, "below MoHex at 1.5 s"),
            at(-430, 210, false, "below MoHex at 1.5 s"),
            at(-80, 160, false, "just below MoHex at 1.5 s"),
            at(110, 180, false, "below MoHex at 2 s"),
        ],
    ),
    (
        "reversi",
        "gtp-rhino level 3",
        [
            at(-1190, 130, false, "well below gtp-rhino 1"),
            at(-710, 120, false, "below gtp-rhino level 1"),
            at(-90, 80, false, "about gtp-rhino level 3"),
            at(0, 90, false, "about gtp-rhino level 3"),
            at(530, 110, false, "beats gtp-rhino level 5"),
        ],
    ),
    (
        "gomoku",
        "level 1",
        [
            at(0, 0, false, "beat random in 20 of 20"),
            at(180, 130, false, "beat level 1 in 15 of 20"),
            at(460, 150, false, "beat level 2 in 17 of 20"),
            at(810, 130, false, "beat level 3 in 18 of 20"),
            at(920, 130, false, "beat level 4 in 20 of 30"),
        ],
    ),
];

/// The figures of `level` at the game named `game` (`Game::NAME`), if
/// that game was measured.
pub fn strength(game: &str, level: Level) -> Option<Strength> {
    let (_, _, levels) = TABLE.iter().find(|(name, _, _)| *name == game)?;
    levels.get(usize::from(level.get()) - 1).copied()
}

/// What 0 is on the game's scale.
pub fn scale(game: &str) -> Option<&'static str> {
    TABLE
        .iter()
        .find(|(name, _, _)| *name == game)
        .map(|(_, zero, _)| *zero)
}

/// The whole figure of `level` at the game named `game` and titled
/// `title`, what it plays like first so that a narrow line shows that
/// much: "Computer 4: about gtp-rhino level 3, Elo 0 ± 90 at Reversi (0:
/// gtp-rhino level 3)". Every front end that names a level's strength
/// says it so.
pub fn described(game: &str, title: &str, level: Level) -> Option<String> {
    let found = strength(game, level)?;
    let zero = scale(game)?;
    Some(format!(
        "Computer {level}: {}, {} at {title} (0: {zero})",
        found.like,
        found.elo_text(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::Game;
    use tabletop_engine::connect6::Connect6;
    use tabletop_engine::gekitai::Gekitai;
    use tabletop_engine::gomoku::Gomoku;
    use tabletop_engine::hex::Hex;
    use tabletop_engine::reversi::Reversi;

    const GAMES: [&str; 5] = [
        Gekitai::NAME,
        Connect6::NAME,
        Hex::NAME,
        Reversi::NAME,
        Gomoku::NAME,
    ];

    #[test]
    fn every_game_has_a_scale_and_every_level_a_short_phrase() {
        for game in GAMES {
            assert!(scale(game).is_some_and(|zero| !zero.is_empty()), "{game}");
            for n in 1..=5 {
                let level = Level::new(n).expect("a level");
                let found = strength(game, level).unwrap_or_else(|| panic!("{game} {n}"));
                let length = found.like.chars().count();
                assert!((1..=25).contains(&length), "{game} {n}: {:?}", found.like);
            }
        }
        assert_eq!(TABLE.len(), GAMES.len());
    }

    #[test]
    fn a_game_not_measured_has_no_figures() {
        assert_eq!(strength("chess", Level::MAX), None);
        assert_eq!(scale("chess"), None);
    }

    #[test]
    fn a_lower_bound_says_so() {
        let bound = at(600, 0, true, "x");
        assert_eq!(bound.elo_text(), "Elo ≥ 600");
        assert_eq!(at(-40, 150, false, "x").elo_text(), "Elo -40 ± 150");
        assert_eq!(at(0, 0, false, "x").elo_text(), "Elo 0");
    }
}
