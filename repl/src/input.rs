//! Where the REPL's lines come from: a terminal (rustyline, with tab completion and a
//! history file) or anything else (plain lines from stdin, so a game can be piped in).
//!
//! The session never asks which one it has except through [`LineSource::is_terminal`],
//! which decides the few behaviours that only make sense for a person at a keyboard
//! (hot-seat pauses, echoing piped answers, paging). Completion candidates are pushed into
//! the source before each prompt with [`LineSource::set_completions`]; a piped source
//! ignores them. Commands, and what a command's argument completes to (seats, cards,
//! files), come from the commands' table (`command::COMMANDS`). Failing to read or write the history file is never an error: history is
//! a comfort.
//!
//! A line that is not UTF-8 text is never an answer and never ends the input: a pipe
//! skips it, and at a terminal the line typed is dropped with a message and the prompt
//! comes again (rustyline stops at the first bad byte, and what it had read of the line
//! after it is gone).

use crate::command::{self, Arg};
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Context, Editor, Helper};
use std::io::{BufRead, Read};
use std::path::PathBuf;

/// One answer from the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    Text(String),
    /// Ctrl-C at a terminal: the line was abandoned.
    Interrupted,
    /// End of input (Ctrl-D, or the end of a pipe).
    Eof,
}

/// What Tab may complete at the next prompt.
#[derive(Debug, Clone, Default)]
pub struct Completions {
    /// Option labels of the pending decision.
    pub labels: Vec<String>,
    /// Whether several labels may be given, separated by commas.
    pub multi: bool,
    /// Seat names, for `:as`.
    pub seats: Vec<String>,
    /// Card and ability names, for `:card`.
    pub cards: Vec<String>,
}

pub trait LineSource {
    /// Reads one line; `prompt` is shown by terminal sources only.
    fn read(&mut self, prompt: &str) -> Line;
    fn is_terminal(&self) -> bool;
    fn set_completions(&mut self, completions: Completions);

    /// The terminal's width and height in characters, when there is a terminal to page
    /// for (None: print everything at once).
    fn size(&mut self) -> Option<(usize, usize)> {
        None
    }

    /// Waits for Enter: the text typed before it (not kept in the history), which the
    /// caller may use or ignore. None at the end of input.
    fn wait_for_enter(&mut self, prompt: &str) -> Option<String> {
        loop {
            match self.read(prompt) {
                Line::Text(t) => return Some(t),
                Line::Interrupted => continue,
                Line::Eof => return None,
            }
        }
    }
}

/// Opens stdin as a line source: rustyline when it is a terminal, plain lines otherwise.
pub fn stdin_source() -> Box<dyn LineSource> {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal() {
        if let Some(t) = Terminal::new() {
            return Box::new(t);
        }
    }
    Box::new(Piped::new(std::io::stdin().lock()))
}

/// Plain lines from any reader (a pipe, a file, a test's bytes).
pub struct Piped<R> {
    reader: R,
}

impl<R: BufRead> Piped<R> {
    pub fn new(reader: R) -> Self {
        Piped { reader }
    }
}

/// The longest line a pipe may give (an answer or a command is a few words).
const LINE_BYTES: u64 = 64 << 10;
/// How much of one overlong line is skipped before the input counts as ended (a pipe from
/// `/dev/zero` never ends its line).
const SKIP_BYTES: u64 = 16 << 20;

impl<R: BufRead> Piped<R> {
    /// The next line's bytes without its end, at most [`LINE_BYTES`]; None at the end of
    /// input. A longer line is skipped (said on stderr, where the session's warnings go).
    fn next_bytes(&mut self) -> Option<Vec<u8>> {
        loop {
            let mut buf = Vec::new();
            match (&mut self.reader).take(LINE_BYTES + 1).read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            if buf.last() == Some(&b'\n') || buf.len() as u64 <= LINE_BYTES {
                while matches!(buf.last(), Some(b'\n' | b'\r')) {
                    buf.pop();
                }
                return Some(buf);
            }
            let mut skipped = buf.len() as u64;
            loop {
                buf.clear();
                match (&mut self.reader).take(LINE_BYTES).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return None,
                    Ok(n) => skipped += n as u64,
                }
                if buf.last() == Some(&b'\n') {
                    break;
                }
                if skipped > SKIP_BYTES {
                    eprintln!("input: a line of more than {} MiB; the input counts as ended", SKIP_BYTES >> 20);
                    return None;
                }
            }
            eprintln!("input: a line of {skipped} bytes was ignored (at most {} KiB a line)", LINE_BYTES >> 10);
        }
    }
}

impl<R: BufRead> LineSource for Piped<R> {
    fn read(&mut self, _prompt: &str) -> Line {
        loop {
            let Some(bytes) = self.next_bytes() else { return Line::Eof };
            match String::from_utf8(bytes) {
                Ok(text) => return Line::Text(text),
                Err(_) => eprintln!("input: a line that is not UTF-8 text was ignored"),
            }
        }
    }

    fn is_terminal(&self) -> bool {
        false
    }

