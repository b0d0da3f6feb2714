//! `gridwise fill`: paint-bucket fill of a PNG (issue 4), and the fill benchmarks.

use std::fs::File;
use std::io::{BufReader, BufWriter, Cursor, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use gridwise::fill::{Connectivity, FillOptions, Metric, colour_regions, distinct_colour, fill};

use crate::measure::{BenchContext, BenchRow, median};

/// Options of `gridwise fill`.
#[derive(clap::Args)]
pub struct Args {
    /// The PNG to read (any PNG colour type; filled as RGBA); `-` for standard input.
    pub input: PathBuf,
    /// Where to write the filled image (RGBA PNG); `-` for standard output (the summary line
    /// then goes to standard error).
    pub output: PathBuf,
    /// The seed pixel, as X,Y (0,0 is the top-left pixel).
    #[arg(long, value_name = "X,Y", value_parser = parse_point, required_unless_present = "all_regions")]
    pub at: Option<(i64, i64)>,
    /// The fill colour, as RRGGBB or RRGGBBAA in hex (a leading # is allowed).
    #[arg(long, value_name = "RRGGBB[AA]", value_parser = parse_colour, required_unless_present = "all_regions")]
    pub color: Option<[u8; 4]>,
    /// Colour every enclosed region of the paper (the lightest common colour) in a distinct
    /// colour of its own, instead of one fill at --at; tolerance, metric, connectivity, soft
    /// edges and gap closing apply to each region as to a fill.
    #[arg(long, conflicts_with_all = ["at", "color", "global", "blend"])]
    pub all_regions: bool,
    /// Largest difference from the seed pixel still filled (0 = exact), 0-255, measured as
    /// --metric says.
    #[arg(long, default_value_t = 0)]
    pub tolerance: u8,
    /// How the difference is measured: `max` (largest of R, G, B, A) or `oklab` (perceptual
    /// distance in OKLab, where 255 is three quarters of black-to-white; alpha within the
    /// tolerance).
    #[arg(long, default_value = "max", value_parser = parse_metric)]
    pub metric: Metric,
    /// 4 (edges only) or 8 (corners too).
    #[arg(long, default_value_t = 4, value_parser = parse_connectivity)]
    pub connectivity: u32,
    /// Fill every similar pixel in the image, connected or not.
    #[arg(long)]
    pub global: bool,
    /// Soft edges: recolour antialiased outlines' edges by coverage (no fringe).
    #[arg(long)]
    pub soft: bool,
    /// Do not leak through gaps in outlines of up to N pixels (0 to 64).
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(gridwise::fill::MAX_GAP)))]
    pub gap: u32,
    /// Paint a translucent colour (alpha below FF) over the region instead of replacing it.
    #[arg(long)]
    pub blend: bool,
    /// Grow the fill up to N pixels into the outline around it, stopping at the line's
    /// centre: no halo of the old colour under antialiased lines (0 to 16).
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(gridwise::fill::MAX_GROW)))]
    pub grow: u32,
}

