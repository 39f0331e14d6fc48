//! What the session draws: views (a seat's, or the omniscient one, marked as such; compact
//! to fit 80×24, or whole for `:full`), the question, the log, and the lines of a game
//! left unfinished (at a terminal, where it is saved and how to go on with it; piped or
//! for designers, the machine lines).
//!
//! Views are drawn by the game's Lua renderer. When the renderer fails, the session says
//! so and falls back to the log lines the same seat may read, so a broken renderer never
//! stops a game and never shows more than the seat may see.

use super::recap::rows_of;
use super::Session;
use crate::answer::Question;
use crate::fold::{self, Item};
use posse::hash::hex;

/// A question drawn folded (fold.rs): where (position, seat), its entries, and the
/// sub-lists open, each by its entry's place in the list before (a "More …" list may
/// hold a kind's entry, or another "More …").
pub(super) struct Folded {
    at: (usize, usize),
    items: Vec<Item>,
    open: Vec<usize>,
}

impl Folded {
    /// The entries of the list on screen: the question's, or the sub-list open.
    fn list(&self) -> Vec<Item> {
        let mut list = self.items.clone();
        for &i in &self.open {
            list = list[i].sub_list();
        }
        list
    }

    /// The entry whose sub-list is open (None: the question's own list).
    fn opened(&self) -> Option<Item> {
        let (&last, path) = self.open.split_last()?;
        let mut list = self.items.clone();
        for &i in path {
            list = list[i].sub_list();
        }
        Some(list[last].clone())
    }
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

    /// `:full`: the whole view of `seat` (the omniscient view for None), however long,
    /// paged: what the screen leaves out to fit 80×24.
    pub(super) fn show_full(&mut self, seat: Option<usize>) {
        let text = self.view_text_as(seat, true);
        self.say_paged(&text);
    }

    /// The view of `seat` (the omniscient view for None) as [`Session::draw`] shows it.
    pub(super) fn view_text(&mut self, seat: Option<usize>) -> String {
        self.view_text_as(seat, false)
    }

    /// The view of `seat` drawn compact for the screen, or `full`.
    fn view_text_as(&mut self, seat: Option<usize>, full: bool) -> String {
        let mut out = vec![match (seat, full) {
            (Some(s), false) => format!("--- view of {} ---", self.seat_name(s)),
            (Some(s), true) => format!("--- the whole view of {} ---", self.seat_name(s)),
            (None, _) => "=== GOD VIEW: everything, hidden information included ===".to_string(),
        }];
        let drawn = if full { self.game.render_full(seat) } else { self.game.render(seat) };
        match drawn {
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
    /// options would not fit the rows left under the view, folded (fold.rs: by kind, then
    /// what still does not fit behind "More …"), and kept so that a typed number is read
    /// as the entry it names ([`Session::read_folded`]).
    pub(super) fn question_under(&mut self, q: &Question, view: &str) -> String {
        self.drive.folded = None;
        let plain = self.question_text(q);
        let Some((cols, rows)) = self.io.input.size() else { return plain };
        // The rows under the view, less the prompt's line.
        let left = rows.saturating_sub(rows_of(view, cols) + 1);
        if q.multi || rows_of(&plain, cols) <= left {
            return plain;
        }
        let name = self.seat_name(q.seat);
        let head = format!("{name}: {}", q.prompt);
        // The entries' rows: what the question's line and the hint under them leave.
        let room = left.saturating_sub(rows_of(&head, cols) + 1);
        let items = fold::fold(&q.labels, &q.ids, room).unwrap_or_else(|| fold::each(&q.labels));
        // A sub-list has a screen of its own: its title, its entries, `0) back` and the prompt.
        let items = fold::page(items, &q.labels, room, cols, rows.saturating_sub(3));
        let mut out = vec![head];
        out.extend(fold::lines(&items, &q.labels).into_iter().map(|l| format!("  {l}")));
        out.push("  (an entry with … opens its choices; or type the start of any choice)".into());
        self.drive.folded = Some(Folded { at: (self.game.choices().len(), q.seat), items, open: Vec::new() });
        out.join("\n")
    }

    /// A typed line read through the folded question on screen: a number names an entry
    /// (an option, or a kind or "More …" whose sub-list it opens) of the list on screen;
    /// `0`, `-` or an empty line goes back to the list before. None when the question is
    /// not folded or the line is not a number (it is read as usual).
    pub(super) fn read_folded(&mut self, q: &Question, t: &str) -> Option<Read> {
        let at = (self.game.choices().len(), q.seat);
        let f = self.drive.folded.as_mut().filter(|f| f.at == at)?;
        let back = t.is_empty() || t == "-" || t == "0";
        if !back && t.parse::<u64>().is_err() {
            return None;
        }
        let n: usize = t.parse().unwrap_or(0);
        let list = f.list();
        if back {
            if f.open.pop().is_none() {
                return Some(Read::Wrong(format!(
                    "type an entry number (1..{}) or the start of a choice; :help for commands",
                    list.len()
                )));
            }
            let text = sub_list(f, q);
            self.say(text);
            return Some(Read::Shown);
        }
        match list.get(n.wrapping_sub(1)) {
            Some(Item::One(m)) => Some(Read::Picks(vec![*m])),
            Some(_) => {
                f.open.push(n - 1);
                let text = sub_list(f, q);
                self.say_paged(&text);
                Some(Read::Shown)
            }
            None if f.open.is_empty() => {
                Some(Read::Wrong(format!("there is no entry {n}: entries are 1..{}", list.len())))
            }
            None => Some(Read::Wrong(format!("there is no choice {n} here: 1..{} (0 goes back)", list.len()))),
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
            self.say(format!("unfinished: {}", crate::words::count(n, "choice")));
            self.say(format!("state-hash: {}", hex(self.game.state_hash())));
        }
        let _ = self.io.out.flush();
    }
}

/// The list on screen of a folded question, as drawn when it opens or is gone back to:
/// the question's entries; a kind's options, under its label, and `0) back`; a "More …"
/// list's entries, under its label, and `0) back`.
fn sub_list(f: &Folded, q: &Question) -> String {
    let list = f.list();
    let out: Vec<String> = match f.opened() {
        None => fold::lines(&list, &q.labels).into_iter().map(|l| format!("  {l}")).collect(),
        Some(Item::Group { label, members }) => std::iter::once(format!("{label}:"))
            .chain(members.iter().enumerate().map(|(i, &m)| format!("  {}) {}", i + 1, q.label_of(m))))
            .chain(["  0) back".to_string()])
            .collect(),
        Some(Item::More { label, .. }) => std::iter::once(format!("{label}:"))
            .chain(fold::lines(&list, &q.labels).into_iter().map(|l| format!("  {l}")))
            .chain(["  0) back".to_string()])
            .collect(),
        // Only a kind's or a "More …" entry opens.
        Some(Item::One(_)) => Vec::new(),
    };
    out.join("\n")
}
