//! Edits that keep a JSON file JSON: the same [`Op`]s as [`super::mutate`], read as edits
//! of its tree instead of its bytes, so that many more mutants of a shard file get past
//! the parser to the merge's own checks.
//!
//! Each edit picks its node by an [`Index`] over the nodes of the kind it works on
//! (numbers, strings, scalars, arrays, any node), as the byte edits pick a position: a
//! number's bits flipped or set to a boundary, a string's character overwritten, a value
//! replaced by one of the dictionary's of the same kind, a node deleted, an element
//! duplicated, repeated (up to 5,000 times), swapped, wrapped, unwrapped or cleared, an
//! element of another seed put in (a row of another shard among the rows), a member put
//! in where it does not belong, nesting and huge values. An edit that does not fit (no
//! node of its kind, or a result past [`MAX_INPUT`]) changes nothing.

use super::mutate::{Dict, LineEdit, Mutant, Op, Seed, MAX_INPUT, NUMBERS};
use proptest::sample::Index;
use serde_json::Value;

/// How many times an element is repeated (as the byte edits repeat a line).
const REPEATS: &[usize] = &[1, 2, 100, 5000];
/// How deep a nesting edit goes (the parser refuses past 128).
const DEPTHS: &[usize] = &[2, 8, 127, 128, 129, 1000];
/// How big a big value is (bytes or items).
const SIZES: &[usize] = &[1000, 65_536, 1_000_000, 8_000_000];

/// One step of the way from the root to a node.
#[derive(Clone)]
enum Step {
    Key(String),
    At(usize),
}

/// The kinds of node an edit picks from.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Any,
    Number,
    Text,
    Scalar,
    Array,
    /// An element of an array or a member of an object (a node with a parent).
    Child,
}

/// The seed's tree with the mutant's edits made, written compactly; the seed's own bytes
/// with the edits made as bytes (by [`Mutant::apply`]) when it is not JSON.
pub fn apply(m: &Mutant, seeds: &[Seed], dict: &Dict) -> Vec<u8> {
    let seed = &seeds[m.seed_index(seeds.len())];
    let Ok(mut tree) = serde_json::from_slice::<Value>(&seed.bytes) else { return m.apply(seeds, dict) };
    for op in &m.ops {
        let before = tree.clone();
        edit(op, &mut tree, seeds, dict);
        if serde_json::to_vec(&tree).map_or(true, |t| t.len() > MAX_INPUT) {
            tree = before;
        }
    }
    serde_json::to_vec(&tree).unwrap_or_else(|_| seed.bytes.clone())
}

