//! Driving the game: the loop that puts each question to whoever answers it and makes
//! the answers, until the game ends, the input ends or someone types `:quit`.
//!
//! The loop asks the engine for the next pending decision (whose turn it is at the table
//! is `table.rs`'s to say). Bot seats (and human seats under `:auto`) answer at once
//! (`auto.rs`); a human seat sees what happened since it last decided (`recap.rs`), its
//! own view, the question and the numbered options, and answers or types a command
//! (parsed by `command.rs`, run by `commands.rs`). Whatever goes wrong (a bad answer, a
//! script error, an unknown command) is one message and the game stays as it was.
//!
//! Choices taken back by `:undo` wait on the `ahead` stack (next on top): `:redo` makes
//! them again, and any choice equal to the top of the stack pops it, so undoing and
//! answering the same again keeps the rest redoable. Replaying with `--step` is the same
//! machinery: the session starts at the beginning with the whole record on `ahead`, and
//! Enter makes the next choice.
//!
//! Saving: `--save FILE` holds the file's lock for the whole session (see
//! `posse::savefile`) and saves when the game starts and after every step, each time
//! replacing the file whole, so a killed session loses at most the decision in flight.
//! A save says who plays each seat and what the bots' picks depend on, so `posse play
//! --load FILE` and `:load FILE` continue exactly the game the saved session was playing.
//!
//! Script errors are counted as they come (a step, a renderer, a bot, a question's text):
//! `play` exits non-zero after any.

use super::recap::Mark;
use super::table::Handover;
use super::{describe_choice, End, Session};
use crate::answer::Question;
use crate::command;
use crate::input::{Completions, Line};
use posse::savefile::SaveLock;
use posse::{Choice, Record};

/// Who makes decisions for human seats besides the person at the keyboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Auto {
    Off,
    /// The bot makes this many more decisions of human seats.
    Count(usize),
    /// The bot plays this seat until another human seat must decide.
    Turn(usize),
}

/// What the session keeps to drive the game.
pub(super) struct Drive {
    /// The `--save` file, locked for the session's life.
    pub(super) save: Option<SaveLock>,
    /// Whether autosave still works (after a failure the lock is kept, the saving stops).
    pub(super) autosaving: bool,
    /// Choices to make again (after `:undo`) or to replay (`--step`); next on top.
    pub(super) ahead: Vec<Choice>,
    pub(super) stepping: bool,
    pub(super) auto: Auto,
    /// A position where a bot's pick (or the only answer) failed: a person answers that
    /// decision.
    pub(super) bot_failed: Option<usize>,
    pub(super) diverged: bool,
    /// Script errors met so far. The position of the last question whose text failed,
    /// so that it counts once.
    pub(super) script_errors: usize,
    pub(super) text_failed: Option<usize>,
    /// Decisions of people's seats `:auto` made since a person last decided: `:auto` to
    /// the end of the game shows this count and the end, not every decision.
    pub(super) auto_made: usize,
    /// The question on screen, when it was drawn folded (`show.rs`).
    pub(super) folded: Option<super::show::Folded>,
}

impl Drive {
    /// Nothing made yet; `save` (locked) is saved at the start and after every step.
    pub(super) fn new(save: Option<SaveLock>) -> Self {
        Drive {
            autosaving: save.is_some(),
            save,
            ahead: Vec::new(),
            stepping: false,
            auto: Auto::Off,
            bot_failed: None,
            diverged: false,
            script_errors: 0,
            text_failed: None,
            auto_made: 0,
            folded: None,
        }
    }
}

