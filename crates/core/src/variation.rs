//! A tree of variations, as an analysis board keeps it: the moves of a
//! game (its main line) and the lines tried beside them. Each position is
//! a node; its first child is its main continuation, the others are
//! variations branching there. A node remembers the child last followed,
//! so stepping back and on again goes along the same line. Moves are the
//! ones a record holds (the moves a game forces are replayed by the
//! engine's [`tabletop_engine::line::Line`]); the tree knows no rules.

/// The most positions a tree takes moves into beyond its main line: a
/// board explored without end (a visitor of the SSH door, say) is told
/// it is full rather than growing without bound.
pub const MOST_POSITIONS: usize = 20_000;

/// A new position was refused: the tree holds [`MOST_POSITIONS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

/// A node of the tree: [`Variations::ROOT`] is the start position.
pub type Node = usize;

#[derive(Clone, Debug)]
struct Position<M> {
    /// The move that led here (none at the start).
    mv: Option<M>,
    parent: Option<Node>,
    /// The continuations: the main one first, then the variations in the
    /// order they were played.
    children: Vec<Node>,
    /// Which of `children` was followed last.
    followed: usize,
}

/// The tree of lines from one start position.
#[derive(Clone, Debug)]
pub struct Variations<M> {
    nodes: Vec<Position<M>>,
}

impl<M: Copy + PartialEq> Variations<M> {
    /// The start position.
    pub const ROOT: Node = 0;

    /// A tree whose main line is `moves`.
    pub fn with_main_line(moves: impl IntoIterator<Item = M>) -> Variations<M> {
        let mut tree = Variations {
            nodes: vec![Position {
                mv: None,
                parent: None,
                children: Vec::new(),
                followed: 0,
            }],
        };
        let mut at = Self::ROOT;
        for mv in moves {
            at = tree.play(at, mv);
        }
        tree
    }

    /// The node after `mv` played at `at`: the continuation that is that
    /// move already, else a new one (a variation, if `at` had one), which
    /// becomes the line followed from `at`.
    pub fn play(&mut self, at: Node, mv: M) -> Node {
        let known = self.nodes[at]
            .children
            .iter()
            .position(|&child| self.nodes[child].mv == Some(mv));
        let index = match known {
            Some(index) => index,
            None => {
                let node = self.nodes.len();
                self.nodes.push(Position {
                    mv: Some(mv),
                    parent: Some(at),
                    children: Vec::new(),
                    followed: 0,
                });
                self.nodes[at].children.push(node);
                self.nodes[at].children.len() - 1
            }
        };
        self.nodes[at].followed = index;
        self.nodes[at].children[index]
    }

    /// The same as [`Variations::play`], but a move that needs a new
    /// position once the tree holds [`MOST_POSITIONS`] is refused.
    pub fn try_play(&mut self, at: Node, mv: M) -> Result<Node, Full> {
        let known = self.nodes[at]
            .children
            .iter()
            .any(|&child| self.nodes[child].mv == Some(mv));
        if !known && self.nodes.len() >= MOST_POSITIONS {
            return Err(Full);
        }
        Ok(self.play(at, mv))
    }

    /// The move that led to `at` (none at the start).
    pub fn mv(&self, at: Node) -> Option<M> {
        self.nodes[at].mv
    }

    /// The position before `at` (none at the start).
    pub fn parent(&self, at: Node) -> Option<Node> {
        self.nodes[at].parent
    }

    /// The position after `at` along the line followed (none at its end).
    pub fn next(&self, at: Node) -> Option<Node> {
        let position = &self.nodes[at];
        position.children.get(position.followed).copied()
    }

    /// The end of the line followed from `at`.
    pub fn end(&self, mut at: Node) -> Node {
        while let Some(next) = self.next(at) {
            at = next;
        }
        at
    }

    /// The other continuation of `at`'s parent next to `at` (the one
    /// after it when `later`, else the one before), which becomes the
    /// line followed; none when there is no other that way.
    pub fn sibling(&mut self, at: Node, later: bool) -> Option<Node> {
        let parent = self.nodes[at].parent?;
        let children = &self.nodes[parent].children;
        let index = children.iter().position(|&child| child == at)?;
        let other = match later {
            true => index + 1,
            false => index.checked_sub(1)?,
        };
        let node = *children.get(other)?;
        self.nodes[parent].followed = other;
        Some(node)
    }

    /// Which of its parent's continuations `at` is (0: the main one), and
    /// how many there are (1 at the start).
    pub fn branch(&self, at: Node) -> (usize, usize) {
        let Some(parent) = self.nodes[at].parent else {
            return (0, 1);
        };
        let children = &self.nodes[parent].children;
        let index = children.iter().position(|&child| child == at);
        (index.unwrap_or(0), children.len())
    }

    /// The nearest position at or before `at` on the main line (where the
    /// variation `at` is in left it), which becomes the line followed.
    pub fn main_line(&mut self, at: Node) -> Node {
        let path = self.path(at);
        let mut on = Self::ROOT;
        for &node in &path {
            if self.nodes[on].children.first() != Some(&node) {
                break;
            }
            on = node;
        }
        // From there on the main line is followed again.
        let mut node = on;
        while !self.nodes[node].children.is_empty() {
            self.nodes[node].followed = 0;
            node = self.nodes[node].children[0];
        }
        on
    }

