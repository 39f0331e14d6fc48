//! The raw Rust functions behind the `posse` Lua module (see `scripts/types/posse.lua`
//! for the documented API). They take and return numbers and strings wherever they can:
//! a crossing of the Lua/Rust boundary is cheap, a fresh table is not.

use super::Shared;
use crate::bot::random_choice;
use crate::limits::{LOG_BYTES, NAME_BYTES, PRINT_BYTES, PRINT_LINES};
use crate::record::Choice;
use crate::state::{Audience, SeatSet, State};
use mlua::{Lua, Result, Table, Value, Variadic};
use std::rc::Rc;

pub(crate) fn serde_options() -> mlua::serde::SerializeOptions {
    mlua::serde::SerializeOptions::new().serialize_none_to_null(false).serialize_unit_to_null(false)
}

pub(super) fn err<T>(msg: String) -> Result<T> {
    Err(mlua::Error::runtime(msg))
}

/// A name a script gave, as an error message quotes it: whole when short, else its start.
pub(super) fn clip(s: &str) -> String {
    if s.len() <= 64 {
        return s.to_string();
    }
    let mut end = 64;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &s[..end], s.len())
}

/// Refuses changes while the engine runs script code between steps (prompt and label
/// functions), so nothing outside a step can change the game.
pub(super) fn writable(sh: &Shared, f: &str) -> Result<()> {
    if sh.read_only.get() {
        return err(format!("posse.{f}: prompts and labels may read the game, not change it"));
    }
    Ok(())
}

pub(super) fn seat(st: &State, s: i64, f: &str) -> Result<usize> {
    if s >= 1 && (s as usize) <= st.players() {
        Ok(s as usize - 1)
    } else {
        err(format!("posse.{f}: seat {s} does not exist (seats are 1..{})", st.players()))
    }
}

fn zone(st: &State, z: i64, f: &str) -> Result<usize> {
    if z >= 1 && (z as usize) <= st.zones.len() {
        Ok(z as usize - 1)
    } else {
        err(format!("posse.{f}: {z} is not a zone handle (use posse.zone(name))"))
    }
}

fn obj(st: &State, o: i64, f: &str) -> Result<usize> {
    if o >= 1 && (o as usize) <= st.objects.len() {
        Ok(o as usize - 1)
    } else {
        err(format!("posse.{f}: {o} is not an object handle"))
    }
}

/// A name a script gives a seat (role, team), copied out of Lua once it is known to be short.
fn name(v: Option<mlua::LuaString>, f: &str) -> Result<Option<String>> {
    let Some(s) = v else { return Ok(None) };
    let len = s.as_bytes().len();
    if len > NAME_BYTES {
        return err(format!("posse.{f}: a name of {len} bytes (at most {NAME_BYTES})"));
    }
    Ok(Some(s.to_str()?.to_string()))
}

fn seat_set(st: &State, v: Value, f: &str) -> Result<Option<SeatSet>> {
    match v {
        Value::Nil => Ok(None),
        Value::Integer(s) => Ok(Some(1 << seat(st, s, f)?)),
        Value::Number(n) if n.fract() == 0.0 => Ok(Some(1 << seat(st, n as i64, f)?)),
        Value::Table(t) => {
            let mut set = 0;
            for s in t.sequence_values::<i64>() {
                set |= 1 << seat(st, s?, f)?;
            }
            Ok(Some(set))
        }
        other => err(format!("posse.{f}: expected a seat, a list of seats or nil, got {}", other.type_name())),
    }
}

