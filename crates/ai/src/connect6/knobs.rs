//! What level 5's search does after the threat searches, as a value: the
//! level plays [`Knobs::LEVEL_5`], and `examples/connect6_ab.rs` plays it
//! against [`Knobs::ONE_REPLY`] (level 5 before its alpha-beta over turns)
//! at equal node counts.

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
}

impl Knobs {
    /// Level 5 as it plays.
    pub const LEVEL_5: Knobs = Knobs {
        turns: 4,
        chain_turns: 0,
    };
    /// Level 5 before the alpha-beta over turns: our turn and the
    /// opponent's best reply.
    pub const ONE_REPLY: Knobs = Knobs {
        turns: 2,
        chain_turns: 0,
    };
}
