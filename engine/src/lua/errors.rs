//! Lua errors as people read them: the script's file and line first (never the engine's
//! own Lua), no address (a different text in every process), at most
//! [`crate::limits::ERROR_BYTES`] of it; then, when the error passed through more than
//! one function of the game's scripts, their frames, innermost first, each with its file
//! and line (a card's `script:` block at its YAML line), at most [`ERROR_FRAMES`] of them:
//!
//! ```text
//! scripts/lib/text.lua:12: attempt to index a nil value (local 'card')
//!   at scripts/lib/text.lua:12, in title
//!   at scenarios/marshals/cards.yaml:40, in label
//!   at scripts/marshals/main.lua:88, in the function of line 80
//! ```
//!
//! Frames of the engine's own Lua (the prelude, the sandbox) and of Rust are left out:
//! Lua names their chunks `posse...` and `[C]`, never a `.lua` or `.yaml` file.

use crate::diag::Error;
use crate::limits::{ERROR_BYTES, ERROR_FRAMES, MEMORY_LIMIT};

pub(crate) fn lua_err(e: mlua::Error) -> Error {
    Error::Script(script_message(&e))
}

/// A Lua error as a person should read it: the script's file and line first, no address
/// (a different text in every process), and at most [`ERROR_BYTES`] of it.
pub(crate) fn script_message(e: &mlua::Error) -> String {
    let mut m = message(e);
    let mut frames = Vec::new();
    let mut skipped = 0;
    frames_of(e, &mut frames, &mut skipped);
    if m.len() > ERROR_BYTES {
        let mut cut = ERROR_BYTES;
        while !m.is_char_boundary(cut) {
            cut -= 1;
        }
        let more = m.len() - cut;
        m.truncate(cut);
        m.push_str(&format!("... ({more} bytes more)"));
    }
    // One frame where the message already starts: nothing to add.
    let said = frames.len() == 1 && skipped == 0 && m.starts_with(&format!("{}:", frames[0].0));
    if !frames.is_empty() && !said {
        for (at, name) in frames.iter().take(ERROR_FRAMES) {
            m.push_str(&format!("\n  at {at}{name}"));
        }
        let more = frames.len().saturating_sub(ERROR_FRAMES) + skipped;
        if more > 0 {
            m.push_str(&format!("\n  ... ({more} more frames)"));
        }
    }
    m
}

/// The frames of the game's scripts in `e`'s tracebacks, innermost first, each as its
/// `file:line` and `, in NAME` (or nothing, when Lua knows no name); `skipped` counts the
/// levels Lua left out of a very deep traceback.
fn frames_of(e: &mlua::Error, frames: &mut Vec<(String, String)>, skipped: &mut usize) {
    let traceback = match e {
        mlua::Error::CallbackError { traceback, cause } => {
            // The cause's own traceback, if any, is deeper than the callback's.
            frames_of(cause, frames, skipped);
            traceback.as_str()
        }
        mlua::Error::RuntimeError(m) => match m.find("\nstack traceback:") {
            Some(i) => &m[i..],
            None => return,
        },
        mlua::Error::WithContext { cause, .. } => return frames_of(cause, frames, skipped),
        _ => return,
    };
    for line in traceback.lines().map(str::trim) {
        if let Some(n) = line.strip_prefix("...").and_then(|l| l.trim().strip_prefix("(skipping ")) {
            // luaL_traceback leaves out one level more than it says: the one it read
            // before deciding to skip (lauxlib.c, Lua 5.4).
            *skipped += n.split(' ').next().and_then(|n| n.parse::<usize>().ok()).map_or(0, |n| n + 1);
            continue;
        }
        let mut parts = line.splitn(3, ':');
        let (Some(file), Some(l), rest) = (parts.next(), parts.next(), parts.next()) else { continue };
        if !(file.ends_with(".lua") || file.ends_with(".yaml")) || l.parse::<u32>().is_err() {
            continue;
        }
        let at = format!("{file}:{l}");
        let name = function_name(rest.unwrap_or("").trim(), file);
        frames.push((at, name));
    }
}

/// The most characters of a function's name a frame shows.
const NAME_CHARS: usize = 80;

/// `, in NAME` from Lua's description of a frame (`in function 'M.play'`, `in local
/// 'helper'`, `in field 'label'`, `in function <scripts/g/main.lua:7>`, `in main chunk`).
fn function_name(what: &str, file: &str) -> String {
    let Some(what) = what.strip_prefix("in ") else { return String::new() };
    if let Some((_, name)) = what.split_once(" '") {
        // A field's name is any string a script made: kept short.
        let name = name.trim_end_matches('\'');
        return match name.char_indices().nth(NAME_CHARS) {
            Some((cut, _)) => format!(", in {}...", &name[..cut]),
            None => format!(", in {name}"),
        };
    }
    if let Some(at) = what.strip_prefix("function <").and_then(|w| w.strip_suffix('>')) {
        return match at.strip_prefix(file).and_then(|l| l.strip_prefix(':')) {
            Some(line) => format!(", in the function of line {line}"),
            None => format!(", in the function of {at}"),
        };
    }
    match what {
        "main chunk" => ", in the file's main chunk".to_string(),
        _ => String::new(),
    }
}