/// Registers the raw functions; returns the table the prelude turns into `posse`.
pub(crate) fn register(lua: &Lua, shared: &Rc<Shared>) -> Result<Table> {
    let raw = lua.create_table()?;
    let mut names: Vec<&'static str> = Vec::new();
    macro_rules! def {
        ($name:literal, |$sh:ident, $args:tt : $ty:ty| $body:expr) => {{
            let $sh = shared.clone();
            raw.set($name, lua.create_function(move |_lua, $args: $ty| $body)?)?;
            names.push($name);
        }};
        ($name:literal, |$sh:ident, $lua:ident, $args:tt : $ty:ty| $body:expr) => {{
            let $sh = shared.clone();
            raw.set($name, lua.create_function(move |$lua, $args: $ty| $body)?)?;
            names.push($name);
        }};
    }

    // ---------------------------------------------------------------- seats
    def!("players", |sh, (): ()| Ok(sh.state.borrow().players()));
    def!("seat_name", |sh, s: i64| {
        let st = sh.state.borrow();
        Ok(st.seats[seat(&st, s, "seat_name")?].name.clone())
    });
    def!("team", |sh, s: i64| {
        let st = sh.state.borrow();
        Ok(st.seats[seat(&st, s, "team")?].team.clone())
    });
    def!("set_team", |sh, (s, team): (i64, Option<mlua::LuaString>)| {
        writable(&sh, "set_team")?;
        let team = name(team, "set_team")?;
        let mut st = sh.state.borrow_mut();
        let s = seat(&st, s, "set_team")?;
        st.seats[s].team = team;
        Ok(())
    });
    def!("role", |sh, s: i64| {
        let st = sh.state.borrow();
        Ok(st.seats[seat(&st, s, "role")?].role.clone())
    });
    def!("set_role", |sh, (s, role): (i64, Option<mlua::LuaString>)| {
        writable(&sh, "set_role")?;
        let role = name(role, "set_role")?;
        let mut st = sh.state.borrow_mut();
        let s = seat(&st, s, "set_role")?;
        st.seats[s].role = role;
        Ok(())
    });
    def!("eliminate", |sh, s: i64| {
        writable(&sh, "eliminate")?;
        let mut st = sh.state.borrow_mut();
        let s = seat(&st, s, "eliminate")?;
        st.seats[s].eliminated = true;
        Ok(())
    });
    def!("is_eliminated", |sh, s: i64| {
        let st = sh.state.borrow();
        Ok(st.seats[seat(&st, s, "is_eliminated")?].eliminated)
    });
    def!("set_current", |sh, s: Option<i64>| {
        writable(&sh, "set_current")?;
        let mut st = sh.state.borrow_mut();
        st.current = match s {
            Some(s) => Some(seat(&st, s, "set_current")?),
            None => None,
        };
        Ok(())
    });

    // ---------------------------------------------------------------- zones
    def!("zone", |sh, (name, at): (mlua::LuaString, Value)| {
        let st = sh.state.borrow();
        let name = name.to_str()?;
        let Some(decl) = sh.content.zone_index(&name) else {
            return err(format!("posse.zone: no zone '{}' is declared in game.yaml", clip(&name)));
        };
        let d = &sh.content.zones[decl];
        if let Some(of) = &d.per_object {
            let o = match at {
                Value::Integer(o) => obj(&st, o, "zone")?,
                _ => return err(format!("posse.zone: zone '{name}' is per object: give the object")),
            };
            return match st.zone_index.get(&(decl, Some(o))) {
                Some(z) => Ok(z + 1),
                None => err(format!(
                    "posse.zone: object {} ({}) has no zone '{name}': it did not start in '{of}'",
                    o + 1,
                    sh.content.defs[st.objects[o].def].id
                )),
            };
        }
        let key = match (d.per_seat, d.per_node, at) {
            (true, _, Value::Integer(s)) => Some(seat(&st, s, "zone")?),
            (true, _, _) => return err(format!("posse.zone: zone '{name}' is per seat: give the seat")),
            (_, true, Value::String(node)) => {
                let node = node.to_str()?;
                match sh.content.board.index_of(&node) {
                    Some(n) => Some(n),
                    None => return err(format!("posse.zone: no board node '{}'", clip(&node))),
                }
            }
            // A node by number (the order of posse.nodes(); a grid's cell numbers).
            (_, true, Value::Integer(n)) if n >= 1 && (n as u64) <= sh.content.board.nodes().len() as u64 => {
                Some(n as usize - 1)
            }
            (_, true, _) => return err(format!("posse.zone: zone '{name}' is per board node: give the node")),
            (false, false, Value::Nil) => None,
            (false, false, _) => {
                return err(format!("posse.zone: zone '{name}' is a single zone: give no seat or node"))
            }
        };
        Ok(st.zone_index[&(decl, key)] + 1)
    });
    def!("count", |sh, z: i64| {
        let st = sh.state.borrow();
        Ok(st.zones[zone(&st, z, "count")?].objects.len())
    });
    def!("at", |sh, (z, i): (i64, Option<i64>)| {
        let st = sh.state.borrow();
        let objs = &st.zones[zone(&st, z, "at")?].objects;
        let i = i.unwrap_or(1);
        if i < 1 || i as usize > objs.len() {
            return Ok(None);
        }
        Ok(Some(objs[objs.len() - i as usize] + 1))
    });
    // The objects as values, top first (prelude.lua puts them in a table): at most
    // MAX_OBJECTS of them, well within Lua's stack.
    def!("contents", |sh, z: i64| {
        let st = sh.state.borrow();
        let objs = &st.zones[zone(&st, z, "contents")?].objects;
        Ok(Variadic::from_iter(objs.iter().rev().map(|&o| o as i64 + 1)))
    });
    def!("move", |sh, (o, z, place): (i64, i64, Option<mlua::LuaString>)| {
        writable(&sh, "move")?;
        let mut st = sh.state.borrow_mut();
        let o = obj(&st, o, "move")?;
        let z = zone(&st, z, "move")?;
        let bottom = match place.as_ref().map(|p| p.to_str()).transpose()?.as_deref() {
            None | Some("top") => false,
            Some("bottom") => true,
            Some(other) => return err(format!("posse.move: where must be \"top\" or \"bottom\", not \"{other}\"")),
        };
        st.move_object(o, z, bottom);
        Ok(())
    });
    def!("draw", |sh, (from, to): (i64, i64)| {
        writable(&sh, "draw")?;
        let mut st = sh.state.borrow_mut();
        let from = zone(&st, from, "draw")?;
        let to = zone(&st, to, "draw")?;
        match st.zones[from].objects.last().copied() {
            Some(o) => {
                st.move_object(o, to, false);
                Ok(Some(o + 1))
            }
            None => Ok(None),
        }
    });
    def!("shuffle", |sh, z: i64| {
        writable(&sh, "shuffle")?;
        let mut st = sh.state.borrow_mut();
        let z = zone(&st, z, "shuffle")?;
        st.shuffle(z);
        Ok(())
    });
    def!("zone_object", |sh, z: i64| {
        let st = sh.state.borrow();
        Ok(st.zones[zone(&st, z, "zone_object")?].object.map(|o| o + 1))
    });
    def!("zone_of", |sh, o: i64| {
        let st = sh.state.borrow();
        Ok(st.objects[obj(&st, o, "zone_of")?].zone + 1)
    });

    // -------------------------------------------------------------- objects
    def!("def_index", |sh, o: i64| {
        let st = sh.state.borrow();
        Ok(st.objects[obj(&st, o, "def")?].def + 1)
    });
    def!("def_id", |sh, o: i64| {
        let st = sh.state.borrow();
        Ok(sh.content.defs[st.objects[obj(&st, o, "def_id")?].def].id.clone())
    });
    def!("flip", |sh, (o, up): (i64, bool)| {
        writable(&sh, "flip")?;
        let mut st = sh.state.borrow_mut();
        let o = obj(&st, o, "flip")?;
        st.objects[o].face_up = up;
        Ok(())
    });
    def!("face_up", |sh, o: i64| {
        let st = sh.state.borrow();
        let o = obj(&st, o, "face_up")?;
        Ok(st.objects[o].face_up)
    });
    def!("reveal", |sh, (o, seats): (i64, Value)| {
        writable(&sh, "reveal")?;
        let mut st = sh.state.borrow_mut();
        let o = obj(&st, o, "reveal")?;
        let set = seat_set(&st, seats, "reveal")?.unwrap_or(u64::MAX >> (64 - st.players()));
        st.objects[o].known |= set;
        Ok(())
    });
    def!("knows", |sh, (s, o): (i64, i64)| {
        let st = sh.state.borrow();
        let s = seat(&st, s, "knows")?;
        let o = obj(&st, o, "knows")?;
        Ok(st.visible(&sh.content, o, s))
    });

    // ------------------------------------------------------------- counters
    fn slot(sh: &Shared, st: &State, name: &mlua::LuaString, s: Option<i64>, f: &str) -> Result<usize> {
        let name = name.to_str()?;
        let Some(c) = st.counter_index.get(&*name) else {
            return err(format!("posse.{f}: no counter '{}' is declared in game.yaml", clip(&name)));
        };
        let _ = sh;
        if c.per_object {
            return err(format!("posse.{f}: counter '{name}' is per object: use posse.obj_{f}(obj, name)"));
        }
        match (c.per_seat, s) {
            (true, Some(s)) => Ok(c.first + seat(st, s, f)?),
            (true, None) => err(format!("posse.{f}: counter '{name}' is per seat: give the seat")),
            (false, None) => Ok(c.first),
            (false, Some(_)) => err(format!("posse.{f}: counter '{name}' is not per seat")),
        }
    }
    // The module's get/set/add (prelude.lua) cache each (name, seat)'s slot, found once by
    // `counter_slot`, and then cross the boundary with integers only.
    def!("counter_slot", |sh, (name, s, f): (mlua::LuaString, Option<i64>, mlua::LuaString)| {
        let st = sh.state.borrow();
        Ok(slot(&sh, &st, &name, s, &f.to_str()?)? + 1)
    });
    def!("slot_get", |sh, i: usize| Ok(sh.state.borrow().counters[i - 1]));
    def!("slot_set", |sh, (i, v): (usize, i64)| {
        writable(&sh, "set")?;
        let mut st = sh.state.borrow_mut();
        // Twin mode (twin.rs): a counter the twin's seat cannot read takes another value.
        let v = match sh.twin.borrow_mut().as_mut() {
            Some(t) if t.counter_hidden(&sh.content, &st, i - 1) => t.shift(v),
            _ => v,
        };
        st.counters[i - 1] = v;
        Ok(())
    });
    def!("slot_add", |sh, (i, d): (usize, i64)| {
        writable(&sh, "add")?;
        let mut st = sh.state.borrow_mut();
        match st.counters[i - 1].checked_add(d) {
            Some(v) => {
                st.counters[i - 1] = v;
                Ok(v)
            }
            None => err(format!("posse.add: the counter would overflow ({} + {d})", st.counters[i - 1])),
        }
    });

    // The per-object counters' get/set/add (prelude.lua) cache each name's slot, found
    // once by `object_slot`, and cross the boundary with integers only.
    def!("object_slot", |sh, (name, f): (mlua::LuaString, mlua::LuaString)| {
        let st = sh.state.borrow();
        let (name, f) = (name.to_str()?, f.to_str()?);
        match st.counter_index.get(&*name) {
            Some(c) if c.per_object => Ok(c.first + 1),
            Some(_) => err(format!("posse.{f}: counter '{name}' is not per object: use posse.{}", &f[4..])),
            None => err(format!("posse.{f}: no counter '{}' is declared in game.yaml", clip(&name))),
        }
    });
    fn cell(st: &State, o: i64, k: usize, f: &str) -> Result<usize> {
        Ok(obj(st, o, f)? * st.object_width + k - 1)
    }
    def!("object_get", |sh, (o, k): (i64, usize)| {
        let st = sh.state.borrow();
        Ok(st.object_counters[cell(&st, o, k, "obj_get")?])
    });
    def!("object_set", |sh, (o, k, v): (i64, usize, i64)| {
        writable(&sh, "obj_set")?;
        let mut st = sh.state.borrow_mut();
        let i = cell(&st, o, k, "obj_set")?;
        st.object_counters[i] = v;
        Ok(())
    });
    def!("object_add", |sh, (o, k, d): (i64, usize, i64)| {
        writable(&sh, "obj_add")?;
        let mut st = sh.state.borrow_mut();
        let i = cell(&st, o, k, "obj_add")?;
        match st.object_counters[i].checked_add(d) {
            Some(v) => {
                st.object_counters[i] = v;
                Ok(v)
            }
            None => err(format!("posse.obj_add: the counter would overflow ({} + {d})", st.object_counters[i])),
        }
    });

    // ----------------------------------------------------------- randomness
    def!("random", |sh, n: i64| {
        writable(&sh, "random")?;
        if n < 1 {
            return err(format!("posse.random: n must be at least 1, got {n}"));
        }
        Ok(sh.state.borrow_mut().rng.below(n as u64) as i64 + 1)
    });
    def!("random_unit", |sh, (): ()| {
        writable(&sh, "random (math.random)")?;
        Ok(sh.state.borrow_mut().rng.unit())
    });
    def!("math_random", |sh, (m, n): (Option<i64>, Option<i64>)| {
        writable(&sh, "random (math.random)")?;
        math_random(&mut sh.state.borrow_mut().rng, m, n)
    });

    // ------------------------------------------------------- in-flow bots
    def!("auto_pick", |sh, lua, (s, options, count, min, max, tags): (Value, Value, Value, Value, Value, Value)| {
        let players = sh.state.borrow().players();
        let shape = super::shape::shape(players, &s, &options, &count, &min, &max).map_err(mlua::Error::runtime)?;
        let mut auto = sh.auto.borrow_mut();
        let Some(bots) = auto.as_mut() else { return err("posse.choose: no bots are playing".into()) };
        if bots.made >= bots.limit {
            return err(format!("the game did not end within {} decisions", bots.limit));
        }
        // Restricted play: a banned tag is never picked while there is another option.
        let allowed = match &tags {
            Value::Table(t) if !shape.multi => bots.allowed(shape.seat, t, shape.count)?,
            _ => None,
        };
        let picks = match allowed {
            Some(a) => vec![a[bots.rng.below(a.len() as u64) as usize]],
            None => random_choice(shape, &mut bots.rng),
        };
        sh.lead.borrow_mut().note(&sh.state.borrow(), bots.made);
        bots.made += 1;
        bots.options += shape.count;
        sh.watched.progress();
        // Each decision starts a new step, as it does when the flow yields.
        sh.budget.refill();
        let answer = if shape.multi {
            Value::Table(lua.create_sequence_from(picks.iter().copied())?)
        } else {
            Value::Integer(picks[0] as i64)
        };
        if let Value::Table(tags) = &tags {
            bots.note_tags(lua, shape.seat, tags, shape.count, &picks)?;
        }
        bots.choices.push(Choice { seat: shape.seat, picks });
        Ok(answer)
    });

    // ------------------------------------------------------------------ log
    def!("log", |sh, (text, audience): (String, Value)| {
        writable(&sh, "log")?;
        let mut st = sh.state.borrow_mut();
        let audience = match seat_set(&st, audience, "log")? {
            None => Audience::All,
            Some(set) => Audience::Seats(set),
        };
        if st.log_bytes + text.len() > LOG_BYTES {
            return err(format!("posse.log: the log is full ({} MiB): is a loop logging forever?", LOG_BYTES >> 20));
        }
        st.log_bytes += text.len();
        st.log(text, audience);
        if let Some(audit) = sh.log_audit.borrow_mut().as_mut() {
            audit_line(&sh.content, &st, audit);
        }
        Ok(())
    });
    // Bytes printed in this game: the lines are cleared when the VM starts another game
    // (`Vm::reset`), and the count starts again with them.
    let print_bytes = std::cell::Cell::new(0usize);
    def!("print", |sh, lua, args: Variadic<Value>| {
        // Sizes first: the text is copied out of Lua only once it fits the budget.
        let mut parts = Vec::with_capacity(args.len());
        for v in args.iter() {
            parts.push(lua.coerce_string(v.clone())?.ok_or(v.type_name()));
        }
        let len =
            parts.iter().map(|p| p.as_ref().map_or_else(|name| name.len(), |s| s.as_bytes().len())).sum::<usize>()
                + parts.len().saturating_sub(1);
        let mut printed = sh.printed.borrow_mut();
        if printed.is_empty() {
            print_bytes.set(0);
        }
        if printed.len() >= PRINT_LINES {
            return err(format!("print: more than {PRINT_LINES} lines printed: is a loop printing forever?"));
        }
        if print_bytes.get() + len > PRINT_BYTES {
            return err(format!(
                "print: the printed text would pass {} MiB in this game ({len} bytes more after {}): is a loop printing forever?",
                PRINT_BYTES >> 20,
                print_bytes.get()
            ));
        }
        let mut line = String::with_capacity(len);
        for (i, p) in parts.iter().enumerate() {
            if i > 0 {
                line.push('\t');
            }
            match p {
                Ok(s) => line.push_str(&s.to_str()?),
                Err(name) => line.push_str(name),
            }
        }
        print_bytes.set(print_bytes.get() + len);
        printed.push(line);
        Ok(())
    });

    super::boardapi::register(lua, shared, &raw, &mut names)?;
    super::mapapi::register(lua, shared, &raw, &mut names)?;
    super::diceapi::register(lua, shared, &raw, &mut names)?;
    super::gridapi::register(lua, shared, &raw, &mut names)?;
    let list = lua.create_sequence_from(names.iter().copied().filter(|n| {
        !matches!(
            *n,
            "random_unit"
                | "math_random"
                | "def_index"
                | "print"
                | "auto_pick"
                | "counter_slot"
                | "slot_get"
                | "slot_set"
                | "slot_add"
                | "object_slot"
                | "object_get"
                | "object_set"
                | "object_add"
                | "face_index"
        )
    }))?;
    raw.set("__names", list)?;
    Ok(raw)
}

