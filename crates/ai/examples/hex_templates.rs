//! Finds Hex edge templates: for a stone `ROW` rows from X's top edge
//! (0 = on the edge row), the smallest carriers this can find (empty cells
//! through which the stone joins the edge even with O to move), by the
//! exact solver: everything else is O's, and the stone's group runs down
//! to the far edge through a lower neighbour (the cell of the stone's row
//! beside that neighbour is O's, so the only way up is the stone). From a
//! wide band above the stone, cells are taken out one at a time, in many
//! random orders, as long as X still wins.
//!
//! ```sh
//! cargo run --release --example hex_templates -- ROW [WIDTH [ORDERS [SEED]]]
//! ```
//!
//! Prints each smallest carrier found as (row, column) offsets from the
//! stone and as a picture; `vc.rs` keeps what it prints for rows 2 and 3.

use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

use tabletop_ai::Deadline;
use tabletop_ai::hex::solver::{Geometry, Solver, Stones};
use tabletop_engine::{Player, Rng};

const N: usize = 11;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let Some(&row) = args.first() else {
        eprintln!("usage: hex_templates ROW [WIDTH [ORDERS [SEED]]]");
        return;
    };
    let width = args.get(1).copied().unwrap_or(4) as isize;
    let orders = args.get(2).copied().unwrap_or(200);
    let mut rng = Rng::new(args.get(3).copied().unwrap_or(1) as u64);
    if row + 2 >= N {
        eprintln!("ROW must be below {}", N - 2);
        return;
    }
    let g = Geometry::<u128>::new(N).unwrap_or_else(|| unreachable!());
    let col = N / 2;
    let bit = |r: usize, c: usize| 1u128 << (r * N + c);
    // The stone's group goes down through its lower-left neighbour; the
    // cell left of the stone is then O's.
    let stone = bit(row, col);
    let mut path = 0u128;
    for r in row + 1..N {
        path |= bit(r, col - 1);
    }
    let blocked = bit(row, col - 1);
    let mut band = 0u128;
    for r in 0..=row {
        for c in 0..N {
            let dc = c as isize - col as isize;
            if dc >= -width && dc <= width + (row - r) as isize && bit(r, c) != stone {
                band |= bit(r, c);
            }
        }
    }
    band &= !blocked;
    let stop = AtomicBool::new(false);
    let holds = |carrier: u128| {
        let x = stone | path;
        let o = g.all & !carrier & !x;
        let position = Stones {
            first: o,
            second: x,
            to_move: Player::First,
        };
        Solver::new(g, Deadline::unlimited(&stop))
            .solve(position)
            .is_some_and(|v| v.winner == Player::Second)
    };
    if !holds(band) {
        println!("the band of width {width} is no template: widen it");
        return;
    }
    let mut found: BTreeSet<Vec<(isize, isize)>> = BTreeSet::new();
    let mut smallest = usize::MAX;
    for _ in 0..orders {
        let mut cells: Vec<usize> = (0..N * N).filter(|&i| band >> i & 1 == 1).collect();
        for k in (1..cells.len()).rev() {
            cells.swap(k, rng.below(k + 1));
        }
        let mut carrier = band;
        for i in cells {
            if holds(carrier & !(1u128 << i)) {
                carrier &= !(1u128 << i);
            }
        }
        let size = carrier.count_ones() as usize;
        let offsets: Vec<(isize, isize)> = (0..N * N)
            .filter(|&i| carrier >> i & 1 == 1)
            .map(|i| {
                (
                    (i / N) as isize - row as isize,
                    (i % N) as isize - col as isize,
                )
            })
            .collect();
        if size <= smallest && found.insert(offsets.clone()) {
            smallest = smallest.min(size);
            println!("{size} cells: {offsets:?}");
            for r in 0..=row {
                let line: String = (0..N)
                    .map(|c| {
                        if bit(r, c) == stone {
                            " S"
                        } else if carrier & bit(r, c) != 0 {
                            " +"
                        } else {
                            " ."
                        }
                    })
                    .collect();
                println!("{}{line}", " ".repeat(r));
            }
        }
    }
}
