//! The raw Rust functions behind the `posse` Lua module (see `scripts/types/posse.lua`
//! for the documented API), each registered once (register.rs says how: its name, and
//! whether scripts call it or prelude.lua alone). They take and return numbers and
//! strings wherever they can: a crossing of the Lua/Rust boundary is cheap, a fresh table
//! is not. The other parts of the module register theirs from here: `boardapi.rs`,
//! `mapapi.rs`, `diceapi.rs`, `gridapi.rs`.

use super::playout::Scripted;
use super::register::{arg, fast_path, Call, ObjHandle, Registrar, Seat, Slot, ZoneHandle};
use super::Shared;
use crate::bot::random_choice;
use crate::limits::{LOG_BYTES, NAME_BYTES, PRINT_BYTES, PRINT_LINES};
use crate::record::Choice;
use crate::state::{Audience, Mark, SeatSet, State};
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
        return err(format!("{f}: prompts and labels may read the game, not change it"));
    }
    Ok(())
}

/// The change counter's slot of part `p` of `posse.changes` ("zone:ID", "counter:ID" or
/// "map"), looked up in a table made at the first call: the parts sorted by their hash
/// (FNV-1a, cheaper than the standard map's for such short names), found by a binary search.
pub(super) fn change_part(sh: &Shared, st: &State, p: &[u8]) -> Option<usize> {
    let parts = sh.change_parts.get_or_init(|| {
        let mut v = Vec::new();
        let mut add = |name: String, slot: usize| v.push((crate::hash::fnv(name.as_bytes()), name.into_bytes(), slot));
        for (d, z) in sh.content.zones.iter().enumerate() {
            add(format!("zone:{}", z.id), st.changes.zone_slot(d));
        }
        for (d, k) in sh.content.counters.iter().enumerate() {
            add(format!("counter:{}", k.id), st.changes.counter_slot(d));
        }
        add("map".to_string(), st.changes.map_slot());
        v.sort();
        v
    });
    let h = crate::hash::fnv(p);
    let first = parts.partition_point(|(k, _, _)| *k < h);
    parts[first..].iter().take_while(|(k, _, _)| *k == h).find(|(_, name, _)| name == p).map(|&(_, _, slot)| slot)
}

pub(super) fn seat(st: &State, Seat(s): Seat, f: &str) -> Result<usize> {
    if s >= 1 && (s as usize) <= st.players() {
        Ok(s as usize - 1)
    } else {
        err(format!("{f}: seat {s} does not exist (seats are 1..{})", st.players()))
    }
}

fn zone(st: &State, ZoneHandle(z): ZoneHandle, f: &str) -> Result<usize> {
    if z >= 1 && (z as usize) <= st.zones.len() {
        Ok(z as usize - 1)
    } else {
        err(format!("{f}: {z} is not a zone handle (use posse.zone(name))"))
    }
}

fn obj(st: &State, ObjHandle(o): ObjHandle, f: &str) -> Result<usize> {
    if o >= 1 && (o as usize) <= st.objects.len() {
        Ok(o as usize - 1)
    } else {
        err(format!("{f}: {o} is not an object handle"))
    }
}

/// A name a script gives a seat (role, team), copied out of Lua once it is known to be short.
fn name(v: Option<mlua::LuaString>, f: &str) -> Result<Option<String>> {
    let Some(s) = v else { return Ok(None) };
    let len = s.as_bytes().len();
    if len > NAME_BYTES {
        return err(format!("{f}: a name of {len} bytes (at most {NAME_BYTES})"));
    }
    Ok(Some(s.to_str()?.to_string()))
}

/// A log line's mark, `{mark = EVENT, at = PLACE}`: two short words, or an error
/// naming the function.
fn log_mark(t: &Table, f: &str) -> Result<Mark> {
    let word = |key: &str| -> Result<String> {
        match t.raw_get::<Value>(key)? {
            Value::String(s) => {
                let s = s.to_str()?.to_string();
                if s.is_empty() || s.len() > NAME_BYTES {
                    return err(format!("{f}: the mark's `{key}` must be 1 to {NAME_BYTES} bytes"));
                }
                Ok(s)
            }
            other => err(format!("{f}: the mark's `{key}` must be a string, not {}", other.type_name())),
        }
    };
    Ok(Mark { event: word("mark")?, at: word("at")? })
}

