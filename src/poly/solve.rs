//! The visitor API: run a search, stream solutions (all or only distinct ones), hear about
//! progress, stop at a limit or whenever the visitor says so.

use std::collections::VecDeque;
use std::sync::Arc;

use serde::Serialize;

use super::problem::Problem;
pub use super::search::Estimate;
pub use super::search::Team;
use super::search::{Restriction, Sink, Split, run};
use super::symmetry::{choose_restriction, classify, orbit_into};

/// How to search.
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop after this many solutions have been passed to the visitor.
    pub limit: Option<u64>,
    /// Pass only one solution per symmetry class (the counts still cover both).
    pub distinct: bool,
    /// Use symmetry breaking (on by default; off enumerates every tiling plainly, for tests).
    pub symmetry: bool,
    /// Search only part `k` of `n` (0-based): the branches a few levels down are dealt out in
    /// turn, so the parts are disjoint, together are the whole search, and are of about equal
    /// size. The counts of all parts add up to the whole search's, distinct ones too.
    pub shard: Option<(u32, u32)>,
    /// Search as member `m` of a team of threads in one process (see [`Team`]): the members
    /// take branches as they become free and share their dead ends, and their counts add up
    /// to the whole search's. Overrides `shard`.
    pub team: Option<(Arc<Team>, u32)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limit: None,
            distinct: false,
            symmetry: true,
            shard: None,
            team: None,
        }
    }
}

/// Counters during and after a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Progress {
    /// Solutions counted so far (every symmetric variant counted).
    pub total: u64,
    /// Distinct solutions (classes under the board's symmetries) so far.
    pub distinct: u64,
    /// Search nodes visited.
    pub nodes: u64,
    /// Estimated fraction of the search done, 0 to 1.
    pub fraction: f64,
}

/// The outcome of a search.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The final counters.
    pub counts: Progress,
    /// True when the search ran to the end (the counts are exact), false when stopped early.
    pub complete: bool,
    /// The board's symmetry group order.
    pub symmetries: usize,
}

/// Receives solutions and progress from [`solve`].
pub trait Visitor {
    /// A solution as placement indices (see [`Problem::labels`]). Return false to stop.
    fn solution(&mut self, problem: &Problem, placements: &[u32], counts: &Progress) -> bool;
    /// Called every few thousand search nodes. Return false to stop.
    fn progress(&mut self, _counts: &Progress) -> bool {
        true
    }
    /// Whether `progress` shows a person the fraction of the search done: if so, big searches
    /// first weigh their top branches by random walks, so that the fraction moves steadily
    /// (a few milliseconds, spent for nothing when no one watches).
    fn shows_progress(&self) -> bool {
        false
    }
}

/// A visitor that only counts.
pub struct Count;

impl Visitor for Count {
    fn solution(&mut self, _: &Problem, _: &[u32], _: &Progress) -> bool {
        true
    }
}

/// Collects solutions (as placement indices) up to the search's limit.
#[derive(Default)]
pub struct Collect(pub Vec<Vec<u32>>);

impl Visitor for Collect {
    fn solution(&mut self, _: &Problem, placements: &[u32], _: &Progress) -> bool {
        self.0.push(placements.to_vec());
        true
    }
}

struct Driver<'a> {
    problem: &'a Problem,
    restriction: Option<Restriction>,
    options: &'a Options,
    visitor: &'a mut dyn Visitor,
    counts: Progress,
    emitted: u64,
    /// The solution being classified, as sorted placement indices (the form in which
    /// solutions are compared), and its orbit's members: kept from one solution to the next
    /// (Meteor's search finds a thousand).
    sorted: Vec<u32>,
    members: Vec<Vec<u32>>,
}

impl Driver<'_> {
    fn emit(&mut self, placements: &[u32]) -> bool {
        if self.options.limit.is_some_and(|l| self.emitted >= l) {
            return false;
        }
        self.emitted += 1;
        let go = self
            .visitor
            .solution(self.problem, placements, &self.counts);
        go && self.options.limit.is_none_or(|l| self.emitted < l)
    }

    /// Counts the found solution `s` (sorted) and passes on what the options ask for: the
    /// solution, or its whole orbit when symmetry breaking found it for the orbit.
    fn classify_and_emit(&mut self, s: &[u32]) -> bool {
        let o = classify(self.problem, self.restriction.as_ref(), s);
        if self.restriction.is_some() {
            if !o.representative {
                return true;
            }
            self.counts.distinct += 1;
            self.counts.total += o.size;
            if self.options.distinct {
                return self.emit(s);
            }
            let mut members = std::mem::take(&mut self.members);
            let n = orbit_into(self.problem, s, &mut members);
            let go = members[..n].iter().all(|member| self.emit(member));
            self.members = members;
            go
        } else {
            self.counts.total += 1;
            self.counts.distinct += u64::from(o.representative);
            if self.options.distinct && !o.representative {
                return true;
            }
            self.emit(s)
        }
    }
}

