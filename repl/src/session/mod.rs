//! The REPL session: one game, the people at the keyboard and the bots, until the game
//! ends, the input ends or someone types `:quit`.
//!
//! The loop asks the engine for the next pending decision. Bot seats (and human seats
//! under `:auto`) answer at once; a human seat sees its own view, the question and the
//! numbered options, and answers or types a command. Whatever goes wrong (a bad answer,
//! a script error, an unknown command) is one message and the game stays as it was.
//!
//! Choices taken back by `:undo` wait on the `ahead` stack (next on top): `:redo` makes
//! them again, and any choice equal to the top of the stack pops it, so undoing and
//! answering the same again keeps the rest redoable. Replaying with `--step` is the same
//! machinery: the session starts at the beginning with the whole record on `ahead`, and
//! Enter makes the next choice.
//!
//! **Table play** is how a session runs when two or more seats are played by people (at
//! a terminal or not) and no one asked for designer mode (`--designer`, a game alone
//! against bots, or `replay --step`): people share one screen, so the session keeps each
//! seat's secrets from the others. Whatever shows a seat's secrets comes after a
//! handover ("Pass the keyboard to X", at a terminal) unless that person already has the
//! keyboard and saw the screen before; the commands that would show another seat's
//! secrets (`:as` another seat, `:god`, `:change` of another seat's answer) are refused
//! with a reason; and `:undo` takes back only what showed the person asking nothing new:
//! their own answers the game has not acted on (a simultaneous decision others still
//! make). At the table those are taken back at the handover right after answering (the
//! next screen is already the next person's), so the handover prompt takes `:undo` and
//! `:change` from the person leaving.
//!
//! **What happened** reaches each person before their question: the recap of the log
//! lines they may read since they last decided (`recap.rs`), paged at a terminal so that
//! nothing scrolls away unseen. A person's question with only one possible answer is
//! answered at once and said in one line (kept for their recap too), unless it is at the
//! table and would give something away: a secret one keeps its round of the keyboard, and
//! another is answered at once only when its person already has the keyboard (answering
//! before a handover would show the room how few options they had). The end of a game
//! is a screen of its own (`end.rs`): the standings and the reason in words, then the
//! machine lines; `:undo`, `:save` and the read-only commands (`:log`...) still work
//! there, at a terminal or piped.
//!
//! Saving: `--save FILE` holds the file's lock for the whole session (see
//! `posse::savefile`) and saves when the game starts and after every step, each time
//! replacing the file whole, so a killed session loses at most the decision in flight.
//! A save says who plays each seat and what the bots' picks depend on, so `posse play
//! --load FILE` and `:load FILE` continue exactly the game the saved session was playing.
//!
//! Rules text (`:card`, `:cards`) and the board (`:map`) come from the game's content,
//! which is public like the rulebook: they are for everyone, at the table too
//! (`reference.rs`). A zone map is drawn with what stands in each zone, which is state:
//! `:map` and `:svg FILE` then show the asker's view (`pictures.rs`).
//!
//! All output goes through [`Io`], so tests can run a session on scripted lines.

mod auto;
mod commands;
mod end;
mod pictures;
mod recap;
mod reference;
mod show;
mod table;

use crate::answer::Question;
use crate::bots;
use crate::command;
use crate::input::{Completions, Line, LineSource};
use posse::record::{BotsRecord, PERSON};
use posse::savefile::SaveLock;
use posse::{Choice, Game, Record};
use recap::{Mark, Note};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;

/// Where a session reads and writes: answers in, the game on `out`, problems on `err`.
pub struct Io<'a> {
    pub input: &'a mut dyn LineSource,
    pub out: &'a mut dyn Write,
    pub err: &'a mut dyn Write,
}

/// Why a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The game is over; the result was printed.
    Over,
    Quit,
    /// The input ended.
    Eof,
}

/// How a handover at the table ended.
enum Handover {
    /// The next person has the keyboard.
    Passed,
    /// The person leaving took an answer back or changed it: the question may differ.
    Changed,
    Quit,
    Eof,
}