fn message(e: &mlua::Error) -> String {
    match e {
        mlua::Error::CallbackError { traceback, cause } => {
            let cause = message(cause);
            if starts_with_location(&cause) {
                return cause;
            }
            match first_script_location(traceback) {
                Some(loc) => format!("{loc}: {cause}"),
                None => cause,
            }
        }
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::RuntimeError(m) if without_traceback(m) == "not enough memory" => memory_message(),
        mlua::Error::RuntimeError(m) => {
            let head = without_traceback(m);
            // `error({})`: Lua's text for the value is its address, which differs from one
            // process to the next. Say what it is and where it was raised instead.
            match address_of(&head) {
                Some(kind) => {
                    let what = match kind {
                        "table" | "function" | "thread" | "userdata" => {
                            format!("error raised with a {kind} value instead of a message")
                        }
                        name => format!("error raised with a value named {name:?} instead of a message"),
                    };
                    match first_script_location(m) {
                        Some(loc) => format!("{loc}: {what}"),
                        None => what,
                    }
                }
                None => match engine_position(&head) {
                    // Raised in the engine's own Lua (a library function it wraps) at
                    // a level that points into it: the script's place is what helps.
                    Some(rest) => match first_script_location(m) {
                        Some(loc) => format!("{loc}: {rest}"),
                        None => rest.to_string(),
                    },
                    None => head,
                },
            }
        }
        mlua::Error::MemoryError(_) => memory_message(),
        mlua::Error::WithContext { context, cause } => {
            format!("{context}: {}", message(cause))
        }
        other => other.to_string(),
    }
}

/// [`script_message`] of an error that stopped the flow `thread`. A memory error (the
/// work budget refused memory, or the memory limit did) comes without a position, which
/// the flow's frames still give: a thread stopped by an error keeps them.
pub(crate) fn flow_message(thread: &mlua::Thread, e: &mlua::Error) -> String {
    let m = script_message(e);
    if !(m.starts_with("work limit exceeded") || m.starts_with("memory limit exceeded")) {
        return m;
    }
    match thread_position(thread) {
        Some(at) => format!("{at}: {m}"),
        None => m,
    }
}

/// `file:line` of the innermost frame of the game's scripts on `thread`'s stack.
fn thread_position(thread: &mlua::Thread) -> Option<String> {
    use mlua::ffi;
    // SAFETY: reads the debug information of a thread that is not running (the engine
    // resumed it and it returned); lua_getinfo with "Sl" allocates nothing.
    unsafe {
        let l = thread.state();
        let mut ar: ffi::lua_Debug = std::mem::zeroed();
        let mut level = 0;
        while ffi::lua_getstack(l, level, &mut ar) != 0 && level < 256 {
            if ffi::lua_getinfo(l, c"Sl".as_ptr(), &mut ar) != 0 && ar.currentline > 0 {
                let src = std::ffi::CStr::from_ptr(ar.short_src.as_ptr()).to_string_lossy();
                if src.ends_with(".lua") || src.ends_with(".yaml") {
                    return Some(format!("{src}:{}", ar.currentline));
                }
            }
            level += 1;
        }
    }
    None
}

/// A memory error: the step's work budget refused the memory (lua/budget.rs), or the
/// VM's memory limit did.
fn memory_message() -> String {
    super::refused_by_budget().unwrap_or_else(|| {
        format!("memory limit exceeded: a game's scripts may use at most {} MiB", MEMORY_LIMIT >> 20)
    })
}

/// Lua appends a stack traceback to runtime errors; the first lines already name the
/// script file and line, which is what a person needs.
fn without_traceback(m: &str) -> String {
    match m.find("\nstack traceback:") {
        Some(i) => m[..i].to_string(),
        None => m.to_string(),
    }
}

/// `Some("table")` for Lua's text of a value that has no message: "table: 0x55d0c3a8".
/// Also a value whose metatable names its type (`__name`, any text): "my card: 0x55d0c3a8".
/// A message of a script that happens to end so is read the same way: what is printed
/// then is still the same in every process.
fn address_of(msg: &str) -> Option<&str> {
    let (kind, addr) = msg.rsplit_once(": ")?;
    let hex = addr.strip_prefix("0x")?;
    let plain = !kind.is_empty() && !kind.contains('\n');
    (plain && !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit())).then_some(kind)
}

/// The rest of a message that starts with a position in the engine's own Lua
/// (`posse.sandbox:12: ...`, `posse:40: ...`).
fn engine_position(msg: &str) -> Option<&str> {
    let mut parts = msg.splitn(3, ':');
    let (chunk, line, rest) = (parts.next()?, parts.next()?, parts.next()?);
    (chunk.starts_with("posse") && line.parse::<u32>().is_ok()).then(|| rest.trim_start())
}

fn starts_with_location(msg: &str) -> bool {
    let mut parts = msg.splitn(3, ':');
    let (Some(file), Some(line)) = (parts.next(), parts.next()) else {
        return false;
    };
    (file.ends_with(".lua") || file.ends_with(".yaml")) && line.trim().parse::<u32>().is_ok()
}

/// The innermost `file.lua:N` or `file.yaml:N` of a Lua traceback.
fn first_script_location(traceback: &str) -> Option<String> {
    traceback.lines().map(str::trim).find_map(|l| {
        let mut parts = l.splitn(3, ':');
        let file = parts.next()?;
        let line = parts.next()?;
        ((file.ends_with(".lua") || file.ends_with(".yaml")) && line.parse::<u32>().is_ok())
            .then(|| format!("{file}:{line}"))
    })
}
