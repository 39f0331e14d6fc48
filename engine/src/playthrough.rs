//! Golden playthroughs (OpenSpiel's idea): one seeded game written out step by step as
//! text, checked in, and compared by a test, so that any change of a game's behaviour (a
//! rule, a prompt, a label, a log line, who may read it, a view) shows as a readable diff.
//!
//! A playthrough is the game random bots play from the seed (the bots of [`bot_rng`],
//! answering each decision as the flow yields it, every step counted: the game `posse sim`
//! and `posse play --bot all=random` play). It holds every seat's rendered view at the
//! start, then for each step who decides (and whether in secret), the question's kind and
//! prompt, the numbered options (each with its id and arguments where the game types its
//! questions), the pick, and the log lines the step wrote with the seats that may read each;
//! at the end every seat's view, the omniscient one, the result and the state hash. Its
//! first line is the command that writes it again.

use crate::bot::{bot_rng, random_choice};
use crate::content::Content;
use crate::diag::Result;
use crate::game::{Game, Setup};
use crate::hash::hex;
use crate::state::{Audience, LogLine};
use std::fmt::Write;
use std::sync::Arc;

/// The first line of a playthrough: the command that writes it.
pub fn header(id: &str, players: usize, seed: u64) -> String {
    format!("# posse playthrough {id} --players {players} --seed {seed}")
}

/// Reads back what [`header`] wrote: the game id, the players and the seed.
pub fn parse_header(line: &str) -> Option<(String, usize, u64)> {
    let rest = line.strip_prefix("# posse playthrough ")?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    match words.as_slice() {
        [id, "--players", p, "--seed", s] => Some((id.to_string(), p.parse().ok()?, s.parse().ok()?)),
        _ => None,
    }
}

/// The playthrough of game `seed` of `content` with `players` random bots.
pub fn write(content: Arc<Content>, players: usize, seed: u64) -> Result<String> {
    let setup = Setup::new(&content, seed, Some(players))?;
    let names = setup.seats.clone();
    let mut game = Game::new(content.clone(), setup)?;
    let mut rng = bot_rng(seed);
    let mut out = header(&content.id, players, seed);
    out.push('\n');
    let mut logged = 0;
    new_lines(&game, &names, &mut logged, &mut out);
    views(&game, &names, "start", false, &mut out);
    let mut step = 0;
    while let Some(r) = game.next_request() {
        step += 1;
        let (seat, picks) = (r.seat, random_choice(r, &mut rng));
        let secret = if r.secret { " (secret)" } else { "" };
        let kind = r.kind.as_ref().map(|k| format!(" [{k}]")).unwrap_or_default();
        let _ = writeln!(out, "\n== step {step}: {}{secret}{kind}: {}", names[seat - 1], one_line(&r.prompt()));
        let labels = r.labels();
        let (ids, args) = r.ids();
        for (i, l) in labels.iter().enumerate() {
            let id = match &ids[i] {
                Some(id) => {
                    let args: Vec<String> = args[i].iter().map(|(k, v)| format!(" {k}={v}")).collect();
                    format!("  [{id}{}]", args.concat())
                }
                None => String::new(),
            };
            let _ = writeln!(out, "  {}. {}{id}", i + 1, one_line(l));
        }
        let chosen: Vec<String> = picks.iter().map(|p| p.to_string()).collect();
        let _ = writeln!(out, "  -> {}", if chosen.is_empty() { "none".into() } else { chosen.join(", ") });
        game.choose(seat, &picks)?;
        new_lines(&game, &names, &mut logged, &mut out);
    }
    views(&game, &names, "end", true, &mut out);
    match game.result() {
        Some(r) => out.push_str(&format!("\n{}\n", r.line())),
        None => out.push_str("\nunfinished\n"),
    }
    let _ = writeln!(out, "state-hash: {}", hex(game.state_hash()));
    Ok(out)
}

/// The log lines written since `logged`, each with who may read it.
fn new_lines(game: &Game, names: &[String], logged: &mut usize, out: &mut String) {
    let log = game.log_entries();
    for line in &log[*logged..] {
        let _ = writeln!(out, "  {}", log_line(line, names));
    }
    *logged = log.len();
}

/// A log line on one line after who may read it, `[all] text` or `[p1, p3] text`, the
/// seats by their `names`: how playthroughs and `posse trace` write the log.
pub fn log_line(line: &LogLine, names: &[String]) -> String {
    format!("[{}] {}", audience(line.audience, names), one_line(&line.text))
}

/// Who may read a line: `all`, or the seats' names joined by `, `.
pub fn audience(audience: Audience, names: &[String]) -> String {
    match audience {
        Audience::All => "all".to_string(),
        Audience::Seats(set) => {
            let seats: Vec<&str> =
                (0..names.len()).filter(|s| set & (1 << s) != 0).map(|s| names[s].as_str()).collect();
            seats.join(", ")
        }
    }
}

/// Every seat's rendered view (and the omniscient one when `god`).
fn views(game: &Game, names: &[String], when: &str, god: bool, out: &mut String) {
    let seats = (1..=names.len()).map(Some).chain(god.then_some(None));
    for seat in seats {
        let who = seat.map_or("the omniscient view".to_string(), |s| format!("{}'s view", names[s - 1]));
        let _ = writeln!(out, "\n== {when}: {who}");
        let text = game.render(seat).unwrap_or_else(|e| format!("(the renderer failed: {e})"));
        for l in text.trim_end().lines() {
            let _ = writeln!(out, "  | {}", l.trim_end());
        }
    }
}

/// Text on one line: line breaks shown as ` / `.
pub fn one_line(s: &str) -> String {
    s.trim_end().replace('\n', " / ")
}
