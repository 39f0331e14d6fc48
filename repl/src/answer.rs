//! Answers to decisions, as people type them: an option number, several numbers for a
//! multi-choice (space or comma separated), `-` or nothing for choosing none, or the start
//! of a label (case-insensitive, and unique among the labels).
//!
//! Parsing only turns text into 1-based picks; whether the picks fit the decision (how
//! many, no repeats) is the engine's to say, so the rules live in one place. A
//! [`Question`] is a copy of the engine's request, so the session can hold it while it
//! changes the game.

use posse::Request;

/// A pending decision, detached from the game.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub seat: usize,
    pub prompt: String,
    pub labels: Vec<String>,
    /// Option i's id (`ids[i - 1]`), when the game gives one: its kind, for folding.
    pub ids: Vec<Option<String>>,
    pub multi: bool,
    pub min: usize,
    pub max: usize,
    /// Only the seat asked may know that it is asked.
    pub secret: bool,
}

/// The answer of a question of `count` options when it allows exactly one (see
/// [`Question::only_answer`]).
fn only_answer(count: usize, multi: bool, min: usize, max: usize) -> Option<Vec<u32>> {
    if !multi {
        return (count == 1).then(|| vec![1]);
    }
    if max == 0 {
        Some(Vec::new())
    } else if min >= count {
        Some((1..=count as u32).collect())
    } else {
        None
    }
}

/// Whether the engine's question `r` allows exactly one answer: nothing a person could
/// decide (no text is made to tell).
pub fn forced(r: &Request) -> bool {
    only_answer(r.count, r.multi, r.min, r.max).is_some()
}

impl Question {
    pub fn of(r: &Request) -> Question {
        Question {
            seat: r.seat,
            prompt: r.prompt(),
            labels: r.labels(),
            ids: r.ids().0,
            multi: r.multi,
            min: r.min,
            max: r.max,
            secret: r.secret,
        }
    }

    /// The numbered options, one per line, and for a multi-choice how to answer. Many
    /// short options are laid out in columns (down, then across) within `width`
    /// characters, so a long list of places or cards fits the screen.
    pub fn options(&self, width: usize) -> String {
        let digits = self.labels.len().to_string().len();
        let items: Vec<String> =
            self.labels.iter().enumerate().map(|(i, l)| format!("{:>digits$}) {l}", i + 1)).collect();
        let mut out = columns(&items, width);
        if self.multi {
            let how_many =
                if self.min == self.max { self.min.to_string() } else { format!("{} to {}", self.min, self.max) };
            let none = if self.min == 0 { "; - or nothing for none" } else { "" };
            out.push(format!("  (pick {how_many}, separated by spaces or commas{none})"));
        }
        out.join("\n")
    }

    /// Picks as `2 (Second card)`, `1,3 (A, C)` or `none`.
    pub fn describe(&self, picks: &[u32]) -> String {
        if picks.is_empty() {
            return "none".to_string();
        }
        let nums: Vec<String> = picks.iter().map(u32::to_string).collect();
        let names: Vec<&str> = picks.iter().map(|&p| self.label_of(p)).collect();
        format!("{} ({})", nums.join(","), names.join(", "))
    }

    /// The answer, when the question allows exactly one: its one option, none of its
    /// options (it asks for at most none), or all of them (it asks for at least all).
    pub fn only_answer(&self) -> Option<Vec<u32>> {
        only_answer(self.labels.len(), self.multi, self.min, self.max)
    }

    /// The label of option `pick` (1-based), or `?` when there is no such option.
    pub fn label_of(&self, pick: u32) -> &str {
        (pick as usize).checked_sub(1).and_then(|i| self.labels.get(i)).map(String::as_str).unwrap_or("?")
    }

    /// Turns a typed answer into 1-based picks, or says in one line what is wrong.
    pub fn parse(&self, input: &str) -> Result<Vec<u32>, String> {
        let s = input.trim();
        let count = self.labels.len();
        if s.is_empty() || s == "-" {
            return if self.multi {
                Ok(Vec::new())
            } else {
                Err(format!("type an option number (1..{count}) or the start of its label; :help for commands"))
            };
        }
        let tokens: Vec<&str> = s.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()).collect();
        if tokens.iter().all(|t| t.parse::<u64>().is_ok()) {
            if !self.multi && tokens.len() != 1 {
                return Err(format!("pick one option, not {}", tokens.len()));
            }
            return tokens.iter().map(|t| self.number(t)).collect();
        }
        if !self.multi {
            return self.label(s).map(|p| vec![p]);
        }
        s.split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| self.number(p).or_else(|_| self.label(p)))
            .collect()
    }

    fn number(&self, token: &str) -> Result<u32, String> {
        let count = self.labels.len();
        match token.parse::<u32>() {
            Ok(n) if n >= 1 && n as usize <= count => Ok(n),
            _ => Err(format!("there is no option {token}: options are 1..{count}")),
        }
    }

    /// The option whose label is `text` (ignoring case) or the only one starting with it.
    fn label(&self, text: &str) -> Result<u32, String> {
        let t = text.to_lowercase();
        let lower: Vec<String> = self.labels.iter().map(|l| l.to_lowercase()).collect();
        let exact: Vec<usize> = (0..lower.len()).filter(|&i| lower[i] == t).collect();
        if exact.len() == 1 {
            return Ok(exact[0] as u32 + 1);
        }
        let prefixed: Vec<usize> = (0..lower.len()).filter(|&i| lower[i].starts_with(&t)).collect();
        match prefixed.as_slice() {
            [one] => Ok(*one as u32 + 1),
            [] => Err(format!("no option starts with '{text}'")),
            many => {
                let names: Vec<String> = many.iter().map(|&i| format!("{}) {}", i + 1, self.labels[i])).collect();
                Err(format!("'{text}' could be {}", names.join(", ")))
            }
        }
    }
}

