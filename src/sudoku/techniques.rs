//! The techniques a generated puzzle can be asked to need: their names as Sudoku Explainer and
//! players write them, and the rating band each can take, so a search for "X-Wing" can stop
//! rating a candidate puzzle as soon as a step is harder than any X-Wing.

use super::generator::GenerateError;
use super::step::Step;

/// Sudoku Explainer's technique names with the lowest and highest rating a step of each gets
/// (chains vary with their length; fish, wings and rectangles by type).
const TECHNIQUES: &[(&str, f64, f64)] = &[
    ("Full House", 1.0, 1.0),
    ("Hidden Single", 1.2, 1.5),
    ("Direct Pointing", 1.7, 1.7),
    ("Direct Claiming", 1.9, 1.9),
    ("Direct Hidden Pair", 2.0, 2.0),
    ("Naked Single", 2.3, 2.3),
    ("Direct Hidden Triple", 2.5, 2.5),
    ("Pointing", 2.6, 2.6),
    ("Claiming", 2.8, 2.8),
    ("Naked Pair", 3.0, 3.0),
    ("X-Wing", 3.2, 3.2),
    ("Hidden Pair", 3.4, 3.4),
    ("Naked Triple", 3.6, 3.6),
    ("Swordfish", 3.8, 3.8),
    ("Hidden Triple", 4.0, 4.0),
    ("Skyscraper", 4.0, 4.1),
    ("Grouped Skyscraper", 4.3, 4.3),
    ("Grouped X-Chain", 5.7, 6.1),
    ("2-String Kite", 4.1, 4.2),
    ("Turbot Fish", 4.1, 4.3),
    ("XY-Wing", 4.2, 4.2),
    ("Empty Rectangle", 4.2, 4.2),
    ("XYZ-Wing", 4.4, 4.4),
    ("W-Wing", 4.4, 4.8),
    ("Unique Rectangle", 4.5, 5.0),
    ("WXYZ-Wing", 5.5, 5.6),
    ("Naked Quad", 5.0, 5.0),
    ("Jellyfish", 5.2, 5.2),
    ("Hidden Quad", 5.4, 5.4),
    ("BUG+1", 5.6, 5.6),
    ("BUG type 2", 5.7, 5.7),
    ("VWXYZ-Wing", 6.2, 6.4),
    ("Simple Colouring", 6.6, 6.6),
    ("UVWXYZ-Wing", 6.6, 6.6),
    ("TUVWXYZ-Wing", 7.5, 7.5),
    ("X-Chain", 5.4, 7.8),
    ("XY-Chain", 5.0, 7.8),
    ("AIC", 5.0, 8.0),
    ("Nice Loop", 5.0, 8.0),
    ("Cell Forcing Chains", 8.0, 9.0),
    ("Region Forcing Chains", 8.0, 9.0),
    ("Nishio Forcing Chain", 7.5, 8.5),
    ("Dynamic Forcing Chain", 8.5, 9.5),
    ("Dynamic Cell Forcing Chains", 8.5, 9.5),
    ("Dynamic Region Forcing Chains", 8.5, 9.5),
    ("Dynamic Forcing Chain (+)", 9.0, 10.0),
    ("Dynamic Cell Forcing Chains (+)", 9.0, 10.0),
    ("Dynamic Region Forcing Chains (+)", 9.0, 10.0),
    ("Nested Forcing Chain", 9.5, 12.5),
    ("Nested Cell Forcing Chains", 9.5, 12.5),
    ("Nested Region Forcing Chains", 9.5, 12.5),
];

/// The lowest rating a generated (minimal) puzzle can have: one solved by full houses alone
/// (1.0) keeps a given it does not need, so its hardest step is at least a hidden single.
const LOWEST_MINIMAL_RATING: f64 = 1.2;

