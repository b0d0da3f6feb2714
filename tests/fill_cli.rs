//! `gridwise fill` end to end: PNG in (any colour type), PNG out (RGBA), clear errors.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::gridwise;

use std::path::{Path, PathBuf};

/// A path named `name` in `dir`, a test's own directory (removed when the test ends).
fn temp(dir: &tempfile::TempDir, name: &str) -> PathBuf {
    dir.path().join(name)
}

fn write_png(path: &Path, w: u32, h: u32, colour: png::ColorType, data: &[u8]) {
    let file = std::fs::File::create(path).unwrap();
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w, h);
    enc.set_color(colour);
    enc.set_depth(png::BitDepth::Eight);
    enc.write_header().unwrap().write_image_data(data).unwrap();
}

fn read_png(path: &Path) -> (Vec<u8>, u32, u32, png::ColorType) {
    let dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut r = dec.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).unwrap();
    (buf, info.width, info.height, info.color_type)
}

#[test]
fn fills_an_rgb_png_and_writes_rgba() {
    let dir = tempfile::tempdir().unwrap();
    // 6×3 RGB: a black vertical wall at x = 2 splits white left and right parts.
    let mut rgb = Vec::new();
    for _y in 0..3 {
        for x in 0..6 {
            rgb.extend_from_slice(if x == 2 { &[0, 0, 0] } else { &[255, 255, 255] });
        }
    }
    let (input, output) = (temp(&dir, "in.png"), temp(&dir, "out.png"));
    write_png(&input, 6, 3, png::ColorType::Rgb, &rgb);
    let (ok, stdout, stderr) = gridwise(&[
        "fill",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
        "--at",
        "0,1",
        "--color",
        "#ff000080",
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("filled 6 pixels"), "{stdout}");
    let (px, w, h, colour) = read_png(&output);
    assert_eq!((w, h, colour), (6, 3, png::ColorType::Rgba));
    for y in 0..3 {
        for x in 0..6 {
            let p = &px[(y * 6 + x) * 4..(y * 6 + x) * 4 + 4];
            let want: &[u8] = match x {
                0 | 1 => &[255, 0, 0, 128],
                2 => &[0, 0, 0, 255],
                _ => &[255, 255, 255, 255],
            };
            assert_eq!(p, want, "pixel ({x}, {y})");
        }
    }
    // Global mode reaches the right part too.
    let (ok, stdout, _) = gridwise(&[
        "fill",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
        "--at",
        "0,0",
        "--color",
        "00ff00",
        "--global",
    ]);
    assert!(ok && stdout.contains("filled 15 pixels"), "{stdout}");
}

#[test]
fn bad_input_gets_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let input = temp(&dir, "small.png");
    write_png(&input, 2, 2, png::ColorType::Grayscale, &[0, 0, 0, 0]);
    let junk = temp(&dir, "junk.png");
    std::fs::write(&junk, b"not a png").unwrap();
    let out = temp(&dir, "never.png");
    let (input, junk, out) = (
        input.to_str().unwrap(),
        junk.to_str().unwrap(),
        out.to_str().unwrap(),
    );
    // Each case: the command's arguments after `fill`, and what its message must say.
    let cases: [(&[&str], &str); 7] = [
        (
            &[input, out, "--at", "5,0", "--color", "ff0000"],
            "(5, 0) is outside the 2×2 image",
        ),
        (
            &[input, out, "--at", "0,0", "--color", "red"],
            "not a colour",
        ),
        (
            &[input, out, "--at", "0;0", "--color", "ff0000"],
            "not a point",
        ),
        (
            &[
                input,
                out,
                "--at",
                "0,0",
                "--color",
                "ff0000",
                "--connectivity",
                "6",
            ],
            "write 4 or 8",
        ),
        (
            &["/nonexistent.png", out, "--at", "0,0", "--color", "ff0000"],
            "cannot open /nonexistent.png",
        ),
        (
            &[junk, out, "--at", "0,0", "--color", "ff0000"],
            "is not a readable PNG",
        ),
        (
            &[
                input, out, "--at", "0,0", "--color", "ff0000", "--gap", "100",
            ],
            "invalid value '100' for '--gap <N>': 100 is not in 0..=64",
        ),
    ];
    for (args, message) in cases {
        let (ok, _, err) = gridwise(&[&["fill"], args].concat());
        assert!(!ok && err.contains(message), "{args:?}: {err}");
    }
    assert!(!std::path::Path::new(out).exists());
}