/// Who makes decisions for human seats besides the person at the keyboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Auto {
    Off,
    /// The bot makes this many more decisions of human seats.
    Count(usize),
    /// The bot plays this seat until another human seat must decide.
    Turn(usize),
}

pub struct Session<'a> {
    game: Game,
    root: PathBuf,
    bots: BTreeSet<usize>,
    picker: bots::Picker,
    /// The `--save` file, locked for the session's life.
    save: Option<SaveLock>,
    /// Whether autosave still works (after a failure the lock is kept, the saving stops).
    autosaving: bool,
    /// Designer mode: every command works for everyone (see the module's notes).
    designer: bool,
    /// Whose view is shown (None: the omniscient view).
    viewer: Option<usize>,
    /// Choices to make again (after `:undo`) or to replay (`--step`); next on top.
    ahead: Vec<Choice>,
    stepping: bool,
    auto: Auto,
    /// The last human seat asked, for hot-seat pauses: at the table, the person who has
    /// the keyboard and saw the last screen (None: no one yet, or the screen is stale).
    last_human: Option<usize>,
    /// A secret question in hot-seat play starts a round: the keyboard visits every
    /// human seat in seat order, each answers what it is asked or sees that it has
    /// nothing to decide, so the room cannot tell who was asked. The seats still to visit.
    round: Vec<usize>,
    /// The seat the round visits now, and the position it was visited at.
    visit: Option<(usize, usize)>,
    /// The position and seat the view was last drawn for.
    drawn: Option<(usize, usize)>,
    /// A position where a bot's pick (or the only answer) failed: a person answers that
    /// decision.
    bot_failed: Option<usize>,
    diverged: bool,
    /// Script errors met so far (a step, a renderer, a bot, a question's text): `play`
    /// exits non-zero after any. The position of the last question whose text failed,
    /// so that it counts once.
    script_errors: usize,
    text_failed: Option<usize>,
    /// Per choice of the game, where the log stood before it and who made it (recaps).
    marks: Vec<Mark>,
    /// Lines about seats' own decisions, for their recaps.
    notes: Vec<Note>,
    /// Per seat, how far the log was when the seat was last shown it (recaps mark what
    /// comes after as new).
    seen: BTreeMap<usize, usize>,
    io: Io<'a>,
}

impl<'a> Session<'a> {
    /// A session playing `game`; `bots` are seat numbers; `save` (locked) is saved when
    /// the game starts and after every step.
    pub fn new(game: Game, root: PathBuf, bots: BTreeSet<usize>, save: Option<SaveLock>, io: Io<'a>) -> Self {
        let picker = bots::Picker::new(game.setup().seed, bots.len() == game.players());
        Session {
            game,
            root,
            bots,
            picker,
            autosaving: save.is_some(),
            save,
            designer: false,
            viewer: None,
            ahead: Vec::new(),
            stepping: false,
            auto: Auto::Off,
            last_human: None,
            round: Vec::new(),
            visit: None,
            drawn: None,
            bot_failed: None,
            diverged: false,
            script_errors: 0,
            text_failed: None,
            marks: Vec::new(),
            notes: Vec::new(),
            seen: BTreeMap::new(),
            io,
        }
        .with_history()
    }

    /// Marks for the choices the game was given before the session (none, or a replay).
    fn with_history(mut self) -> Self {
        self.trim_history();
        self
    }

    /// Turns the session into a step-by-step replay of `choices` from the game's start
    /// (designer mode: whoever replays a record may see everything).
    pub fn stepping(mut self, choices: &[Choice]) -> Self {
        self.ahead = choices.iter().rev().cloned().collect();
        self.stepping = true;
        self.designer = true;
        self.bots.clear();
        self
    }

    /// Designer mode: today's powers for everyone, whoever plays.
    pub fn designer(mut self, on: bool) -> Self {
        self.designer |= on;
        self
    }

