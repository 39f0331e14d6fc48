//! Compiling a game's Lua, and loading content with its scripts compiled.
//!
//! Sources are compiled as text only (never a binary chunk from content), each named
//! after its file and padded so that line numbers are the file's. [`Content::load`] is
//! the loading entry point: content's own reading ([`Content::read`], which knows nothing
//! of Lua) with every script the game runs compiled on the way, so that loading a game
//! reports all their syntax errors at once with its YAML problems, and fills the content's
//! bytecode cache, which every game of that content (every game of a batch) then loads its
//! chunks from. A strategy bot's file is compiled when the bot is made, by the same
//! `compile` (its syntax error then names its file and line).
//! The engine's own Lua (prelude.lua, sandbox.lua, freeze.lua) is compiled at build time
//! (build.rs), or else parsed once per process.

use super::{lua_err, script_message};
use crate::content::{Bytecode, Content, Source};
use crate::diag::{Diagnostic, Error};
use mlua::chunk::ChunkMode;
use mlua::{ffi, Function, Lua, Value};
use std::ffi::{c_int, c_void, CString};
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

/// The memory, in KiB, the compiler's own VM may hold before it collects its garbage.
const PRECOMPILE_GARBAGE_KB: i32 = 64 << 10;

/// Compiles every source without running it: syntax errors as diagnostics (file and
/// line), and the bytecode of what compiled, for the content's cache.
fn precompile(sources: &[&Source]) -> (Vec<Diagnostic>, Bytecode) {
    let mut errors = Vec::new();
    let mut cache = Bytecode::new();
    let Some(compiler) = Compiler::new() else { return (errors, cache) };
    for src in sources {
        match compiler.compile(&padded(src), &src.file) {
            Ok(bytes) => {
                cache.insert(src.key(), bytes.into());
            }
            Err(e) => {
                let msg = script_message(&e);
                let mut parts = msg.splitn(3, ':');
                let (file, line, rest) = (parts.next(), parts.next(), parts.next());
                match (file, line.and_then(|l| l.parse::<usize>().ok()), rest) {
                    // Lua cuts a long chunk name to `...` and its end (a file from
                    // another root is named by its path: content/roots.rs).
                    (Some(f), Some(l), Some(r))
                        if f == src.file || f.strip_prefix("...").is_some_and(|end| src.file.ends_with(end)) =>
                    {
                        errors.push(Diagnostic::new(src.file.clone(), l, 0, r.trim()))
                    }
                    _ => errors.push(Diagnostic::new(src.file.clone(), src.line, 0, msg)),
                }
            }
        }
    }
    (errors, cache)
}

/// A bare Lua state that only compiles: no library, no script ever runs in it, its
/// garbage collected whole now and then rather than step by step (nothing lives in it
/// but the function being compiled), and closed without the full collection an mlua
/// state makes first. It compiles and dumps as `Lua::load(..).into_function()` and
/// `Function::dump(false)` do, the same bytecode, without their wrapping, which cost a
/// game's start about a million instructions.
struct Compiler(*mut ffi::lua_State);

impl Compiler {
    fn new() -> Option<Compiler> {
        // SAFETY: lua_newstate returns a new state or null; LUA_GCSTOP raises nothing.
        unsafe {
            let l = ffi::lua_newstate(allocate, std::ptr::null_mut());
            if l.is_null() {
                return None;
            }
            ffi::lua_gc(l, ffi::LUA_GCSTOP, 0);
            Some(Compiler(l))
        }
    }

    /// The bytecode of `code` compiled as text, named after `file` (`@file`), or the
    /// error mlua gives for it.
    fn compile(&self, code: &str, file: &str) -> mlua::Result<Vec<u8>> {
        let name = CString::new(format!("@{file}")).unwrap_or_else(|_| c"@?".to_owned());
        let l = self.0;
        // SAFETY: the state is ours alone and its stack empty on entry and on exit. Only
        // functions that raise no error outside a protected call are used: lua_load
        // parses in protected mode and returns a status (the function or the error value
        // pushed); lua_dump only calls `write`, which appends to the Vec it is given and
        // returns 0; lua_gc's collection runs no finalizer (no script ran here); the
        // error value is a string, copied before it is popped.
        unsafe {
            if ffi::lua_gc(l, ffi::LUA_GCCOUNT, 0) > PRECOMPILE_GARBAGE_KB {
                ffi::lua_gc(l, ffi::LUA_GCCOLLECT, 0);
            }
            let status = ffi::luaL_loadbufferx(l, code.as_ptr().cast(), code.len(), name.as_ptr(), c"t".as_ptr());
            let out = match status {
                ffi::LUA_OK => {
                    // Bytecode with its debug information is about as long as its text.
                    let mut bytes = Vec::with_capacity(code.len());
                    ffi::lua_dump(l, write, (&mut bytes as *mut Vec<u8>).cast(), 0);
                    Ok(bytes)
                }
                ffi::LUA_ERRMEM => Err(mlua::Error::MemoryError(String::new())),
                _ => {
                    let mut len = 0usize;
                    let p = ffi::lua_tolstring(l, -1, &mut len);
                    let message = match p.is_null() {
                        true => String::new(),
                        false => String::from_utf8_lossy(std::slice::from_raw_parts(p.cast(), len)).into_owned(),
                    };
                    let incomplete_input = message.ends_with("<eof>");
                    Err(mlua::Error::SyntaxError { message, incomplete_input })
                }
            };
            ffi::lua_settop(l, 0);
            out
        }
    }
}

impl Drop for Compiler {
    fn drop(&mut self) {
        // SAFETY: the state is ours and used no more.
        unsafe { ffi::lua_close(self.0) }
    }
}

/// The compiler's allocator: the process's own (as mlua's states use), which costs the
/// parser less than the C library's that luaL_newstate would give it.
unsafe extern "C" fn allocate(_: *mut c_void, ptr: *mut c_void, old: usize, new: usize) -> *mut c_void {
    use std::alloc::Layout;
    const ALIGN: usize = 16;
    // SAFETY: Lua's contract for an allocator: `ptr` is null or a block this function
    // returned with size `old` (for a null `ptr`, `old` is not a size and is not used);
    // every layout is that of the block's allocation. A size no layout allows is a
    // failed allocation (null), which Lua reports as a memory error.
    unsafe {
        if new == 0 {
            if !ptr.is_null() {
                std::alloc::dealloc(ptr.cast(), Layout::from_size_align_unchecked(old, ALIGN));
            }
            return std::ptr::null_mut();
        }
        let Ok(layout) = Layout::from_size_align(new, ALIGN) else { return std::ptr::null_mut() };
        match ptr.is_null() {
            true => std::alloc::alloc(layout).cast(),
            false => std::alloc::realloc(ptr.cast(), Layout::from_size_align_unchecked(old, ALIGN), new).cast(),
        }
    }
}

/// lua_dump's writer: appends the block to the `Vec<u8>` behind `out`.
unsafe extern "C-unwind" fn write(_: *mut ffi::lua_State, p: *const c_void, size: usize, out: *mut c_void) -> c_int {
    // SAFETY: `out` is the Vec `Compiler::compile` passed to lua_dump, and `p` points to
    // `size` bytes Lua gives for the duration of the call.
    unsafe {
        let out = &mut *out.cast::<Vec<u8>>();
        match size {
            0 => {}
            // Most blocks are a byte (a count, a tag): no copy call for them.
            1 => out.push(*p.cast::<u8>()),
            _ => out.extend_from_slice(std::slice::from_raw_parts(p.cast::<u8>(), size)),
        }
    }
    0
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
