//! The report of a batch, made from its games alone (their rows, in seed order) and what
//! the batch was: so a batch played on one machine, on several threads, or in shards
//! merged afterwards gives the same report but for the timings. Its sums are checked
//! adds: counts that would pass the largest number (only a shard's file can hold such)
//! make no report, never a wrapped one.

use super::{
    CardNumbers, CrewTally, Decisiveness, FirstPlayer, GameRow, KindNumbers, Measures, Outcomes, SimError, SimReport,
    Standing,
};
use crate::content::Content;
use crate::stats::{Rate, Spread};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What a batch plays: the game, its `--set` values, the content it was played with (its
/// hash, as a save keeps it), the number of players, the games and their first seed, and
/// what the report needs of the game (cooperative, the unit of length).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Batch {
    pub game: String,
    pub sets: Vec<String>,
    /// The content's hash (hex; every file of the game and the `--set` values): empty in
    /// the shards of posse before it was kept, which `merge` refuses.
    #[serde(default)]
    pub content_hash: String,
    pub players: usize,
    pub games: usize,
    pub seed: u64,
    pub cooperative: bool,
    pub length_unit: Option<String>,
    /// Whether the game declares a counter to lead by (`lead:`): decisiveness is measured.
    #[serde(default)]
    pub lead: bool,
    /// Each seat's bot: "random" or a strategy bot's name (empty: random in every seat).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<String>,
    /// The names for people of the sides the game's data lists as teams (`data.teams`:
    /// `[{id, name}]`), by id; other sides are named by [`side_label`].
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub side_names: BTreeMap<String, String>,
}

/// A side's name for people: the batch's name for it (a team `data.teams` lists), else
/// for a `team` or role its id with a capital and spaces for underscores (as
/// `Content::side_name` names it), else (a seat's name) the id as it is.
pub fn side_label(names: &BTreeMap<String, String>, side: &str, team: bool) -> String {
    if let Some(n) = names.get(side) {
        return n.clone();
    }
    if !team {
        return side.to_string();
    }
    let spaced = side.replace('_', " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => spaced,
    }
}

impl Batch {
    pub fn of(content: &Content, games: usize, seed: u64, players: Option<usize>) -> Batch {
        Batch {
            game: content.id.clone(),
            sets: content.sets.clone(),
            content_hash: crate::hash::hex(content.hash),
            players: players.unwrap_or(content.players.default.unwrap_or(content.players.min)),
            games,
            seed,
            cooperative: content.cooperative,
            length_unit: content.length.as_ref().map(|l| l.unit.clone()),
            lead: content.lead.is_some(),
            bots: Vec::new(),
            side_names: {
                let teams = content.data.get("teams").and_then(|t| t.as_array()).into_iter().flatten();
                let ids = teams.filter_map(|t| t.get("id").and_then(|i| i.as_str()));
                ids.map(|id| (id.to_string(), content.side_name(id))).collect()
            },
        }
    }

    /// The batch played by `lineup`'s bots (named per seat unless all are random).
    pub fn with_bots(mut self, lineup: &super::Lineup) -> Batch {
        self.bots = if lineup.all_random() { Vec::new() } else { lineup.names(self.players) };
        self
    }
}

fn add<K: Ord>(m: &mut BTreeMap<K, usize>, k: K) {
    *m.entry(k).or_default() += 1;
}

/// `*n += by`, or None when the sum passes the largest `usize`.
fn plus(n: &mut usize, by: usize) -> Option<()> {
    *n = n.checked_add(by)?;
    Some(())
}

/// The sums over the games that a report makes, added with checks.
#[derive(Default)]
struct Sums<'r> {
    decisions: usize,
    options: usize,
    /// Each tag in seat-games: (offered, played, times, won when played, won when not).
    tags: BTreeMap<&'r str, [usize; 5]>,
    /// Drawn and held, by definition id.
    counts: BTreeMap<&'r str, (usize, usize)>,
    /// Times each definition's behaviour ran.
    resolved: BTreeMap<&'r str, usize>,
    /// Each question kind: asked in all, and the games that asked it.
    questions: BTreeMap<&'r str, (u64, usize)>,
}

impl<'r> Sums<'r> {
    /// Adds game `r`; `shared`: a seat's wins count alone or shared. None: a sum overflowed.
    fn add(&mut self, r: &'r GameRow, shared: bool) -> Option<()> {
        plus(&mut self.decisions, r.decisions)?;
        plus(&mut self.options, r.options)?;
        for (tag, u) in &r.tags {
            let t = self.tags.entry(tag.as_str()).or_default();
            plus(&mut t[0], u.offered.len())?;
            plus(&mut t[1], u.played.len())?;
            plus(&mut t[2], u.times)?;
            for seat in &u.offered {
                let won = if shared { r.winners.contains(seat) } else { r.winners == [*seat] };
                plus(&mut t[if u.played.contains(seat) { 3 } else { 4 }], usize::from(won))?;
            }
        }
        for (id, &(d, h)) in &r.cards {
            let c = self.counts.entry(id.as_str()).or_default();
            plus(&mut c.0, d as usize)?;
            plus(&mut c.1, h as usize)?;
        }
        for (id, &n) in &r.resolved {
            plus(self.resolved.entry(id.as_str()).or_default(), n as usize)?;
        }
        for (kind, &n) in &r.questions {
            let q = self.questions.entry(kind.as_str()).or_default();
            q.0 = q.0.checked_add(n)?;
            plus(&mut q.1, 1)?;
        }
        Some(())
    }
}

