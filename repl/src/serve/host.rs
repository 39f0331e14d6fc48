//! The game's own thread: the one place the game lives while it is served.
//!
//! A [`posse::Game`] holds a Lua VM, which stays on the thread that made it, so the
//! server's handlers never touch the game: they send the host an [`Ask`] with a channel
//! for its reply, and read what the host last published for them ([`Tables`]). The host
//! takes one ask at a time, so two answers never race: each is checked against the
//! question it answers (its `ask` and `epoch`, see below) before the game hears of
//! it, and a refused one leaves the game as it was.
//!
//! After every change the host lets the bots answer their seats' questions (a strategy
//! bot from its seat's view, the random bot from the seed and the position, as in the
//! REPL, so an undo meets the same bots' answers), answers a person's question that
//! allows one answer only where that tells the others nothing ([`Host::settle`]), saves
//! (`--save`: the REPL's save, replaced whole after every step), and then publishes every
//! page's state once.
//!
//! A seat's question is named to its page by `ask` ([`Host::ask_id`]: an opaque name
//! of the decision, the seat's own count of choices and the undo epoch) and `epoch`,
//! which counts the designer's undos: a second click, a reload's repeat, an old tab's
//! answer or a late change of an answer no longer names the question asked and is
//! refused.

use super::snapshot::{self, Tables};
use crate::answer;
use crate::bots::Picker;
use posse::record::BotsRecord;
use posse::savefile::SaveLock;
use posse::{Game, Record};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use tokio::sync::oneshot;

/// How many answers are tried for a bot's question a script fails on.
const FALLBACKS: usize = 8;

/// Why the host refused an ask: the HTTP status to answer with and what to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
}

impl Refusal {
    /// The request no longer fits the game (a second click, a reload, an old tab).
    pub fn stale(message: impl Into<String>) -> Refusal {
        Refusal { status: 409, message: message.into() }
    }

    /// The request does not fit the question (picks the engine refuses).
    pub fn invalid(message: impl Into<String>) -> Refusal {
        Refusal { status: 422, message: message.into() }
    }
}

/// What a handler asks of the host, with where to send the reply.
pub enum Ask {
    /// A seat's answer to its question `ask` of `epoch` (see [`Host::ask_id`]).
    Answer { seat: usize, ask: String, epoch: u64, picks: Vec<u32>, reply: oneshot::Sender<Result<String, Refusal>> },
    /// The designer's undo of the game its page showed (`epoch`, `choices`): the last
    /// decision a person made, and the bots' after it.
    Undo { epoch: u64, choices: usize, reply: oneshot::Sender<Result<String, Refusal>> },
    /// The designer's save to `file` (the REPL's `:save FILE`).
    Save { file: PathBuf, reply: oneshot::Sender<Result<String, Refusal>> },
    /// The designer's step through a game of bots alone: the next `count` decisions.
    Step { count: usize, reply: oneshot::Sender<Result<String, Refusal>> },
}

/// The game and everything that decides for it.
pub struct Host {
    pub game: Game,
    pub picker: Picker,
    /// Seats played by bots.
    pub bots: BTreeSet<usize>,
    /// The `--save` file, locked for the server's life.
    pub save: Option<SaveLock>,
    /// For each choice made, whether a person decided it (a person's seat, a question with
    /// more than one answer): the designer's undo goes back to the last of these.
    pub decided: Vec<bool>,
    pub epoch: u64,
    /// The key that names each question to its page (see [`Host::ask_id`]): random, so a
    /// page can neither read nor make another question's name.
    pub key: std::collections::hash_map::RandomState,
    /// What the designer's page says last (a bot that failed, a save, an undo): of the
    /// last ask only.
    pub notice: Option<String>,
    /// Why the game cannot go on (a script fails on every answer tried), until an answer
    /// or an undo moves it.
    pub stuck: Option<String>,
    /// A game of bots alone that the designer watches: the bots decide when the designer
    /// steps (`step` decisions at a time), not all at once before the page is open.
    pub watching: bool,
    pub step: usize,
    pub script_errors: usize,
}

impl Host {
    /// Saves the game as it starts, lets the bots play up to the first person's question
    /// and publishes every page's first state: done before any address is printed.
    pub fn start(&mut self, tables: &Tables) {
        self.autosave();
        self.settle();
        snapshot::publish(self, tables);
    }