fn seat_set(st: &State, v: Value, f: &str) -> Result<Option<SeatSet>> {
    match v {
        Value::Nil => Ok(None),
        Value::Integer(s) => Ok(Some(1 << seat(st, Seat(s), f)?)),
        Value::Number(n) if n.fract() == 0.0 => Ok(Some(1 << seat(st, Seat(n as i64), f)?)),
        Value::Table(t) => {
            let mut set = 0;
            for s in t.sequence_values::<i64>() {
                set |= 1 << seat(st, Seat(s?), f)?;
            }
            Ok(Some(set))
        }
        other => err(format!("{f}: expected a seat, a list of seats or nil, got {}", other.type_name())),
    }
}

/// Registers the raw functions; returns the table the prelude turns into `posse`.
pub(crate) fn register(lua: &Lua, shared: &Rc<Shared>) -> Result<Table> {
    let mut r = Registrar::new(lua, shared)?;

    // ---------------------------------------------------------------- seats
    r.posse_fast("players", fast_path!(fast::players), |sh, _, (): ()| Ok(sh.state.borrow().players()))?;
    r.posse("seat_name", |sh, c, (s,): (Seat,)| {
        let st = sh.state.borrow();
        Ok(st.seats[seat(&st, s, c.f)?].name.clone())
    })?;
    r.posse("team", |sh, c, (s,): (Seat,)| {
        let st = sh.state.borrow();
        Ok(st.seats[seat(&st, s, c.f)?].team.clone())
    })?;
    r.posse("set_team", |sh, c, (s, team): (Seat, Option<mlua::LuaString>)| {
        writable(sh, c.f)?;
        let team = name(team, c.f)?;
        let mut st = sh.state.borrow_mut();
        let s = seat(&st, s, c.f)?;
        st.seats[s].team = team;
        Ok(())
    })?;
    r.posse("role", |sh, c, (s,): (Seat,)| {
        let st = sh.state.borrow();
        Ok(st.seats[seat(&st, s, c.f)?].role.clone())
    })?;
    r.posse("set_role", |sh, c, (s, role): (Seat, Option<mlua::LuaString>)| {
        writable(sh, c.f)?;
        let role = name(role, c.f)?;
        let mut st = sh.state.borrow_mut();
        let s = seat(&st, s, c.f)?;
        st.seats[s].role = role;
        Ok(())
    })?;
    r.posse("eliminate", |sh, c, (s,): (Seat,)| {
        writable(sh, c.f)?;
        let mut st = sh.state.borrow_mut();
        let s = seat(&st, s, c.f)?;
        st.seats[s].eliminated = true;
        Ok(())
    })?;
    r.posse_fast("is_eliminated", fast_path!(fast::is_eliminated), |sh, c, (s,): (Seat,)| {
        let st = sh.state.borrow();
        Ok(st.seats[seat(&st, s, c.f)?].eliminated)
    })?;
    r.posse_fast("set_current", fast_path!(fast::set_current), |sh, c, (s,): (Option<Seat>,)| {
        writable(sh, c.f)?;
        let mut st = sh.state.borrow_mut();
        st.current = s.map(|s| seat(&st, s, c.f)).transpose()?;
        Ok(())
    })?;

    // ---------------------------------------------------------------- zones
    r.posse("zone", |sh, c, (name, at): (mlua::LuaString, Value)| {
        let f = c.f;
        let st = sh.state.borrow();
        let name = name.to_str()?;
        let Some(decl) = sh.content.zone_index(&name) else {
            return err(format!("{f}: no zone '{}' is declared in game.yaml", clip(&name)));
        };
        let d = &sh.content.zones[decl];
        if let Some(of) = &d.per_object {
            let o = match at {
                Value::Integer(o) => obj(&st, ObjHandle(o), f)?,
                _ => return err(format!("{f}: zone '{name}' is per object: give the object")),
            };
            return match st.zone_index.get(&(decl, Some(o))) {
                Some(z) => Ok(z + 1),
                None => err(format!(
                    "{f}: object {} ({}) has no zone '{name}': it did not start in '{of}'",
                    o + 1,
                    sh.content.defs[st.objects[o].def].id
                )),
            };
        }
        let key = match (d.per_seat, d.per_node, at) {
            (true, _, Value::Integer(s)) => Some(seat(&st, Seat(s), f)?),
            (true, _, _) => return err(format!("{f}: zone '{name}' is per seat: give the seat")),
            (_, true, Value::String(node)) => {
                let node = node.to_str()?;
                match sh.content.board.index_of(&node) {
                    Some(n) => Some(n),
                    None => return err(format!("{f}: no board node '{}'", clip(&node))),
                }
            }
            // A node by number (the order of posse.nodes(); a grid's cell numbers).
            (_, true, Value::Integer(n)) if n >= 1 && (n as u64) <= sh.content.board.nodes().len() as u64 => {
                Some(n as usize - 1)
            }
            (_, true, _) => return err(format!("{f}: zone '{name}' is per board node: give the node")),
            (false, false, Value::Nil) => None,
            (false, false, _) => return err(format!("{f}: zone '{name}' is a single zone: give no seat or node")),
        };
        Ok(st.zone_index[&(decl, key)] + 1)
    })?;
    r.posse_fast("count", fast_path!(fast::count), |sh, c, (z,): (ZoneHandle,)| {
        let st = sh.state.borrow();
        Ok(st.zones[zone(&st, z, c.f)?].objects.len())
    })?;
    r.posse_fast("at", fast_path!(fast::at), |sh, c, (z, i): (ZoneHandle, Option<i64>)| {
        let st = sh.state.borrow();
        let objs = &st.zones[zone(&st, z, c.f)?].objects;
        let i = i.unwrap_or(1);
        if i < 1 || i as usize > objs.len() {
            return Ok(None);
        }
        Ok(Some(objs[objs.len() - i as usize] + 1))
    })?;
    // The objects as values, top first (prelude.lua puts them in a table): at most
    // MAX_OBJECTS of them, well within Lua's stack.
    r.posse_fast("contents", fast_path!(fast::contents), |sh, c, (z,): (ZoneHandle,)| {
        let st = sh.state.borrow();
        let objs = &st.zones[zone(&st, z, c.f)?].objects;
        Ok(Variadic::from_iter(objs.iter().rev().map(|&o| o as i64 + 1)))
    })?;
    r.posse_fast(
        "move",
        fast_path!(fast::move_),
        |sh, c, (o, z, place): (ObjHandle, ZoneHandle, Option<mlua::LuaString>)| {
            writable(sh, c.f)?;
            let mut st = sh.state.borrow_mut();
            let o = obj(&st, o, c.f)?;
            let z = zone(&st, z, c.f)?;
            let bottom = match place.as_ref().map(|p| p.to_str()).transpose()?.as_deref() {
                None | Some("top") => false,
                Some("bottom") => true,
                Some(other) => return err(format!("{}: where must be \"top\" or \"bottom\", not \"{other}\"", c.f)),
            };
            st.move_object(o, z, bottom);
            Ok(())
        },
    )?;
    r.posse_fast("draw", fast_path!(fast::draw), |sh, c, (from, to): (ZoneHandle, ZoneHandle)| {
        writable(sh, c.f)?;
        let mut st = sh.state.borrow_mut();
        let from = zone(&st, from, c.f)?;
        let to = zone(&st, to, c.f)?;
        match st.zones[from].objects.last().copied() {
            Some(o) => {
                st.move_object(o, to, false);
                Ok(Some(o + 1))
            }
            None => Ok(None),
        }
    })?;
    r.posse("shuffle", |sh, c, (z,): (ZoneHandle,)| {
        writable(sh, c.f)?;
        let mut st = sh.state.borrow_mut();
        let z = zone(&st, z, c.f)?;
        st.shuffle(z);
        Ok(())
    })?;
    r.posse("zone_object", |sh, c, (z,): (ZoneHandle,)| {
        let st = sh.state.borrow();
        Ok(st.zones[zone(&st, z, c.f)?].object.map(|o| o + 1))
    })?;
    r.posse_fast("zone_of", fast_path!(fast::zone_of), |sh, c, (o,): (ObjHandle,)| {
        let st = sh.state.borrow();
        Ok(st.objects[obj(&st, o, c.f)?].zone + 1)
    })?;

    // -------------------------------------------------------------- objects
    r.prelude_fast("def_index", "posse.def", fast_path!(fast::def_index), |sh, c, (o,): (ObjHandle,)| {
        let st = sh.state.borrow();
        Ok(st.objects[obj(&st, o, c.f)?].def + 1)
    })?;
    r.posse("def_id", |sh, c, (o,): (ObjHandle,)| {
        let st = sh.state.borrow();
        Ok(sh.content.defs[st.objects[obj(&st, o, c.f)?].def].id.clone())
    })?;
    r.posse_fast("flip", fast_path!(fast::flip), |sh, c, (o, up): (ObjHandle, bool)| {
        writable(sh, c.f)?;
        let mut st = sh.state.borrow_mut();
        let o = obj(&st, o, c.f)?;
        st.objects[o].face_up = up;
        st.object_changed(o);
        Ok(())
    })?;
    r.posse("face_up", |sh, c, (o,): (ObjHandle,)| {
        let st = sh.state.borrow();
        let o = obj(&st, o, c.f)?;
        Ok(st.objects[o].face_up)
    })?;
    r.posse("reveal", |sh, c, (o, seats): (ObjHandle, Value)| {
        writable(sh, c.f)?;
        let mut st = sh.state.borrow_mut();
        let o = obj(&st, o, c.f)?;
        let set = seat_set(&st, seats, c.f)?.unwrap_or(u64::MAX >> (64 - st.players()));
        st.objects[o].known |= set;
        st.object_changed(o);
        Ok(())
    })?;
    r.posse("knows", |sh, c, (s, o): (Seat, ObjHandle)| {
        let st = sh.state.borrow();
        let s = seat(&st, s, c.f)?;
        let o = obj(&st, o, c.f)?;
        Ok(st.visible(&sh.content, o, s))
    })?;

    // ------------------------------------------------------------- counters
    // The module's get/set/add (prelude.lua) cache each (name, seat)'s slot, found once by
    // `counter_slot`, and then cross the boundary with integers only. prelude.lua says
    // which of the three asks (`f`), and checked the name: the errors name `f`.
    r.prelude("counter_slot", "posse.get", |sh, c, (name, s, f): (mlua::LuaString, Value, mlua::LuaString)| {
        let bare = f.to_str()?;
        let f = format!("posse.{bare}");
        let st = sh.state.borrow();
        let name = name.to_str()?;
        let Some(k) = st.counter_index.get(&*name) else {
            return err(format!("{f}: no counter '{}' is declared in game.yaml", clip(&name)));
        };
        if k.per_object {
            return err(format!("{f}: counter '{name}' is per object: use posse.obj_{bare}(obj, name)"));
        }
        // The seat is posse.get's second argument, posse.set's and posse.add's third.
        let pos = if bare == "get" { 2 } else { 3 };
        let slot = match (k.per_seat, arg::<Option<Seat>>(s, c.lua, &f, pos)?) {
            (true, Some(s)) => k.first + seat(&st, s, &f)?,
            (true, None) => return err(format!("{f}: counter '{name}' is per seat: give the seat")),
            (false, None) => k.first,
            (false, Some(_)) => return err(format!("{f}: counter '{name}' is not per seat")),
        };
        Ok(slot + 1)
    })?;
    r.prelude_fast("slot_get", "posse.get", fast_path!(fast::slot_get), |sh, _, (Slot(i),): (Slot,)| {
        Ok(sh.state.borrow().counters[i - 1])
    })?;
    r.prelude_fast("slot_set", "posse.set", fast_path!(fast::slot_set), |sh, c, (Slot(i), v): (Slot, i64)| {
        writable(sh, c.f)?;
        let mut st = sh.state.borrow_mut();
        // Twin mode (twin.rs): a counter the twin's seat cannot read takes another value.
        let v = match sh.twin.borrow_mut().as_mut() {
            Some(t) if t.counter_hidden(&sh.content, &st, i - 1) => t.shift(v),
            _ => v,
        };
        st.counters[i - 1] = v;
        st.changes.counter(i - 1);
        Ok(())
    })?;
    r.prelude_fast("slot_add", "posse.add", fast_path!(fast::slot_add), |sh, c, (Slot(i), d): (Slot, i64)| {
        writable(sh, c.f)?;
        let mut st = sh.state.borrow_mut();
        match st.counters[i - 1].checked_add(d) {
            Some(v) => {
                st.counters[i - 1] = v;
                st.changes.counter(i - 1);
                Ok(v)
            }
            None => err(format!("{}: the counter would overflow ({} + {d})", c.f, st.counters[i - 1])),
        }
    })?;

    // The per-object counters' get/set/add (prelude.lua) cache each name's slot, found
    // once by `object_slot`, and cross the boundary with integers only.
    r.prelude("object_slot", "posse.obj_get", |sh, _, (name, f): (mlua::LuaString, mlua::LuaString)| {
        let st = sh.state.borrow();
        let (name, f) = (name.to_str()?, f.to_str()?);
        match st.counter_index.get(&*name) {
            Some(c) if c.per_object => Ok(c.first + 1),
            Some(_) => err(format!("posse.{f}: counter '{name}' is not per object: use posse.{}", &f[4..])),
            None => err(format!("posse.{f}: no counter '{}' is declared in game.yaml", clip(&name))),
        }
    })?;
    fn cell(st: &State, o: ObjHandle, Slot(k): Slot, f: &str) -> Result<usize> {
        Ok(obj(st, o, f)? * st.object_width + k - 1)
    }
    r.prelude_fast("object_get", "posse.obj_get", fast_path!(fast::object_get), |sh, c, (o, k): (ObjHandle, Slot)| {
        let st = sh.state.borrow();
        Ok(st.object_counters[cell(&st, o, k, c.f)?])
    })?;
    r.prelude_fast(
        "object_set",
        "posse.obj_set",
        fast_path!(fast::object_set),
        |sh, c, (o, k, v): (ObjHandle, Slot, i64)| {
            writable(sh, c.f)?;
            let mut st = sh.state.borrow_mut();
            let i = cell(&st, o, k, c.f)?;
            st.object_counters[i] = v;
            st.changes.object_slot(k.0 - 1);
            Ok(())
        },
    )?;
    r.prelude_fast(
        "object_add",
        "posse.obj_add",
        fast_path!(fast::object_add),
        |sh, c, (o, k, d): (ObjHandle, Slot, i64)| {
            writable(sh, c.f)?;
            let mut st = sh.state.borrow_mut();
            let i = cell(&st, o, k, c.f)?;
            match st.object_counters[i].checked_add(d) {
                Some(v) => {
                    st.object_counters[i] = v;
                    st.changes.object_slot(k.0 - 1);
                    Ok(v)
                }
                None => err(format!("{}: the counter would overflow ({} + {d})", c.f, st.object_counters[i])),
            }
        },
    )?;

    // ------------------------------------------------------ change counters
    // `posse.changes(part, ...)`: state/changes.rs says what bumps which. For the rules'
    // flow alone: prompts and labels may not read them (a number that moves when a hidden
    // hand changes would tell a seat what its labels must not), and no view, bot or
    // renderer has `posse`.
    r.posse_fast("changes", fast_path!(fast::changes), |sh, c, parts: Variadic<Value>| {
        if sh.read_only.get() {
            return err(format!("{}: prompts and labels may not read change counters", c.f));
        }
        if parts.is_empty() {
            return err(format!("{}: name a part: \"zone:ID\", \"counter:ID\" or \"map\"", c.f));
        }
        let st = sh.state.borrow();
        let mut counts = Vec::with_capacity(parts.len());
        for (i, p) in parts.iter().enumerate() {
            let Value::String(p) = p else {
                return err(format!("{}: argument {}: expected a part's name, got {}", c.f, i + 1, p.type_name()));
            };
            let Some(slot) = change_part(sh, &st, &p.as_bytes()) else {
                let p = p.to_string_lossy();
                return err(format!(
                    "{}: '{}' is not a part of the game: \"zone:ID\" or \"counter:ID\" of one declared in game.yaml, or \"map\"",
                    c.f,
                    clip(&p)
                ));
            };
            counts.push(st.changes.get(slot).unwrap_or(0) as i64);
        }
        Ok(Variadic::from_iter(counts))
    })?;

    // ----------------------------------------------------------- randomness
    r.posse_fast("random", fast_path!(fast::random), |sh, c, (n,): (i64,)| {
        writable(sh, c.f)?;
        if n < 1 {
            return err(format!("{}: n must be at least 1, got {n}", c.f));
        }
        Ok(sh.state.borrow_mut().rng.below(n as u64) as i64 + 1)
    })?;
    r.prelude("math_random", "math.random", |sh, c, (m, n): (Option<i64>, Option<i64>)| {
        writable(sh, c.f)?;
        math_random(&mut sh.state.borrow_mut().rng, m, n)
    })?;

    // --------------------------------------------------- in-flow batch bots
    // posse.choose (prelude.lua) asks here when random bots answer in the flow (batches).
    r.prelude_fast(
        "auto_pick",
        "posse.choose",
        fast_path!(fast::auto_pick),
        |sh, c, (s, options, count, min, max, tags): (Value, Value, Value, Value, Value, Value)| {
            auto_pick(sh, c, s, options, count, min, max, tags)
        },
    )?;
    // posse.choose (prelude.lua) asks here first in a batch: answered at once when it can.
    r.prelude_fast_keys(
        "auto_choose",
        "posse.choose",
        fast_path!(fast::auto_choose),
        &fast::CHOOSE_KEYS,
        |_, _, _: Variadic<Value>| Ok(()),
    )?;
    // posse.choose_each asks here first, with its requests' seats: false when the group
    // yields after all (a search playout's strategy-bot rollout).
    r.prelude("auto_group", "posse.choose_each", |sh, c, (seats,): (Table,)| {
        let seats: Vec<usize> = seats.sequence_values::<usize>().collect::<Result<_>>()?;
        let mut auto = sh.auto.borrow_mut();
        let Some(bots) = auto.as_mut() else { return err(format!("{}: no bots are playing", c.f)) };
        match bots.playout.as_mut() {
            Some(p) => p.group(&seats, &sh.state, &mut bots.rng).map_err(mlua::Error::runtime),
            None => Ok(true),
        }
    })?;

    // ------------------------------------------------------------------ log
    r.posse_fast("log", fast_path!(fast::log), |sh, c, (text, audience, mark): (String, Value, Option<Table>)| {
        writable(sh, c.f)?;
        let mut st = sh.state.borrow_mut();
        let audience = match seat_set(&st, audience, c.f)? {
            None => Audience::All,
            Some(set) => Audience::Seats(set),
        };
        let mark = mark.map(|m| log_mark(&m, c.f)).transpose()?;
        if st.log_bytes + text.len() > LOG_BYTES {
            return err(format!("{}: the log is full ({} MiB): is a loop logging forever?", c.f, LOG_BYTES >> 20));
        }
        st.log_bytes += text.len();
        st.log(text, audience);
        if let (Some(mark), Some(line)) = (mark, st.log.last_mut()) {
            line.mark = Some(Box::new(mark));
        }
        if let Some(audit) = sh.log_audit.borrow_mut().as_mut() {
            audit_line(&sh.content, &st, audit);
        }
        if let Some(seen) = sh.glimpses.borrow_mut().as_mut() {
            seen.resize(st.objects.len().max(seen.len()), 0);
            for (o, mask) in seen.iter_mut().enumerate().take(st.objects.len()) {
                for seat in 0..st.players().min(64) {
                    if st.visible(&sh.content, o, seat) {
                        *mask |= 1 << seat;
                    }
                }
            }
        }
        Ok(())
    })?;
    // Bytes printed in this game: the lines are cleared when the VM starts another game
    // (`Vm::reset`), and the count starts again with them.
    let print_bytes = std::cell::Cell::new(0usize);
    r.prelude("print", "print", move |sh, c, args: Variadic<Value>| {
        let f = c.f;
        // Sizes first: the text is copied out of Lua only once it fits the budget.
        let mut parts = Vec::with_capacity(args.len());
        for v in args.iter() {
            parts.push(c.lua.coerce_string(v.clone())?.ok_or(v.type_name()));
        }
        let len =
            parts.iter().map(|p| p.as_ref().map_or_else(|name| name.len(), |s| s.as_bytes().len())).sum::<usize>()
                + parts.len().saturating_sub(1);
        let mut printed = sh.printed.borrow_mut();
        if printed.is_empty() {
            print_bytes.set(0);
        }
        if printed.len() >= PRINT_LINES {
            return err(format!("{f}: more than {PRINT_LINES} lines printed: is a loop printing forever?"));
        }
        if print_bytes.get() + len > PRINT_BYTES {
            return err(format!(
                "{f}: the printed text would pass {} MiB in this game ({len} bytes more after {}): is a loop printing forever?",
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
    })?;

    super::boardapi::register(&mut r)?;
    super::mapapi::register(&mut r)?;
    super::diceapi::register(&mut r)?;
    super::gridapi::register(&mut r)?;
    r.finish()
}

/// The in-flow random bots' answer to a decision (`posse.choose` in a batch whose seats
/// are random bots): the same pick [`crate::bot::random_choice`] would make from the
/// bots' RNG, under restricted play's ban, recorded and tallied.
#[allow(clippy::too_many_arguments)]
fn auto_pick(
    sh: &Shared,
    c: Call,
    s: Value,
    options: Value,
    count: Value,
    min: Value,
    max: Value,
    tags: Value,
) -> Result<Value> {
    let players = sh.state.borrow().players();
    let shape = super::shape::shape(players, &s, &options, &count, &min, &max).map_err(mlua::Error::runtime)?;
    let mut auto = sh.auto.borrow_mut();
    let Some(bots) = auto.as_mut() else { return err(format!("{}: no bots are playing", c.f)) };
    if bots.made >= bots.limit {
        return err(format!("the game did not end within {} decisions", bots.limit));
    }
    // A search playout's replay, its decision and its rollout (playout.rs).
    let scripted = match bots.playout.as_mut() {
        Some(p) => {
            let sig = || {
                let Value::Table(t) = &tags else { return crate::bot::question_sig(shape, std::iter::empty()) };
                let tags: Vec<Option<mlua::BorrowedBytes>> = (1..=shape.count)
                    .map(|i| match t.raw_get::<Value>(i) {
                        Ok(Value::String(s)) => Some(s.as_bytes()),
                        _ => None,
                    })
                    .collect();
                crate::bot::question_sig(shape, tags.iter().map(|t| t.as_deref()))
            };
            p.answer(shape, sig, &sh.state, &mut bots.rng).map_err(mlua::Error::runtime)?
        }
        None => Scripted::Random,
    };
    // Restricted play: a banned tag is never picked while there is another option.
    let allowed = match &tags {
        Value::Table(t) if !shape.multi && bots.ban.is_some() => bots.allowed(shape.seat, t, shape.count)?,
        _ => None,
    };
    let picks = match (scripted, allowed) {
        (Scripted::Yield, _) => return Ok(Value::Nil),
        (Scripted::Answer(picks), _) => {
            shape.check(&picks).map_err(|e| mlua::Error::runtime(format!("search: a replayed answer: {e}")))?;
            picks
        }
        (Scripted::Random, Some(a)) => vec![a[bots.rng.below(a.len() as u64) as usize]],
        (Scripted::Random, None) => random_choice(shape, &mut bots.rng),
    };
    sh.lead.borrow_mut().note(&sh.state.borrow(), bots.made);
    bots.made += 1;
    bots.options += shape.count;
    sh.watched.progress();
    // Each decision starts a new step, as it does when the flow yields.
    sh.budget.refill();
    let answer = if shape.multi {
        Value::Table(c.lua.create_sequence_from(picks.iter().copied())?)
    } else {
        Value::Integer(picks[0] as i64)
    };
    if let Value::Table(tags) = &tags {
        bots.note_tags(c.lua, shape.seat, tags, shape.count, &picks)?;
    }
    bots.choices.push(Choice { seat: shape.seat, picks });
    Ok(answer)
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
/// sees no copy now, nor a copy of another definition of the same name.
fn audit_line(content: &crate::content::Content, st: &State, audit: &mut Vec<(usize, usize, usize)>) {
    let at = st.log.len() - 1;
    let line = &st.log[at];
    for (d, def) in content.defs.iter().enumerate() {
        if def.count == 0 || !crate::state::names(&line.text, &def.name) {
            continue;
        }
        // Components that share a name are one name to a reader: a line naming it is
        // read when the seat sees any of them.
        let named = |o: usize| st.objects[o].def == d || content.defs[st.objects[o].def].name == def.name;
        for seat in (0..st.players()).filter(|&s| line.audience.admits(Some(s))) {
            if !(0..st.objects.len()).any(|o| named(o) && st.visible(content, o, seat)) {
                audit.push((at, seat, d));
            }
        }
    }
}

/// The fast paths of the hottest functions, beside their bodies here (api/fast.rs).
pub(super) mod fast;
