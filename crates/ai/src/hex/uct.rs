//! Level 5's tree search: one tree ([`super::tree`]) searched by every
//! core at once, with virtual losses keeping the threads apart; RAVE over
//! the filled board, priors from learned local patterns
//! ([`super::patterns`]) and the bridge-saving playouts of `mcts.rs`.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::board::{Board, EMPTY, Scratch};
#[cfg(test)]
use super::board::{O, X};
use super::inferior;
use super::knowledge::{Knowledge, Verdict};
use super::mcts::{self, Prelude};
use super::patterns::{Gammas, Neighbourhoods};
use super::tree::{EXPANDING, INCOMPLETE, KNOWN, LOST, Node, Stats, Tree, WON};
use crate::Deadline;
use crate::cells::colour;
use crate::changes::{Setter, apply};
use crate::search::zobrist;
use tabletop_engine::hex::{Hex, HexMove};
use tabletop_engine::{Game, Rng};

/// Prior (visits, wins) for a move that saves an intruded bridge.
const SAVE_PRIOR: (u32, u32) = (20, 19);
/// A cell's value on a board after a playout when nobody played it.
const NOBODY: u8 = 3;
/// The tree stops growing at this many nodes (memory: 36 bytes each).
const MAX_NODES: usize = 6_000_000;

/// How the search runs; [`Settings::level5`] is level 5's.
#[derive(Clone, Copy)]
pub struct Settings<'a> {
    /// Learned pattern weights for the children's priors.
    pub gammas: Option<&'a Gammas>,
    /// All-moves-as-first visits a new child starts with, won at the rate
    /// of its prior (its gamma over the largest among its siblings).
    pub rave_prior_visits: u32,
    /// Progressive bias: a child's value gains `bias * prior / (visits + 1)`.
    pub bias: f32,
    /// The progressive bias is divided by the square root of `visits + 1`
    /// instead, as MoHex's is: the prior counts for longer.
    pub bias_fades_slowly: bool,
    /// A child's prior for the progressive bias is its share of its
    /// siblings' gammas (their sum 1) rather than its gamma over the
    /// largest; the all-moves-as-first start still uses the latter.
    pub prior_is_share: bool,
    /// The all-moves-as-first visits a new child starts with are won half
    /// the time, whatever its prior.
    pub rave_prior_even: bool,
    /// Exploration (UCT) constant; RAVE does most of the exploring.
    pub explore: f32,
    /// RAVE weight: beta = rn / (rn + n + rave_bias * rn * n).
    pub rave_bias: f32,
    /// A node is expanded once it has been visited this often, plus one
    /// more for every `expand_per_cells` empty cells of the root.
    pub expand_after: u32,
    pub expand_per_cells: usize,
    /// Threads searching the tree (the machine's cores when 0).
    pub threads: usize,
    /// Fill dead and captured cells ([`super::inferior`]) before each
    /// playout.
    pub fill_playouts: bool,
    /// Leave dead, captured and the mover's vulnerable cells out of a
    /// node's children.
    pub prune: bool,
    /// Ask [`super::knowledge`] about a node once it has been visited this
    /// often (never when 0).
    pub know_after: u32,
    /// The knowledge also runs H-search ([`super::hsearch`]) for both
    /// players: slower, and it proves and prunes more.
    pub hsearch: bool,
    /// Searching by time, start from the subtree the last search of the
    /// same player saw for this position, if any (see [`KEPT`]).
    pub reuse: bool,
}

impl Settings<'static> {
    pub fn level5() -> Settings<'static> {
        Settings {
            gammas: Some(Gammas::shipped()),
            rave_prior_visits: 8,
            bias: 0.0,
            bias_fades_slowly: false,
            prior_is_share: false,
            rave_prior_even: false,
            explore: 0.05,
            rave_bias: 0.0025,
            expand_after: 3,
            expand_per_cells: 40,
            threads: 0,
            fill_playouts: true,
            prune: true,
            know_after: 256,
            hsearch: false,
            reuse: true,
        }
    }

    /// These settings with `text`'s changes made (comma-separated
    /// `key=value`, keys named as the fields; `patterns=0` drops the
    /// learned priors, flags are 0 or 1): for the examples that measure a
    /// change before it ships (`hex_duel`, `hex_gtp`).
    pub fn changed(mut self, text: &str) -> Result<Settings<'static>, String> {
        apply(&mut self, text, &SETTERS)?;
        Ok(self)
    }
}

