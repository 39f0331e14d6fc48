//! `posse check [GAME...]`: the checks every game gets, for authors and CI.
//!
//! For each game: load its content (every diagnostic, with file and line); then play
//! random games (seeds `0..N` with each allowed number of players) and for each one
//! replay its record (the result must be the same state: scripts must be deterministic),
//! and draw every seat's view and the omniscient view at the start, halfway and at the
//! end (renderer errors show up only with some positions). The same message from many
//! games is reported once, with the games that showed it. A game with no problem gets
//! one `ok` line; the content's warnings (`Content::warnings`: a zone map's grazing and
//! fragile pairs) are printed before it and fail nothing.

use anyhow::{bail, Result};
use posse::hash::hex;
use posse::sim::play_random;
use posse::{Content, Error, Game, Record, Setup};
use std::path::Path;
use std::sync::Arc;

/// Checks the games named (all games under `root` when none are). Returns whether all passed.
pub fn run(root: &Path, names: &[String], seeds: u64) -> Result<bool> {
    let all = crate::games::list(root)?;
    let ids = if names.is_empty() { all.clone() } else { names.to_vec() };
    if ids.is_empty() {
        bail!("no games under {}", root.display());
    }
    let mut ok = true;
    for id in &ids {
        if !all.contains(id) {
            eprintln!("{id}: unknown game under {} (games: {})", root.display(), all.join(", "));
            ok = false;
            continue;
        }
        let report = check_game(root, id, seeds);
        for w in &report.warnings {
            println!("{id}: warning: {w}");
        }
        if report.problems.is_empty() {
            println!("{id}: ok ({})", report.summary);
        } else {
            ok = false;
            for (msg, places) in &report.problems {
                let at = places.first().and_then(|p| p.label()).map(|l| format!("{l}: ")).unwrap_or_default();
                println!("{id}: {at}{msg}");
                if places.len() > 1 {
                    println!("    (and {} more times: {})", places.len() - 1, seeds_summary(&places[1..]));
                }
            }
            println!(
                "{id}: FAILED, {} problem{}",
                report.problems.len(),
                if report.problems.len() == 1 { "" } else { "s" }
            );
        }
    }
    Ok(ok)
}

struct Report {
    /// Distinct messages, each with the places that showed it, in order.
    problems: Vec<(String, Vec<Place>)>,
    /// What the content has that does not fail the check (a zone map's grazing and
    /// fragile pairs), printed before the verdict.
    warnings: Vec<String>,
    summary: String,
}

/// Where a problem showed: in the content, or in a random game (and what was being done).
#[derive(Clone, Default)]
struct Place {
    game: Option<(u64, usize)>,
    what: String,
}

impl Place {
    fn game(seed: u64, players: usize, what: &str) -> Place {
        Place { game: Some((seed, players)), what: what.to_string() }
    }

    /// `seed 3, 2 players, view of seat 1`, or None for content problems.
    fn label(&self) -> Option<String> {
        let (seed, players) = self.game?;
        let what = if self.what.is_empty() { String::new() } else { format!(", {}", self.what) };
        Some(format!("seed {seed}, {players} players{what}"))
    }
}

impl Report {
    fn add(&mut self, place: Place, msg: String) {
        match self.problems.iter_mut().find(|(m, _)| *m == msg) {
            Some((_, places)) => places.push(place),
            None => self.problems.push((msg, vec![place])),
        }
    }
}

/// The games among `places` as `2 players: seeds 0-19; 3 players: seeds 4, 7`.
fn seeds_summary(places: &[Place]) -> String {
    let mut by_players: std::collections::BTreeMap<usize, std::collections::BTreeSet<u64>> = Default::default();
    for (seed, players) in places.iter().filter_map(|p| p.game) {
        by_players.entry(players).or_default().insert(seed);
    }
    let parts: Vec<String> = by_players
        .iter()
        .map(|(players, seeds)| {
            let mut ranges: Vec<(u64, u64)> = Vec::new();
            for &s in seeds {
                match ranges.last_mut() {
                    Some((_, end)) if *end + 1 == s => *end = s,
                    _ => ranges.push((s, s)),
                }
            }
            let r: Vec<String> =
                ranges.iter().map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") }).collect();
            format!("{players} players: seeds {}", r.join(", "))
        })
        .collect();
    if parts.is_empty() {
        "in the content".to_string()
    } else {
        parts.join("; ")
    }
}

