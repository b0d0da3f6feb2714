//! Perceptual tolerance: a pixel belongs to the region when its colour lies within a distance
//! (ΔE) of the seed's in OKLab, Björn Ottosson's perceptual colour space, and its alpha within
//! the tolerance. The same tolerance then means about the same visible difference on dark and
//! light colours, where a per-channel limit lets far more through among the darks.
//!
//! Tolerance `t` (0–255) allows ΔE up to `t × 0.75 / 255`: black to white is ΔE 1, so 255
//! reaches three quarters of the way, and 32 is about the step between mid-greys 32 apart.

use std::cell::RefCell;
use std::sync::OnceLock;

use super::similar::Similar;

/// ΔE allowed per unit of tolerance.
pub const DELTA_E_PER_UNIT: f32 = 0.75 / 255.0;

/// sRGB channel value to linear light, for all 256 values.
fn linear_table() -> &'static [f32; 256] {
    static TABLE: OnceLock<[f32; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|i| {
            let c = i as f32 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        })
    })
}

/// The OKLab coordinates (L, a, b) of an sRGB colour.
pub fn oklab(rgb: [u8; 3]) -> [f32; 3] {
    let t = linear_table();
    let [r, g, b] = rgb.map(|c| t[c as usize]);
    let l = (0.412_221_46 * r + 0.536_332_55 * g + 0.051_445_995 * b).cbrt();
    let m = (0.211_903_5 * r + 0.680_699_5 * g + 0.107_396_96 * b).cbrt();
    let s = (0.088_302_46 * r + 0.281_718_85 * g + 0.629_978_7 * b).cbrt();
    [
        0.210_454_26 * l + 0.793_617_8 * m - 0.004_072_047 * s,
        1.977_998_5 * l - 2.428_592_2 * m + 0.450_593_7 * s,
        0.025_904_037 * l + 0.782_771_77 * m - 0.808_675_77 * s,
    ]
}

/// Slots of the verdict cache: neighbouring pixels of photographs repeat colours often, and a
/// flat area is one colour, so most tests are a lookup rather than a conversion.
const CACHE_SLOTS: usize = 4096;
const EMPTY: u64 = u64::MAX;

/// The perceptual test of pixels against the seed.
pub struct Perceptual {
    seed: [f32; 3],
    seed_alpha: u8,
    tolerance: u8,
    /// Squared ΔE limit.
    limit: f32,
    /// Per slot: the pixel's 32 bits shifted up one, and the verdict in bit 0.
    cache: RefCell<Vec<u64>>,
}

impl Perceptual {
    /// The test for pixels within `tolerance` (see the module notes) of `seed`.
    pub fn new(seed: [u8; 4], tolerance: u8) -> Self {
        let limit = f32::from(tolerance) * DELTA_E_PER_UNIT;
        Perceptual {
            seed: oklab([seed[0], seed[1], seed[2]]),
            seed_alpha: seed[3],
            tolerance,
            limit: limit * limit,
            cache: RefCell::new(vec![EMPTY; CACHE_SLOTS]),
        }
    }

    fn decide(&self, p: [u8; 4]) -> bool {
        if p[3].abs_diff(self.seed_alpha) > self.tolerance {
            return false;
        }
        let lab = oklab([p[0], p[1], p[2]]);
        let d2: f32 = (0..3).map(|i| (lab[i] - self.seed[i]).powi(2)).sum();
        d2 <= self.limit
    }
}

impl Similar for Perceptual {
    #[inline]
    fn similar(&self, p: [u8; 4]) -> bool {
        let key = u32::from_ne_bytes(p);
        let slot = (key.wrapping_mul(0x9E37_79B1) >> 20) as usize % CACHE_SLOTS;
        let mut cache = self.cache.borrow_mut();
        let entry = cache[slot];
        if entry != EMPTY && (entry >> 1) as u32 == key {
            return entry & 1 == 1;
        }
        let verdict = self.decide(p);
        cache[slot] = (u64::from(key) << 1) | u64::from(verdict);
        verdict
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OKLab computed in f64 straight from the published definition (sRGB transfer curve,
    /// the M1 matrix to LMS, cube roots, the M2 matrix), as an independent reference.
    fn reference(rgb: [u8; 3]) -> [f64; 3] {
        let lin = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let [r, g, b] = rgb.map(lin);
        let lms = [
            0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b,
            0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b,
            0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b,
        ]
        .map(f64::cbrt);
        [
            0.2104542553 * lms[0] + 0.7936177850 * lms[1] - 0.0040720468 * lms[2],
            1.9779984951 * lms[0] - 2.4285922050 * lms[1] + 0.4505937099 * lms[2],
            0.0259040371 * lms[0] + 0.7827717662 * lms[1] - 0.8086757660 * lms[2],
        ]
    }

    #[test]
    fn published_values() {
        // Ottosson's table: white is L 1, and sRGB red is (0.628, 0.225, 0.126).
        let white = oklab([255, 255, 255]);
        assert!((white[0] - 1.0).abs() < 1e-4 && white[1].abs() < 1e-4 && white[2].abs() < 1e-4);
        let red = oklab([255, 0, 0]);
        for (got, want) in red.iter().zip([0.627_955, 0.224_863, 0.125_846]) {
            assert!((got - want).abs() < 1e-4, "{red:?}");
        }
    }

    #[test]
    fn agrees_with_the_reference_on_a_colour_lattice() {
        let seeds = [
            [20, 20, 20, 255],
            [200, 30, 90, 255],
            [250, 250, 245, 255],
            [0, 0, 255, 128],
        ];
        for seed in seeds {
            for t in [1u8, 10, 22, 64, 200] {
                let test = Perceptual::new(seed, t);
                let s = reference([seed[0], seed[1], seed[2]]);
                let limit = f64::from(t) * 0.75 / 255.0;
                for r in (0..=255u8).step_by(17) {
                    for g in (0..=255u8).step_by(15) {
                        for b in (0..=255u8).step_by(51) {
                            let p = reference([r, g, b]);
                            let de = (0..3).map(|i| (p[i] - s[i]).powi(2)).sum::<f64>().sqrt();
                            // Far from the boundary, where f32 rounding cannot tip the verdict.
                            if (de - limit).abs() < 1e-4 {
                                continue;
                            }
                            let px = [r, g, b, seed[3]];
                            assert_eq!(test.similar(px), de <= limit, "{seed:?} t={t} {px:?}");
                            // Asked again, from the cache.
                            assert_eq!(test.similar(px), de <= limit);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn dark_steps_count_more_than_light_ones() {
        // 18 levels apart on every channel: within 22 by channels either way, but in OKLab the
        // dark pair is about 26 apart and the light pair about 19.
        let t = 22;
        assert!(!Perceptual::new([20, 20, 20, 255], t).similar([38, 38, 38, 255]));
        assert!(Perceptual::new([200, 200, 200, 255], t).similar([218, 218, 218, 255]));
    }

    #[test]
    fn alpha_is_held_to_the_tolerance() {
        let test = Perceptual::new([100, 100, 100, 255], 10);
        assert!(test.similar([100, 100, 100, 246]));
        assert!(!test.similar([100, 100, 100, 240]));
    }
}
