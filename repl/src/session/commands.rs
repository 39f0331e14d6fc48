//! Running the REPL's `:commands` on a session.
//!
//! Every command either works or says why in one message and leaves the game as it was.
//! `:undo` counts human decisions: it takes back the last N decisions of human seats and
//! every bot decision made since, so that a bot does not at once make again the decision
//! just taken back. `:load` and `:reload` are replays of a record; when a choice no
//! longer fits, the game stops before it and the choices from there wait on the redo
//! stack, to be tried again with `:redo` (after fixing the script and `:reload`ing).
//!
//! Which commands work where, and what the table allows, is the commands' table's to say
//! (`command::COMMANDS`); what each allowed command may show or take back at the table
//! is `table.rs`'s, which this module asks before it acts.

use super::drive::Auto;
use super::{describe_choice, recap, seat_list, End, Session};
use crate::answer::Question;
use crate::bots;
use crate::command::{self, Command};
use crate::input::Line;
use posse::game::Divergence;
use posse::hash::hex;
use posse::record::BotsRecord;
use posse::savefile::SaveLock;
use posse::{Choice, Content, Record};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

impl Session<'_> {
    /// Runs a command while `q` is pending. Returns how the session ends, if it does.
    pub(super) fn exec(&mut self, cmd: Command, q: &Question) -> Option<End> {
        if let Some(why) = self.refused(&cmd) {
            self.warn(why);
            return None;
        }
        let keyboard = self.keyboard(q);
        match cmd {
            Command::Help => self.say_paged(&command::help()),
            Command::View => self.redraw(q),
            Command::As(seat) => match self.seat_of(&seat) {
                Ok(n) => match self.may_view(n, keyboard) {
                    Ok(()) => {
                        self.viewer = Some(n);
                        self.redraw(q);
                    }
                    Err(e) => self.warn(e),
                },
                Err(e) => self.warn(format!(":as: {e}")),
            },
            Command::God => {
                self.viewer = None;
                self.redraw(q);
            }
            Command::Full => match self.own_view(keyboard) {
                Some(seat) => self.show_full(seat),
                None => self.warn(":full: at the table the view is the seat asked's; answer for this bot first"),
            },
            Command::Log(n) => match self.own_view(keyboard) {
                Some(seat) => self.show_log(n, seat),
                None => self.warn(":log: at the table the log is read as the seat asked; answer for this bot first"),
            },
            Command::Undo(n) => {
                self.undo(n, keyboard);
            }
            Command::Redo(n) => self.redo(n, keyboard),
            Command::Save(file) => self.save_as(&file),
            Command::Load(file) => self.load(&file),
            Command::Reload => self.reload(),
            Command::Auto(n) => self.auto(n, q),
            Command::Change(seat) => match self.changeable(&seat, keyboard) {
                Ok(n) => return self.answer_again(n),
                Err(e) => self.warn(e),
            },
            Command::Card(name) => self.show_card(&name),
            Command::Cards => self.show_cards(),
            Command::Rules => self.show_rules(),
            Command::Map => self.show_map(keyboard),
            Command::Svg(file) => self.write_svg(&file, keyboard),
            Command::Quit => return Some(End::Quit),
        }
        None
    }

    /// `:save FILE`: saves the record, under the file's lock unless this session holds it
    /// already (its `--save` file): a file another posse saves to is refused.
    pub(super) fn save_as(&mut self, file: &str) {
        let path = Path::new(file);
        let own = self.drive.save.as_ref().is_some_and(|l| l.guards(path));
        let lock = if own { None } else { Some(SaveLock::acquire(path)) };
        if let Some(Err(e)) = lock {
            return self.warn(e.to_string());
        }
        match self.record().save(path) {
            Ok(()) => self.say(format!("saved {} to {file}", crate::words::count(self.game.choices().len(), "choice"))),
            Err(e) => self.warn(e.to_string()),
        }
    }

    /// The seat `:change SEAT` names, when it may change its answer now: a person's seat
    /// that has answered a revisable decision others still make, and that the table lets
    /// `holder`, the person at the keyboard, change ([`Session::may_change`], checked
    /// first, so a refusal tells nothing of another seat's answer).
    pub(super) fn changeable(&self, seat: &str, holder: Option<usize>) -> Result<usize, String> {
        let n = self.seat_of(seat).map_err(|e| format!(":change: {e}"))?;
        let name = self.seat_name(n);
        if self.bots.contains(&n) {
            return Err(format!(":change: {name} is a bot; bots keep their answers"));
        }
        self.may_change(n, holder)?;
        if self.game.revisable(n).is_none() {
            return Err(format!(":change: {name} has no answer it may change now"));
        }
        Ok(n)
    }

    /// `:change SEAT` once allowed: the seat takes its answer back and answers again
    /// (passing the keyboard in designer hot-seat play), then the session goes on with
    /// the decision it was at.
    pub(super) fn answer_again(&mut self, n: usize) -> Option<End> {
        let name = self.seat_name(n);
        let Some((r, given)) = self.game.revisable(n) else {
            self.warn(format!(":change: {name} has no answer it may change now"));
            return None;
        };
        let (again, given) = (Question::of(r), again_labels(r, given));
        if self.io.input.is_terminal() && self.table.last_human.is_some_and(|h| h != n) && !self.pause(n) {
            return Some(End::Eof);
        }
        self.table.last_human = Some(n);
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
            let seats = self.game.seats();
            let with_role: Vec<usize> = (0..seats.len())
                .filter(|&i| seats[i].role.as_deref().is_some_and(|r| r.eq_ignore_ascii_case(text)))
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
        if !self.drive.stepping {
            self.show_question(q);
        }
    }

    /// `:undo N` asked by `asker` (the person at the keyboard): at the table what the
    /// table allows ([`Session::unacted`]). True when something was taken back.
    pub(super) fn undo(&mut self, n: usize, asker: Option<usize>) -> bool {
        if self.at_the_table() {
            return match self.unacted(n, asker) {
                Ok(k) => self.take_back(k),
                Err(e) => {
                    self.warn(e);
                    false
                }
            };
        }
        let choices = self.game.choices();
        // Walk back to the n-th decision a person made from the end (or the earliest there
        // is), with every answer made after it.
        let mut humans = 0;
        let mut k = 0;
        for (i, c) in choices.iter().enumerate().rev() {
            if self.decided(i, c.seat) {
                humans += 1;
                k = choices.len() - i;
                if humans == n {
                    break;
                }
            }
        }
        if k == 0 {
            let why = if choices.is_empty() {
                "nothing to undo"
            } else {
                "nothing to undo: every choice so far was a bot's or had only one answer"
            };
            self.warn(why);
            return false;
        }
        self.take_back(k)
    }

    /// Whether choice `i`, made for `seat`, was a person's decision: a person's seat, made
    /// at the keyboard (not by `:auto`), and its question allowed more than one answer.
    /// `:undo` counts these; the others are taken back with the decision before them.
    pub(super) fn decided(&self, i: usize, seat: usize) -> bool {
        let mark = self.recaps.marks.get(i);
        !self.bots.contains(&seat) && mark.is_none_or(|m| m.by_person && !m.forced)
    }

    /// Takes back the last `k` choices onto the redo stack.
    fn take_back(&mut self, k: usize) -> bool {
        let choices = self.game.choices();
        let removed: Vec<Choice> = choices[choices.len() - k..].to_vec();
        match self.game.undo(k) {
            Ok(_) => {
                self.trim_history();
                self.drive.ahead.extend(removed.into_iter().rev());
                self.after_change();
                let s = if k == 1 { "" } else { "s" };
                self.say(format!("took back {k} choice{s}"));
                true
            }
            Err(e) => {
                self.warn(e.to_string());
                false
            }
        }
    }

    /// `:redo N`: makes again the next N human decisions taken back, with the bots' among
    /// them. At the table only the asker's own: it stops before another person's.
    fn redo(&mut self, n: usize, asker: Option<usize>) {
        if self.drive.ahead.is_empty() {
            self.warn("nothing to redo");
            return;
        }
        if self.drive.stepping {
            self.step(n);
            return;
        }
        if let Err(e) = self.may_redo(asker) {
            return self.warn(e);
        }
        let table = self.at_the_table();
        let mut humans = 0;
        let mut made = 0;
        while let Some(c) = self.drive.ahead.last().cloned() {
            if !self.bots.contains(&c.seat) {
                if humans == n || (table && Some(c.seat) != asker) {
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
        if self.drive.stepping {
            let n = n.unwrap_or(self.drive.ahead.len());
            self.step(n);
            return;
        }
        self.drive.auto = match n {
            Some(n) => Auto::Count(n),
            None => Auto::Turn(q.seat),
        };
        self.drive.bot_failed = None;
    }

    /// `:load FILE`: the saved game, its seats and its bots (see [`Session::load_record`]).
    fn load(&mut self, file: &str) {
        let record = match Record::load(Path::new(file)) {
            Ok(r) => r,
            Err(e) => return self.warn(e.to_string()),
        };
        let content = if record.game == self.game.content().id && record.set == self.game.content().sets {
            self.game.content().clone()
        } else if !record.set.is_empty() {
            match crate::games::load_with(&self.root, &record.game, &record.set) {
                Ok(c) => c,
                Err(e) => return self.warn(format!("{file}: cannot load game '{}':\n{e}", record.game)),
            }
        } else {
            match Content::load(&self.root, &record.game) {
                Ok(c) => Arc::new(c),
                Err(e) => return self.warn(format!("{file}: cannot load game '{}':\n{e}", record.game)),
            }
        };
        if let Err(e) = self.load_record(content, &record, file, None) {
            self.warn(e);
        }
    }

    /// Replaces the game with the one `record` holds (from `file`), replayed with
    /// `content`: its seats are played as the record says (people and bots; `bots`, from
    /// `--bot`, overrides it; a record that does not say keeps this session's bots) and
    /// its bots pick as the saved session's would have, so the game goes on as it would
    /// have there. A choice that no longer fits stops the replay; the rest waits for
    /// `:redo`. On an error nothing changed.
    pub fn load_record(
        &mut self,
        content: Arc<Content>,
        record: &Record,
        file: &str,
        bots: Option<BTreeMap<usize, String>>,
    ) -> Result<(), String> {
        if record.content_hash != hex(content.hash) {
            self.warn(format!(
                "{file}: saved with other content (hash {}, now {}); the replay may diverge",
                record.content_hash,
                hex(content.hash)
            ));
        }
        let players = record.seats.len();
        let overridden = bots.is_some();
        let kinds: BTreeMap<usize, String> = match bots {
            Some(b) => b,
            None if record.played_by.is_empty() => self
                .bots
                .iter()
                .copied()
                .filter(|&s| s <= players)
                .map(|s| (s, self.picker.kind(s).to_string()))
                .collect(),
            None => bots::saved(record, &content, file)?,
        };
        let bots: BTreeSet<usize> = kinds.keys().copied().collect();
        let saved = record.bots.unwrap_or(BotsRecord { seed: record.seed, drawn: 0 });
        let all_bots = bots.len() == players;
        // The stream goes on from where it was only for the bots that drew from it.
        let drawn = if all_bots && record.bot_seats().count() == players { saved.drawn } else { 0 };
        let picker = bots::Picker::resume(saved.seed, all_bots, drawn);
        let picker = picker.with_strategies(&content, &kinds).map_err(|e| format!("{file}: {e}"))?;
        let (game, marks, divergence) = recap::replay(content, record).map_err(|e| format!("{file}: {e}"))?;
        self.game = game;
        self.recaps.marks = marks;
        self.recaps.notes.clear();
        self.recaps.seen.clear();
        self.bots = bots;
        self.picker = picker;
        self.drive.ahead.clear();
        self.drive.stepping = false;
        self.table.last_human = None;
        let n = self.game.choices().len();
        self.say(format!(
            "loaded {file}: {}, replayed {n} of {}",
            record.game,
            crate::words::count(record.choices.len(), "choice")
        ));
        let seats = seat_list(&record.seats, &self.bots);
        let from = if overridden { "from --bot, not from the save" } else { "as saved" };
        self.say(format!("seats ({from}): {seats}"));
        if let Some(d) = divergence {
            self.diverged_at(&d, &record.choices);
        }
        self.after_change();
        Ok(())
    }

    fn reload(&mut self) {
        let id = self.game.content().id.clone();
        let content = match Content::load(&self.root, &id) {
            Ok(c) => Arc::new(c),
            Err(e) => return self.warn(format!("reload failed, the game is unchanged:\n{e}")),
        };
        let same = content.hash == self.game.content().hash;
        let record = self.game.record();
        match recap::replay(content, &record) {
            Ok((game, marks, divergence)) => {
                self.game = game;
                self.recaps.marks = marks;
                self.trim_history();
                let what = if same { "content unchanged" } else { "scripts and content reloaded" };
                self.say(format!(
                    "{what}; replayed {} of {}",
                    self.game.choices().len(),
                    crate::words::count(record.choices.len(), "choice")
                ));
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
        self.drive.ahead.extend(choices[kept..].iter().rev().cloned());
    }

    /// After the game was replaced or rewound: redraw at the next prompt, autosave. At
    /// the table the next screen comes after a handover: the one who typed the command
    /// may not be the one it goes to, and what was on screen is stale.
    fn after_change(&mut self) {
        if self.at_the_table() {
            self.table.last_human = None;
        }
        // A secret round went round the game as it was; the next question starts afresh.
        self.table.round.clear();
        self.table.visit = None;
        self.drawn = None;
        self.drive.bot_failed = None;
        self.drive.auto = Auto::Off;
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