    /// Serves asks until every sender is gone, publishing to `tables` after each.
    pub fn run(mut self, asks: Receiver<Ask>, tables: &Tables) {
        let mut over = self.game.is_over();
        if over {
            self.said_over();
        }
        while let Ok(ask) = asks.recv() {
            let errors = self.script_errors;
            self.notice = None;
            let (said, reply) = match ask {
                Ask::Answer { seat, ask, epoch, picks, reply } => (self.answer(seat, &ask, epoch, &picks), reply),
                Ask::Undo { epoch, choices, reply } => (self.undo(epoch, choices), reply),
                Ask::Save { file, reply } => (self.save_as(&file), reply),
                Ask::Step { count, reply } => (self.step_on(count), reply),
            };
            // Every page knows the change before the asker hears that it is made. A refused
            // ask changed nothing (but a script error the designer's page counts).
            if said.is_ok() || self.script_errors != errors {
                snapshot::publish(&self, tables);
            }
            let _ = reply.send(said);
            if self.game.is_over() != over {
                over = self.game.is_over();
                if over {
                    self.said_over();
                }
            }
        }
    }

    /// On the server's terminal: the game's end, in the machine line scripts read.
    fn said_over(&self) {
        let line = self.game.result().map(|r| r.line()).unwrap_or_default();
        println!("the game is over: {line}");
    }

    /// The decision being asked: how many choices were made before it was asked (the
    /// designer's page only: a seat is never told the count).
    pub fn at(&self) -> usize {
        self.game.choices().len() - self.game.unacted()
    }

    /// `seat`'s answer `picks` to its question `ask` (see [`Host::ask_id`]) of `epoch`,
    /// made when that is still the question it is asked and the engine takes it; then the
    /// bots play on.
    fn answer(&mut self, seat: usize, ask: &str, epoch: u64, picks: &[u32]) -> Result<String, Refusal> {
        if self.bots.contains(&seat) {
            return Err(Refusal::stale(format!("seat {seat} is played by a bot")));
        }
        if epoch != self.epoch {
            return Err(Refusal::stale(
                "this page showed the game before the designer took decisions back: here is the game now",
            ));
        }
        if self.game.is_over() {
            return Err(Refusal::stale("the game is over"));
        }
        if ask != self.ask_id(seat) {
            return Err(Refusal::stale("that question was answered already (a second click, or an old page)"));
        }
        // Asked now, or asked a decision it answered and may still change (`revisable`:
        // until every seat asked has answered).
        let asked = self.game.pending().iter().any(|r| r.seat == seat) || self.game.revisable(seat).is_some();
        if !asked {
            let why = if self.answered(seat) {
                "you answered this decision already; the others still decide"
            } else {
                "you are not asked anything now"
            };
            return Err(Refusal::stale(why));
        }
        match self.make(seat, picks, true) {
            Ok(()) => {}
            // The script's error may tell what others chose in secret: the designer reads
            // it; the page is told that the game's script failed, and nothing of why.
            Err(posse::Error::Script(e)) => {
                self.told(format!("{}'s answer {picks:?} failed: {e}", self.seat_name(seat)));
                self.stuck = Some("the game's script failed on an answer (the designer's page says why)".into());
                return Err(Refusal {
                    status: 500,
                    message: "the game's script failed on this answer: try another, or ask the host (the \
                              designer's page says why)"
                        .into(),
                });
            }
            Err(e) => return Err(Refusal::invalid(e.to_string())),
        }
        self.settle();
        Ok("answered".into())
    }

    /// The name `seat`'s page gives the question it is asked now (or the answer it may
    /// change): the decision (how many choices came before it was asked), how many
    /// choices the seat has made (so answering, or a change, names the next one anew) and
    /// the undo epoch, hashed with this server's secret key, so that the page learns
    /// nothing from it (not how many choices the others made) and no older question, of
    /// this decision or another, has the same name.
    pub fn ask_id(&self, seat: usize) -> String {
        use std::hash::BuildHasher;
        let made = self.game.choices().iter().filter(|c| c.seat == seat).count();
        format!("{:016x}", self.key.hash_one((self.epoch, self.at(), made, seat)))
    }

    /// Whether `seat` has answered the pending decision (its request is there, answered).
    fn answered(&self, seat: usize) -> bool {
        self.game.answers_for(Some(seat)).iter().any(|a| a.seat == seat)
    }

