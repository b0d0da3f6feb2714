//! A memo of nested chains' inner searches kept outside this search's memory, so that several
//! searchers that share no memory can still share it: the page's workers rating one puzzle keep
//! one in a `SharedArrayBuffer` (see `www/inner-store.js`). Natively the threads share
//! `se_nested`'s own memo and nothing is installed.
//!
//! An inner search's answer depends only on the search, its starting board and its stalled
//! board, so an entry is valid for any puzzle: it is stored under a 128-bit hash of those,
//! as a list of words.

use std::cell::RefCell;

use super::super::candidates::Digits;
use super::se_chaining::InnerChain;
use super::se_nested::InnerElimination;

/// A store of inner searches' answers by key (see [`key`]). It may forget, and may refuse to
/// keep more: that only costs searching again.
pub trait InnerStore {
    fn get(&self, key: [u64; 2]) -> Option<Vec<u32>>;
    fn put(&self, key: [u64; 2], words: &[u32]);
}

thread_local! {
    /// The store installed for this thread's searches, if any.
    static STORE: RefCell<Option<Box<dyn InnerStore>>> = const { RefCell::new(None) };
}

/// Runs `work` with `store` installed for the inner searches it makes on this thread.
pub fn with_inner_store<R>(store: Box<dyn InnerStore>, work: impl FnOnce() -> R) -> R {
    struct Uninstall;
    impl Drop for Uninstall {
        fn drop(&mut self) {
            STORE.with(|s| s.borrow_mut().take());
        }
    }
    STORE.with(|s| *s.borrow_mut() = Some(store));
    let _uninstall = Uninstall;
    work()
}

/// Whether a store is installed on this thread.
pub(super) fn installed() -> bool {
    STORE.with(|s| s.borrow().is_some())
}

/// The installed store's answer for `key`, decoded.
pub(super) fn get(key: [u64; 2]) -> Option<Vec<InnerElimination>> {
    let words = STORE.with(|s| s.borrow().as_ref().and_then(|store| store.get(key)))?;
    decode(&words)
}

/// Gives the installed store `found` under `key`.
pub(super) fn put(key: [u64; 2], found: &[InnerElimination]) {
    let words = encode(found);
    STORE.with(|s| {
        if let Some(store) = s.borrow().as_ref() {
            store.put(key, &words);
        }
    });
}

