//! A step: one seat's answer validated against its decision, and once every seat asked
//! has answered, the flow resumed to its next decision or its end. A step that fails
//! leaves the game as it was: an illegal answer is refused before anything runs, and
//! after a script error the game is rebuilt by replaying its log without the answer.
//! Undo and redo are replays too. A table marks undo points ([`Game::mark`]: before each
//! of a person's decisions): a second game, kept at that position by replaying the
//! choices since its last one, so that taking back the person's last decisions costs the
//! few choices after the point instead of the whole game. Play is not changed by marks:
//! a marked game is the one a replay makes, by construction.

use super::flow::{check_declared, read_result, Pending};
use super::request::Request;
use super::setup::Setup;
use super::Game;
use crate::content::Content;
use crate::diag::{Error, Result};
use crate::lua::lua_err;
use crate::record::Choice;
use mlua::thread::ThreadStatus;
use mlua::{MultiValue, Value};
use std::sync::Arc;

impl Game {
    /// Answers the pending decision of `seat` with 1-based `picks`. On any error the game
    /// is as it was before the call.
    pub fn choose(&mut self, seat: usize, picks: &[u32]) -> Result<()> {
        let idx = self.validate(seat, picks)?;
        self.vm.shared.lead.borrow_mut().note(&self.vm.shared.state.borrow(), self.choices.len());
        let mut picks = picks.to_vec();
        let pending = self.pending.as_mut().expect("validated");
        let req = &pending.requests[idx];
        if req.multi {
            picks.sort_unstable();
        }
        // Per-card numbers count answered questions, whoever answers (a revised answer
        // counts once).
        if pending.answers[idx].is_none() {
            self.offered += req.count;
            for (i, tag) in req.tags.iter().enumerate() {
                if let Some(tag) = tag {
                    let u = match self.tags.get_mut(tag) {
                        Some(u) => u,
                        None => self.tags.entry(tag.clone()).or_default(),
                    };
                    u.note(seat, picks.contains(&(i as u32 + 1)));
                }
            }
        }
        pending.answers[idx] = Some(picks.clone());
        self.choices.push(Choice { seat, picks });
        if pending.answers.iter().any(|a| a.is_none()) {
            return Ok(());
        }
        let pending = self.pending.take().expect("validated");
        match self.resume_with(&pending) {
            Ok(()) => {
                self.redo.clear();
                Ok(())
            }
            Err(e) => {
                // Roll back: replay the log without the failing choice.
                // (Rebuilding replays steps that all succeeded before, so it succeeds.)
                let mut back = self.back_to(self.choices.len() - 1)?;
                back.redo = std::mem::take(&mut self.redo);
                *self = back;
                Err(e)
            }
        }
    }

    /// Takes back the last `n` choices (fewer if there are fewer). Returns how many.
    pub fn undo(&mut self, n: usize) -> Result<usize> {
        let n = n.min(self.choices.len());
        if n == 0 {
            return Err(Error::Usage("nothing to undo".into()));
        }
        let keep = self.choices.len() - n;
        let mut g = self.back_to(keep)?;
        let mut redo = std::mem::take(&mut self.redo);
        redo.extend(self.choices[keep..].iter().rev().cloned());
        g.redo = redo;
        *self = g;
        Ok(n)
    }

    /// Makes again the last `n` undone choices. Returns how many.
    pub fn redo(&mut self, n: usize) -> Result<usize> {
        let mut done = 0;
        while done < n {
            let Some(c) = self.redo.pop() else { break };
            let rest = std::mem::take(&mut self.redo);
            let r = self.choose(c.seat, &c.picks);
            self.redo = rest;
            if let Err(e) = r {
                self.redo.push(c);
                return Err(e);
            }
            done += 1;
        }
        if done == 0 {
            return Err(Error::Usage("nothing to redo".into()));
        }
        Ok(done)
    }

    fn validate(&self, seat: usize, picks: &[u32]) -> Result<usize> {
        let Some(p) = &self.pending else {
            return Err(Error::Illegal("the game is over: there is no decision to make".into()));
        };
        let unanswered = p.requests.iter().zip(&p.answers).position(|(r, a)| r.seat == seat && a.is_none());
        let revised = || p.requests.iter().position(|r| r.seat == seat && r.revisable);
        let Some(idx) = unanswered.or_else(revised) else {
            // Only the seats this seat's view shows as deciding: a secret request is no
            // one else's business.
            let waiting: Vec<String> = self.deciding_for(Some(seat)).iter().map(|s| (s + 1).to_string()).collect();
            if waiting.is_empty() {
                return Err(Error::Illegal(format!("seat {seat} has no decision to make")));
            }
            return Err(Error::Illegal(format!(
                "seat {seat} has no decision to make (waiting for seat {})",
                waiting.join(", ")
            )));
        };
        p.requests[idx].shape().check(picks).map_err(Error::Illegal)?;
        Ok(idx)
    }

