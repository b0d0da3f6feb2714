//! Voltorb Flip core checks against independent references: brute-force odds and play, an
//! independent count of accepted boards, the generator's statistics and the level rules.

use std::collections::HashMap;

use gridwise::util::rng::Rng;
use gridwise::voltorb::accepted::{accepted_boards, all_arrangements, binom};
use gridwise::voltorb::analyze::Objective;
use gridwise::voltorb::board::Board;
use gridwise::voltorb::config::{BoardConfig, CONFIGS};
use gridwise::voltorb::enumerate::consistent_boards;
use gridwise::voltorb::game::{Outcome, Round, deal, deal_config, must_redraw, next_level};
use gridwise::voltorb::odds::{candidate_levels, weigh};
use gridwise::voltorb::policy::{DEFAULT_BUDGET, best_move};
use gridwise::voltorb::symmetry;
use gridwise::voltorb::{AnalyzeRequest, Weighting, analyze};

fn request(b: Board, revealed: &[(usize, u8)], level: Option<u8>, w: Weighting) -> AnalyzeRequest {
    AnalyzeRequest {
        rows: b.row_clues().iter().map(|&(s, v)| [s, v]).collect(),
        cols: b.col_clues().iter().map(|&(s, v)| [s, v]).collect(),
        revealed: revealed
            .iter()
            .map(|&(c, v)| [(c / 5) as u32, (c % 5) as u32, u32::from(v)])
            .collect(),
        level,
        weighting: Some(w),
        best: true,
        budget: None,
        objective: Objective::Win,
        judge: None,
        threads: 1,
    }
}

/// Game weight of a full board, straight from the rules: Σ 1/A over the level's configurations
/// with the board's counts that would not redraw it.
fn game_weight(b: Board, levels: &[u8]) -> f64 {
    let mut w = 0.0;
    for &l in levels {
        for cfg in &CONFIGS[(l as usize - 1) * 10..l as usize * 10] {
            if b.count(0) == u32::from(cfg.voltorbs)
                && b.count(2) == u32::from(cfg.twos)
                && b.count(3) == u32::from(cfg.threes)
                && !must_redraw(b, cfg)
            {
                w += 1.0 / accepted_boards(cfg) as f64;
            }
        }
    }
    w
}

/// Every completion of the hidden cells that meets the clues, with its weight.
fn brute_boards(truth: Board, hidden: &[usize], levels: &[u8], w: Weighting) -> Vec<(Board, f64)> {
    let mut out = Vec::new();
    for code in 0..(1u64 << (2 * hidden.len())) {
        let mut b = truth;
        for (k, &cell) in hidden.iter().enumerate() {
            b.set(cell, ((code >> (2 * k)) & 3) as u8);
        }
        if b.row_clues() == truth.row_clues() && b.col_clues() == truth.col_clues() {
            let weight = match w {
                Weighting::Uniform => 1.0,
                Weighting::Game => game_weight(b, levels),
            };
            if weight > 0.0 {
                out.push((b, weight));
            }
        }
    }
    out
}

/// Optimal winning weight by plain expectimax over every hidden card, no shortcuts.
fn brute_play(boards: &[(Board, f64)], flipped: u32) -> f64 {
    // Won boards: every multiplier already flipped.
    let mut won = 0.0;
    let mut live = Vec::new();
    for &(b, w) in boards {
        let mult = b.mask_of(2) | b.mask_of(3);
        if mult & !flipped == 0 {
            won += w;
        } else {
            live.push((b, w));
        }
    }
    if live.is_empty() {
        return won;
    }
    let mut best: f64 = 0.0;
    for cell in 0..25 {
        if flipped & (1 << cell) != 0 {
            continue;
        }
        let mut v = 0.0;
        for value in 1..4u8 {
            let part: Vec<(Board, f64)> = live
                .iter()
                .copied()
                .filter(|(b, _)| b.get(cell) == value)
                .collect();
            if !part.is_empty() {
                v += brute_play(&part, flipped | 1 << cell);
            }
        }
        best = best.max(v);
    }
    won + best
}

