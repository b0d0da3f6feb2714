//! Bindings for `fill.load`, `fill.apply`, `fill.regions`, `fill.patch`, `fill.gaps` (and
//! `fill.bench`, used by benches/browser/fill.mjs).
//!
//! The page's picture lives here, in the dedicated fill worker's memory (`fill.load`), so a
//! fill moves no pixels across: `fill.apply` and `fill.regions` without `pixels` change the held
//! picture in place and reply with the undo patches only, whose "after" the page writes into
//! its own copy; strokes, undo and redo reach the held picture as patches (`fill.patch`). Each
//! change names the revision it expects and the one it makes, so a worker that missed a change
//! (it was replaced after a cancel) says so instead of filling an old picture.
//! Given `pixels` (a transferred `Uint8ClampedArray`), the same operations work on that buffer
//! and hand it back with the changed rectangle rewritten.

use std::cell::RefCell;

use js_sys::{Reflect, Uint8ClampedArray, Uint32Array};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{Failure, from_args, now_ms, to_js};
use crate::fill::{
    Bounds, Connectivity, FillOptions, FillReport, Metric, Patch, UndoPatches, check_image,
    check_size, colour_regions, distinct_colour, fill, fill_with_undo, gap_closures,
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

/// `{runs}`, `{raw}` or `{spans, runs}`: `Uint32Array`s of the patch (see [`Patch`]).
fn patch_js(patch: &Patch) -> Result<JsValue, Failure> {
    let object = JsValue::from(js_sys::Object::new());
    match patch {
        Patch::Runs(w) => set(&object, "runs", &Uint32Array::from(&w[..]))?,
        Patch::Raw(w) => set(&object, "raw", &Uint32Array::from(&w[..]))?,
        Patch::Spans { spans, runs } => {
            set(&object, "spans", &Uint32Array::from(&spans[..]))?;
            set(&object, "runs", &Uint32Array::from(&runs[..]))?;
        }
    }
    Ok(object)
}

/// Reads a patch the page sends (`{runs}`, `{raw}` or `{spans, runs}`, as `patch_js` writes
/// them) with the rectangle it covers (`x, y, w, h`).
fn patch_from_js(value: &JsValue) -> Result<(Patch, Bounds), Failure> {
    let bad = |what: &str| Failure::new(&format!("the patch {what}"), &ErrorPlace::field("patch"));
    let words = |key: &str| {
        Reflect::get(value, &key.into())
            .ok()
            .and_then(|v| v.dyn_into::<Uint32Array>().ok())
            .map(|a| a.to_vec())
    };
    let number = |key: &str| {
        Reflect::get(value, &key.into())
            .ok()
            .and_then(|v| v.as_f64())
            .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n < 1e9)
            .map(|n| n as usize)
    };
    let (Some(x), Some(y), Some(w), Some(h)) = (number("x"), number("y"), number("w"), number("h"))
    else {
        return Err(bad("needs whole numbers x, y, w and h"));
    };
    if w == 0 || h == 0 {
        return Err(bad("covers no pixel"));
    }
    let bounds = Bounds {
        x0: x,
        y0: y,
        x1: x + w - 1,
        y1: y + h - 1,
    };
    let patch = match (words("spans"), words("runs"), words("raw")) {
        (Some(spans), Some(runs), _) => Patch::Spans { spans, runs },
        (None, Some(runs), _) => Patch::Runs(runs),
        (None, None, Some(raw)) => Patch::Raw(raw),
        _ => return Err(bad("needs runs or raw pixels as a Uint32Array")),
    };
    Ok((patch, bounds))
}

/// The picture the page is editing, held by the dedicated fill worker.
struct HeldPicture {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
    /// The page's revision number of the picture as held here.
    revision: f64,
    /// The undo steps made here, so that undo and redo can name a step instead of sending it.
    steps: Steps,
}

/// Most bytes of undo steps kept for naming (oldest dropped first; the page then sends them).
const STEPS_MAX_BYTES: usize = 256 << 20;

/// Undo steps made by fills here, by number.
#[derive(Default)]
struct Steps {
    next: u32,
    kept: std::collections::VecDeque<(u32, Bounds, UndoPatches)>,
    bytes: usize,
    /// Steps undone and not redone. A new step ends the page's redo branch, so it drops them:
    /// a fill and its undo, repeated, used to keep every step (4 MB each on a 4096² photo)
    /// until the byte limit.
    undone: std::collections::HashSet<u32>,
}

fn patch_bytes(p: &Patch) -> usize {
    4 * match p {
        Patch::Runs(w) | Patch::Raw(w) => w.len(),
        Patch::Spans { spans, runs } => spans.len() + runs.len(),
    }
}