    fn set_completions(&mut self, _completions: Completions) {}
}

/// A fixed list of lines, for tests of the session logic.
#[cfg(test)]
pub struct Scripted {
    lines: std::collections::VecDeque<String>,
    terminal: bool,
    size: Option<(usize, usize)>,
}

#[cfg(test)]
impl Scripted {
    pub fn new<S: Into<String>>(lines: impl IntoIterator<Item = S>) -> Self {
        Scripted { lines: lines.into_iter().map(Into::into).collect(), terminal: false, size: None }
    }

    /// Pretends to be a terminal (for hot-seat behaviour).
    pub fn at_a_terminal(mut self) -> Self {
        self.terminal = true;
        self
    }

    /// How many lines are still to be read.
    pub fn left(&self) -> usize {
        self.lines.len()
    }

    /// Pretends to be a terminal of `cols` × `rows` (for paging).
    pub fn sized(mut self, cols: usize, rows: usize) -> Self {
        self.terminal = true;
        self.size = Some((cols, rows));
        self
    }
}

#[cfg(test)]
impl LineSource for Scripted {
    fn read(&mut self, _prompt: &str) -> Line {
        self.lines.pop_front().map(Line::Text).unwrap_or(Line::Eof)
    }

    fn is_terminal(&self) -> bool {
        self.terminal
    }

    fn set_completions(&mut self, _completions: Completions) {}

    fn size(&mut self) -> Option<(usize, usize)> {
        self.size
    }
}

/// A terminal with line editing, completion and a history file.
pub struct Terminal {
    editor: Editor<CompletionHelper, DefaultHistory>,
    history: Option<PathBuf>,
}

impl Terminal {
    fn new() -> Option<Self> {
        let config = Config::builder()
            .completion_type(CompletionType::List)
            .auto_add_history(false)
            .history_ignore_space(true)
            .max_history_size(1000)
            .ok()?
            .build();
        let mut editor = Editor::with_config(config).ok()?;
        editor.set_helper(Some(CompletionHelper::default()));
        let history = history_file();
        if let Some(path) = &history {
            // A missing or unreadable history file just means no history.
            let _ = editor.load_history(path);
        }
        Some(Terminal { editor, history })
    }
}

impl LineSource for Terminal {
    fn read(&mut self, prompt: &str) -> Line {
        loop {
            match self.editor.readline(prompt) {
                Ok(line) => {
                    // Only commands go to the history: answers may be a seat's secrets, and
                    // in hot-seat play the next person could recall them.
                    if line.trim_start().starts_with(':') {
                        let _ = self.editor.add_history_entry(line.as_str());
                    }
                    return Line::Text(line);
                }
                Err(ReadlineError::Interrupted) => return Line::Interrupted,
                Err(e) if not_text(&e) => not_text_message(),
                Err(_) => return Line::Eof,
            }
        }
    }

    fn size(&mut self) -> Option<(usize, usize)> {
        // A terminal whose output is not one (stdout redirected) pages as the usual 80×24.
        Some(self.editor.dimensions().map_or((80, 24), |(c, r)| (usize::from(c).max(20), usize::from(r).max(5))))
    }

    fn is_terminal(&self) -> bool {
        true
    }

    fn set_completions(&mut self, completions: Completions) {
        if let Some(h) = self.editor.helper_mut() {
            h.completions = completions;
        }
    }

    fn wait_for_enter(&mut self, prompt: &str) -> Option<String> {
        loop {
            match self.editor.readline(prompt) {
                Ok(t) => return Some(t),
                Err(ReadlineError::Interrupted) => continue,
                Err(e) if not_text(&e) => not_text_message(),
                Err(_) => return None,
            }
        }
    }
}

/// Whether rustyline stopped at bytes that are not UTF-8 text.
fn not_text(e: &ReadlineError) -> bool {
    matches!(e, ReadlineError::Io(io) if io.kind() == std::io::ErrorKind::InvalidData)
}

/// What a person who typed something that is not UTF-8 text is told: the line is gone.
fn not_text_message() {
    eprintln!("input: that line is not UTF-8 text (is the terminal set to UTF-8?); it was ignored: type it again");
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if let Some(path) = &self.history {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = self.editor.save_history(path);
        }
    }
}

/// `$XDG_DATA_HOME/posse/history` when XDG_DATA_HOME is set, else `$HOME/.posse_history`.
pub fn history_file() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("posse").join("history"));
    }
    std::env::var_os("HOME").filter(|h| !h.is_empty()).map(|h| PathBuf::from(h).join(".posse_history"))
}

/// Completes commands, then each command's argument as the commands' table says: seat
/// names (`:as`, `:change`), card names (`:card`), file names (`:save`, `:load`, `:svg`);
/// and option labels (case-insensitive prefixes; after the last comma for a multi-choice).
#[derive(Default)]
pub struct CompletionHelper {
    completions: Completions,
    files: FilenameCompleter,
}

