//! A seat's pending decision as the game holds it: a [`Request`], with its shape, its
//! flags, and its prompt and labels, which stay in Lua until someone reads them.
//!
//! A script may give the prompt and the labels as functions: a random bot needs only the
//! number of options, so a batch never makes them. They are made at most once per
//! decision (nothing changes the game between two steps), in read-only mode and under a
//! fresh budget, and what crosses into Rust is bounded ([`DECISION_TEXT_BYTES`] for the
//! prompt and labels together) and checked before it is copied.

use crate::decision::{Arg, Args, Kind, Shape};
use crate::diag::{Error, Result};
use crate::limits::{DECISION_TEXT_BYTES, MAX_ARGS};
use crate::lua::shape::shape;
use crate::lua::{lua_err, script_message, Shared, MAX_TAG_BYTES};
use mlua::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// One seat's pending decision: choose one of `count` options, or several (`multi`)
/// between `min` and `max` of them. The prompt and labels may be given by the script as
/// functions, called only when someone reads them (a random bot needs only `count`).
pub struct Request {
    pub seat: usize,
    pub count: usize,
    pub multi: bool,
    pub min: usize,
    pub max: usize,
    /// Only the deciding seat may know that it is being asked (e.g. whether it holds a
    /// card it could play now): other seats' views do not list it as deciding.
    pub secret: bool,
    /// `posse.choose_each` only: the seat may answer again, changing its answer, until
    /// every seat asked has answered (a card played face down and taken back).
    pub revisable: bool,
    /// `posse.choose_each` only: the seat's team sees its answer while the others decide
    /// (teammates showing each other the cards they played).
    pub shown_to_team: bool,
    /// Option i's tag (`tags[i - 1]`): what it plays or uses, when the script says (a
    /// card's definition id), for per-card numbers and strategy bots.
    pub tags: Vec<Option<String>>,
    /// The question's kind (`opts.kind`), declared by the game; None in an untyped game.
    pub kind: Option<String>,
    prompt: Lazy,
    options: Lazy,
    /// The prompt once made, like `options`: nothing changes the game between two steps.
    prompt_text: RefCell<Option<String>>,
    made: RefCell<Option<Rc<Options>>>,
    shared: Rc<Shared>,
}

/// A decision's options as the script made them: option i's label, id and arguments
/// (None and none where the script gave a plain label, as an untyped game does).
#[derive(Debug, Default)]
pub struct Options {
    pub labels: Vec<String>,
    pub ids: Vec<Option<String>>,
    pub args: Vec<Args>,
}

/// A string or list given as is, or a Lua function that makes it.
enum Lazy {
    Value(Value),
    Make(mlua::Function),
}

impl Request {
    fn make(&self, lazy: &Lazy) -> Result<Value> {
        match lazy {
            Lazy::Value(v) => Ok(v.clone()),
            Lazy::Make(f) => {
                // Made between steps: the function may read the game, never change it.
                self.shared.read_only.set(true);
                self.shared.budget.refill();
                let v = f.call(());
                self.shared.read_only.set(false);
                v.map_err(|e| Error::Script(script_message(&e)))
            }
        }
    }

    /// The decision's shape: who decides, how many options, how many to pick.
    pub fn shape(&self) -> Shape {
        Shape { seat: self.seat, count: self.count, multi: self.multi, min: self.min, max: self.max }
    }

    /// The question put to the seat, or the error of the script's prompt function.
    pub fn try_prompt(&self) -> Result<String> {
        if let Some(p) = self.prompt_text.borrow().as_ref() {
            return Ok(p.clone());
        }
        let prompt = self.make_prompt()?;
        *self.prompt_text.borrow_mut() = Some(prompt.clone());
        Ok(prompt)
    }

    /// Whether the script gave the labels as a function, made when read (from the state
    /// as it is then) rather than as values made before it asked. (A prompt given as a
    /// function is made again with them; labels given as values need the step replayed.)
    pub fn made_when_read(&self) -> bool {
        matches!(self.options, Lazy::Make(_))
    }

    /// The prompt and labels made again, whatever was made before (the leak check makes
    /// them from another state: `Game::question_from`).
    pub(super) fn remake(&self) -> Result<(String, Vec<String>)> {
        let prompt = self.make_prompt()?;
        let labels = self.make_options(prompt.len())?.labels;
        Ok((prompt, labels))
    }