    fn resume_with(&mut self, pending: &Pending) -> Result<()> {
        let lua = &self.vm.lua;
        let answer = |r: &Request, a: &Vec<u32>| -> mlua::Result<Value> {
            if r.multi {
                Ok(Value::Table(lua.create_sequence_from(a.iter().copied())?))
            } else {
                Ok(Value::Integer(a[0] as i64))
            }
        };
        let arg = if pending.each {
            let t = lua.create_table().map_err(lua_err)?;
            for (r, a) in pending.requests.iter().zip(&pending.answers) {
                t.push(answer(r, a.as_ref().expect("all answered")).map_err(lua_err)?).map_err(lua_err)?;
            }
            Value::Table(t)
        } else {
            answer(&pending.requests[0], pending.answers[0].as_ref().expect("answered")).map_err(lua_err)?
        };
        let mut args = MultiValue::new();
        args.push_back(arg);
        self.resume(args)
    }

    /// Runs the flow to its next decision or its end.
    pub(super) fn resume(&mut self, args: MultiValue) -> Result<()> {
        self.vm.refill();
        let out = self.flow.resume::<MultiValue>(args);
        if let Some(bots) = self.vm.shared.auto.borrow_mut().as_mut() {
            self.choices.append(&mut bots.choices);
        }
        let out = out.map_err(|e| Error::Script(crate::lua::flow_message(&self.flow, &e)))?;
        if self.flow.status() != ThreadStatus::Resumable {
            let value = out.into_iter().next().unwrap_or(Value::Nil);
            let result =
                read_result(value, &self.content.main.file, self.players(), self.content.cooperative, &self.vm.lua)?;
            check_declared(&result, &self.content.result, self.players(), &self.content.game)?;
            self.result = Some(result);
            self.pending = None;
            // Bots that stayed in the flow for a batch's strategy bots are done.
            return self.finish_auto();
        }
        self.pending = Some(Pending::read(out, self.players(), &self.vm.shared)?);
        self.asked_at = self.choices.len();
        Ok(())
    }

    fn rebuild(content: Arc<Content>, setup: Setup, choices: &[Choice]) -> Result<Game> {
        let mut g = Game::new(content, setup)?;
        g.follow(choices)?;
        Ok(g)
    }

    /// Makes the choices of `choices` this game has not made yet (it has made a prefix).
    fn follow(&mut self, choices: &[Choice]) -> Result<()> {
        for c in &choices[self.choices.len()..] {
            self.choose(c.seat, &c.picks)?;
        }
        Ok(())
    }

    /// Marks this position as an undo point: [`Game::undo`] back to it or past it replays
    /// from the nearest point at or before where it goes back to, not from the start. The
    /// last [`MARKS`] points are kept, each a game of its own (a VM): the oldest is moved
    /// on to the new point, by the choices since; a new one (while there are fewer) is
    /// replayed from the start. Marking the same position again does nothing.
    pub fn mark(&mut self) -> Result<()> {
        let at = self.choices.len();
        if self.marks.last().is_some_and(|m| m.choices.len() == at) {
            return Ok(());
        }
        let mut m = if self.marks.len() >= MARKS {
            self.marks.remove(0)
        } else {
            Game::new(self.content.clone(), self.setup.clone())?
        };
        m.follow(&self.choices)?;
        self.marks.push(m);
        Ok(())
    }

    /// This game as it stood after its first `keep` choices: from the nearest mark at or
    /// before it (the marks after it are dropped, those before go with it), else replayed
    /// from the start.
    fn back_to(&mut self, keep: usize) -> Result<Game> {
        let Some(i) = self.marks.iter().rposition(|m| m.choices.len() <= keep) else {
            self.marks.clear();
            return Game::rebuild(self.content.clone(), self.setup.clone(), &self.choices[..keep]);
        };
        self.marks.truncate(i + 1);
        let mut g = self.marks.pop().expect("a mark at i");
        g.follow(&self.choices[..keep])?;
        g.marks = std::mem::take(&mut self.marks);
        Ok(g)
    }
}

/// How many undo points a game keeps ([`Game::mark`]): `:undo` of up to this many of a
/// person's decisions costs no replay from the start.
pub const MARKS: usize = 4;
