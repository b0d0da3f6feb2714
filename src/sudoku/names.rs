//! What players call each technique, and a short plain explanation of it.
//!
//! A step keeps Sudoku Explainer's name in `technique` (ratings and tests speak SE), and carries
//! the player's name and explanation for people: forums say "pointing pair" and "box/line
//! reduction", not "Pointing" and "Claiming".

/// The player's name of `technique`; `pattern_cells` tells a pair from a triple where players
/// name it so.
pub fn player_name(technique: &str, pattern_cells: usize) -> String {
    let size = match pattern_cells {
        2 => "pair",
        3 => "triple",
        _ => "pair or triple",
    };
    match technique {
        "Pointing" => format!("Pointing {size}"),
        "Claiming" => format!("Box/line reduction ({size})"),
        "Direct Pointing" => format!("Pointing {size}, then a single"),
        "Direct Claiming" => format!("Box/line reduction ({size}), then a single"),
        "Direct Hidden Pair" => "Hidden pair, then a single".to_string(),
        "Direct Hidden Triple" => "Hidden triple, then a single".to_string(),
        "Simple Colouring (trap)" => "Simple colouring: colour trap".to_string(),
        "Simple Colouring (wrap)" => "Simple colouring: colour wrap".to_string(),
        "BUG+1" => "BUG+1 (bivalue universal grave)".to_string(),
        "BUG type 2" => "BUG type 2 (bivalue universal grave)".to_string(),
        "AIC" => "Alternating inference chain".to_string(),
        "Nishio Forcing Chain" => "Nishio forcing chain".to_string(),
        // SE names a cell's or a region's set of chains in the plural ("Cell Forcing Chains"); a
        // player meets one step of it: "a cell forcing chain".
        other => sentence_case(
            other
                .strip_suffix('s')
                .filter(|n| n.ends_with("Forcing Chain"))
                .unwrap_or(other),
        ),
    }
}

/// "Hidden Single" → "Hidden single"; names such as X-Wing and XY-Chain keep their capitals.
fn sentence_case(name: &str) -> String {
    let mut words = name.split(' ');
    let mut out = words.next().unwrap_or_default().to_string();
    for word in words {
        out.push(' ');
        let keep = word.chars().filter(|c| c.is_ascii_uppercase()).count() > 1
            || word.contains('-')
            || word.chars().any(|c| c.is_ascii_digit());
        if keep {
            out.push_str(word);
        } else {
            out.push_str(&word.to_lowercase());
        }
    }
    out
}

