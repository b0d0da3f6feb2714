//! The JSON shape of a Voltorb Flip analysis request, as the page sends it and `gridwise
//! voltorb solve` reads it: the core's [`AnalyzeRequest`] with the wire's defaults.

use serde::Deserialize;

use crate::voltorb::analyze::Objective;
use crate::voltorb::coins::EXHAUSTIVE_COIN_BUDGET;
use crate::voltorb::policy::EXHAUSTIVE_BUDGET;
use crate::voltorb::{AnalyzeRequest, Weighting};

/// `{rows, cols, revealed?, level?, weighting?, best?, budget?, exhaustive?, objective?,
/// judge?}`.
#[derive(Clone, Debug, Deserialize)]
pub struct AnalyzeArgs {
    /// `[sum, voltorbs]` of each row, top to bottom.
    pub rows: Vec<[u8; 2]>,
    /// `[sum, voltorbs]` of each column, left to right.
    pub cols: Vec<[u8; 2]>,
    /// `[row, col, value]` of each revealed card (rows and columns from 0); none by default.
    #[serde(default)]
    pub revealed: Vec<[u32; 3]>,
    /// The level (1–8) when known.
    #[serde(default)]
    pub level: Option<u8>,
    /// `game` (the default) or `uniform`.
    #[serde(default)]
    pub weighting: Option<Weighting>,
    /// Compute the best move (true by default); false gives odds only.
    #[serde(default = "yes")]
    pub best: bool,
    /// Board sets the exact best-move search may visit.
    #[serde(default)]
    pub budget: Option<u64>,
    /// Search "to the end": the budget is [`EXHAUSTIVE_BUDGET`], or [`EXHAUSTIVE_COIN_BUDGET`]
    /// for coins (unless `budget` is given).
    #[serde(default)]
    pub exhaustive: bool,
    /// `win` (the default: the best chance to clear the board) or `coins` (the most coins
    /// expected this round, quitting allowed).
    #[serde(default)]
    pub objective: Objective,
    /// A card `[row, col]` to grade (coach mode): its clear chance beside the best card's.
    #[serde(default)]
    pub judge: Option<[usize; 2]>,
}

fn yes() -> bool {
    true
}

impl From<AnalyzeArgs> for AnalyzeRequest {
    fn from(a: AnalyzeArgs) -> Self {
        let exhaustive = match a.objective {
            Objective::Win => EXHAUSTIVE_BUDGET,
            Objective::Coins => EXHAUSTIVE_COIN_BUDGET,
        };
        AnalyzeRequest {
            rows: a.rows,
            cols: a.cols,
            revealed: a.revealed,
            level: a.level,
            weighting: a.weighting,
            best: a.best,
            budget: a.budget.or(a.exhaustive.then_some(exhaustive)),
            objective: a.objective,
            judge: a.judge,
            threads: 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_fields_take_the_wire_defaults() {
        let five = "[[5,0],[5,0],[5,0],[5,0],[5,0]]";
        let args: AnalyzeArgs =
            serde_json::from_str(&format!(r#"{{"rows":{five},"cols":{five}}}"#)).unwrap();
        let request = AnalyzeRequest::from(args);
        assert!(request.best && request.revealed.is_empty());
        assert_eq!(
            (request.level, request.weighting, request.budget),
            (None, None, None)
        );
        let args: AnalyzeArgs = serde_json::from_str(&format!(
            r#"{{"rows":{five},"cols":{five},"weighting":"uniform","best":false,"level":3}}"#
        ))
        .unwrap();
        let request = AnalyzeRequest::from(args);
        assert_eq!(
            (request.best, request.level, request.weighting),
            (false, Some(3), Some(Weighting::Uniform))
        );
    }

    #[test]
    fn exhaustive_asks_for_the_large_budget_unless_a_budget_is_given() {
        let five = "[[5,0],[5,0],[5,0],[5,0],[5,0]]";
        let request = |extra: &str| {
            let text = format!(r#"{{"rows":{five},"cols":{five}{extra}}}"#);
            AnalyzeRequest::from(serde_json::from_str::<AnalyzeArgs>(&text).unwrap())
        };
        assert_eq!(
            request(r#","exhaustive":true"#).budget,
            Some(EXHAUSTIVE_BUDGET)
        );
        assert_eq!(
            request(r#","exhaustive":true,"objective":"coins""#).budget,
            Some(EXHAUSTIVE_COIN_BUDGET)
        );
        assert_eq!(request(r#","exhaustive":true,"budget":7"#).budget, Some(7));
        assert_eq!(request("").budget, None);
    }
}