/// The two-sided p-value of the difference of two independent rates (the two-proportion
/// z-test, its variance pooled); None when either has no trial.
fn two_rates_p(a: Rate, b: Rate) -> Option<f64> {
    if a.of == 0 || b.of == 0 {
        return None;
    }
    let (na, nb) = (a.of as f64, b.of as f64);
    let pooled = (a.count + b.count) as f64 / (na + nb);
    let se = (pooled * (1.0 - pooled) * (1.0 / na + 1.0 / nb)).sqrt();
    Some(crate::stats::p_value(a.rate - b.rate, crate::stats::Z95 * se))
}

/// Seat `s`'s side (1-based) when every game gave it the same team or role.
fn seat_side(rows: &[GameRow], s: usize) -> Option<&String> {
    let mut of = rows.iter().map(|r| r.seat_sides.get(s - 1));
    let first = of.next()??;
    (!first.is_empty() && of.all(|x| x == Some(first))).then_some(first)
}

/// The report of `batch` from its `rows` and `errors` (any order: both are sorted by
/// seed here), played on `jobs` threads; no timings yet ([`SimReport::timed`]). Err: the
/// seed of the game whose counts made a sum overflow.
pub(super) fn build(
    batch: &Batch,
    mut rows: Vec<GameRow>,
    mut errors: Vec<SimError>,
    jobs: usize,
) -> Result<SimReport, u64> {
    rows.sort_by_key(|r| r.seed);
    errors.sort_by_key(|e| e.seed);
    let finished = rows.len();
    let (mut wins_per_seat, mut alone_per_seat, mut shared_per_seat) =
        (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
    let (mut wins_per_side, mut alone_per_side, mut shared_per_side) =
        (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
    let (mut outcomes, mut reasons, mut crew) = (Outcomes::default(), BTreeMap::new(), CrewTally::default());
    let mut scores: BTreeMap<usize, Vec<i64>> = BTreeMap::new();
    for r in &rows {
        match r.winners.len() {
            0 => outcomes.no_winner += 1,
            1 => outcomes.one_winner += 1,
            _ => outcomes.shared_win += 1,
        }
        for &w in &r.winners {
            add(&mut wins_per_seat, w);
            add(if r.winners.len() == 1 { &mut alone_per_seat } else { &mut shared_per_seat }, w);
        }
        for side in &r.sides {
            add(&mut wins_per_side, side.clone());
            add(if r.sides.len() == 1 { &mut alone_per_side } else { &mut shared_per_side }, side.clone());
        }
        if let Some(why) = &r.reason {
            add(&mut reasons, why.clone());
        }
        match r.crew {
            Some(true) => crew.won += 1,
            Some(false) => {
                crew.lost += 1;
                add(&mut crew.lost_by, r.reason.clone().unwrap_or_else(|| "no reason given".into()));
            }
            None => {}
        }
        for (&seat, &score) in &r.scores {
            scores.entry(seat).or_default().push(score);
        }
    }
    let standing = |name: String, label: String, alone: Option<&usize>, shared: Option<&usize>| Standing {
        name,
        label,
        alone: Rate::new(alone.copied().unwrap_or(0), finished),
        shared: shared.copied().unwrap_or(0),
    };
    // Every side any seat had, won or not: the teams and roles seats had, the teams the
    // game's data declares, the sides that won, and the seats that had neither team nor
    // role (by their names, `p1`...: a seat that never won is listed with 0 wins).
    let teams: std::collections::BTreeSet<&String> =
        rows.iter().flat_map(|r| &r.seat_sides).filter(|s| !s.is_empty()).chain(batch.side_names.keys()).collect();
    let unsided: std::collections::BTreeSet<String> = rows
        .iter()
        .flat_map(|r| r.seat_sides.iter().enumerate().filter(|(_, s)| s.is_empty()).map(|(i, _)| format!("p{}", i + 1)))
        .collect();
    let mut all_sides: std::collections::BTreeSet<&String> = wins_per_side.keys().collect();
    all_sides.extend(&teams);
    all_sides.extend(&unsided);
    let label = |k: &String| side_label(&batch.side_names, k, teams.contains(k));
    let seats: Vec<Standing> = (1..=batch.players)
        .map(|s| {
            let name = format!("seat {s}");
            let label = match seat_side(&rows, s) {
                Some(side) => format!("{name} ({})", label(side)),
                None => name.clone(),
            };
            standing(name, label, alone_per_seat.get(&s), shared_per_seat.get(&s))
        })
        .collect();
    let sides: Vec<Standing> = all_sides
        .into_iter()
        .map(|k| standing(k.clone(), label(k), alone_per_side.get(k), shared_per_side.get(k)))
        .collect();
    // Seat 1's fair share of the games won alone is one seat's part of them.
    let first_player = (batch.players > 1 && !batch.cooperative && finished > 0).then(|| {
        let alone = seats[0].alone;
        let fair = outcomes.one_winner as f64 / finished as f64 / batch.players as f64;
        FirstPlayer { alone, fair, advantage: alone.rate - fair, significant: alone.excludes(fair) }
    });
    // Where wins are shared (a team's, a cooperative crew's), a seat's wins alone say
    // nothing of a card: its wins alone or shared are counted instead.
    let shared = batch.cooperative || outcomes.shared_win > 0 || sides.len() < batch.players;
    let mut sums = Sums::default();
    for r in &rows {
        sums.add(r, shared).ok_or(r.seed)?;
    }
    let Sums { decisions: total, options, mut tags, counts, resolved, questions } = sums;
    let questions = questions
        .into_iter()
        .map(|(kind, (asked, games))| KindNumbers { kind: kind.to_string(), asked, games })
        .collect();
    // A definition that ran but was never an option's tag (an event drawn, an ability)
    // gets a row too.
    for id in resolved.keys() {
        tags.entry(id).or_default();
    }
    let mut cards: Vec<CardNumbers> = tags
        .into_iter()
        .map(|(tag, [offered, played, times, won_played, won_not])| CardNumbers {
            tag: tag.to_string(),
            drawn: counts.get(tag).map_or(0, |c| c.0),
            held: counts.get(tag).map_or(0, |c| c.1),
            offered,
            played,
            times,
            resolved: resolved.get(tag).copied().unwrap_or(0),
            wins_when_played: Rate::new(won_played, played),
            wins_when_not: Rate::new(won_not, offered.saturating_sub(played)),
            p: two_rates_p(Rate::new(won_played, played), Rate::new(won_not, offered.saturating_sub(played))),
            p_adjusted: None,
        })
        .collect();
    // The cards are many tests at once: their p-values corrected by Holm's method.
    let tested: Vec<usize> = (0..cards.len()).filter(|&i| cards[i].p.is_some()).collect();
    let adjusted = crate::stats::holm(&tested.iter().map(|&i| cards[i].p.unwrap_or(1.0)).collect::<Vec<_>>());
    for (&i, a) in tested.iter().zip(adjusted) {
        cards[i].p_adjusted = Some(a);
    }
    let card_correction = match tested.len() {
        0 => String::new(),
        1 => "Holm, over 1 card".to_string(),
        n => format!("Holm, over {n} cards"),
    };
    let lengths: Vec<i64> = rows.iter().map(|r| i64::try_from(r.decisions).unwrap_or(i64::MAX)).collect();
    Ok(SimReport {
        game: batch.game.clone(),
        sets: batch.sets.clone(),
        players: batch.players,
        bots: batch.bots.clone(),
        games: batch.games,
        seed: batch.seed,
        jobs,
        finished,
        failed: errors.len(),
        errors,
        wins_per_seat,
        wins_per_side,
        no_winner: outcomes.no_winner,
        reasons,
        crew_rate: batch.cooperative.then(|| Rate::new(crew.won, finished)),
        crew: batch.cooperative.then_some(crew),
        measures: Measures {
            completion: Rate::new(finished, batch.games),
            drawishness: Rate::new(outcomes.no_winner, finished),
            branching: if total == 0 { 0.0 } else { options as f64 / total as f64 },
            decisiveness: {
                let settled: Vec<f64> = rows.iter().filter_map(|r| r.settled).collect();
                batch.lead.then(|| Decisiveness {
                    games: settled.len(),
                    settled: if settled.is_empty() { 0.0 } else { settled.iter().sum::<f64>() / settled.len() as f64 },
                })
            },
        },
        outcomes,
        seats,
        sides,
        first_player,
        decisions: Spread::of(&lengths),
        length: batch
            .length_unit
            .as_ref()
            .map(|_| Spread::of(&rows.iter().map(|r| r.length.unwrap_or(0)).collect::<Vec<_>>())),
        length_unit: batch.length_unit.clone(),
        scores: scores.iter().map(|(&s, v)| (s, Spread::of(v))).collect(),
        cards,
        card_wins: if shared { "alone or shared" } else { "alone" }.into(),
        card_correction,
        questions,
        decisions_mean: if finished > 0 { total as f64 / finished as f64 } else { 0.0 },
        decisions_min: rows.iter().map(|r| r.decisions).min().unwrap_or(0),
        decisions_max: rows.iter().map(|r| r.decisions).max().unwrap_or(0),
        rows,
        seconds: 0.0,
        games_per_second: 0.0,
        decisions_per_second: 0.0,
    })
}

impl SimReport {
    /// Sets the timings of a batch that took `secs`.
    pub fn timed(&mut self, secs: f64) {
        let total = self.rows.iter().fold(0usize, |n, r| n.saturating_add(r.decisions));
        self.seconds = secs;
        self.games_per_second = if secs > 0.0 { self.games as f64 / secs } else { 0.0 };
        self.decisions_per_second = if secs > 0.0 { total as f64 / secs } else { 0.0 };
    }
}
