//! The board functions of `posse` that serve any board (see `scripts/types/posse.lua`):
//! its nodes, a node's neighbours and a path between two (on a zone map, movement as the
//! map is now), and which nodes' per-node zones hold something, in one call (a whole
//! board read at a glance: how full each space is is public, like every zone's count).

use super::api::{clip, err};
use super::register::Registrar;
use mlua::{Result, Value, Variadic};

/// Registers the board functions.
pub(super) fn register(r: &mut Registrar) -> Result<()> {
    r.posse("nodes", |sh, c, (): ()| c.lua.create_sequence_from(sh.content.board.nodes().iter().map(String::as_str)))?;
    // On a zone map, movement is the map's as it is now (locks, breaches).
    r.posse("neighbours", |sh, c, (node,): (mlua::LuaString,)| {
        let node = node.to_str()?;
        let st = sh.state.borrow();
        let board = match sh.content.map.as_deref() {
            Some(m) if !st.map.is_empty() => st.map.tables(m).board(),
            _ => &sh.content.board,
        };
        // As values (prelude.lua makes the list): cheaper than filling a table from here.
        match board.neighbours(&node) {
            Some(ns) => {
                ns.iter().map(|n| c.lua.create_string(n).map(Value::String)).collect::<Result<Variadic<Value>>>()
            }
            None => err(format!("{}: no board node '{}'", c.f, clip(&node))),
        }
    })?;
    r.posse("path", |sh, c, (a, b): (mlua::LuaString, mlua::LuaString)| {
        let st = sh.state.borrow();
        let board = match sh.content.map.as_deref() {
            Some(m) if !st.map.is_empty() => st.map.tables(m).board(),
            _ => &sh.content.board,
        };
        let (a, b) = (a.to_str()?, b.to_str()?);
        for n in [&*a, &*b] {
            if !board.contains(n) {
                return err(format!("{}: no board node '{}'", c.f, clip(n)));
            }
        }
        match board.path(&a, &b) {
            Some(p) => Ok(Value::Table(c.lua.create_sequence_from(p)?)),
            None => Ok(Value::Nil),
        }
    })?;

    // The nodes (1-based, the board's order) whose per-node zone `name` holds an object,
    // its top one face up when `face_up`: as values (prelude.lua makes the set).
    r.posse("nodes_holding", |sh, c, (name, face_up): (mlua::LuaString, Option<bool>)| {
        let name = name.to_str()?;
        let decl = match sh.content.zone_index(&name) {
            Some(d) if sh.content.zones[d].per_node => d,
            Some(_) => return err(format!("{}: zone '{}' is not per node", c.f, clip(&name))),
            None => return err(format!("{}: no zone '{}' is declared in game.yaml", c.f, clip(&name))),
        };
        let st = sh.state.borrow();
        let face_up = face_up.unwrap_or(false);
        let mut out = Vec::new();
        // A declaration's per-node zones are made one a node in the board's order
        // (`State::new`), so node n's is the first one's plus n: one lookup for the board,
        // not one a node (checked, with the lookup as the fallback).
        let first = st.zone_index.get(&(decl, Some(0))).copied();
        for node in 0..sh.content.board.nodes().len() {
            let z = match first.map(|f| f + node) {
                Some(z) if st.zones.get(z).is_some_and(|zone| zone.decl == decl && zone.node == Some(node)) => z,
                _ => match st.zone_index.get(&(decl, Some(node))) {
                    Some(&z) => z,
                    None => continue,
                },
            };
            // Storage is bottom first: the top object is the last.
            if let Some(&top) = st.zones[z].objects.last() {
                if !face_up || st.objects[top].face_up {
                    out.push(node as i64 + 1);
                }
            }
        }
        Ok(Variadic::from_iter(out))
    })?;
    Ok(())
}
