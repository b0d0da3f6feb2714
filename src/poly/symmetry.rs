//! Counting tilings modulo the board's symmetries, exactly.
//!
//! Two tilings are the same *distinct* solution when a rotation or reflection of the board
//! maps one onto the other. Symmetry breaking: one piece type with a single copy (the one with
//! the fewest placement orbits) may only take one placement from each orbit of its placements
//! under the board's symmetry group G. Every orbit of solutions then still shows up, and a
//! found solution `s` with that piece at `r` stands for its whole orbit: if no symmetry fixes
//! `r`, `s` is found exactly once per orbit and the orbit has |G| members; if some do (the
//! stabiliser of `r`), the search finds the orbit |Stab(r)| / |Stab(s)| times, so only the
//! smallest of those finds is kept and the orbit has |G| / |Stab(s)| members.

use super::problem::Problem;
use super::search::Restriction;

/// Picks the piece to restrict and its allowed placements, or `None` when the board has no
/// symmetry or no piece type is used exactly once in every solution.
pub(crate) fn choose_restriction(problem: &Problem) -> Option<Restriction> {
    let g = problem.symmetries.len();
    if g <= 1 || problem.allow_unused {
        return None;
    }
    let mut best: Option<(usize, usize, Restriction)> = None;
    let mut by_piece = vec![Vec::new(); problem.pieces.len()];
    for (id, p) in problem.placements.iter().enumerate() {
        by_piece[p.piece].push(id);
    }
    // A symmetry maps a piece's placements to the same piece's, so one array of marks serves
    // every piece.
    let mut seen = vec![false; problem.placements.len()];
    for (t, piece) in problem.pieces.iter().enumerate() {
        if piece.count != 1 {
            continue;
        }
        let mut allowed = Vec::new();
        let mut latest = 0;
        for &id in &by_piece[t] {
            if seen[id] {
                continue;
            }
            // Any member of the orbit would do; take the one with the earliest first cell.
            let mut rep = id as u32;
            for map in &problem.symmetries {
                let q = map[id];
                seen[q as usize] = true;
                let key = |i: u32| (problem.placements.first_bit(i as usize), i);
                if key(q) < key(rep) {
                    rep = q;
                }
            }
            latest = latest.max(usize::from(problem.placements.first_bit(rep as usize)));
            allowed.push(rep);
        }
        allowed.sort_unstable();
        let score = (allowed.len(), latest);
        if best.as_ref().is_none_or(|(n, l, _)| score < (*n, *l)) {
            best = Some((score.0, score.1, Restriction { piece: t, allowed }));
        }
    }
    best.map(|(_, _, r)| r)
}

/// Solutions in the order the search meets them: a solution's placements listed by their
/// first position (the order the search makes them in), compared by placement index at the
/// first place they differ. The member of an orbit that represents it is the one met first,
/// so a search stopped early has counted the orbits it has met. (Ordered by sorted placement
/// indices, a search of the 10x12 board with two sets of pentominoes had met 2,000 tilings and
/// no representative.)
struct SearchOrder<'a> {
    problem: &'a Problem,
    solution: &'a [u32],
    /// Placements filed by first position, with the positions taken as bits: the solution's,
    /// and the image being compared.
    own: Filed,
    image: Filed,
}

/// Placements filed by their first positions.
struct Filed {
    at: Vec<u32>,
    taken: [u64; 4],
}

impl Filed {
    /// Files the placements `map[p]` for `p` in `solution`.
    fn file(&mut self, problem: &Problem, solution: &[u32], map: Option<&[u32]>) {
        self.taken = [0; 4];
        for &p in solution {
            let q = map.map_or(p, |m| m[p as usize]);
            let pos = usize::from(problem.placements.first_bit(q as usize));
            self.at[pos] = q;
            self.taken[pos / 64] |= 1 << (pos % 64);
        }
    }

    /// The (position, placement) pairs in the order of their positions.
    fn in_order(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.taken.iter().enumerate().flat_map(move |(w, &word)| {
            std::iter::successors(Some(word), |&rest| Some(rest & rest.wrapping_sub(1)))
                .take_while(|&rest| rest != 0)
                .map(move |rest| {
                    let pos = w * 64 + rest.trailing_zeros() as usize;
                    (pos, self.at[pos])
                })
        })
    }
}

impl<'a> SearchOrder<'a> {
    fn new(problem: &'a Problem, solution: &'a [u32]) -> SearchOrder<'a> {
        let filed = || Filed {
            at: vec![0; problem.positions()],
            taken: [0; 4],
        };
        let mut order = SearchOrder {
            problem,
            solution,
            own: filed(),
            image: filed(),
        };
        order.own.file(problem, solution, None);
        order
    }

    /// How the image of the solution under `map` compares with the solution itself: both are
    /// filed by first position (no sort) and walked together up to the first difference.
    fn image_vs_own(&mut self, map: &[u32]) -> std::cmp::Ordering {
        self.image.file(self.problem, self.solution, Some(map));
        self.image.in_order().cmp(self.own.in_order())
    }
}

/// What one found solution stands for.
pub(crate) struct Orbit {
    /// Whether this find represents its orbit (false: another find of the same orbit does).
    pub representative: bool,
    /// The orbit's size (how many solutions in total it accounts for).
    pub size: u64,
}

/// Classifies a found (sorted) solution under symmetry breaking by `restriction`, or without
/// it (`None`: every solution is found, and the one of each orbit the search meets first
/// represents it).
pub(crate) fn classify(
    problem: &Problem,
    restriction: Option<&Restriction>,
    solution: &[u32],
) -> Orbit {
    let g = problem.symmetries.len();
    // The symmetries to compare under: the stabiliser of the restricted piece's placement,
    // or the whole group.
    let group: Vec<usize> = match restriction {
        Some(r) => {
            let Some(&at) = solution
                .iter()
                .find(|&&p| problem.placements.get(p as usize).piece == r.piece)
            else {
                return Orbit {
                    representative: false,
                    size: 0,
                };
            };
            (0..g)
                .filter(|&k| problem.symmetries[k][at as usize] == at)
                .collect()
        }
        None => (0..g).collect(),
    };
    if group.len() == 1 {
        return Orbit {
            representative: true,
            size: g as u64,
        };
    }
    let mut order = SearchOrder::new(problem, solution);
    let mut fixing = 0u64;
    for &k in &group {
        match order.image_vs_own(&problem.symmetries[k]) {
            std::cmp::Ordering::Less => {
                return Orbit {
                    representative: false,
                    size: 0,
                };
            }
            std::cmp::Ordering::Equal => fixing += 1,
            std::cmp::Ordering::Greater => {}
        }
    }
    Orbit {
        representative: true,
        size: g as u64 / fixing.max(1),
    }
}

/// Puts the distinct members of a solution's orbit (the solution first) at the start of `out`
/// and returns how many there are; the vectors of `out` are reused (a search calls this for
/// every solution it finds).
pub(crate) fn orbit_into(problem: &Problem, solution: &[u32], out: &mut Vec<Vec<u32>>) -> usize {
    let mut members = 0;
    for k in 0..problem.symmetries.len() {
        if out.len() == members {
            out.push(Vec::new());
        }
        let (done, rest) = out.split_at_mut(members);
        let img = &mut rest[0];
        img.clear();
        let map = &problem.symmetries[k];
        img.extend(solution.iter().map(|&p| map[p as usize]));
        img.sort_unstable();
        if !done.contains(img) {
            members += 1;
        }
    }
    members
}
