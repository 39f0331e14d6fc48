//! Who has the keyboard when people share one screen: the order in which questions are
//! put (a bot's first; a secret question as a round of the keyboard through every person,
//! those not asked told so, so that the room cannot tell who was asked), and the handover
//! ("Pass the keyboard to X") before a person's screen, where the person leaving may still
//! take back or change the answer just given.

use super::{End, Handover, Session};
use crate::answer::Question;
use crate::command::{self, Command};
use crate::input::Line;

impl Session<'_> {
    /// The question to put next: a bot's first, else, in a secret round (hot-seat play at
    /// a terminal), that of the seat the keyboard visits. Err when the input ended.
    pub(super) fn next_question(&mut self) -> Result<Option<Question>, ()> {
        let Some(first) = self.game.next_request().map(Question::of) else { return Ok(None) };
        if self.stepping || self.bots.contains(&first.seat) {
            return Ok(Some(first));
        }
        if self.round.is_empty() && self.visit.is_none() {
            let humans = self.human_seats();
            if !(first.secret && self.io.input.is_terminal() && humans.len() > 1) {
                return Ok(Some(first));
            }
            self.round = humans;
        }
        let pos = self.game.choices().len();
        if let Some((seat, at)) = self.visit {
            if at == pos {
                if let Some(q) = self.pending_for(seat) {
                    return Ok(Some(q));
                }
            }
            self.visit = None;
        }
        while !self.round.is_empty() {
            let seat = self.round.remove(0);
            match self.pending_for(seat) {
                Some(q) => {
                    if !self.pause(seat) {
                        return Err(());
                    }
                    self.last_human = Some(seat);
                    self.visit = Some((seat, pos));
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
        self.last_human = Some(seat);
        let name = self.seat_name(seat);
        self.say(format!("{name}: nothing for you to decide now. Press Enter."));
        let _ = self.io.out.flush();
        self.io.input.wait_for_enter("")
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
    /// answer just given (`:undo`, `:change`), the one moment at the table when they can.
    /// Other commands wait for the next prompt.
    pub(super) fn hand_over(&mut self, seat: usize, leaving_may_act: bool) -> Handover {
        let name = self.seat_name(seat);
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
            let leaving = self.last_human;
            match command::parse(t) {
                Ok(Command::Quit) => return Handover::Quit,
                Ok(Command::Undo(n)) if leaving_may_act => {
                    if self.undo(n, leaving) {
                        return Handover::Changed;
                    }
                }
                Ok(Command::Change(s)) if leaving_may_act => match self.changeable(&s, leaving) {
                    Ok(n) => {
                        return match self.answer_again(n) {
                            Some(End::Eof) => Handover::Eof,
                            Some(_) => Handover::Quit,
                            None => Handover::Changed,
                        }
                    }
                    Err(e) => self.warn(e),
                },
                Ok(_) if leaving_may_act => self.warn(format!(
                    "the keyboard goes to {name}: press Enter (before that, :undo or :change takes back the answer you just gave)"
                )),
                Ok(_) => self.warn(format!("the keyboard goes to {name}: press Enter (:quit to leave)")),
                Err(e) => self.warn(e),
            }
            self.say(format!("Pass the keyboard to {name}. Press Enter."));
            let _ = self.io.out.flush();
        }
    }
}
