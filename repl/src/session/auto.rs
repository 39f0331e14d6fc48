//! Answers the session makes without a person: a bot's (the random bot, or a seat's
//! strategy bot, also for a person's seat under `:auto`), and a person's only possible
//! answer when giving it at once tells the room nothing.

use super::drive::Auto;
use super::{bots, Session};
use crate::answer::Question;
use posse::Content;
use std::collections::BTreeMap;
use std::sync::Arc;

impl Session<'_> {
    /// The strategy bots of the bot seats `kinds` names (seat -> kind of bot).
    pub fn strategies(mut self, content: &Arc<Content>, kinds: &BTreeMap<usize, String>) -> Result<Self, String> {
        let picker = bots::Picker::new(self.game.setup().seed, self.bots.len() == self.game.players());
        self.picker = picker.with_strategies(content, kinds)?;
        Ok(self)
    }

    /// Whether a bot answers for `seat` now (bot seats, and human seats under `:auto`).
    pub(super) fn bot_decides(&mut self, seat: usize) -> bool {
        if self.drive.bot_failed == Some(self.game.choices().len()) {
            return false;
        }
        if self.bots.contains(&seat) {
            return true;
        }
        match self.drive.auto {
            Auto::Off => false,
            Auto::Count(_) => true,
            Auto::Turn(s) if s == seat => true,
            Auto::Turn(_) => {
                self.drive.auto = Auto::Off;
                false
            }
        }
    }

    /// Lets the random bot answer `q`. False when its pick failed (a person answers then).
    /// Bot seats' decisions are not shown: their prompts may tell what only they may
    /// know; what they did reaches the others through the game's log.
    pub(super) fn bot_move(&mut self, q: &Question) -> bool {
        let pos = self.game.choices().len();
        if pos >= posse::limits::MAX_DECISIONS && !self.has_humans() {
            self.warn(format!("the game did not end within {pos} decisions; the bots stop here"));
            self.drive.bot_failed = Some(pos);
            return false;
        }
        let name = self.seat_name(q.seat);
        let picked = if self.bots.contains(&q.seat) {
            self.picker.pick_in(&self.game, pos)
        } else {
            // `:auto` for a person: the random bot.
            let Some(picks) = self.game.next_request().map(|r| self.picker.pick(pos, r)) else { return false };
            Ok(picks)
        };
        let picks = match picked {
            Ok(p) => p,
            Err(e) => {
                // A strategy bot's script failed (or there was nothing to decide).
                self.drive.script_errors += 1;
                self.warn(format!("{name} (bot) could not decide: {e}"));
                self.warn("answer for it at the prompt");
                self.drive.bot_failed = Some(pos);
                self.drive.auto = Auto::Off;
                return false;
            }
        };
        match self.make_by(q.seat, picks.clone(), false) {
            Ok(()) => {
                if !self.bots.contains(&q.seat) {
                    // The question and the answer are the seat's own: shown only to the
                    // person at the keyboard when it is theirs, and kept for its recap.
                    // `:auto` for the rest of a turn (alone against bots: of the game) plays
                    // without a line a decision; `:auto N` says each of its N.
                    let said = format!("{name} (auto): {} -> {}", q.prompt, q.describe(&picks));
                    let each = matches!(self.drive.auto, Auto::Count(_));
                    if each && self.table.last_human == Some(q.seat) {
                        self.say(&said);
                    } else if each && !q.secret {
                        self.say(format!("{name} (auto): decided"));
                    }
                    self.drive.auto_made += 1;
                    self.note(q.seat, said);
                    if let Auto::Count(n) = self.drive.auto {
                        self.drive.auto = if n > 1 { Auto::Count(n - 1) } else { Auto::Off };
                    }
                }
                true
            }
            Err(e) => {
                self.warn(format!("{name} (bot) could not decide: {e}"));
                self.warn("answer for it at the prompt");
                self.drive.bot_failed = Some(pos);
                self.drive.auto = Auto::Off;
                false
            }
        }
    }

    /// Answers a person's question at once when it has only one possible answer and
    /// answering gives nothing away (`table.rs` says when). It is not shown: the person
    /// decided nothing, and what came of it is in the log (the record keeps the answer,
    /// `:undo` passes over it). False when the question waits for the person.
    pub(super) fn only_answer(&mut self, q: &Question) -> bool {
        let pos = self.game.choices().len();
        let Some(picks) = q.only_answer() else { return false };
        if self.bots.contains(&q.seat) || self.drive.bot_failed == Some(pos) {
            return false;
        }
        if !self.answers_at_once(q) {
            return false;
        }
        match self.make_by(q.seat, picks, false) {
            Ok(()) => true,
            Err(e) => {
                let name = self.seat_name(q.seat);
                self.warn(format!("{name}: the only answer failed: {e}"));
                self.drive.bot_failed = Some(pos);
                false
            }
        }
    }
}
