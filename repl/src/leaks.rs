//! `posse check`'s no-leak check (about twenty times the cost of a check of the same
//! seeds, measured in docs/authoring.md: by default games while their work lasts,
//! [`crate::check::LEAK_WORK`] positions and seats compared, the same on every run;
//! `--leaks` for more, `--no-leaks` for none): the no-leak check of
//! `posse::leaks` on a game's seeds, each number of players, its findings made into
//! `check`'s problems. A leak shows at many steps and seeds once it is there, so each
//! kind (view, question, rendered view, log line's names, log lines, tell, result) is
//! reported once a game, at the first
//! seed and step that showed it, with how many more findings of that kind there were.
//! Its first game that cannot be played to its end (a script error, an engine panic) is
//! a problem too, and its last game.

use crate::check::{caught, LeakBudget};
use posse::leaks::{self, Finding, Leak, Positions};
use posse::Content;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

/// A problem for `check`: the seed and number of players of the game that showed it,
/// the message, and whether it is a leak (else the game could not be played to its end).
pub struct Problem {
    pub seed: u64,
    pub players: usize,
    pub message: String,
    pub leak: bool,
}

/// Checks the games `games` gives (seed, number of players) in turn, while `budget` lasts
/// (at least one game), and stops after the first game not played to its end (its error,
/// or an engine panic, is reported: the next games would fail the same way); returns each
/// kind of leak found once, and how many games were checked (a game that cannot start is
/// left to `check`'s own random games). `positions`: which positions of each game.
pub fn check(
    content: &Arc<Content>,
    games: impl Iterator<Item = (u64, usize)>,
    budget: LeakBudget,
    positions: Positions,
) -> (Vec<Problem>, usize) {
    let mut first: BTreeMap<Leak, (Finding, usize, usize)> = BTreeMap::new();
    let (mut checked, mut work) = (0, 0);
    let mut error = None;
    for (seed, n) in games {
        let spent = match budget {
            LeakBudget::All => false,
            LeakBudget::Work(most) => work >= most,
            LeakBudget::Until(t) => Instant::now() >= t,
        };
        if checked > 0 && spent {
            break;
        }
        checked += 1;
        let report = match caught(|| leaks::check(content, seed, n, positions)) {
            Ok(Ok(r)) => r,
            // A game that cannot start is `check`'s own problem, found by its random games.
            Ok(Err(_)) => continue,
            Err(panic) => {
                error = Some(Problem { seed, players: n, message: panic, leak: false });
                break;
            }
        };
        work += report.checked;
        for f in report.findings {
            first.entry(f.leak).and_modify(|e| e.2 += 1).or_insert((f, n, 0));
        }
        if let Some(e) = report.error {
            // Its picks are the leak check's own, so `check`'s games may not meet this.
            error = Some(Problem { seed, players: n, message: e, leak: false });
            break;
        }
    }
    let problems: Vec<Problem> = first
        .into_values()
        .map(|(f, players, more)| {
            let more = if more == 0 { String::new() } else { format!(" ({more} more findings of this kind)") };
            let what = match f.leak {
                Leak::Log => "reads a log line that names what it cannot see".to_string(),
                Leak::Tell => "is told what it cannot see by who is asked (a tell)".to_string(),
                k => format!("is shown a {} that changes with what it cannot see", k.name()),
            };
            let message = format!("leak: seat {} at step {} {what}{more}: {}", f.seat, f.step, f.diff);
            Problem { seed: f.seed, players, message, leak: true }
        })
        .chain(error)
        .collect();
    (problems, checked)
}
