//! The REPL session: one game, the people at the keyboard and the bots, until the game
//! ends, the input ends or someone types `:quit`.
//!
//! A [`Session`] holds the game and who plays each seat, and its other state in one part
//! per concern, each owned by the module that says how it works:
//!
//! - **Driving the game** (`drive.rs`, [`drive::Drive`]): the loop from question to
//!   answer, the redo stack, step-by-step replays, saving, script errors counted; with
//!   the answers made without a person (`auto.rs`), the commands run (`commands.rs`) and
//!   the end of a game (`end.rs`).
//! - **Keeping secrets at the table** (`table.rs`, [`table::Table`]): when two or more
//!   people share the screen, who holds the keyboard, the handovers, the rounds of a
//!   secret question, and what each command may show or take back there.
//! - **Recaps** (`recap.rs`, [`recap::Recaps`]): what happened since each person last
//!   decided, shown before their question, and the paging of long texts.
//!
//! The screen is the session's own: whose view is shown (`viewer`) and for which
//! position it was drawn (`drawn`); `show.rs` draws views, questions and the log.
//! Rules text (`:card`, `:cards`) and the board (`:map`) come from the game's content,
//! which is public like the rulebook: they are for everyone, at the table too
//! (`reference.rs`). A zone map is drawn with what stands in each zone, which is state:
//! `:map` and `:svg FILE` then show the asker's view (`pictures.rs`).
//!
//! All output goes through [`Io`], so tests can run a session on scripted lines.

mod auto;
mod commands;
mod drive;
mod end;
mod pictures;
mod recap;
mod reference;
mod show;
mod table;

pub use end::standings;
pub(crate) use recap::{forced, replay};
pub use reference::{card_text, cards_text, rules_text};
pub use table::table_play;

use crate::bots;
use posse::savefile::SaveLock;
use posse::{Choice, Game};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;

/// Where a session reads and writes: answers in, the game on `out`, problems on `err`.
pub struct Io<'a> {
    pub input: &'a mut dyn crate::input::LineSource,
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

pub struct Session<'a> {
    game: Game,
    root: PathBuf,
    bots: BTreeSet<usize>,
    picker: bots::Picker,
    /// Whose view is shown (None: the omniscient view).
    viewer: Option<usize>,
    /// The position and seat the view was last drawn for.
    drawn: Option<(usize, usize)>,
    drive: drive::Drive,
    table: table::Table,
    recaps: recap::Recaps,
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
            viewer: None,
            drawn: None,
            drive: drive::Drive::new(save),
            table: table::Table::default(),
            recaps: recap::Recaps::default(),
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
        self.drive.ahead = choices.iter().rev().cloned().collect();
        self.drive.stepping = true;
        self.table.designer = true;
        self.bots.clear();
        self
    }

    /// Designer mode: today's powers for everyone, whoever plays.
    pub fn designer(mut self, on: bool) -> Self {
        self.table.designer |= on;
        self
    }

    #[cfg(test)]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether a replayed choice no longer fitted the game.
    pub fn diverged(&self) -> bool {
        self.drive.diverged
    }

    /// How many script errors the session met (steps rolled back, renderers, strategy
    /// bots, questions whose prompt or labels failed).
    pub fn script_errors(&self) -> usize {
        self.drive.script_errors
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