    /// Whether `at` is on the main line.
    pub fn is_main(&self, at: Node) -> bool {
        self.path(at).iter().all(|&node| self.branch(node).0 == 0)
    }

    /// The nodes from the start (left out) to `at`.
    pub fn path(&self, at: Node) -> Vec<Node> {
        let mut path = Vec::new();
        let mut node = at;
        while let Some(parent) = self.nodes[node].parent {
            path.push(node);
            node = parent;
        }
        path.reverse();
        path
    }

    /// The moves from the start to `at`.
    pub fn moves_to(&self, at: Node) -> Vec<M> {
        self.path(at)
            .iter()
            .filter_map(|&node| self.nodes[node].mv)
            .collect()
    }

    /// The line through `at`: the nodes from the start (left out) to `at`
    /// and on along the line followed to its end.
    pub fn line_through(&self, at: Node) -> Vec<Node> {
        let mut line = self.path(at);
        let mut node = at;
        while let Some(next) = self.next(node) {
            line.push(next);
            node = next;
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Tree = Variations<u8>;

    /// The tree of the main line 1 2 3 4, with a variation 5 6 played
    /// after 1 and another, 7, after 1 5.
    fn branched() -> (Tree, [Node; 4]) {
        let mut tree = Tree::with_main_line([1, 2, 3, 4]);
        let one = tree.next(Tree::ROOT).expect("a first move");
        let five = tree.play(one, 5);
        let six = tree.play(five, 6);
        let seven = tree.play(five, 7);
        (tree, [one, five, six, seven])
    }

    #[test]
    fn the_main_line_is_followed_from_the_start() {
        let tree = Tree::with_main_line([1, 2, 3]);
        let end = tree.end(Tree::ROOT);
        assert_eq!(tree.moves_to(end), [1, 2, 3]);
        assert!(tree.is_main(end));
        assert_eq!(tree.parent(Tree::ROOT), None);
        assert_eq!(tree.branch(end), (0, 1));
    }

    #[test]
    fn a_move_played_again_goes_along_the_line_it_is_on() {
        let mut tree = Tree::with_main_line([1, 2]);
        let one = tree.next(Tree::ROOT).expect("a first move");
        let two = tree.next(one).expect("a second move");
        assert_eq!(tree.play(one, 2), two, "no new branch for the same move");
        assert_eq!(tree.branch(two), (0, 1));
    }

    #[test]
    fn another_move_branches_and_is_followed_after_stepping_back() {
        let (tree, [one, five, six, seven]) = branched();
        assert_eq!(tree.branch(five), (1, 2));
        assert!(!tree.is_main(six));
        // Followed from 1: the variation last played, then its last.
        assert_eq!(tree.next(one), Some(five));
        assert_eq!(tree.next(five), Some(seven));
        assert_eq!(tree.moves_to(tree.end(Tree::ROOT)), [1, 5, 7]);
        assert_eq!(tree.moves_to(six), [1, 5, 6]);
        let line: Vec<u8> = tree
            .line_through(one)
            .iter()
            .filter_map(|&node| tree.mv(node))
            .collect();
        assert_eq!(line, [1, 5, 7]);
    }

    #[test]
    fn siblings_switch_between_variations_and_the_main_line_comes_back() {
        let (mut tree, [one, five, six, seven]) = branched();
        assert_eq!(tree.sibling(seven, true), None, "7 is the last variation");
        assert_eq!(tree.sibling(seven, false), Some(six));
        assert_eq!(tree.next(five), Some(six), "the line followed changed");
        let two = tree.sibling(five, false).expect("the main move");
        assert_eq!(tree.mv(two), Some(2));
        assert_eq!(tree.sibling(two, false), None);
        // Back to the main line from deep in a variation: where it left.
        tree.sibling(two, true);
        assert_eq!(tree.main_line(six), one);
        assert_eq!(tree.moves_to(tree.end(one)), [1, 2, 3, 4]);
        assert_eq!(tree.main_line(Tree::ROOT), Tree::ROOT);
        let four = tree.end(Tree::ROOT);
        assert_eq!(tree.main_line(four), four);
    }

    #[test]
    fn a_full_tree_refuses_new_positions_and_still_walks_its_own() {
        let mut tree = Variations::<u16>::with_main_line([1, 2]);
        let mut at = Tree::ROOT;
        // Positions up to the most: 3 are there (the start and two moves).
        for mv in 0..(MOST_POSITIONS - 3) as u16 {
            at = tree.try_play(at, mv + 10).expect("room");
        }
        assert_eq!(tree.try_play(at, 7), Err(Full));
        assert_eq!(tree.try_play(Tree::ROOT, 9), Err(Full));
        // A move that is there already is walked as before.
        let first = tree.try_play(Tree::ROOT, 1).expect("known");
        assert_eq!(tree.try_play(first, 2).map(|n| tree.mv(n)), Ok(Some(2)));
    }
}
