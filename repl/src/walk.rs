//! Walking one game decision by decision, for the tools that look at every position:
//! the heat map (`heatmap.rs`) and the step-through pages (`stepthrough.rs`).
//!
//! The answers come from bots, exactly as `posse trace GAME --seed S` plays (the same
//! [`bots::Picker`], one stream when every seat is a bot, so it is game S of `posse sim`),
//! or from a save's choices, as `posse replay` makes them again. The walk calls back at
//! the start and after every choice; it never changes how the game plays.

use crate::bots;
use crate::games;
use anyhow::{anyhow, Result};
use posse::{Content, Game, Setup};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// An answer: the seat and its picks; None when there is none (a record ended).
pub type Answer = Result<Option<(usize, Vec<u32>)>, String>;

/// Game `seed` of `content` with `players` seats, its seats played by the bots `specs`
/// names (`SEAT=NAME`; the others `random`): the game, each seat's bot as reports name
/// it (`1=random`, `2=sharp`), and who answers it.
pub fn with_bots(
    content: Arc<Content>,
    seed: u64,
    players: Option<usize>,
    specs: &[String],
) -> Result<(Game, Vec<String>, impl FnMut(&Game) -> Answer)> {
    let setup = crate::play::setup(&content, Some(seed), players)?;
    let mut kinds: BTreeMap<usize, String> = (1..=setup.seats.len()).map(|s| (s, bots::RANDOM.to_string())).collect();
    kinds.extend(bots::parse(specs, &setup.seats, &bots::kinds(&content)).map_err(|e| anyhow!(e))?);
    let mut picker = bots::Picker::new(setup.seed, true).with_strategies(&content, &kinds).map_err(|e| anyhow!(e))?;
    let lineup = kinds.iter().map(|(s, k)| format!("{s}={k}")).collect();
    let game = Game::new(content, setup).map_err(|e| anyhow!("{e}"))?;
    let next = move |game: &Game| bot_answer(&mut picker, game);
    Ok((game, lineup, next))
}

/// The bots' answer to `game`'s next question, as `posse trace` and `sim` make it: None
/// at the end, an error past the bound on decisions or when the bot cannot decide.
pub fn bot_answer(picker: &mut bots::Picker, game: &Game) -> Answer {
    let pos = game.choices().len();
    let Some(seat) = game.next_request().map(|r| r.seat) else { return Ok(None) };
    if pos >= posse::limits::MAX_DECISIONS {
        return Err(format!("the game did not end within {pos} decisions; the bots stop here"));
    }
    picker
        .pick_in(game, pos)
        .map(|picks| Some((seat, picks)))
        .map_err(|e| format!("seat {seat} (bot) could not decide: {e}"))
}

/// A saved game from its start, and its choices as the answers.
pub fn from_save(root: &Path, file: &Path) -> Result<(Game, impl FnMut(&Game) -> Answer)> {
    let record = posse::Record::load(file).map_err(|e| anyhow!("{e}"))?;
    let content = games::load_with(root, &record.game, &record.set)?;
    if record.content_hash != posse::hash::hex(content.hash) {
        eprintln!(
            "warning: {} was saved with other content than {}'s now; the replay may diverge",
            file.display(),
            record.game
        );
    }
    let setup = Setup { seed: record.seed, seats: record.seats.clone() };
    let game = Game::new(content, setup).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    let mut choices = record.choices.into_iter();
    let next = move |_: &Game| -> Answer { Ok(choices.next().map(|c| (c.seat, c.picks))) };
    Ok((game, next))
}

/// A choice just made: by which seat (from 1), and the labels of the options it picked
/// (only when the walk was asked for them: made before the choice, as `trace` does).
pub struct Chosen {
    pub seat: usize,
    pub labels: Vec<String>,
}

/// The one-line labels of `picks` in `seat`'s pending question.
fn chosen_labels(game: &Game, seat: usize, picks: &[u32]) -> Vec<String> {
    let Some(r) = game.pending().into_iter().find(|r| r.seat == seat) else { return Vec::new() };
    let labels = r.labels();
    picks
        .iter()
        .map(|p| {
            labels.get((*p as usize).wrapping_sub(1)).map_or(format!("option {p}"), |l| posse::playthrough::one_line(l))
        })
        .collect()
}

/// Plays `game` on with `next`'s answers, calling `each` at the start and after every
/// choice (with what was chosen). Returns the game where it stopped,
/// and the error that stopped it, if any.
pub fn walk(
    mut game: Game,
    mut next: impl FnMut(&Game) -> Answer,
    labels: bool,
    mut each: impl FnMut(&Game, Option<&Chosen>),
) -> (Game, Option<String>) {
    each(&game, None);
    while !game.is_over() {
        let (seat, picks) = match next(&game) {
            Ok(Some(answer)) => answer,
            Ok(None) => break,
            Err(e) => return (game, Some(e)),
        };
        let chosen = Chosen { seat, labels: if labels { chosen_labels(&game, seat, &picks) } else { Vec::new() } };
        let pos = game.choices().len() + 1;
        if let Err(e) = game.choose(seat, &picks) {
            return (game, Some(format!("choice {pos} (seat {seat} picked {picks:?}): {e}")));
        }
        each(&game, Some(&chosen));
    }
    (game, None)
}
