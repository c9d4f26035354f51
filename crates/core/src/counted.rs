//! A number with its noun, in good English: `1 move`, `12 moves`,
//! `2 plies`. Every front end counts with these.

/// `n` and `one`, made plural with an `s` unless `n` is 1: `1 move`,
/// `0 moves`.
pub fn counted(n: usize, one: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        _ => format!("{n} {one}s"),
    }
}

/// `n` and `one`, or `many` unless `n` is 1: `1 ply`, `5 plies`.
pub fn counted_as(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_number_plural() {
        assert_eq!(counted(1, "move"), "1 move");
        assert_eq!(counted(0, "move"), "0 moves");
        assert_eq!(counted(12, "move"), "12 moves");
        assert_eq!(counted_as(1, "ply", "plies"), "1 ply");
        assert_eq!(counted_as(2, "ply", "plies"), "2 plies");
    }
}