fn edit(op: &Op, tree: &mut Value, seeds: &[Seed], dict: &Dict) {
    match op {
        Op::Flip { at, bit } => {
            if let Some(v) = pick(tree, Kind::Number, at) {
                let flip = 1u64 << (8 * *bit as u32);
                *v = match (v.as_u64(), v.as_i64(), v.as_f64()) {
                    (Some(n), _, _) => Value::from(n ^ flip),
                    (_, Some(n), _) => Value::from(n ^ flip as i64),
                    (_, _, Some(f)) => Value::from(-f),
                    _ => Value::Null,
                };
            }
        }
        Op::Byte { at, byte } => {
            if let Some(Value::String(s)) = pick(tree, Kind::Text, at) {
                let c = char::from(super::mutate::BYTES[byte.index(super::mutate::BYTES.len())]);
                let mut chars: Vec<char> = s.chars().collect();
                match chars.is_empty() {
                    true => chars.push(c),
                    false => {
                        let i = at.index(chars.len());
                        chars[i] = c;
                    }
                }
                *s = chars.into_iter().collect();
            }
        }
        Op::Insert { at, token } => {
            let value = parsed(dict.values[token.index(dict.values.len())]);
            let keys = keys(tree);
            let key = keys.get(index(token, keys.len())).cloned().unwrap_or_else(|| "extra".into());
            match pick(tree, Kind::Any, at) {
                Some(Value::Array(a)) => {
                    let i = at.index(a.len() + 1);
                    a.insert(i, value);
                }
                Some(Value::Object(o)) => {
                    o.insert(key, value);
                }
                _ => {}
            }
        }
        Op::Delete { at, .. } => {
            let children = paths(tree, Kind::Child);
            if let Some(path) = children.get(index(at, children.len())) {
                let (last, parent) = path.split_last().expect("a child has a parent");
                match (node(tree, parent), last) {
                    (Some(Value::Array(a)), Step::At(i)) => {
                        a.remove(*i);
                    }
                    (Some(Value::Object(o)), Step::Key(k)) => {
                        o.remove(k);
                    }
                    _ => {}
                }
            }
        }
        Op::Duplicate { from, to, .. } => {
            if let Some(Value::Array(a)) = pick_nonempty(tree, from) {
                let v = a[from.index(a.len())].clone();
                let i = to.index(a.len() + 1);
                a.insert(i, v);
            }
        }
        Op::Splice { other, from, to, .. } => {
            // An element of the donor's array at the same place (a row of another shard
            // into the rows), else of any of its arrays.
            let Ok(donor) = serde_json::from_slice::<Value>(&seeds[other.index(seeds.len())].bytes) else { return };
            let arrays = paths(tree, Kind::Array);
            let Some(target) = arrays.get(index(to, arrays.len())).cloned() else { return };
            let elements: Vec<Vec<Step>> =
                paths(&donor, Kind::Child).into_iter().filter(|p| matches!(p.last(), Some(Step::At(_)))).collect();
            let alike: Vec<&Vec<Step>> =
                elements.iter().filter(|p| shape(&p[..p.len() - 1]) == shape(&target)).collect();
            let p = match alike.is_empty() {
                false => alike[index(from, alike.len())],
                true => match elements.get(index(from, elements.len())) {
                    Some(p) => p,
                    None => return,
                },
            };
            let v = node_ref(&donor, p).cloned().unwrap_or(Value::Null);
            if let Some(Value::Array(a)) = node(tree, &target) {
                let i = to.index(a.len() + 1);
                a.insert(i, v);
            }
        }
        Op::Line { line, edit } => {
            let Some(Value::Array(a)) = pick(tree, Kind::Array, line) else { return };
            match edit {
                LineEdit::Delete => {
                    a.pop();
                }
                LineEdit::Repeat(times) if !a.is_empty() => {
                    let n = REPEATS[times.index(REPEATS.len())];
                    let v = a[line.index(a.len())].clone();
                    let size = serde_json::to_vec(&v).map_or(usize::MAX, |t| t.len() + 1);
                    if size.saturating_mul(n) <= MAX_INPUT {
                        let i = line.index(a.len());
                        a.splice(i..i, std::iter::repeat_n(v, n));
                    }
                }
                LineEdit::Swap if a.len() > 1 => {
                    let i = line.index(a.len() - 1);
                    a.swap(i, i + 1);
                }
                LineEdit::Indent if !a.is_empty() => {
                    let i = line.index(a.len());
                    a[i] = Value::Array(vec![a[i].take()]);
                }
                LineEdit::Dedent if !a.is_empty() => {
                    let i = line.index(a.len());
                    if let Value::Array(inner) = &mut a[i] {
                        if let Some(first) = inner.first_mut() {
                            a[i] = first.take();
                        }
                    }
                }
                LineEdit::Tabs => a.reverse(),
                LineEdit::Truncate => a.clear(),
                _ => {}
            }
        }
        Op::Value { nth, value } => {
            // A value of the same kind where the dictionary has one (the kinds a field
            // does not take are the other edits' job), so that the file stays a shard.
            if let Some(v) = pick(tree, Kind::Scalar, nth) {
                let all: Vec<Value> = dict.values.iter().map(|t| parsed(t)).collect();
                let alike: Vec<&Value> = all.iter().filter(|x| same_kind(x, v)).collect();
                *v = match alike.is_empty() {
                    true => all[value.index(all.len())].clone(),
                    false => alike[value.index(alike.len())].clone(),
                };
            }
        }
        Op::Number { nth, value } => {
            if let Some(v) = pick(tree, Kind::Number, nth) {
                *v = parsed(NUMBERS[value.index(NUMBERS.len())]);
            }
        }
        Op::Nest { at, depth, style, .. } => {
            if let Some(v) = pick(tree, Kind::Any, at) {
                let mut inner = v.take();
                for _ in 0..DEPTHS[depth.index(DEPTHS.len())] {
                    inner = match style {
                        0 => Value::Object([("a".to_string(), inner)].into_iter().collect()),
                        _ => Value::Array(vec![inner]),
                    };
                }
                *v = inner;
            }
        }
        Op::Big { at, size, kind } => {
            if let Some(v) = pick(tree, Kind::Scalar, at) {
                let n = SIZES[size.index(SIZES.len())];
                *v = match kind {
                    0 => Value::String("x".repeat(n)),
                    1 => Value::String("\u{e9}".repeat(n / 2)),
                    _ => Value::Array(vec![Value::from(1); n / 3]),
                };
            }
        }
        Op::Bomb { nth, levels } => {
            // JSON has no aliases: a number made a float, or one of many digits.
            if let Some(v) = pick(tree, Kind::Number, nth) {
                let f = v.as_f64().unwrap_or(0.0);
                *v = match levels % 3 {
                    0 => Value::from(f + 0.5),
                    1 => parsed(&"9".repeat(*levels as usize * 10)),
                    _ => Value::from(-f - 1.0),
                };
            }
        }
    }
}