impl Sink for Driver<'_> {
    fn found(&mut self, placements: &[u32]) -> bool {
        let mut s = std::mem::take(&mut self.sorted);
        s.clear();
        s.extend_from_slice(placements);
        s.sort_unstable();
        let go = self.classify_and_emit(&s);
        self.sorted = s;
        go
    }

    fn weighs_progress(&self) -> bool {
        self.visitor.shows_progress()
    }

    fn tick(&mut self, nodes: u64, fraction: f64) -> bool {
        self.counts.nodes = nodes;
        self.counts.fraction = fraction;
        self.visitor.progress(&self.counts)
    }
}

/// Searches `problem`, passing solutions to `visitor` as they are found. With symmetry
/// breaking, each solution found stands for its whole symmetry class, so the members of a
/// class arrive together.
pub fn solve(problem: &Problem, options: &Options, visitor: &mut dyn Visitor) -> Summary {
    let restriction = if options.symmetry {
        choose_restriction(problem)
    } else {
        None
    };
    let view = restriction.clone();
    let mut driver = Driver {
        problem,
        restriction,
        options,
        visitor,
        counts: Progress::default(),
        emitted: 0,
        sorted: Vec::new(),
        members: Vec::new(),
    };
    let split = match (&options.team, options.shard) {
        (Some((team, member)), _) => Split::Team(team, *member),
        (None, Some((k, n))) => Split::Shard(k, n),
        (None, None) => Split::Whole,
    };
    let (nodes, complete) = run(problem, view.as_ref(), split, &mut driver);
    let mut counts = driver.counts;
    counts.nodes = nodes;
    counts.fraction = if complete { 1.0 } else { counts.fraction };
    Summary {
        counts,
        complete,
        symmetries: problem.symmetry_order(),
    }
}

/// Counts all and distinct solutions.
pub fn count(problem: &Problem) -> Summary {
    solve(problem, &Options::default(), &mut Count)
}

/// What a streaming search reports: the counters and the solutions found since the last
/// report (each as [`Problem::labels`]).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Batch {
    /// Solutions counted so far (all symmetric variants).
    pub total: u64,
    /// Distinct solutions so far.
    pub distinct: u64,
    /// Search nodes so far.
    pub nodes: u64,
    /// Estimated fraction done, 0 to 1.
    pub fraction: f64,
    /// Solutions found since the last report, as piece-copy labels per drawn cell: every one
    /// while the first `keep` are streamed, then the latest `keep` of them.
    pub solutions: Vec<Vec<i16>>,
    /// The number of each of `solutions` in the order the search found them (1 = the first).
    pub numbers: Vec<u64>,
}

/// Where a streaming search sends its batches (e.g. a worker's progress messages).
pub trait Reporter {
    /// Whether a report now would be delivered (the receiver rate-limits).
    fn due(&self) -> bool;
    /// Delivers a batch.
    fn send(&mut self, batch: &Batch);
}

/// The end of a streaming search: the summary, plus the solutions not yet reported.
#[derive(Clone, Debug, Serialize)]
pub struct StreamEnd {
    /// Final counters and whether the search ran to the end.
    pub summary: Summary,
    /// Solutions found after the last report (the latest `keep` of them at most).
    pub solutions: Vec<Vec<i16>>,
    /// Their numbers in finding order (see [`Batch::numbers`]).
    pub numbers: Vec<u64>,
    /// How many solutions were passed on in all.
    pub kept: usize,
}

struct Streamer<'a> {
    problem: &'a Problem,
    reporter: &'a mut dyn Reporter,
    keep: usize,
    /// Solutions seen so far.
    seen: u64,
    /// Solutions passed on so far.
    kept: usize,
    /// After the first `keep`: the latest solutions since the last report, oldest first, as
    /// placements (labels are drawn only for those that get sent).
    latest: VecDeque<(u64, Vec<u32>)>,
    batch: Batch,
}

impl Streamer<'_> {
    fn take_latest(&mut self) {
        for (number, placements) in self.latest.drain(..) {
            self.batch.solutions.push(self.problem.labels(&placements));
            self.batch.numbers.push(number);
            self.kept += 1;
        }
    }

    fn flush(&mut self, counts: &Progress) {
        self.take_latest();
        self.batch.total = counts.total;
        self.batch.distinct = counts.distinct;
        self.batch.nodes = counts.nodes;
        self.batch.fraction = counts.fraction;
        self.reporter.send(&self.batch);
        self.batch.solutions.clear();
        self.batch.numbers.clear();
    }
}

