//! What the session draws: views (a seat's, or the omniscient one, marked as such), the
//! question, the log, and the closing lines.
//!
//! Views are drawn by the game's Lua renderer. When the renderer fails, the session says
//! so and falls back to the log lines the same seat may read, so a broken renderer never
//! stops a game and never shows more than the seat may see.

use super::Session;
use crate::answer::Question;
use posse::hash::hex;

impl Session<'_> {
    /// Draws the view of `seat`, or the omniscient view for None.
    pub(super) fn draw(&mut self, seat: Option<usize>) {
        let header = match seat {
            Some(s) => format!("--- view of {} ---", self.seat_name(s)),
            None => "=== GOD VIEW: everything, hidden information included ===".to_string(),
        };
        self.say(header);
        match self.game.render(seat) {
            Ok(text) => self.say(text.trim_end()),
            Err(e) => {
                self.warn(format!("the renderer failed: {e}"));
                let lines = self.game.log_lines(seat);
                let tail = lines[lines.len().saturating_sub(12)..].to_vec();
                for l in tail {
                    self.say(format!("  {l}"));
                }
            }
        }
        // Answers already given to the decision others still make, as far as this seat
        // may see them (its own; its teammates' where the game shows them to the team).
        for a in self.game.answers_for(seat) {
            let who = self.seat_name(a.seat);
            // At the table only the person at the keyboard may change an answer, their own.
            let may = !self.at_the_table() || seat == Some(a.seat);
            let change = if may && self.game.revisable(a.seat).is_some() && !self.bots.contains(&a.seat) {
                format!(" (:change {} to take it back)", a.seat)
            } else {
                String::new()
            };
            self.say(format!("{who} answered: {}{change}", a.labels.join(", ")));
        }
        if seat.is_none() {
            self.say("=== end of GOD VIEW ===");
        }
    }

    /// The deciding seat's name, the prompt and the numbered options.
    pub(super) fn show_question(&mut self, q: &Question) {
        let name = self.seat_name(q.seat);
        let who = if self.bots.contains(&q.seat) { format!("{name} (bot)") } else { name };
        self.say(format!("{who}: {}", q.prompt));
        self.say(q.options());
    }

    /// The last `n` log lines `viewer` may read (every line for None).
    pub(super) fn show_log(&mut self, n: usize, viewer: Option<usize>) {
        let lines = self.game.log_lines(viewer);
        let who = match viewer {
            Some(s) => format!("as {}", self.seat_name(s)),
            None => "GOD VIEW, every line".to_string(),
        };
        let shown = n.min(lines.len());
        self.say(format!("log ({who}; last {shown} of {}):", lines.len()));
        for l in &lines[lines.len() - shown..] {
            self.say(format!("  {l}"));
        }
    }

    /// At game end: the final view, then exactly `result: ...` and `state-hash: ...`. At
    /// the table it is the view of the person at the keyboard (none if no one was asked).
    pub(super) fn finish(&mut self) {
        let seat = if self.has_humans() || self.stepping { self.viewer } else { None };
        if seat.is_some() || !self.at_the_table() {
            self.draw(seat);
        }
        let result = self.game.result().map(|r| r.line()).unwrap_or_default();
        self.say(result);
        self.say(format!("state-hash: {}", hex(self.game.state_hash())));
        let _ = self.io.out.flush();
    }

    /// When leaving a game that is not over: how far it got, and its state hash.
    pub(super) fn unfinished(&mut self) {
        self.say(format!("unfinished: {} choices", self.game.choices().len()));
        self.say(format!("state-hash: {}", hex(self.game.state_hash())));
        let _ = self.io.out.flush();
    }
}
