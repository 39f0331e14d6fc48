//! Compiling a game's Lua, and loading content with its scripts compiled.
//!
//! Sources are compiled as text only (never a binary chunk from content), each named
//! after its file and padded so that line numbers are the file's. [`Content::load`] is
//! the loading entry point: content's own reading ([`Content::read`], which knows nothing
//! of Lua) with every script compiled on the way, so that loading a game reports all its
//! syntax errors at once with its YAML problems, and fills the content's bytecode cache,
//! which every game of that content (every game of a batch) then loads its chunks from.
//! The engine's own Lua (prelude.lua, sandbox.lua, freeze.lua) is compiled at build time
//! (build.rs), or else parsed once per process.

use super::{lua_err, script_message};
use crate::content::{Bytecode, Content, Source};
use crate::diag::{Diagnostic, Error};
use mlua::chunk::ChunkMode;
use mlua::{Function, Lua, LuaOptions, StdLib, Value};
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

impl Content {
    /// Loads and checks game `id` (or scenario `game/name`) from `root`: its YAML and Lua
    /// sources read and checked (`Content::read`) and every script compiled, so that
    /// all the problems found, syntax errors among them, are reported at once.
    pub fn load(root: &Path, id: &str) -> Result<Content, Error> {
        let mut compiled = Bytecode::new();
        let mut content = Content::read(root, id, &mut |sources: &[&Source]| {
            // Called for the game, then for a scenario's own script.
            let (errors, bytecode) = precompile(sources);
            compiled.extend(bytecode);
            errors
        })?;
        content.bytecode = Arc::new(Mutex::new(compiled));
        Ok(content)
    }
}

/// Compiles a source as text only (never a binary chunk from content), named after its
/// file, padded so that line numbers are those of the file it came from. The bytecode the
/// engine itself made from that text is cached per content and reused by later games.
pub(super) fn compile(lua: &Lua, content: &Content, src: &Source) -> mlua::Result<Function> {
    // A fresh VM compiles what a reused one has compiled already: not counted as work.
    super::unmetered(|| compile_now(lua, content, src))
}

fn compile_now(lua: &Lua, content: &Content, src: &Source) -> mlua::Result<Function> {
    let key = src.key();
    let cached = content.bytecode.lock().ok().and_then(|c| c.get(&key).cloned());
    if let Some(bytes) = cached {
        return lua.load(&bytes[..]).set_name(format!("@{}", src.file)).set_mode(ChunkMode::Binary).into_function();
    }
    let f = lua.load(&*padded(src)).set_name(format!("@{}", src.file)).set_mode(ChunkMode::Text).into_function()?;
    if let Ok(mut c) = content.bytecode.lock() {
        c.insert(key, f.dump(false).into());
    }
    Ok(f)
}

/// A source's code after as many blank lines as put its first line where it is in its
/// file (a `script:` block of a YAML file), so that Lua's line numbers are the file's.
fn padded(src: &Source) -> std::borrow::Cow<'_, str> {
    match src.line {
        0 | 1 => std::borrow::Cow::Borrowed(&src.code),
        line => std::borrow::Cow::Owned("\n".repeat(line - 1) + &src.code),
    }
}

/// The memory the compiler's own VM may hold before it collects its garbage.
const PRECOMPILE_GARBAGE: usize = 64 << 20;

/// Compiles every source without running it: syntax errors as diagnostics (file and
/// line), and the bytecode of what compiled, for the content's cache.
fn precompile(sources: &[&Source]) -> (Vec<Diagnostic>, Bytecode) {
    let mut errors = Vec::new();
    let mut cache = Bytecode::new();
    let Ok(lua) = Lua::new_with(StdLib::NONE, LuaOptions::new()) else { return (errors, cache) };
    // The parser's garbage is collected whole now and then, not step by step as it goes:
    // nothing lives here but the function being compiled.
    lua.gc_stop();
    for src in sources {
        if lua.used_memory() > PRECOMPILE_GARBAGE {
            let _ = lua.gc_collect();
        }
        match lua.load(&*padded(src)).set_name(format!("@{}", src.file)).set_mode(ChunkMode::Text).into_function() {
            Ok(f) => {
                cache.insert(src.key(), f.dump(false).into());
            }
            Err(e) => {
                let msg = script_message(&e);
                let mut parts = msg.splitn(3, ':');
                let (file, line, rest) = (parts.next(), parts.next(), parts.next());
                match (file, line.and_then(|l| l.parse::<usize>().ok()), rest) {
                    (Some(f), Some(l), Some(r)) if f == src.file => {
                        errors.push(Diagnostic::new(src.file.clone(), l, 0, r.trim()))
                    }
                    _ => errors.push(Diagnostic::new(src.file.clone(), src.line, 0, msg)),
                }
            }
        }
    }
    (errors, cache)
}

/// One of the engine's own chunks: the bytecode build.rs made of it, and the bytecode
/// this process made of its text, when the former does not load (another Lua's format).
pub(super) struct EngineChunk {
    built: &'static [u8],
    made: OnceLock<Vec<u8>>,
}

impl EngineChunk {
    const fn new(built: &'static [u8]) -> EngineChunk {
        EngineChunk { built, made: OnceLock::new() }
    }
}

pub(super) static PRELUDE: EngineChunk = EngineChunk::new(include_bytes!(concat!(env!("OUT_DIR"), "/prelude.luac")));
pub(super) static SANDBOX: EngineChunk = EngineChunk::new(include_bytes!(concat!(env!("OUT_DIR"), "/sandbox.luac")));
pub(super) static FREEZE: EngineChunk = EngineChunk::new(include_bytes!(concat!(env!("OUT_DIR"), "/freeze.luac")));

/// The engine's own Lua, compiled at build time (build.rs, with its debug information:
/// tracebacks name its lines), or else parsed once per process.
pub(super) fn engine_chunk(lua: &Lua, chunk: &EngineChunk, code: &str, name: &str) -> Result<Function, Error> {
    let binary = |bytes: &[u8]| lua.load(bytes).set_name(name).set_mode(ChunkMode::Binary).into_function();
    if let Some(bytes) = chunk.made.get() {
        return binary(bytes).map_err(lua_err);
    }
    if !chunk.built.is_empty() {
        if let Ok(f) = binary(chunk.built) {
            return Ok(f);
        }
    }
    let f = lua.load(code).set_name(name).set_mode(ChunkMode::Text).into_function().map_err(lua_err)?;
    let _ = chunk.made.set(f.dump(false));
    Ok(f)
}

/// A Rust function for `require`: compiles a module of the game by name.
pub(super) fn module_loader(lua: &Lua, content: &Arc<Content>) -> mlua::Result<Function> {
    let content = content.clone();
    lua.create_function(move |lua, name: String| match content.modules.get(&name) {
        Some(src) => match compile(lua, &content, src) {
            Ok(f) => Ok((Value::Function(f), Value::Nil)),
            Err(e) => Ok((Value::Nil, Value::String(lua.create_string(script_message(&e))?))),
        },
        None => {
            let msg = format!(
                "module '{name}' not found (game modules are 'GAME.NAME' for scripts/GAME/NAME.lua, shared ones 'lib.NAME')"
            );
            Ok((Value::Nil, Value::String(lua.create_string(msg)?)))
        }
    })
}
