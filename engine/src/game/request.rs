//! A seat's pending decision as the game holds it: a [`Request`], with its shape, its
//! flags, and its prompt and labels, which stay in Lua until someone reads them.
//!
//! A script may give the prompt and the labels as functions: a random bot needs only the
//! number of options, so a batch never makes them. They are made at most once per
//! decision (nothing changes the game between two steps), in read-only mode and under a
//! fresh budget, and what crosses into Rust is bounded ([`DECISION_TEXT_BYTES`] for the
//! prompt and labels together) and checked before it is copied.

use crate::decision::Shape;
use crate::diag::{Error, Result};
use crate::limits::DECISION_TEXT_BYTES;
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
    prompt: Lazy,
    options: Lazy,
    /// The prompt once made, like `labels`: nothing changes the game between two steps.
    prompt_text: RefCell<Option<String>>,
    labels: RefCell<Option<Vec<String>>>,
    shared: Rc<Shared>,
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
        let labels = self.make_labels(prompt.len())?;
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
    /// script's labels function.
    pub fn try_labels(&self) -> Result<Vec<String>> {
        if let Some(l) = self.labels.borrow().as_ref() {
            return Ok(l.clone());
        }
        // The prompt and the labels share the decision's text budget (a prompt that
        // failed crosses nothing).
        let prompt = self.try_prompt().map_or(0, |p| p.len());
        let labels = self.make_labels(prompt)?;
        *self.labels.borrow_mut() = Some(labels.clone());
        Ok(labels)
    }

    /// The labels made, after `prompt` bytes of prompt; sizes are checked before the
    /// text is copied from Lua.
    fn make_labels(&self, prompt: usize) -> Result<Vec<String>> {
        let table = match self.make(&self.options)? {
            Value::Table(t) => t,
            v => return Err(Error::Script(format!("posse.choose: the labels must be a list, not {}", v.type_name()))),
        };
        let mut total = prompt;
        let mut labels = Vec::with_capacity(self.count);
        for i in 1..=self.count {
            let label = match table.raw_get::<Value>(i).map_err(lua_err)? {
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
            total += label.len();
            labels.push(label);
        }
        Ok(labels)
    }

    /// The question put to the seat (an error shows in its place).
    pub fn prompt(&self) -> String {
        self.try_prompt().unwrap_or_else(|e| format!("(the prompt failed: {e})"))
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
}

impl Request {
    /// Reads a decision of a game of `players` seats: its shape checked
    /// (lua/shape.rs, crate::decision), the prompt and labels kept as they are or as the
    /// functions that make them.
    pub(super) fn read(asked: Asked, players: usize, shared: &Rc<Shared>) -> Result<Request> {
        let Asked { seat, prompt, options, min, max, count, secret, revisable, shown_to_team, tags } = asked;
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
            prompt,
            options,
            prompt_text: RefCell::new(None),
            labels: RefCell::new(None),
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