/// Whether two values are of one JSON kind (whole numbers apart from other numbers).
fn same_kind(a: &Value, b: &Value) -> bool {
    let kind = |v: &Value| match v {
        Value::Number(n) if n.is_u64() || n.is_i64() => 0,
        Value::Number(_) => 1,
        Value::String(_) => 2,
        Value::Bool(_) => 3,
        Value::Null => 4,
        Value::Array(_) => 5,
        Value::Object(_) => 6,
    };
    kind(a) == kind(b)
}

/// A dictionary value as JSON, or as a string when it is not JSON.
fn parsed(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

fn index(i: &Index, len: usize) -> usize {
    if len == 0 {
        0
    } else {
        i.index(len)
    }
}

/// The nodes of `kind`, by their paths, in document order.
fn paths(tree: &Value, kind: Kind) -> Vec<Vec<Step>> {
    fn walk(v: &Value, path: &mut Vec<Step>, kind: Kind, out: &mut Vec<Vec<Step>>) {
        let fits = match kind {
            Kind::Any => true,
            Kind::Number => v.is_number(),
            Kind::Text => v.is_string(),
            Kind::Scalar => !v.is_array() && !v.is_object(),
            Kind::Array => v.is_array(),
            Kind::Child => !path.is_empty(),
        };
        if fits {
            out.push(path.clone());
        }
        match v {
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    path.push(Step::At(i));
                    walk(x, path, kind, out);
                    path.pop();
                }
            }
            Value::Object(o) => {
                for (k, x) in o {
                    path.push(Step::Key(k.clone()));
                    walk(x, path, kind, out);
                    path.pop();
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(tree, &mut Vec::new(), kind, &mut out);
    out
}

/// Every object key in the tree (for a member put in where it does not belong).
fn keys(tree: &Value) -> Vec<String> {
    let mut out: Vec<String> = paths(tree, Kind::Child)
        .into_iter()
        .filter_map(|p| match p.last() {
            Some(Step::Key(k)) => Some(k.clone()),
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// A path with its array positions left out: where in the format a node is.
fn shape(path: &[Step]) -> Vec<&str> {
    path.iter()
        .map(|s| match s {
            Step::Key(k) => k.as_str(),
            Step::At(_) => "[]",
        })
        .collect()
}

fn node<'a>(tree: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(tree, |v, step| match step {
        Step::Key(k) => v.get_mut(k.as_str()),
        Step::At(i) => v.get_mut(*i),
    })
}

fn node_ref<'a>(tree: &'a Value, path: &[Step]) -> Option<&'a Value> {
    path.iter().try_fold(tree, |v, step| match step {
        Step::Key(k) => v.get(k.as_str()),
        Step::At(i) => v.get(*i),
    })
}

/// The node of `kind` that `i` picks.
fn pick<'a>(tree: &'a mut Value, kind: Kind, i: &Index) -> Option<&'a mut Value> {
    let all = paths(tree, kind);
    let path = all.get(index(i, all.len()))?.clone();
    node(tree, &path)
}

/// An array with elements, picked by `i`.
fn pick_nonempty<'a>(tree: &'a mut Value, i: &Index) -> Option<&'a mut Value> {
    let all: Vec<Vec<Step>> = paths(tree, Kind::Array)
        .into_iter()
        .filter(|p| node_ref(tree, p).and_then(Value::as_array).is_some_and(|a| !a.is_empty()))
        .collect();
    let path = all.get(index(i, all.len()))?.clone();
    node(tree, &path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::TestRunner;

    #[test]
    fn mutants_stay_json() {
        let seeds = [
            Seed {
                name: "a".into(),
                bytes: br#"{"rows": [{"seed": 1, "w": [1, 2]}, {"seed": 2, "w": []}], "n": "x"}"#.to_vec(),
            },
            Seed { name: "b".into(), bytes: br#"{"rows": [{"seed": 7, "w": [3]}], "n": "y"}"#.to_vec() },
        ];
        let mut runner = TestRunner::deterministic();
        let mut same_keys = 0;
        for _ in 0..32 {
            let m = super::super::mutate::mutant(4).new_tree(&mut runner).unwrap().current();
            let out = apply(&m, &seeds, &super::super::mutate::JSON);
            match serde_json::from_slice::<Value>(&out) {
                Ok(v) => same_keys += usize::from(v.get("rows").is_some_and(Value::is_array)),
                // Nesting past the parser's limit of 128 is made on purpose.
                Err(e) => assert!(e.to_string().contains("recursion limit"), "{e}"),
            }
        }
        assert!(same_keys > 10, "{same_keys}");
    }
}