/// A rating with a technique whose steps get it.
pub type RatedTechnique = (f64, &'static str);

/// Whether some puzzle can be rated within `[min, max]`: a technique's band meets it. When
/// none does, the nearest ratings below and above it, with a technique of each.
pub fn rating_gap(min: f64, max: f64) -> Option<(Option<RatedTechnique>, Option<RatedTechnique>)> {
    let eps = 1e-9;
    let bands = TECHNIQUES
        .iter()
        .map(|&(name, lo, hi)| (name, lo.max(LOWEST_MINIMAL_RATING), hi))
        .filter(|&(_, lo, hi)| lo <= hi + eps);
    if bands
        .clone()
        .any(|(_, lo, hi)| lo <= max + eps && hi >= min - eps)
    {
        return None;
    }
    let below = bands
        .clone()
        .filter(|&(_, _, hi)| hi < min)
        .map(|(name, _, hi)| (hi, name))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let above = bands
        .filter(|&(_, lo, _)| lo > max)
        .map(|(name, lo, _)| (lo, name))
        .min_by(|a, b| a.0.total_cmp(&b.0));
    Some((below, above))
}

/// Letters and digits only, lower case: "XY-Wing", "xy wing" and "XYWING" are one name.
fn key(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// A technique a puzzle's hardest step must be.
#[derive(Clone, Debug, PartialEq)]
pub struct TechniqueTarget {
    /// The name as the user gave it.
    pub name: String,
    key: String,
    /// The lowest rating a step of it gets.
    pub min: f64,
    /// The highest.
    pub max: f64,
}

impl TechniqueTarget {
    /// The target for a name such as "X-Wing", "xy-wing", "unique rectangle" or "pointing
    /// pair" (Sudoku Explainer's or the players' name, or the start of one: "Unique Rectangle"
    /// takes any of its types).
    pub fn parse(name: &str) -> Result<TechniqueTarget, GenerateError> {
        let wanted = key(name);
        // Players' names that differ from SE's.
        let wanted = match wanted.as_str() {
            "pointingpair" | "pointingtriple" => "pointing".to_string(),
            "boxlinereduction" | "boxlinereductionpair" | "boxlinereductiontriple" => {
                "claiming".to_string()
            }
            "alternatinginferencechain" => "aic".to_string(),
            "bug" | "bivalueuniversalgrave" => "bug1".to_string(),
            "twostringkite" => "2stringkite".to_string(),
            other => other.to_string(),
        };
        let bands: Vec<(f64, f64)> = TECHNIQUES
            .iter()
            .filter(|(n, _, _)| !wanted.is_empty() && key(n).starts_with(&wanted))
            .map(|&(_, lo, hi)| (lo, hi))
            .collect();
        if bands.is_empty() {
            return Err(GenerateError::BadTechnique(name.to_string()));
        }
        Ok(TechniqueTarget {
            name: name.trim().to_string(),
            key: wanted,
            min: bands.iter().map(|b| b.0).fold(f64::INFINITY, f64::min),
            max: bands.iter().map(|b| b.1).fold(0.0, f64::max),
        })
    }

    /// True when `step` is this technique.
    pub fn matches(&self, step: &Step) -> bool {
        let technique = key(&step.technique);
        // A direct step ("pointing pair, then a single") is a single, not the pattern it uses.
        technique.starts_with(&self.key)
            || (!technique.starts_with("direct") && key(&step.name).starts_with(&self.key))
    }
}

/// A few names to suggest when a name is not known.
pub const EXAMPLES: &str = "X-Wing, Swordfish, XY-Wing, XYZ-Wing, Skyscraper, Empty Rectangle, Unique Rectangle, WXYZ-Wing, BUG+1, XY-Chain, AIC";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_the_way_people_write_them() {
        let x = TechniqueTarget::parse("x-wing").unwrap();
        assert_eq!((x.min, x.max), (3.2, 3.2));
        assert!(x.matches(&Step::new("X-Wing", 3.2)));
        assert!(!x.matches(&Step::new("Finned X-Wing", 3.4)));
        assert!(!x.matches(&Step::new("XY-Wing", 4.2)));
        let ur = TechniqueTarget::parse("Unique Rectangle").unwrap();
        assert_eq!((ur.min, ur.max), (4.5, 5.0));
        assert!(ur.matches(&Step::new("Unique Rectangle Type 3", 4.7)));
        let pointing = TechniqueTarget::parse("pointing pair").unwrap();
        assert!(pointing.matches(&Step::new("Pointing", 2.6)));
        assert!(!pointing.matches(&Step::new("Direct Pointing", 1.7)));
        assert!(
            TechniqueTarget::parse("box/line reduction")
                .unwrap()
                .matches(&Step::new("Claiming", 2.8))
        );
        assert!(
            TechniqueTarget::parse("XYWING")
                .unwrap()
                .matches(&Step::new("XY-Wing", 4.2))
        );
    }

    #[test]
    fn an_unknown_name_is_an_error_that_suggests_known_ones() {
        let err = TechniqueTarget::parse("dragon wing").unwrap_err();
        assert!(err.to_string().contains("dragon wing"));
        assert!(err.to_string().contains("X-Wing"));
        assert!(TechniqueTarget::parse("").is_err());
    }
}