#[test]
fn soft_and_gap_options_run() {
    let dir = tempfile::tempdir().unwrap();
    let input = temp(&dir, "soft.png");
    let mut gray = vec![255u8; 16 * 16];
    for i in 0..16 {
        gray[8 * 16 + i] = if i == 7 { 255 } else { 0 };
    }
    write_png(&input, 16, 16, png::ColorType::Grayscale, &gray);
    let out = temp(&dir, "soft-out.png");
    let (ok, stdout, err) = gridwise(&[
        "fill",
        input.to_str().unwrap(),
        out.to_str().unwrap(),
        "--at",
        "0,0",
        "--color",
        "0000ff",
        "--soft",
        "--gap",
        "2",
        "--connectivity",
        "8",
    ]);
    assert!(ok, "{err}");
    // The 1-pixel gap in the wall at row 8 is closed: the lower half stays white.
    assert!(stdout.contains("filled 128 pixels"), "{stdout}");
    let (px, ..) = read_png(&out);
    assert_eq!(&px[(15 * 16) * 4..(15 * 16) * 4 + 4], &[255, 255, 255, 255]);
}

#[test]
fn blend_paints_a_translucent_colour_over_the_image() {
    let dir = tempfile::tempdir().unwrap();
    let input = temp(&dir, "blend.png");
    write_png(&input, 4, 4, png::ColorType::Grayscale, &[255u8; 16]);
    let out = temp(&dir, "blend-out.png");
    let (ok, _, err) = gridwise(&[
        "fill",
        input.to_str().unwrap(),
        out.to_str().unwrap(),
        "--at",
        "1,1",
        "--color",
        "ff000080",
        "--blend",
    ]);
    assert!(ok, "{err}");
    let (px, ..) = read_png(&out);
    assert_eq!(&px[..4], &[255, 127, 127, 255]);
}

#[test]
fn oklab_metric_holds_dark_steps_to_what_the_eye_sees() {
    let dir = tempfile::tempdir().unwrap();
    // Two 4×2 images, each a left half and a right half 18 levels apart on every channel:
    // one dark (20 → 38), one light (200 → 218). By channels, tolerance 22 takes in both right
    // halves; in OKLab the dark step is about 26 and the light one about 19.
    let filled_right_half = |base: u8, metric: &str| {
        let mut rgb = Vec::new();
        for _y in 0..2 {
            for x in 0..4 {
                let v = if x < 2 { base } else { base + 18 };
                rgb.extend_from_slice(&[v, v, v]);
            }
        }
        let (input, output) = (
            temp(&dir, &format!("metric-{base}-{metric}-in.png")),
            temp(&dir, &format!("metric-{base}-{metric}-out.png")),
        );
        write_png(&input, 4, 2, png::ColorType::Rgb, &rgb);
        let (ok, _, stderr) = gridwise(&[
            "fill",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
            "--at",
            "0,0",
            "--color",
            "ff0000",
            "--tolerance",
            "22",
            "--metric",
            metric,
        ]);
        assert!(ok, "{stderr}");
        let (px, ..) = read_png(&output);
        px[3 * 4..3 * 4 + 4] == [255, 0, 0, 255]
    };
    assert!(filled_right_half(20, "max"));
    assert!(filled_right_half(200, "max"));
    assert!(!filled_right_half(20, "oklab"));
    assert!(filled_right_half(200, "oklab"));

    let (ok, _, stderr) = gridwise(&[
        "fill", "a.png", "b.png", "--at", "0,0", "--color", "ff0000", "--metric", "lab",
    ]);
    assert!(!ok);
    assert!(
        stderr.contains("\"lab\" is not a metric: write max or oklab"),
        "{stderr}"
    );
}

