//! What the flow hands the engine: the decision it yields at `posse.choose` or
//! `posse.choose_each`, read into a [`Pending`] decision, and the result `play` returns,
//! read into a [`GameResult`]. Everything is checked before it is copied out of Lua: a
//! list of requests is at most one a seat, a result at most a seat's worth of winners
//! and scores and a short reason.

use super::request::{Asked, Request};
use crate::decision::GameResult;
use crate::diag::{Error, Result};
use crate::limits::REASON_BYTES;
use crate::lua::{lua_err, script_message, Shared};
use mlua::{FromLua, Lua, MultiValue, Table, Value};
use std::collections::BTreeMap;
use std::rc::Rc;

/// The decision the flow waits on: one request a seat asked, and the answers so far.
pub(super) struct Pending {
    pub requests: Vec<Request>,
    pub answers: Vec<Option<Vec<u32>>>,
    /// From `posse.choose_each`: answered with a list, one answer per request.
    pub each: bool,
}

impl Pending {
    /// Reads what the flow yielded in a game of `players` seats: `posse.choose`'s values
    /// (seat, prompt, options, min, max, count, secret, tags, kind) or
    /// `posse.choose_each`'s list.
    pub(super) fn read(out: MultiValue, players: usize, shared: &Rc<Shared>) -> Result<Pending> {
        let mut vals = out.into_iter();
        let pending = match vals.next() {
            Some(Value::Table(reqs)) => {
                // One request a seat: a longer list is refused before anything is copied.
                if reqs.raw_len() > players {
                    return Err(Error::Script("posse.choose_each: at most one request per seat".into()));
                }
                let mut requests = Vec::new();
                for r in reqs.sequence_values::<Table>() {
                    let r = r.map_err(lua_err)?;
                    let get = |k: &str| r.get::<Value>(k).map_err(lua_err);
                    let (min, max) = match (get("min")?, get("max")?) {
                        (Value::Nil, Value::Nil) => (Value::Nil, Value::Nil),
                        (Value::Nil, max) => (Value::Integer(1), max),
                        (min, Value::Nil) => (min.clone(), min),
                        pair => pair,
                    };
                    let (seat, prompt, options) = (get("seat")?, get("prompt")?, get("options")?);
                    let asked = Asked {
                        seat,
                        prompt,
                        options,
                        min,
                        max,
                        count: get("count")?,
                        secret: get("secret")?,
                        revisable: get("revisable")?,
                        shown_to_team: get("shown_to_team")?,
                        tags: get("tags")?,
                        kind: get("kind")?,
                    };
                    requests.push(Request::read(asked, players, shared)?);
                }
                if requests.is_empty() {
                    return Err(Error::Script("posse.choose_each: expected at least one request".into()));
                }
                let mut seats: Vec<usize> = requests.iter().map(|r| r.seat).collect();
                seats.sort_unstable();
                seats.dedup();
                if seats.len() != requests.len() {
                    return Err(Error::Script("posse.choose_each: at most one request per seat".into()));
                }
                Pending { answers: vec![None; requests.len()], requests, each: true }
            }
            Some(seat) => {
                let mut next = || vals.next().unwrap_or(Value::Nil);
                let (prompt, options, min, max, count, secret) = (next(), next(), next(), next(), next(), next());
                let (revisable, shown_to_team, tags, kind) = (Value::Nil, Value::Nil, next(), next());
                let asked =
                    Asked { seat, prompt, options, min, max, count, secret, revisable, shown_to_team, tags, kind };
                let r = Request::read(asked, players, shared)?;
                Pending { requests: vec![r], answers: vec![None], each: false }
            }
            None => return Err(Error::Script("the flow yielded without a decision: use posse.choose".into())),
        };
        Ok(pending)
    }
}