#[test]
fn odds_and_win_match_brute_force() {
    let mut rng = Rng::new(99);
    for case in 0..24 {
        let level = (case % 8) as u8 + 1;
        let deal = deal(level, &mut rng);
        let truth = deal.board;
        let mut cells: Vec<usize> = (0..25).collect();
        rng.shuffle(&mut cells);
        let hidden_n = if case % 2 == 0 { 7 } else { 5 };
        let hidden: Vec<usize> = cells[..hidden_n].to_vec();
        let revealed: Vec<(usize, u8)> = cells[hidden_n..]
            .iter()
            .map(|&c| (c, truth.get(c)))
            .collect();
        let flipped = revealed.iter().fold(0u32, |m, &(c, _)| m | 1 << c);
        for (w, level) in [(Weighting::Uniform, None), (Weighting::Game, Some(level))] {
            let a = analyze(&request(truth, &revealed, level, w)).unwrap();
            let levels = a.levels.clone();
            let boards = brute_boards(truth, &hidden, &levels, w);
            let total: f64 = boards.iter().map(|x| x.1).sum();
            assert_eq!(a.boards, boards.len(), "case {case} {w:?}");
            for r in 0..5 {
                for c in 0..5 {
                    for v in 0..4u8 {
                        let p: f64 = boards
                            .iter()
                            .filter(|(b, _)| b.at(r, c) == v)
                            .map(|x| x.1)
                            .sum::<f64>()
                            / total;
                        assert!(
                            (a.p[r][c][v as usize] - p).abs() < 1e-9,
                            "case {case} {w:?} card ({r},{c}) value {v}: {} vs {p}",
                            a.p[r][c][v as usize]
                        );
                    }
                }
            }
            // A Voltorb face up has ended the round: the odds still hold, but no move is left.
            // The search itself is still checked there, on the same boards and weights, as
            // the chance of finding the rest had the round gone on.
            let lost = revealed.iter().any(|&(_, v)| v == 0);
            let got = if lost {
                assert!(a.win.is_none() && a.best.is_none() && a.lost.is_some());
                let (bs, ws): (Vec<Board>, Vec<f64>) = boards.iter().copied().unzip();
                best_move(&bs, &ws, flipped, DEFAULT_BUDGET).win
            } else {
                a.win.unwrap()
            };
            let win = brute_play(&boards, flipped) / total;
            assert!(
                (got - win).abs() < 1e-9,
                "case {case} {w:?}: win {got} vs {win}"
            );
            if let Some(best) = a.best {
                assert!(best.exact);
                assert!(flipped & (1 << (best.row * 5 + best.col)) == 0);
            }
        }
    }
}

/// Optimal winning weight of the boards `set` (indices into `boards`) by plain memoised
/// expectimax: every card the boards disagree on is tried, with no bounds and no pruning.
fn plain_play(
    boards: &[(Board, f64)],
    set: Vec<usize>,
    memo: &mut HashMap<Vec<usize>, f64>,
) -> f64 {
    let mut present = [0u32; 4];
    for &i in &set {
        for (v, p) in present.iter_mut().enumerate() {
            *p |= boards[i].0.mask_of(v as u8);
        }
    }
    let [p0, p1, p2, p3] = present;
    let disagreed = (p0 & (p1 | p2 | p3)) | (p1 & (p2 | p3)) | (p2 & p3);
    // Boards whose multipliers all lie on agreed cards are won.
    let (won, live): (Vec<usize>, Vec<usize>) = set.iter().partition(|&&i| {
        let b = boards[i].0;
        (b.mask_of(2) | b.mask_of(3)) & disagreed == 0
    });
    let won: f64 = won.iter().map(|&i| boards[i].1).sum();
    if live.is_empty() {
        return won;
    }
    if live.len() < set.len() {
        return won + plain_play(boards, live, memo);
    }
    if let Some(&v) = memo.get(&set) {
        return v;
    }
    let best = (0..25)
        .filter(|&c| disagreed & (1 << c) != 0)
        .map(|c| flip_value(boards, &set, c, memo))
        .fold(0.0, f64::max);
    memo.insert(set, best);
    best
}