impl Visitor for Streamer<'_> {
    fn solution(&mut self, problem: &Problem, placements: &[u32], counts: &Progress) -> bool {
        self.seen += 1;
        if self.seen <= self.keep as u64 {
            self.kept += 1;
            self.batch.solutions.push(problem.labels(placements));
            self.batch.numbers.push(self.seen);
        } else if self.keep > 0 {
            // A full window gives its oldest buffer to the newcomer.
            let mut buffer = if self.latest.len() == self.keep {
                self.latest.pop_front().map(|(_, b)| b).unwrap_or_default()
            } else {
                Vec::new()
            };
            buffer.clear();
            buffer.extend_from_slice(placements);
            self.latest.push_back((self.seen, buffer));
        }
        if self.reporter.due() {
            self.flush(counts);
        }
        true
    }

    fn progress(&mut self, counts: &Progress) -> bool {
        if self.reporter.due() {
            self.flush(counts);
        }
        true
    }

    fn shows_progress(&self) -> bool {
        true
    }
}

/// Solves while streaming batches to `reporter`: counters always, the first `keep` solutions
/// as they are found, and after them the latest `keep` found between two reports — so a
/// viewer following the newest solution never runs dry, however long the search goes.
pub fn stream(
    problem: &Problem,
    options: &Options,
    keep: usize,
    reporter: &mut dyn Reporter,
) -> StreamEnd {
    let mut s = Streamer {
        problem,
        reporter,
        keep,
        seen: 0,
        kept: 0,
        latest: VecDeque::new(),
        batch: Batch::default(),
    };
    let summary = solve(problem, options, &mut s);
    s.take_latest();
    StreamEnd {
        summary,
        solutions: std::mem::take(&mut s.batch.solutions),
        numbers: std::mem::take(&mut s.batch.numbers),
        kept: s.kept,
    }
}

/// Estimates the number of tilings (all variants; divide by the board's symmetries for about
/// the distinct ones) and the size of the search tree from `probes` random walks, in a few
/// milliseconds for thousands of probes: what a long search will find, before it finds it.
pub fn estimate(problem: &Problem, probes: u32, seed: u64) -> Estimate {
    super::search::estimate(problem, probes, seed)
}

#[cfg(test)]
mod stream_tests {
    use super::*;
    use crate::poly::library::problem_from_text;

    /// Takes every `every`-th chance to report and keeps what it is sent.
    struct Every {
        every: u32,
        calls: u32,
        numbers: Vec<u64>,
        solutions: Vec<Vec<i16>>,
    }

    impl Reporter for Every {
        fn due(&self) -> bool {
            (self.calls + 1).is_multiple_of(self.every)
        }
        fn send(&mut self, batch: &Batch) {
            self.calls += 1;
            assert_eq!(batch.numbers.len(), batch.solutions.len());
            self.numbers.extend(&batch.numbers);
            self.solutions.extend(batch.solutions.iter().cloned());
        }
    }

    #[test]
    fn the_first_and_then_the_latest_solutions_keep_coming() {
        // Dominoes on 4×4: 36 tilings, streamed with room for 5.
        let problem = problem_from_text("4x4", "1x2*8", false).unwrap();
        let mut all = Collect(Vec::new());
        let plain = Options {
            symmetry: false,
            ..Options::default()
        };
        solve(&problem, &plain, &mut all);
        let mut reporter = Every {
            every: 1,
            calls: 0,
            numbers: Vec::new(),
            solutions: Vec::new(),
        };
        // `due` is asked on every solution; say yes on every one: everything comes through.
        let end = stream(&problem, &plain, 5, &mut reporter);
        reporter.numbers.extend(&end.numbers);
        assert_eq!(end.summary.counts.total, 36);
        assert_eq!(reporter.numbers, (1..=36).collect::<Vec<u64>>());
        // Rarely due: the first 5, then at each report the latest 5 at most, and the last one.
        let mut sparse = Every {
            every: 1000,
            calls: 0,
            numbers: Vec::new(),
            solutions: Vec::new(),
        };
        let end = stream(&problem, &plain, 5, &mut sparse);
        sparse.numbers.extend(&end.numbers);
        sparse.solutions.extend(end.solutions.iter().cloned());
        assert_eq!(sparse.numbers, vec![1, 2, 3, 4, 5, 32, 33, 34, 35, 36]);
        // Each streamed solution is the one found under that number.
        for (n, labels) in sparse.numbers.iter().zip(&sparse.solutions) {
            assert_eq!(labels, &problem.labels(&all.0[*n as usize - 1]));
        }
    }
}
