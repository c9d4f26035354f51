//! Fixed-size bit sets used as bitboards: `u64` and `u128` for small boards,
//! [`Wide`] for the largest ones. Bit `i` is cell `i` of the board's layout.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

pub trait Bits:
    Copy
    + Eq
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// Number of bits held.
    const CAPACITY: usize;
    const ZERO: Self;

    /// The set holding only bit `i` (`i < CAPACITY`).
    fn bit(i: usize) -> Self;
    fn has(self, i: usize) -> bool;
    fn count(self) -> usize;
    fn is_zero(self) -> bool;
    /// Every bit moved `k` places towards bit 0 (`k < CAPACITY`).
    fn shr(self, k: usize) -> Self;
    /// Every bit moved `k` places away from bit 0 (`k < CAPACITY`).
    fn shl(self, k: usize) -> Self;
    /// Index of the lowest set bit (the set must not be empty).
    fn lowest(self) -> usize;
    /// The set without its lowest set bit.
    fn without_lowest(self) -> Self;

    /// Bits 0..64 of the set.
    fn low_u64(self) -> u64;
    /// The set of the bits of `x`.
    fn from_low_u64(x: u64) -> Self;

    /// Index of the `n`-th set bit counting from bit 0 (`n < count()`).
    fn select(self, n: usize) -> usize {
        let mut rest = self;
        for _ in 0..n {
            rest = rest.without_lowest();
        }
        rest.lowest()
    }

    /// The indices of the set bits, lowest first.
    fn ones(self) -> Ones<Self> {
        Ones(self)
    }
}

pub struct Ones<B>(B);

impl<B: Bits> Iterator for Ones<B> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0.is_zero() {
            return None;
        }
        let index = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(index)
    }
}