impl CompletionHelper {
    /// The candidates for `line` up to the cursor, with where the replaced text starts
    /// (file names aside: [`Completer::complete`] asks rustyline's).
    fn candidates(&self, before: &str) -> (usize, Vec<Pair>) {
        let pair = |s: &str| Pair { display: s.to_string(), replacement: s.to_string() };
        let starts = |cands: &[String], prefix: &str| -> Vec<Pair> {
            let p = prefix.to_lowercase();
            cands.iter().filter(|c| c.to_lowercase().starts_with(&p)).map(|c| pair(c)).collect()
        };
        let trimmed = before.trim_start();
        let lead = before.len() - trimmed.len();
        if trimmed.starts_with(':') {
            let Some((name, rest)) = trimmed.split_once(' ') else {
                return (lead, starts(&command::names(), trimmed));
            };
            let arg = rest.trim_start();
            let at = before.len() - arg.len();
            return match command::lookup(name).map(|spec| spec.arg) {
                Some(Arg::Seat) => (at, starts(&self.completions.seats, arg)),
                Some(Arg::Card) => (at, starts(&self.completions.cards, arg)),
                _ => (before.len(), Vec::new()),
            };
        }
        let start = if self.completions.multi { before.rfind(',').map(|i| i + 1).unwrap_or(0) } else { 0 };
        let word = &before[start..];
        let word_trimmed = word.trim_start();
        (start + word.len() - word_trimmed.len(), starts(&self.completions.labels, word_trimmed))
    }
}

impl Completer for CompletionHelper {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        let file = before.trim_start().split_once(' ').and_then(|(name, _)| command::lookup(name));
        if file.is_some_and(|spec| spec.arg == Arg::File) {
            return self.files.complete(line, pos, ctx);
        }
        Ok(self.candidates(before))
    }
}

impl Hinter for CompletionHelper {
    type Hint = String;
}

impl Highlighter for CompletionHelper {}

impl Validator for CompletionHelper {}

impl Helper for CompletionHelper {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pipe_skips_lines_too_long_or_not_text_and_ends_on_a_line_without_end() {
        let mut bytes = b"1\r\n".to_vec();
        bytes.extend(vec![b'x'; 70 << 10]);
        bytes.extend(b"\n\xff\xfe\n2\n");
        let mut p = Piped::new(std::io::Cursor::new(bytes));
        assert_eq!(p.read(""), Line::Text("1".into()));
        assert_eq!(p.read(""), Line::Text("2".into()));
        assert_eq!(p.read(""), Line::Eof);
        // What /dev/zero gives: one line that never ends.
        let mut p = Piped::new(std::io::BufReader::new(std::io::repeat(0)));
        assert_eq!(p.read(""), Line::Eof);
    }

    fn helper() -> CompletionHelper {
        CompletionHelper {
            completions: Completions {
                labels: vec!["Keep it".into(), "Kick".into(), "Pass".into()],
                multi: true,
                seats: vec!["p1".into(), "p2".into()],
                cards: vec!["Tuba City".into(), "Saloon".into(), "Salem".into()],
            },
            files: FilenameCompleter::new(),
        }
    }

    fn names(c: (usize, Vec<Pair>)) -> (usize, Vec<String>) {
        (c.0, c.1.into_iter().map(|p| p.replacement).collect())
    }

    #[test]
    fn completes_labels_commands_and_seats() {
        let h = helper();
        assert_eq!(names(h.candidates("ke")), (0, vec!["Keep it".to_string()]));
        assert_eq!(names(h.candidates("k")), (0, vec!["Keep it".to_string(), "Kick".to_string()]));
        assert_eq!(names(h.candidates("pass, ki")), (6, vec!["Kick".to_string()]));
        assert_eq!(names(h.candidates(":a")), (0, vec![":as".to_string(), ":auto".to_string()]));
        assert_eq!(names(h.candidates(":as p")), (4, vec!["p1".to_string(), "p2".to_string()]));
        assert_eq!(names(h.candidates(":change P")), (8, vec!["p1".to_string(), "p2".to_string()]));
        assert_eq!(names(h.candidates(":undo 2")), (7, vec![]));
        assert_eq!(names(h.candidates(":card sa")), (6, vec!["Saloon".to_string(), "Salem".to_string()]));
        assert_eq!(names(h.candidates(":card tuba c")), (6, vec!["Tuba City".to_string()]));
    }

    /// Tab after a colon offers exactly the commands' table: every name and alias, in its order.
    #[test]
    fn completion_lists_exactly_the_tables_names_and_aliases() {
        let want: Vec<String> = command::COMMANDS
            .iter()
            .flat_map(|s| std::iter::once(s.name).chain(s.aliases.iter().copied()))
            .map(String::from)
            .collect();
        assert_eq!(names(helper().candidates(":")), (0, want.clone()));
        assert_eq!(names(helper().candidates("  :")), (2, want));
        for spec in command::COMMANDS {
            let offered = names(helper().candidates(spec.name)).1;
            assert!(offered.iter().any(|n| n == spec.name), "{}: {offered:?}", spec.name);
            for short in spec.short {
                assert!(!names(helper().candidates(":")).1.iter().any(|n| n == short), "{short} is offered");
            }
        }
    }
}
