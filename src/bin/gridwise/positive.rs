//! Counts on the command line (`--limit`, `--count`): whole numbers of 1 or more. Clap's own
//! range check would name the type's whole range ("not in 1..18446744073709551615").

/// Parses a count of 1 or more.
pub fn positive<T: std::str::FromStr + PartialEq + Default>(text: &str) -> Result<T, String> {
    match text.trim().parse::<T>() {
        Ok(n) if n != T::default() => Ok(n),
        Ok(_) => Err("0 is not allowed here: give 1 or more".to_string()),
        Err(_) => Err(format!("{text:?} is not a whole number of 1 or more")),
    }
}

#[cfg(test)]
mod tests {
    use super::positive;

    #[test]
    fn counts_are_whole_numbers_of_one_or_more() {
        assert_eq!(positive::<u64>("12"), Ok(12));
        assert_eq!(
            positive::<u32>("0"),
            Err("0 is not allowed here: give 1 or more".to_string())
        );
        assert_eq!(
            positive::<u64>("-3"),
            Err("\"-3\" is not a whole number of 1 or more".to_string())
        );
    }
}
