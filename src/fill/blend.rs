//! Source-over compositing of straight (not premultiplied) RGBA colours: how a fill colour with
//! an opacity below 100% lands on the pixels it covers, as paint programs blend it.

/// `src` painted over `dst`.
pub fn over(src: [u8; 4], dst: [u8; 4]) -> [u8; 4] {
    let sa = u32::from(src[3]);
    if sa == 255 {
        return src;
    }
    let da = u32::from(dst[3]);
    // Alphas scaled by 255 to stay in integers: the result's alpha is sa + da·(1 − sa).
    let src_weight = sa * 255;
    let dst_weight = da * (255 - sa);
    let total = src_weight + dst_weight;
    if total == 0 {
        return [0, 0, 0, 0];
    }
    let mix = |s: u8, d: u8| {
        ((u32::from(s) * src_weight + u32::from(d) * dst_weight + total / 2) / total) as u8
    };
    [
        mix(src[0], dst[0]),
        mix(src[1], dst[1]),
        mix(src[2], dst[2]),
        ((total + 127) / 255) as u8,
    ]
}

#[cfg(test)]
mod tests {
    use super::over;

    #[test]
    fn opaque_replaces_and_transparent_leaves_alone() {
        assert_eq!(
            over([10, 20, 30, 255], [200, 100, 50, 77]),
            [10, 20, 30, 255]
        );
        assert_eq!(
            over([10, 20, 30, 0], [200, 100, 50, 77]),
            [200, 100, 50, 77]
        );
        assert_eq!(over([10, 20, 30, 0], [0, 0, 0, 0]), [0, 0, 0, 0]);
    }

    #[test]
    fn half_red_over_white_is_pink_and_over_nothing_keeps_its_colour() {
        assert_eq!(
            over([255, 0, 0, 128], [255, 255, 255, 255]),
            [255, 127, 127, 255]
        );
        assert_eq!(over([255, 0, 0, 128], [9, 9, 9, 0]), [255, 0, 0, 128]);
        // Two half layers make three quarters.
        assert_eq!(over([0, 0, 255, 128], [0, 0, 255, 128])[3], 192);
    }
}
