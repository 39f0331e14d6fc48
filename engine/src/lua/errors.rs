//! Lua errors as people read them: the script's file and line first (never the engine's
//! own Lua), no address (a different text in every process), at most
//! [`crate::limits::ERROR_BYTES`] of it.

use crate::diag::Error;
use crate::limits::{ERROR_BYTES, MEMORY_LIMIT};

pub(crate) fn lua_err(e: mlua::Error) -> Error {
    Error::Script(script_message(&e))
}

/// A Lua error as a person should read it: the script's file and line first, no address
/// (a different text in every process), and at most [`ERROR_BYTES`] of it.
pub(crate) fn script_message(e: &mlua::Error) -> String {
    let mut m = message(e);
    if m.len() > ERROR_BYTES {
        let mut cut = ERROR_BYTES;
        while !m.is_char_boundary(cut) {
            cut -= 1;
        }
        let more = m.len() - cut;
        m.truncate(cut);
        m.push_str(&format!("... ({more} bytes more)"));
    }
    m
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
        mlua::Error::MemoryError(_) => {
            format!("memory limit exceeded: a game's scripts may use at most {} MiB", MEMORY_LIMIT >> 20)
        }
        mlua::Error::WithContext { context, cause } => {
            format!("{context}: {}", message(cause))
        }
        other => other.to_string(),
    }
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
