//! A game's declared question kinds: the module `<game>.questions`
//! (`scripts/<game>/questions.lua`), run once per VM and read into [`Kinds`]. It returns
//! a table of kinds, each `{asks = "...", ids = {id = "what it means", ...}}`:
//!
//! ```lua
//! return {
//!   move = { asks = "Where the character moves.", ids = { zone = "to args.zone", stay = "stays" } },
//! }
//! ```
//!
//! A game that declares its kinds asks no question without one of them (prelude.lua
//! refuses it where it is asked) and offers no option whose id its kind does not declare
//! (game/request.rs, when the options are made). A game with no such module is untyped:
//! its questions may carry a kind or not, and nothing is checked.

use super::{script_message, MAX_TAG_BYTES};
use crate::content::Content;
use crate::decision::{Kind, Kinds};
use crate::diag::Error;
use mlua::{Table, Value};

/// The module that declares a game's kinds, under the game's scripts.
pub const MODULE: &str = "questions";

/// The file of `content`'s kinds, if the game has one.
pub fn file(content: &Content) -> Option<String> {
    let module = format!("{}.{MODULE}", content.game);
    content.modules.contains_key(&module).then(|| format!("scripts/{}/{MODULE}.lua", content.game))
}

/// Reads what the module returned (`v`) as the kinds declared in `file`.
pub fn read(v: Value, file: &str) -> Result<Kinds, Error> {
    let bad = |what: String| Error::Script(format!("{file}: {what}"));
    let Value::Table(t) = v else {
        return Err(bad(format!(
            "expected a table of question kinds (kind = {{asks = ..., ids = {{...}}}}), got {}",
            v.type_name()
        )));
    };
    let mut kinds = Kinds { file: file.to_string(), ..Kinds::default() };
    for pair in t.pairs::<Value, Value>() {
        let (k, v) = pair.map_err(|e| bad(script_message(&e)))?;
        let name = self::name(&k).ok_or_else(|| bad(format!("a kind is a name, not {}", k.type_name())))?;
        let Value::Table(decl) = v else {
            return Err(bad(format!("kind '{name}': expected {{asks = ..., ids = {{...}}}}, got {}", v.type_name())));
        };
        kinds.kinds.insert(name.clone(), kind(&decl, &name).map_err(bad)?);
    }
    if kinds.kinds.is_empty() {
        return Err(bad("declares no question kind".into()));
    }
    Ok(kinds)
}

fn kind(decl: &Table, name: &str) -> Result<Kind, String> {
    let asks = match decl.raw_get::<Value>("asks").map_err(|e| script_message(&e))? {
        Value::String(s) if !s.as_bytes().is_empty() => s.to_string_lossy(),
        _ => return Err(format!("kind '{name}': asks = \"...\" says what it asks")),
    };
    let Value::Table(ids) = decl.raw_get::<Value>("ids").map_err(|e| script_message(&e))? else {
        return Err(format!("kind '{name}': ids = {{id = \"what it means\", ...}} lists its options' ids"));
    };
    let mut out = Kind { asks, ..Kind::default() };
    for pair in ids.pairs::<Value, Value>() {
        let (k, v) = pair.map_err(|e| script_message(&e))?;
        let id = self::name(&k).ok_or_else(|| format!("kind '{name}': an id is a name, not {}", k.type_name()))?;
        let Value::String(means) = v else {
            return Err(format!("kind '{name}': id '{id}' = \"...\" says what it means"));
        };
        out.ids.insert(id, means.to_string_lossy());
    }
    if out.ids.is_empty() {
        return Err(format!("kind '{name}': declares no option id"));
    }
    Ok(out)
}

/// A name: a non-empty string of at most [`MAX_TAG_BYTES`] bytes.
fn name(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.as_bytes().is_empty() && s.as_bytes().len() <= MAX_TAG_BYTES => {
            Some(s.to_string_lossy())
        }
        _ => None,
    }
}