/// The keys [`Settings::changed`] reads, each with how it is set.
const SETTERS: [(&str, Setter<Settings<'static>>); 15] = [
    ("rave_prior_visits", |s, c| {
        s.rave_prior_visits = c.whole()?;
        Ok(())
    }),
    ("bias", |s, c| {
        s.bias = c.number()?;
        Ok(())
    }),
    ("bias_fades_slowly", |s, c| {
        s.bias_fades_slowly = c.on()?;
        Ok(())
    }),
    ("prior_is_share", |s, c| {
        s.prior_is_share = c.on()?;
        Ok(())
    }),
    ("rave_prior_even", |s, c| {
        s.rave_prior_even = c.on()?;
        Ok(())
    }),
    ("explore", |s, c| {
        s.explore = c.number()?;
        Ok(())
    }),
    ("rave_bias", |s, c| {
        s.rave_bias = c.number()?;
        Ok(())
    }),
    ("expand_after", |s, c| {
        s.expand_after = c.whole()?;
        Ok(())
    }),
    ("expand_per_cells", |s, c| {
        s.expand_per_cells = c.whole()? as usize;
        Ok(())
    }),
    ("fill_playouts", |s, c| {
        s.fill_playouts = c.on()?;
        Ok(())
    }),
    ("prune", |s, c| {
        s.prune = c.on()?;
        Ok(())
    }),
    ("know_after", |s, c| {
        s.know_after = c.whole()?;
        Ok(())
    }),
    ("hsearch", |s, c| {
        s.hsearch = c.on()?;
        Ok(())
    }),
    ("threads", |s, c| {
        s.threads = c.whole()? as usize;
        Ok(())
    }),
    ("patterns", |s, c| {
        s.gammas = c.on()?.then(Gammas::shipped);
        Ok(())
    }),
];

/// The move in `game` with `settings`, searching until `deadline`. A
/// count of positions is a count of playouts over all threads; with one
/// thread (and the exact solver given no limit) the move then depends on
/// the seed alone, never on the machine's speed: for tests, and for the
/// examples that compare searches at equal playouts.
pub fn choose(game: &Hex, deadline: Deadline, seed: u64, settings: Settings) -> Option<HexMove> {
    run(game, deadline, seed, settings).best
}

/// What one search found, and what it took.
#[derive(Clone, Copy, Debug)]
pub struct Report {
    /// The move to play (`None` when the game is over).
    pub best: Option<HexMove>,
    /// Playouts made in the tree (0 when the move needed no tree search).
    pub playouts: u64,
    /// Nodes of the tree.
    pub nodes: usize,
    /// Positions the knowledge was asked about, and the time it took.
    pub known: u64,
    pub knowing: Duration,
}

/// [`choose`], with the search's figures.
pub fn run(game: &Hex, deadline: Deadline, seed: u64, settings: Settings) -> Report {
    let (board, empties, deadline) = match mcts::prelude(game, deadline) {
        Prelude::Decided(best) => {
            return Report {
                best,
                playouts: 0,
                nodes: 0,
                known: 0,
                knowing: Duration::ZERO,
            };
        }
        Prelude::Search {
            board,
            empties,
            deadline,
        } => (board, empties, deadline),
    };
    let threads = match settings.threads {
        0 => mcts::threads(),
        n => n,
    };
    let to_move = colour(game.to_move());
    let reuse = settings.reuse && deadline.is_timed();
    let kept = if reuse {
        kept_tree(&board, to_move)
    } else {
        None
    };
    let search = Search::new(&board, to_move, empties, settings, deadline, kept);
    if let Some(cell) = search.know_root() {
        return Report {
            best: Some(HexMove::Place(board.cell(usize::from(cell)))),
            playouts: 0,
            nodes: search.tree.len(),
            known: 1,
            knowing: Duration::ZERO,
        };
    }
    let counts: Vec<u64> = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|t| {
                let search = &search;
                scope.spawn(move || search.work(seed ^ zobrist(t as u64)))
            })
            .collect();
        let mut counts = vec![search.work(seed)];
        counts.extend(helpers.into_iter().filter_map(|h| h.join().ok()));
        counts
    });
    let report = Report {
        best: search
            .best()
            .map(|best| HexMove::Place(board.cell(best as usize))),
        playouts: counts.iter().sum(),
        nodes: search.tree.len(),
        known: search.known.load(Ordering::Relaxed),
        knowing: Duration::from_nanos(search.knowing.load(Ordering::Relaxed)),
    };
    if reuse {
        keep_tree(&board, to_move, search.tree);
    }
    report
}