    fn make_prompt(&self) -> Result<String> {
        let prompt = match self.make(&self.prompt)? {
            Value::String(s) => {
                let len = s.as_bytes().len();
                if len > DECISION_TEXT_BYTES {
                    return Err(Error::Script(format!(
                        "posse.choose: the prompt is {len} bytes long: {}",
                        decision_text_limit()
                    )));
                }
                s.to_string_lossy()
            }
            Value::Nil => String::new(),
            v => {
                return Err(Error::Script(format!("posse.choose: the prompt must be a string, not {}", v.type_name())))
            }
        };
        Ok(prompt)
    }

    /// The option labels in order (option `i` is `labels[i - 1]`), or the error of the
    /// script's options function.
    pub fn try_labels(&self) -> Result<Vec<String>> {
        Ok(self.try_options()?.labels.clone())
    }

    /// The options as the script made them (labels, ids, arguments), or the error of the
    /// script's options function (made once).
    pub fn try_options(&self) -> Result<Rc<Options>> {
        if let Some(o) = self.made.borrow().as_ref() {
            return Ok(o.clone());
        }
        // The prompt and the labels share the decision's text budget (a prompt that
        // failed crosses nothing).
        let prompt = self.try_prompt().map_or(0, |p| p.len());
        let options = Rc::new(self.make_options(prompt)?);
        *self.made.borrow_mut() = Some(options.clone());
        Ok(options)
    }

    /// The options made, after `prompt` bytes of prompt; sizes are checked before the
    /// text is copied from Lua. Each is a label, or a record `{id = ..., label = ...,
    /// args = {...}}`; in a game that declares its kinds, a record whose id its kind
    /// declares.
    fn make_options(&self, prompt: usize) -> Result<Options> {
        let table = match self.make(&self.options)? {
            Value::Table(t) => t,
            v => return Err(Error::Script(format!("posse.choose: the options must be a list, not {}", v.type_name()))),
        };
        let kinds = self.shared.kinds.borrow().clone();
        let declared = match (&kinds, &self.kind) {
            (Some(k), Some(kind)) => k.kinds.get(kind).map(|d| (kind.as_str(), d, k.file.as_str())),
            _ => None,
        };
        let mut total = prompt;
        let mut out = Options {
            labels: Vec::with_capacity(self.count),
            ids: Vec::with_capacity(self.count),
            args: Vec::with_capacity(self.count),
        };
        for i in 1..=self.count {
            let entry = table.raw_get::<Value>(i).map_err(lua_err)?;
            let (label, id, args) = match entry {
                Value::Table(t) => {
                    let label = t.raw_get::<Value>("label").map_err(lua_err)?;
                    let id = read_id(&t.raw_get::<Value>("id").map_err(lua_err)?, i)?;
                    let args = read_args(&t.raw_get::<Value>("args").map_err(lua_err)?, i)?;
                    (label, Some(id), args)
                }
                v => (v, None, Args::new()),
            };
            let label = match label {
                Value::String(s) if total + s.as_bytes().len() > DECISION_TEXT_BYTES => {
                    return Err(Error::Script(format!(
                        "posse.choose: the labels are too long (label {i} is {} bytes, after {} bytes of prompt and labels): {}",
                        s.as_bytes().len(),
                        total,
                        decision_text_limit()
                    )))
                }
                Value::String(s) => s.to_string_lossy(),
                Value::Integer(n) => n.to_string(),
                Value::Number(n) => n.to_string(),
                v => {
                    return Err(Error::Script(format!(
                        "posse.choose: label {i} must be a string, not {}",
                        v.type_name()
                    )))
                }
            };
            if let Some((kind, decl, file)) = declared {
                match &id {
                    None => {
                        return Err(Error::Script(format!(
                            "posse.choose: option {i} of a '{kind}' question has no id (give {{id = ..., label = ...}}; its ids: {})",
                            id_list(decl)
                        )))
                    }
                    Some(id) if !decl.ids.contains_key(id) => {
                        return Err(Error::Script(format!(
                            "posse.choose: option {i} of a '{kind}' question has id '{id}', which {file} does not declare for it (its ids: {})",
                            id_list(decl)
                        )))
                    }
                    _ => {}
                }
            }
            total += label.len();
            out.labels.push(label);
            out.ids.push(id);
            out.args.push(args);
        }
        Ok(out)
    }

    /// The question put to the seat (an error shows in its place).
    pub fn prompt(&self) -> String {
        self.try_prompt().unwrap_or_else(|e| format!("(the prompt failed: {e})"))
    }

