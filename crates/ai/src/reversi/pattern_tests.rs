//! The pattern evaluation: indices against a plain reading of the board,
//! the eight symmetries scoring alike, and the weights file.

use super::patterns::{Layout, PLACES, SYMMETRIES, Symmetry, WEIGHTS, indices};
use super::weights::{SCALARS, STAGES, TAG, Weights};
use tabletop_engine::reversi::{Reversi, legal_moves};
use tabletop_engine::{Game, Rng};

/// Positions of seeded random games, every stage of the game.
fn positions() -> Vec<(u64, u64)> {
    let mut found = Vec::new();
    let mut moves = Vec::new();
    for seed in 0..40u64 {
        let mut rng = Rng::new(seed);
        let mut pos = Reversi::default();
        while !pos.is_over() {
            let me = pos.to_move();
            found.push((pos.disc_bits(me), pos.disc_bits(me.other())));
            pos.legal_moves(&mut moves);
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    found
}

fn transform(bits: u64, symmetry: Symmetry) -> u64 {
    (0..64u8)
        .filter(|&at| bits >> at & 1 == 1)
        .map(|at| {
            let (r, c) = symmetry(at / 8, at % 8);
            1u64 << (r * 8 + c)
        })
        .fold(0, |a, b| a | b)
}

/// Weights with a seeded random value on every canonical index.
fn random_weights(seed: u64) -> Weights {
    let mut rng = Rng::new(seed);
    let stages: Vec<([i16; SCALARS], Vec<i16>)> = (0..STAGES)
        .map(|_| {
            let scalars = std::array::from_fn(|_| rng.below(200) as i16 - 100);
            let patterns = (0..WEIGHTS)
                .map(|_| match rng.below(3) {
                    0 => 0,
                    _ => rng.below(4000) as i16 - 2000,
                })
                .collect();
            (scalars, patterns)
        })
        .collect();
    Weights::new(&stages)
}

fn score(weights: &Weights, mine: u64, theirs: u64) -> i32 {
    weights.score(
        mine,
        theirs,
        legal_moves(mine, theirs, !0),
        legal_moves(theirs, mine, !0),
    )
}

/// The reference reading of every place: cell by cell, in base 3.
fn plain_indices(mine: u64, theirs: u64) -> [u32; PLACES] {
    let layout = Layout::get();
    std::array::from_fn(|p| {
        let place = &layout.places[p];
        place.cells.iter().fold(0, |index, &at| {
            let state = if mine >> at & 1 == 1 {
                1
            } else if theirs >> at & 1 == 1 {
                2
            } else {
                0
            };
            index * 3 + state
        }) + place.first
    })
}

/// Seeded random boards, any mix of discs (not only reachable ones),
/// from nearly empty to full.
fn random_boards() -> Vec<(u64, u64)> {
    let mut rng = Rng::new(99);
    let word = |rng: &mut Rng| (rng.below(1 << 32) as u64) << 32 | rng.below(1 << 32) as u64;
    (0..2000)
        .map(|k| {
            let mut occupied = !0u64;
            for _ in 0..k % 4 {
                occupied &= word(&mut rng);
            }
            let mine = occupied & word(&mut rng);
            (mine, occupied & !mine)
        })
        .collect()
}

#[test]
fn indices_read_every_cell_of_every_place_in_base_three() {
    let layout = Layout::get();
    assert_eq!(layout.places.len(), PLACES);
    let covered = layout
        .places
        .iter()
        .flat_map(|place| &place.cells)
        .fold(0u64, |set, &at| set | 1 << at);
    assert_eq!(covered, !0, "the places cover the board");
    for (mine, theirs) in positions().into_iter().chain(random_boards()) {
        let mut got = [0u32; PLACES];
        indices(mine, theirs, &mut got);
        assert_eq!(got, plain_indices(mine, theirs), "{mine:#x} {theirs:#x}");
        assert!(got.iter().all(|&i| (i as usize) < WEIGHTS));
    }
}

#[test]
fn canonical_twins_are_canonical_themselves() {
    let canonical = &Layout::get().canonical;
    assert_eq!(canonical.len(), WEIGHTS);
    let mut shared = 0;
    for (i, &c) in canonical.iter().enumerate() {
        assert!(c as usize <= i);
        assert_eq!(canonical[c as usize], c);
        shared += usize::from(c as usize != i);
    }
    assert!(shared > WEIGHTS / 3, "symmetric shapes share weights");
}

#[test]
fn the_eight_symmetries_of_a_position_score_alike() {
    for weights in [random_weights(1), random_weights(2)] {
        for (mine, theirs) in positions().into_iter().step_by(7) {
            let expected = score(&weights, mine, theirs);
            for symmetry in SYMMETRIES {
                let got = score(
                    &weights,
                    transform(mine, symmetry),
                    transform(theirs, symmetry),
                );
                assert_eq!(got, expected, "{mine:#x} {theirs:#x}");
            }
        }
    }
}

#[test]
fn shipped_weights_symmetric_too() {
    let weights = Weights::shipped();
    for (mine, theirs) in positions().into_iter().step_by(11) {
        let expected = score(weights, mine, theirs);
        for symmetry in SYMMETRIES {
            let got = score(
                weights,
                transform(mine, symmetry),
                transform(theirs, symmetry),
            );
            assert_eq!(got, expected);
        }
    }
}

#[test]
fn weights_round_trip_through_their_file() {
    let weights = random_weights(3);
    let bytes = weights.encode();
    let back = Weights::decode(&bytes).expect("its own encoding");
    assert_eq!(back.encode(), bytes);
    for (mine, theirs) in positions().into_iter().step_by(13) {
        assert_eq!(score(&back, mine, theirs), score(&weights, mine, theirs));
    }
}

#[test]
fn shipped_weights_load_and_round_trip() {
    let shipped = include_bytes!("../../assets/reversi_weights.bin");
    let weights = Weights::decode(shipped).expect("the shipped file");
    assert_eq!(weights.encode(), shipped.to_vec());
    assert!(shipped.len() < 600_000, "compact: {} bytes", shipped.len());
}

#[test]
fn broken_files_are_refused() {
    let bytes = random_weights(4).encode();
    assert!(Weights::decode(&bytes[..bytes.len() - 1]).is_err());
    assert!(Weights::decode(&bytes[TAG.len()..]).is_err());
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Weights::decode(&longer).is_err());
    let mut long_run = TAG.to_vec();
    long_run.extend([0, 0, 0, 0, 0xff, 0xff, 0x7f]);
    assert!(Weights::decode(&long_run).is_err());
}
