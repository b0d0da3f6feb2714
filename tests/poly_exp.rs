use gridwise::poly::library::*;
use gridwise::poly::*;
use std::time::Instant;
fn cpu() -> f64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
    s.split_whitespace().next().unwrap().parse::<f64>().unwrap() / 1e6
}
#[test]
fn exp() {
    for (name, b, spec) in [
        ("meteor", meteor_board(), "meteor"),
        (
            "6x10",
            Board::rectangle(GridKind::Square, 10, 6),
            "pentominoes",
        ),
        (
            "5x12",
            Board::rectangle(GridKind::Square, 12, 5),
            "pentominoes",
        ),
    ] {
        let t = Instant::now();
        let pr = Problem::new(b, parse_piece_spec(spec).unwrap(), false).unwrap();
        let prep = t.elapsed().as_secs_f64() * 1e3;
        let mut best = f64::MAX;
        let mut s = None;
        for _ in 0..5 {
            let t = cpu();
            s = Some(count(&pr));
            best = best.min(cpu() - t);
        }
        println!(
            "{name}: prep {prep:.2} ms, search {best:.2} ms, {:?} placements {}",
            s.unwrap().counts,
            pr.placement_count()
        );
    }
}
