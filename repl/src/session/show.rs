//! What the session draws: views (a seat's, or the omniscient one, marked as such), the
//! question, the log, and the lines of a game left unfinished (at a terminal, where it is
//! saved and how to go on with it; piped or for designers, the machine lines).
//!
//! Views are drawn by the game's Lua renderer. When the renderer fails, the session says
//! so and falls back to the log lines the same seat may read, so a broken renderer never
//! stops a game and never shows more than the seat may see.

use super::recap::rows_of;
use super::Session;
use crate::answer::Question;
use crate::fold::{self, Item};
use posse::hash::hex;

/// A question drawn folded (fold.rs): where (position, seat), its entries, and the entry
/// whose sub-list is open.
pub(super) struct Folded {
    at: (usize, usize),
    items: Vec<Item>,
    open: Option<usize>,
}

/// What a typed line was to a folded question.
pub(super) enum Read {
    /// An option, by its number in the question.
    Picks(Vec<u32>),
    /// A sub-list opened or closed: shown, nothing to make.
    Shown,
    Wrong(String),
}

impl Session<'_> {
    /// Draws the view of `seat`, or the omniscient view for None.
    pub(super) fn draw(&mut self, seat: Option<usize>) {
        let text = self.view_text(seat);
        self.say(text);
    }

    /// The view of `seat` (the omniscient view for None) as [`Session::draw`] shows it.
    pub(super) fn view_text(&mut self, seat: Option<usize>) -> String {
        let mut out = vec![match seat {
            Some(s) => format!("--- view of {} ---", self.seat_name(s)),
            None => "=== GOD VIEW: everything, hidden information included ===".to_string(),
        }];
        match self.game.render(seat) {
            Ok(text) => out.push(text.trim_end().to_string()),
            Err(e) => {
                let e = self.counted(e);
                self.warn(format!("the renderer failed: {e}"));
                let lines = self.game.log_lines(seat);
                let tail = lines[lines.len().saturating_sub(12)..].to_vec();
                out.extend(tail.into_iter().map(|l| format!("  {l}")));
            }
        }
        // Answers already given to the decision others still make, as far as this seat
        // may see them (its own; its teammates' where the game shows them to the team).
        for a in self.game.answers_for(seat) {
            let who = self.seat_name(a.seat);
            // At the table only the person at the keyboard may change an answer, their own.
            let may = self.may_change(a.seat, seat).is_ok();
            let change = if may && self.game.revisable(a.seat).is_some() && !self.bots.contains(&a.seat) {
                format!(" (:change {} to take it back)", a.seat)
            } else {
                String::new()
            };
            out.push(format!("{who} answered: {}{change}", a.labels.join(", ")));
        }
        if seat.is_none() {
            out.push("=== end of GOD VIEW ===".to_string());
        }
        out.join("\n")
    }

    /// Shows the deciding seat's name, the prompt and the numbered options.
    pub(super) fn show_question(&mut self, q: &Question) {
        let text = self.question_text(q);
        self.say(text);
    }

    /// The deciding seat's name, the prompt and the numbered options.
    pub(super) fn question_text(&mut self, q: &Question) -> String {
        let name = self.seat_name(q.seat);
        let who = if self.bots.contains(&q.seat) { format!("{name} (bot)") } else { name };
        let width = self.width();
        format!("{who}: {}\n{}", q.prompt, q.options(width))
    }

    /// The question as drawn under `view`: at a terminal where a single-choice question's
    /// options would not fit the rows left under the view, folded (fold.rs), and kept so
    /// that a typed number is read as the entry it names ([`Session::read_folded`]).
    pub(super) fn question_under(&mut self, q: &Question, view: &str) -> String {
        self.drive.folded = None;
        let plain = self.question_text(q);
        let Some((cols, rows)) = self.io.input.size() else { return plain };
        // The view, the question's line, its options, a hint and the prompt's line.
        let left = rows.saturating_sub(rows_of(view, cols) + 3);
        if q.multi || rows_of(&plain, cols) <= left + 2 {
            return plain;
        }
        let Some(items) = fold::fold(&q.labels, &q.ids, left.max(6)) else { return plain };
        let name = self.seat_name(q.seat);
        let mut out = vec![format!("{name}: {}", q.prompt)];
        out.extend(fold::lines(&items, &q.labels).into_iter().map(|l| format!("  {l}")));
        out.push("  (an entry with … opens its choices; or type the start of any choice)".into());
        self.drive.folded = Some(Folded { at: (self.game.choices().len(), q.seat), items, open: None });
        out.join("\n")
    }

    /// A typed line read through the folded question on screen: a number names an entry
    /// (an option, or a kind whose sub-list it opens) or, in an open sub-list, one of its
    /// options; `0`, `-` or an empty line goes back to the entries. None when the question
    /// is not folded or the line is not a number (it is read as usual).
    pub(super) fn read_folded(&mut self, q: &Question, t: &str) -> Option<Read> {
        let at = (self.game.choices().len(), q.seat);
        let f = self.drive.folded.as_mut().filter(|f| f.at == at)?;
        let back = t.is_empty() || t == "-" || t == "0";
        if !back && t.parse::<u64>().is_err() {
            return None;
        }
        let n: usize = t.parse().unwrap_or(0);
        if let Some(open) = f.open {
            let Item::Group { members, .. } = &f.items[open] else { return None };
            if back {
                f.open = None;
                let list = fold::lines(&f.items, &q.labels);
                self.say(list.iter().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n"));
                return Some(Read::Shown);
            }
            return Some(match members.get(n.wrapping_sub(1)) {
                Some(&m) => Read::Picks(vec![m]),
                None => Read::Wrong(format!("there is no choice {n} here: 1..{} (0 goes back)", members.len())),
            });
        }
        let entries = f.items.len();
        if back {
            return Some(Read::Wrong(format!(
                "type an entry number (1..{entries}) or the start of a choice; :help for commands"
            )));
        }
        match f.items.get(n.wrapping_sub(1)) {
            Some(Item::One(m)) => Some(Read::Picks(vec![*m])),
            Some(Item::Group { label, members }) => {
                let mut out = vec![format!("{label}:")];
                out.extend(members.iter().enumerate().map(|(i, &m)| format!("  {}) {}", i + 1, q.label_of(m))));
                out.push("  0) back".into());
                f.open = Some(n - 1);
                self.say_paged(&out.join("\n"));
                Some(Read::Shown)
            }
            None => Some(Read::Wrong(format!("there is no entry {n}: entries are 1..{entries}"))),
        }
    }

    /// The last `n` log lines `viewer` may read (every line for None).
    pub(super) fn show_log(&mut self, n: usize, viewer: Option<usize>) {
        let lines = self.game.log_lines(viewer);
        let who = match viewer {
            Some(s) => format!("as {}", self.seat_name(s)),
            None => "GOD VIEW, every line".to_string(),
        };
        let shown = n.min(lines.len());
        let mut out = vec![format!("log ({who}; last {shown} of {}):", lines.len())];
        out.extend(lines[lines.len() - shown..].iter().map(|l| format!("  {l}")));
        self.say_paged(&out.join("\n"));
    }

    /// When leaving a game that is not over: how far it got, and its state hash.
    pub(super) fn unfinished(&mut self) {
        let n = self.game.choices().len();
        if self.io.input.is_terminal() && !self.table.designer {
            // People are told where the game is and how to go on with it.
            let s = if n == 1 { "" } else { "s" };
            let saved =
                self.drive.save.as_ref().filter(|_| self.drive.autosaving).map(|l| l.save_path().display().to_string());
            let how = match saved {
                Some(file) => format!("saved in {file}; `posse play --load {file}` goes on with it"),
                None => {
                    "not saved (`:save FILE` before `:quit`, or `posse play --save FILE`, keeps a game)".to_string()
                }
            };
            self.say(format!("The game stops after {n} choice{s}: {how}."));
        } else {
            self.say(format!("unfinished: {n} choices"));
            self.say(format!("state-hash: {}", hex(self.game.state_hash())));
        }
        let _ = self.io.out.flush();
    }
}