    /// Table play: two or more seats are played by people, not in designer mode.
    pub fn at_the_table(&self) -> bool {
        table_play(self.game.players(), &self.bots, self.designer)
    }

    #[cfg(test)]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether a replayed choice no longer fitted the game.
    pub fn diverged(&self) -> bool {
        self.diverged
    }

    /// How many script errors the session met (steps rolled back, renderers, strategy
    /// bots, questions whose prompt or labels failed).
    pub fn script_errors(&self) -> usize {
        self.script_errors
    }

    /// Counts a script error (when `e` is one) and passes it on.
    fn counted(&mut self, e: posse::Error) -> posse::Error {
        if matches!(e, posse::Error::Script(_)) {
            self.script_errors += 1;
        }
        e
    }

    /// Builds the pending questions' prompts and labels (a batch's bots never read them)
    /// and warns once a position about a script error in them.
    fn check_texts(&mut self) {
        let pos = self.game.choices().len();
        if self.text_failed == Some(pos) {
            return;
        }
        let failed: Vec<(usize, posse::Error)> = self
            .game
            .pending()
            .into_iter()
            .filter_map(|r| r.try_prompt().and_then(|_| r.try_labels()).err().map(|e| (r.seat, e)))
            .collect();
        for (seat, e) in failed {
            self.text_failed = Some(pos);
            self.script_errors += 1;
            let name = self.seat_name(seat);
            self.warn(format!("the question to {name} failed: {e}"));
        }
    }

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
            if self.stepping && self.ahead.is_empty() {
                self.stepping = false;
                let n = self.game.choices().len();
                self.say(format!("end of the record after {n} choices: the game goes on, every seat played from here"));
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
            if !self.stepping && self.bot_decides(q.seat) && self.bot_move(&q) {
                continue;
            }
            if !self.stepping && self.only_answer(&q) {
                continue;
            }
            let line = if self.stepping { Some(self.step_prompt()) } else { self.human_prompt(&q) };
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
                self.last_human != Some(q.seat)
            } else {
                self.last_human.is_some_and(|h| h != q.seat)
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
                self.last_human = Some(q.seat);
            }
            self.viewer = Some(q.seat);
            let screen = format!("{}\n{}", self.view_text(Some(q.seat)), self.question_text(q));
            // What happened since this person last decided comes first, after the handover.
            if is_human && !self.recap(q.seat, &screen) {
                return Some(Line::Eof);
            }
            self.say(screen);
            self.drawn = Some((pos, q.seat));
        }
        self.io.input.set_completions(Completions {
            labels: q.labels.clone(),
            multi: q.multi,
            seats: self.game.setup().seats.clone(),
            cards: self.card_names(),
            commands: command::NAMES.iter().map(|s| s.to_string()).collect(),
        });
        let prompt = format!("{}> ", self.seat_name(q.seat));
        Some(self.read(&prompt))
    }

    /// The seat at the keyboard while `q` is on screen: the seat asked, or, when a person
    /// answers for a bot whose pick failed, the last person asked.
    fn keyboard(&self, q: &Question) -> Option<usize> {
        if self.bots.contains(&q.seat) {
            self.last_human
        } else {
            Some(q.seat)
        }
    }

    /// In a step-by-step replay: shows the position, then waits for Enter or a command.
    fn step_prompt(&mut self) -> Line {
        let pos = self.game.choices().len();
        let total = pos + self.ahead.len();
        if self.drawn != Some((pos, 0)) {
            self.draw(self.viewer);
            // The recorded answer about to be made, to the question it answers.
            if let Some(c) = self.ahead.last().cloned() {
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
            commands: command::NAMES.iter().map(|s| s.to_string()).collect(),
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
        if self.stepping {
            if t.is_empty() {
                self.step(1);
            } else {
                self.warn("replaying: press Enter for the next choice, or :help");
            }
            return None;
        }
        match q.parse(t) {
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
    fn make(&mut self, seat: usize, picks: Vec<u32>) -> Result<(), posse::Error> {
        self.make_by(seat, picks, true)
    }

    /// Makes one choice, marks where the log stood before it and whether a person made it
    /// (`by_person`: for recaps), keeps the redo stack in step with it and autosaves.
    fn make_by(&mut self, seat: usize, picks: Vec<u32>, by_person: bool) -> Result<(), posse::Error> {
        let log = self.game.log_len();
        if let Err(e) = self.game.choose(seat, &picks) {
            return Err(self.counted(e));
        }
        let before = self.game.choices().len() - 1;
        self.marks.truncate(before);
        self.marks.resize(before, Mark { log, by_person: true });
        self.marks.push(Mark { log, by_person });
        let made = self.game.choices().last().cloned();
        if made.is_some() && self.ahead.last() == made.as_ref() {
            self.ahead.pop();
        } else {
            self.ahead.clear();
        }
        self.autosave();
        Ok(())
    }

    /// Makes the next `n` choices of the replayed record, reporting each.
    fn step(&mut self, n: usize) {
        for _ in 0..n {
            let Some(c) = self.ahead.last().cloned() else { break };
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
                    self.diverged = true;
                    self.ahead.clear();
                    break;
                }
            }
        }
    }

    /// The game's record with who plays each seat and what the bots' picks depend on:
    /// what saves hold, so that a session continued from one plays on as this one would.
    fn record(&self) -> Record {
        let mut record = self.game.record();
        record.played_by = (1..=self.game.players())
            .map(|s| if self.bots.contains(&s) { self.picker.kind(s) } else { PERSON }.to_string())
            .collect();
        record.bots = Some(BotsRecord { seed: self.picker.seed(), drawn: self.picker.drawn() });
        record
    }

    fn autosave(&mut self) {
        let Some(lock) = self.save.as_ref().filter(|_| self.autosaving) else { return };
        if let Err(e) = self.record().save(lock.save_path()) {
            self.autosaving = false;
            self.warn(format!("autosave failed, autosave is off: {e}"));
        }
    }

    /// Reads a line; piped answers are echoed after the prompt so transcripts read well.
    fn read(&mut self, prompt: &str) -> Line {
        let _ = self.io.out.flush();
        let line = self.io.input.read(prompt);
        if !self.io.input.is_terminal() {
            if let Line::Text(t) = &line {
                self.say(format!("{prompt}{t}"));
            }
        }
        line
    }

    fn seat_name(&self, seat: usize) -> String {
        self.game.setup().seats.get(seat.wrapping_sub(1)).cloned().unwrap_or_else(|| format!("seat {seat}"))
    }

    fn has_humans(&self) -> bool {
        !self.human_seats().is_empty()
    }

    /// Writes a line to the session's output.
    pub fn say(&mut self, text: impl AsRef<str>) {
        let _ = writeln!(self.io.out, "{}", text.as_ref());
    }

    fn warn(&mut self, text: impl AsRef<str>) {
        let _ = self.io.out.flush();
        let _ = writeln!(self.io.err, "{}", text.as_ref());
        let _ = self.io.err.flush();
    }
}

/// The seats as the start of a game lists them: `p1, p2 (bot), p3`.
pub fn seat_list(seats: &[String], bots: &BTreeSet<usize>) -> String {
    let named = seats.iter().enumerate();
    named
        .map(|(i, s)| if bots.contains(&(i + 1)) { format!("{s} (bot)") } else { s.clone() })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether a game of `players` seats, `bots` among them, is table play: two or more
/// seats played by people and no designer mode (see the module's notes).
pub fn table_play(players: usize, bots: &BTreeSet<usize>, designer: bool) -> bool {
    !designer && (1..=players).filter(|s| !bots.contains(s)).count() > 1
}

/// A choice as `seat 2 picked 3`, `seat 1 picked 1,3` or `seat 1 picked none`.
pub fn describe_choice(c: &Choice) -> String {
    let picks = if c.picks.is_empty() {
        "none".to_string()
    } else {
        c.picks.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
    };
    format!("seat {} picked {picks}", c.seat)
}

#[cfg(test)]
mod tests;
