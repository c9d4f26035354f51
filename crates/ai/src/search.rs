//! The game-independent search: negamax alpha-beta (principal variation
//! search) with iterative deepening, a transposition table, killer and
//! history move ordering, a clock and a stop flag.
//!
//! Positions are cloned and played forward (`play_unchecked`), never
//! unmade. A child whose player to move is the same as its parent's (the
//! first stone of a Connect6 turn) is searched with the same window instead
//! of the negated one.

use super::deadline::Pace;
use super::{Budget, Deadline, History, Level, OwnChoice, Searchable};
use tabletop_engine::{Game, Outcome, Player, Rng};

/// The score of a win on the spot; a win `k` plies away is `WIN - k`.
pub const WIN: i32 = 1_000_000;
/// Evaluations are clamped to this, far below any win score.
pub const EVAL_LIMIT: i32 = 100_000;
/// Scores beyond this (either sign) are wins or losses found by the search.
pub const DECIDED: i32 = WIN - 10_000;
/// History slots: every game's moves map below this.
pub const MOVE_SLOTS: usize = 1024;
pub const INFINITY: i32 = 2 * WIN;

/// The value of a finished game for its player to move, `ply` plies from
/// the root.
pub fn terminal_value<G: Game>(pos: &G, ply: usize) -> i32 {
    match pos.outcome() {
        Some(Outcome::Win(p)) if p == pos.to_move() => WIN - ply as i32,
        Some(Outcome::Win(_)) => -(WIN - ply as i32),
        _ => 0,
    }
}

/// A move that wins on the spot for the player to move, among `moves`.
pub fn winning_move<G: Game>(pos: &G, moves: &[G::Move]) -> Option<G::Move> {
    let me = pos.to_move();
    moves.iter().copied().find(|&mv| {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        child.outcome() == Some(Outcome::Win(me))
    })
}

/// The value of an unfinished position where the search stops: a win on
/// the spot if the player to move has one (for games that check), else the
/// evaluation. The moves looked at are left in `moves`.
pub fn leaf_value<G: Searchable>(pos: &G, ply: usize, moves: &mut Vec<G::Move>) -> i32 {
    if G::WIN_CHECK {
        pos.candidate_moves(moves);
        if winning_move(pos, moves).is_some() {
            return WIN - (ply as i32 + 1);
        }
    }
    pos.evaluate().clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// What a stored score says of a position's value.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

impl Bound {
    /// What `best`, found searching between `alpha` (as it was on entry)
    /// and `beta`, says of the value.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    /// Whether a stored `score` of this kind answers a search between
    /// `alpha` and `beta` without searching.
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

#[derive(Clone, Copy)]
struct Entry<M> {
    key: u64,
    mv: Option<M>,
    score: i32,
    depth: u8,
    bound: Bound,
}

/// Win scores are stored relative to the node, not the root.
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score > DECIDED {
        score + ply as i32
    } else if score < -DECIDED {
        score - ply as i32
    } else {
        score
    }
}

pub fn from_table(score: i32, ply: usize) -> i32 {
    if score > DECIDED {
        score - ply as i32
    } else if score < -DECIDED {
        score + ply as i32
    } else {
        score
    }
}

/// One search's memory: table, move ordering and the clock.
pub struct Searcher<'a, G: Searchable> {
    deadline: Deadline<'a>,
    table: Vec<Entry<G::Move>>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    /// Hashes of the positions from the root to the current node.
    path: Vec<u64>,
    /// The positions of the game before the root.
    earlier: History,
    /// The player to move at the root.
    root_player: Player,
    buffers: Vec<Vec<G::Move>>,
    /// Ordering keys of each ply's moves.
    keys: Vec<Vec<i32>>,
    /// When to look at the deadline next.
    pace: Pace,
    pub nodes: u64,
    pub aborted: bool,
}

impl<'a, G: Searchable> Searcher<'a, G> {
    /// A searcher with a table of `2^table_bits` entries.
    pub fn new(deadline: Deadline<'a>, table_bits: u32) -> Self {
        let empty = Entry {
            key: 0,
            mv: None,
            score: 0,
            depth: 0,
            bound: Bound::Exact,
        };
        Searcher {
            deadline,
            table: vec![empty; 1 << table_bits],
            killers: Vec::new(),
            history: vec![0; MOVE_SLOTS],
            path: Vec::new(),
            earlier: History::default(),
            root_player: Player::First,
            buffers: Vec::new(),
            keys: Vec::new(),
            pace: Pace::default(),
            nodes: 0,
            aborted: false,
        }
    }

