//! Checks of content that do not depend on one file's shape: sizes against the limits,
//! ids, names declared twice, `about:` lines, class names, and the closest name to a slip.
//! Where a problem is written comes from the YAML parser's positions (loader/mod.rs's
//! `Doc`), never from searching a file's text.

use super::loader::{Doc, Items, Loader};
use super::schema::{CounterDecl, ZoneDecl};
use super::Def;
use crate::limits::{ABOUT_BYTES, MAX_COUNTERS, MAX_OBJECT_COUNTERS, MAX_ZONES};

/// What the size of a game's zones and counters depends on: seats and board nodes.
pub(super) struct Sizes {
    pub(super) players: usize,
    pub(super) nodes: usize,
    /// Zones made per object (known once the components are read).
    pub(super) per_object: usize,
}

impl Sizes {
    /// Zones made at the most seats: a message when there are too many.
    pub(super) fn zones(&self, zones: &[ZoneDecl]) -> Option<String> {
        let n = zones.iter().fold(self.per_object, |n, z| {
            n.saturating_add(if z.per_object.is_some() {
                0
            } else if z.per_seat {
                self.players
            } else if z.per_node {
                self.nodes
            } else {
                1
            })
        });
        (n > MAX_ZONES).then(|| format!("{n} zones at {} players: a game has at most {MAX_ZONES}", self.players))
    }

    /// The values per-object counters hold for every object: a message when there are
    /// too many.
    pub(super) fn object_counters(&self, counters: &[CounterDecl], defs: &[Def]) -> Option<String> {
        let per_object = counters.iter().filter(|c| c.per_object).count();
        let objects = defs.iter().fold(0usize, |n, d| n.saturating_add(d.count));
        let n = per_object.saturating_mul(objects);
        (n > MAX_OBJECT_COUNTERS).then(|| {
            format!(
                "{per_object} per-object counters of {objects} objects: at most {MAX_OBJECT_COUNTERS} values in all"
            )
        })
    }

    /// Counters made at the most seats: a message when there are too many.
    pub(super) fn counters(&self, counters: &[CounterDecl]) -> Option<String> {
        let n = counters.iter().fold(0usize, |n, c| n.saturating_add(if c.per_seat { self.players } else { 1 }));
        (n > MAX_COUNTERS)
            .then(|| format!("{n} counters at {} players: a game has at most {MAX_COUNTERS}", self.players))
    }
}

/// Reports each id of `ids`, the `id:`s of the items of list `list` of `doc`, given a
/// second time, at that item's `id:`.
pub(super) fn check_unique<'a>(
    l: &mut Loader<'_>,
    doc: &Doc,
    items: Items<'_>,
    ids: impl Iterator<Item = &'a str>,
    what: &str,
) {
    let mut seen = Vec::new();
    for (i, id) in ids.enumerate() {
        if seen.contains(&id) {
            l.at(doc, items.at(doc, i, "id"), format!("{what} '{id}' is declared twice"));
        }
        seen.push(id);
    }
}

/// What is wrong with an `about:` line, if anything: it is one line, short enough for a
/// menu, without control characters.
pub(super) fn about_problem(about: &str) -> Option<String> {
    if about.len() > ABOUT_BYTES {
        return Some(format!("about: {} bytes, at most {ABOUT_BYTES} (one line for menus)", about.len()));
    }
    if about.trim().is_empty() || about.chars().any(char::is_control) {
        return Some("about: expected one line of text (no line breaks or control characters)".into());
    }
    None
}

/// Whether `s` is a snake_case id (letters, digits and underscores, not first a digit).
pub fn is_id(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
}

/// The name of `names` closest to `word` by edit distance, if one is close enough to be
/// a slip (a third of the word's length, at least one edit), for a "did you mean".
pub fn closest<'a>(word: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let most = (word.chars().count() / 3).max(1);
    names
        .into_iter()
        .filter(|n| *n != word)
        .map(|n| (edits(word, n), !dropped(word, n), n))
        .filter(|(d, _, _)| *d <= most)
        .min()
        .map(|(_, _, n)| n)
}

/// Whether `word` is `name` with letters left out (`rouns`, `rounds`): among names as
/// near, the likelier slip.
fn dropped(word: &str, name: &str) -> bool {
    let mut rest = name.chars();
    word.chars().all(|c| rest.any(|n| n == c))
}

/// The edit distance between `a` and `b`: insertions, deletions, substitutions and swaps
/// of two neighbours (`basci` is one slip from `basic`).
fn edits(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // d[i][j]: the distance between a[..i] and b[..j], three rows kept.
    let mut rows = vec![vec![0; b.len() + 1]; 3];
    rows[2] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        rows.rotate_left(1);
        rows[2][0] = i;
        for j in 1..=b.len() {
            let mut d =
                (rows[1][j - 1] + usize::from(a[i - 1] != b[j - 1])).min(rows[1][j] + 1).min(rows[2][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[0][j - 2] + 1);
            }
            rows[2][j] = d;
        }
    }
    rows[2][b.len()]
}

/// What is wrong with `class`, a file's `returns:`, unless it is a LuaLS class name
/// (`dice_town.Card`).
pub(super) fn class_problem(class: &str) -> Option<String> {
    let word = |w: &str| !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit());
    let ok = class.len() <= 100
        && class.split('.').all(word)
        && class.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
    (!ok).then(|| format!("returns: expected a Lua class name (like game.Card), got '{class}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_name_is_a_slip_away() {
        assert_eq!(edits("start_mony", "start_money"), 1);
        assert_eq!(edits("kitten", "sitting"), 3);
        assert_eq!(edits("basci", "basic"), 1);
        assert_eq!(edits("", "abc"), 3);
        assert_eq!(edits("abc", ""), 3);
        assert_eq!(edits("ca", "abc"), 3);
        assert_eq!(closest("start_mony", ["start_money", "start_hand"]), Some("start_money"));
        assert_eq!(closest("basci", ["basic", "advanced"]), Some("basic"));
        assert_eq!(closest("rouns", ["round", "rounds"]), Some("rounds"), "a letter left out");
        assert_eq!(closest("zzz", ["basic"]), None);
    }

    #[test]
    fn ids_are_snake_case() {
        assert!(is_id("dice_town"));
        assert!(!is_id("Dice"));
        assert!(!is_id("1x"));
        assert!(!is_id(""));
    }
}
