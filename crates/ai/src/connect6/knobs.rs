//! What level 5's search does after the threat searches, as a value: the
//! level plays [`Knobs::LEVEL_5`], and `examples/connect6_ab.rs` plays it
//! against others ([`Knobs::BASELINE`], level 5 before issue 33;
//! [`Knobs::ONE_REPLY`], before its alpha-beta over turns) at equal node
//! counts. [`Knobs::parse`] reads changes to level 5's for the examples.

use super::board::Board;
use super::fitted::Weights;
use crate::changes::{Setter, apply};
use tabletop_engine::connect6::Connect6;

/// How level 5 weighs the turns the threat searches leave to choose from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Knobs {
    /// Whole turns looked ahead, our turn included: 2 weighs the
    /// opponent's best reply only (the one-turn look-ahead); more is an
    /// alpha-beta search over turns, deepened one turn at a time up to
    /// this depth while the clock allows.
    pub turns: u32,
    /// Turns of the opponent's chains of double threats looked for after
    /// each set the search over turns goes on from (below the root, which
    /// has its own defence): a set that leaves the side to move such a
    /// chain is lost, whatever the evaluation says. 0: none looked for
    /// (level 5: no gain measured yet, BENCHMARKS.md).
    pub chain_turns: u32,
    /// The evaluation at the leaves and for ordering.
    pub eval: Eval,
    /// The selective cut: at each turn, the sets after this many (best
    /// first) are first searched two turns shallower, and only searched
    /// in full if that shows them better than the best so far (0: none
    /// cut).
    pub reduce_after: usize,
    /// Below the root, only pairs of this many cells (those worth most
    /// alone) are valued for each turn (0: every pair of the candidate
    /// cells).
    pub pair_cells: usize,
    /// The share (a divisor) of what is left of the time for the search
    /// over turns when the opponent has no chain to refute (with one, it
    /// has a third, the rest going to the refutation).
    pub free_share: u32,
}

/// Which evaluation level 5's searches use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Eval {
    /// Windows only one side holds, weighted by how few stones they lack
    /// (the same for both sides).
    Windows,
    /// Weights fitted to game results (`fitted.rs`), for rows of six.
    Fitted,
    /// The same evaluation with other weights than the shipped ones
    /// (examples measuring a refit, `weights=FILE`).
    FittedWith(&'static Weights),
}

impl Eval {
    /// The board of `game`, evaluated this way (the fitted evaluation
    /// only where rows are of six; the windows' otherwise).
    pub(super) fn board(self, game: &Connect6) -> Board {
        match self {
            Eval::Fitted => Board::with_weights(game, Weights::shipped()),
            Eval::FittedWith(weights) => Board::with_weights(game, weights),
            Eval::Windows => Board::from_game(game),
        }
    }
}

impl Knobs {
    /// Level 5 as it played before issue 33 (kept for
    /// `examples/connect6_ab.rs`).
    pub const BASELINE: Knobs = Knobs {
        turns: 4,
        chain_turns: 0,
        eval: Eval::Windows,
        reduce_after: 0,
        pair_cells: 0,
        free_share: 3,
    };
    /// Level 5 as it plays.
    pub const LEVEL_5: Knobs = Knobs {
        turns: 4,
        chain_turns: 0,
        eval: Eval::Fitted,
        reduce_after: 0,
        pair_cells: 0,
        free_share: 3,
    };
    /// Level 5 before the alpha-beta over turns: our turn and the
    /// opponent's best reply.
    pub const ONE_REPLY: Knobs = Knobs {
        turns: 2,
        chain_turns: 0,
        eval: Eval::Windows,
        reduce_after: 0,
        pair_cells: 0,
        free_share: 3,
    };

    /// `base` (`level5`, `baseline` or `one-reply`) with the changes
    /// after it, comma-separated: `turns=N`, `chains=N`, `eval=windows`
    /// or `eval=fitted`, `weights=FILE` (the fitted evaluation with the
    /// weights of FILE), `cut=N` (`reduce_after`), `pairs=N`
    /// (`pair_cells`), `share=N` (`free_share`).
    pub fn parse(text: &str) -> Result<Knobs, String> {
        let (base, rest) = text.split_once(',').unwrap_or((text, ""));
        let mut knobs = match base.trim() {
            "level5" => Knobs::LEVEL_5,
            "baseline" => Knobs::BASELINE,
            "one-reply" => Knobs::ONE_REPLY,
            other => return Err(format!("{other:?} is not level5, baseline or one-reply")),
        };
        apply(&mut knobs, rest, &SETTERS)?;
        Ok(knobs)
    }
}

/// The keys [`Knobs::parse`] reads after the base, each with how it is
/// set.
const SETTERS: [(&str, Setter<Knobs>); 7] = [
    ("turns", |k, c| {
        k.turns = c.whole()?;
        Ok(())
    }),
    ("chains", |k, c| {
        k.chain_turns = c.whole()?;
        Ok(())
    }),
    ("cut", |k, c| {
        k.reduce_after = c.whole()? as usize;
        Ok(())
    }),
    ("pairs", |k, c| {
        k.pair_cells = c.whole()? as usize;
        Ok(())
    }),
    ("share", |k, c| {
        k.free_share = c.whole()?.max(1);
        Ok(())
    }),
    ("eval", |k, c| {
        k.eval = match c.value {
            "windows" => Eval::Windows,
            "fitted" => Eval::Fitted,
            other => return Err(format!("{other:?} is not windows or fitted")),
        };
        Ok(())
    }),
    ("weights", |k, c| {
        let text = std::fs::read_to_string(c.value).map_err(|e| format!("{}: {e}", c.value))?;
        let weights = Weights::parse(&text).map_err(|e| format!("{}: {e}", c.value))?;
        // Read once for the run of an example: kept to its end.
        k.eval = Eval::FittedWith(Box::leak(Box::new(weights)));
        Ok(())
    }),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// `weights=FILE` plays the fitted evaluation with the file's
    /// weights: the shipped file read this way is the shipped weights.
    #[test]
    fn weights_are_read_from_a_file() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/connect6_weights.txt");
        let knobs = Knobs::parse(&format!("baseline,weights={path}")).expect("the shipped file");
        let Eval::FittedWith(weights) = knobs.eval else {
            panic!("{:?} is not the fitted evaluation from a file", knobs.eval);
        };
        assert_eq!(weights, Weights::shipped());
        assert_eq!(knobs.turns, Knobs::BASELINE.turns);
    }

    /// A file that is missing or not weights is named in the error.
    #[test]
    fn a_bad_weights_file_is_named() {
        let missing = Knobs::parse("level5,weights=/no/such/file").expect_err("no file");
        assert!(missing.contains("/no/such/file"), "{missing}");
        let not = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
        let error = Knobs::parse(&format!("level5,weights={not}")).expect_err("not weights");
        assert!(error.contains("not Connect6 weights"), "{error}");
    }
}