impl Session<'_> {
    /// Plays until the game ends, the input ends or `:quit`.
    pub fn run(&mut self) -> End {
        // A save exists from the first moment, before anyone decides anything.
        self.autosave();
        loop {
            if self.game.is_over() {
                self.finish();
                match self.after_the_end() {
                    Some(end) => return end,
                    // `:undo` took the end back: the game goes on.
                    None => continue,
                }
            }
            if self.drive.stepping && self.drive.ahead.is_empty() {
                self.drive.stepping = false;
                let n = crate::words::count(self.game.choices().len(), "choice");
                self.say(format!("end of the record after {n}: the game goes on, every seat played from here"));
            }
            self.check_texts();
            let q = match self.next_question() {
                Ok(Some(q)) => q,
                Ok(None) => {
                    self.warn("the game is waiting for nobody; leaving");
                    return End::Quit;
                }
                Err(()) => {
                    self.unfinished();
                    return End::Eof;
                }
            };
            if !self.drive.stepping && self.bot_decides(q.seat) && self.bot_move(&q) {
                continue;
            }
            if !self.drive.stepping && self.only_answer(&q) {
                continue;
            }
            let line = if self.drive.stepping { Some(self.step_prompt()) } else { self.human_prompt(&q) };
            let Some(line) = line else { continue };
            match line {
                Line::Eof => {
                    self.unfinished();
                    return End::Eof;
                }
                Line::Interrupted => self.say("(:quit to leave)"),
                Line::Text(text) => {
                    if let Some(end) = self.handle(&q, &text) {
                        self.unfinished();
                        return end;
                    }
                }
            }
        }
    }

    /// Shows the deciding seat its view and the question (once per decision), then reads.
    /// None when a command at the handover changed the game: the question may be another.
    fn human_prompt(&mut self, q: &Question) -> Option<Line> {
        let pos = self.game.choices().len();
        if self.drawn != Some((pos, q.seat)) {
            let is_human = !self.bots.contains(&q.seat);
            // At the table whoever comes first, or after a screen went stale, is handed
            // the keyboard too; elsewhere only a change of hands pauses (as it always did).
            let handover = if self.at_the_table() {
                self.table.last_human != Some(q.seat)
            } else {
                self.table.last_human.is_some_and(|h| h != q.seat)
            };
            if is_human && handover && self.io.input.is_terminal() {
                let done = self.hand_over(q.seat, self.at_the_table());
                match done {
                    Handover::Passed => {}
                    Handover::Changed => return None,
                    // The quit is made by the command itself, as at any prompt.
                    Handover::Quit => return Some(Line::Text(":quit".into())),
                    Handover::Eof => return Some(Line::Eof),
                }
            }
            if is_human {
                self.table.last_human = Some(q.seat);
            }
            self.viewer = Some(q.seat);
            let view = self.view_text(Some(q.seat));
            let screen = format!("{view}\n{}", self.question_under(q, &view));
            // What happened since this person last decided comes first, after the handover.
            if is_human && !self.recap(q.seat, &screen) {
                return Some(Line::Eof);
            }
            self.say(screen);
            self.drawn = Some((pos, q.seat));
            if is_human {
                self.drive.auto_made = 0;
            }
        }
        self.io.input.set_completions(Completions {
            labels: q.labels.clone(),
            multi: q.multi,
            seats: self.game.setup().seats.clone(),
            cards: self.card_names(),
        });
        let prompt = format!("{}> ", self.seat_name(q.seat));
        Some(self.read(&prompt))
    }

    /// Counts a script error (when `e` is one) and passes it on.
    pub(super) fn counted(&mut self, e: posse::Error) -> posse::Error {
        if matches!(e, posse::Error::Script(_)) {
            self.drive.script_errors += 1;
        }
        e
    }

    /// Builds the pending questions' prompts and labels (a batch's bots never read them)
    /// and warns once a position about a script error in them.
    fn check_texts(&mut self) {
        let pos = self.game.choices().len();
        if self.drive.text_failed == Some(pos) {
            return;
        }
        let failed: Vec<(usize, posse::Error)> = self
            .game
            .pending()
            .into_iter()
            .filter_map(|r| r.try_prompt().and_then(|_| r.try_labels()).err().map(|e| (r.seat, e)))
            .collect();
        for (seat, e) in failed {
            self.drive.text_failed = Some(pos);
            self.drive.script_errors += 1;
            let name = self.seat_name(seat);
            self.warn(format!("the question to {name} failed: {e}"));
        }
    }

    /// In a step-by-step replay: shows the position, then waits for Enter or a command.
    fn step_prompt(&mut self) -> Line {
        let pos = self.game.choices().len();
        let total = pos + self.drive.ahead.len();
        if self.drawn != Some((pos, 0)) {
            self.draw(self.viewer);
            // The recorded answer about to be made, to the question it answers.
            if let Some(c) = self.drive.ahead.last().cloned() {
                let name = self.seat_name(c.seat);
                let what = match self.pending_for(c.seat) {
                    Some(q) => format!("{} -> {}", q.prompt, q.describe(&c.picks)),
                    None => describe_choice(&c),
                };
                self.say(format!("next: choice {} of {total}, {name}: {what} (Enter to make it)", pos + 1));
            }
            self.drawn = Some((pos, 0));
        }
        self.io.input.set_completions(Completions {
            seats: self.game.setup().seats.clone(),
            cards: self.card_names(),
            ..Completions::default()
        });
        self.read(&format!("step {pos}/{total}> "))
    }

    /// Handles one typed line. Returns how the session ends, if it does.
    fn handle(&mut self, q: &Question, text: &str) -> Option<End> {
        let t = text.trim();
        if t.starts_with(':') || t == "?" {
            match command::parse(if t == "?" { ":help" } else { t }) {
                Ok(c) => return self.exec(c, q),
                Err(e) => self.warn(e),
            }
            return None;
        }
        if self.drive.stepping {
            if t.is_empty() {
                self.step(1);
            } else {
                self.warn("replaying: press Enter for the next choice, or :help");
            }
            return None;
        }
        let read = match self.read_folded(q, t) {
            Some(super::show::Read::Shown) => return None,
            Some(super::show::Read::Picks(picks)) => Ok(picks),
            Some(super::show::Read::Wrong(e)) => Err(e),
            None => q.parse(t),
        };
        match read {
            Ok(picks) => {
                if let Err(e) = self.make(q.seat, picks) {
                    self.warn(e.to_string());
                }
            }
            Err(e) => self.warn(e),
        }
        None
    }

    /// Makes one choice a person made at the keyboard (see [`Session::make_by`]).
    pub(super) fn make(&mut self, seat: usize, picks: Vec<u32>) -> Result<(), posse::Error> {
        self.make_by(seat, picks, true)
    }

    /// Makes one choice, marks where the log stood before it and whether a person made it
    /// (`by_person`: for recaps; a person's choice marks an undo point, `Game::mark`), keeps the redo stack in step with it and autosaves.
    pub(super) fn make_by(&mut self, seat: usize, picks: Vec<u32>, by_person: bool) -> Result<(), posse::Error> {
        let log = self.game.log_len();
        let forced = super::recap::forced(&self.game, seat);
        if by_person {
            // `:undo` comes back here without replaying the game. A mark that fails only
            // leaves the undo to replay from the start, as it would unmarked.
            let _ = self.game.mark();
        }
        if let Err(e) = self.game.choose(seat, &picks) {
            return Err(self.counted(e));
        }
        let before = self.game.choices().len() - 1;
        self.recaps.marks.truncate(before);
        self.recaps.marks.resize(before, Mark { log, by_person: true, forced: false });
        self.recaps.marks.push(Mark { log, by_person, forced });
        let made = self.game.choices().last().cloned();
        if made.is_some() && self.drive.ahead.last() == made.as_ref() {
            self.drive.ahead.pop();
        } else {
            self.drive.ahead.clear();
        }
        self.autosave();
        Ok(())
    }

    /// Makes the next `n` choices of the replayed record, reporting each.
    pub(super) fn step(&mut self, n: usize) {
        for _ in 0..n {
            let Some(c) = self.drive.ahead.last().cloned() else { break };
            let pos = self.game.choices().len() + 1;
            let q = self.pending_for(c.seat);
            match self.make(c.seat, c.picks.clone()) {
                Ok(()) => {
                    let what =
                        q.map(|q| format!("{}: {} -> {}", self.seat_name(c.seat), q.prompt, q.describe(&c.picks)));
                    self.say(format!("choice {pos}: {}", what.unwrap_or_default()));
                }
                Err(e) => {
                    self.warn(format!("choice {pos} ({}) no longer fits: {e}", describe_choice(&c)));
                    self.drive.diverged = true;
                    self.drive.ahead.clear();
                    break;
                }
            }
        }
    }

    /// The game's record with who plays each seat and what the bots' picks depend on:
    /// what saves hold, so that a session continued from one plays on as this one would.
    pub(super) fn record(&self) -> Record {
        self.picker.record(&self.game, &self.bots)
    }

    pub(super) fn autosave(&mut self) {
        let Some(lock) = self.drive.save.as_ref().filter(|_| self.drive.autosaving) else { return };
        if let Err(e) = self.record().save(lock.save_path()) {
            self.drive.autosaving = false;
            self.warn(format!("autosave failed, autosave is off: {e}"));
        }
    }

    /// Reads a line; piped answers are echoed after the prompt so transcripts read well.
    pub(super) fn read(&mut self, prompt: &str) -> Line {
        let _ = self.io.out.flush();
        if let Some(t) = self.recaps.typed.take() {
            // Typed at a pager's prompt just before: the answer to this one.
            self.say(format!("{prompt}{t}"));
            return Line::Text(t);
        }
        let line = self.io.input.read(prompt);
        if !self.io.input.is_terminal() {
            if let Line::Text(t) = &line {
                self.say(format!("{prompt}{t}"));
            }
        }
        line
    }
}