macro_rules! primitive_bits {
    ($t:ty, $select:path) => {
        impl Bits for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const ZERO: Self = 0;

            #[inline(always)]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline(always)]
            fn has(self, i: usize) -> bool {
                (self >> i) & 1 != 0
            }
            #[inline(always)]
            fn count(self) -> usize {
                self.count_ones() as usize
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn shr(self, k: usize) -> Self {
                self >> k
            }
            #[inline(always)]
            fn shl(self, k: usize) -> Self {
                self << k
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn from_low_u64(x: u64) -> Self {
                x as Self
            }
            #[inline(always)]
            fn select(self, n: usize) -> usize {
                $select(self, n)
            }
        }
    };
}

primitive_bits!(u64, select_u64);
primitive_bits!(u128, select_u128);

#[inline(always)]
fn select_u128(x: u128, n: usize) -> usize {
    let low = x as u64;
    let low_ones = low.count_ones() as usize;
    if n < low_ones {
        select_u64(low, n)
    } else {
        64 + select_u64((x >> 64) as u64, n - low_ones)
    }
}

/// For each byte value and rank `r` (index `r << 8 | byte`), the position of
/// the byte's `r`-th set bit.
const SELECT_IN_BYTE: [u8; 2048] = {
    let mut table = [0u8; 2048];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut rank) = (0, 0);
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[(rank << 8) | byte] = bit as u8;
                rank += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The position of the `n`-th set bit of `x` (`n < x.count_ones()`), without
/// a loop: byte counts summed in parallel locate the byte, and a table the
/// bit within it (Vigna, "Broadword implementation of rank/select queries").
#[inline(always)]
fn select_u64(x: u64, n: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH_BITS: u64 = 0x80 * ONES;
    let mut counts = x - ((x >> 1) & 0x5555_5555_5555_5555);
    counts = (counts & 0x3333_3333_3333_3333) + ((counts >> 2) & 0x3333_3333_3333_3333);
    counts = (counts + (counts >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte i of `running` is the number of set bits in bytes 0..=i.
    let running = counts.wrapping_mul(ONES);
    let n = n as u64;
    // A byte's high bit survives where its running count is at most n.
    let at_most_n = (((n * ONES) | HIGH_BITS) - running) & HIGH_BITS;
    let byte_start = at_most_n.count_ones() as usize * 8;
    let before = ((running << 8) >> byte_start) & 0xff;
    let byte = (x >> byte_start) & 0xff;
    byte_start + SELECT_IN_BYTE[(((n - before) << 8) | byte) as usize] as usize
}

/// A bit set of `W` 64-bit words, for boards beyond 128 cells.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide<const W: usize>([u64; W]);

impl<const W: usize> Bits for Wide<W> {
    const CAPACITY: usize = 64 * W;
    const ZERO: Self = Wide([0; W]);

    fn bit(i: usize) -> Self {
        let mut words = [0; W];
        words[i / 64] = 1 << (i % 64);
        Wide(words)
    }

    fn has(self, i: usize) -> bool {
        (self.0[i / 64] >> (i % 64)) & 1 != 0
    }

    fn count(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    fn is_zero(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn shr(self, k: usize) -> Self {
        let (words, bits) = (k / 64, k % 64);
        let mut out = [0; W];
        for (i, slot) in out.iter_mut().enumerate().take(W - words) {
            let low = self.0[i + words] >> bits;
            let high = match (bits, self.0.get(i + words + 1)) {
                (0, _) | (_, None) => 0,
                (_, Some(next)) => next << (64 - bits),
            };
            *slot = low | high;
        }
        Wide(out)
    }

    fn shl(self, k: usize) -> Self {
        let (words, bits) = (k / 64, k % 64);
        let mut out = [0; W];
        for (i, slot) in out.iter_mut().enumerate().skip(words) {
            let high = self.0[i - words] << bits;
            let low = match (bits, (i - words).checked_sub(1)) {
                (0, _) | (_, None) => 0,
                (_, Some(prev)) => self.0[prev] >> (64 - bits),
            };
            *slot = high | low;
        }
        Wide(out)
    }

    fn lowest(self) -> usize {
        let word = self.0.iter().position(|&w| w != 0).unwrap_or(W - 1);
        word * 64 + self.0[word].trailing_zeros() as usize
    }

    fn without_lowest(self) -> Self {
        let mut out = self;
        if let Some(w) = out.0.iter_mut().find(|w| **w != 0) {
            *w &= *w - 1;
        }
        out
    }

    fn low_u64(self) -> u64 {
        self.0[0]
    }

    fn from_low_u64(x: u64) -> Self {
        let mut words = [0; W];
        words[0] = x;
        Wide(words)
    }

    fn select(self, mut n: usize) -> usize {
        for (i, &w) in self.0.iter().enumerate() {
            let ones = w.count_ones() as usize;
            if n < ones {
                return i * 64 + w.select(n);
            }
            n -= ones;
        }
        Self::CAPACITY
    }
}

macro_rules! wide_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:tt) => {
        impl<const W: usize> $trait for Wide<W> {
            type Output = Self;
            fn $method(mut self, rhs: Self) -> Self {
                self.$assign(rhs);
                self
            }
        }
        impl<const W: usize> $assign_trait for Wide<W> {
            fn $assign(&mut self, rhs: Self) {
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a $op b;
                }
            }
        }
    };
}

wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    fn not(self) -> Self {
        Wide(self.0.map(|w| !w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same operations on a `Wide` and on a `u128` agree bit for bit.
    #[test]
    fn wide_matches_u128() {
        let mut rng = crate::random::Rng::new(3);
        for _ in 0..1_000 {
            let a = (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
            let wide = Wide::<2>([a as u64, (a >> 64) as u64]);
            let as_u128 = |w: Wide<2>| u128::from(w.0[0]) | (u128::from(w.0[1]) << 64);
            let k = rng.below(128);
            assert_eq!(as_u128(wide.shr(k)), a.shr(k));
            assert_eq!(as_u128(wide.shl(k)), a.shl(k));
            assert_eq!(wide.count(), a.count());
            assert_eq!(as_u128(!wide), !a);
            if a != 0 {
                assert_eq!(wide.lowest(), a.lowest());
                assert_eq!(as_u128(wide.without_lowest()), a.without_lowest());
                let n = rng.below(a.count());
                assert_eq!(wide.select(n), a.select(n));
            }
            assert_eq!(wide.has(k), a.has(k));
            assert_eq!(as_u128(Wide::<2>::bit(k)), u128::bit(k));
        }
    }

    /// The broadword select agrees with clearing bits one by one.
    #[test]
    fn select_agrees_with_the_plain_loop() {
        let mut rng = crate::random::Rng::new(9);
        for _ in 0..20_000 {
            let x = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()))
                & (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()));
            if x == 0 {
                continue;
            }
            let n = rng.below(x.count());
            let mut rest = x;
            for _ in 0..n {
                rest = rest.without_lowest();
            }
            assert_eq!(x.select(n), rest.lowest(), "{x:#x} {n}");
            let low = x as u64;
            if low != 0 {
                let n = n % low.count();
                let mut rest = low;
                for _ in 0..n {
                    rest = rest.without_lowest();
                }
                assert_eq!(low.select(n), rest.lowest(), "{low:#x} {n}");
            }
        }
        assert_eq!(u64::MAX.select(63), 63);
        assert_eq!((1u64 << 63).select(0), 63);
    }

    #[test]
    fn ones_lists_set_bits() {
        let x: u64 = 0b1010_0110;
        assert_eq!(x.ones().collect::<Vec<_>>(), vec![1, 2, 5, 7]);
        assert_eq!(x.select(2), 5);
    }
}
