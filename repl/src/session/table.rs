//! Keeping secrets at the table.
//!
//! **Table play** is how a session runs when two or more seats are played by people (at
//! a terminal or not) and no one asked for designer mode (`--designer`, a game alone
//! against bots, or `replay --step`): people share one screen, so the session keeps each
//! seat's secrets from the others. Whatever shows a seat's secrets comes after a
//! handover ("Pass the keyboard to X", at a terminal) unless that person already has the
//! keyboard and saw the screen before (so also at the start, and after `:load`,
//! `:reload`, `:undo` and `:redo`, when the screen is stale).
//!
//! Who has the keyboard: the order in which questions are put (a bot's first; a secret
//! question as a round of the keyboard through every person, those not asked told so, so
//! that the room cannot tell who was asked), and the handover before a person's screen,
//! where the person leaving may still take back or change the answer just given.
//!
//! What each command may do here is written in the commands' table
//! (`command::COMMANDS`, `Spec::at_table`): a command marked `Refused` (`:god`) is
//! refused with its reason ([`Session::refused`]); a command marked `Own` is kept to the
//! person at the keyboard by this module: `:as` shows only their own view, `:log`,
//! `:map` and `:svg` show what they see ([`Session::own_view`]), `:change` is for their
//! own answer, `:redo` makes again only their own answers, and `:undo` takes back only
//! what showed them nothing new: their own answers the game has not acted on (a
//! simultaneous decision others still make). Rules keep hidden state in Lua too, so the
//! engine cannot tell whether a step that ran showed the person something new (a card
//! drawn, a die, an outcome that hung on hidden cards), but a step that has not run
//! showed nothing. Those answers are taken back at the handover right after answering
//! (the next screen is already the next person's), so the handover prompt takes `:undo`
//! and `:change` from the person leaving. Each refusal says that `--designer` allows
//! more. The seed is not printed.
//!
//! A person's question with only one possible answer is answered at once (`auto.rs`)
//! unless that would give something away ([`Session::answers_at_once`]): a secret one
//! keeps its round of the keyboard, where its visit is the one of a seat not asked
//! ("nothing for you to decide now"), the only answer made without asking; another is
//! answered at once only when its person already has the keyboard (answering before a
//! handover would show the room how few options they had, which may hang on a secret).

use super::{End, Session};
use crate::answer::Question;
use crate::command::{self, AtTable, Command};
use crate::input::Line;
use std::collections::BTreeSet;

/// Who has the keyboard, and whether the table's rules hold at all.
#[derive(Default)]
pub(super) struct Table {
    /// Designer mode: every command works for everyone.
    pub(super) designer: bool,
    /// The last human seat asked, for hot-seat pauses: at the table, the person who has
    /// the keyboard and saw the last screen (None: no one yet, or the screen is stale).
    pub(super) last_human: Option<usize>,
    /// A secret question in hot-seat play starts a round: the keyboard visits every
    /// human seat in seat order, each answers what it is asked or sees that it has
    /// nothing to decide, so the room cannot tell who was asked. The seats still to visit.
    pub(super) round: Vec<usize>,
    /// The seat the round visits now, and the position it was visited at.
    pub(super) visit: Option<(usize, usize)>,
}

/// How a handover at the table ended.
pub(super) enum Handover {
    /// The next person has the keyboard.
    Passed,
    /// The person leaving took an answer back or changed it: the question may differ.
    Changed,
    Quit,
    Eof,
}

/// Whether a game of `players` seats, `bots` among them, is table play: two or more
/// seats played by people and no designer mode (see the module's notes).
pub fn table_play(players: usize, bots: &BTreeSet<usize>, designer: bool) -> bool {
    !designer && (1..=players).filter(|s| !bots.contains(s)).count() > 1
}

