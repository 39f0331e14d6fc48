//! `posse check`'s no-leak check (about twenty times the cost of a check of the same
//! seeds, measured in docs/authoring.md: by default a second of games, `--leaks` for
//! more, `--no-leaks` for none): the no-leak check of
//! `posse::leaks` on a game's seeds, each number of players, its findings made into
//! `check`'s problems. A leak shows at many steps and seeds once it is there, so each
//! kind (view, question, rendered view, log line's names, log line's values) is reported once a game, at the first
//! seed and step that showed it, with how many more findings of that kind there were.

use posse::leaks::{self, Finding, Leak};
use posse::Content;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

/// A problem for `check`: the seed and number of players of the game that showed it,
/// and the message.
pub struct Problem {
    pub seed: u64,
    pub players: usize,
    pub message: String,
}

/// Checks the games `games` gives (seed, number of players) in turn, all of them, or until
/// `until` once one was checked; returns each kind of leak found once, and how many games
/// were checked (a game that fails is left to `check`'s own random games).
pub fn check(
    content: &Arc<Content>,
    games: impl Iterator<Item = (u64, usize)>,
    until: Option<Instant>,
) -> (Vec<Problem>, usize) {
    let mut first: BTreeMap<Leak, (Finding, usize, usize)> = BTreeMap::new();
    let mut checked = 0;
    let mut errors = Vec::new();
    for (seed, n) in games {
        if checked > 0 && until.is_some_and(|t| Instant::now() >= t) {
            break;
        }
        checked += 1;
        let report = match leaks::check(content, seed, n) {
            Ok(r) => r,
            // A game that cannot start is `check`'s own problem, found by its random games.
            Err(_) => continue,
        };
        if let Some(e) = &report.error {
            // Its picks are the leak check's own, so `check`'s games may not meet this.
            errors.push(Problem { seed, players: n, message: e.clone() });
        }
        for f in report.findings {
            first.entry(f.leak).and_modify(|e| e.2 += 1).or_insert((f, n, 0));
        }
    }
    let problems: Vec<Problem> = first
        .into_values()
        .map(|(f, players, more)| {
            let more = if more == 0 { String::new() } else { format!(" ({more} more findings of this kind)") };
            let what = match f.leak {
                Leak::Log => "reads a log line that names what it cannot see".to_string(),
                k => format!("is shown a {} that changes with what it cannot see", k.name()),
            };
            let message = format!("leak: seat {} at step {} {what}{more}: {}", f.seat, f.step, f.diff);
            Problem { seed: f.seed, players, message }
        })
        .chain(errors.into_iter().take(1))
        .collect();
    (problems, checked)
}