/// Winning weight of flipping `cell` on `set` and playing on optimally (plain search).
fn flip_value(
    boards: &[(Board, f64)],
    set: &[usize],
    cell: usize,
    memo: &mut HashMap<Vec<usize>, f64>,
) -> f64 {
    (1..4u8)
        .map(|v| {
            let part: Vec<usize> = set
                .iter()
                .copied()
                .filter(|&i| boards[i].0.get(cell) == v)
                .collect();
            if part.is_empty() {
                0.0
            } else {
                plain_play(boards, part, memo)
            }
        })
        .sum()
}

/// The pruned search (bounds, dominance, merged boards, memoised bounds) gives the same winning
/// chance as a plain search over whole board sets, and its advised card achieves it.
#[test]
fn best_move_matches_a_plain_search() {
    check_against_plain_search(31, 12, false, 1);
}

/// The same where the clues repeat (two rows or columns alike), so the search memoises each
/// set under its mirror images too, and tries one card of each pair of mirror images first.
#[test]
fn best_move_matches_a_plain_search_on_symmetric_clues() {
    check_against_plain_search(47, 8, true, 1);
}

/// The same searched by a team of threads sharing one memo.
#[test]
fn a_team_of_threads_finds_the_same_best_move() {
    check_against_plain_search(31, 12, false, 3);
    check_against_plain_search(47, 8, true, 2);
}

/// Checks `count` random positions of 30–400 boards (only ones with a row or column symmetry
/// when `symmetric`) against [`plain_play`], searching with `threads` threads.
fn check_against_plain_search(seed: u64, count: usize, symmetric: bool, threads: usize) {
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    while checked < count {
        let level = rng.below(8) as u8 + 1;
        let truth = deal(level, &mut rng).board;
        let mut known = [None; 25];
        let shown = 2 + rng.index(6);
        let mut cells: Vec<usize> = (0..25).filter(|&c| truth.get(c) != 0).collect();
        rng.shuffle(&mut cells);
        let revealed: Vec<(usize, u8)> =
            cells[..shown].iter().map(|&c| (c, truth.get(c))).collect();
        for &(c, v) in &revealed {
            known[c] = Some(v);
        }
        let req = request(truth, &revealed, Some(level), Weighting::Game);
        let clues = req.clues().unwrap();
        let all = consistent_boards(&clues, &known, 100_000).unwrap();
        if !(30..=400).contains(&all.len()) {
            continue;
        }
        let levels = candidate_levels(&clues, Some(level), Weighting::Game).unwrap();
        let weights = weigh(&all, &clues, &levels, Weighting::Game).unwrap();
        let boards: Vec<(Board, f64)> =
            all.into_iter().zip(weights).filter(|x| x.1 > 0.0).collect();
        if symmetric {
            let masks: Vec<[u32; 4]> = boards
                .iter()
                .map(|(b, _)| [b.mask_of(0), b.mask_of(1), b.mask_of(2), b.mask_of(3)])
                .collect();
            let weights: Vec<f64> = boards.iter().map(|x| x.1).collect();
            if symmetry::find(&masks, &weights).images.is_empty() {
                continue;
            }
        }
        let total: f64 = boards.iter().map(|x| x.1).sum();
        let mut memo = HashMap::new();
        let optimum = plain_play(&boards, (0..boards.len()).collect(), &mut memo) / total;
        let a = analyze(&AnalyzeRequest { threads, ..req }).unwrap();
        let got = a.win.unwrap();
        assert!(
            (got - optimum).abs() < 1e-9,
            "level {level}, {} boards: {got} vs {optimum}",
            boards.len()
        );
        let best = a.best.expect("a card to flip");
        assert!(best.exact);
        let cell = best.row * 5 + best.col;
        let all_set: Vec<usize> = (0..boards.len()).collect();
        let advised = flip_value(&boards, &all_set, cell, &mut memo) / total;
        assert!(
            (advised - optimum).abs() < 1e-9,
            "advised card wins {advised}, optimum {optimum}"
        );
        checked += 1;
    }
}

