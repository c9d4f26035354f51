//! What the computer thinks of a position, for reviewing a game: the move
//! it would play, and how the position stands for the player to move: how
//! the game ends with best play when the game's exact solver settles it,
//! a forced win or loss when the search proves one, else a score.
//!
//! The game's exact solver ([`Searchable::prove`]: Hex up to 8×8, Reversi
//! endgames, X's wins in Gekitai up to 6×6) is asked first, for half the time. Failing that, the move
//! comes from [`super::choose`] (each game's own search at the level asked
//! for) and the value from the generic alpha-beta search, which every game
//! has, each for half of the time left after the solver.

use std::sync::atomic::AtomicBool;

use super::search::{self, DECIDED, Searcher, WIN, order_root};
use super::{Budget, Deadline};
use super::{History, Level, Searchable};
use tabletop_engine::{BestPlay, Outcome};

/// The longest forced line an analysis spells out.
pub const LONGEST_LINE: usize = 40;

/// A position settled by a game's exact solver ([`Searchable::prove`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Proof<M> {
    /// How the game ends with best play, for the player to move.
    pub result: BestPlay,
    /// A best move: for the winner one that keeps the win.
    pub best: M,
    /// One way the game can go from here, `best` first: the winner's moves
    /// keep the win, and the loser's are replies the proof covers; at most
    /// [`LONGEST_LINE`] moves, and it may stop before the end.
    pub line: Vec<M>,
}

/// How a position stands for the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// A forced win: the game is won at the latest this many plies on.
    Wins(u32),
    /// A forced loss, this many plies on at the latest.
    Loses(u32),
    /// How the game ends with best play, proved by the game's exact
    /// solver: who wins (and by how much, if the game counts it), but not
    /// how soon.
    BestPlay(BestPlay),
    /// A drawn end (the game is over without a winner).
    Drawn,
    /// No proof either way: the search's score, about 100 for a clearly
    /// better position.
    Score(i32),
}

impl Verdict {
    /// The chance (0 to 1) that the player to move wins: certain for a
    /// proof, half for a draw, and for a score `1 / (1 + e^(-score /
    /// scale))`, `scale` being the game's [`Searchable::SCORE_SCALE`].
    pub fn win_chance<G: Searchable>(self) -> f64 {
        match self {
            Verdict::Wins(_) => 1.0,
            Verdict::Loses(_) => 0.0,
            Verdict::BestPlay(BestPlay::Win(_)) => 1.0,
            Verdict::BestPlay(BestPlay::Loss(_)) => 0.0,
            Verdict::BestPlay(BestPlay::Draw) | Verdict::Drawn => 0.5,
            Verdict::Score(score) => 1.0 / (1.0 + (-f64::from(score) / G::SCORE_SCALE).exp()),
        }
    }

    /// The verdict of a search score.
    fn of_score(score: i32) -> Verdict {
        if score > DECIDED {
            Verdict::Wins((WIN - score) as u32)
        } else if score < -DECIDED {
            Verdict::Loses((WIN + score) as u32)
        } else {
            Verdict::Score(score)
        }
    }
}

/// The computer's view of one position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analysis<M> {
    /// The move it would play; `None` when the game is over.
    pub best: Option<M>,
    pub verdict: Verdict,
    /// Where the verdict is a proof, the line it expects, `best` first
    /// (for [`Verdict::BestPlay`], [`Proof::line`]).
    pub line: Vec<M>,
}

/// Analyses `game` (after the positions of `history`) at `level` in about
/// `budget`: up to half for the game's exact solver, then what is left
/// shared between choosing the move and the value; returns early when
/// `stop` is set.
pub fn analyse<G: Searchable>(
    game: &G,
    history: &History,
    level: Level,
    budget: impl Into<Budget>,
    seed: u64,
    stop: &AtomicBool,
) -> Analysis<G::Move> {
    let deadline = Deadline::new(budget.into(), stop);
    if let Some(outcome) = game.outcome() {
        let verdict = match outcome {
            Outcome::Draw => Verdict::Drawn,
            Outcome::Win(p) if p == game.to_move() => Verdict::Wins(0),
            Outcome::Win(_) => Verdict::Loses(0),
        };
        return Analysis {
            best: None,
            verdict,
            line: Vec::new(),
        };
    }
    if let Some(proof) = game.prove(deadline.part(0, 0.5)) {
        return Analysis {
            best: Some(proof.best),
            verdict: Verdict::BestPlay(proof.result),
            line: proof.line,
        };
    }
    let chosen = search::choose(game, history, level, deadline.part(0, 0.5), seed);
    let (score, line) = value(game, history, deadline.part(0, 1.0));
    let verdict = Verdict::of_score(score);
    match verdict {
        // A proved win is played as proved.
        Verdict::Wins(_) if !line.is_empty() => Analysis {
            best: line.first().copied(),
            verdict,
            line,
        },
        Verdict::Wins(_) | Verdict::Loses(_) => Analysis {
            best: chosen,
            verdict,
            line,
        },
        _ => Analysis {
            best: chosen,
            verdict,
            line: Vec::new(),
        },
    }
}

/// The generic search's value of `game` for the player to move, deepening
/// until `deadline` or a proof, with the line it expects.
fn value<G: Searchable>(game: &G, history: &History, deadline: Deadline) -> (i32, Vec<G::Move>) {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    order_root(game, &mut moves);
    if moves.is_empty() {
        return (0, Vec::new());
    }
    let mut scored: Vec<(G::Move, i32)> = moves.iter().map(|&mv| (mv, 0)).collect();
    let mut searcher = Searcher::<G>::new(deadline, 18);
    searcher.remember(history.clone());
    let mut best = None;
    for depth in 1..=64 {
        if !searcher.root(game, depth, &mut scored, false) {
            break;
        }
        best = Some(scored[0]);
        if scored[0].1.abs() > DECIDED || deadline.spent(searcher.nodes) > 0.4 {
            break;
        }
    }
    let Some((mv, score)) = best else {
        return (0, Vec::new());
    };
    if score.abs() <= DECIDED {
        return (score, Vec::new());
    }
    let mut line = vec![mv];
    let mut after = game.clone();
    after.play_unchecked(mv);
    line.extend(searcher.principal_line(&after, LONGEST_LINE - 1));
    (score, line)
}