    /// The options' ids and arguments (none when the script's options function failed).
    pub fn ids(&self) -> (Vec<Option<String>>, Vec<Args>) {
        match self.try_options() {
            Ok(o) => (o.ids.clone(), o.args.clone()),
            Err(_) => (vec![None; self.count], vec![Args::new(); self.count]),
        }
    }

    /// The option (1-based) whose id is `id` and whose arguments include every `(name,
    /// value)` of `args` (a value as written: `BNK`, `3`, `true`): how tests and tools
    /// answer by id. An error when no option or more than one fits.
    pub fn option_by_id(&self, id: &str, args: &[(&str, &str)]) -> Result<u32> {
        let o = self.try_options()?;
        let fits = |i: usize| {
            o.ids[i].as_deref() == Some(id)
                && args.iter().all(|(k, v)| o.args[i].get(*k).is_some_and(|a| a.to_string() == *v))
        };
        let found: Vec<usize> = (0..o.labels.len()).filter(|&i| fits(i)).collect();
        let wanted = || {
            let with: Vec<String> = args.iter().map(|(k, v)| format!("{k}={v}")).collect();
            if with.is_empty() {
                format!("'{id}'")
            } else {
                format!("'{id}' with {}", with.join(", "))
            }
        };
        match found.as_slice() {
            [i] => Ok(*i as u32 + 1),
            [] => {
                let offered: Vec<String> = (0..o.labels.len()).map(|i| option_text(&o, i)).collect();
                Err(Error::Usage(format!("no option {} among: {}", wanted(), offered.join("; "))))
            }
            many => {
                let offered: Vec<String> = many.iter().map(|&i| option_text(&o, i)).collect();
                Err(Error::Usage(format!("{} options fit {}: {}", many.len(), wanted(), offered.join("; "))))
            }
        }
    }

    /// The option labels (an error shows in the first label's place).
    pub fn labels(&self) -> Vec<String> {
        self.try_labels().unwrap_or_else(|e| {
            (1..=self.count)
                .map(|i| if i == 1 { format!("(the labels failed: {e})") } else { format!("option {i}") })
                .collect()
        })
    }
}

/// A request is a decision: bots pick from its shape (see [`crate::bot::random_choice`]).
impl From<&Request> for Shape {
    fn from(r: &Request) -> Shape {
        r.shape()
    }
}

impl std::fmt::Debug for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Request")
            .field("seat", &self.seat)
            .field("kind", &self.kind)
            .field("prompt", &self.prompt())
            .field("labels", &self.labels())
            .field("min", &self.min)
            .field("max", &self.max)
            .field("secret", &self.secret)
            .finish()
    }
}

fn decision_text_limit() -> String {
    format!(
        "a decision's prompt and labels may hold at most {} MiB ({DECISION_TEXT_BYTES} bytes) together",
        DECISION_TEXT_BYTES >> 20
    )
}

/// The values of one decision as the flow yields it (`posse.choose`'s arguments, or one
/// request of `posse.choose_each`), before they are read.
pub(super) struct Asked {
    pub seat: Value,
    pub prompt: Value,
    pub options: Value,
    pub min: Value,
    pub max: Value,
    pub count: Value,
    pub secret: Value,
    pub revisable: Value,
    pub shown_to_team: Value,
    /// `opts.tags`: a list of option i's tag (a string) or nothing.
    pub tags: Value,
    /// `opts.kind`: the question's kind (prelude.lua has checked it is declared).
    pub kind: Value,
}

impl Request {
    /// Reads a decision of a game of `players` seats: its shape checked
    /// (lua/shape.rs, crate::decision), the prompt and labels kept as they are or as the
    /// functions that make them.
    pub(super) fn read(asked: Asked, players: usize, shared: &Rc<Shared>) -> Result<Request> {
        let Asked { seat, prompt, options, min, max, count, secret, revisable, shown_to_team, tags, kind } = asked;
        let shape = shape(players, &seat, &options, &count, &min, &max).map_err(Error::Script)?;
        let prompt = match prompt {
            Value::Function(f) => Lazy::Make(f),
            v @ (Value::String(_) | Value::Nil) => Lazy::Value(v),
            other => {
                return Err(Error::Script(format!(
                    "posse.choose: expected a prompt string or function, got {}",
                    other.type_name()
                )))
            }
        };
        let options = match options {
            Value::Function(f) => Lazy::Make(f),
            v => Lazy::Value(v),
        };
        let flag = |v: &Value| !matches!(v, Value::Nil | Value::Boolean(false));
        let (secret, revisable, shown_to_team) = (flag(&secret), flag(&revisable), flag(&shown_to_team));
        let Shape { seat, count, multi, min, max } = shape;
        let tags = read_tags(&tags, count)?;
        let kind = match kind {
            Value::String(s) if s.as_bytes().len() <= MAX_TAG_BYTES => Some(s.to_string_lossy()),
            Value::Nil => None,
            _ => return Err(Error::Script(format!("posse.choose: a kind is a name of at most {MAX_TAG_BYTES} bytes"))),
        };
        let shared = shared.clone();
        Ok(Request {
            seat,
            count,
            multi,
            min,
            max,
            secret,
            revisable,
            shown_to_team,
            tags,
            kind,
            prompt,
            options,
            prompt_text: RefCell::new(None),
            made: RefCell::new(None),
            shared,
        })
    }
}