/// Unknown level: the weights sum over every level whose configurations fit the totals.
#[test]
fn unknown_level_sums_fitting_levels() {
    let mut rng = Rng::new(5);
    let d = deal_config(33, &mut rng); // level 4: 10 Voltorbs, five 2s, two 3s
    let a = analyze(&request(d.board, &[], None, Weighting::Game)).unwrap();
    assert!(a.levels.contains(&4));
    for &l in &a.levels {
        let fits = CONFIGS[(l as usize - 1) * 10..l as usize * 10]
            .iter()
            .any(|c| c.voltorbs == 10 && c.total() == CONFIGS[33].total());
        assert!(fits, "level {l} listed but has no fitting configuration");
    }
}

/// Multiplier placements on the free cells `free` with line counts below `limit`, by size,
/// counted row by row with a map of column counts (a different method from the core's).
fn free_counts_by_rows(free: u32, limit: u32, max_k: usize) -> Vec<u128> {
    let mut states: HashMap<([u32; 5], usize), u128> = HashMap::new();
    states.insert(([0; 5], 0), 1);
    for r in 0..5 {
        let row_free = (free >> (5 * r)) & 31;
        let mut next: HashMap<([u32; 5], usize), u128> = HashMap::new();
        for (&(cols, k), &n) in &states {
            for sub in 0u32..32 {
                if sub & !row_free != 0 {
                    continue;
                }
                let size = sub.count_ones();
                if size >= limit || k + size as usize > max_k {
                    continue;
                }
                let mut c2 = cols;
                let mut ok = true;
                for (c, count) in c2.iter_mut().enumerate() {
                    if sub & (1 << c) != 0 {
                        *count += 1;
                        ok &= *count < limit;
                    }
                }
                if ok {
                    *next.entry((c2, k + size as usize)).or_insert(0) += n;
                }
            }
        }
        states = next;
    }
    let mut out = vec![0u128; max_k + 1];
    for ((_, k), n) in states {
        out[k] += n;
    }
    out
}

/// `A` by walking every Voltorb set explicitly.
fn independent_accepted(cfg: &BoardConfig, free_hist: &HashMap<u32, u128>) -> u128 {
    let m = u32::from(cfg.twos + cfg.threes);
    let max_k = (u32::from(cfg.max_free_total) - 1).min(m) as usize;
    let mut total = 0u128;
    for (&free, &sets) in free_hist {
        let nonfree = 25 - u32::from(cfg.voltorbs) - free.count_ones();
        let counts = free_counts_by_rows(free, u32::from(cfg.max_free_per_line), max_k);
        let ways: u128 = counts
            .iter()
            .enumerate()
            .map(|(k, &n)| n * binom(nonfree, m - k as u32))
            .sum();
        total += sets * ways;
    }
    total * binom(m, u32::from(cfg.twos))
}

/// For each Voltorb set of size `v` (all of them, by Gosper's hack), its free-cell mask.
fn free_histogram(v: u32) -> HashMap<u32, u128> {
    let mut hist = HashMap::new();
    let mut set: u32 = (1 << v) - 1;
    while set < 1 << 25 {
        let mut free = 0u32;
        for i in 0..5 {
            let row = 31 << (5 * i);
            let col = 0x0010_8421 << i;
            if set & row == 0 {
                free |= row;
            }
            if set & col == 0 {
                free |= col;
            }
        }
        *hist.entry(free).or_insert(0) += 1;
        let c = set & set.wrapping_neg();
        let r = set + c;
        set = (((r ^ set) >> 2) / c) | r;
    }
    hist
}