/// The store's key of inner search `rule` (a number per rule) from `source` stalled on `grid`:
/// two independent 64-bit hashes of every candidate set of both boards.
pub(super) fn key(rule: u64, source: &[Digits; 81], grid: &[Digits; 81]) -> [u64; 2] {
    let mut h = [
        0x243F_6A88_85A3_08D3 ^ rule,
        0x1319_8A2E_0370_7344 ^ rule.rotate_left(32),
    ];
    for four in source.chunks(4).chain(grid.chunks(4)) {
        let word = four.iter().fold(0u64, |w, &d| (w << 16) | u64::from(d));
        h[0] = mix(h[0] ^ word);
        h[1] = mix(h[1].rotate_left(23) ^ word ^ 0x9E37_79B9_7F4A_7C15);
    }
    h
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `[count, then per elimination: node, complexity, fingerprint low, high, parents, parent…]`.
fn encode(found: &[InnerElimination]) -> Vec<u32> {
    let mut words = vec![found.len() as u32];
    for e in found {
        words.extend([
            e.node as u32,
            e.chain.complexity as u32,
            e.chain.fingerprint as u32,
            (e.chain.fingerprint >> 32) as u32,
            e.parents.len() as u32,
        ]);
        words.extend(e.parents.iter().map(|&p| p as u32));
    }
    words
}

/// The list `encode` wrote, or `None` when the words are not one (a store must not be trusted
/// to hand back what it was given).
fn decode(words: &[u32]) -> Option<Vec<InnerElimination>> {
    let (&count, mut rest) = words.split_first()?;
    let mut found = Vec::with_capacity((count as usize).min(rest.len()));
    for _ in 0..count {
        let (head, tail) = rest.split_at_checked(5)?;
        let parents = head[4] as usize;
        let (parents, tail) = tail.split_at_checked(parents)?;
        found.push(InnerElimination {
            node: head[0] as usize,
            parents: parents.iter().map(|&p| p as usize).collect(),
            chain: InnerChain {
                complexity: head[1] as usize,
                fingerprint: u64::from(head[2]) | u64::from(head[3]) << 32,
            },
        });
        rest = tail;
    }
    rest.is_empty().then_some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eliminations_come_back_as_they_were_stored() {
        let found = vec![
            InnerElimination {
                node: 700,
                parents: vec![3, 1457, 12],
                chain: InnerChain {
                    complexity: 17,
                    fingerprint: 0xDEAD_BEEF_0123_4567,
                },
            },
            InnerElimination {
                node: 5,
                parents: vec![],
                chain: InnerChain {
                    complexity: 2,
                    fingerprint: 1,
                },
            },
        ];
        let back = decode(&encode(&found)).unwrap();
        assert_eq!(back.len(), 2);
        for (a, b) in found.iter().zip(&back) {
            assert_eq!((a.node, &a.parents), (b.node, &b.parents));
            assert_eq!(
                (a.chain.complexity, a.chain.fingerprint),
                (b.chain.complexity, b.chain.fingerprint)
            );
        }
        assert!(decode(&encode(&[])).unwrap().is_empty());
        // Words that are not such a list are refused.
        let mut cut = encode(&found);
        cut.pop();
        assert!(decode(&cut).is_none());
        assert!(decode(&[]).is_none());
    }

    #[test]
    fn keys_tell_the_search_and_both_boards_apart() {
        let a = [0x1FFu16; 81];
        let mut b = a;
        b[80] = 0x0FF;
        assert_ne!(key(0, &a, &a), key(1, &a, &a));
        assert_ne!(key(0, &a, &b), key(0, &b, &a));
        assert_ne!(key(0, &a, &a), key(0, &a, &b));
        assert_eq!(key(2, &a, &b), key(2, &a, &b));
    }

    /// A store in this process's memory, counting what is asked of it.
    #[derive(Clone, Default)]
    struct Counted(std::rc::Rc<RefCell<(Kept, usize)>>);

    type Kept = std::collections::HashMap<[u64; 2], Vec<u32>>;

    impl InnerStore for Counted {
        fn get(&self, key: [u64; 2]) -> Option<Vec<u32>> {
            let mut inner = self.0.borrow_mut();
            let found = inner.0.get(&key).cloned();
            inner.1 += usize::from(found.is_some());
            found
        }

        fn put(&self, key: [u64; 2], words: &[u32]) {
            self.0.borrow_mut().0.insert(key, words.to_vec());
        }
    }

    #[test]
    fn a_rating_keeps_its_inner_searches_in_the_store_and_finds_them_there() {
        // A hardest-1106 puzzle that needs nested chains (SE 10.x), rated in a fraction of a
        // second.
        let puzzle =
            "1....6.8...7.....66.....15..3.9.........2....7....854.....9.81.8...41..5.1....4..";
        super::super::se_nested::forget_all();
        let alone = crate::sudoku::rating::rate(puzzle).unwrap();
        assert!(alone.rating >= 9.5, "a nested chain: {}", alone.rating);
        let store = Counted::default();
        super::super::se_nested::forget_all();
        let first = with_inner_store(Box::new(store.clone()), || {
            crate::sudoku::rating::rate(puzzle).unwrap()
        });
        assert!(!installed(), "uninstalled after");
        assert!(!store.0.borrow().0.is_empty(), "searches were stored");
        // With this process's memo forgotten, the answers come from the store.
        super::super::se_nested::forget_all();
        let second = with_inner_store(Box::new(store.clone()), || {
            crate::sudoku::rating::rate(puzzle).unwrap()
        });
        assert!(store.0.borrow().1 > 0, "searches were found in the store");
        for r in [&first, &second] {
            assert_eq!((r.rating, r.ep, r.ed), (alone.rating, alone.ep, alone.ed));
            assert_eq!(r.hardest, alone.hardest);
        }
    }
}
