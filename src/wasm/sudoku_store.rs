//! The memo of nested chains' inner searches shared by the page's workers rating one puzzle
//! (see `crate::sudoku::logic::inner_store`): `www/inner-store.js` keeps it in a
//! `SharedArrayBuffer`, and the worker installs its hooks as the global `gridwiseInnerStore`
//! for a request that carries `store`; these imports call them.

use wasm_bindgen::prelude::*;

use crate::sudoku::logic::inner_store::{InnerStore, with_inner_store};

#[wasm_bindgen(js_namespace = gridwiseInnerStore)]
extern "C" {
    /// The words stored under the key (a `Uint32Array`), or `undefined`.
    #[wasm_bindgen(js_name = get)]
    fn store_get(k1_low: u32, k1_high: u32, k2_low: u32, k2_high: u32) -> JsValue;
    #[wasm_bindgen(js_name = put)]
    fn store_put(k1_low: u32, k1_high: u32, k2_low: u32, k2_high: u32, words: &[u32]);
}

/// The shared store, through the hooks.
struct SharedStore;

fn halves([a, b]: [u64; 2]) -> (u32, u32, u32, u32) {
    (a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32)
}

impl InnerStore for SharedStore {
    fn get(&self, key: [u64; 2]) -> Option<Vec<u32>> {
        let (a, b, c, d) = halves(key);
        let found = store_get(a, b, c, d);
        found
            .dyn_into::<js_sys::Uint32Array>()
            .ok()
            .map(|words| words.to_vec())
    }

    fn put(&self, key: [u64; 2], words: &[u32]) {
        let (a, b, c, d) = halves(key);
        store_put(a, b, c, d, words);
    }
}

/// Runs `work` with the shared store installed when the request `args` carries `store` (its
/// worker has installed the hooks), else as it is.
pub(crate) fn with_shared_store<R>(args: &JsValue, work: impl FnOnce() -> R) -> R {
    let shared =
        js_sys::Reflect::get(args, &JsValue::from_str("store")).is_ok_and(|s| s.is_truthy());
    if shared {
        with_inner_store(Box::new(SharedStore), work)
    } else {
        work()
    }
}
