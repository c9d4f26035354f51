//! The bitboard Gekitai checked against a plain, slow implementation of the
//! rules written straight from SPEC.md, position by position.

use tabletop_engine::cell::Cell;
use tabletop_engine::gekitai::{BothWin, Gekitai, GekitaiSettings, Place};
use tabletop_engine::{Game, Outcome, Player, Rng};

/// SPEC.md section 1, as directly as it can be written.
#[derive(Clone)]
struct Reference {
    size: usize,
    line: usize,
    both_win: BothWin,
    board: Vec<Vec<Option<Player>>>,
    reserve: [usize; 2],
    to_move: Player,
    outcome: Option<Outcome>,
}

impl Reference {
    fn new(size: usize, pieces: usize, line: usize, both_win: BothWin) -> Self {
        Reference {
            size,
            line,
            both_win,
            board: vec![vec![None; size]; size],
            reserve: [pieces; 2],
            to_move: Player::First,
            outcome: None,
        }
    }

    fn inside(&self, r: isize, c: isize) -> bool {
        r >= 0 && c >= 0 && (r as usize) < self.size && (c as usize) < self.size
    }

    fn play(&mut self, r: usize, c: usize) {
        let mover = self.to_move;
        self.board[r][c] = Some(mover);
        self.reserve[mover.index()] -= 1;
        let before = self.board.clone();
        for dr in -1isize..=1 {
            for dc in -1isize..=1 {
                if dr == 0 && dc == 0 {
                    continue;
                }
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                if !self.inside(nr, nc) {
                    continue;
                }
                let Some(owner) = before[nr as usize][nc as usize] else {
                    continue;
                };
                let (br, bc) = (nr + dr, nc + dc);
                if !self.inside(br, bc) {
                    self.board[nr as usize][nc as usize] = None;
                    self.reserve[owner.index()] += 1;
                } else if before[br as usize][bc as usize].is_none() {
                    self.board[nr as usize][nc as usize] = None;
                    self.board[br as usize][bc as usize] = Some(owner);
                }
            }
        }
        let wins = |p: Player| self.reserve[p.index()] == 0 || self.has_line(p);
        self.outcome = match (wins(mover), wins(mover.other())) {
            (true, true) if self.both_win == BothWin::Draw => Some(Outcome::Draw),
            (true, _) => Some(Outcome::Win(mover)),
            (false, true) => Some(Outcome::Win(mover.other())),
            (false, false) => None,
        };
        self.to_move = mover.other();
    }

    fn has_line(&self, player: Player) -> bool {
        let n = self.size as isize;
        for r in 0..n {
            for c in 0..n {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let run = (0..self.line as isize).all(|k| {
                        let (rr, cc) = (r + k * dr, c + k * dc);
                        self.inside(rr, cc) && self.board[rr as usize][cc as usize] == Some(player)
                    });
                    if run {
                        return true;
                    }
                }
            }
        }
        false
    }
}

fn agree(settings: (usize, usize, usize, BothWin), games: usize, seed: u64) {
    let (size, pieces, line, both_win) = settings;
    let mut rng = Rng::new(seed);
    for _ in 0..games {
        let mut game =
            Gekitai::new(GekitaiSettings::new(size, pieces, line, both_win).expect("valid"));
        let mut reference = Reference::new(size, pieces, line, both_win);
        for _ in 0..300 {
            let Some(Place(cell)) = game.random_move(&mut rng) else {
                break;
            };
            assert!(reference.board[cell.row()][cell.col()].is_none());
            game.play(Place(cell)).expect("legal");
            reference.play(cell.row(), cell.col());
            for c in Cell::all(size) {
                assert_eq!(
                    game.piece_at(c),
                    reference.board[c.row()][c.col()],
                    "{settings:?} at {c:?}"
                );
            }
            for p in Player::BOTH {
                assert_eq!(game.reserve(p), reference.reserve[p.index()]);
            }
            assert_eq!(game.outcome(), reference.outcome, "{settings:?}");
            assert_eq!(game.to_move(), reference.to_move);
        }
    }
}

#[test]
fn default_board_agrees_with_the_reference() {
    agree((6, 8, 3, BothWin::Mover), 3_000, 1);
    agree((6, 8, 3, BothWin::Draw), 1_000, 2);
}

#[test]
fn other_sizes_agree_with_the_reference() {
    for (i, settings) in [
        (4, 3, 3, BothWin::Mover),
        (4, 8, 4, BothWin::Draw),
        (5, 12, 5, BothWin::Mover),
        (7, 9, 4, BothWin::Mover),
        (9, 20, 3, BothWin::Draw),
        (10, 6, 6, BothWin::Mover),
        (12, 30, 5, BothWin::Mover),
        (26, 40, 3, BothWin::Mover),
    ]
    .into_iter()
    .enumerate()
    {
        agree(settings, 40, i as u64 + 10);
    }
}
