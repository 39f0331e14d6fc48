//! The renderer: the game's `render.lua` in a Lua VM of its own, which holds no game
//! state and has no `posse` module. It receives a view, the game's public `data:` and how
//! to draw it (`{full = false}`: the compact screen of 80×24; `{full = true}`: everything
//! the view holds, however long, as `:full` shows it) and returns text; every view is
//! drawn in the VM as it was after setup, so what it draws depends on the view (and how)
//! alone.

use super::compile::{compile, module_loader};
use super::{api, install_budget, lua_err, sandbox, sandboxed_lua, script_message, Budget, Metered, Saved};
use crate::content::Content;
use crate::diag::Error;
use crate::limits::VIEW_TEXT_BYTES;
use crate::view::View;
use mlua::{Function, Lua, Table, Value};
use std::rc::Rc;
use std::sync::Arc;

/// A renderer: the game's `render.lua` in a VM of its own that holds no game state.
pub(crate) struct Renderer {
    /// Dropped first: puts the VM's own allocator back.
    _metered: Metered,
    lua: Lua,
    budget: Rc<Budget>,
    /// The compiled render.lua, run afresh for every view.
    chunk: Function,
    file: String,
    /// The tables sandbox.lua saved after setup, put back before each view (contents and
    /// metatables): each view is drawn in a VM as it was after setup, so what a renderer
    /// draws depends on the view alone, never on the views drawn before (a metatable set
    /// on `_G` or a library is no place to keep another seat's hand for the next one).
    metatables: Saved,
    /// The content, for the game's `data:` (the renderer's second argument).
    content: Arc<Content>,
}

impl Renderer {
    pub fn new(content: &Arc<Content>) -> Result<Renderer, Error> {
        let lua = sandboxed_lua()?;
        let budget = Budget::new(Arc::default());
        let metered = install_budget(&lua, budget.clone(), Arc::default())?;
        let loader = module_loader(&lua, content).map_err(lua_err)?;
        let sandbox = sandbox(&lua, loader, lua.create_table().map_err(lua_err)?, budget.clone(), None, None)?;
        // A renderer has no randomness at all: the same view must draw the same text.
        let math: Table = lua.globals().get("math").map_err(lua_err)?;
        math.set("random", Value::Nil).map_err(lua_err)?;
        let metatables = Saved::snapshot(&sandbox)?;
        let chunk = compile(&lua, content, &content.render).map_err(|e| Error::Script(script_message(&e)))?;
        Ok(Renderer {
            _metered: metered,
            lua,
            budget,
            chunk,
            file: content.render.file.clone(),
            metatables,
            content: content.clone(),
        })
    }

    /// Draws a view in the VM as it was after setup (globals, libraries and their
    /// metatables), whatever the views drawn before left in it: compact to fit a screen
    /// of 80×24, or with `full` everything it holds.
    pub fn render(&self, view: &View, full: bool) -> Result<String, Error> {
        self.budget.refill();
        self.metatables.reset(&self.lua)?;
        let render = match self.chunk.call::<Value>(()) {
            Ok(Value::Function(f)) => f,
            Ok(_) => {
                return Err(Error::Script(format!(
                    "{}: expected the renderer to return a function(view, data, how)",
                    self.file
                )))
            }
            Err(e) => return Err(Error::Script(script_message(&e))),
        };
        let v = mlua::LuaSerdeExt::to_value_with(&self.lua, view, api::serde_options()).map_err(lua_err)?;
        // The game's `data:` is content, public like the rulebook: names to draw with.
        let data =
            mlua::LuaSerdeExt::to_value_with(&self.lua, &self.content.data, api::serde_options()).map_err(lua_err)?;
        let how = self.lua.create_table().map_err(lua_err)?;
        how.set("full", full).map_err(lua_err)?;
        let text = render.call::<Value>((v, data, how)).map_err(|e| Error::Script(script_message(&e)))?;
        match text {
            Value::String(s) if s.as_bytes().len() > VIEW_TEXT_BYTES => Err(Error::Script(format!(
                "{}: the renderer returned {} bytes for one view (at most {} MiB)",
                self.file,
                s.as_bytes().len(),
                VIEW_TEXT_BYTES >> 20
            ))),
            Value::String(s) => Ok(s.to_string_lossy()),
            other => Err(Error::Script(format!(
                "{}: expected the renderer to return a string, not {}",
                self.file,
                other.type_name()
            ))),
        }
    }
}
