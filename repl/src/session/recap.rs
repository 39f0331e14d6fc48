//! The recap: what happened since a person last decided, shown before their next
//! question, so that bot turns, forced results and big reveals never run past unseen.
//!
//! A recap is the log lines the seat may read (`Game::log_lines_from`) written since the
//! seat last decided at the keyboard, with the session's own notes about that seat's
//! decisions (an answer made because it was the only one, an answer `:auto` made) in
//! their place; lines the seat has not been shown before are marked `*`. The session
//! keeps, for every choice of the game, where the log stood before it and whether a person
//! made it ([`Mark`]), so undo, load and reload find the last decision again.
//!
//! Pacing. At a terminal the recap and the screen that follows it (the view and the
//! question) must not scroll anything away unseen: when they do not fit the terminal's
//! height together, the recap is shown a page at a time with an Enter after each page
//! (and after the last one, when the screen would push it away). A page, not an engine
//! step, is the unit of pacing: where one step's lines end and the next one's begin would
//! tell the room that someone was asked something in between, which a secret question
//! must not show, while a page depends only on the lines the seat may read and the
//! terminal. A recap whose every line the view itself shows (a renderer's log window) is
//! not paged: nothing of it is lost when it scrolls. Piped input gets the recap whole.
//! Long answers to commands (`:help`, `:log`, `:cards`, `:map`) are paged the same way.
//! At a pager's prompt, `q` leaves the pager (the rest is not shown) and any other text
//! leaves it too and is the next input, as if typed at the prompt that follows.

use super::Session;
use posse::game::Divergence;
use posse::{Content, Game, Record, Setup};
use std::collections::BTreeMap;
use std::sync::Arc;

/// What the session keeps for recaps.
#[derive(Default)]
pub(super) struct Recaps {
    /// Per choice of the game, where the log stood before it and who made it.
    pub(super) marks: Vec<Mark>,
    /// Lines about seats' own decisions, for their recaps.
    pub(super) notes: Vec<Note>,
    /// Per seat, how far the log was when the seat was last shown it (recaps mark what
    /// comes after as new).
    pub(super) seen: BTreeMap<usize, usize>,
    /// Text typed at a pager's prompt instead of Enter: the next input (dropped at a
    /// handover, where the keyboard changes hands).
    pub(super) typed: Option<String>,
}

/// Where the log stood before a choice was made, whether a person made it at the
/// keyboard (not a bot, not `:auto`, not an answer made because it was the only one): a
/// person's recap starts at their last such choice; and whether its question allowed
/// only one answer (`forced`): `:undo` passes over those, a person decided nothing there.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mark {
    pub(crate) log: usize,
    pub(crate) by_person: bool,
    pub(crate) forced: bool,
}

/// Whether the question `seat` answers next in `game` allows only one answer.
pub(crate) fn forced(game: &Game, seat: usize) -> bool {
    game.pending().into_iter().find(|r| r.seat == seat).is_some_and(crate::answer::forced)
}

/// A line about a seat's own decision that the log does not hold, kept for that seat's
/// recap only (it may name the seat's own secret cards).
pub(super) struct Note {
    /// The index of the choice it is about (dropped when that choice is taken back).
    pub(super) choice: usize,
    /// Where the log stood before that choice.
    pub(crate) log: usize,
    pub(super) seat: usize,
    pub(super) text: String,
}

