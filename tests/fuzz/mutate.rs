//! Mutants: a seed (a real file or transcript) and a short list of edits to it.
//!
//! A [`Mutant`] is data that proptest generates and shrinks: which seed, and up to a few
//! [`Op`]s whose positions are [`Index`]es (fractions of whatever length the text has when
//! the edit is made). Shrinking drops edits and moves indexes towards zero, so a failure
//! comes back as the fewest, earliest edits that still fail. The edits mix blind byte
//! work (flips, inserts, deletions, duplicated spans, splices from another seed) with
//! edits that know YAML and our formats: a scalar replaced by an awkward value, a number
//! set to a boundary, deep nesting, huge strings and lists, alias bombs, repeated or
//! re-indented lines. What each target may insert is its [`Dict`].

use proptest::prelude::*;
use proptest::sample::Index;

/// No mutant grows past this: an edit that would is skipped.
pub const MAX_INPUT: usize = 16 << 20;

/// A text a target starts from: a content file, a save file or a REPL transcript.
#[derive(Clone, Debug)]
pub struct Seed {
    /// Where it came from (a path, or a description).
    pub name: String,
    pub bytes: Vec<u8>,
}

/// What a target's edits may insert.
pub struct Dict {
    /// Inserted anywhere: syntax, keywords, whole lines.
    pub tokens: &'static [&'static [u8]],
    /// Put in place of a scalar.
    pub values: &'static [&'static str],
}

pub use super::dicts::{BYTES, JSON, LUA, NUMBERS, SAVE, SAVE_TOKENS, SAVE_VALUES, YAML, YAML_TOKENS, YAML_VALUES};

/// How many times a line is repeated.
const REPEATS: &[usize] = &[1, 2, 100, 5000];
/// How deep a nesting edit goes.
const DEPTHS: &[usize] = &[2, 8, 64, 200, 1000, 10_000, 100_000];
/// How big a big edit is (bytes or items).
const SIZES: &[usize] = &[1000, 65_536, 1_000_000, 8_000_000];

/// One edit.
#[derive(Clone, Debug)]
pub enum Op {
    /// Flips one bit of one byte.
    Flip {
        at: Index,
        bit: u8,
    },
    /// Overwrites one byte with one of [`BYTES`].
    Byte {
        at: Index,
        byte: Index,
    },
    /// Inserts a token of the target's [`Dict`].
    Insert {
        at: Index,
        token: Index,
    },
    Delete {
        at: Index,
        len: usize,
    },
    /// Copies a span elsewhere in the same text.
    Duplicate {
        from: Index,
        len: usize,
        to: Index,
    },
    /// Inserts a span of another seed of the same target.
    Splice {
        other: Index,
        from: Index,
        len: usize,
        to: Index,
    },
    Line {
        line: Index,
        edit: LineEdit,
    },
    /// Replaces the scalar after the nth `: `, `- ` or `[` with one of the dict's values.
    Value {
        nth: Index,
        value: Index,
    },
    /// Replaces the nth number with one of [`NUMBERS`].
    Number {
        nth: Index,
        value: Index,
    },
    /// Inserts nesting: flow maps, flow lists or block lists, closed or not.
    Nest {
        at: Index,
        depth: Index,
        style: u8,
        closed: bool,
    },
    /// Inserts a huge scalar, quoted string or list.
    Big {
        at: Index,
        size: Index,
        kind: u8,
    },
    /// Replaces the nth scalar with an alias bomb of `levels` levels of nine.
    Bomb {
        nth: Index,
        levels: u8,
    },
}

/// An edit of one line.
#[derive(Clone, Debug)]
pub enum LineEdit {
    Delete,
    /// Repeats the line (a duplicate key, a list of thousands).
    Repeat(Index),
    /// Swaps it with the next line.
    Swap,
    /// Two more spaces of indent.
    Indent,
    /// Two fewer spaces of indent.
    Dedent,
    /// Its leading spaces become tabs.
    Tabs,
    /// Everything after this line is cut off (a file cut short).
    Truncate,
}

/// A seed and the edits made to it.
#[derive(Clone, Debug)]
pub struct Mutant {
    pub seed: Index,
    pub ops: Vec<Op>,
}

fn line_edit() -> impl Strategy<Value = LineEdit> {
    prop_oneof![
        Just(LineEdit::Delete),
        any::<Index>().prop_map(LineEdit::Repeat),
        Just(LineEdit::Swap),
        Just(LineEdit::Indent),
        Just(LineEdit::Dedent),
        Just(LineEdit::Tabs),
        Just(LineEdit::Truncate),
    ]
}