/// A tree kept from a search by time, for the next search of the same
/// player: the root position's padded board, and the tree.
struct Kept {
    cells: Vec<u8>,
    tree: Tree,
}

/// The last tree of each player (O, X). A game of level 5 against
/// anything searches every other position of the game as the same
/// player: two plies after a search, the opponent's reply to its move
/// is usually a node of its tree, and its subtree is the start of the
/// next search. Any other position starts a fresh tree.
static KEPT: Mutex<[Option<Kept>; 2]> = Mutex::new([None, None]);

fn keep_tree(board: &Board, to_move: u8, tree: Tree) {
    if let Ok(mut kept) = KEPT.lock() {
        kept[usize::from(to_move - 1)] = Some(Kept {
            cells: board.cells.clone(),
            tree,
        });
    }
}

/// The kept subtree for `board` with `to_move` to play: the tree of the
/// last search of `to_move` whose root position `board` extends by one
/// stone of theirs and then one of the opponent's.
fn kept_tree(board: &Board, to_move: u8) -> Option<Tree> {
    let kept = KEPT.lock().ok()?[usize::from(to_move - 1)].take()?;
    if kept.cells.len() != board.cells.len() {
        return None;
    }
    let (mut ours, mut theirs) = (None, None);
    for (i, (&was, &is)) in kept.cells.iter().zip(&board.cells).enumerate() {
        if was == is {
            continue;
        }
        let slot = match (was, is) {
            (EMPTY, v) if v == to_move => &mut ours,
            (EMPTY, v) if v == 3 - to_move => &mut theirs,
            _ => return None,
        };
        if slot.replace(i as u16).is_some() {
            return None;
        }
    }
    let tree = &kept.tree;
    let child = |id: u32, mv: u16| {
        let (first, count) = tree.node(id).children();
        (first..first + count).find(|&c| tree.node(c).mv() == mv)
    };
    let reply = child(child(0, ours?)?, theirs?)?;
    if tree.node(reply).children().1 == 0 {
        return None;
    }
    tree.subtree(reply, MAX_NODES)
}

/// What a tree search needs to give new children learned priors.
struct Priors<'a> {
    around: Neighbourhoods,
    gammas: &'a Gammas,
    rave_visits: u32,
}

/// One search: the root position, the shared tree and the settings.
struct Search<'a> {
    board: &'a Board,
    to_move: u8,
    root_empties: Vec<u16>,
    settings: Settings<'a>,
    priors: Option<Priors<'a>>,
    expand_after: u32,
    /// When the search ends; a count of positions counts the playouts of
    /// every thread, in `done`.
    deadline: Deadline<'a>,
    done: AtomicU64,
    tree: Tree,
    knowledge: Option<Knowledge>,
    /// Knowledge asked for, and its time in nanoseconds.
    known: AtomicU64,
    knowing: AtomicU64,
}

/// A thread's own buffers.
struct Worker {
    rng: Rng,
    scratch: Scratch,
    path: Vec<u32>,
    moves: Vec<u16>,
    spare: Vec<u8>,
    filled: Vec<u16>,
    /// Flood fills of the knowledge (`scratch` holds the board).
    flood: Scratch,
}

/// How much a child with statistics `c` is worth descending into, for a
/// parent whose visits' logarithm is `log`: its wins blended with its
/// all-moves-as-first wins, an exploration term, and the progressive
/// bias of its prior.
fn child_value(s: &Settings, c: &Stats, log: f32) -> f32 {
    let (n, rn) = (c.n as f32, c.rn as f32);
    let value = if c.n + c.rn == 0 {
        1.5
    } else {
        let q = if c.n > 0 { c.w as f32 / n } else { 0.0 };
        let amaf = if c.rn > 0 { c.rw / rn } else { 0.0 };
        let beta = rn / (rn + n + s.rave_bias * rn * n + 1e-6);
        (1.0 - beta) * q + beta * amaf + s.explore * (log / (n + 1.0)).sqrt()
    };
    let fade = if s.bias_fades_slowly {
        (n + 1.0).sqrt()
    } else {
        n + 1.0
    };
    value + s.bias * c.prior / fade
}

