//! Errors meant for people: every content problem is a [`Diagnostic`] naming the file,
//! line and column and what was expected, and loading reports all it finds at once.

use std::fmt;

/// One problem found in content (YAML or Lua), located in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file, relative to the content root (e.g. `scenarios/dice_town/game.yaml`).
    pub file: String,
    /// 1-based line, or 0 when the problem concerns the whole file.
    pub line: usize,
    /// 1-based column, or 0 when unknown.
    pub column: usize,
    pub message: String,
}

impl Diagnostic {
    pub fn new(file: impl Into<String>, line: usize, column: usize, message: impl Into<String>) -> Self {
        Diagnostic { file: file.into(), line, column, message: message.into() }
    }

    /// A problem with a whole file (missing, unreadable).
    pub fn file(file: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic::new(file, 0, 0, message)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}: {}", self.file, self.message),
            (l, 0) => write!(f, "{}:{}: {}", self.file, l, self.message),
            (l, c) => write!(f, "{}:{}:{}: {}", self.file, l, c, self.message),
        }
    }
}

/// Everything that can go wrong in the engine. None of these leave a game changed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Content could not be loaded; all problems found, in file order.
    #[error("{}", join(.0))]
    Content(Vec<Diagnostic>),
    /// A Lua error while running a step, with the script file and line first.
    #[error("{0}")]
    Script(String),
    /// A choice that does not fit the pending decision.
    #[error("{0}")]
    Illegal(String),
    /// A save file that cannot be used.
    #[error("{0}")]
    Save(String),
    /// A request that makes no sense now (no decision pending, nothing to undo, ...).
    #[error("{0}")]
    Usage(String),
}

fn join(diags: &[Diagnostic]) -> String {
    diags.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