impl Session<'_> {
    /// Table play: two or more seats are played by people, not in designer mode.
    pub fn at_the_table(&self) -> bool {
        table_play(self.game.players(), &self.bots, self.table.designer)
    }

    /// The seat at the keyboard while `q` is on screen: the seat asked, or, when a person
    /// answers for a bot whose pick failed, the last person asked.
    pub(super) fn keyboard(&self, q: &Question) -> Option<usize> {
        if self.bots.contains(&q.seat) {
            self.table.last_human
        } else {
            Some(q.seat)
        }
    }

    /// Why `cmd` is refused here, when the table refuses it (the commands the commands'
    /// table marks `Refused`, at the table only).
    pub(super) fn refused(&self, cmd: &Command) -> Option<String> {
        let spec = cmd.spec();
        match spec.at_table {
            AtTable::Refused(why) if self.at_the_table() => Some(format!("{}: {why}", spec.name)),
            _ => None,
        }
    }

    /// Whether `:as` may show seat `n` to the person at the `keyboard`: at the table,
    /// only their own.
    pub(super) fn may_view(&self, n: usize, keyboard: Option<usize>) -> Result<(), String> {
        if !self.at_the_table() || Some(n) == keyboard {
            return Ok(());
        }
        Err(format!(
            ":as: at the table each person sees only their own view ({}'s); --designer shows any seat's",
            keyboard.map(|k| self.seat_name(k)).unwrap_or_else(|| "the seat asked".into())
        ))
    }

    /// Whose eyes `:log`, `:map` and `:svg` see through when `keyboard` is the person at
    /// the keyboard: at the table theirs (None when no one has it), elsewhere the view
    /// on screen (`Some(None)`: the GOD VIEW).
    pub(super) fn own_view(&self, keyboard: Option<usize>) -> Option<Option<usize>> {
        if self.at_the_table() {
            keyboard.map(Some)
        } else {
            Some(self.viewer)
        }
    }

    /// Whether the person at the keyboard (`holder`) may change seat `n`'s answer: at the
    /// table only their own. Checked before whether there is an answer to change, so
    /// that a refusal tells nothing of another seat's answer.
    pub(super) fn may_change(&self, n: usize, holder: Option<usize>) -> Result<(), String> {
        if self.at_the_table() && Some(n) != holder {
            return Err(
                ":change: at the table only the person at the keyboard may change an answer, their own; --designer allows more"
                    .into(),
            );
        }
        Ok(())
    }

    /// Whether `:redo` may make again what waits on the redo stack for `asker`: at the
    /// table only when the next person's answer there is the asker's own.
    pub(super) fn may_redo(&self, asker: Option<usize>) -> Result<(), String> {
        let person = self.drive.ahead.iter().rev().find(|c| !self.bots.contains(&c.seat)).map(|c| c.seat);
        if self.at_the_table() && person.is_some_and(|p| Some(p) != asker) {
            return Err(
                ":redo: at the table you may make again only your own answers taken back; --designer allows more"
                    .into(),
            );
        }
        Ok(())
    }

    /// How many of the last choices `:undo N` asked by `asker` takes back at the table:
    /// the last N answers of `asker` that the game has not acted on, with the bots'
    /// answers and the answers that had only one choice since. Err when there are none, or when another person has answered since
    /// (taking theirs back would be deciding for them).
    pub(super) fn unacted(&self, n: usize, asker: Option<usize>) -> Result<usize, String> {
        let choices = self.game.choices();
        let start = choices.len() - self.game.unacted();
        let tail = &choices[start..];
        let (mut mine, mut k) = (0, 0);
        for (i, c) in tail.iter().enumerate().rev() {
            if Some(c.seat) == asker {
                if self.decided(start + i, c.seat) {
                    mine += 1;
                    k = tail.len() - i;
                    if mine == n {
                        break;
                    }
                }
            } else if self.decided(start + i, c.seat) {
                break;
            }
        }
        if k == 0 {
            return Err(
                ":undo: at the table you may take back only your own answers the game has not acted on, right after \
                 answering (at the \"Pass the keyboard\" prompt); --designer allows more"
                    .into(),
            );
        }
        Ok(k)
    }

    /// Whether a person's question with only one answer may be answered at once without
    /// giving anything away (see the module's notes).
    pub(super) fn answers_at_once(&self, q: &Question) -> bool {
        !(self.at_the_table() && (q.secret || self.table.last_human != Some(q.seat) || self.table.visit.is_some()))
    }

    /// The question to put next: a bot's first, else, in a secret round (hot-seat play at
    /// a terminal), that of the seat the keyboard visits. Err when the input ended.
    pub(super) fn next_question(&mut self) -> Result<Option<Question>, ()> {
        let Some(first) = self.game.next_request().map(Question::of) else { return Ok(None) };
        if self.drive.stepping || self.bots.contains(&first.seat) {
            return Ok(Some(first));
        }
        if self.table.round.is_empty() && self.table.visit.is_none() {
            let humans = self.human_seats();
            if !(first.secret && self.io.input.is_terminal() && humans.len() > 1) {
                return Ok(Some(first));
            }
            self.table.round = humans;
        }
        let pos = self.game.choices().len();
        if let Some((seat, at)) = self.table.visit {
            if at == pos {
                if let Some(q) = self.pending_for(seat) {
                    return Ok(Some(q));
                }
            }
            self.table.visit = None;
        }
        while !self.table.round.is_empty() {
            let seat = self.table.round.remove(0);
            match self.pending_for(seat) {
                Some(q) => {
                    if let Some(picks) = q.only_answer() {
                        // Nothing to decide: the visit looks like one to a seat not asked,
                        // and the only answer is made without asking.
                        if !self.idle_visit(seat) {
                            return Err(());
                        }
                        if self.make_by(seat, picks, false).is_ok() {
                            return self.next_question();
                        }
                        self.drive.bot_failed = Some(pos);
                    } else if !self.pause(seat) {
                        return Err(());
                    }
                    self.table.last_human = Some(seat);
                    self.table.visit = Some((seat, pos));
                    return Ok(Some(q));
                }
                None => {
                    if !self.idle_visit(seat) {
                        return Err(());
                    }
                }
            }
        }
        // The round is over: what comes next may start another.
        self.next_question()
    }

    /// The question pending for `seat`, if any.
    pub(super) fn pending_for(&self, seat: usize) -> Option<Question> {
        self.game.pending().into_iter().find(|r| r.seat == seat).map(Question::of)
    }

    /// A visit of a secret round to a seat that is not asked: the same pause as for a
    /// seat asked, then a screen that tells it so.
    pub(super) fn idle_visit(&mut self, seat: usize) -> bool {
        if !self.pause(seat) {
            return false;
        }
        self.table.last_human = Some(seat);
        let name = self.seat_name(seat);
        self.say(format!("{name}: nothing for you to decide now. Press Enter."));
        let _ = self.io.out.flush();
        // What is typed here is not kept: the next screen may be another person's.
        self.io.input.wait_for_enter("").is_some()
    }

    pub(super) fn human_seats(&self) -> Vec<usize> {
        (1..=self.game.players()).filter(|s| !self.bots.contains(s)).collect()
    }

    /// Clears the screen and waits until the next player has the keyboard. False at the
    /// end of input or on `:quit`.
    pub(super) fn pause(&mut self, seat: usize) -> bool {
        matches!(self.hand_over(seat, false), Handover::Passed)
    }

    /// Clears the screen and waits until `seat` has the keyboard (Enter). A command typed
    /// there is not taken for Enter (the person leaving would see the next one's screen):
    /// `:quit` quits, and when `leaving_may_act` (a handover at the table between two
    /// prompts) the person leaving, the last asked, may still take back or change the
    /// answer just given (the commands marked `at_handover`: `:undo`, `:change`), the one
    /// moment at the table when they can. Other commands wait for the next prompt.
    pub(super) fn hand_over(&mut self, seat: usize, leaving_may_act: bool) -> Handover {
        let name = self.seat_name(seat);
        // What a command that does not act here is told.
        let wait = if leaving_may_act {
            format!("the keyboard goes to {name}: press Enter (before that, :undo or :change takes back the answer you just gave)")
        } else {
            format!("the keyboard goes to {name}: press Enter (:quit to leave)")
        };
        self.recaps.typed = None;
        self.say(format!("{}\x1b[H\x1b[2J\x1b[3J", "\n".repeat(60)));
        self.say(format!("Pass the keyboard to {name}. Press Enter."));
        let _ = self.io.out.flush();
        loop {
            let text = match self.io.input.read("") {
                Line::Eof => return Handover::Eof,
                Line::Interrupted => continue,
                Line::Text(t) => t,
            };
            let t = text.trim();
            if !t.starts_with(':') {
                return Handover::Passed;
            }
            let leaving = self.table.last_human;
            match command::parse(t) {
                Err(e) => self.warn(e),
                Ok(Command::Quit) => return Handover::Quit,
                Ok(c) if !(leaving_may_act && c.spec().at_handover) => self.warn(&wait),
                Ok(Command::Undo(n)) => {
                    if self.undo(n, leaving) {
                        return Handover::Changed;
                    }
                }
                Ok(Command::Change(s)) => match self.changeable(&s, leaving) {
                    Ok(n) => {
                        return match self.answer_again(n) {
                            Some(End::Eof) => Handover::Eof,
                            Some(_) => Handover::Quit,
                            None => Handover::Changed,
                        }
                    }
                    Err(e) => self.warn(e),
                },
                Ok(_) => self.warn(&wait),
            }
            self.say(format!("Pass the keyboard to {name}. Press Enter."));
            let _ = self.io.out.flush();
        }
    }
}
