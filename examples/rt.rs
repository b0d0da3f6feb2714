fn main() {
    for line in std::io::stdin().lines() {
        let line = line.unwrap();
        let g = gridwise::sudoku::grid::Grid::parse(&line[..81]).unwrap();
        let _ = gridwise::sudoku::rating::steps_of(&g);
        let m: Vec<u64> = gridwise::sudoku::logic::se_unary::T2.iter().map(|a| a.swap(0, std::sync::atomic::Ordering::Relaxed) / 1000000).collect();
        println!("reach ms: x-only {} y-only {} both {}", m[0], m[1], m[2]);
    }
}