/// Any one edit; the structured edits are as likely as the blind ones.
pub fn op() -> impl Strategy<Value = Op> {
    let i = || any::<Index>();
    prop_oneof![
        2 => (i(), 0u8..8).prop_map(|(at, bit)| Op::Flip { at, bit }),
        2 => (i(), i()).prop_map(|(at, byte)| Op::Byte { at, byte }),
        3 => (i(), i()).prop_map(|(at, token)| Op::Insert { at, token }),
        2 => (i(), 1usize..64).prop_map(|(at, len)| Op::Delete { at, len }),
        1 => (i(), 1usize..256, i()).prop_map(|(from, len, to)| Op::Duplicate { from, len, to }),
        2 => (i(), i(), 1usize..512, i()).prop_map(|(other, from, len, to)| Op::Splice { other, from, len, to }),
        3 => (i(), line_edit()).prop_map(|(line, edit)| Op::Line { line, edit }),
        4 => (i(), i()).prop_map(|(nth, value)| Op::Value { nth, value }),
        3 => (i(), i()).prop_map(|(nth, value)| Op::Number { nth, value }),
        1 => (i(), i(), 0u8..3, any::<bool>()).prop_map(|(at, depth, style, closed)| Op::Nest { at, depth, style, closed }),
        1 => (i(), i(), 0u8..3).prop_map(|(at, size, kind)| Op::Big { at, size, kind }),
        1 => (i(), 1u8..10).prop_map(|(nth, levels)| Op::Bomb { nth, levels }),
    ]
}

/// A mutant of one to `max_ops` edits.
pub fn mutant(max_ops: usize) -> impl Strategy<Value = Mutant> {
    (any::<Index>(), proptest::collection::vec(op(), 1..=max_ops)).prop_map(|(seed, ops)| Mutant { seed, ops })
}

impl Mutant {
    /// The seed this mutant starts from.
    pub fn seed_index(&self, seeds: usize) -> usize {
        self.seed.index(seeds)
    }

    /// The seed with every edit made, in order.
    pub fn apply(&self, seeds: &[Seed], dict: &Dict) -> Vec<u8> {
        let mut text = seeds[self.seed_index(seeds.len())].bytes.clone();
        for op in &self.ops {
            apply(op, &mut text, seeds, dict);
        }
        text
    }
}

/// Makes one edit; an edit that does not fit the text (or would grow it past
/// [`MAX_INPUT`]) changes nothing.
pub fn apply(op: &Op, text: &mut Vec<u8>, seeds: &[Seed], dict: &Dict) {
    let len = text.len();
    let insert = |text: &mut Vec<u8>, at: usize, bytes: &[u8]| {
        if text.len() + bytes.len() <= MAX_INPUT {
            text.splice(at..at, bytes.iter().copied());
        }
    };
    match op {
        Op::Flip { at, bit } if len > 0 => text[at.index(len)] ^= 1 << bit,
        Op::Byte { at, byte } if len > 0 => text[at.index(len)] = BYTES[byte.index(BYTES.len())],
        Op::Insert { at, token } => insert(text, at.index(len + 1), dict.tokens[token.index(dict.tokens.len())]),
        Op::Delete { at, len: n } if len > 0 => {
            let a = at.index(len);
            text.drain(a..(a + n).min(len));
        }
        Op::Duplicate { from, len: n, to } if len > 0 => {
            let a = from.index(len);
            let span = text[a..(a + n).min(len)].to_vec();
            insert(text, to.index(len + 1), &span);
        }
        Op::Splice { other, from, len: n, to } => {
            let o = &seeds[other.index(seeds.len())].bytes;
            if !o.is_empty() {
                let a = from.index(o.len());
                let span = o[a..(a + n).min(o.len())].to_vec();
                insert(text, to.index(len + 1), &span);
            }
        }
        Op::Line { line, edit } => edit_line(text, line, edit),
        Op::Value { nth, value } => {
            if let Some((a, b)) = nth_scalar(text, nth) {
                let v = dict.values[value.index(dict.values.len())];
                text.splice(a..b, v.bytes());
            }
        }
        Op::Number { nth, value } => {
            let runs = number_runs(text);
            if !runs.is_empty() {
                let (a, b) = runs[nth.index(runs.len())];
                text.splice(a..b, NUMBERS[value.index(NUMBERS.len())].bytes());
            }
        }
        Op::Nest { at, depth, style, closed } => {
            let depth = DEPTHS[depth.index(DEPTHS.len())];
            let (open, close): (&[u8], &[u8]) = match style {
                0 => (b"{a: ", b"}"),
                1 => (b"[", b"]"),
                _ => (b"- ", b""),
            };
            let mut nest = open.repeat(depth);
            nest.push(b'x');
            if *closed {
                nest.extend(close.repeat(depth));
            }
            insert(text, at.index(len + 1), &nest);
        }
        Op::Big { at, size, kind } => {
            let n = SIZES[size.index(SIZES.len())];
            let big = match kind {
                0 => vec![b'x'; n],
                1 => [b"\"".as_slice(), &vec![b'y'; n], b"\""].concat(),
                _ => {
                    let mut list = b"[".to_vec();
                    list.extend(b"1, ".repeat(n / 3));
                    list.extend(b"1]");
                    list
                }
            };
            insert(text, at.index(len + 1), &big);
        }
        Op::Bomb { nth, levels } => {
            if let Some((a, b)) = nth_scalar(text, nth) {
                text.splice(a..b, bomb(*levels as usize).bytes());
            }
        }
        _ => {}
    }
}

