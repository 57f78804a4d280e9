//! The output layer in integers: squared clipped ReLU of both accumulators (side to move
//! first), a dot product with the output weights, scaled to centipawns.
//!
//! A plain version and an AVX2 one (chosen at run time) compute the same integers: every
//! product fits where it is computed, so no sum wraps and the order of the additions does
//! not matter. `QA` is 181 so that a squared activation (at most 181^2 = 32761) fits an
//! i16, and the AVX2 version multiplies it by the weight with one `madd`; output weights
//! are at most 512 in size (loading checks), so a perspective's 128 terms of at most
//! 32761 * 512 stay below 2^31. That leaves the output weights 9 bits of precision at
//! `QB` = 256, where the usual `v * (v * w)` with `QA` = 255 would leave them 7.

use super::{HIDDEN, QA, QB, SCALE};

/// The largest output weight a net may hold (see the module documentation).
pub const MAX_OUT_WEIGHT: i16 = 512;

/// One perspective's share, plain: sum of `clamp(a, 0, QA)^2 * w`.
pub fn perspective_plain(acc: &[i16; HIDDEN], w: &[i16]) -> i32 {
    acc.iter()
        .zip(w)
        .map(|(&a, &w)| {
            let v = a.clamp(0, QA as i16) as i32;
            v * v * w as i32
        })
        .sum()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn perspective_avx2(acc: &[i16; HIDDEN], w: &[i16]) -> i32 {
    use std::arch::x86_64::*;
    assert!(w.len() >= HIDDEN);
    let zero = _mm256_setzero_si256();
    let top = _mm256_set1_epi16(QA as i16);
    let mut sum = _mm256_setzero_si256();
    for i in (0..HIDDEN).step_by(16) {
        // SAFETY: `i + 16 <= HIDDEN` and both slices hold at least HIDDEN values; the loads
        // are unaligned ones.
        let (a, wv) = unsafe {
            (
                _mm256_loadu_si256(acc.as_ptr().add(i) as *const __m256i),
                _mm256_loadu_si256(w.as_ptr().add(i) as *const __m256i),
            )
        };
        let v = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
        let squared = _mm256_mullo_epi16(v, v);
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(squared, wv));
    }
    let lo = _mm256_castsi256_si128(sum);
    let hi = _mm256_extracti128_si256(sum, 1);
    let s = _mm_add_epi32(lo, hi);
    let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b01_00_11_10));
    let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b10_11_00_01));
    _mm_cvtsi128_si32(s)
}

/// Whether the AVX2 version runs on this processor.
pub fn simd_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// One perspective's share, with AVX2 where the processor has it.
#[inline]
pub fn perspective(acc: &[i16; HIDDEN], w: &[i16]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if simd_available() {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { perspective_avx2(acc, w) };
    }
    perspective_plain(acc, w)
}

/// The AVX2 version, for the tests that compare it with the plain one (`None` without
/// AVX2).
pub fn perspective_simd(acc: &[i16; HIDDEN], w: &[i16]) -> Option<i32> {
    #[cfg(target_arch = "x86_64")]
    if simd_available() {
        // SAFETY: the processor has AVX2 (checked just above).
        return Some(unsafe { perspective_avx2(acc, w) });
    }
    let _ = (acc, w);
    None
}

/// The score in centipawns from the two perspectives' shares and the output bias (in
/// units of `QA * QB`).
#[inline]
pub fn combine(us: i32, them: i32, bias: i32) -> i32 {
    let total = (us as i64 + them as i64) / QA as i64 + bias as i64;
    (total * SCALE as i64 / (QA as i64 * QB as i64)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lcg(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *state >> 33
    }

    /// Random accumulators over the whole i16 range (and near the clipping points) and
    /// output weights over the whole allowed range: both versions agree on every one, and
    /// the extremes give the largest sums without wrapping.
    #[test]
    fn plain_and_simd_agree_on_random_and_extreme_inputs() {
        let mut state = 7u64;
        let mut checked = 0;
        for round in 0..2000 {
            let mut acc = [0i16; HIDDEN];
            let mut w = [0i16; HIDDEN];
            for (a, b) in acc.iter_mut().zip(w.iter_mut()) {
                let r = lcg(&mut state);
                *a = match round % 3 {
                    0 => r as i16,
                    1 => (r % 600) as i16 - 300,
                    _ => QA as i16 + (r % 5) as i16 - 2,
                };
                *b = (lcg(&mut state) % 1025) as i16 - MAX_OUT_WEIGHT;
            }
            let plain = perspective_plain(&acc, &w);
            if let Some(simd) = perspective_simd(&acc, &w) {
                assert_eq!(plain, simd, "round {round}");
                checked += 1;
            }
        }
        let full = [QA as i16; HIDDEN];
        let most = [MAX_OUT_WEIGHT; HIDDEN];
        let top = perspective_plain(&full, &most);
        assert_eq!(top as i64, (QA * QA) as i64 * 512 * HIDDEN as i64);
        let neg = [-MAX_OUT_WEIGHT; HIDDEN];
        assert_eq!(perspective_plain(&full, &neg), -top);
        if let Some(simd) = perspective_simd(&full, &most) {
            assert_eq!(simd, top);
        }
        assert!(checked == 0 || checked == 2000);
    }

    /// One unit of activation squared times one unit of weight is 1 / (QA * QB) of the
    /// scale: a full activation on one weight of QB gives `SCALE` centipawns.
    #[test]
    fn the_scale_is_one_output_unit_per_scale_centipawns() {
        let mut acc = [0i16; HIDDEN];
        acc[0] = QA as i16;
        let mut w = [0i16; HIDDEN];
        w[0] = QB as i16;
        let us = perspective_plain(&acc, &w);
        assert_eq!(combine(us, 0, 0), SCALE);
        assert_eq!(combine(0, 0, QA * QB), SCALE);
        assert_eq!(combine(0, -us, 0), -SCALE);
    }
}