    /// Remembers the game's earlier positions: the root player's move back
    /// to one of them counts as a draw, as a repetition within the search
    /// does, unless it leads to a forced win. The opponent's does not: the
    /// game has no such rule, and a forced win must not be missed because
    /// the loser could go back to an old position (within one line, the
    /// shortest win never repeats one).
    pub fn remember(&mut self, history: History) {
        self.earlier = history;
    }

    fn buffer(&mut self, ply: usize) -> Vec<G::Move> {
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
        while self.killers.len() <= ply {
            self.killers.push([None; 2]);
            self.keys.push(Vec::new());
        }
        std::mem::take(&mut self.buffers[ply])
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.pace.node() && self.deadline.expired(self.nodes) {
            self.aborted = true;
        }
    }

    /// The child's value for the parent, searched within the parent's
    /// window.
    fn child_value(
        &mut self,
        parent: &G,
        child: &G,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.to_move() == parent.to_move() {
            self.negamax(child, depth, ply, alpha, beta)
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha)
        }
    }

    /// Principal variation search: the first move with the full window,
    /// the rest with a null window, searched again if they beat alpha.
    fn pvs_child(
        &mut self,
        parent: &G,
        child: &G,
        depth: u32,
        ply: usize,
        (alpha, beta): (i32, i32),
        first: bool,
    ) -> i32 {
        if first || beta - alpha <= 1 {
            return self.child_value(parent, child, depth, ply, alpha, beta);
        }
        let score = self.child_value(parent, child, depth, ply, alpha, alpha + 1);
        if score > alpha && score < beta && !self.aborted {
            self.child_value(parent, child, depth, ply, score.max(alpha), beta)
        } else {
            score
        }
    }

    /// The value of `pos` searched `depth` plies deep, `ply` plies from the
    /// root, for the player to move; exact when it lies strictly between
    /// alpha and beta, else a bound on the far side.
    pub fn negamax(&mut self, pos: &G, depth: u32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if pos.outcome().is_some() {
            return terminal_value(pos, ply);
        }
        // Leaves count towards the clock too: on a big board one leaf's
        // look for a win in one plays every move.
        self.tick();
        if self.aborted {
            return 0;
        }
        if depth == 0 {
            let mut moves = self.buffer(ply);
            let value = leaf_value(pos, ply, &mut moves);
            if G::WIN_CHECK {
                self.pace.played(moves.len());
            }
            self.buffers[ply] = moves;
            return value;
        }
        let hash = pos.position_hash();
        if G::CAN_REPEAT {
            if self.path.contains(&hash) {
                return 0;
            }
            if pos.to_move() != self.root_player && self.earlier.contains(hash) {
                // Going round in a circle is no progress, but a circle
                // that ends in a forced win is a win.
                let value = self.expand(pos, hash, depth, ply, -INFINITY, INFINITY);
                return if value < -DECIDED { value } else { 0 };
            }
        }
        self.expand(pos, hash, depth, ply, alpha, beta)
    }

    /// [`Searcher::negamax`] below the checks every node gets first: the
    /// table, then each move.
    fn expand(
        &mut self,
        pos: &G,
        hash: u64,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut moves = self.buffer(ply);
        let slot = hash as usize & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut table_move = None;
        if entry.key == hash {
            table_move = entry.mv;
            // Only an entry of exactly this depth: the value is then the
            // same as a fresh search's, which the tests rely on.
            if u32::from(entry.depth) == depth {
                let score = from_table(entry.score, ply);
                if entry.bound.settles(score, alpha, beta) {
                    self.buffers[ply] = moves;
                    return score;
                }
            }
        }
        pos.candidate_moves(&mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return pos.evaluate().clamp(-EVAL_LIMIT, EVAL_LIMIT);
        }
        if G::WIN_CHECK {
            self.pace.played(moves.len());
            if winning_move(pos, &moves).is_some() {
                self.buffers[ply] = moves;
                return WIN - (ply as i32 + 1);
            }
        }
        let mut keys = std::mem::take(&mut self.keys[ply]);
        self.order_keys(&moves, table_move, ply, &mut keys);

        self.path.push(hash);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            // Selection sort step: the best remaining move to position i.
            let mut top = i;
            for j in i + 1..moves.len() {
                if keys[j] > keys[top] {
                    top = j;
                }
            }
            moves.swap(i, top);
            keys.swap(i, top);
            let mv = moves[i];
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = self.pvs_child(pos, &child, depth - 1, ply + 1, (alpha, beta), i == 0);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.remember_cutoff(mv, depth, ply);
                        break;
                    }
                }
            }
        }
        self.path.pop();
        self.buffers[ply] = moves;
        self.keys[ply] = keys;
        if self.aborted {
            return 0;
        }
        self.table[slot] = Entry {
            key: hash,
            mv: best_move,
            score: to_table(best, ply),
            depth: depth.min(255) as u8,
            bound: Bound::of(best, original_alpha, beta),
        };
        best
    }

    /// The ordering key of each of `moves` at `ply`: the table's move,
    /// then the two killers, then the history heuristic.
    fn order_keys(
        &self,
        moves: &[G::Move],
        table_move: Option<G::Move>,
        ply: usize,
        keys: &mut Vec<i32>,
    ) {
        let killers = self.killers[ply];
        keys.clear();
        keys.extend(moves.iter().map(|&mv| {
            if Some(mv) == table_move {
                i32::MAX
            } else if Some(mv) == killers[0] {
                i32::MAX - 1
            } else if Some(mv) == killers[1] {
                i32::MAX - 2
            } else {
                self.history[G::move_slot(mv)]
            }
        }));
    }

    /// `mv` refuted the line at `ply`, `depth` plies from the leaves: a
    /// killer there, and credit in the history heuristic.
    fn remember_cutoff(&mut self, mv: G::Move, depth: u32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[G::move_slot(mv)];
        *h = (*h + (depth * depth) as i32).min(1 << 28);
    }

    /// The moves the table gives from `pos` on, as far as it knows them
    /// (at most `most`): the line the search expects, each move legal.
    pub fn principal_line(&self, pos: &G, most: usize) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut at = pos.clone();
        while line.len() < most && !at.is_over() {
            let hash = at.position_hash();
            let entry = self.table[hash as usize & (self.table.len() - 1)];
            let Some(mv) = entry.mv.filter(|_| entry.key == hash) else {
                break;
            };
            if at.play(mv).is_err() {
                break;
            }
            line.push(mv);
        }
        line
    }

    /// Searches each root move `depth` plies deep; with `exact`, every
    /// move's own value is found (full window), else only the best one is
    /// exact and the others are bounds. Moves are left best first. Returns
    /// false if the search was cut short (the scores are then partial).
    pub fn root(&mut self, pos: &G, depth: u32, moves: &mut [(G::Move, i32)], exact: bool) -> bool {
        self.path.clear();
        self.path.push(pos.position_hash());
        self.root_player = pos.to_move();
        let mut alpha = -INFINITY;
        let mut completed = 0;
        for (i, entry) in moves.iter_mut().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(entry.0);
            let score = if exact {
                self.child_value(pos, &child, depth - 1, 1, -INFINITY, INFINITY)
            } else {
                self.pvs_child(pos, &child, depth - 1, 1, (alpha, INFINITY), i == 0)
            };
            if self.aborted {
                break;
            }
            entry.1 = score;
            alpha = alpha.max(score);
            completed = i + 1;
        }
        // A partial iteration still tells whether a later move beat the
        // first one, which was the best of the previous iteration.
        moves[..completed].sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        !self.aborted
    }
}