    /// Makes a choice, marks whether a person decided it, and saves.
    fn make(&mut self, seat: usize, picks: &[u32], by_person: bool) -> Result<(), posse::Error> {
        let forced = crate::session::forced(&self.game, seat);
        if by_person {
            // The designer's undo comes back here without replaying the whole game.
            let _ = self.game.mark();
        }
        if let Err(e) = self.game.choose(seat, picks) {
            if matches!(e, posse::Error::Script(_)) {
                self.script_errors += 1;
            }
            return Err(e);
        }
        let n = self.game.choices().len();
        self.decided.resize(n - 1, false);
        self.decided.push(by_person && !forced);
        self.stuck = None;
        self.autosave();
        Ok(())
    }

    /// Lets the bots answer, and a person's question that allows one answer only where
    /// that shows the others nothing, until a person must decide or the game is over (in
    /// a game of bots alone watched by the designer, one decision: the designer steps).
    ///
    /// A person's one-answer question is answered at once only when it is not secret and
    /// the same person made the choice just before (their turn goes on): the others saw
    /// them deciding already. Otherwise they would see the game pass that person by,
    /// and learn that they had no choice (one card left to play, one road open).
    ///
    /// An answer a script fails on is not the end of the game: a bot's question is
    /// answered by the random bot, then by each option in turn ([`FALLBACKS`] tries),
    /// each failure told to the designer. When nothing works, the game is `stuck`, which
    /// every page says (without the error, which may name anyone's secrets).
    pub fn settle(&mut self) {
        let mut steps = 0;
        loop {
            if self.game.is_over() || self.game.choices().len() >= posse::limits::MAX_DECISIONS {
                return;
            }
            if self.watching && steps == self.step {
                self.step = 0;
                return;
            }
            let last = self.game.choices().last().map(|c| c.seat);
            let pending: Vec<(usize, bool, bool)> =
                self.game.pending().iter().map(|r| (r.seat, answer::forced(r), r.secret)).collect();
            let quiet = |seat: usize, forced: bool, secret: bool| forced && !secret && last == Some(seat);
            let next = pending
                .iter()
                .find(|&&(seat, forced, secret)| self.bots.contains(&seat) || quiet(seat, forced, secret));
            let Some(&(seat, _, _)) = next else { return };
            if !self.answer_for(seat) {
                return;
            }
            steps += 1;
        }
    }

    /// Answers `seat`'s question for it (its bot, or its one answer), trying what else
    /// there is when a script fails on an answer. False when nothing worked: the game
    /// is then stuck.
    fn answer_for(&mut self, seat: usize) -> bool {
        let pos = self.game.choices().len();
        let name = self.seat_name(seat);
        let Some(r) = self.game.pending().into_iter().find(|r| r.seat == seat) else { return false };
        let (count, multi, min) = (r.count, r.multi, r.min);
        let mut tries: Vec<Vec<u32>> = Vec::new();
        if self.bots.contains(&seat) {
            match self.picker.pick_for(&self.game, pos, seat) {
                Ok(p) => tries.push(p),
                Err(e) => {
                    // The strategy bot's own script failed.
                    self.script_errors += 1;
                    self.told(format!("{name} (bot) could not decide ({e}); the random bot answers for it"));
                }
            }
            let Some(r) = self.game.pending().into_iter().find(|r| r.seat == seat) else { return false };
            tries.push(self.picker.pick(pos, r));
            // Then each option, as the question allows.
            let each = (1..=count as u32).map(|k| if multi { (k..k + min as u32).collect() } else { vec![k] });
            tries.extend(each.filter(|p: &Vec<u32>| p.last().is_none_or(|&l| l as usize <= count)));
        } else {
            tries.push(answer::Question::of(r).only_answer().unwrap_or_default());
        }
        let mut seen: Vec<Vec<u32>> = Vec::new();
        for picks in tries
            .into_iter()
            .filter(|p| {
                !seen.contains(p) && {
                    seen.push(p.clone());
                    true
                }
            })
            .take(FALLBACKS)
        {
            match self.make(seat, &picks, false) {
                Ok(()) => return true,
                Err(e) => self.told(format!("{name}'s answer {picks:?} failed: {e}")),
            }
        }
        self.stuck = Some(format!("{name}'s question: every answer tried failed (the designer's page says why)"));
        false
    }

    /// A problem the designer is told, on their page and on the server's terminal.
    fn told(&mut self, say: String) {
        eprintln!("{say}");
        self.notice = Some(say);
    }

    /// The designer's step through a game of bots alone: the next `n` decisions.
    fn step_on(&mut self, n: usize) -> Result<String, Refusal> {
        if !self.watching {
            return Err(Refusal::stale("people play this game: the bots play on by themselves"));
        }
        if self.game.is_over() {
            return Err(Refusal::stale("the game is over"));
        }
        let before = self.game.choices().len();
        self.step = n.max(1);
        self.settle();
        let made = self.game.choices().len() - before;
        Ok(format!("the bots made {}", crate::words::count(made, "decision")))
    }

