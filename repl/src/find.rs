//! `posse sim GAME --find EXPR`: the seeds of a batch's games that match a condition,
//! each with a one-line summary and the command that replays it as pictures.
//!
//! An expression is terms joined by `and` (docs/sim.md):
//! - `winner=2` (seat 2 won), `winner=outlaws` (a side, or a seat's name, won),
//!   `winner=none` (nobody won); `winner!=...` the opposite;
//! - `reason~escaped` (the end's reason holds the text), `reason=...`, `reason!=...`;
//! - `decisions<40`, `length>=5` (the game's own unit, rounds where it declares one);
//! - `counter.NAME>=3` (a game counter at the end), `counter.NAME.SEAT>=3` (a seat's
//!   counter, SEAT from 1 or a seat name).
//!
//! Numbers compare with `=`, `!=`, `<`, `<=`, `>`, `>=`. Terms on the batch's rows are
//! checked first; a counter at the end is not in a row, so a game whose row matches is
//! played again (as `posse trace` plays game S) to read it, only when a term asks.

use crate::walk;
use anyhow::{anyhow, bail, Result};
use posse::sim::GameRow;
use std::path::Path;

/// One term of an expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Term {
    Winner { not: bool, who: String },
    Reason { op: TextOp, text: String },
    Decisions(Op, i64),
    Length(Op, i64),
    Counter { name: String, seat: Option<String>, op: Op, value: i64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextOp {
    Eq,
    Ne,
    Contains,
}

impl Op {
    fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Op::Eq => a == b,
            Op::Ne => a != b,
            Op::Lt => a < b,
            Op::Le => a <= b,
            Op::Gt => a > b,
            Op::Ge => a >= b,
        }
    }
}

const HELP: &str = "terms joined by `and`: winner=SEAT|SIDE|none, reason~TEXT, decisions<N, length>=N, \
                    counter.NAME>=N, counter.NAME.SEAT=N (operators = != < <= > >=, ~ for text)";

/// Parses `text`, or says what is wrong and what was expected.
pub fn parse(text: &str) -> Result<Vec<Term>> {
    let mut terms = Vec::new();
    let mut parts: Vec<String> = vec![String::new()];
    for word in text.split_whitespace() {
        match word {
            "and" => parts.push(String::new()),
            w => {
                let last = parts.last_mut().expect("one part");
                if !last.is_empty() {
                    last.push(' ');
                }
                last.push_str(w);
            }
        }
    }
    for (k, part) in parts.iter().enumerate() {
        let part = part.as_str();
        if part.is_empty() {
            bail!("--find {text:?}: term {} is empty; expected {HELP}", k + 1);
        }
        terms.push(term(part).map_err(|e| anyhow!("--find {text:?}: {part:?}: {e}; expected {HELP}"))?);
    }
    Ok(terms)
}

/// The operator in `s`: where it starts, its text.
fn split_op(s: &str) -> Option<(&str, &str, &str)> {
    let at = s.find(['=', '!', '<', '>', '~'])?;
    let rest = &s[at..];
    let op = ["<=", ">=", "!=", "=", "<", ">", "~"].into_iter().find(|op| rest.starts_with(op))?;
    Some((s[..at].trim(), op, rest[op.len()..].trim()))
}