fn parse_point(s: &str) -> Result<(i64, i64), String> {
    let bad = || format!("\"{s}\" is not a point: write X,Y, e.g. 10,20");
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    Ok((
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

fn parse_metric(s: &str) -> Result<Metric, String> {
    Metric::from_name(s).ok_or_else(|| format!("\"{s}\" is not a metric: write max or oklab"))
}

fn parse_connectivity(s: &str) -> Result<u32, String> {
    match s.trim() {
        "4" => Ok(4),
        "8" => Ok(8),
        _ => Err(format!("\"{s}\" is not a connectivity: write 4 or 8")),
    }
}

fn parse_colour(s: &str) -> Result<[u8; 4], String> {
    let hex = s.strip_prefix('#').unwrap_or(s);
    let bad = || format!("\"{s}\" is not a colour: write RRGGBB or RRGGBBAA in hex, e.g. ff8800");
    if !(hex.len() == 6 || hex.len() == 8) || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(bad());
    }
    let mut c = [255u8; 4];
    for (i, slot) in c.iter_mut().enumerate().take(hex.len() / 2) {
        *slot = u8::from_str_radix(&hex[i * 2..i * 2 + 2], 16).map_err(|_| bad())?;
    }
    Ok(c)
}

/// `-`, the name for standard input or output.
fn is_std_stream(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How the input file is named in messages (`-` as standard input).
fn input_name(path: &Path) -> String {
    stream_or_path(path, "standard input")
}

/// How the output file is named in messages (`-` as standard output).
fn output_name(path: &Path) -> String {
    stream_or_path(path, "standard output")
}

fn stream_or_path(path: &Path, stream: &str) -> String {
    if is_std_stream(path) {
        stream.to_string()
    } else {
        path.display().to_string()
    }
}

/// Reads any PNG as 8-bit RGBA: (pixels, width, height); `-` reads standard input.
pub fn read_rgba(path: &Path) -> Result<(Vec<u8>, u32, u32), String> {
    if is_std_stream(path) {
        // The decoder seeks, which a pipe cannot: the stream is read whole first.
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        return decode_rgba(Cursor::new(bytes), path);
    }
    let file = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    decode_rgba(BufReader::new(file), path)
}

fn decode_rgba(
    source: impl std::io::BufRead + std::io::Seek,
    path: &Path,
) -> Result<(Vec<u8>, u32, u32), String> {
    let mut decoder = png::Decoder::new(source);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let path = input_name(path);
    let bad = |e: png::DecodingError| format!("{path} is not a readable PNG: {e}");
    let mut reader = decoder.read_info().map_err(bad)?;
    let (width, height) = (reader.info().width, reader.info().height);
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| format!("{} is too large ({width}×{height})", path))?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(bad)?;
    buf.truncate(info.buffer_size());
    let n = width as usize * height as usize;
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buf
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        png::ColorType::Grayscale => buf.iter().flat_map(|&g| [g, g, g, 255]).collect(),
        png::ColorType::Indexed => return Err(format!("{}: palette not expanded", path)),
    };
    if rgba.len() != n * 4 {
        return Err(format!("{}: unexpected pixel data size", path));
    }
    Ok((rgba, width, height))
}

/// Writes 8-bit RGBA pixels as a PNG; `-` writes standard output.
pub fn write_rgba(path: &Path, pixels: &[u8], width: u32, height: u32) -> Result<(), String> {
    if is_std_stream(path) {
        // A reader that stopped reading (`| head`, `| true`) is not an error of ours.
        let closed = |e: &std::io::Error| e.kind() == std::io::ErrorKind::BrokenPipe;
        let fail = |e: &dyn std::fmt::Display| format!("cannot write standard output: {e}");
        let mut out = std::io::stdout().lock();
        return match encode_rgba(&mut out, pixels, width, height) {
            Err(png::EncodingError::IoError(e)) if closed(&e) => Ok(()),
            Err(e) => Err(fail(&e)),
            Ok(()) => match out.flush() {
                Err(e) if !closed(&e) => Err(fail(&e)),
                _ => Ok(()),
            },
        };
    }
    let fail = |e: &dyn std::fmt::Display| format!("cannot write {}: {e}", path.display());
    let file = File::create(path).map_err(|e| fail(&e))?;
    encode_rgba(BufWriter::new(file), pixels, width, height).map_err(|e| fail(&e))
}

fn encode_rgba(
    sink: impl Write,
    pixels: &[u8],
    width: u32,
    height: u32,
) -> Result<(), png::EncodingError> {
    let mut encoder = png::Encoder::new(sink, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(pixels)?;
    writer.finish()
}

/// Runs `gridwise fill`.
pub fn run(args: Args) -> ExitCode {
    // The output is always a PNG: a name that says otherwise is pointed out, not refused.
    let png_named = args
        .output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if !is_std_stream(&args.output) && !png_named {
        eprintln!(
            "note: {} is written as a PNG image, whatever its name says",
            output_name(&args.output)
        );
    }
    match run_fill(&args) {
        Ok(message) => {
            // Standard output may be the picture itself.
            if is_std_stream(&args.output) {
                eprintln!("{message}");
            } else {
                println!("{message}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_fill(args: &Args) -> Result<String, String> {
    let (mut pixels, width, height) = read_rgba(&args.input)?;
    let options = FillOptions {
        tolerance: args.tolerance,
        metric: args.metric,
        connectivity: Connectivity::from_count(args.connectivity).unwrap_or_default(),
        global: args.global,
        soft: args.soft,
        gap: args.gap,
        blend: args.blend,
        grow: args.grow,
    };
    let start = Instant::now();
    if args.all_regions {
        let (report, _) = colour_regions(&mut pixels, width, height, &options, distinct_colour)
            .map_err(|e| format!("{}: {e}", input_name(&args.input)))?;
        let took = start.elapsed();
        write_rgba(&args.output, &pixels, width, height)?;
        let [r, g, b, a] = report.paper;
        return Ok(format!(
            "coloured {} region{} ({} pixels{}) of the paper #{r:02x}{g:02x}{b:02x}{a:02x} in {width}×{height} in {:.1} ms → {}",
            report.regions,
            if report.regions == 1 { "" } else { "s" },
            report.filled,
            if report.blended > 0 {
                format!(", +{} soft-edge", report.blended)
            } else {
                String::new()
            },
            took.as_secs_f64() * 1000.0,
            output_name(&args.output)
        ));
    }
    let (Some(at), Some(colour)) = (args.at, args.color) else {
        return Err("give --at and --color, or --all-regions".to_string());
    };
    let report = fill(&mut pixels, width, height, at, colour, &options)
        .map_err(|e| format!("{}: {e}", input_name(&args.input)))?;
    let took = start.elapsed();
    write_rgba(&args.output, &pixels, width, height)?;
    Ok(format!(
        "filled {} pixel{}{} of {width}×{height} in {:.1} ms → {}",
        report.filled,
        if report.filled == 1 { "" } else { "s" },
        if report.blended > 0 {
            format!(" (+{} soft-edge)", report.blended)
        } else {
            String::new()
        },
        took.as_secs_f64() * 1000.0,
        output_name(&args.output)
    ))
}

/// The benchmark images: a blank white canvas, or a serpentine one-pixel corridor (even rows
/// open, odd rows black walls with one opening at alternating ends).
pub fn bench_image(kind: &str, side: usize) -> Vec<u8> {
    let mut px = [255u8, 255, 255, 255].repeat(side * side);
    if kind == "maze" {
        for y in (1..side).step_by(2) {
            let opening = if (y / 2) % 2 == 0 { side - 1 } else { 0 };
            for x in (0..side).filter(|&x| x != opening) {
                px[(y * side + x) * 4..(y * side + x) * 4 + 4].copy_from_slice(&[0, 0, 0, 255]);
            }
        }
    }
    px
}

/// Native fill benchmarks: Mpx/s of canvas area, medians of repeated fills that alternate the
/// colour (white → red → white …) so that every run fills the whole region.
pub fn bench(ctx: &BenchContext) -> Result<Vec<BenchRow>, String> {
    let side = if ctx.quick { 1024 } else { 4096 };
    let runs = if ctx.quick { 3 } else { 9 };
    let mut rows = Vec::new();
    for kind in ["blank", "maze"] {
        let mut px = bench_image(kind, side);
        for (tolerance, metric) in [(0u8, Metric::Max), (16, Metric::Max), (16, Metric::Oklab)] {
            let options = FillOptions {
                tolerance,
                metric,
                ..FillOptions::default()
            };
            let mut samples = Vec::new();
            for i in 0..runs + 1 {
                let colour = if i % 2 == 0 {
                    [255, 0, 0, 255]
                } else {
                    [255, 255, 255, 255]
                };
                let start = Instant::now();
                let report = fill(&mut px, side as u32, side as u32, (0, 0), colour, &options)
                    .map_err(|e| e.to_string())?;
                let secs = start.elapsed().as_secs_f64();
                if report.filled == 0 {
                    return Err(format!("{kind} bench filled nothing"));
                }
                if i > 0 {
                    samples.push((side * side) as f64 / secs / 1e6);
                }
            }
            let mode = match (tolerance, metric) {
                (0, _) => "exact".to_string(),
                (_, Metric::Max) => format!("T={tolerance}"),
                (_, Metric::Oklab) => format!("T={tolerance} oklab"),
            };
            let target = if metric == Metric::Oklab {
                "report"
            } else if kind == "blank" && tolerance == 0 {
                "wasm ≥300 Mpx/s"
            } else if kind == "blank" {
                "wasm ≥150 Mpx/s"
            } else {
                "≥10× a JS queue fill"
            };
            rows.push(BenchRow {
                tool: "fill",
                name: format!("{kind} {side}² {mode}"),
                value: median(&mut samples),
                unit: "Mpx/s",
                target: target.to_string(),
            });
        }
    }
    // Colouring every region of line art: a grid of cells (64 px apart, so 4,096 regions at
    // 4096²), the worst case of many small regions.
    let cell = 64;
    let mut art = vec![255u8; side * side * 4];
    for y in 0..side {
        for x in 0..side {
            if x % cell == 0 || y % cell == 0 {
                art[(y * side + x) * 4..(y * side + x) * 4 + 3].fill(0);
            }
        }
    }
    let mut samples = Vec::new();
    let mut regions = 0;
    for _ in 0..if ctx.quick { 1 } else { 3 } {
        let mut px = art.clone();
        let start = Instant::now();
        let (report, _) = colour_regions(
            &mut px,
            side as u32,
            side as u32,
            &FillOptions {
                soft: true,
                ..FillOptions::default()
            },
            distinct_colour,
        )
        .map_err(|e| e.to_string())?;
        samples.push(start.elapsed().as_secs_f64() * 1000.0);
        regions = report.regions;
    }
    rows.push(BenchRow {
        tool: "fill",
        name: format!("all regions {side}² ({regions} cells, soft)"),
        value: median(&mut samples),
        unit: "ms",
        target: "report".to_string(),
    });
    Ok(rows)
}