/// Reads the value `play` returned, in a game of `players` seats whose main script is
/// `file`, as the game's result.
pub(super) fn read_result(v: Value, file: &str, players: usize, cooperative: bool, lua: &Lua) -> Result<GameResult> {
    let Value::Table(t) = v else {
        let form = if cooperative { "{won = true|false, reason = ...}" } else { "{winners = {...}, scores = {...}}" };
        return Err(Error::Script(format!("{file}: play must return a result table {form}")));
    };
    let bad = |what: &str, e: String| Error::Script(format!("{file}: result.{what}: {e}"));
    // A cooperative game says whether the crew won; who won follows (every seat or none).
    let crew = match (cooperative, t.get::<Value>("won").map_err(|e| bad("won", script_message(&e)))?) {
        (true, Value::Boolean(won)) => Some(won),
        (true, v) => {
            return Err(bad(
                "won",
                format!("a cooperative game's result says whether the crew won (true or false), got {}", v.type_name()),
            ))
        }
        (false, Value::Nil) => None,
        (false, _) => {
            return Err(bad(
                "won",
                "only a cooperative game (cooperative: true in game.yaml) gives won; this one gives winners".into(),
            ))
        }
    };
    if crew.is_some() && !matches!(t.get::<Value>("winners"), Ok(Value::Nil)) {
        return Err(bad("winners", "a cooperative game gives won = true|false: every seat wins or none does".into()));
    }
    // Sizes are checked before anything is copied: the lists are at most one entry a
    // seat, the reason is a sentence.
    let winners: Vec<usize> = match t.get::<Value>("winners").map_err(|e| bad("winners", script_message(&e)))? {
        Value::Nil => Vec::new(),
        Value::Table(w) if w.raw_len() > players => {
            return Err(bad("winners", format!("{} seats listed, the game has {}", w.raw_len(), players)))
        }
        w => match Vec::<i64>::from_lua(w, lua) {
            Ok(w) => w.into_iter().map(|s| s as usize).collect(),
            Err(e) => return Err(bad("winners", format!("expected a list of seats ({})", script_message(&e)))),
        },
    };
    if let Some(&w) = winners.iter().find(|&&w| w < 1 || w > players) {
        return Err(bad("winners", format!("seat {w} does not exist")));
    }
    let mut scores = BTreeMap::new();
    if let Ok(Some(s)) = t.get::<Option<Table>>("scores") {
        for pair in s.pairs::<i64, i64>() {
            let (k, v) =
                pair.map_err(|e| bad("scores", format!("expected seat = integer ({})", script_message(&e))))?;
            if k < 1 || k as usize > players {
                return Err(bad("scores", format!("seat {k} does not exist")));
            }
            scores.insert(k as usize, v);
        }
    }
    let reason = match t.get::<Value>("reason").map_err(|e| bad("reason", script_message(&e)))? {
        Value::String(r) if r.as_bytes().len() > REASON_BYTES => {
            return Err(bad("reason", format!("{} bytes (at most {REASON_BYTES})", r.as_bytes().len())))
        }
        Value::String(r) => Some(r.to_string_lossy()),
        _ => None,
    };
    let winners = match crew {
        Some(true) => (1..=players).collect(),
        _ => winners,
    };
    Ok(GameResult { winners, scores, reason, crew })
}

/// Whether `result` keeps to what the game declares of its results (`result:` in
/// game.yaml, whose path is `file`): every seat's score given and their sum 0 in a zero-sum
/// game, each score in the declared range. Err: what it breaks, and how, naming `game`'s
/// game.yaml (its path made only then: this runs at every game's end).
pub(super) fn check_declared(
    result: &GameResult,
    decl: &crate::content::ResultDecl,
    players: usize,
    game: &str,
) -> Result<()> {
    let file = || format!("scenarios/{game}/game.yaml");
    let scores = || result.scores.iter().map(|(s, v)| format!("seat {s}: {v}")).collect::<Vec<_>>().join(", ");
    if decl.zero_sum {
        if result.scores.len() != players {
            return Err(Error::Script(format!(
                "{} declares result: {{zero_sum: true}}, but the result gives {} of the {players} seats' scores ({})",
                file(),
                result.scores.len(),
                if result.scores.is_empty() { "none".to_string() } else { scores() }
            )));
        }
        let sum = result.scores.values().fold(0i128, |n, &v| n + i128::from(v));
        if sum != 0 {
            return Err(Error::Script(format!(
                "{} declares result: {{zero_sum: true}}, but the scores ({}) add up to {sum}, not 0",
                file(),
                scores()
            )));
        }
    }
    if let Some(r) = decl.scores {
        if let Some((s, v)) = result.scores.iter().find(|(_, &v)| v < r.min || v > r.max) {
            return Err(Error::Script(format!(
                "{} declares result: {{scores: {{min: {}, max: {}}}}}, but seat {s} scored {v}",
                file(),
                r.min,
                r.max
            )));
        }
    }
    Ok(())
}