fn check_game(root: &Path, id: &str, seeds: u64) -> Report {
    let mut report = Report { problems: Vec::new(), warnings: Vec::new(), summary: String::new() };
    let content = match Content::load(root, id) {
        Ok(c) => Arc::new(c),
        Err(Error::Content(diags)) => {
            for d in diags {
                report.add(Place::default(), d.to_string());
            }
            return report;
        }
        Err(e) => {
            report.add(Place::default(), e.to_string());
            return report;
        }
    };
    report.warnings = content.warnings.iter().map(|w| w.to_string()).collect();
    let p = content.players;
    let (mut games, mut min, mut max) = (0, usize::MAX, 0);
    for players in p.min..=p.max {
        for seed in 0..seeds {
            if seed == 0 {
                match Setup::new(&content, seed, Some(players)).and_then(|s| Game::new(content.clone(), s)) {
                    Ok(g) => render_all(&g, &Place::game(seed, players, "at the start"), &mut report),
                    Err(e) => {
                        report.add(Place::game(seed, players, ""), e.to_string());
                        break;
                    }
                }
            }
            let game = match play_random(&content, seed, Some(players)) {
                Ok(g) => g,
                Err(e) => {
                    report.add(Place::game(seed, players, ""), e.to_string());
                    continue;
                }
            };
            games += 1;
            min = min.min(game.choices().len());
            max = max.max(game.choices().len());
            render_all(&game, &Place::game(seed, players, "at the end"), &mut report);
            replay(&content, &game, &Place::game(seed, players, "replaying"), &mut report);
        }
    }
    let players = if p.min == p.max { p.min.to_string() } else { format!("{}-{}", p.min, p.max) };
    report.summary = format!(
        "{games} random games with {players} players, {}-{} decisions, replayed and every view drawn",
        if games == 0 { 0 } else { min },
        max
    );
    report
}

/// Replays the game's record (through its save-file form) and draws the views halfway.
fn replay(content: &Arc<Content>, game: &Game, at: &Place, report: &mut Report) {
    let record = game.record();
    match Record::from_yaml(&record.to_yaml(), "record") {
        Ok(r) if r == record => {}
        Ok(_) => report.add(at.clone(), "the record changes when written and read back".into()),
        Err(e) => report.add(at.clone(), format!("the record cannot be read back: {e}")),
    }
    match replay_reading_labels(content, &record, at, report) {
        Ok((_, Some(d))) => report.add(
            at.clone(),
            format!("replay: choice {} no longer fits: {} (are the scripts deterministic?)", d.index, d.message),
        ),
        Ok((again, None)) if again.state_hash() != game.state_hash() => report.add(
            at.clone(),
            format!(
                "replay: the same choices gave another state ({} vs {}); are the scripts deterministic?",
                hex(again.state_hash()),
                hex(game.state_hash())
            ),
        ),
        Ok(_) => {}
        Err(e) => report.add(at.clone(), format!("replay: {e}")),
    }
    let mut half = record.clone();
    half.choices.truncate(record.choices.len() / 2);
    if let Ok((mid, None)) = Game::from_record(content.clone(), &half) {
        render_all(&mid, &Place { what: "halfway".into(), ..at.clone() }, report);
    }
}

/// Replays a record decision by decision, making every prompt and label on the way (the
/// random bots of a batch never make them, so this is where their errors show).
fn replay_reading_labels(
    content: &Arc<Content>,
    record: &Record,
    at: &Place,
    report: &mut Report,
) -> Result<(Game, Option<posse::game::Divergence>), Error> {
    let mut game = Game::new(content.clone(), Setup { seed: record.seed, seats: record.seats.clone() })?;
    let mut reported = false;
    for (i, c) in record.choices.iter().enumerate() {
        if !reported {
            for r in game.pending() {
                if let Err(e) = r.try_prompt().and_then(|_| r.try_labels()) {
                    report.add(
                        Place { what: format!("decision {} of seat {}", i + 1, r.seat), ..at.clone() },
                        e.to_string(),
                    );
                    reported = true;
                }
            }
        }
        if let Err(e) = game.choose(c.seat, &c.picks) {
            let d = posse::game::Divergence { index: i + 1, choice: c.clone(), message: e.to_string() };
            return Ok((game, Some(d)));
        }
    }
    Ok((game, None))
}

/// Draws every seat's view and the omniscient view.
fn render_all(game: &Game, at: &Place, report: &mut Report) {
    for seat in std::iter::once(None).chain((1..=game.players()).map(Some)) {
        if let Err(e) = game.render(seat) {
            let whose = seat.map(|s| format!("view of seat {s}")).unwrap_or_else(|| "omniscient view".into());
            report.add(Place { what: format!("{}, {whose}", at.what), ..at.clone() }, format!("render: {e}"));
        }
    }
}