impl<'a> Search<'a> {
    fn new(
        board: &'a Board,
        to_move: u8,
        root_empties: Vec<u16>,
        settings: Settings<'a>,
        deadline: Deadline<'a>,
        kept: Option<Tree>,
    ) -> Search<'a> {
        let expand_after =
            settings.expand_after + (root_empties.len() / settings.expand_per_cells.max(1)) as u32;
        let priors = settings.gammas.map(|gammas| Priors {
            around: Neighbourhoods::new(board),
            gammas,
            rave_visits: settings.rave_prior_visits,
        });
        let search = Search {
            board,
            to_move,
            root_empties,
            settings,
            priors,
            expand_after,
            deadline,
            done: AtomicU64::new(0),
            tree: kept.unwrap_or_else(|| Tree::new(MAX_NODES)),
            knowledge: if settings.know_after > 0 {
                Knowledge::new(board, settings.hsearch)
            } else {
                None
            },
            known: AtomicU64::new(0),
            knowing: AtomicU64::new(0),
        };
        if search.tree.node(0).children().1 > 0 {
            return search;
        }
        // The opponent's last stone is unknown from the position alone;
        // at the root every broken bridge may be saved.
        let saves = board.broken_bridges(&board.cells, to_move);
        let mut moves = search.root_empties.clone();
        if settings.prune && search.prune(&board.cells, &mut moves, to_move, &mut Vec::new()) {
            search.tree.node(0).claim(INCOMPLETE);
        }
        search.expand(0, &board.cells, &moves, to_move, &saves);
        search
    }

    /// The root move proved to win, else the one with the most visits
    /// among those not proved to lose (if any).
    fn best(&self) -> Option<u16> {
        let (first, count) = self.tree.node(0).children();
        let children: Vec<Stats> = (first..first + count)
            .map(|id| self.tree.node(id).stats())
            .collect();
        if let Some(won) = children.iter().find(|s| s.flags & WON != 0) {
            return Some(won.mv);
        }
        let open = children.iter().any(|s| s.flags & LOST == 0);
        children
            .iter()
            .filter(|s| !open || s.flags & LOST == 0)
            .max_by_key(|s| (s.n, std::cmp::Reverse(s.mv)))
            .map(|s| s.mv)
    }

    /// Whether the root is settled: a move proved to win, or all lost.
    fn settled(&self) -> bool {
        let root = self.tree.node(0);
        root.flags() & (WON | LOST) != 0
    }

    /// Whether the search must stop before this thread's playout number
    /// `iterations` + 1: a count of playouts is kept exactly over all
    /// threads; the clock is read every 64, when a settled root also ends
    /// a search by time.
    fn finished(&self, iterations: u64) -> bool {
        if !self.deadline.is_timed() {
            return self
                .deadline
                .expired(self.done.fetch_add(1, Ordering::Relaxed));
        }
        iterations.is_multiple_of(64) && (self.deadline.expired(iterations) || self.settled())
    }

    /// One thread's search, until the limits say stop; its playouts.
    fn work(&self, seed: u64) -> u64 {
        let mut worker = Worker {
            rng: Rng::new(seed),
            scratch: Scratch::new(self.board),
            path: Vec::new(),
            moves: Vec::new(),
            spare: Vec::new(),
            filled: Vec::new(),
            flood: Scratch::new(self.board),
        };
        let mut iterations = 0u64;
        while !self.finished(iterations) {
            iterations += 1;
            self.iterate(&mut worker);
        }
        iterations
    }

    /// One descent, playout and backup.
    fn iterate(&self, worker: &mut Worker) {
        let tree = &self.tree;
        worker.scratch.cells.copy_from_slice(&self.board.cells);
        worker.path.clear();
        let mut id = 0u32;
        let mut player = self.to_move;
        let mut previous: Option<usize> = None;
        // The winner, when the descent reaches a settled position.
        let mut settled: Option<u8> = None;
        loop {
            let node = tree.node(id);
            node.visit();
            worker.path.push(id);
            let flags = node.flags();
            if flags & (WON | LOST) != 0 && id != 0 {
                // `player` is to move here; the move into it was the other's.
                settled = Some(if flags & WON != 0 { 3 - player } else { player });
                break;
            }
            let (mut first, mut count) = node.children();
            if count == 0 {
                if id == 0 || node.visits() <= self.expand_after || !node.claim(EXPANDING) {
                    break;
                }
                worker.moves.clear();
                let cells = &worker.scratch.cells;
                worker.moves.extend(
                    self.root_empties
                        .iter()
                        .copied()
                        .filter(|&i| cells[i as usize] == EMPTY),
                );
                if self.settings.prune
                    && self.prune(cells, &mut worker.moves, player, &mut worker.spare)
                {
                    node.claim(INCOMPLETE);
                }
                if worker.moves.is_empty() {
                    break;
                }
                let saves: Vec<usize> = previous
                    .and_then(|x| self.board.bridge_save(cells, x, player, &mut worker.rng))
                    .into_iter()
                    .collect();
                if !self.expand(id, cells, &worker.moves, player, &saves) {
                    break;
                }
                (first, count) = node.children();
            }
            if count > 0
                && id != 0
                && flags & KNOWN == 0
                && self.knowledge.is_some()
                && node.visits() >= self.settings.know_after
                && node.claim(KNOWN)
                && let Some(winner) = self.know(
                    id,
                    &worker.scratch.cells,
                    player,
                    &mut worker.spare,
                    &mut worker.flood,
                )
            {
                settled = Some(winner);
                break;
            }
            let child = self.select(first, count, node.visits());
            let mv = tree.node(child).mv() as usize;
            worker.scratch.cells[mv] = player;
            previous = Some(mv);
            player = 3 - player;
            id = child;
        }
        self.finish(worker, settled, player, previous);
    }

    /// The end of an iteration: a settled descent is backed up as it is,
    /// any other is played out from where it stopped (`player` to move,
    /// after `previous`).
    fn finish(
        &self,
        worker: &mut Worker,
        settled: Option<u8>,
        player: u8,
        previous: Option<usize>,
    ) {
        worker.filled.clear();
        if let Some(winner) = settled {
            self.backup(&worker.path, winner, &worker.scratch.cells, false);
            self.prove(&worker.path);
            return;
        }
        if self.settings.fill_playouts {
            inferior::fill(
                self.board,
                &mut worker.scratch.cells,
                &self.root_empties,
                &mut worker.filled,
            );
        }
        let winner = mcts::playout(
            self.board,
            &self.root_empties,
            player,
            previous,
            &mut worker.scratch,
            &mut worker.rng,
        );
        // Filled cells were played by nobody: no all-moves-as-first
        // results for them (a captured cell would look like a good move of
        // its owner, when it only shows that the owner was doing well).
        for &i in &worker.filled {
            worker.scratch.cells[usize::from(i)] = NOBODY;
        }
        self.backup(&worker.path, winner, &worker.scratch.cells, true);
    }

    /// Asks the knowledge about the root: a move proved to win, if there
    /// is one; else the root's moves outside the must-play region are
    /// marked lost (unless that is every move).
    fn know_root(&self) -> Option<u16> {
        let knowledge = self.knowledge.as_ref()?;
        let mut spare = Vec::new();
        let verdict = knowledge.analyse(
            self.board,
            &self.board.cells,
            &self.root_empties,
            self.to_move,
            &mut spare,
            &mut Scratch::new(self.board),
        );
        match verdict {
            Verdict::Wins(best) => best,
            Verdict::Open(Some(must)) => {
                let (first, count) = self.tree.node(0).children();
                let inside =
                    |c: u32| must & knowledge.bit(usize::from(self.tree.node(c).mv())) != 0;
                if (first..first + count).any(inside) {
                    for c in (first..first + count).filter(|&c| !inside(c)) {
                        self.tree.node(c).claim(LOST);
                    }
                }
                None
            }
            Verdict::Loses | Verdict::Open(None) => None,
        }
    }

    /// Asks the knowledge about node `id` (board `cells`, `mover` to play),
    /// whose children are published: marks the node settled, or its
    /// children outside the must-play region lost. The winner if settled.
    fn know(
        &self,
        id: u32,
        cells: &[u8],
        mover: u8,
        spare: &mut Vec<u8>,
        flood: &mut Scratch,
    ) -> Option<u8> {
        let knowledge = self.knowledge.as_ref()?;
        let node = self.tree.node(id);
        let start = Instant::now();
        let verdict = knowledge.analyse(self.board, cells, &self.root_empties, mover, spare, flood);
        self.known.fetch_add(1, Ordering::Relaxed);
        self.knowing
            .fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
        let (first, count) = node.children();
        match verdict {
            Verdict::Wins(best) => {
                if let Some(best) = best {
                    for child in first..first + count {
                        if self.tree.node(child).mv() == best {
                            self.tree.node(child).claim(WON);
                        }
                    }
                }
                node.claim(LOST);
                Some(mover)
            }
            Verdict::Loses => {
                node.claim(WON);
                Some(3 - mover)
            }
            Verdict::Open(None) => None,
            Verdict::Open(Some(must)) => {
                let mut open = 0;
                for child in first..first + count {
                    let child = self.tree.node(child);
                    if must & knowledge.bit(usize::from(child.mv())) == 0 {
                        child.claim(LOST);
                    } else {
                        open += 1;
                    }
                }
                if open == 0 && self.all_lost(node) {
                    node.claim(WON);
                    return Some(3 - mover);
                }
                None
            }
        }
    }

    /// Carries proofs up `path` (its last node just settled): a position
    /// with a winning move is lost for the player who moved into it, and
    /// one whose moves all lose (none left out by a pruning that is not
    /// exact) is won for them.
    fn prove(&self, path: &[u32]) {
        for d in (1..path.len()).rev() {
            let (node, parent) = (self.tree.node(path[d]), self.tree.node(path[d - 1]));
            let flags = node.flags();
            if flags & WON != 0 {
                parent.claim(LOST);
            } else if flags & LOST != 0 && self.all_lost(parent) {
                parent.claim(WON);
            } else {
                return;
            }
        }
    }

    /// Whether every move of `node` is proved to lose, and it has all its
    /// moves that could win.
    fn all_lost(&self, node: &Node) -> bool {
        let (first, count) = node.children();
        count > 0
            && node.flags() & INCOMPLETE == 0
            && (first..first + count).all(|c| self.tree.node(c).flags() & LOST != 0)
    }

    /// Leaves out of `moves` (the empty cells of `cells`, `mover` to play)
    /// the dead and captured cells and the mover's vulnerable ones, unless
    /// that would leave nothing; `spare` is a buffer.
    /// Whether a vulnerable cell was left out (a pruning that is not exact).
    fn prune(&self, cells: &[u8], moves: &mut Vec<u16>, mover: u8, spare: &mut Vec<u8>) -> bool {
        spare.clear();
        spare.extend_from_slice(cells);
        inferior::fill(self.board, spare, moves, &mut Vec::new());
        let kept = |i: u16| {
            let i = usize::from(i);
            spare[i] == EMPTY && !inferior::vulnerable(self.board, spare, i, mover)
        };
        let open = |i: u16| spare[usize::from(i)] == EMPTY;
        let before = moves.iter().filter(|&&i| open(i)).count();
        if moves.iter().any(|&i| kept(i)) {
            moves.retain(|&i| kept(i));
        } else if before > 0 {
            moves.retain(|&i| open(i));
        }
        moves.len() < before
    }

    /// Gives node `id` one child for each of `moves` (the mover there is
    /// `mover`, the board `cells`); `saves` (bridge answers) start with a
    /// favourable prior. False when the arena is full.
    fn expand(&self, id: u32, cells: &[u8], moves: &[u16], mover: u8, saves: &[usize]) -> bool {
        let Some(first) = self.tree.alloc(moves.len()) else {
            return false;
        };
        let gammas: Vec<f32> = match &self.priors {
            Some(priors) => moves
                .iter()
                .map(|&mv| {
                    priors
                        .gammas
                        .gamma(priors.around.code(cells, mv as usize, mover))
                })
                .collect(),
            None => Vec::new(),
        };
        let top = gammas.iter().copied().fold(f32::MIN_POSITIVE, f32::max);
        let sum = gammas.iter().sum::<f32>().max(f32::MIN_POSITIVE);
        let rave_visits = self.priors.as_ref().map_or(0, |p| p.rave_visits);
        let s = &self.settings;
        for (k, &mv) in moves.iter().enumerate() {
            let (n, w) = if saves.contains(&(mv as usize)) {
                SAVE_PRIOR
            } else {
                (0, 0)
            };
            let gamma = gammas.get(k).copied().unwrap_or(0.0);
            let (rn, rw) = if gammas.is_empty() {
                (0, 0.0)
            } else if s.rave_prior_even {
                (rave_visits, rave_visits as f32 * 0.5)
            } else {
                (rave_visits, rave_visits as f32 * gamma / top)
            };
            let prior = if s.prior_is_share {
                gamma / sum
            } else {
                gamma / top
            };
            self.tree
                .node(first + k as u32)
                .init(mv, n, w, rn, rw, prior);
        }
        self.tree.node(id).publish(first, moves.len() as u16);
        true
    }

    /// The child of the run (`first`, `count`) to descend into, for a
    /// parent visited `visits` times.
    fn select(&self, first: u32, count: u32, visits: u32) -> u32 {
        let s = &self.settings;
        let log = ((visits + 1) as f32).ln();
        let mut best = (f32::NEG_INFINITY, first);
        for id in first..first + count {
            let c: Stats = self.tree.node(id).stats();
            if c.flags & (WON | LOST) != 0 {
                if c.flags & WON != 0 {
                    return id;
                }
                continue;
            }
            let value = child_value(s, &c, log);
            if value > best.0 {
                best = (value, id);
            }
        }
        best.1
    }

    /// Backs a playout won by `winner` up the nodes of `path`, with the
    /// all-moves-as-first results of the filled board `cells`.
    fn backup(&self, path: &[u32], winner: u8, cells: &[u8], rave: bool) {
        // path[d] was reached by a move of the player to move at depth d - 1.
        let mut mover = self.to_move;
        for (depth, &id) in path.iter().enumerate() {
            let node = self.tree.node(id);
            if depth > 0 {
                if winner == mover {
                    node.win();
                }
                mover = 3 - mover;
            }
            if !rave {
                continue;
            }
            // RAVE for the children of this node: their mover is `mover`.
            let (first, count) = node.children();
            let won = winner == mover;
            for child in first..first + count {
                let child = self.tree.node(child);
                if cells[child.mv() as usize] == mover {
                    child.rave(won);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::Budget;
    use crate::hex::solver;
    use tabletop_engine::hex::HexSettings;

    fn game(size: usize, moves: &str) -> Hex {
        let mut hex = Hex::new(HexSettings::new(size, false).expect("valid size"));
        for mv in moves.split_whitespace() {
            hex.play(mv.parse().expect("well formed")).expect("legal");
        }
        hex
    }

    fn pick(hex: &Hex, playouts: u64) -> HexMove {
        let stop = AtomicBool::new(false);
        let one = Settings {
            threads: 1,
            ..Settings::level5()
        };
        let deadline = Deadline::new(Budget::Nodes(playouts), &stop);
        choose(hex, deadline, 1, one).expect("a move")
    }

    /// Whether the player to move in `game` wins with `mv`, by the exact
    /// solver.
    fn wins_with(game: &Hex, mv: HexMove) -> bool {
        let mut next = game.clone();
        next.play(mv).expect("legal");
        let stop = AtomicBool::new(false);
        next.is_over()
            || solver::solve(&next, Deadline::unlimited(&stop))
                .expect("solved")
                .winner
                == game.to_move()
    }

    #[test]
    fn a_prior_fading_by_the_square_root_still_counts_after_many_visits() {
        // Two children after 100 visits each: one the patterns liked,
        // which won 50; one they did not, which won 51.
        let liked = Stats {
            n: 100,
            w: 50,
            prior: 1.0,
            ..Stats::default()
        };
        let plain = Stats {
            n: 100,
            w: 51,
            prior: 0.0,
            ..Stats::default()
        };
        let log = 1000f32.ln();
        let fast = Settings {
            bias: 1.0,
            bias_fades_slowly: false,
            ..Settings::level5()
        };
        // Faded by the visits, the prior is worth 1/101: less than a win.
        assert!(child_value(&fast, &liked, log) < child_value(&fast, &plain, log));
        // Faded by their square root, it is worth about 0.1.
        let slow = Settings {
            bias_fades_slowly: true,
            ..fast
        };
        assert!(child_value(&slow, &liked, log) > child_value(&slow, &plain, log));
    }

    #[test]
    fn a_bridge_intrusion_is_answered_with_a_win() {
        // O: B2 joined to the left edge, bridged to D1 (carriers C1, C2),
        // joined to the right edge. X breaks into C1 (or into D1's edge
        // template at E1): the answers C2 and E0 win, and so does what
        // level 5 plays.
        for moves in ["B2 C1 D1 A4", "B2 E1 D1 A4"] {
            let hex = game(5, moves);
            assert!(wins_with(&hex, pick(&hex, 20_000)), "{moves}");
        }
    }

    #[test]
    fn winning_moves_are_found_on_small_boards() {
        // Random 6x6 positions that the player to move wins: level 5's
        // search, 5,000 playouts a move, keeps the win in most of them.
        let mut rng = Rng::new(9);
        let (mut tried, mut kept) = (0, 0);
        while tried < 16 {
            let mut hex = game(6, "");
            for _ in 0..6 + rng.below(10) {
                let mv = hex.random_move(&mut rng).expect("a move");
                hex.play(mv).expect("legal");
            }
            let stop = AtomicBool::new(false);
            if hex.is_over()
                || solver::winning_cell(&hex, Deadline::unlimited(&stop)).is_none()
                || mcts::prelude(&hex, Deadline::new(Budget::Nodes(1), &stop)).is_decided()
            {
                continue;
            }
            tried += 1;
            kept += usize::from(wins_with(&hex, pick(&hex, 5_000)));
        }
        assert!(kept >= 13, "{kept} of {tried}");
    }

    #[test]
    fn one_thread_with_a_budget_repeats_itself() {
        let hex = game(9, "E4 D6 C3");
        assert_eq!(pick(&hex, 3_000), pick(&hex, 3_000));
    }

    #[test]
    fn two_threads_share_a_budget() {
        let hex = game(9, "E4 D6 C3");
        let stop = AtomicBool::new(false);
        let two = Settings {
            threads: 2,
            ..Settings::level5()
        };
        let deadline = Deadline::new(Budget::Nodes(2_000), &stop);
        let mv = choose(&hex, deadline, 3, two).expect("a move");
        assert_eq!(hex.check(mv), Ok(()));
    }

    #[test]
    fn the_subtree_of_the_reply_is_kept_for_the_next_search() {
        // A search's tree kept for X, then the position two plies on (X's
        // most visited move, O's most visited reply): the kept tree starts
        // at that reply, with its visits; any other position gets none.
        let hex = game(7, "D3 C4 E2");
        let board = Board::from_hex(&hex);
        let stop = AtomicBool::new(false);
        let search = Search::new(
            &board,
            X,
            board.empties(),
            Settings {
                threads: 1,
                ..Settings::level5()
            },
            Deadline::new(Budget::Nodes(5_000), &stop),
            None,
        );
        search.work(7);
        let most = |id: u32| {
            let (first, count) = search.tree.node(id).children();
            (first..first + count)
                .max_by_key(|&c| search.tree.node(c).visits())
                .expect("children")
        };
        let ours = most(0);
        let theirs = most(ours);
        let reply = search.tree.node(theirs).stats();
        let mut next = board.clone();
        next.cells[usize::from(search.tree.node(ours).mv())] = X;
        next.cells[usize::from(reply.mv)] = O;
        keep_tree(&board, X, search.tree);
        let kept = kept_tree(&next, X).expect("kept");
        let root = kept.node(0).stats();
        assert_eq!((root.mv, root.n), (reply.mv, reply.n));
        assert!(kept.node(0).children().1 > 0);
        // Taken: a second look finds nothing, nor does another position.
        assert!(kept_tree(&next, X).is_none());
    }
}
