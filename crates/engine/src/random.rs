//! A small, fast, seeded random number generator (wyrand), so random play is
//! reproducible from a seed on every platform and every version.

#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0xa076_1d64_78bd_642f);
        let product = u128::from(self.state) * u128::from(self.state ^ 0xe703_7ed1_a0b4_28db);
        ((product >> 64) as u64) ^ (product as u64)
    }

    /// A number in `0..n` (`n > 0`). Multiply-shift: the bias is below
    /// n / 2^64, far too small to matter for choosing among board cells.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A pair of numbers in `0..n` (`n > 0`), from a single draw: exactly
    /// the quotient and remainder of `below(n * n)` by `n`, since the low
    /// half of the first product is the fraction the second one scales.
    pub fn below_pair(&mut self, n: usize) -> (usize, usize) {
        let first = u128::from(self.next_u64()) * n as u128;
        let second = u128::from(first as u64) * n as u128;
        ((first >> 64) as usize, (second >> 64) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(Rng::new(7).next_u64(), Rng::new(8).next_u64());
    }

    #[test]
    fn below_pair_splits_below_of_the_square() {
        for n in [1, 4, 6, 26] {
            let (mut a, mut b) = (Rng::new(5), Rng::new(5));
            for _ in 0..1_000 {
                let (q, r) = a.below_pair(n);
                assert_eq!(q * n + r, b.below(n * n));
            }
        }
    }

    #[test]
    fn below_covers_the_range_evenly() {
        let mut rng = Rng::new(1);
        let mut counts = [0usize; 6];
        for _ in 0..60_000 {
            counts[rng.below(6)] += 1;
        }
        for count in counts {
            assert!((9_000..11_000).contains(&count), "{counts:?}");
        }
    }
}
