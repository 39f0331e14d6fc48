//! `posse sim GAME -n N`: many games between random bots, summarised for designers
//! (completion, script errors with their seeds, wins per seat and side, or how often a
//! cooperative game's crew won and how it lost, lengths, speed),
//! or the engine's report as one JSON object with `--json`. Any failed game is a failure
//! of the command.

use crate::games;
use anyhow::Result;
use posse::sim::{self, SimReport};
use std::fmt::Write as _;
use std::path::Path;

/// Runs the batch and prints it. Returns whether every game finished without error.
pub fn run(
    root: &Path,
    id: &str,
    games_n: usize,
    seed: u64,
    players: Option<usize>,
    jobs: usize,
    json: bool,
) -> Result<bool> {
    let content = games::load(root, id)?;
    if let Some(p) = players {
        posse::Setup::new(&content, seed, Some(p)).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    let report = sim::run(&content, games_n, seed, players, jobs);
    if json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", summary(&report, seed));
    }
    Ok(report.errors.is_empty())
}

/// The report as text, one fact per line.
pub fn summary(r: &SimReport, seed: u64) -> String {
    let mut s = String::new();
    let seeds = match r.games {
        0 => String::new(),
        1 => format!(", seed {seed}"),
        n => format!(", seeds {seed}..={}", seed.wrapping_add(n as u64 - 1)),
    };
    let _ = writeln!(s, "{}: {} games, {} players{seeds}", r.game, r.games, r.players);
    let _ = writeln!(s, "finished: {} of {}", r.finished, r.games);
    let _ = writeln!(s, "script errors: {}", r.errors.len());
    for e in &r.errors {
        let _ = writeln!(s, "  seed {}: {}", e.seed, e.message.replace('\n', "\n    "));
    }
    let pct = |n: usize| if r.finished == 0 { 0.0 } else { 100.0 * n as f64 / r.finished as f64 };
    if let Some(crew) = &r.crew {
        // The seats win or lose together: wins per seat would only repeat this.
        let _ = writeln!(s, "the crew won: {} ({:.1}%)", crew.won, pct(crew.won));
        let _ = writeln!(s, "the crew lost: {} ({:.1}%)", crew.lost, pct(crew.lost));
        for (why, &n) in &crew.lost_by {
            let _ = writeln!(s, "  {why}: {n} ({:.1}%)", pct(n));
        }
        return lengths_and_speed(s, r);
    }
    let _ = writeln!(s, "wins per seat:");
    for seat in 1..=r.players {
        let n = r.wins_per_seat.get(&seat).copied().unwrap_or(0);
        let _ = writeln!(s, "  seat {seat}: {n} ({:.1}%)", pct(n));
    }
    let _ = writeln!(s, "wins per side:");
    for (side, &n) in &r.wins_per_side {
        let _ = writeln!(s, "  {side}: {n} ({:.1}%)", pct(n));
    }
    let _ = writeln!(s, "no winner: {} ({:.1}%)", r.no_winner, pct(r.no_winner));
    let _ = writeln!(s, "reasons:");
    for (reason, &n) in &r.reasons {
        let _ = writeln!(s, "  {reason}: {n} ({:.1}%)", pct(n));
    }
    lengths_and_speed(s, r)
}

/// The report's last lines: game lengths and speed.
fn lengths_and_speed(mut s: String, r: &SimReport) -> String {
    let _ = writeln!(
        s,
        "decisions per game: mean {:.1}, min {}, max {}",
        r.decisions_mean, r.decisions_min, r.decisions_max
    );
    let _ = writeln!(
        s,
        "speed: {:.1} games/s, {:.0} decisions/s ({:.2}s on {} thread{})",
        r.games_per_second,
        r.decisions_per_second,
        r.seconds,
        r.jobs,
        if r.jobs == 1 { "" } else { "s" }
    );
    s
}
