//! Bitboards: one bit per grid position, in `u64`, `u128` or a four-word [`Wide`] set, behind
//! one trait so the search is compiled once per width.

use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

/// A set of grid positions as bits (bit `i` is position `i`).
pub trait Bits:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// How many positions fit.
    const CAPACITY: usize;
    /// The empty set.
    const ZERO: Self;
    /// Every position.
    const ALL: Self;
    /// The set holding position `i` only.
    fn bit(i: usize) -> Self;
    /// True for the empty set.
    fn is_zero(self) -> bool;
    /// The smallest position in the set (`CAPACITY` when empty).
    fn first(self) -> usize;
    /// The size of the set.
    fn count(self) -> u32;
    /// The set with its smallest position only.
    fn lowest(self) -> Self;
    /// The 32 lowest positions as a word.
    fn low_word(self) -> u32;
    /// The 64 lowest positions as a word.
    fn low64(self) -> u64;
    /// Whether position `i` is in the set.
    fn has(self, i: usize) -> bool {
        !(self & Self::bit(i)).is_zero()
    }
    /// Which of `sets` (at most 64) share no position with `blocked`: bit `i` for `sets[i]`.
    #[inline(always)]
    fn disjoint(sets: &[Self], blocked: Self) -> u64 {
        super::disjoint::disjoint_plain(sets, blocked)
    }
}

macro_rules! prim_bits {
    ($t:ty $(, $disjoint:path)?) => {
        impl Bits for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const ZERO: Self = 0;
            const ALL: Self = !0;
            #[inline(always)]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn first(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn low_word(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn low64(self) -> u64 {
                self as u64
            }
            $(
                #[inline(always)]
                fn disjoint(sets: &[Self], blocked: Self) -> u64 {
                    $disjoint(sets, blocked)
                }
            )?
        }
    };
}

prim_bits!(u64, super::disjoint::disjoint_u64);
prim_bits!(u128);

/// 256 positions in four words (boards up to 16×16, e.g. the 35 hexominoes' 210 cells).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide(pub [u64; 4]);

impl BitAnd for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitand(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}
impl BitOr for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitor(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}
impl BitXor for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitxor(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
    }
}
impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide(self.0.map(|w| !w))
    }
}
impl Shl<u32> for Wide {
    type Output = Wide;
    #[inline(always)]
    fn shl(self, n: u32) -> Wide {
        let (words, bits) = ((n / 64) as usize, n % 64);
        Wide(std::array::from_fn(|i| {
            if i < words {
                return 0;
            }
            let lo = self.0[i - words];
            let carry = if bits > 0 && i > words {
                self.0[i - words - 1] >> (64 - bits)
            } else {
                0
            };
            (lo << bits) | carry
        }))
    }
}
impl Shr<u32> for Wide {
    type Output = Wide;
    #[inline(always)]
    fn shr(self, n: u32) -> Wide {
        let (words, bits) = ((n / 64) as usize, n % 64);
        Wide(std::array::from_fn(|i| {
            if i + words >= 4 {
                return 0;
            }
            let hi = self.0[i + words];
            let carry = if bits > 0 && i + words + 1 < 4 {
                self.0[i + words + 1] << (64 - bits)
            } else {
                0
            };
            (hi >> bits) | carry
        }))
    }
}

impl Bits for Wide {
    const CAPACITY: usize = 256;
    const ZERO: Self = Wide([0; 4]);
    const ALL: Self = Wide([!0; 4]);
    fn bit(i: usize) -> Self {
        let mut w = [0; 4];
        w[i / 64] = 1 << (i % 64);
        Wide(w)
    }
    fn is_zero(self) -> bool {
        self.0 == [0; 4]
    }
    fn first(self) -> usize {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return i * 64 + w.trailing_zeros() as usize;
            }
        }
        256
    }
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn low_word(self) -> u32 {
        self.0[0] as u32
    }
    fn low64(self) -> u64 {
        self.0[0]
    }
    fn lowest(self) -> Self {
        let i = self.first();
        if i >= 256 { Self::ZERO } else { Self::bit(i) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_shifts_agree_with_u128_on_the_low_half() {
        let x: u128 = 0x8000_0000_0000_0001_F000_0000_0000_000F;
        let w = Wide([x as u64, (x >> 64) as u64, 0, 0]);
        for n in [0, 1, 5, 63, 64, 65, 100] {
            let s = w >> n;
            assert_eq!(
                (s.0[0] as u128) | ((s.0[1] as u128) << 64),
                x >> n,
                "shr {n}"
            );
        }
        let s = w << 70;
        assert_eq!(s.first(), 70);
        assert_eq!(s.count(), x.count_ones());
        assert_eq!((Wide::bit(200) >> 136).first(), 64);
        assert_eq!((Wide::bit(3) << 197).first(), 200);
    }
}