/// A well-mixed 64-bit number for `index` (splitmix64): Zobrist keys
/// computed on the fly.
pub fn zobrist(index: u64) -> u64 {
    let mut z = index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Shuffles `items` with `rng` (Fisher-Yates).
fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

/// Table size as a power of two: larger for longer searches (filling a
/// large table takes time of its own).
fn table_bits(level: Level, budget: Budget) -> u32 {
    let by_level = match level.get() {
        1 | 2 => 12,
        3 => 18,
        _ => 20,
    };
    let by_budget = match budget {
        Budget::Time(time) => match time.as_millis() {
            0..100 => 14,
            100..500 => 17,
            _ => 20,
        },
        Budget::Nodes(nodes) => match nodes {
            0..20_000 => 14,
            20_000..200_000 => 17,
            _ => 20,
        },
    };
    by_level.min(by_budget)
}

/// Puts the root's `moves` in candidate order (good moves early; a
/// stable sort, so an earlier shuffle breaks ties). Connect6 considers only
/// some moves below the root, and the root keeps to them too unless none
/// of them is among `moves` (the safety filter may have removed them).
pub fn order_root<G: Searchable>(game: &G, moves: &mut Vec<G::Move>) {
    let mut ordered = Vec::new();
    game.candidate_moves(&mut ordered);
    let rank = |mv: &G::Move| ordered.iter().position(|m| m == mv).unwrap_or(usize::MAX);
    moves.sort_by_key(rank);
    if ordered.len() < moves.len() && moves.iter().any(|mv| ordered.contains(mv)) {
        moves.retain(|mv| ordered.contains(mv));
    }
}

pub fn choose<G: Searchable>(
    game: &G,
    history: &History,
    level: Level,
    deadline: Deadline,
    seed: u64,
) -> Option<G::Move> {
    if game.is_over() {
        return None;
    }
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    if legal.is_empty() {
        return None;
    }
    let mut rng = Rng::new(seed ^ game.position_hash().rotate_left(17));
    shuffle(&mut legal, &mut rng);
    if let Some(mv) = winning_move(game, &legal) {
        return Some(mv);
    }
    match game.choose_own(history, level, deadline, seed) {
        OwnChoice::Search => {}
        OwnChoice::Play(mv) => return Some(mv),
        OwnChoice::GameOver => return None,
    }
    if legal.len() == 1 || deadline.stopped() {
        return Some(legal[0]);
    }
    if level.is_careful() {
        keep_safe(game, &mut legal, deadline);
    }
    if let Some(mv) = game.solve(level, deadline) {
        return Some(mv);
    }
    if legal.len() == 1 || deadline.expired(0) {
        return Some(legal[0]);
    }
    order_root(game, &mut legal);
    let scored = deepen(game, history, level, deadline, &legal);
    Some(pick(scored, level.noise(), &mut rng))
}

/// Keeps the moves that do not let the opponent win at once. Out of time
/// (a huge board), the moves not looked at yet stay in only if no safe
/// one was seen; with no safe move, all stay. The clock is first read at
/// the 64th move, so a board with fewer always has every move looked at,
/// however loaded the machine; after that as often as a [`Pace`] says
/// (each move's check plays about every move again). This look counts no
/// positions against a budget of positions.
fn keep_safe<G: Searchable>(game: &G, legal: &mut Vec<G::Move>, deadline: Deadline) {
    let me = game.to_move();
    let (mut safe, mut unseen) = (Vec::new(), Vec::new());
    let mut late = false;
    let mut pace = Pace::default();
    for (k, &mv) in legal.iter().enumerate() {
        let due = pace.node();
        if k >= 63 && due && !late {
            late = deadline.expired(0);
        }
        pace.played(legal.len());
        if late {
            unseen.push(mv);
            continue;
        }
        let mut child = game.clone();
        child.play_unchecked(mv);
        let is_safe = match child.outcome() {
            Some(Outcome::Win(winner)) => winner == me,
            Some(Outcome::Draw) => true,
            None => !child.opponent_wins_next(me),
        };
        if is_safe {
            safe.push(mv);
        }
    }
    if !safe.is_empty() {
        *legal = safe;
    } else if !unseen.is_empty() {
        *legal = unseen;
    }
}

/// What iterative deepening over `legal` (in root order) found: the best
/// move and its score, and, when the last depth finished, every move's
/// score at that depth (for the lower levels' noise).
struct Deepened<M> {
    best: (M, i32),
    scores: Vec<(M, i32)>,
}

/// Searches `legal` one ply deeper at a time until the level's cap, a
/// decided score, or two fifths of the budget (the next ply would not
/// finish).
fn deepen<G: Searchable>(
    game: &G,
    history: &History,
    level: Level,
    deadline: Deadline,
    legal: &[G::Move],
) -> Deepened<G::Move> {
    let mut moves: Vec<(G::Move, i32)> = legal.iter().map(|&mv| (mv, 0)).collect();
    let mut searcher = Searcher::<G>::new(deadline, table_bits(level, deadline.budget()));
    searcher.remember(history.clone());
    let exact = level.noise() > 0;
    let mut found = Deepened {
        best: moves[0],
        scores: Vec::new(),
    };
    for depth in 1..=G::depth_cap(level) {
        let done = searcher.root(game, depth, &mut moves, exact);
        if done {
            found.best = moves[0];
            found.scores = moves.clone();
        } else {
            // The first move searched was the previous best, so a move now
            // ahead of it beat it at the new depth.
            if depth > 1 {
                found.best = moves[0];
            }
            break;
        }
        if found.best.1.abs() > DECIDED || deadline.spent(searcher.nodes) > 0.4 {
            break;
        }
    }
    found
}

/// The move to play: the best, or at the levels with noise the best once
/// every score not yet decided is shaken by up to `noise`.
fn pick<M: Copy>(deepened: Deepened<M>, noise: i32, rng: &mut Rng) -> M {
    if noise == 0 || deepened.scores.is_empty() {
        return deepened.best.0;
    }
    let shaken = deepened.scores.iter().map(|&(mv, score)| {
        let shaken = if score.abs() > DECIDED {
            score
        } else {
            score + rng.below(2 * noise as usize + 1) as i32 - noise
        };
        (mv, shaken)
    });
    shaken
        .max_by_key(|&(_, score)| score)
        .map_or(deepened.best.0, |(mv, _)| mv)
}