impl Steps {
    /// Keeps a step; returns its number.
    fn keep(&mut self, bounds: Bounds, undo: UndoPatches) -> u32 {
        let id = self.next;
        self.next += 1;
        if !self.undone.is_empty() {
            let undone = std::mem::take(&mut self.undone);
            let mut freed = 0;
            self.kept.retain(|(k, _, old)| {
                let gone = undone.contains(k);
                if gone {
                    freed += patch_bytes(&old.before) + patch_bytes(&old.after);
                }
                !gone
            });
            self.bytes -= freed;
        }
        self.bytes += patch_bytes(&undo.before) + patch_bytes(&undo.after);
        self.kept.push_back((id, bounds, undo));
        while self.bytes > STEPS_MAX_BYTES {
            let Some((_, _, old)) = self.kept.pop_front() else {
                break;
            };
            self.bytes -= patch_bytes(&old.before) + patch_bytes(&old.after);
        }
        id
    }

    /// Notes that step `id` was undone (`after` false) or redone.
    fn applied(&mut self, id: u32, after: bool) {
        if after {
            self.undone.remove(&id);
        } else {
            self.undone.insert(id);
        }
    }

    /// Step `id`'s patch "before" or "after", with its rectangle.
    fn find(&self, id: u32, after: bool) -> Option<(&Patch, Bounds)> {
        let (_, bounds, undo) = self.kept.iter().find(|(k, _, _)| *k == id)?;
        Some((if after { &undo.after } else { &undo.before }, *bounds))
    }
}

thread_local! {
    static HELD: RefCell<Option<HeldPicture>> = const { RefCell::new(None) };
}

/// The revision a change expects the held picture to be at, and the one it makes.
#[derive(Deserialize)]
struct Revisions {
    revision: f64,
    next: f64,
}

/// Runs `change` on the held picture when it is at `r.revision`, then moves it to `r.next`
/// when `change` says it changed anything (as the page counts a revision only then).
fn change_held<T>(
    r: &Revisions,
    change: impl FnOnce(&mut HeldPicture) -> Result<(T, bool), Failure>,
) -> Result<T, Failure> {
    HELD.with_borrow_mut(|held| {
        let stale = || {
            Failure::new(
                "the fill worker's copy of the picture is out of date (it needs fill.load)",
                &ErrorPlace::field("revision"),
            )
        };
        let picture = held.as_mut().ok_or_else(stale)?;
        if picture.revision != r.revision {
            return Err(stale());
        }
        let (value, changed) = change(picture)?;
        if changed {
            picture.revision = r.next;
        }
        Ok(value)
    })
}

#[derive(Deserialize)]
struct LoadArgs {
    width: u32,
    height: u32,
    revision: f64,
    /// A picture all of this colour (little-endian RGBA), instead of `pixels`.
    colour: Option<u32>,
}

/// `fill.load {pixels | colour, width, height, revision}` → `{revision}`: holds a copy of the
/// picture (or makes one all of `colour`) for the fills, patches and region colouring that
/// follow.
#[wasm_bindgen]
pub fn fill_load(args: JsValue, _progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let a: LoadArgs = from_args(args.clone())?;
    let input = match a.colour {
        Some(_) => None,
        None => Some(pixels_of(&args)?),
    };
    let length = match &input {
        Some(input) => input.length() as usize,
        None => {
            check_size(a.width, a.height)?;
            a.width as usize * a.height as usize * 4
        }
    };
    let mut pixels = Vec::new();
    HELD.with_borrow_mut(|held| {
        // The old picture's memory is reused (a 4096² one is 64 MB); measured, the first fill
        // after a load is quicker then than after a fresh allocation.
        if let Some(old) = held.take() {
            pixels = old.pixels;
        }
    });
    pixels.clear();
    pixels.resize(length, 0);
    match (&input, a.colour) {
        (Some(input), _) => input.copy_to(&mut pixels),
        (None, Some(colour)) => pixels.as_chunks_mut::<4>().0.fill(colour.to_le_bytes()),
        (None, None) => {}
    }
    check_image(&pixels, a.width, a.height, 0, 0)?;
    HELD.with_borrow_mut(|held| {
        *held = Some(HeldPicture {
            width: a.width,
            height: a.height,
            pixels,
            revision: a.revision,
            steps: Steps::default(),
        })
    });
    to_js(&serde_json::json!({ "revision": a.revision }))
}

#[derive(Deserialize)]
struct StepArgs {
    /// The number of a step made here (`step` in a fill's reply).
    step: Option<u32>,
    /// Which side of it to write: "before" (undo) or "after" (redo).
    which: Option<String>,
}

/// `fill.patch {patch | step, which, revision, next}` → `{revision}`: writes a patch (a
/// stroke, an undo or a redo made on the page) into the held picture: the patch itself, or a
/// step a fill made here, by its number, before (undo) or after (redo). A step no longer kept
/// is refused with `field: "step"`; the page then sends the patch.
#[wasm_bindgen]
pub fn fill_patch(args: JsValue, _progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let revisions: Revisions = from_args(args.clone())?;
    let named: StepArgs = from_args(args.clone())?;
    let after = match named.which.as_deref() {
        None | Some("after") => true,
        Some("before") => false,
        Some(other) => {
            return Err(Failure::new(
                &format!("which must be before or after, not \"{other}\""),
                &ErrorPlace::field("which"),
            ));
        }
    };
    let sent = match named.step {
        Some(_) => None,
        None => {
            let value = Reflect::get(&args, &"patch".into()).unwrap_or(JsValue::UNDEFINED);
            Some(patch_from_js(&value)?)
        }
    };
    change_held(&revisions, |picture| {
        let HeldPicture {
            width,
            height,
            pixels,
            steps,
            ..
        } = picture;
        let (patch, bounds) = match (&sent, named.step) {
            (Some((patch, bounds)), _) => (patch, *bounds),
            (None, id) => {
                let id = id.unwrap_or_default();
                steps.find(id, after).ok_or_else(|| {
                    Failure::new(
                        &format!("step {id} is no longer kept here"),
                        &ErrorPlace::field("step"),
                    )
                })?
            }
        };
        patch
            .apply(pixels, *width as usize, *height as usize, bounds)
            .map_err(|e| Failure::new(&e.to_string(), &ErrorPlace::field("patch")))?;
        if sent.is_none() {
            steps.applied(named.step.unwrap_or_default(), after);
        }
        Ok(((), true))
    })?;
    to_js(&serde_json::json!({ "revision": revisions.next }))
}