fn term(s: &str) -> Result<Term, String> {
    let (key, op, value) = split_op(s).ok_or("no operator")?;
    if value.is_empty() {
        return Err(format!("nothing after `{op}`"));
    }
    let number = |op: &str| -> Result<(Op, i64), String> {
        let op = match op {
            "=" => Op::Eq,
            "!=" => Op::Ne,
            "<" => Op::Lt,
            "<=" => Op::Le,
            ">" => Op::Gt,
            ">=" => Op::Ge,
            _ => return Err(format!("`{op}` compares text; `{key}` is a number")),
        };
        let n = value.parse::<i64>().map_err(|_| format!("`{value}` is not a whole number"))?;
        Ok((op, n))
    };
    match key {
        "winner" => match op {
            "=" | "!=" => Ok(Term::Winner { not: op == "!=", who: value.to_string() }),
            _ => Err(format!("`winner` takes = or !=, not `{op}`")),
        },
        "reason" => {
            let op = match op {
                "=" => TextOp::Eq,
                "!=" => TextOp::Ne,
                "~" => TextOp::Contains,
                _ => return Err(format!("`reason` takes ~, = or !=, not `{op}`")),
            };
            Ok(Term::Reason { op, text: value.to_string() })
        }
        "decisions" => number(op).map(|(op, n)| Term::Decisions(op, n)),
        "length" | "rounds" => number(op).map(|(op, n)| Term::Length(op, n)),
        _ => match key.strip_prefix("counter.") {
            Some(rest) if !rest.is_empty() => {
                let (name, seat) = match rest.split_once('.') {
                    Some((n, s)) if !n.is_empty() && !s.is_empty() => (n, Some(s.to_string())),
                    Some(_) => return Err("expected counter.NAME or counter.NAME.SEAT".into()),
                    None => (rest, None),
                };
                let (op, value) = number(op)?;
                Ok(Term::Counter { name: name.to_string(), seat, op, value })
            }
            _ => Err(format!("unknown key `{key}`")),
        },
    }
}

/// Whether `row` matches every term on its row alone (a counter term holds here; see
/// [`needs_end`]).
pub fn row_matches(terms: &[Term], row: &GameRow, seats: &[String]) -> bool {
    terms.iter().all(|t| match t {
        Term::Winner { not, who } => {
            let won = if who == "none" {
                row.winners.is_empty()
            } else if let Ok(n) = who.parse::<usize>() {
                row.winners.contains(&n)
            } else {
                row.sides.iter().any(|s| s.eq_ignore_ascii_case(who))
                    || row.winners.iter().any(|&w| seats.get(w - 1).is_some_and(|n| n.eq_ignore_ascii_case(who)))
            };
            won != *not
        }
        Term::Reason { op, text } => {
            let reason = row.reason.as_deref().unwrap_or("");
            match op {
                TextOp::Eq => reason == text,
                TextOp::Ne => reason != text,
                TextOp::Contains => reason.contains(text.as_str()),
            }
        }
        Term::Decisions(op, n) => op.holds(row.decisions as i64, *n),
        Term::Length(op, n) => row.length.is_some_and(|l| op.holds(l, *n)),
        Term::Counter { .. } => true,
    })
}

/// Whether a term needs the game's end (a counter), which its row does not hold.
pub fn needs_end(terms: &[Term]) -> bool {
    terms.iter().any(|t| matches!(t, Term::Counter { .. }))
}

/// What `sim --find` needs of its batch to play a game again.
pub struct Batch<'a> {
    pub root: &'a Path,
    pub game: &'a str,
    pub sets: &'a [String],
    pub players: Option<usize>,
    pub bots: &'a [String],
}

/// The counters of game `seed` at its end, played again as `trace` plays it: the game's
/// counters by name, and each seat's by (name, seat from 1).
fn end_counters(batch: &Batch, seed: u64) -> Result<(posse::View, Vec<String>)> {
    let content = crate::games::load_with(batch.root, batch.game, batch.sets)?;
    let (game, _, next) = walk::with_bots(content, seed, batch.players, batch.bots)?;
    let (game, error) = walk::walk(game, next, false, |_, _| {});
    if let Some(e) = error {
        bail!("seed {seed}: {e}");
    }
    Ok((game.view(None), game.setup().seats.clone()))
}

