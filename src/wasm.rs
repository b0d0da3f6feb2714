//! The WebAssembly bindings: the only `#[wasm_bindgen]` code in the crate.
//!
//! Every export is named `<tool>_<verb>` and is called by `www/worker.js` for the operation
//! `<tool>.<verb>` as `export(args, progress)`: `args` is the request's plain JS object and
//! `progress` a function that posts a progress message. Exports convert, delegate to a core and
//! convert back; errors become [`Failure`]s: JS errors whose message the page shows the user
//! and whose properties say where they apply. Each tool's adapters live in a file of their own
//! under `src/wasm/`.

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

use crate::util::place::{ErrorPlace, Located};

pub mod fill;
pub mod poly;
pub mod selftest;
pub mod sudoku;
pub mod sudoku_logic;
pub mod sudoku_rating;
pub mod sudoku_store;
pub mod voltorb;
pub mod voltorb_team;

/// Runs once when the module is instantiated: Rust panics then reach the console with their
/// message (the worker still turns the resulting trap into an error reply).
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// `selftest.panic`: panics on purpose, so the end-to-end tests can check that a crash inside
/// the solver reaches the page as an error and that the worker is replaced.
#[wasm_bindgen]
pub fn selftest_panic() {
    panic!("deliberate panic (self-test)");
}

/// An error thrown to the worker: a JS `Error` whose message is for the user, carrying the
/// place it applies to as own properties (`cells`, `line`, `card`, `field`, `index`), which the
/// worker passes on so the page can mark the input without reading the message.
#[derive(Debug)]
pub struct Failure(JsValue);

impl Failure {
    /// An error with `message`, about `place`.
    pub(crate) fn new(message: &str, place: &ErrorPlace) -> Self {
        let error = js_sys::Error::new(message);
        let fields = place.serialize(&serde_wasm_bindgen::Serializer::json_compatible());
        if let Some(fields) = fields
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Object>().ok())
        {
            js_sys::Object::assign(&error, &fields);
        }
        Failure(error.into())
    }
}

impl<E: std::error::Error + Located> From<E> for Failure {
    fn from(error: E) -> Self {
        Failure::new(&error.to_string(), &error.place())
    }
}

impl From<JsError> for Failure {
    fn from(error: JsError) -> Self {
        Failure(error.into())
    }
}

impl From<Failure> for JsValue {
    fn from(failure: Failure) -> JsValue {
        failure.0
    }
}

/// Reads a request's arguments into a Rust type; a missing or mistyped field is an error that
/// names it.
pub(crate) fn from_args<T: DeserializeOwned>(args: JsValue) -> Result<T, Failure> {
    serde_wasm_bindgen::from_value(args)
        .map_err(|e| Failure::new(&format!("bad arguments: {e}"), &ErrorPlace::default()))
}

/// Turns a reply into a plain JS object (maps as objects, so the page reads `value.field`).
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, Failure> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| Failure::new(&format!("cannot encode reply: {e}"), &ErrorPlace::default()))
}

/// A high-resolution clock in milliseconds (`performance.now()` of the worker), for the
/// benchmark exports that time batches from inside the module.
pub(crate) fn now_ms() -> f64 {
    let performance = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"));
    performance
        .ok()
        .and_then(|p| {
            let now = js_sys::Reflect::get(&p, &JsValue::from_str("now")).ok()?;
            let now: &js_sys::Function = now.dyn_ref()?;
            now.call0(&p).ok()?.as_f64()
        })
        .unwrap_or_else(js_sys::Date::now)
}

/// Rate-limits progress reports: the cores may call `report` as often as they like, the page
/// hears at most one message every `interval_ms` (and always the forced ones).
pub(crate) struct Progress<'a> {
    callback: &'a js_sys::Function,
    interval_ms: f64,
    last: f64,
}

impl<'a> Progress<'a> {
    /// Wraps the worker's progress function (about 50 ms between messages).
    pub(crate) fn new(callback: &'a js_sys::Function) -> Self {
        Progress {
            callback,
            interval_ms: 50.0,
            last: js_sys::Date::now(),
        }
    }

    /// True when a report now would be sent (cheap to ask before building a payload).
    pub(crate) fn due(&self) -> bool {
        js_sys::Date::now() - self.last >= self.interval_ms
    }

    /// Sends `payload` if enough time has passed since the last report (or if `force`).
    pub(crate) fn report<T: Serialize>(&mut self, payload: &T, force: bool) {
        let now = js_sys::Date::now();
        if !force && now - self.last < self.interval_ms {
            return;
        }
        self.last = now;
        if let Ok(value) = to_js(payload) {
            let _ = self.callback.call1(&JsValue::NULL, &value);
        }
    }
}
