//! Bindings for `fill.apply`, `fill.regions`, `fill.gaps` (and `fill.bench`, used by
//! benches/browser/fill.mjs). Pixels
//! cross as `Uint8ClampedArray`s, which the worker transfers rather than copies; the reply
//! hands the same buffer back with only the changed rectangle rewritten.

use js_sys::{Reflect, Uint8ClampedArray, Uint32Array};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{Failure, from_args, now_ms, to_js};
use crate::fill::{
    Bounds, Connectivity, FillOptions, FillReport, Metric, Patch, colour_regions, distinct_colour,
    fill, fill_with_undo, gap_closures,
};
use crate::util::place::ErrorPlace;

#[derive(Deserialize)]
struct ApplyArgs {
    width: u32,
    height: u32,
    x: i64,
    y: i64,
    color: [u8; 4],
    #[serde(default)]
    options: Options,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Options {
    tolerance: u8,
    metric: Option<String>,
    connectivity: Option<u32>,
    global: bool,
    soft: bool,
    gap: u32,
    blend: bool,
    grow: u32,
}

impl Options {
    fn to_core(&self) -> Result<FillOptions, Failure> {
        let connectivity =
            Connectivity::from_count(self.connectivity.unwrap_or(4)).ok_or_else(|| {
                Failure::new(
                    "connectivity must be 4 or 8",
                    &ErrorPlace::field("connectivity"),
                )
            })?;
        let metric = match self.metric.as_deref() {
            None => Metric::Max,
            Some(name) => Metric::from_name(name).ok_or_else(|| {
                Failure::new(
                    &format!("metric must be max or oklab, not \"{name}\""),
                    &ErrorPlace::field("metric"),
                )
            })?,
        };
        Ok(FillOptions {
            tolerance: self.tolerance,
            metric,
            connectivity,
            global: self.global,
            soft: self.soft,
            gap: self.gap,
            blend: self.blend,
            grow: self.grow,
        })
    }
}

#[derive(Serialize)]
struct Rect {
    x: usize,
    y: usize,
    width: usize,
    height: usize,
}

#[derive(Serialize)]
struct ApplyReply {
    filled: u64,
    blended: u64,
    /// The rectangle that changed, or null when nothing did.
    bounds: Option<Rect>,
}

impl From<FillReport> for ApplyReply {
    fn from(r: FillReport) -> Self {
        let bounds = r.bounds.map(|b| Rect {
            x: b.x0,
            y: b.y0,
            width: b.x1 - b.x0 + 1,
            height: b.y1 - b.y0 + 1,
        });
        ApplyReply {
            filled: r.filled,
            blended: r.blended,
            bounds,
        }
    }
}

fn pixels_of(args: &JsValue) -> Result<Uint8ClampedArray, Failure> {
    Reflect::get(args, &"pixels".into())
        .ok()
        .and_then(|v| v.dyn_into::<Uint8ClampedArray>().ok())
        .ok_or_else(|| {
            Failure::new(
                "pixels must be a Uint8ClampedArray",
                &ErrorPlace::field("pixels"),
            )
        })
}

fn set(object: &JsValue, key: &str, value: &JsValue) -> Result<(), Failure> {
    Reflect::set(object, &key.into(), value)
        .map(|_| ())
        .map_err(|_| Failure::new("cannot build the reply", &ErrorPlace::default()))
}

/// `{runs}` or `{raw}`: a `Uint32Array` of the patch (see [`Patch`]).
fn patch_js(patch: Patch) -> Result<JsValue, Failure> {
    let object = JsValue::from(js_sys::Object::new());
    let (key, words) = match &patch {
        Patch::Runs(w) => ("runs", w),
        Patch::Raw(w) => ("raw", w),
    };
    set(&object, key, &Uint32Array::from(&words[..]))?;
    Ok(object)
}

/// Copies the rows of `bounds` from `px` into the JS array `out` (one copy when full width).
fn copy_rows(out: &Uint8ClampedArray, px: &[u8], width: usize, b: Bounds) {
    let row = width * 4;
    let (a, z) = (b.x0 * 4, (b.x1 + 1) * 4);
    if a == 0 && z == row {
        let (s, e) = (b.y0 * row, (b.y1 + 1) * row);
        out.subarray(s as u32, e as u32).copy_from(&px[s..e]);
        return;
    }
    for y in b.y0..=b.y1 {
        let (s, e) = (y * row + a, y * row + z);
        out.subarray(s as u32, e as u32).copy_from(&px[s..e]);
    }
}

/// `fill.apply {pixels, width, height, x, y, color, options}` →
/// `{pixels, filled, blended, bounds, before, after}`: `pixels` is the input buffer with the
/// changed rectangle `bounds` (null when nothing changed) written back; `before` and `after`
/// are that rectangle's undo patches, `{runs}` or `{raw}` as `Uint32Array`s.
#[wasm_bindgen]
pub fn fill_apply(args: JsValue, _progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let input = pixels_of(&args)?;
    let a: ApplyArgs = from_args(args)?;
    let mut px = input.to_vec();
    let options = a.options.to_core()?;
    let (report, undo) = fill_with_undo(&mut px, a.width, a.height, (a.x, a.y), a.color, &options)?;
    let reply = to_js(&ApplyReply::from(report))?;
    if let (Some(b), Some(undo)) = (report.bounds, undo) {
        copy_rows(&input, &px, a.width as usize, b);
        set(&reply, "before", &patch_js(undo.before)?)?;
        set(&reply, "after", &patch_js(undo.after)?)?;
    }
    set(&reply, "pixels", &input)?;
    Ok(reply)
}

#[derive(Deserialize)]
struct GapsArgs {
    width: u32,
    height: u32,
    x: i64,
    y: i64,
    #[serde(default)]
    options: Options,
}

/// `fill.gaps {pixels, width, height, x, y, options}` → `{runs, count}`: where gap closing
/// would stop a fill from (x, y) with these options (see `gap_closures`), as a `Uint32Array`
/// of `y, x0, x1` triples (x1 exclusive), and how many pixels that is. The page sends a crop
/// around the pointer, so the preview stays quick on any image.
#[wasm_bindgen]
pub fn fill_gaps(args: JsValue, _progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let input = pixels_of(&args)?;
    let a: GapsArgs = from_args(args)?;
    let mut px = input.to_vec();
    let options = a.options.to_core()?;
    let closures = gap_closures(&mut px, a.width, a.height, (a.x, a.y), &options)?;
    let mut runs: Vec<u32> = Vec::new();
    let mut count = 0u64;
    closures.for_each_run(|y, x0, x1| {
        runs.extend([y as u32, x0 as u32, x1 as u32]);
        count += (x1 - x0) as u64;
    });
    let reply = to_js(&serde_json::json!({ "count": count }))?;
    set(&reply, "runs", &Uint32Array::from(runs.as_slice()))?;
    Ok(reply)
}

#[derive(Deserialize)]
struct RegionsArgs {
    width: u32,
    height: u32,
    #[serde(default)]
    options: Options,
    /// Colours for the regions in the order they are found, used in turn; distinct generated
    /// colours when empty.
    #[serde(default)]
    palette: Vec<[u8; 4]>,
}

/// `fill.regions {pixels, width, height, options, palette?}` →
/// `{pixels, regions, filled, blended, paper, bounds, before, after}`: every enclosed region
/// of the paper (the most common colour) in a colour of its own, as one change with one pair
/// of undo patches (see `fill.apply`).
#[wasm_bindgen]
pub fn fill_regions(args: JsValue, _progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let input = pixels_of(&args)?;
    let a: RegionsArgs = from_args(args)?;
    let mut px = input.to_vec();
    let options = a.options.to_core()?;
    let palette = a.palette;
    let colour = |k: usize| {
        if palette.is_empty() {
            distinct_colour(k)
        } else {
            palette[k % palette.len()]
        }
    };
    let (report, undo) = colour_regions(&mut px, a.width, a.height, &options, colour)?;
    let bounds = report.bounds.map(|b| Rect {
        x: b.x0,
        y: b.y0,
        width: b.x1 - b.x0 + 1,
        height: b.y1 - b.y0 + 1,
    });
    let reply = to_js(&serde_json::json!({
        "regions": report.regions,
        "filled": report.filled,
        "blended": report.blended,
        "paper": report.paper,
        "bounds": bounds,
    }))?;
    if let (Some(b), Some(undo)) = (report.bounds, undo) {
        copy_rows(&input, &px, a.width as usize, b);
        set(&reply, "before", &patch_js(undo.before)?)?;
        set(&reply, "after", &patch_js(undo.after)?)?;
    }
    set(&reply, "pixels", &input)?;
    Ok(reply)
}

#[derive(Deserialize)]
struct BenchArgs {
    width: u32,
    height: u32,
    x: i64,
    y: i64,
    colors: Vec<[u8; 4]>,
    #[serde(default)]
    options: Options,
}

/// `fill.bench {pixels, width, height, x, y, colors, options}` → `{ms: [...]}`: fills the
/// image once per colour in turn, timing each fill alone (no copies across the boundary).
#[wasm_bindgen]
pub fn fill_bench(args: JsValue) -> Result<JsValue, Failure> {
    let mut px = pixels_of(&args)?.to_vec();
    let a: BenchArgs = from_args(args)?;
    let options = a.options.to_core()?;
    let mut ms = Vec::new();
    for &colour in &a.colors {
        let start = now_ms();
        fill(&mut px, a.width, a.height, (a.x, a.y), colour, &options)?;
        ms.push(now_ms() - start);
    }
    to_js(&serde_json::json!({ "ms": ms }))
}
