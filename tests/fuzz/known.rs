//! Known failures that the engine's owner is fixing: the classes of input the harness
//! skips, so that a run can find *other* failures.
//!
//! Each class is one function named after the failure it stands for, with the input it
//! recognises described in its doc. [`skip`] asks them all; a skipped case counts as
//! `skipped (known)` in the report, never as a pass. Setting `POSSE_FUZZ_KNOWN=1` turns
//! the filter off, so a run shows that the harness finds these failures. When one is
//! fixed in the engine, delete its function and its line in [`CLASSES`]: the quick
//! subset and the benchmark then test that class again.

/// A known class: its name in reports, and whether an input is of that class.
pub struct Class {
    pub name: &'static str,
    pub matches: fn(&[u8]) -> bool,
}

/// Every known class, for the targets whose input is YAML (content and saves).
pub const CLASSES: &[Class] = &[
    Class { name: "deep YAML nesting", matches: deep_nesting },
    Class { name: "huge component or dice count", matches: huge_count },
];

/// The known classes of REPL input.
pub const REPL_CLASSES: &[Class] = &[Class { name: "endless save file", matches: loads_endless_file }];

/// Nesting deeper than this is slow to parse, and the time grows faster than the depth:
/// `{a: ` nested 5,000 levels deep takes 0.14 s to load, 20,000 levels 2.2 s and
/// 100,000 levels 61 s (release build). The fix will bound the depth.
pub const NESTING: usize = 10_000;

/// Counts above this make the engine make every copy, with no bound: a card's `count:
/// 18446744073709551615` allocates until the memory runs out (an abort under the
/// harness's memory limit, the OOM killer without it), 1,000,000 copies of a fixture card
/// take 17 s to check and 100,000 take 1.7 s. The games' largest count is 6. The fix will
/// bound counts.
pub const COUNT: u64 = 10_000;

/// Whether known failures are tested too (`POSSE_FUZZ_KNOWN=1`).
pub fn included() -> bool {
    std::env::var("POSSE_FUZZ_KNOWN").is_ok_and(|v| v == "1")
}

/// The known class `input` belongs to, unless the known classes are included.
pub fn skip(classes: &[Class], input: &[u8]) -> Option<&'static str> {
    if included() {
        return None;
    }
    classes.iter().find(|c| (c.matches)(input)).map(|c| c.name)
}

/// YAML nested more than [`NESTING`] levels: open flow brackets, `- ` items started on
/// one line, or indentation.
pub fn deep_nesting(input: &[u8]) -> bool {
    let mut flow = 0usize;
    for &b in input {
        match b {
            b'[' | b'{' => {
                flow += 1;
                if flow > NESTING {
                    return true;
                }
            }
            b']' | b'}' => flow = flow.saturating_sub(1),
            _ => {}
        }
    }
    input.split(|&b| b == b'\n').any(|line| {
        let indent = line.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
        let dashes = line.windows(2).filter(|w| w == b"- ").count();
        indent > 2 * NESTING || dashes > NESTING
    })
}

/// A `count` key (of a component, a die kind or an overlay) whose value is an integer
/// above [`COUNT`], wherever it is in the YAML.
pub fn huge_count(input: &[u8]) -> bool {
    if deep_nesting(input) {
        return false;
    }
    let Ok(text) = std::str::from_utf8(input) else { return false };
    match serde_yaml::from_str::<serde_yaml::Value>(text) {
        Ok(v) => has_huge_count(&v),
        // A document that does not parse as a whole never reaches the counts; a line
        // such as `count: 99999999` is still taken for one, whatever breaks elsewhere.
        Err(_) => text.lines().any(|l| {
            l.split_once("count:").is_some_and(|(_, n)| {
                let n = n.trim().trim_end_matches(['}', ',', ']']).trim();
                n.parse::<u64>().map_or(n.len() > 6 && n.bytes().all(|b| b.is_ascii_digit()), |n| n > COUNT)
            })
        }),
    }
}

fn has_huge_count(v: &serde_yaml::Value) -> bool {
    use serde_yaml::Value;
    match v {
        Value::Mapping(m) => m.iter().any(|(k, v)| {
            let huge = k.as_str() == Some("count") && v.as_u64().is_some_and(|n| n > COUNT);
            huge || has_huge_count(v)
        }),
        Value::Sequence(s) => s.iter().any(has_huge_count),
        Value::Tagged(t) => has_huge_count(&t.value),
        _ => false,
    }
}

/// A REPL line `:load FILE` where FILE is not a regular file, a folder or missing (such
/// as `/dev/zero`): the save is read without a bound on its size, and memory grows
/// without end (as with `posse replay /dev/zero`). The fix will bound save files.
pub fn loads_endless_file(input: &[u8]) -> bool {
    input.split(|&b| b == b'\n').any(|line| {
        let Ok(line) = std::str::from_utf8(line) else { return false };
        let t = line.trim();
        let mut words = t.split_whitespace();
        if words.next() != Some(":load") {
            return false;
        }
        let file = t[":load".len()..].trim();
        std::fs::metadata(file).is_ok_and(|m| !m.is_file() && !m.is_dir() && file != "/dev/null")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_known_classes_are_recognised() {
        assert!(deep_nesting(&b"{a: ".repeat(NESTING + 1)));
        assert!(!deep_nesting(b"a: {b: [1, 2]}"));
        assert!(deep_nesting(&b"- ".repeat(NESTING + 1)));
        assert!(huge_count(b"defs:\n  - id: x\n    count: 18446744073709551615\n"));
        assert!(huge_count(b"defs:\n  - {id: x, count: 0x7fffffffffffffff}\n"));
        assert!(huge_count(b"defs: [\n  - id: x\n    count: 999999999999999999999\n"));
        assert!(!huge_count(b"defs:\n  - id: x\n    count: 4\n"));
        assert!(loads_endless_file(b"1\n:load /dev/zero\n"));
        assert!(!loads_endless_file(b":load /dev/null\n:load missing.yaml\n:save /dev/zero\n"));
    }
}