#[test]
fn all_regions_colours_each_enclosed_region_distinctly() {
    let dir = tempfile::tempdir().unwrap();
    // 30×20 white with a black frame split down the middle: outside, left and right cells.
    let (w, h) = (30usize, 20usize);
    let mut rgb = vec![255u8; w * h * 3];
    for y in 3..=16 {
        for x in 3..=26 {
            if y == 3 || y == 16 || x == 3 || x == 26 || x == 15 {
                rgb[(y * w + x) * 3..(y * w + x) * 3 + 3].fill(0);
            }
        }
    }
    let (input, output) = (temp(&dir, "regions-in.png"), temp(&dir, "regions-out.png"));
    write_png(&input, w as u32, h as u32, png::ColorType::Rgb, &rgb);
    let (ok, stdout, stderr) = gridwise(&[
        "fill",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
        "--all-regions",
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.starts_with("coloured 3 regions"), "{stdout}");
    assert!(stdout.contains("of the paper #ffffffff"), "{stdout}");
    let (px, ..) = read_png(&output);
    let at = |x: usize, y: usize| px[(y * w + x) * 4..(y * w + x) * 4 + 4].to_vec();
    let (outside, left, right) = (at(1, 1), at(8, 10), at(20, 10));
    assert!(outside != left && left != right && outside != right);
    for c in [&outside, &left, &right] {
        assert_ne!(c[..3], [255, 255, 255]);
    }
    assert_eq!(at(15, 10), vec![0, 0, 0, 255], "the lines stay");

    // --all-regions is instead of --at and --color; without either, the user is told.
    let (ok, _, stderr) = gridwise(&["fill", "a.png", "b.png"]);
    assert!(!ok);
    assert!(stderr.contains("--at"), "{stderr}");
}

#[test]
fn grow_fills_under_an_antialiased_line_up_to_its_centre() {
    let dir = tempfile::tempdir().unwrap();
    // A white image split by a soft horizontal line: rows 6–10 ramp 170, 85, 0, 85, 170.
    let input = temp(&dir, "grow.png");
    let mut gray = vec![255u8; 16 * 16];
    for (row, lum) in [(6, 170u8), (7, 85), (8, 0), (9, 85), (10, 170)] {
        for x in 0..16 {
            gray[row * 16 + x] = lum;
        }
    }
    write_png(&input, 16, 16, png::ColorType::Grayscale, &gray);
    let out = temp(&dir, "grow-out.png");
    let grow = |n: &str| {
        gridwise(&[
            "fill",
            input.to_str().unwrap(),
            out.to_str().unwrap(),
            "--at",
            "0,0",
            "--color",
            "ff0000",
            "--grow",
            n,
        ])
    };
    let (ok, _, err) = grow("4");
    assert!(ok, "{err}");
    let (px, ..) = read_png(&out);
    let at = |x: usize, y: usize| px[(y * 16 + x) * 4..(y * 16 + x) * 4 + 4].to_vec();
    // The near half of the line down to its darkest row is red: no halo under the line.
    for y in 0..=8 {
        assert_eq!(at(5, y), vec![255, 0, 0, 255], "row {y}");
    }
    // The far half and the region beyond are untouched.
    assert_eq!(at(5, 9), vec![85, 85, 85, 255]);
    assert_eq!(at(5, 15), vec![255, 255, 255, 255]);
    // Too far is refused with a message naming the option.
    let (ok, _, err) = grow("40");
    assert!(
        !ok && err.contains("invalid value '40' for '--grow <N>': 40 is not in 0..=16"),
        "{err}"
    );
}

#[test]
fn a_dash_reads_the_picture_from_standard_input_and_writes_it_to_standard_output() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let input = temp(&dir, "in.png");
    // 3×1 grey: one fill turns all of it red.
    write_png(&input, 3, 1, png::ColorType::Grayscale, &[200, 200, 200]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridwise"))
        .args(["fill", "-", "-", "--at", "0,0", "--color", "ff0000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let bytes = std::fs::read(&input).unwrap();
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // The summary goes to standard error, so standard output is the picture alone.
    assert!(
        stderr.contains("filled 3 pixels of 3×1") && stderr.contains("→ standard output"),
        "{stderr}"
    );
    let output = temp(&dir, "out.png");
    std::fs::write(&output, &out.stdout).unwrap();
    let (px, w, h, _) = read_png(&output);
    assert_eq!((w, h), (3, 1));
    assert_eq!(px, [255, 0, 0, 255].repeat(3));

    // Something that is not a PNG on standard input is named as such.
    let (ok, _, stderr) = common::gridwise_with_input(
        &["fill", "-", "-", "--at", "0,0", "--color", "ff0000"],
        "hello",
    );
    assert!(!ok);
    assert!(
        stderr.starts_with("error: standard input is not a readable PNG"),
        "{stderr}"
    );
}

/// An output named as another format is still written as a PNG, and standard error says so.
#[test]
fn an_output_not_named_png_is_a_png_and_said_to_be() {
    let dir = tempfile::tempdir().unwrap();
    let (input, output) = (temp(&dir, "in.png"), temp(&dir, "out.jpg"));
    write_png(&input, 2, 2, png::ColorType::Rgba, &[255; 16]);
    let (ok, _, stderr) = gridwise(&[
        "fill",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
        "--at",
        "0,0",
        "--color",
        "#000000",
    ]);
    assert!(ok, "{stderr}");
    assert!(
        stderr.contains("out.jpg is written as a PNG image"),
        "{stderr}"
    );
    let (_, w, h, colour) = read_png(&output);
    assert_eq!((w, h, colour), (2, 2, png::ColorType::Rgba));
}
