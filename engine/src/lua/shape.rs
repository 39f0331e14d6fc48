//! Reading a decision's [`Shape`] out of the Lua values of `posse.choose`: the seat, the
//! options (a list of labels, or a function with `opts.count`) and `min`/`max`.
//!
//! The rules of a decision are `crate::decision`'s; this module only turns Lua values
//! into its numbers, and says in the message what a wrong value was. The flow's yields
//! (read by the game) and the in-flow bots' `auto_pick` (lua/api.rs) both read a decision
//! here, so a decision is checked the same way whoever answers it.

use crate::decision::Shape;
use mlua::Value;

/// The shape of a decision of a game of `players` seats, from the arguments of
/// `posse.choose` (`min` and `max` both nil for a choice of exactly one).
pub(crate) fn shape(
    players: usize,
    seat: &Value,
    options: &Value,
    count: &Value,
    min: &Value,
    max: &Value,
) -> Result<Shape, String> {
    let bad = |m: String| format!("posse.choose: {m}");
    let Some(seat) = whole(seat).and_then(|s| Shape::seat(players, s)) else {
        return Err(bad(format!("expected a seat 1..{players}, got {}", shown(seat))));
    };
    let count = match (options, count) {
        (Value::Table(t), Value::Nil) => t.raw_len(),
        // A list with its count too: they must agree.
        (Value::Table(t), n) => match whole(n) {
            Some(n) if n >= 0 && n as usize == t.raw_len() => t.raw_len(),
            _ => {
                return Err(bad(format!(
                    "opts.count is {} but the list of labels has {} (give the count with labels made by a function)",
                    shown(n),
                    t.raw_len()
                )))
            }
        },
        (Value::Function(_), Value::Nil) => return Err(bad("options given by a function need opts.count".into())),
        (Value::Function(_), n) => match whole(n) {
            Some(n) if n >= 0 => n as usize,
            _ => return Err(bad(format!("opts.count must be a whole number of options, got {}", shown(n)))),
        },
        (other, _) => return Err(bad(format!("expected a list of option labels, got {}", other.type_name()))),
    };
    let picks = match (min, max) {
        (Value::Nil, Value::Nil) => None,
        (a, b) => match (whole(a), whole(b)) {
            (Some(a), Some(b)) => Some((a, b)),
            _ => return Err(bad(format!("min and max must be whole numbers, got {} and {}", shown(a), shown(b)))),
        },
    };
    Shape::new(seat, count, picks).map_err(bad)
}

/// A whole Lua number, integer or float (`2` or `2.0`), as Lua's own conversions accept.
fn whole(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) => Some(*i),
        Value::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Some(*n as i64),
        _ => None,
    }
}

/// A Lua value as a message should show it: numbers and strings as they are, else the type.
fn shown(v: &Value) -> String {
    match v {
        Value::Integer(i) => i.to_string(),
        Value::Number(n) => n.to_string(),
        // A message quotes a short string, never a huge one.
        Value::String(s) if s.as_bytes().len() > 64 => format!("a string of {} bytes", s.as_bytes().len()),
        Value::String(s) => format!("{:?}", s.to_string_lossy()),
        other => other.type_name().to_string(),
    }
}