#[test]
fn accepted_counts_match_an_independent_count() {
    let mut by_v: HashMap<u8, HashMap<u32, u128>> = HashMap::new();
    for cfg in CONFIGS.iter() {
        let hist = by_v
            .entry(cfg.voltorbs)
            .or_insert_with(|| free_histogram(u32::from(cfg.voltorbs)));
        assert_eq!(
            accepted_boards(cfg),
            independent_accepted(cfg, hist),
            "{cfg:?}"
        );
    }
}

#[test]
fn generator_acceptance_rate_matches_the_count() {
    let mut rng = Rng::new(11);
    for config in [1, 12, 24, 41, 63, 70, 79] {
        let cfg = &CONFIGS[config];
        let rate = accepted_boards(cfg) as f64 / all_arrangements(cfg) as f64;
        let n = 4000;
        let mut first_try = 0;
        let mut short = 0u32;
        for _ in 0..n {
            let d = deal_config(config, &mut rng);
            assert!(!must_redraw(d.board, cfg));
            // The game gives up on a card type after 100 misses, so a crowded configuration
            // (13 Voltorbs + 10 multipliers) now and then deals a card short, as in the game.
            assert_eq!(d.board.count(0), u32::from(cfg.voltorbs));
            assert!(d.board.count(2) <= u32::from(cfg.twos));
            assert!(d.board.count(3) <= u32::from(cfg.threes));
            short +=
                u32::from(d.board.count(2) + d.board.count(3) < u32::from(cfg.twos + cfg.threes));
            first_try += u32::from(d.redraws == 0);
        }
        assert!(short * 100 < n, "config {config}: {short} short boards");
        let got = f64::from(first_try) / f64::from(n);
        let sigma = (rate * (1.0 - rate) / f64::from(n)).sqrt();
        assert!(
            (got - rate).abs() < 5.0 * sigma + 1e-3,
            "config {config}: {got} vs {rate}"
        );
    }
}

#[test]
fn levels_deal_their_ten_configurations_evenly() {
    let mut rng = Rng::new(3);
    for level in [1u8, 5, 8] {
        let mut hits = [0u32; 10];
        let n = 5000;
        for _ in 0..n {
            let d = deal(level, &mut rng);
            assert_eq!(d.level, level);
            hits[d.config - (level as usize - 1) * 10] += 1;
        }
        for h in hits {
            // Each configuration 1/10: 500 ± 5σ (σ ≈ 21).
            assert!((395..=605).contains(&h), "level {level}: {hits:?}");
        }
    }
}

#[test]
fn level_rules_follow_the_game() {
    use Outcome::*;
    let r = |level, outcome, flipped| Round {
        level,
        outcome,
        flipped,
    };
    // Wins climb one level up to 7.
    let mut level = 1;
    let mut history = Vec::new();
    for expected in [2, 3, 4, 5, 6, 7, 7] {
        history.push(r(level, Won, 3));
        level = next_level(&history);
        assert_eq!(level, expected);
    }
    // Five rounds with 8+ cards and no loss, the last at level 5+, lead to level 8.
    let streak = vec![
        r(2, Quit, 8),
        r(3, Won, 9),
        r(4, Won, 8),
        r(5, Quit, 10),
        r(5, Won, 8),
    ];
    assert_eq!(next_level(&streak), 8);
    let mut broken = streak.clone();
    broken[0] = r(2, Lost, 8);
    assert_eq!(next_level(&broken), 6);
    let mut short = streak.clone();
    short[2].flipped = 7;
    assert_eq!(next_level(&short), 6);
    // Only the last five rounds count.
    let mut longer = vec![r(1, Lost, 0)];
    longer.extend(streak.iter().copied());
    assert_eq!(next_level(&longer), 8);
    // Level 8 is kept by winning; a loss drops to min(level, cards flipped), at least 1.
    assert_eq!(next_level(&[r(8, Won, 12)]), 8);
    assert_eq!(next_level(&[r(8, Lost, 5)]), 5);
    assert_eq!(next_level(&[r(6, Lost, 9)]), 6);
    assert_eq!(next_level(&[r(6, Lost, 0)]), 1);
    assert_eq!(next_level(&[r(4, Quit, 2)]), 2);
}