    /// The designer's undo: back to before the last decision a person made (with the
    /// bots' and the one-answer choices after it); then the bots play on as before.
    fn undo(&mut self, epoch: u64, choices: usize) -> Result<String, Refusal> {
        let n = self.game.choices().len();
        if epoch != self.epoch || choices != n {
            return Err(Refusal::stale(
                "the game changed since the page showed it (an undo, or an answer): look again, then undo",
            ));
        }
        let Some(last) = (0..n).rev().find(|&i| self.decided.get(i).copied().unwrap_or(false)) else {
            return Err(Refusal::stale("nothing to undo: no person has decided anything yet"));
        };
        let k = n - last;
        self.game.undo(k).map_err(|e| Refusal::invalid(format!("undo failed: {e}")))?;
        self.decided.truncate(self.game.choices().len());
        self.epoch += 1;
        self.stuck = None;
        self.autosave();
        let who = self.game.pending().first().map(|r| self.seat_name(r.seat)).unwrap_or_default();
        let say = format!("took back {}; {who} decides again", crate::words::count(k, "choice"));
        self.notice = Some(say.clone());
        self.settle();
        Ok(say)
    }

    /// The designer's save: the REPL's `:save FILE`, under the file's lock unless it is
    /// the server's own `--save` file.
    fn save_as(&mut self, file: &Path) -> Result<String, Refusal> {
        if file.as_os_str().is_empty() {
            return Err(Refusal::invalid("name the file to save to"));
        }
        let own = self.save.as_ref().is_some_and(|l| l.guards(file));
        // From a web page a file is replaced only when it is a save already.
        if !own && file.is_file() && !super::holds_a_save(file) {
            return Err(Refusal::invalid(format!(
                "{} is there and is not a posse save: not replaced (name another file)",
                file.display()
            )));
        }
        let lock = if own { None } else { Some(SaveLock::acquire(file).map_err(|e| Refusal::invalid(e.to_string()))?) };
        let path = lock.as_ref().map_or(file.to_path_buf(), |l| l.save_path().to_path_buf());
        self.record().save(&path).map_err(|e| Refusal::invalid(format!("cannot save: {e}")))?;
        let say =
            format!("saved in {}; `posse serve --load {0}` or `posse play --load {0}` goes on with it", file.display());
        self.notice = Some(say.clone());
        Ok(say)
    }

    /// The game's record with who plays each seat and the bots' seed and stream: the
    /// REPL's save, so either continues the other's game.
    pub fn record(&self) -> Record {
        self.picker.record(&self.game, &self.bots)
    }

    fn autosave(&mut self) {
        let Some(lock) = self.save.as_ref() else { return };
        if let Err(e) = self.record().save(lock.save_path()) {
            let say = format!("autosave failed, autosave is off: {e}");
            eprintln!("{say}");
            self.notice = Some(say);
            self.save = None;
        }
    }

    pub fn seat_name(&self, seat: usize) -> String {
        self.game.setup().seats.get(seat.wrapping_sub(1)).cloned().unwrap_or_else(|| format!("seat {seat}"))
    }

    /// The kind of bot playing `seat`, when one does.
    pub fn bot_kind(&self, seat: usize) -> Option<&str> {
        self.bots.contains(&seat).then(|| self.picker.kind(seat))
    }
}

/// The seats played by people: every seat but the bots'.
pub fn people(players: usize, bots: &BTreeSet<usize>) -> Vec<usize> {
    (1..=players).filter(|s| !bots.contains(s)).collect()
}

/// A picker for `bots` (seat -> kind) in a game with `seed`, resumed from a save's bots'
/// record when one is given.
pub fn picker(
    content: &std::sync::Arc<posse::Content>,
    seed: u64,
    players: usize,
    kinds: &std::collections::BTreeMap<usize, String>,
    saved: Option<(BotsRecord, bool)>,
) -> Result<Picker, String> {
    let all_bots = kinds.len() == players;
    let picker = match saved {
        // The stream goes on from where it was only for the bots that drew from it.
        Some((b, same_bots)) => Picker::resume(b.seed, all_bots, if all_bots && same_bots { b.drawn } else { 0 }),
        None => Picker::new(seed, all_bots),
    };
    picker.with_strategies(content, kinds)
}