/// Runs a change on the given `pixels` (then written back into that buffer, which the reply
/// hands back as `pixels`) or, without them, on the held picture at the revisions given, which
/// keeps the step and names it in the reply (`step`). `change` returns the reply and, when
/// anything changed, the changed rectangle and its undo patches, which are added to the reply.
fn on_picture(
    args: &JsValue,
    width: u32,
    height: u32,
    change: impl FnOnce(&mut Vec<u8>, u32, u32) -> Result<(JsValue, Changed), Failure>,
) -> Result<JsValue, Failure> {
    let given = Reflect::get(args, &"pixels".into()).unwrap_or(JsValue::UNDEFINED);
    let has_revision = Reflect::has(args, &"revision".into()).unwrap_or(false);
    if given.is_undefined() && has_revision {
        let r: Revisions = from_args(args.clone())?;
        return change_held(&r, |picture| {
            let (reply, changed) = change(&mut picture.pixels, picture.width, picture.height)?;
            let Some((bounds, undo)) = changed else {
                return Ok((reply, false));
            };
            with_patches(&reply, &undo)?;
            // Kept as made, not copied: a photo fill's "before" can be the whole picture.
            let id = picture.steps.keep(bounds, undo);
            set(&reply, "step", &JsValue::from(id))?;
            Ok((reply, true))
        });
    }
    let input = pixels_of(args).map_err(|_| {
        Failure::new(
            "pixels must be a Uint8ClampedArray (or left out, with revision and next, to change \
             the picture given to fill.load)",
            &ErrorPlace::field("pixels"),
        )
    })?;
    let mut px = input.to_vec();
    let (reply, changed) = change(&mut px, width, height)?;
    if let Some((bounds, undo)) = changed {
        copy_rows(&input, &px, width as usize, bounds);
        with_patches(&reply, &undo)?;
    }
    set(&reply, "pixels", &input)?;
    Ok(reply)
}

/// What a change changed: its rectangle and undo patches, or nothing.
type Changed = Option<(Bounds, UndoPatches)>;

/// Adds the undo patches to a reply.
fn with_patches(reply: &JsValue, undo: &UndoPatches) -> Result<(), Failure> {
    set(reply, "before", &patch_js(&undo.before)?)?;
    set(reply, "after", &patch_js(&undo.after)?)
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

/// `fill.apply {pixels?, width, height, x, y, color, options, revision?, next?}` →
/// `{pixels?, filled, blended, bounds, before, after}`: `bounds` is the rectangle that changed
/// (null when nothing did); `before` and `after` are the undo patches of what changed in it,
/// `{runs}`, `{raw}` or `{spans, runs}` as `Uint32Array`s. Without `pixels` the held picture is
/// filled (see `fill.load`); with them, `pixels` is that buffer handed back, filled.
#[wasm_bindgen]
pub fn fill_apply(args: JsValue, _progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let a: ApplyArgs = from_args(args.clone())?;
    let options = a.options.to_core()?;
    on_picture(&args, a.width, a.height, |px, width, height| {
        let (report, undo) = fill_with_undo(px, width, height, (a.x, a.y), a.color, &options)?;
        let reply = to_js(&ApplyReply::from(report))?;
        Ok((reply, report.bounds.zip(undo)))
    })
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

/// `fill.regions {pixels?, width, height, options, palette?, revision?, next?}` →
/// `{pixels?, regions, filled, blended, paper, bounds, before, after}`: every enclosed region
/// of the paper (the lightest common colour) in a colour of its own, as one change with one pair
/// of undo patches (see `fill.apply`, also for the held picture).
#[wasm_bindgen]
pub fn fill_regions(args: JsValue, _progress: &js_sys::Function) -> Result<JsValue, Failure> {
    let a: RegionsArgs = from_args(args.clone())?;
    let options = a.options.to_core()?;
    let palette = a.palette;
    let colour = |k: usize| {
        if palette.is_empty() {
            distinct_colour(k)
        } else {
            palette[k % palette.len()]
        }
    };
    on_picture(&args, a.width, a.height, |px, width, height| {
        let (report, undo) = colour_regions(px, width, height, &options, colour)?;
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
        Ok((reply, report.bounds.zip(undo)))
    })
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