fn edit_line(text: &mut Vec<u8>, line: &Index, edit: &LineEdit) {
    let starts: Vec<usize> =
        std::iter::once(0).chain(text.iter().enumerate().filter(|(_, &b)| b == b'\n').map(|(i, _)| i + 1)).collect();
    let n = starts.len();
    let l = line.index(n);
    let (a, b) = (starts[l], starts.get(l + 1).copied().unwrap_or(text.len()));
    match edit {
        LineEdit::Delete => {
            text.drain(a..b);
        }
        LineEdit::Repeat(times) => {
            let times = REPEATS[times.index(REPEATS.len())];
            let mut line = text[a..b].to_vec();
            if line.last() != Some(&b'\n') {
                line.insert(0, b'\n');
            }
            if text.len() + line.len() * times <= MAX_INPUT {
                let more = line.repeat(times);
                text.splice(b..b, more);
            }
        }
        LineEdit::Swap => {
            if l + 1 < n {
                let c = starts.get(l + 2).copied().unwrap_or(text.len());
                let (first, second) = (text[a..b].to_vec(), text[b..c].to_vec());
                let swapped = [second, first].concat();
                text.splice(a..c, swapped);
            }
        }
        LineEdit::Indent => {
            text.splice(a..a, *b"  ");
        }
        LineEdit::Dedent => {
            let spaces = text[a..b].iter().take(2).take_while(|&&c| c == b' ').count();
            text.drain(a..a + spaces);
        }
        LineEdit::Tabs => {
            let spaces = text[a..b].iter().take_while(|&&c| c == b' ').count();
            let tabs = vec![b'\t'; spaces.div_ceil(2)];
            text.splice(a..a + spaces, tabs);
        }
        LineEdit::Truncate => text.truncate(b),
    }
}

/// The span of the nth scalar that follows `: `, `- ` or `[` (up to the end of its line,
/// or a `,`, `]`, `}` or `#`), if the text has any.
fn nth_scalar(text: &[u8], nth: &Index) -> Option<(usize, usize)> {
    let starts = scalar_starts(text);
    if starts.is_empty() {
        return None;
    }
    Some(scalar_at(text, starts[nth.index(starts.len())]))
}

fn scalar_starts(text: &[u8]) -> Vec<usize> {
    let mut starts = Vec::new();
    for i in 0..text.len() {
        if text[i] == b'[' {
            starts.push(i + 1);
        } else if (text[i] == b':' || text[i] == b'-') && text.get(i + 1) == Some(&b' ') {
            starts.push(i + 2);
        }
    }
    starts
}

fn scalar_at(text: &[u8], a: usize) -> (usize, usize) {
    let end = text[a..].iter().position(|c| b"\n,]}#".contains(c)).map(|p| a + p).unwrap_or(text.len());
    (a, end)
}

/// The spans of the numbers in a text (digits, with a `-` before them).
fn number_runs(text: &[u8]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if text[i].is_ascii_digit() {
            let a = if i > 0 && text[i - 1] == b'-' { i - 1 } else { i };
            let mut b = i;
            while b < text.len() && text[b].is_ascii_digit() {
                b += 1;
            }
            runs.push((a, b));
            i = b;
        } else {
            i += 1;
        }
    }
    runs
}

/// A flow list whose last element expands to 9^levels items through aliases.
fn bomb(levels: usize) -> String {
    let mut out = String::from("[&b0 [x, x, x, x, x, x, x, x, x]");
    for l in 1..levels {
        let refs = vec![format!("*b{}", l - 1); 9].join(", ");
        out.push_str(&format!(", &b{l} [{refs}]"));
    }
    out.push(']');
    out
}

/// A text for a report: the whole input when it is at most twice `keep` bytes long,
/// else its first and last `keep` bytes, escaped as in a Rust byte string.
pub fn show(bytes: &[u8], keep: usize) -> String {
    let esc = |b: &[u8]| b.escape_ascii().to_string();
    if bytes.len() <= 2 * keep {
        format!("b\"{}\"", esc(bytes))
    } else {
        format!("{} bytes: b\"{}\" ... b\"{}\"", bytes.len(), esc(&bytes[..keep]), esc(&bytes[bytes.len() - keep..]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    #[test]
    fn scalars_and_numbers_are_found() {
        let t = b"a: 1\nb: [2, x]\n- -3\n";
        let runs = number_runs(t);
        assert_eq!(runs.iter().map(|&(a, b)| &t[a..b]).collect::<Vec<_>>(), [&b"1"[..], b"2", b"-3"]);
        let scalars: Vec<&[u8]> = scalar_starts(t)
            .into_iter()
            .map(|a| {
                let (a, b) = scalar_at(t, a);
                &t[a..b]
            })
            .collect();
        assert_eq!(scalars, [&b"1"[..], b"[2", b"2", b"-3"]);
    }

    #[test]
    fn mutants_stay_within_the_size_cap() {
        let seeds = [Seed { name: "s".into(), bytes: b"a: 1\nb: [1, 2]\n".to_vec() }];
        let mut runner = TestRunner::deterministic();
        for _ in 0..200 {
            let m = mutant(6).new_tree(&mut runner).unwrap().current();
            assert!(m.apply(&seeds, &YAML).len() <= MAX_INPUT + 1_000);
        }
    }
}