/// One paragraph that explains the technique to someone meeting it for the first time.
pub fn about(technique: &str) -> &'static str {
    let base = technique
        .trim_start_matches("Finned ")
        .trim_start_matches("Sashimi ");
    match base {
        "Full House" => {
            "A row, column or box with one empty cell left: the missing digit goes there."
        }
        "Hidden Single" => {
            "Within one row, column or box, a digit has only one cell left where it can go: every other cell is ruled out by the same digit in its row, column or box, or is already filled."
        }
        "Naked Single" => {
            "A cell sees eight different digits in its row, column and box, so only one digit is left for it."
        }
        "Pointing" | "Direct Pointing" => {
            "Inside a box, a digit can only go in cells of one row (or column). Whichever of them it takes, the digit is in that row inside the box, so it cannot go anywhere else in that row."
        }
        "Claiming" | "Direct Claiming" => {
            "In a row (or column), a digit can only go in cells of one box. The digit of that row must then sit in that box, so the box's other cells cannot hold it."
        }
        "Naked Pair" | "Naked Triple" | "Naked Quad" => {
            "Two cells of a unit that can only hold the same two digits (three cells, three digits; four, four) will take exactly those digits between them, so no other cell of the unit can have them."
        }
        "Hidden Pair"
        | "Hidden Triple"
        | "Hidden Quad"
        | "Direct Hidden Pair"
        | "Direct Hidden Triple" => {
            "Two digits that can only go in the same two cells of a unit (three and three; four and four) must fill those cells, so every other digit can be crossed out of them."
        }
        "X-Wing" => {
            "A digit that can go in only two places in each of two rows, and those places line up in the same two columns, must take one corner of each diagonal: the two columns get it from these rows, so it can be removed from the rest of those columns (the same with rows and columns swapped). A finned X-Wing has extra candidates in one box; the removal is then limited to cells that also see that box."
        }
        "Swordfish" => {
            "Take three rows where a digit's places all fall in the same three columns (two or three places in each row). Each of the three rows needs the digit once, and the three columns can give it only three times, so these rows use up the digit in all three columns: it can be removed from every other cell of those columns (the same with rows and columns swapped). A finned swordfish has extra candidates in one box; the removal is then limited to cells that also see that box."
        }
        "Jellyfish" => {
            "Take four rows where a digit's places all fall in the same four columns. Each of the four rows needs the digit once, and the four columns can give it only four times, so these rows use up the digit in all four columns: it can be removed from every other cell of those columns (the same with rows and columns swapped). A finned jellyfish has extra candidates in one box; the removal is then limited to cells that also see that box."
        }
        "Skyscraper" | "2-String Kite" | "Turbot Fish" | "Empty Rectangle" | "X-Chain" => {
            "Follow one digit through units where it has only two places: if one end is not the digit, the other end is. Any cell that sees both ends of such a chain cannot hold the digit, because one of the ends surely does."
        }
        "Grouped Skyscraper" | "Grouped X-Chain" => {
            "Follow one digit through units where it has only two places, counting a few cells of one box that lie in a line as a single place: if one end is not the digit, the other end is. A cell that sees both ends of the chain (for a group, every cell of it) cannot hold the digit."
        }
        "WXYZ-Wing" | "VWXYZ-Wing" | "UVWXYZ-Wing" | "TUVWXYZ-Wing" => {
            "Three to six cells that all see one another hold only one digit more than there are cells: one digit short of filling them all. A cell with two candidates, x and z, that every x of the group can see means the group and that cell cannot both lose x, so z is in one of them, and a cell seeing every z of the pattern cannot be z."
        }
        "XY-Wing" | "XYZ-Wing" | "W-Wing" => {
            "A pivot cell with two (or three) candidates and pincer cells it sees: whatever the pivot turns out to be, one of the pincers becomes the shared digit Z. A cell that sees every pincer holding Z cannot be Z."
        }
        "XY-Chain" | "Nice Loop" | "AIC" => {
            "A chain of cells and candidates where each link says 'if this is not true, that one is'. Following it from either end shows that one of its two ends is always true, so a candidate that would contradict both ends can be removed."
        }
        "Unique Rectangle Type 1"
        | "Unique Rectangle Type 2"
        | "Unique Rectangle Type 3"
        | "Unique Rectangle Type 4" => {
            "Four cells in two rows, two columns and two boxes that could all hold the same two digits would let those digits swap, giving two solutions. A proper puzzle has one solution, so the candidates that would complete that deadly pattern can be removed."
        }
        "BUG+1" => {
            "If every empty cell had exactly two candidates the puzzle would have two solutions. Only one cell has a third candidate, so that third candidate must be its digit."
        }
        "BUG type 2" => {
            "If every empty cell had exactly two candidates the puzzle would have two solutions. A few cells have a third candidate, the same digit in each, so one of them must be that digit, and a cell that sees them all cannot be it."
        }
        "Simple Colouring (trap)" | "Simple Colouring (wrap)" => {
            "Colour the places of one digit that form pairs in their units in two alternating colours: one colour is true, the other false. A cell seeing both colours cannot hold the digit (trap); a colour that sees itself is false everywhere (wrap)."
        }
        nested if nested.starts_with("Nested") => {
            "A forcing chain with other forcing chains inside it: assume a candidate true (or false) and follow the consequences; when neither singles nor simple patterns follow any more, a shorter chain on the board the assumption has changed removes a candidate, and the outer chain goes on from there. Sudoku Explainer rates these by what the inner chains may be (static chains 9.5, cell and region chains 10.0, dynamic chains 10.5) and by the length of all the chains together."
        }
        plus if plus.ends_with("(+)") => {
            "A forcing chain that also uses simple patterns on the way: assume a candidate true (or false) and follow the consequences; when no single follows any more, pointing, box/line reductions, naked and hidden pairs and X-Wings that the assumption created carry the chain on. If every choice leads to the same result, that result holds; if an assumption leads to a contradiction, it is false."
        }
        _ => {
            "A forcing chain: assume a candidate true (or false) and follow the consequences. If every choice leads to the same result, that result holds; if an assumption leads to a contradiction, it is false. Sudoku Explainer rates these by how long the chains are."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_names_for_se_names() {
        assert_eq!(player_name("Pointing", 2), "Pointing pair");
        assert_eq!(player_name("Pointing", 3), "Pointing triple");
        assert_eq!(player_name("Claiming", 2), "Box/line reduction (pair)");
        assert_eq!(player_name("Hidden Single", 0), "Hidden single");
        assert_eq!(player_name("X-Wing", 4), "X-Wing");
        assert_eq!(player_name("Finned X-Wing", 5), "Finned X-Wing");
        assert_eq!(
            player_name("Unique Rectangle Type 2", 4),
            "Unique rectangle type 2"
        );
        assert_eq!(player_name("XY-Chain", 4), "XY-Chain");
        assert_eq!(player_name("Cell Forcing Chains", 0), "Cell forcing chain");
        assert_eq!(
            player_name("Dynamic Region Forcing Chains", 0),
            "Dynamic region forcing chain"
        );
    }

    #[test]
    fn every_name_has_an_explanation() {
        assert!(about("Hidden Single").contains("only one cell"));
        assert!(about("Sashimi Swordfish").contains("finned swordfish"));
        // A swordfish is explained in its own terms, not as a bigger X-Wing.
        assert!(!about("Swordfish").contains("X-Wing"));
        assert!(about("Dynamic Forcing Chain").contains("forcing chain"));
    }
}
