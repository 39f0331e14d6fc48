//! Paired comparisons (issue 14): two batches of the same seeds, whose bots draw the same
//! random streams (the bots' stream is the seed's), so each seed's two games differ only
//! by what the variants change. Each measure's difference is taken game by game, and its
//! 95% interval is that of the mean of the paired differences (normal approximation, which
//! the thousands of games a comparison plays make sound): far narrower than comparing two
//! independent batches when most games play alike.

use super::{GameRow, SimReport};
use crate::stats::Z95;
use serde::Serialize;

/// One measure in both variants: their means, the mean of B − A over the paired games, its
/// 95% interval, and whether 0 lies outside it.
#[derive(Debug, Clone, Serialize)]
pub struct Difference {
    pub measure: String,
    /// Whether the measure is a rate (a mean of 0s and 1s), shown in percent.
    pub rate: bool,
    pub a: f64,
    pub b: f64,
    pub diff: f64,
    pub low: f64,
    pub high: f64,
    pub significant: bool,
}

/// A paired comparison of two batches.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    /// The seeds both variants finished.
    pub paired: usize,
    /// Of them, the games both variants played choice for choice alike.
    pub same_choices: usize,
    /// Of those, the games that were identical: the same choices and the same result
    /// (winners, scores, reason, length). A variant that changes only the payoffs plays
    /// the same choices but no identical game.
    pub identical: usize,
    pub measures: Vec<Difference>,
}

/// Whether two games of the same seed were the same game: the same choices, and the same
/// result and length.
fn same_game(a: &GameRow, b: &GameRow) -> bool {
    a.digest == b.digest
        && a.winners == b.winners
        && a.scores == b.scores
        && a.crew == b.crew
        && a.reason == b.reason
        && a.decisions == b.decisions
        && a.length == b.length
}

