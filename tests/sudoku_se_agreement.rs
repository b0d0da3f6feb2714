//! Ratings agree with Sudoku Explainer's on a rated set in the repository: a regression floor,
//! so a change to the techniques that moves ratings away from SE's is caught. The figures on
//! the whole set of 3,000 are measured by `gridwise bench sudoku` (and the closing notes).

use gridwise::sudoku::Grid;
use gridwise::sudoku::rating::rate_grid;

#[test]
fn ratings_match_sudoku_explainer_on_every_tenth_rated_puzzle() {
    let path = format!(
        "{}/data/sudoku/se-rated-sample.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("reading se-rated-sample.txt");
    let (mut identical, mut close, mut total) = (0, 0, 0);
    let mut worst = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(10)
    {
        let mut fields = line.split_whitespace();
        let grid = Grid::parse(fields.next().unwrap()).unwrap();
        let se: f64 = fields.next().unwrap().parse().unwrap();
        let ours = rate_grid(&grid).unwrap().rating;
        total += 1;
        let diff = (ours - se).abs();
        if diff < 0.05 {
            identical += 1;
        }
        if diff < 0.15 {
            close += 1;
        }
        if diff > 1.0 {
            worst.push(format!("{line}: ours {ours}"));
        }
    }
    assert_eq!(total, 300);
    // 271 of 300 identical, 288 within 0.1 and 3 more than 1.0 apart when this floor was set
    // (91.3% identical on all 3,000).
    assert!(identical >= 268, "{identical} of {total} identical");
    assert!(close >= 285, "{close} of {total} within 0.1");
    assert!(worst.len() <= 4, "more than 1.0 apart: {worst:#?}");
}