#[test]
fn bad_input_gets_messages_naming_the_problem() {
    let mut req = request(Board::default(), &[], None, Weighting::Game);
    req.rows[1] = [17, 0];
    let e = analyze(&req).unwrap_err().to_string();
    assert!(e.starts_with("row 2: sum 17"), "{e}");
    let mut rng = Rng::new(1);
    let d = deal(3, &mut rng);
    let mut req = request(d.board, &[], Some(8), Weighting::Game);
    let e = analyze(&req).unwrap_err().to_string();
    assert!(e.contains("level-8"), "{e}");
    req.level = Some(3);
    let wrong = if d.board.get(0) == 0 { 1 } else { 0 };
    req.revealed = vec![[0, 0, wrong], [0, 0, 3]];
    let e = analyze(&req).unwrap_err().to_string();
    assert!(e.contains("row 1, column 1"), "{e}");
    req.revealed = vec![[7, 0, 1]];
    let e = analyze(&req).unwrap_err().to_string();
    assert!(e.contains("outside"), "{e}");
    req.rows.pop();
    let e = analyze(&req).unwrap_err().to_string();
    assert!(e.contains("expected 5"), "{e}");
}

/// The level-5 board of the page tests (`gridwise voltorb generate --level 5 --seed 7`).
fn page_board() -> Board {
    let rows = [
        [1, 0, 0, 0, 3],
        [1, 0, 1, 1, 1],
        [0, 3, 1, 0, 3],
        [1, 3, 1, 0, 1],
        [0, 0, 3, 2, 0],
    ];
    Board::from_cells(&std::array::from_fn(|i| rows[i / 5][i % 5]))
}

#[test]
fn the_coin_objective_advises_quitting_or_playing_on_with_the_next_level() {
    // The level-5 board of the page tests; two 1s face up (row 2 column 1, row 4 column 3).
    let b = page_board();
    let mut req = request(b, &[(5, 1), (17, 1)], Some(5), Weighting::Game);
    req.objective = Objective::Coins;
    let a = analyze(&req).unwrap();
    let quit = a.quit.clone().expect("quit advice once a card is up");
    let on = a.play_on.clone().expect("play-on advice");
    assert_eq!((quit.coins, quit.level_next), (1.0, Some(2)));
    assert_eq!(
        (on.level_next, on.level_next_if_voltorb),
        (Some(6), Some(2))
    );
    assert!(on.exact && on.better && on.coins > 1.0);
    assert!(on.win > 0.0 && on.win <= 1.0);
    // The coin move is one of the cards still face down.
    let best = a.best.expect("a card to flip");
    assert!(![5, 17].contains(&(best.row * 5 + best.col)));
    // The win objective gives the same quit advice, and its own best move.
    req.objective = Objective::Win;
    let w = analyze(&req).unwrap();
    assert_eq!(w.quit, Some(quit));
    assert!(
        w.win.unwrap() >= on.win - 1e-12,
        "clearing is what the win objective maximises"
    );
    // Nothing face up: nothing to keep by quitting; the coins objective still answers.
    let mut fresh = request(b, &[], Some(5), Weighting::Game);
    fresh.objective = Objective::Coins;
    let f = analyze(&fresh).unwrap();
    assert!(f.quit.is_none() && f.play_on.is_some() && f.best.is_some());
}