/// `math.random` as the game's VM and strategy bots' VMs give it, drawing from `rng`: no
/// argument, a float in [0, 1); `m`, an integer of 1..=m; `m, n`, an integer of m..=n, the
/// whole range of integers included. The same draws as `posse.random` where they overlap.
pub(super) fn math_random(rng: &mut crate::rng::Rng, m: Option<i64>, n: Option<i64>) -> Result<Value> {
    match (m, n) {
        (None, None) => Ok(Value::Number(rng.unit())),
        (None, Some(_)) => err("bad argument #1 to 'random' (number expected, got nil)".into()),
        (Some(m), None) if m >= 1 => Ok(Value::Integer(rng.between(1, m))),
        (Some(m), Some(n)) if m <= n => Ok(Value::Integer(rng.between(m, n))),
        (Some(_), None) => err("bad argument #1 to 'random' (interval is empty)".into()),
        (Some(_), Some(_)) => err("bad argument #2 to 'random' (interval is empty)".into()),
    }
}

/// The leak check's audit of the line just logged: each seat it is for that it names a
/// definition to (a card's, a tile's: not rules text with no copies) of which that seat
/// sees no copy now.
fn audit_line(content: &crate::content::Content, st: &State, audit: &mut Vec<(usize, usize, usize)>) {
    let at = st.log.len() - 1;
    let line = &st.log[at];
    for (d, def) in content.defs.iter().enumerate() {
        if def.count == 0 || !crate::state::names(&line.text, &def.name) {
            continue;
        }
        for seat in (0..st.players()).filter(|&s| line.audience.admits(Some(s))) {
            if !(0..st.objects.len()).any(|o| st.objects[o].def == d && st.visible(content, o, seat)) {
                audit.push((at, seat, d));
            }
        }
    }
}
