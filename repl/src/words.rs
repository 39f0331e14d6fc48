//! Words for people: text broken between words to fit the terminal, and counts with the
//! right plural ("1 wound", "2 wounds").

/// `text` broken between words into lines of at most `width` characters (a longer word
/// has a line of its own).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `n` and `noun`, plural unless `n` is 1 ("1 choice", "3 choices"); `noun` is the
/// singular, made plural with an `s` (or `es` after s, x, ch and sh).
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        return format!("1 {noun}");
    }
    let es = ["s", "x", "ch", "sh"].iter().any(|e| noun.ends_with(e));
    format!("{n} {noun}{}", if es { "es" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_between_words() {
        assert_eq!(wrap("a bb ccc dddd", 6), vec!["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("abcdefgh ij", 4), vec!["abcdefgh", "ij"]);
        assert!(wrap("  ", 5).is_empty());
    }

    #[test]
    fn counts_take_the_plural_but_for_one() {
        assert_eq!(count(1, "choice"), "1 choice");
        assert_eq!(count(0, "wound"), "0 wounds");
        assert_eq!(count(2, "match"), "2 matches");
    }
}