/// A Voltorb face up ends the round: no card is advised, for either objective, and the next
/// level is the one after a loss. (The assistant used to go on advising a card.)
#[test]
fn a_voltorb_face_up_ends_the_round() {
    let b = page_board();
    // A 1 and then the Voltorb at row 1, column 2 (index 1).
    for objective in [Objective::Win, Objective::Coins] {
        let mut req = request(b, &[(5, 1), (1, 0)], Some(5), Weighting::Game);
        req.objective = objective;
        let a = analyze(&req).unwrap();
        assert!(a.best.is_none() && a.win.is_none(), "{objective:?}");
        assert!(a.quit.is_none() && a.play_on.is_none(), "{objective:?}");
        let lost = a.lost.expect("the round is lost");
        // At level 5 with two cards flipped, a loss drops to level 2 (as after quitting).
        assert_eq!(lost.level_next, Some(2));
    }
    let a = analyze(&request(b, &[(5, 1)], Some(5), Weighting::Game)).unwrap();
    assert!(a.lost.is_none() && a.best.is_some());
}

#[test]
fn an_analysis_is_exact_as_its_objective_says() {
    let b = page_board();
    for objective in [Objective::Win, Objective::Coins] {
        let mut req = request(b, &[], Some(5), Weighting::Game);
        req.objective = objective;
        let full = analyze(&req).unwrap();
        assert!(full.is_exact(), "{objective:?}");
        // One board set allowed: the search stops at once and says so.
        req.budget = Some(1);
        let cut = analyze(&req).unwrap();
        assert!(!cut.is_exact(), "{objective:?}");
        match objective {
            Objective::Win => assert!(!cut.best.unwrap().exact),
            Objective::Coins => assert!(!cut.play_on.unwrap().exact),
        }
    }
}

#[test]
fn explanations_and_grades_agree_with_the_odds_and_the_best_move() {
    let b = page_board();
    let mut req = request(b, &[], Some(5), Weighting::Game);
    let plain = analyze(&req).unwrap();
    let best = plain.best.clone().unwrap();
    // Grading the best card gives the best card's chance; any other card gives no more.
    req.judge = Some([best.row, best.col]);
    let graded = analyze(&req).unwrap();
    assert!((graded.judged.unwrap().win - best.win).abs() < 1e-9);
    for cell in 0..25 {
        req.judge = Some([cell / 5, cell % 5]);
        let g = analyze(&req).unwrap().judged.unwrap();
        assert!(
            g.win <= best.win + 1e-9,
            "card {cell}: {} > {}",
            g.win,
            best.win
        );
    }
    // Every safe card has a reason, every reason names a line or the clues together, and the
    // configurations' odds add up to 1.
    let e = &plain.explain;
    assert_eq!(e.safe.len(), plain.safe.len());
    for s in &e.safe {
        assert!(
            s.why.contains("row") || s.why.contains("column") || s.why.contains("clues"),
            "{}",
            s.why
        );
    }
    let total: f64 = e.configs.iter().map(|c| c.p).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert!(
        e.configs
            .iter()
            .all(|c| c.level == Some(5) && c.voltorbs == 10)
    );
    assert!(e.best.as_ref().unwrap().starts_with(&format!(
        "Row {}, column {}",
        best.row + 1,
        best.col + 1
    )));
    // A line without Voltorbs is the reason its cards are safe.
    let no_voltorb = Board::from_cells(&[
        1, 1, 2, 1, 1, 0, 3, 1, 0, 1, 1, 0, 1, 2, 0, 2, 1, 0, 1, 3, 0, 1, 1, 0, 1,
    ]);
    let a = analyze(&request(no_voltorb, &[], None, Weighting::Uniform)).unwrap();
    assert!(
        a.explain
            .safe
            .iter()
            .any(|s| s.row == 0 && s.why == "row 1 has no Voltorb")
    );
}