/// From this many options on, a list may be laid out in columns.
const COLUMNS_FROM: usize = 8;

/// `items` in as many columns (filled down, then across) as fit in `width` characters
/// with an indent of two and two spaces between columns; one column when they are few or
/// too wide.
fn columns(items: &[String], width: usize) -> Vec<String> {
    // One column: a long item broken between words, its rest under its text.
    let one = || {
        let mut out = Vec::new();
        for item in items {
            let hang = item.find(") ").map_or(0, |i| i + 2);
            for (k, line) in crate::words::wrap(item, width.saturating_sub(2 + hang).max(20)).into_iter().enumerate() {
                if k == 0 {
                    out.push(format!("  {line}"));
                } else {
                    out.push(format!("  {}{line}", " ".repeat(hang)));
                }
            }
        }
        out
    };
    if items.len() < COLUMNS_FROM {
        return one();
    }
    let len = |s: &String| s.chars().count();
    for cols in (2..=items.len().min(8)).rev() {
        let rows = items.len().div_ceil(cols);
        let widths: Vec<usize> = items.chunks(rows).map(|c| c.iter().map(len).max().unwrap_or(0)).collect();
        if 2 + widths.iter().sum::<usize>() + 2 * (widths.len() - 1) > width {
            continue;
        }
        return (0..rows)
            .map(|r| {
                let cells = (0..widths.len()).filter_map(|c| items.get(c * rows + r).map(|i| (c, i)));
                let line: String = cells.map(|(c, i)| format!("{i:w$}  ", w = widths[c])).collect();
                format!("  {}", line.trim_end())
            })
            .collect();
    }
    one()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(multi: bool) -> Question {
        Question {
            seat: 1,
            prompt: "Which?".into(),
            labels: vec!["Draw a card".into(), "Draw two".into(), "Pass".into()],
            ids: vec![None; 3],
            multi,
            min: 0,
            max: 2,
            secret: false,
        }
    }

    #[test]
    fn numbers_and_labels() {
        assert_eq!(q(false).parse(" 2 "), Ok(vec![2]));
        assert_eq!(q(false).parse("pa"), Ok(vec![3]));
        assert_eq!(q(false).parse("DRAW T"), Ok(vec![2]));
        assert!(q(false).parse("draw").unwrap_err().contains("could be 1) Draw a card, 2) Draw two"));
        assert!(q(false).parse("4").unwrap_err().contains("no option 4"));
        assert!(q(false).parse("0").is_err());
        assert!(q(false).parse("1 2").is_err());
        assert!(q(false).parse("").is_err());
        assert!(q(false).parse("zap").unwrap_err().contains("no option starts with 'zap'"));
    }

    #[test]
    fn multi_choices() {
        assert_eq!(q(true).parse("1 3"), Ok(vec![1, 3]));
        assert_eq!(q(true).parse("1,3"), Ok(vec![1, 3]));
        assert_eq!(q(true).parse(""), Ok(vec![]));
        assert_eq!(q(true).parse("-"), Ok(vec![]));
        assert_eq!(q(true).parse("pass, draw a"), Ok(vec![3, 1]));
        assert_eq!(q(true).parse("pass, 2"), Ok(vec![3, 2]));
        assert!(q(true).parse("1 9").is_err());
    }

    #[test]
    fn questions_with_only_one_answer() {
        let one = Question { labels: vec!["Let it be".into()], multi: false, ..q(false) };
        assert_eq!(one.only_answer(), Some(vec![1]));
        assert_eq!(q(false).only_answer(), None);
        assert_eq!(q(true).only_answer(), None, "0 to 2 of 3");
        assert_eq!(Question { min: 0, max: 0, ..q(true) }.only_answer(), Some(vec![]));
        assert_eq!(Question { min: 3, max: 3, ..q(true) }.only_answer(), Some(vec![1, 2, 3]));
        let single = Question { labels: vec!["discard it".into()], min: 0, max: 1, ..q(true) };
        assert_eq!(single.only_answer(), None, "none or the one option: two answers");
    }

    #[test]
    fn a_long_label_breaks_between_words_under_its_text() {
        let long = "Play Nerves of Steel: when you must draw a Panic card, don't; you are immune to panic until the round ends";
        let q = Question { labels: vec![long.into(), "Pass".into()], ..q(false) };
        let text = q.options(80);
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        assert!(text.contains("\n     ") && !text.contains("immun\n"), "{text}");
    }

    #[test]
    fn many_short_options_take_columns() {
        let q = |n: usize| Question { labels: (1..=n).map(|i| format!("Town {i}")).collect(), ..q(false) };
        assert_eq!(q(3).options(80), "  1) Town 1\n  2) Town 2\n  3) Town 3");
        let nineteen = q(19).options(80);
        assert!(nineteen.lines().count() <= 5, "{nineteen}");
        assert!(nineteen.lines().all(|l| l.chars().count() <= 80), "{nineteen}");
        assert!(nineteen.starts_with("   1) Town 1   5) Town 5"), "down, then across: {nineteen}");
        assert!(nineteen.lines().nth(1).is_some_and(|l| l.starts_with("   2) Town 2")), "{nineteen}");
        let wide = Question { labels: (1..=9).map(|i| format!("{i} {}", "x".repeat(50))).collect(), ..q(0) };
        assert_eq!(wide.options(80).lines().count(), 9, "too wide for two columns");
    }

    #[test]
    fn describes_picks() {
        assert_eq!(q(true).describe(&[1, 3]), "1,3 (Draw a card, Pass)");
        assert_eq!(q(true).describe(&[]), "none");
        assert_eq!(q(true).describe(&[0, 9]), "0,9 (?, ?)");
    }
}
