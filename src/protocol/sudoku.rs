//! The JSON shape of a Sudoku generate request, as the page sends it and the CLI could read it.

use serde::Deserialize;

use crate::sudoku::generator::{GenerateError, Request, Symmetry, parse_seed};

/// A seed as a request gives it: a whole number (below 2^53 when it comes from JavaScript) or
/// a decimal string (for the full 64-bit range).
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum SeedValue {
    /// A JSON number.
    Number(f64),
    /// A decimal string.
    Text(String),
}

impl SeedValue {
    /// The seed as an integer, or an error naming the bad value.
    pub fn to_u64(&self) -> Result<u64, GenerateError> {
        match self {
            SeedValue::Number(x) => {
                if x.fract() == 0.0 && *x >= 0.0 && *x < 9_007_199_254_740_992.0 {
                    Ok(*x as u64)
                } else {
                    Err(GenerateError::BadSeed(x.to_string()))
                }
            }
            SeedValue::Text(t) => parse_seed(t),
        }
    }
}

/// The options of a generate request as the page sends them: `technique`, `level` or `min`/`max`,
/// `symmetry` (default none) and `seed` (default 1).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct GenerateOptions {
    /// A level name.
    pub level: Option<String>,
    /// Lowest rating (with `max`).
    pub min: Option<f64>,
    /// Highest rating (with `min`).
    pub max: Option<f64>,
    /// A technique the hardest step must be ("X-Wing", …); wins over a level or range.
    pub technique: Option<String>,
    /// Symmetry name.
    pub symmetry: Option<String>,
    /// The seed.
    pub seed: Option<SeedValue>,
    /// How long to look before giving up (the page's default when absent).
    pub seconds: Option<f64>,
}

impl GenerateOptions {
    /// The request these options describe.
    pub fn request(&self) -> Result<Request, GenerateError> {
        let symmetry = Symmetry::parse(self.symmetry.as_deref().unwrap_or("none"))?;
        let seed = match &self.seed {
            Some(s) => s.to_u64()?,
            None => 1,
        };
        if let Some(technique) = self.technique.as_deref().filter(|t| !t.trim().is_empty()) {
            return Request::for_technique(technique, symmetry, seed);
        }
        match (self.min, self.max, &self.level) {
            (Some(min), Some(max), _) => Request::for_range(min, max, symmetry, seed),
            (_, _, Some(level)) => Request::for_level(level, symmetry, seed),
            (None, None, None) => Request::for_level("medium", symmetry, seed),
            (min, max, None) => Err(GenerateError::BadRange {
                min: min.unwrap_or(f64::NAN),
                max: max.unwrap_or(f64::NAN),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_whole_numbers_or_decimal_strings() {
        assert_eq!(SeedValue::Number(7.0).to_u64(), Ok(7));
        assert!(SeedValue::Number(1.5).to_u64().is_err());
        assert!(SeedValue::Number(-1.0).to_u64().is_err());
        assert_eq!(
            SeedValue::Text("18446744073709551615".into()).to_u64(),
            Ok(u64::MAX)
        );
    }

    #[test]
    fn options_pick_level_or_range() {
        let o: GenerateOptions =
            serde_json::from_str(r#"{"level":"hard","seed":"12","symmetry":"mirror"}"#).unwrap();
        let r = o.request().unwrap();
        assert_eq!(
            (r.min, r.max, r.seed, r.symmetry),
            (2.55, 4.5, 12, Symmetry::Mirror)
        );
        let o: GenerateOptions = serde_json::from_str(r#"{"min":3,"max":4,"seed":5}"#).unwrap();
        assert_eq!(o.request().unwrap().max, 4.0);
        let o: GenerateOptions = serde_json::from_str(r#"{"min":3}"#).unwrap();
        assert!(o.request().is_err());
        let o: GenerateOptions = serde_json::from_str(r#"{"level":"insane"}"#).unwrap();
        assert!(o.request().unwrap_err().to_string().contains("insane"));
    }
}
