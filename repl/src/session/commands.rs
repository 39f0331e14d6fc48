//! Running the REPL's `:commands` on a session.
//!
//! Every command either works or says why in one message and leaves the game as it was.
//! `:undo` counts human decisions: it takes back the last N decisions of human seats and
//! every bot decision made since, so that a bot does not at once make again the decision
//! just taken back. `:load` and `:reload` are replays of a record; when a choice no
//! longer fits, the game stops before it and the choices from there wait on the redo
//! stack, to be tried again with `:redo` (after fixing the script and `:reload`ing).

use super::{describe_choice, Auto, End, Session};
use crate::answer::Question;
use crate::bots;
use crate::command::{Command, HELP};
use crate::input::Line;
use posse::game::Divergence;
use posse::hash::hex;
use posse::{Choice, Content, Game, Record};
use std::path::Path;
use std::sync::Arc;

impl Session<'_> {
    /// Runs a command while `q` is pending. Returns how the session ends, if it does.
    pub(super) fn exec(&mut self, cmd: Command, q: &Question) -> Option<End> {
        match cmd {
            Command::Help => self.say(HELP),
            Command::View => self.redraw(q),
            Command::As(seat) => match self.seat_of(&seat) {
                Ok(n) => {
                    self.viewer = Some(n);
                    self.redraw(q);
                }
                Err(e) => self.warn(format!(":as: {e}")),
            },
            Command::God => {
                self.viewer = None;
                self.redraw(q);
            }
            Command::Log(n) => self.show_log(n),
            Command::Undo(n) => self.undo(n),
            Command::Redo(n) => self.redo(n),
            Command::Save(file) => match self.game.record().save(Path::new(&file)) {
                Ok(()) => self.say(format!("saved {} choices to {file}", self.game.choices().len())),
                Err(e) => self.warn(e.to_string()),
            },
            Command::Load(file) => self.load(&file),
            Command::Reload => self.reload(),
            Command::Auto(n) => self.auto(n, q),
            Command::Change(seat) => return self.change(&seat),
            Command::Quit => return Some(End::Quit),
        }
        None
    }

    /// `:change SEAT`: the seat takes its answer back and answers again (passing the
    /// keyboard in hot-seat play), then the session goes on with the decision it was at.
    fn change(&mut self, seat: &str) -> Option<End> {
        let n = match self.seat_of(seat) {
            Ok(n) => n,
            Err(e) => {
                self.warn(format!(":change: {e}"));
                return None;
            }
        };
        let name = self.seat_name(n);
        if self.bots.contains(&n) {
            self.warn(format!(":change: {name} is a bot; bots keep their answers"));
            return None;
        }
        let Some((r, given)) = self.game.revisable(n) else {
            self.warn(format!(":change: {name} has no answer it may change now"));
            return None;
        };
        let (again, given) = (Question::of(r), again_labels(r, given));
        if self.io.input.is_terminal() && self.last_human.is_some_and(|h| h != n) && !self.pause(n) {
            return Some(End::Eof);
        }
        self.last_human = Some(n);
        self.viewer = Some(n);
        self.draw(Some(n));
        self.say(format!("{name}, answer again (now: {given}):"));
        self.show_question(&again);
        loop {
            let text = match self.read(&format!("{name} (change)> ")) {
                Line::Eof => return Some(End::Eof),
                Line::Interrupted => {
                    self.say(format!("{name} keeps the answer given"));
                    break;
                }
                Line::Text(t) => t,
            };
            match again.parse(text.trim()) {
                Ok(picks) => match self.make(n, picks) {
                    Ok(()) => break,
                    Err(e) => self.warn(e.to_string()),
                },
                Err(e) => self.warn(e),
            }
        }
        // Back to the decision the session was at, for whoever makes it.
        self.drawn = None;
        None
    }

    /// A seat by number, by name, or by its role when one seat has it (`:as marshal`).
    fn seat_of(&self, text: &str) -> Result<usize, String> {
        bots::seat_number(text, &self.game.setup().seats).or_else(|e| {
            let st = self.game.state();
            let with_role: Vec<usize> = (0..st.seats.len())
                .filter(|&i| st.seats[i].role.as_deref().is_some_and(|r| r.eq_ignore_ascii_case(text)))
                .collect();
            match with_role.as_slice() {
                [i] => Ok(i + 1),
                [] => Err(e),
                _ => Err(format!("{} seats are '{text}': name one of them", with_role.len())),
            }
        })
    }

    /// Draws the viewer's view again and, when a person must answer, the question.
    fn redraw(&mut self, q: &Question) {
        self.draw(self.viewer);
        if !self.stepping {
            self.show_question(q);
        }
    }

    fn undo(&mut self, n: usize) {
        let choices = self.game.choices();
        // Walk back to the n-th human decision from the end (or the earliest there is).
        let mut humans = 0;
        let mut k = 0;
        for (i, c) in choices.iter().enumerate().rev() {
            if !self.bots.contains(&c.seat) {
                humans += 1;
                k = choices.len() - i;
                if humans == n {
                    break;
                }
            }
        }
        if k == 0 {
            let why =
                if choices.is_empty() { "nothing to undo" } else { "nothing to undo: every choice so far was a bot's" };
            self.warn(why);
            return;
        }
        let removed: Vec<Choice> = choices[choices.len() - k..].to_vec();
        match self.game.undo(k) {
            Ok(_) => {
                self.ahead.extend(removed.into_iter().rev());
                self.after_change();
                let s = if k == 1 { "" } else { "s" };
                self.say(format!("took back {k} choice{s}"));
            }
            Err(e) => self.warn(e.to_string()),
        }
    }

    fn redo(&mut self, n: usize) {
        if self.ahead.is_empty() {
            self.warn("nothing to redo");
            return;
        }
        if self.stepping {
            self.step(n);
            return;
        }
        let mut humans = 0;
        let mut made = 0;
        while let Some(c) = self.ahead.last().cloned() {
            if !self.bots.contains(&c.seat) {
                if humans == n {
                    break;
                }
                humans += 1;
            }
            if let Err(e) = self.make(c.seat, c.picks.clone()) {
                self.warn(format!(
                    "cannot make again choice {} ({}): {e}",
                    self.game.choices().len() + 1,
                    describe_choice(&c)
                ));
                break;
            }
            made += 1;
        }
        if made > 0 {
            self.after_change();
            let s = if made == 1 { "" } else { "s" };
            self.say(format!("made again {made} choice{s}"));
        }
    }

    fn auto(&mut self, n: Option<usize>, q: &Question) {
        if self.stepping {
            let n = n.unwrap_or(self.ahead.len());
            self.step(n);
            return;
        }
        self.auto = match n {
            Some(n) => Auto::Count(n),
            None => Auto::Turn(q.seat),
        };
        self.bot_failed = None;
    }

    fn load(&mut self, file: &str) {
        let record = match Record::load(Path::new(file)) {
            Ok(r) => r,
            Err(e) => return self.warn(e.to_string()),
        };
        let content = if record.game == self.game.content().id {
            self.game.content().clone()
        } else {
            match Content::load(&self.root, &record.game) {
                Ok(c) => Arc::new(c),
                Err(e) => return self.warn(format!("{file}: cannot load game '{}':\n{e}", record.game)),
            }
        };
        if record.content_hash != hex(content.hash) {
            self.warn(format!(
                "{file}: saved with other content (hash {}, now {}); the replay may diverge",
                record.content_hash,
                hex(content.hash)
            ));
        }
        match Game::from_record(content, &record) {
            Ok((game, divergence)) => {
                self.game = game;
                let players = self.game.players();
                self.bots.retain(|&s| s <= players);
                self.ahead.clear();
                self.stepping = false;
                self.last_human = None;
                let n = self.game.choices().len();
                self.say(format!("loaded {file}: {}, replayed {n} of {} choices", record.game, record.choices.len()));
                if let Some(d) = divergence {
                    self.diverged_at(&d, &record.choices);
                }
                self.after_change();
            }
            Err(e) => self.warn(format!("{file}: {e}")),
        }
    }

    fn reload(&mut self) {
        let id = self.game.content().id.clone();
        let content = match Content::load(&self.root, &id) {
            Ok(c) => Arc::new(c),
            Err(e) => return self.warn(format!("reload failed, the game is unchanged:\n{e}")),
        };
        let same = content.hash == self.game.content().hash;
        let record = self.game.record();
        match Game::from_record(content, &record) {
            Ok((game, divergence)) => {
                self.game = game;
                let what = if same { "content unchanged" } else { "scripts and content reloaded" };
                self.say(format!("{what}; replayed {} of {} choices", self.game.choices().len(), record.choices.len()));
                if let Some(d) = divergence {
                    self.diverged_at(&d, &record.choices);
                }
                self.after_change();
            }
            Err(e) => self.warn(format!("reload failed, the game is unchanged:\n{e}")),
        }
    }

    /// Reports where a replay stopped and puts the choices from there on the redo stack.
    fn diverged_at(&mut self, d: &Divergence, choices: &[Choice]) {
        let kept = d.index - 1;
        self.warn(format!(
            "choice {} ({}) no longer fits: {}; the game stands after choice {kept} (:redo tries the rest again)",
            d.index,
            describe_choice(&d.choice),
            d.message
        ));
        self.ahead.extend(choices[kept..].iter().rev().cloned());
    }

    /// After the game was replaced or rewound: redraw at the next prompt, autosave.
    fn after_change(&mut self) {
        self.drawn = None;
        self.bot_failed = None;
        self.auto = Auto::Off;
        self.autosave();
    }
}

/// The labels of the picks `given` to `r`, joined.
fn again_labels(r: &posse::Request, given: &[u32]) -> String {
    let labels = r.labels();
    let picked: Vec<&str> =
        given.iter().map(|&i| labels.get(i as usize - 1).map(String::as_str).unwrap_or("?")).collect();
    if picked.is_empty() {
        "nothing".into()
    } else {
        picked.join(", ")
    }
}
