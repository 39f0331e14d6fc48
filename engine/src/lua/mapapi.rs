//! The zone-map functions of `posse` (see `scripts/types/posse.lua`): movement, sight,
//! range and blockers as the map is now, a zone's facts, and the map state (locks and
//! breaches). Every query is a lookup in the tables the map derived at load or that its
//! state keeps ([`crate::zonemap::MapState`]); zones are named by their ids.

use super::api::{clip, err, writable};
use super::Shared;
use crate::zonemap::ZoneMap;
use mlua::{Lua, LuaString, Result, Table, Value};
use std::rc::Rc;

/// The map, or the error of a board that is not a zone map.
fn the_map<'a>(sh: &'a Shared, f: &str) -> Result<&'a ZoneMap> {
    match sh.content.map.as_deref() {
        Some(m) => Ok(m),
        None => err(format!("posse.{f}: the board is not a zone map (game.yaml: board: {{map: FILE}})")),
    }
}

fn zone_of(map: &ZoneMap, z: &LuaString, f: &str) -> Result<usize> {
    let z = z.to_str()?;
    match map.index_of(&z) {
        Some(i) => Ok(i),
        None => err(format!("posse.{f}: no zone '{}' on the map '{}'", clip(&z), map.id)),
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
        None => err(format!("posse.{f}: zones {} and {} share no border", map.zones()[a].id, map.zones()[b].id)),
    }
}

/// The border of a and b when it has lockable openings, or the error that it has none.
fn lockable(map: &ZoneMap, a: usize, b: usize, f: &str) -> Result<usize> {
    match map.border(a, b).filter(|&k| map.lockable(k)) {
        Some(k) => Ok(k),
        None => err(format!(
            "posse.{f}: no lockable opening (cell_door) between {} and {}",
            map.zones()[a].id,
            map.zones()[b].id
        )),
    }
}

/// Registers the zone-map functions in `raw`, adding their names to `names`.
pub(super) fn register(lua: &Lua, shared: &Rc<Shared>, raw: &Table, names: &mut Vec<&'static str>) -> Result<()> {
    macro_rules! def {
        ($name:literal, |$sh:ident, $lua:ident, $args:tt : $ty:ty| $body:expr) => {{
            let $sh = shared.clone();
            raw.set($name, lua.create_function(move |$lua, $args: $ty| $body)?)?;
            names.push($name);
        }};
    }

    def!("adjacent", |sh, _lua, (a, b): (LuaString, LuaString)| {
        let (map, a, b) = pair(&sh, &a, &b, "adjacent")?;
        Ok(map.adjacent(a, b, &sh.state.borrow().map))
    });
    def!("sight", |sh, _lua, (a, b): (LuaString, LuaString)| {
        let (map, a, b) = pair(&sh, &a, &b, "sight")?;
        Ok(map.sight(a, b, &sh.state.borrow().map))
    });
    def!("range", |sh, _lua, (a, b): (LuaString, LuaString)| {
        let (map, a, b) = pair(&sh, &a, &b, "range")?;
        Ok(map.range(a, b))
    });
    def!("blockers", |sh, lua, (a, b): (LuaString, LuaString)| {
        let (map, a, b) = pair(&sh, &a, &b, "blockers")?;
        lua.create_sequence_from(map.blockers(a, b).iter().map(|&z| map.zones()[z].id.as_str()))
    });
    def!("visible", |sh, _lua, (a, b, occupied): (LuaString, LuaString, Option<Table>)| {
        let (map, a, b) = pair(&sh, &a, &b, "visible")?;
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
    });
    def!("in_sight", |sh, lua, (a, reach, occupied): (LuaString, i64, Option<Table>)| {
        let map = the_map(&sh, "in_sight")?;
        let a = zone_of(map, &a, "in_sight")?;
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
                out.push(Value::String(lua.create_string(map.zones()[b].id.as_str())?));
            }
        }
        // As values (prelude.lua makes the list): cheaper than filling a table from here.
        Ok(mlua::Variadic::from_iter(out))
    });
    def!("node_info", |sh, lua, a: LuaString| {
        let map = the_map(&sh, "node_info")?;
        let z = &map.zones()[zone_of(map, &a, "node_info")?];
        let t = lua.create_table()?;
        t.set("id", z.id.as_str())?;
        t.set("name", z.name.as_str())?;
        t.set("indoor", z.indoor)?;
        let centre = lua.create_table()?;
        centre.set("x", z.centre.x)?;
        centre.set("y", z.centre.y)?;
        t.set("centre", centre)?;
        Ok(t)
    });
    def!("lock", |sh, _lua, (a, b): (LuaString, LuaString)| {
        writable(&sh, "lock")?;
        let (map, a, b) = pair(&sh, &a, &b, "lock")?;
        let k = lockable(map, a, b, "lock")?;
        sh.state.borrow_mut().map.set_locked(map, k, true);
        Ok(())
    });
    def!("unlock", |sh, _lua, (a, b): (LuaString, LuaString)| {
        writable(&sh, "unlock")?;
        let (map, a, b) = pair(&sh, &a, &b, "unlock")?;
        let k = lockable(map, a, b, "unlock")?;
        sh.state.borrow_mut().map.set_locked(map, k, false);
        Ok(())
    });
    def!("locked", |sh, _lua, (a, b): (LuaString, LuaString)| {
        let (map, a, b) = pair(&sh, &a, &b, "locked")?;
        let k = lockable(map, a, b, "locked")?;
        Ok(sh.state.borrow().map.is_locked(k))
    });
    def!("breach", |sh, _lua, (a, b): (LuaString, LuaString)| {
        writable(&sh, "breach")?;
        let (map, a, b) = pair(&sh, &a, &b, "breach")?;
        let k = border(map, a, b, "breach")?;
        sh.state.borrow_mut().map.breach(map, k);
        Ok(())
    });
    def!("breached", |sh, _lua, (a, b): (LuaString, LuaString)| {
        let (map, a, b) = pair(&sh, &a, &b, "breached")?;
        let k = border(map, a, b, "breached")?;
        Ok(sh.state.borrow().map.is_breached(k))
    });
    Ok(())
}
