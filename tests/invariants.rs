//! Property tests of what each game's rules must always keep true.

use proptest::prelude::*;

use tabletop_engine::cell::Cell;
use tabletop_engine::gekitai::{BothWin, Gekitai, GekitaiSettings};
use tabletop_engine::hex::{Hex, HexMove, HexSettings};
use tabletop_engine::reversi::{Reversi, ReversiMove, ReversiSettings};
use tabletop_engine::{Game, Outcome, Player, Rng};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Gekitai never creates or loses a piece.
    #[test]
    fn gekitai_keeps_every_piece(seed: u64, size in 4usize..=12, extra in 0usize..20, line in 3usize..=5) {
        let pieces = (3 + extra).min(size * size / 2);
        let line = line.min(size).min(pieces);
        let settings = GekitaiSettings::new(size, pieces, line, BothWin::Mover).expect("valid");
        let mut game = Gekitai::new(settings);
        let mut rng = Rng::new(seed);
        for _ in 0..200 {
            let Some(mv) = game.random_move(&mut rng) else { break };
            let effect = game.play(mv).expect("random moves are legal");
            for player in Player::BOTH {
                let on_board = Cell::all(size).filter(|&c| game.piece_at(c) == Some(player)).count();
                prop_assert_eq!(on_board + game.reserve(player), pieces);
            }
            for push in effect.pushes {
                prop_assert_eq!(game.piece_at(push.to.unwrap_or(push.from)).is_some(), push.to.is_some());
            }
        }
    }

    /// A Reversi move adds one disc for the mover and turns the flipped ones.
    #[test]
    fn reversi_gains_one_disc_plus_the_flips(seed: u64, size in prop::sample::select(vec![4usize, 6, 8])) {
        let mut game = Reversi::new(ReversiSettings::new(size).expect("valid"));
        let mut rng = Rng::new(seed);
        while let Some(mv) = game.random_move(&mut rng) {
            let mover = game.to_move();
            let before = (game.discs(mover), game.discs(mover.other()));
            let effect = game.play(mv).expect("random moves are legal");
            let flips = effect.flipped.len();
            match mv {
                ReversiMove::Place(_) => {
                    prop_assert!(flips > 0);
                    prop_assert_eq!(game.discs(mover), before.0 + 1 + flips);
                    prop_assert_eq!(game.discs(mover.other()), before.1 - flips);
                }
                ReversiMove::Pass => prop_assert_eq!(flips, 0),
            }
            for cell in effect.flipped {
                prop_assert_eq!(game.piece_at(cell), Some(mover));
            }
        }
    }

    /// Filling a Hex board completely always leaves exactly one player
    /// joined, and the engine names that player when the game ends.
    #[test]
    fn a_full_hex_board_has_exactly_one_winner(seed: u64, size in 2usize..=13) {
        let mut rng = Rng::new(seed);
        let mut cells: Vec<Cell> = Cell::all(size).collect();
        for i in (1..cells.len()).rev() {
            cells.swap(i, rng.below(i + 1));
        }
        let owner = |index: usize| if index.is_multiple_of(2) { Player::First } else { Player::Second };
        let mut board = vec![vec![None; size]; size];
        for (i, cell) in cells.iter().enumerate() {
            board[cell.row()][cell.col()] = Some(owner(i));
        }
        let o_joined = joined(&board, Player::First);
        let x_joined = joined(&board, Player::Second);
        prop_assert!(o_joined != x_joined, "exactly one side joins its edges");
        let mut game = Hex::new(HexSettings::new(size, false).expect("valid"));
        for cell in cells {
            if game.is_over() { break; }
            game.play(HexMove::Place(cell)).expect("empty cell");
        }
        let winner = if o_joined { Player::First } else { Player::Second };
        prop_assert_eq!(game.outcome(), Some(Outcome::Win(winner)));
    }
}

/// Whether `player` joins their edges on a full board (O: left to right,
/// X: top to bottom), by a plain flood fill written independently of the
/// engine.
fn joined(board: &[Vec<Option<Player>>], player: Player) -> bool {
    let size = board.len();
    let mut seen = vec![vec![false; size]; size];
    let mut stack: Vec<(usize, usize)> = (0..size)
        .map(|i| {
            if player == Player::First {
                (i, 0)
            } else {
                (0, i)
            }
        })
        .filter(|&(r, c)| board[r][c] == Some(player))
        .collect();
    while let Some((r, c)) = stack.pop() {
        if seen[r][c] {
            continue;
        }
        seen[r][c] = true;
        if (player == Player::First && c == size - 1) || (player == Player::Second && r == size - 1)
        {
            return true;
        }
        let steps: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)];
        for (dr, dc) in steps {
            let (nr, nc) = (r as isize + dr, c as isize + dc);
            if nr >= 0 && nc >= 0 && (nr as usize) < size && (nc as usize) < size {
                let (nr, nc) = (nr as usize, nc as usize);
                if board[nr][nc] == Some(player) && !seen[nr][nc] {
                    stack.push((nr, nc));
                }
            }
        }
    }
    false
}