/// The tags of a decision of `count` options, copied out of Lua (at most
/// [`MAX_TAG_BYTES`] each); none when the script gave none.
fn read_tags(tags: &Value, count: usize) -> Result<Vec<Option<String>>> {
    let Value::Table(t) = tags else { return Ok(Vec::new()) };
    let mut out = Vec::with_capacity(count);
    for i in 1..=count {
        out.push(match t.raw_get::<Value>(i).map_err(lua_err)? {
            Value::String(s) if s.as_bytes().len() > MAX_TAG_BYTES => {
                return Err(Error::Script(format!(
                    "posse.choose: option {i}'s tag is longer than {MAX_TAG_BYTES} bytes"
                )))
            }
            Value::String(s) => Some(s.to_string_lossy()),
            _ => None,
        });
    }
    Ok(out)
}

/// Option `i`'s id: a name of at most [`MAX_TAG_BYTES`] bytes.
fn read_id(v: &Value, i: usize) -> Result<String> {
    match v {
        Value::String(s) if s.as_bytes().len() <= MAX_TAG_BYTES => Ok(s.to_string_lossy()),
        Value::String(_) => {
            Err(Error::Script(format!("posse.choose: option {i}'s id is longer than {MAX_TAG_BYTES} bytes")))
        }
        v => Err(Error::Script(format!("posse.choose: option {i}'s id must be a string, not {}", v.type_name()))),
    }
}

/// Option `i`'s arguments: at most [`MAX_ARGS`] names, numbers or flags under names.
fn read_args(v: &Value, i: usize) -> Result<Args> {
    let t = match v {
        Value::Nil => return Ok(Args::new()),
        Value::Table(t) => t,
        v => {
            return Err(Error::Script(format!(
                "posse.choose: option {i}'s args must be a table, not {}",
                v.type_name()
            )))
        }
    };
    let bad = |what: String| Error::Script(format!("posse.choose: option {i}'s args: {what}"));
    let mut out = Args::new();
    for pair in t.clone().pairs::<Value, Value>() {
        let (k, v) = pair.map_err(lua_err)?;
        if out.len() == MAX_ARGS {
            return Err(bad(format!("at most {MAX_ARGS} arguments")));
        }
        let key = match k {
            Value::String(s) if s.as_bytes().len() <= MAX_TAG_BYTES => s.to_string_lossy(),
            k => {
                return Err(bad(format!(
                    "expected names as keys (of at most {MAX_TAG_BYTES} bytes), got {}",
                    k.type_name()
                )))
            }
        };
        let arg = match v {
            Value::Boolean(b) => Arg::Flag(b),
            Value::Integer(n) => Arg::Int(n),
            Value::Number(n) => Arg::Num(n),
            Value::String(s) if s.as_bytes().len() <= MAX_TAG_BYTES => Arg::Text(s.to_string_lossy()),
            v => {
                return Err(bad(format!(
                    "'{key}' must be a name (of at most {MAX_TAG_BYTES} bytes), a number or a flag, not {}",
                    v.type_name()
                )))
            }
        };
        out.insert(key, arg);
    }
    Ok(out)
}

fn id_list(kind: &Kind) -> String {
    kind.ids.keys().map(String::as_str).collect::<Vec<_>>().join(", ")
}

/// Option `i` (0-based) as an id and its arguments: `move to=BNK`.
fn option_text(o: &Options, i: usize) -> String {
    let id = o.ids[i].as_deref().unwrap_or("(no id)");
    let args: Vec<String> = o.args[i].iter().map(|(k, v)| format!(" {k}={v}")).collect();
    format!("{id}{}", args.concat())
}
