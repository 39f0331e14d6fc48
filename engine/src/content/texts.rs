//! Texts that take their numbers from the data, so that no number is written twice: a
//! definition's `text:` and any text of `data:` may hold placeholders, filled when the
//! content loads and again after a scenario's changes and every `--set`. `{data.PATH}` is
//! a value of the data (a dotted path, as `--set` writes it), `{ID.props.PATH}` one of
//! component ID's props, and in a definition's own text `{props.PATH}` one of its props.
//! `{{` and `}}` are a brace. The value must be a number, text or true/false; a
//! placeholder that names nothing is an error at its text's line.
//!
//! The texts are kept as written ([`Template`]) and filled in place: everything that reads
//! a definition's text or the data (views, the renderer, `:card`, scripts) reads the
//! filled one.

use super::data::{data_path, get, get_mut};
use super::{Content, Def};
use crate::diag::Diagnostic;
use crate::yaml::Positions;
use serde_json::Value;

/// A text with placeholders, where it is written (line and column, 0 when unknown) and
/// where its filled form goes.
#[derive(Debug, Clone)]
pub struct Template {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub slot: Slot,
    pub text: String,
}

/// Where a filled text goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot {
    /// The text of the definition at this index of [`Content::defs`].
    Def(usize),
    /// A text of the data at this path.
    Data(Vec<String>),
}

/// Whether `s` holds a placeholder (or a doubled brace).
pub(super) fn is_template(s: &str) -> bool {
    s.contains('{') || s.contains("}}")
}

/// The templates among the texts of `data` (read from `file`, whose positions are `at`:
/// the `data:` of a game or a scenario).
pub(super) fn data_templates(file: &str, at: &Positions, data: &Value) -> Vec<Template> {
    let mut out = Vec::new();
    walk(data, &mut Vec::new(), &mut |path, s| {
        let pos = at.value(&data_path(path));
        out.push(Template {
            file: file.to_string(),
            line: pos.line,
            column: pos.column,
            slot: Slot::Data(path.to_vec()),
            text: s.to_string(),
        })
    });
    out
}

fn walk(v: &Value, path: &mut Vec<String>, f: &mut dyn FnMut(&[String], &str)) {
    match v {
        Value::String(s) if is_template(s) => f(path, s),
        Value::Object(m) => {
            for (k, x) in m {
                path.push(k.clone());
                walk(x, path, f);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(i.to_string());
                walk(x, path, f);
                path.pop();
            }
        }
        _ => {}
    }
}

/// Fills every template into `defs` and `data`: the problems, as diagnostics at the
/// templates' lines. Every text is filled from the values before any is written.
pub(super) fn fill(templates: &[Template], defs: &mut [Def], data: &mut Value) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let mut filled = Vec::new();
    for t in templates {
        let own = match &t.slot {
            Slot::Def(i) => defs.get(*i).map(|d| &d.props),
            Slot::Data(_) => None,
        };
        match expand(&t.text, |key| lookup(key, own, defs, data)) {
            Ok(s) => filled.push((t.slot.clone(), s)),
            Err(msg) => diags.push(Diagnostic::new(&t.file, t.line, t.column, msg)),
        }
    }
    for (slot, s) in filled {
        match slot {
            Slot::Def(i) => {
                if let Some(d) = defs.get_mut(i) {
                    d.text = Some(s);
                }
            }
            Slot::Data(path) => {
                let path: Vec<&str> = path.iter().map(String::as_str).collect();
                if let Some(at) = get_mut(data, &path).filter(|v| v.is_string()) {
                    *at = Value::String(s);
                }
            }
        }
    }
    diags
}

/// The value a placeholder names, as text, or what is wrong with it.
fn lookup(key: &str, own: Option<&Value>, defs: &[Def], data: &Value) -> Result<String, String> {
    let parts: Vec<&str> = key.split('.').collect();
    let (root, path, what) = match parts.as_slice() {
        ["data", rest @ ..] if !rest.is_empty() => (data, rest, "the data".to_string()),
        ["props", rest @ ..] if !rest.is_empty() && own.is_some() => {
            (own.unwrap_or(&Value::Null), rest, "its props".to_string())
        }
        [id, "props", rest @ ..] if !rest.is_empty() => match defs.iter().find(|d| d.id == *id) {
            Some(d) => (&d.props, rest, format!("the props of '{id}'")),
            None => return Err(format!("{{{key}}}: no component '{id}'")),
        },
        _ => {
            return Err(format!(
                "{{{key}}}: expected {{data.PATH}}, {{ID.props.PATH}} or, in a definition's text, {{props.PATH}}"
            ))
        }
    };
    match get(root, path) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(v @ (Value::Number(_) | Value::Bool(_))) => Ok(v.to_string()),
        Some(_) => Err(format!("{{{key}}}: expected a number, text or true/false there, not a list or map")),
        None => Err(format!("{{{key}}}: no key '{}' in {what}", path.join("."))),
    }
}

/// `text` with each `{KEY}` replaced by `value(KEY)`, `{{` and `}}` by a brace.
pub fn expand(text: &str, mut value: impl FnMut(&str) -> Result<String, String>) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(['{', '}']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.push_str(&tail[..1]);
            rest = &tail[2..];
        } else if let Some(after) = tail.strip_prefix('}') {
            out.push('}');
            rest = after;
        } else {
            let Some(end) = tail.find('}') else {
                return Err(format!("a '{{' without its '}}' (write {{{{ for a brace): {text:?}"));
            };
            out.push_str(&value(tail[1..end].trim())?);
            rest = &tail[end + 1..];
        }
    }
    out.push_str(rest);
    Ok(out)
}

impl Content {
    /// Fills the texts with placeholders again from the data and props as they are now.
    pub(super) fn fill_texts(&mut self) -> Vec<Diagnostic> {
        fill(&self.templates, &mut self.defs, &mut self.data)
    }
}