impl Session<'_> {
    /// Notes `text` for `seat`'s recap, about the choice just made.
    pub(super) fn note(&mut self, seat: usize, text: String) {
        let Some(choice) = self.game.choices().len().checked_sub(1) else { return };
        let log = self.recaps.marks.get(choice).map_or(0, |m| m.log);
        self.recaps.notes.push(Note { choice, log, seat, text });
    }

    /// Keeps the marks and notes in step with the game's choices after some were taken
    /// back (the game is deterministic: the marks of the choices kept still hold).
    pub(super) fn trim_history(&mut self) {
        let n = self.game.choices().len();
        self.recaps.marks.truncate(n);
        let log = self.game.log_len();
        while self.recaps.marks.len() < n {
            self.recaps.marks.push(Mark { log, by_person: true, forced: false });
        }
        self.recaps.notes.retain(|note| note.choice < n);
        for seen in self.recaps.seen.values_mut() {
            *seen = (*seen).min(log);
        }
    }

    /// The recap of `seat`: its lines, each with whether the seat sees it for the first
    /// time, oldest first; and whether it starts at the beginning of the game.
    pub(super) fn recap_lines(&self, seat: usize) -> (Vec<(bool, String)>, bool) {
        let choices = self.game.choices();
        let last = (0..choices.len().min(self.recaps.marks.len()))
            .rev()
            .find(|&i| choices[i].seat == seat && self.recaps.marks[i].by_person);
        let from = last.map_or(0, |i| self.recaps.marks[i].log);
        let seen = self.recaps.seen.get(&seat).copied().unwrap_or(0);
        let mut notes = self.recaps.notes.iter().filter(|n| n.seat == seat && n.log >= from).peekable();
        let mut out = Vec::new();
        for (at, text) in self.game.log_lines_from(Some(seat), from) {
            while let Some(n) = notes.next_if(|n| n.log <= at) {
                out.push((n.log >= seen, n.text.clone()));
            }
            out.push((at >= seen, text));
        }
        out.extend(notes.map(|n| (n.log >= seen, n.text.clone())));
        (out, last.is_none())
    }

    /// Shows `seat`'s recap before `screen` (the view and question that follow it),
    /// paged at a terminal (see the module's notes). False when the input ended.
    pub(super) fn recap(&mut self, seat: usize, screen: &str) -> bool {
        let (lines, from_start) = self.recap_lines(seat);
        self.recaps.seen.insert(seat, self.game.log_len());
        if lines.is_empty() {
            return true;
        }
        let name = self.seat_name(seat);
        let since = if from_start { "Since the game began".to_string() } else { format!("Since {name} last decided") };
        let mut text = vec![format!("--- {since} (* new) ---")];
        // At a terminal a long line is broken between words, its rest indented under it.
        let width = self.io.input.size().map(|(c, _)| c.saturating_sub(3).max(20));
        for (new, l) in &lines {
            let mark = if *new { " * " } else { "   " };
            match width {
                Some(w) => {
                    for (i, part) in crate::words::wrap(l, w).into_iter().enumerate() {
                        text.push(format!("{}{part}", if i == 0 { mark } else { "   " }));
                    }
                }
                None => text.push(format!("{mark}{l}")),
            }
        }
        if shown_by(&lines, screen) {
            self.say(text.join("\n"));
            return true;
        }
        // The screen's own rows, and one for the prompt under it.
        let cols = self.io.input.size().map_or(80, |(c, _)| c);
        self.paged(&text, rows_of(screen, cols) + 1)
    }

    /// Writes `lines`, at a terminal a page at a time: an Enter after each page that is
    /// not the last, and after the last one when it and the `after` rows that follow it
    /// do not fit the terminal together. False when the input ended.
    pub(super) fn paged(&mut self, lines: &[String], after: usize) -> bool {
        let Some((cols, rows)) = self.io.input.size() else {
            self.say(lines.join("\n"));
            return true;
        };
        let page = rows.saturating_sub(1).max(1);
        let mut used = 0;
        for line in lines {
            let r = rows_of(line, cols);
            if used > 0 && used + r > page {
                match self.more("(more: press Enter, q to stop)") {
                    Some(true) => used = 0,
                    Some(false) => return true,
                    None => return false,
                }
            }
            self.say(line);
            used += r;
        }
        if used + after > rows {
            return self.more("(press Enter to go on)").is_some();
        }
        true
    }

    /// Writes `text`, paged at a terminal so that the prompt after it leaves nothing
    /// unseen (`:help`, `:log`, `:cards`, `:map`).
    pub(super) fn say_paged(&mut self, text: &str) {
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        let _ = self.paged(&lines, 1);
    }

    /// Waits for Enter under a page: Some(true) to go on, Some(false) when the pager is
    /// left (`q`, or text typed, kept as the next input), None when the input ended.
    fn more(&mut self, prompt: &str) -> Option<bool> {
        let _ = self.io.out.flush();
        let typed = self.io.input.wait_for_enter(prompt)?;
        let t = typed.trim();
        if t.is_empty() {
            return Some(true);
        }
        if !t.eq_ignore_ascii_case("q") {
            self.recaps.typed = Some(typed);
        }
        Some(false)
    }
}

/// Whether the screen shows every line of the recap, in order (a renderer's log window,
/// which may wrap them): then scrolling the recap away loses nothing.
fn shown_by(lines: &[(bool, String)], screen: &str) -> bool {
    let flat = squeeze(screen);
    let mut at = 0;
    for (_, line) in lines {
        match flat[at..].find(&squeeze(line)) {
            Some(i) => at += i,
            None => return false,
        }
    }
    true
}

/// `text` with every run of white space made one space.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How many terminal rows `text` takes at `cols` columns.
pub(super) fn rows_of(text: &str, cols: usize) -> usize {
    text.lines().map(|l| l.chars().count().div_ceil(cols.max(1)).max(1)).sum()
}

/// Replays `record` as `Game::from_record` does, keeping where the log stood before each
/// choice. Returns the game, its marks and, when a choice no longer fits, where and why
/// the replay stopped.
pub(crate) fn replay(
    content: Arc<Content>,
    record: &Record,
) -> Result<(Game, Vec<Mark>, Option<Divergence>), posse::Error> {
    if record.game != content.id {
        return Err(posse::Error::Save(format!("the save is a game of '{}', not '{}'", record.game, content.id)));
    }
    let setup = Setup { seed: record.seed, seats: record.seats.clone() };
    let mut game = Game::new(content, setup)?;
    let mut marks = Vec::with_capacity(record.choices.len());
    for (i, c) in record.choices.iter().enumerate() {
        let log = game.log_len();
        let forced = forced(&game, c.seat);
        if let Err(e) = game.choose(c.seat, &c.picks) {
            let d = Divergence { index: i + 1, choice: c.clone(), message: e.to_string() };
            return Ok((game, marks, Some(d)));
        }
        marks.push(Mark { log, by_person: !forced, forced });
    }
    Ok((game, marks, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recap_shown_by_the_view_is_found_there_wrapped() {
        let lines = vec![(true, "p1 rolls: Boss, Bad.".to_string()), (true, "p2 keeps a long line of text.".into())];
        let screen = "Log:\n  p1 rolls: Boss, Bad.\n  p2 keeps a long line\n    of text.\nWaiting";
        assert!(shown_by(&lines, screen));
        assert!(!shown_by(&lines, "Log:\n  p2 keeps a long line of text.\n  p1 rolls: Boss, Bad."), "in order");
        assert!(!shown_by(&lines, "Log:\n  p1 rolls: Boss, Bad."));
        assert_eq!(rows_of("abc\n\n1234567890", 4), 1 + 1 + 3);
    }
}
