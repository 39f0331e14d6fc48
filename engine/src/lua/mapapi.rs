//! The zone-map functions of `posse` (see `scripts/types/posse.lua`): movement, sight,
//! range and blockers as the map is now, a zone's facts, and the map state (locks and
//! breaches). Every query is a lookup in the tables the map derived at load or that its
//! state keeps ([`crate::zonemap::MapState`]); zones are named by their ids.

use super::api::{clip, err, writable};
use super::register::Registrar;
use super::Shared;
use crate::zonemap::ZoneMap;
use mlua::{LuaString, Result, Table, Value};

/// The map, or the error of a board that is not a zone map.
fn the_map<'a>(sh: &'a Shared, f: &str) -> Result<&'a ZoneMap> {
    match sh.content.map.as_deref() {
        Some(m) => Ok(m),
        None => err(format!("{f}: the board is not a zone map (game.yaml: board: {{map: FILE}})")),
    }
}

fn zone_of(map: &ZoneMap, z: &LuaString, f: &str) -> Result<usize> {
    let z = z.to_str()?;
    match map.index_of(&z) {
        Some(i) => Ok(i),
        None => err(format!("{f}: no zone '{}' on the map '{}'", clip(&z), map.id)),
    }
}

fn pair<'a>(sh: &'a Shared, a: &LuaString, b: &LuaString, f: &str) -> Result<(&'a ZoneMap, usize, usize)> {
    let map = the_map(sh, f)?;
    Ok((map, zone_of(map, a, f)?, zone_of(map, b, f)?))
}

/// The border of a and b, or the error that they share none.
fn border(map: &ZoneMap, a: usize, b: usize, f: &str) -> Result<usize> {
    match map.border(a, b) {
        Some(k) => Ok(k),
        None => err(format!("{f}: zones {} and {} share no border", map.zones()[a].id, map.zones()[b].id)),
    }
}

/// The border of a and b when it has lockable openings, or the error that it has none.
fn lockable(map: &ZoneMap, a: usize, b: usize, f: &str) -> Result<usize> {
    match map.border(a, b).filter(|&k| map.lockable(k)) {
        Some(k) => Ok(k),
        None => {
            err(format!("{f}: no lockable opening (cell_door) between {} and {}", map.zones()[a].id, map.zones()[b].id))
        }
    }
}

/// Registers the zone-map functions.
pub(super) fn register(r: &mut Registrar) -> Result<()> {
    r.posse("adjacent", |sh, c, (a, b): (LuaString, LuaString)| {
        let (map, a, b) = pair(sh, &a, &b, c.f)?;
        Ok(map.adjacent(a, b, &sh.state.borrow().map))
    })?;
    r.posse("sight", |sh, c, (a, b): (LuaString, LuaString)| {
        let (map, a, b) = pair(sh, &a, &b, c.f)?;
        Ok(map.sight(a, b, &sh.state.borrow().map))
    })?;
    r.posse("range", |sh, c, (a, b): (LuaString, LuaString)| {
        let (map, a, b) = pair(sh, &a, &b, c.f)?;
        Ok(map.range(a, b))
    })?;
    r.posse("blockers", |sh, c, (a, b): (LuaString, LuaString)| {
        let (map, a, b) = pair(sh, &a, &b, c.f)?;
        c.lua.create_sequence_from(map.blockers(a, b).iter().map(|&z| map.zones()[z].id.as_str()))
    })?;
    r.posse("visible", |sh, c, (a, b, occupied): (LuaString, LuaString, Option<Table>)| {
        let (map, a, b) = pair(sh, &a, &b, c.f)?;
        if !map.sight(a, b, &sh.state.borrow().map) {
            return Ok(false);
        }
        let Some(occupied) = occupied else { return Ok(true) };
        for &z in map.blockers(a, b) {
            // Raw reads: no metamethod runs, the work is bounded by the blockers.
            let v: Value = occupied.raw_get(map.zones()[z].id.as_str())?;
            if !matches!(v, Value::Nil | Value::Boolean(false)) {
                return Ok(false);
            }
        }
        Ok(true)
    })?;
    r.posse("in_sight", |sh, c, (a, reach, occupied): (LuaString, i64, Option<Table>)| {
        let map = the_map(sh, c.f)?;
        let a = zone_of(map, &a, c.f)?;
        let st = sh.state.borrow();
        let mut out = Vec::new();
        for b in 0..map.zones().len() {
            if i64::from(map.range(a, b)) > reach || !map.sight(a, b, &st.map) {
                continue;
            }
            let mut seen = true;
            if let Some(occupied) = &occupied {
                for &z in map.blockers(a, b) {
                    let v: Value = occupied.raw_get(map.zones()[z].id.as_str())?;
                    if !matches!(v, Value::Nil | Value::Boolean(false)) {
                        seen = false;
                        break;
                    }
                }
            }
            if seen {
                out.push(Value::String(c.lua.create_string(map.zones()[b].id.as_str())?));
            }
        }
        // As values (prelude.lua makes the list): cheaper than filling a table from here.
        Ok(mlua::Variadic::from_iter(out))
    })?;
    r.posse("node_info", |sh, c, (a,): (LuaString,)| {
        let map = the_map(sh, c.f)?;
        let z = &map.zones()[zone_of(map, &a, c.f)?];
        let t = c.lua.create_table()?;
        t.set("id", z.id.as_str())?;
        t.set("name", z.name.as_str())?;
        t.set("indoor", z.indoor)?;
        let centre = c.lua.create_table()?;
        centre.set("x", z.centre.x)?;
        centre.set("y", z.centre.y)?;
        t.set("centre", centre)?;
        Ok(t)
    })?;
    r.posse("lock", |sh, c, (a, b): (LuaString, LuaString)| {
        writable(sh, c.f)?;
        let (map, a, b) = pair(sh, &a, &b, c.f)?;
        let k = lockable(map, a, b, c.f)?;
        let mut st = sh.state.borrow_mut();
        st.map.set_locked(map, k, true);
        st.changes.map();
        Ok(())
    })?;
    r.posse("unlock", |sh, c, (a, b): (LuaString, LuaString)| {
        writable(sh, c.f)?;
        let (map, a, b) = pair(sh, &a, &b, c.f)?;
        let k = lockable(map, a, b, c.f)?;
        let mut st = sh.state.borrow_mut();
        st.map.set_locked(map, k, false);
        st.changes.map();
        Ok(())
    })?;
    r.posse("locked", |sh, c, (a, b): (LuaString, LuaString)| {
        let (map, a, b) = pair(sh, &a, &b, c.f)?;
        let k = lockable(map, a, b, c.f)?;
        Ok(sh.state.borrow().map.is_locked(k))
    })?;
    r.posse("breach", |sh, c, (a, b): (LuaString, LuaString)| {
        writable(sh, c.f)?;
        let (map, a, b) = pair(sh, &a, &b, c.f)?;
        let k = border(map, a, b, c.f)?;
        let mut st = sh.state.borrow_mut();
        st.map.breach(map, k);
        st.changes.map();
        Ok(())
    })?;
    r.posse("breached", |sh, c, (a, b): (LuaString, LuaString)| {
        let (map, a, b) = pair(sh, &a, &b, c.f)?;
        let k = border(map, a, b, c.f)?;
        Ok(sh.state.borrow().map.is_breached(k))
    })?;
    Ok(())
}
