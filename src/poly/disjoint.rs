//! Which of a node's candidate placements fit: up to 64 of them tested against the filled
//! positions at once, as one bit each. This test is the search's innermost loop (Meteor's team
//! runs it for some 200,000 nodes), so on x86-64 it uses the widest vector instructions the
//! processor has, chosen when it runs: the binary stays portable, and the same loop without
//! them has to build each 64-bit comparison out of 32-bit ones.

/// Bit `i` is set when `sets[i]` (one of at most 64) has no bit of `blocked`.
#[inline(always)]
pub(crate) fn disjoint_u64(sets: &[u64], blocked: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            // SAFETY: the processor has AVX-512F, checked just above.
            return unsafe { x86::disjoint_avx512(sets, blocked) };
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { x86::disjoint_avx2(sets, blocked) };
        }
    }
    disjoint_plain(sets, blocked)
}

/// [`disjoint_u64`] one set at a time, for any bitboard.
#[inline(always)]
pub(crate) fn disjoint_plain<B: super::bits::Bits>(sets: &[B], blocked: B) -> u64 {
    debug_assert!(sets.len() <= 64);
    let mut fits = 0u64;
    for (i, &set) in sets.iter().enumerate() {
        fits |= u64::from((set & blocked).is_zero()) << i;
    }
    fits
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

    /// Eight sets a step; the last few with a masked load, which reads nothing past the end.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn disjoint_avx512(sets: &[u64], blocked: u64) -> u64 {
        let len = sets.len().min(64);
        let blocked = _mm512_set1_epi64(blocked as i64);
        let mut fits = 0u64;
        let mut i = 0;
        while i < len {
            let lanes = (len - i).min(8);
            let keep = (((1u16 << lanes) - 1) & 0xff) as u8;
            // SAFETY: only the `lanes` elements from `i`, all inside `sets`, are read.
            let v = unsafe { _mm512_maskz_loadu_epi64(keep, sets.as_ptr().add(i).cast()) };
            let clear = _mm512_mask_testn_epi64_mask(keep, v, blocked);
            fits |= u64::from(clear) << i;
            i += 8;
        }
        fits
    }

    /// Four sets a step, the rest one at a time.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn disjoint_avx2(sets: &[u64], blocked: u64) -> u64 {
        let len = sets.len().min(64);
        let wide = _mm256_set1_epi64x(blocked as i64);
        let zero = _mm256_setzero_si256();
        let mut fits = 0u64;
        let mut i = 0;
        while i + 4 <= len {
            // SAFETY: elements i..i + 4 are inside `sets`.
            let v = unsafe { _mm256_loadu_si256(sets.as_ptr().add(i).cast()) };
            let clear = _mm256_cmpeq_epi64(_mm256_and_si256(v, wide), zero);
            let bits = _mm256_movemask_pd(_mm256_castsi256_pd(clear)) as u64;
            fits |= bits << i;
            i += 4;
        }
        while i < len {
            fits |= u64::from(sets[i] & blocked == 0) << i;
            i += 1;
        }
        fits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_length_and_pattern_agrees_with_the_plain_loop() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for len in 0..=64 {
            for _ in 0..50 {
                // Sparse sets, so that both outcomes are common.
                let sets: Vec<u64> = (0..len).map(|_| next() & next() & next()).collect();
                let blocked = next() & next();
                let want = disjoint_plain(&sets, blocked);
                assert_eq!(disjoint_u64(&sets, blocked), want, "len {len}");
                #[cfg(target_arch = "x86_64")]
                {
                    if std::arch::is_x86_feature_detected!("avx2") {
                        assert_eq!(unsafe { x86::disjoint_avx2(&sets, blocked) }, want);
                    }
                    if std::arch::is_x86_feature_detected!("avx512f") {
                        assert_eq!(unsafe { x86::disjoint_avx512(&sets, blocked) }, want);
                    }
                }
            }
        }
    }
}
