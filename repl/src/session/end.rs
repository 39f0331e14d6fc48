//! The end of a game: the last recap and view of the person at the keyboard, the
//! standings (each seat, its score where the game keeps one, the winners marked) and the
//! reason in words, then, piped or in designer mode, the machine lines `result: ...` and
//! `state-hash: ...` exactly as scripts read them (piped, they are the last two lines of
//! the output). After `:auto` to the end, a line saying so stands for the recap.
//!
//! The session then waits (at a terminal, or piped while commands follow): `:undo` takes
//! the ending back (the game goes on from the decision taken back; at the table only what
//! the table allows), `:save FILE` keeps the game, `:log` and the other read-only
//! commands still work (the commands' table marks them `after_end`), and Enter, `:quit`
//! or Ctrl-D leave. The room reads the standings
//! together, so they show only what the result says, which the game made public.

use super::{End, Session};
use crate::command::{self, Command};
use crate::input::Line;
use posse::hash::hex;
use posse::Game;

/// What a line the game-over screen does not take is told.
const OVER: &str = "the game is over: Enter or :quit leaves; :undo, :save FILE and :log still work";

impl Session<'_> {
    /// At game end: the recap and view of the person at the keyboard (at the table, none
    /// if no one was asked), the standings, then exactly `result: ...` and `state-hash: ...`.
    pub(super) fn finish(&mut self) {
        let seat = if self.has_humans() || self.drive.stepping { self.viewer } else { None };
        let standings = self.standings();
        if seat.is_some() || !self.at_the_table() {
            let view = self.view_text(seat);
            let person = seat.filter(|s| !self.bots.contains(s) && !self.drive.stepping);
            // At the table the recap is for the person who has the keyboard, only. What
            // follows it: the view, the standings, the machine lines and the prompt.
            let keyboard = person.filter(|&s| !self.at_the_table() || self.table.last_human == Some(s));
            if let Some(s) = keyboard {
                let n = self.drive.auto_made;
                if n > 0 {
                    // `:auto` played on to the end: what it did is in the log, not paged here.
                    let s = if n == 1 { "" } else { "s" };
                    self.say(format!("(:auto made {n} decision{s} to the end; :log reads the whole game)"));
                } else {
                    let _ = self.recap(s, &format!("{view}\n{standings}\n\n\n"));
                }
            }
            self.say(view);
        }
        self.say(standings);
        // At a terminal people read the standings; the machine lines are for scripts
        // reading the output (piped) and for designers.
        if !self.io.input.is_terminal() || self.table.designer {
            self.machine_lines();
        }
    }

    /// The lines scripts and tests read: how the game ended and its state hash.
    fn machine_lines(&mut self) {
        let result = self.game.result().map(|r| r.line()).unwrap_or_default();
        self.say(result);
        self.say(format!("state-hash: {}", hex(self.game.state_hash())));
        let _ = self.io.out.flush();
    }

    fn standings(&self) -> String {
        standings(&self.game)
    }

    /// Once the end is shown: waits for `:undo` (None: the game goes on), `:save FILE`,
    /// the read-only commands (`:log`, `:card`...), or Enter, `:quit` or the end of input
    /// (the session ends). Piped, the commands that follow the end are run (so `:auto`
    /// then `:log` reads the whole game) and the first other line ends the session
    /// unechoed: with nothing after the end, the machine lines stay the last.
    pub(super) fn after_the_end(&mut self) -> Option<End> {
        if self.drive.stepping {
            return Some(End::Over);
        }
        let terminal = self.io.input.is_terminal();
        if terminal {
            let undo = if self.at_the_table() { "" } else { "; :undo takes your last decision back" };
            self.say(format!("Enter or :quit leaves{undo}; :save FILE saves; :log reads the log."));
        }
        loop {
            let line = if terminal { self.read("game over> ") } else { self.io.input.read("game over> ") };
            let text = match line {
                Line::Eof | Line::Interrupted => return Some(End::Over),
                Line::Text(t) => t,
            };
            let t = text.trim();
            if t.is_empty() || (!terminal && !t.starts_with(':')) {
                return Some(End::Over);
            }
            if !terminal {
                self.say(format!("game over> {t}"));
            }
            if !t.starts_with(':') {
                self.warn(OVER);
                continue;
            }
            match command::parse(t) {
                Err(e) => self.warn(e),
                Ok(c) if !c.spec().after_end => self.warn(OVER),
                Ok(Command::Quit) => return Some(End::Over),
                Ok(Command::Undo(n)) => {
                    if self.undo(n, self.table.last_human) {
                        return None;
                    }
                }
                Ok(Command::Save(file)) => self.save_as(&file),
                Ok(Command::Log(n)) => match self.own_view(self.table.last_human) {
                    Some(seat) => self.show_log(n, seat),
                    None => self.warn(":log: at the table the log is read as the person at the keyboard; no one is"),
                },
                Ok(Command::Full) => match self.own_view(self.table.last_human) {
                    Some(seat) => self.show_full(seat),
                    None => self.warn(":full: at the table the view is the person's at the keyboard; no one is"),
                },
                Ok(Command::Card(name)) => self.show_card(&name),
                Ok(Command::Cards) => self.show_cards(),
                Ok(Command::Rules) => self.show_rules(),
                Ok(Command::Map) => self.show_map(self.table.last_human),
                Ok(Command::Svg(file)) => self.write_svg(&file, self.table.last_human),
                Ok(_) => self.warn(OVER),
            }
        }
    }
}

/// Who won and why, in words, and every seat with its score and its role or side:
/// winners first (marked `*`), then the others by score.
pub fn standings(game: &Game) -> String {
    let Some(result) = game.result() else { return String::new() };
    let seats = game.seats();
    let name = |s: usize| game.setup().seats.get(s - 1).cloned().unwrap_or_else(|| format!("seat {s}"));
    let winners: Vec<String> = result.winners.iter().map(|&w| name(w)).collect();
    let headline = match (result.crew, winners.as_slice()) {
        (Some(true), _) => "The crew wins".to_string(),
        (Some(false), _) => "The crew loses".to_string(),
        (None, []) => "Nobody wins".to_string(),
        (None, [one]) => format!("{one} wins"),
        (None, [rest @ .., last]) => format!("{} and {last} win", rest.join(", ")),
    };
    let reason = result.reason.as_deref().map(|r| format!(": {r}")).unwrap_or_default();
    let mut order: Vec<usize> = (1..=game.players()).collect();
    let score = |s: &usize| result.scores.get(s).copied();
    order.sort_by_key(|s| (!result.winners.contains(s), std::cmp::Reverse(score(s))));
    let width = order.iter().map(|&s| name(s).chars().count()).max().unwrap_or(0);
    let mut out = vec!["=== The game is over ===".to_string(), format!("{headline}{reason}.")];
    for s in order {
        let seat = &seats[s - 1];
        let mark = if result.winners.contains(&s) { "*" } else { " " };
        let mut line = format!("  {mark} {:width$}", name(s));
        if let Some(v) = score(&s) {
            line.push_str(&format!("  score {v:>6}"));
        }
        // Its role, else its side by the name the game gives it ("Law").
        let side = seat.team.as_deref().map(|t| game.content().side_name(t));
        let mut about: Vec<String> = seat.role.clone().or(side).into_iter().collect();
        if seat.eliminated {
            about.push("out".into());
        }
        if !about.is_empty() {
            line.push_str(&format!("  ({})", about.join(", ")));
        }
        out.push(line.trim_end().to_string());
    }
    out.join("\n")
}