/// The paired difference of `f` over `pairs` (B − A), named `measure`.
fn difference(measure: String, rate: bool, pairs: &[(&GameRow, &GameRow)], f: impl Fn(&GameRow) -> f64) -> Difference {
    let n = pairs.len() as f64;
    let (xs, ys): (Vec<f64>, Vec<f64>) = pairs.iter().map(|(a, b)| (f(a), f(b))).unzip();
    let mean = |v: &[f64]| if v.is_empty() { 0.0 } else { v.iter().sum::<f64>() / n };
    let d: Vec<f64> = xs.iter().zip(&ys).map(|(x, y)| y - x).collect();
    let diff = mean(&d);
    let var = if d.len() > 1 { d.iter().map(|v| (v - diff).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
    let half = if d.is_empty() { 0.0 } else { Z95 * (var / n).sqrt() };
    let (low, high) = (diff - half, diff + half);
    Difference { measure, rate, a: mean(&xs), b: mean(&ys), diff, low, high, significant: low > 0.0 || high < 0.0 }
}

/// The games of `a` and `b` of the same seeds, paired.
fn paired<'r>(a: &'r SimReport, b: &'r SimReport) -> Vec<(&'r GameRow, &'r GameRow)> {
    let by_seed: std::collections::BTreeMap<u64, &GameRow> = b.rows.iter().map(|r| (r.seed, r)).collect();
    a.rows.iter().filter_map(|r| Some((r, *by_seed.get(&r.seed)?))).collect()
}

/// Compares batch `b` with batch `a`, seed by seed: for each seat, the rate of its wins
/// alone; where sides gather seats or wins are shared, each side's wins (alone or
/// shared); the rate of games with no winner; the mean length in decisions and in the game's
/// unit; a cooperative game's success rate.
pub fn compare(a: &SimReport, b: &SimReport) -> Comparison {
    let pairs = paired(a, b);
    let same_choices = pairs.iter().filter(|(x, y)| x.digest == y.digest).count();
    let identical = pairs.iter().filter(|(x, y)| same_game(x, y)).count();
    let mut measures = Vec::new();
    if a.crew.is_some() {
        measures.push(difference("the crew wins".into(), true, &pairs, |r| f64::from(u8::from(r.crew == Some(true)))));
    } else {
        for seat in 1..=a.players.max(b.players) {
            let alone = move |r: &GameRow| f64::from(u8::from(r.winners == [seat]));
            measures.push(difference(format!("seat {seat} wins alone"), true, &pairs, alone));
        }
        // Sides that gather seats (teams, roles), or wins that are shared: a seat's wins
        // alone miss those, so each side's wins, alone or shared, are compared too.
        let shared = a.outcomes.shared_win + b.outcomes.shared_win > 0;
        if shared || a.sides.len() < a.players || b.sides.len() < b.players {
            let mut sides: Vec<&str> = a.sides.iter().chain(&b.sides).map(|s| s.name.as_str()).collect();
            sides.sort_unstable();
            sides.dedup();
            for side in sides {
                let wins = move |r: &GameRow| f64::from(u8::from(r.sides.iter().any(|s| s == side)));
                // Named as the reports name it (`Law wins`).
                let label = a.sides.iter().chain(&b.sides).find(|s| s.name == side).map_or(side, |s| s.label.as_str());
                measures.push(difference(format!("{label} wins"), true, &pairs, wins));
            }
        }
        measures.push(difference("no winner".into(), true, &pairs, |r| f64::from(u8::from(r.winners.is_empty()))));
    }
    scores(a, b, &pairs, &mut measures);
    measures.push(difference("decisions".into(), false, &pairs, |r| r.decisions as f64));
    if let (Some(unit), Some(_)) = (&a.length_unit, &b.length_unit) {
        measures.push(difference(unit.clone(), false, &pairs, |r| r.length.unwrap_or(0) as f64));
    }
    Comparison { paired: pairs.len(), same_choices, identical, measures }
}

/// The scores' differences, where both variants keep scores: each seat's score and, where
/// sides gather seats (teams, roles), each side's (the mean of its seats' scores in the
/// game). A game missing a seat's score counts it as 0.
fn scores(a: &SimReport, b: &SimReport, pairs: &[(&GameRow, &GameRow)], measures: &mut Vec<Difference>) {
    if a.scores.is_empty() || b.scores.is_empty() {
        return;
    }
    let seats: std::collections::BTreeSet<usize> = a.scores.keys().chain(b.scores.keys()).copied().collect();
    for seat in seats {
        let label = a.seats.get(seat - 1).map_or_else(|| format!("seat {seat}"), |s| s.label.clone());
        let score = move |r: &GameRow| r.scores.get(&seat).copied().unwrap_or(0) as f64;
        measures.push(difference(format!("{label} score"), false, pairs, score));
    }
    if a.sides.len() < a.players || b.sides.len() < b.players {
        let mut sides: Vec<&str> = a.sides.iter().chain(&b.sides).map(|s| s.name.as_str()).collect();
        sides.sort_unstable();
        sides.dedup();
        for side in sides {
            let score = move |r: &GameRow| {
                let of: Vec<f64> = (1..=r.seat_sides.len())
                    .filter(|s| r.seat_sides[s - 1] == side)
                    .map(|s| r.scores.get(&s).copied().unwrap_or(0) as f64)
                    .collect();
                if of.is_empty() {
                    0.0
                } else {
                    of.iter().sum::<f64>() / of.len() as f64
                }
            };
            if pairs.iter().all(|(x, _)| !x.seat_sides.iter().any(|s| s == side)) {
                continue;
            }
            let label = a.sides.iter().chain(&b.sides).find(|s| s.name == side).map_or(side, |s| s.label.as_str());
            measures.push(difference(format!("{label} score"), false, pairs, score));
        }
    }
}

/// A card's contribution found by restricted play: the same seeds with seat 1's bot never
/// playing the tag when it has another option.
#[derive(Debug, Clone, Serialize)]
pub struct Restricted {
    pub tag: String,
    /// Seat 1's wins (alone; alone or shared where wins are shared) as played (A) and
    /// never playing the tag (B), B − A with its interval: a card that helps shows a
    /// significant loss without it.
    pub seat1: Difference,
    /// The difference's two-sided p-value, and Holm's adjustment of it over every card
    /// of the study (`correction` names it): the verdict goes by the adjusted one, so
    /// that among many cards one that merely drew lucky seeds is not called a finding.
    pub p: f64,
    pub p_adjusted: f64,
    pub correction: String,
    /// "helps", "hurts", "no measurable effect" (adjusted p at or above 0.05), or "never
    /// played".
    pub verdict: String,
    /// The games of the batch without the card: asked for, finished, and failed (their
    /// seeds and messages in `errors`); a failed game is in no difference.
    pub games: usize,
    pub finished: usize,
    pub failed: usize,
    pub errors: Vec<super::SimError>,
}

/// The restricted-play report: for each tag, `base` against the batch of the same seeds
/// with the tag banned for seat 1, the verdicts corrected for the many cards (Holm). The measure is seat 1's wins alone, or, where wins are
/// shared (a team's, a cooperative crew's), seat 1's wins alone or shared.
pub fn restricted(base: &SimReport, banned: &[(String, SimReport)]) -> Vec<Restricted> {
    let shared = base.crew.is_some() || base.outcomes.shared_win > 0 || base.sides.len() < base.players;
    let measure = if shared { "seat 1 wins, alone or shared" } else { "seat 1 wins alone" };
    let wins = move |r: &GameRow| f64::from(u8::from(if shared { r.winners.contains(&1) } else { r.winners == [1] }));
    let diffs: Vec<Difference> =
        banned.iter().map(|(_, b)| difference(measure.into(), true, &paired(base, b), wins)).collect();
    let p: Vec<f64> = diffs.iter().map(|d| crate::stats::p_value(d.diff, (d.high - d.low) / 2.0)).collect();
    let adjusted = crate::stats::holm(&p);
    banned
        .iter()
        .zip(diffs)
        .enumerate()
        .map(|(i, ((tag, b), seat1))| {
            let played = base.cards.iter().find(|c| &c.tag == tag).map_or(0, |c| c.played);
            let found = adjusted[i] < 0.05;
            let verdict = if played == 0 {
                "never played"
            } else if found && seat1.diff < 0.0 {
                "helps"
            } else if found {
                "hurts"
            } else {
                "no measurable effect"
            };
            Restricted {
                tag: tag.clone(),
                seat1,
                p: p[i],
                p_adjusted: adjusted[i],
                correction: format!("Holm, over {} card{}", banned.len(), if banned.len() == 1 { "" } else { "s" }),
                verdict: verdict.into(),
                games: b.games,
                finished: b.finished,
                failed: b.failed,
                errors: b.errors.clone(),
            }
        })
        .collect()
}