/// Whether the counter terms hold at the end of game `seed`.
fn counters_match(terms: &[Term], batch: &Batch, seed: u64) -> Result<bool> {
    let (view, seats) = end_counters(batch, seed)?;
    for t in terms {
        let Term::Counter { name, seat, op, value } = t else { continue };
        let have = match seat {
            None => *view.counters.get(name).ok_or_else(|| {
                let known: Vec<&String> = view.counters.keys().collect();
                anyhow!(
                    "--find: the game has no counter `{name}` (its counters: {known:?}; a seat's: counter.NAME.SEAT)"
                )
            })?,
            Some(s) => {
                let n = crate::bots::seat_number(s, &seats).map_err(|e| anyhow!("--find: counter.{name}.{s}: {e}"))?;
                let sv = &view.seats[n - 1];
                *sv.counters.get(name).ok_or_else(|| {
                    let known: Vec<&String> = sv.counters.keys().collect();
                    anyhow!("--find: seats have no counter `{name}` (a seat's counters: {known:?})")
                })?
            }
        };
        if !op.holds(have, *value) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The matching seeds of `rows`, in order, each with its summary; then how to see one.
pub fn print(expr: &str, terms: &[Term], rows: &[GameRow], batch: &Batch) -> Result<Vec<u64>> {
    let content = crate::games::load_with(batch.root, batch.game, batch.sets)?;
    let seed = rows.first().map_or(0, |r| r.seed);
    let seats = posse::Setup::new(&content, seed, batch.players).map_err(|e| anyhow!("{e}"))?.seats;
    let seats = seats.as_slice();
    let mut found = Vec::new();
    for row in rows.iter().filter(|r| row_matches(terms, r, seats)) {
        if needs_end(terms) && !counters_match(terms, batch, row.seed)? {
            continue;
        }
        found.push(row.seed);
    }
    println!("find {expr}: {} of {}", found.len(), crate::words::count(rows.len(), "game"));
    for row in rows.iter().filter(|r| found.contains(&r.seed)) {
        let who: Vec<String> =
            row.winners.iter().map(|&w| seats.get(w - 1).cloned().unwrap_or(format!("seat {w}"))).collect();
        let side = if row.sides.is_empty() { String::new() } else { format!(" ({})", row.sides.join(", ")) };
        let who = if who.is_empty() { "nobody won".to_string() } else { format!("won by {}{side}", who.join(", ")) };
        let length = row.length.map(|l| format!(", length {l}")).unwrap_or_default();
        let reason = row.reason.as_deref().map(|r| format!(": {r}")).unwrap_or_default();
        println!("  seed {}: {who}{reason} ({}{length})", row.seed, crate::words::count(row.decisions, "decision"));
    }
    if let Some(seed) = found.first() {
        let mut extra = String::new();
        for s in batch.sets {
            extra.push_str(&format!(" --set {s}"));
        }
        for b in batch.bots {
            extra.push_str(&format!(" --bot {b}"));
        }
        if let Some(p) = batch.players {
            extra.push_str(&format!(" --players {p}"));
        }
        println!("see one as pictures: posse trace {} --seed {seed}{extra} --god --html game-{seed}.html", batch.game);
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_parse_and_errors_say_what_was_expected() {
        let t = parse("winner=2 and reason~escaped and decisions<40 and counter.loot.2>=3").unwrap();
        assert_eq!(t[0], Term::Winner { not: false, who: "2".into() });
        assert_eq!(t[1], Term::Reason { op: TextOp::Contains, text: "escaped".into() });
        assert_eq!(t[2], Term::Decisions(Op::Lt, 40));
        assert_eq!(t[3], Term::Counter { name: "loot".into(), seat: Some("2".into()), op: Op::Ge, value: 3 });
        for (bad, says) in [
            ("decisions~4", "compares text"),
            ("decisions<x", "not a whole number"),
            ("colour=red", "unknown key `colour`"),
            ("winner", "no operator"),
            ("winner=2 and ", "term 2 is empty"),
            ("and winner=2", "term 1 is empty"),
            ("winner<2", "`winner` takes = or !="),
            ("reason~", "nothing after"),
        ] {
            let e = parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
            assert!(e.contains("expected terms joined by `and`"), "{bad}: {e}");
        }
    }
}
