//! `posse check [GAME...]`: the checks every game gets, for authors and CI.
//!
//! For each game: load its content (every diagnostic, with file and line); then play
//! random games (seeds `0, 1, ...`, each with every allowed number of players) and for
//! each one replay its record (the result must be the same state: scripts must be
//! deterministic) making every question's prompt and labels on the way (the random bots
//! of `sim` never make them), and draw every seat's view and the omniscient view at the
//! start, halfway and at the end (renderer errors show up only with some positions).
//! `--seeds N` plays seeds `0..N`; by default every game plays at least [`MIN_SEEDS`]
//! seeds and goes on while their games have made fewer than [`WORK`] decisions, up to
//! [`MAX_SEEDS`]: a rare error that `sim -n 1000` would find is found here; while some card
//! or ability has not run yet, it goes on to twice that. The work is counted, not timed, so
//! every run on every machine plays the same games and prints the same lines; `--time SECS`
//! plays by the clock instead (at least [`MIN_SEEDS`] seeds, then while SECS last), and
//! then what it plays depends on the machine and its load.
//! `--until-covered` stops sooner, once every definition expected to run has (coverage.rs).
//! After its games, each game prints its coverage line (`--coverage`: the full table) and
//! a warning for each definition whose behaviour never ran, with its YAML file and line.
//! A game that types its questions (`scripts/<game>/questions.lua`) fails on a question
//! of an undeclared kind or an option of an undeclared id (the engine refuses them, in the
//! games and in the replay that makes every option), and is warned of each declared kind
//! that none of its games, in any of its modes, asked.
//!
//! A game that cannot be played to its end (a script error, a bot's, an endless game, an
//! engine fault: a panic, caught by [`caught`]) is a problem with its seed, the verdict
//! says how many of the games played ended so, and `check` exits non-zero. A failure that
//! would only repeat ends a game's games early, so a broken script fails fast: when no
//! game of seed 0 finished, seed 0 is the last (and the bots, the leak check and the golden
//! playthroughs are not played: they would fail the same way); after [`MAX_FAILED`] failed
//! games, no further seed is played; a bot's first failed game is its last, and so is the
//! leak check's.
//!
//! Each strategy bot of the game (`scripts/<game>/bots/`) plays [`BOT_SEEDS`] games in
//! every seat, with the fewest and the most players, and the search player the first
//! [`SEARCH_DECISIONS`] decisions of a game in seat 1 ([`SEARCH`]): their errors are
//! problems too.
//!
//! Then the no-leak check (repl/src/leaks.rs) plays games of its own, whose findings are
//! problems like any other: by default while its games have compared fewer than
//! [`LEAK_WORK`] positions and seats (at least one game: seed 0 with the fewest players;
//! then each number of players, seed by seed; with `--time`, a third of the time); with
//! `--leaks` ([`Leaks::Full`]) the seeds played (the first [`LEAK_SEEDS`] of them without
//! `--seeds`) with every number of players; with `--no-leaks` none.
//!
//! One report per distinct error: the same message from many games, or from a game and
//! its modes (`hilo`, `hilo/short`), is printed once, under the first that showed it,
//! with the seeds and modes where it happened. An error in a card's `script:` names the
//! card and its YAML line, also when it was raised in a helper the card called. A game
//! with no problem gets one `ok` line; the content's warnings (`Content::warnings`: a
//! zone map's grazing and fragile pairs) are printed before it and fail nothing, and what
//! people would miss in its texts (`Content::text_warnings`: `rules:` without a win or a
//! turn, a component with no rules text) after it, failing nothing either.

use crate::coverage::Coverage;
use crate::words::count;
use anyhow::{bail, Result};
use posse::hash::hex;
use posse::leaks::Positions;
use posse::sim::play_random;
use posse::{Content, Error, Game, Record, Setup};
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::sync::{Arc, Once};
use std::time::{Duration, Instant};

/// The seeds every game plays at least when `--seeds` is not given.
pub const MIN_SEEDS: u64 = 20;
/// The most seeds a game plays when `--seeds` is not given (as many as `sim -n 1000`).
pub const MAX_SEEDS: u64 = 1000;
/// The work of a game's (or mode's) random games when `--seeds` is not given, in
/// decisions made: after [`MIN_SEEDS`] seeds, it plays seed after seed while its games
/// have made fewer (up to [`MAX_SEEDS`]; while a card or ability has not run, twice as
/// many). Counted, not timed, so every run plays the same games.
pub const WORK: u64 = 10_000;
/// The seeds `--leaks` plays when `--seeds` is not given (it costs about twenty times a
/// check of the same seeds).
pub const LEAK_SEEDS: u64 = 4;
/// The work of the no-leak check's games by default, in positions and seats compared
/// (`posse::leaks::Report::checked`): it plays game after game while they have compared
/// fewer (at least one).
pub const LEAK_WORK: usize = 500;
/// The failed games (games not played to their end) after which a game or mode plays no
/// more seeds: each may have spent a step's whole budget, and the next would too.
pub const MAX_FAILED: usize = 20;

/// How much the no-leak check plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Leaks {
    Off,
    /// Games while their work lasts ([`LEAK_WORK`], or a third of `--time`).
    Quick,
    /// The seeds played, or the first [`LEAK_SEEDS`] of them, with every number of players.
    Full,
}

/// How many seeds each game plays.
#[derive(Clone, Copy, Debug)]
pub enum Seeds {
    /// Seeds `0..N`, with each number of players.
    Exactly(u64),
    /// At least [`MIN_SEEDS`], then more while the games' decisions stay under [`WORK`],
    /// up to [`MAX_SEEDS`]; with `until_covered`, stopping once every definition expected
    /// to run has run.
    Work { until_covered: bool },
    /// As `Work`, but against a time budget a game (`--time`): the games played, and so
    /// the output, depend on the machine and its load.
    Time { budget: Duration, until_covered: bool },
}

/// Checks the games named (all games under `root` when none are: a designer's root's own,
/// not the shipped ones it stands on). Returns whether all passed.
/// `coverage`: None, no table; `Some(None)`, each game's full coverage table; `Some(Some(DEF))`,
/// definition DEF's row in each game that has it (an error naming the closest definition
/// when none does, before any game is played).
pub fn run(
    root: &Path,
    names: &[String],
    seeds: Seeds,
    leaks: Leaks,
    coverage: Option<Option<String>>,
) -> Result<bool> {
    let all = crate::games::list(root)?;
    let own = if names.is_empty() { crate::games::own(root)? } else { Vec::new() };
    // A game named is checked with its modes (`hilo` is `hilo` and `hilo/short`): a mode
    // is the game too, and its errors are the game's.
    let mut ids: Vec<String> = Vec::new();
    for name in if names.is_empty() { &own[..] } else { names } {
        let modes = all
            .iter()
            .filter(|m| !name.contains('/') && m.strip_prefix(name.as_str()).is_some_and(|r| r.starts_with('/')));
        for id in std::iter::once(name).chain(modes) {
            if !ids.contains(id) {
                ids.push(id.clone());
            }
        }
    }
    if ids.is_empty() {
        bail!("no games under {}", root.display());
    }
    // One definition's coverage: it must be some game's.
    let def = coverage.clone().flatten();
    if let Some(def) = &def {
        let mut known: Vec<String> = Vec::new();
        for id in ids.iter().filter(|id| all.contains(id)) {
            if let Ok(c) = crate::games::load_with(root, id, &[]) {
                known.extend(c.defs.iter().map(|d| d.id.clone()));
            }
        }
        if !known.iter().any(|k| k == def) {
            let near = posse::content::closest(def, known.iter().map(String::as_str))
                .map_or_else(String::new, |c| format!(" (did you mean '{c}'?)"));
            bail!("--coverage {def}: no definition '{def}' in {}{near}", ids.join(", "));
        }
    }
    let w = ids.iter().map(String::len).max().unwrap_or(4).max(4);
    let mut head = def.is_some();
    let mut ok = true;
    // A game and its modes are checked together, so that what they share is said once.
    let mut families: Vec<(&str, Vec<&String>)> = Vec::new();
    for id in &ids {
        if !all.contains(id) {
            eprintln!("{id}: unknown game under {} (games: {})", root.display(), all.join(", "));
            ok = false;
            continue;
        }
        let base = id.split('/').next().unwrap_or(id);
        match families.iter_mut().find(|(b, _)| *b == base) {
            Some((_, members)) => members.push(id),
            None => families.push((base, vec![id])),
        }
    }
    for (_, members) in families {
        let reports: Vec<Report> = members.iter().map(|id| check_member(root, id, seeds, leaks)).collect();
        ok &= print_family(&members, &reports);
        for (id, r) in members.iter().zip(&reports) {
            let Some(c) = r.coverage.as_ref() else { continue };
            match &coverage {
                Some(Some(def)) => {
                    if let Some(row) = c.row(id, def, w) {
                        if std::mem::take(&mut head) {
                            print!("{}", Coverage::head(def, &ids));
                        }
                        print!("{row}");
                    }
                }
                Some(None) => print!("{}", c.table(id)),
                None => {}
            }
        }
    }
    Ok(ok)
}

/// Prints the reports of a game and its modes: each distinct problem once, under the
/// first of them that showed it. Returns whether all passed.
fn print_family(ids: &[&String], reports: &[Report]) -> bool {
    // Each message, with the places that showed it in each member (member index first).
    let mut problems: Vec<(&str, Vec<(usize, &Place)>)> = Vec::new();
    for (k, r) in reports.iter().enumerate() {
        for (msg, places) in &r.problems {
            let i = match problems.iter().position(|(m, _)| m == msg) {
                Some(i) => i,
                None => {
                    problems.push((msg, Vec::new()));
                    problems.len() - 1
                }
            };
            problems[i].1.extend(places.iter().map(|p| (k, p)));
        }
    }
    let several = ids.len() > 1;
    let covered: Vec<&Coverage> = reports.iter().filter_map(|r| r.coverage.as_ref()).collect();
    if let Some(first) = ids.first() {
        for w in Coverage::unasked_kinds(&covered) {
            println!("{first}: warning: {w}");
        }
    }
    let mut ok = true;
    for (k, (id, report)) in ids.iter().zip(reports).enumerate() {
        for w in &report.warnings {
            println!("{id}: warning: {w}");
        }
        if let Some(line) = &report.cards {
            println!("{id}: {line}");
        }
        if report.problems.is_empty() {
            println!("{id}: ok ({})", report.summary);
            print_coverage(id, report);
            continue;
        }
        ok = false;
        let mut above = 0;
        for (msg, places) in &problems {
            match places.first() {
                Some(&(first, place)) if first == k => {
                    let at = place.label().map(|l| format!("{l}: ")).unwrap_or_default();
                    println!("{id}: {at}{msg}");
                    if places.len() > 1 {
                        let rest = &places[1..];
                        let more = if several { by_member(ids, rest) } else { seeds_summary(rest.iter().map(|p| p.1)) };
                        println!("    (and {} more times: {more})", rest.len());
                    }
                }
                Some(_) if places.iter().any(|&(m, _)| m == k) => above += 1,
                _ => {}
            }
        }
        let n = report.problems.len();
        let above = if above == 0 { String::new() } else { format!(" ({above} of them reported above)") };
        let games = if report.summary.is_empty() { String::new() } else { format!(", in {}", report.summary) };
        println!("{id}: FAILED, {n} problem{}{above}{games}", if n == 1 { "" } else { "s" });
        print_coverage(id, report);
    }
    ok
}

/// The coverage line of a game, after its verdict, then what people would miss in its
/// texts.
fn print_coverage(id: &str, report: &Report) {
    if let Some(c) = &report.coverage {
        println!("{id}: {}", c.summary());
    }
    for w in &report.texts {
        println!("{id}: warning: {w}");
    }
}

/// The places of a family's members as `hilo: 3 players: seeds 0-19; hilo/short: 2
/// players: seeds 0-19`.
fn by_member(ids: &[&String], places: &[(usize, &Place)]) -> String {
    let mut parts = Vec::new();
    for (k, id) in ids.iter().enumerate() {
        let mine: Vec<&Place> = places.iter().filter(|p| p.0 == k).map(|p| p.1).collect();
        if !mine.is_empty() {
            parts.push(format!("{id}: {}", seeds_summary(mine.into_iter())));
        }
    }
    parts.join("; ")
}

struct Report {
    /// Distinct messages, each with the places that showed it, in order.
    problems: Vec<(String, Vec<Place>)>,
    /// What the content has that does not fail the check (a zone map's grazing and
    /// fragile pairs), printed before the verdict.
    warnings: Vec<String>,
    summary: String,
    /// How a mode takes the game's cards ([`cards_line`]), printed before the verdict.
    cards: Option<String>,
    /// What people would miss in the game's texts (`Content::text_warnings`: no `rules:`
    /// win or turn, a component with no rules text), printed after the verdict.
    texts: Vec<String>,
    /// Random games played to their end.
    finished: usize,
    /// What of the content ran in its games (None when the content did not load).
    coverage: Option<Coverage>,
    /// The cards' scripts: (def id, file, first line, last line), to name the card an
    /// error comes from.
    scripts: Vec<(String, String, usize, usize)>,
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
        Some(format!("seed {seed}, {}{what}", count(players, "player")))
    }
}

impl Report {
    /// Adds an engine error, naming the card whose script it came from.
    fn add_error(&mut self, place: Place, prefix: &str, e: &Error) {
        let msg = e.to_string();
        let card = match e {
            Error::Script(m) => self.card_of(m),
            _ => None,
        };
        self.add(place, format!("{prefix}{}{msg}", card.unwrap_or_default()));
    }

    /// `card ID (FILE:LINE): ` for the innermost frame of a script error that is in a
    /// card's `script:`, or `card ID: ` when the message starts there already.
    fn card_of(&self, msg: &str) -> Option<String> {
        let head = msg.lines().next().unwrap_or_default();
        let frames = msg.lines().skip(1).filter_map(|l| l.trim().strip_prefix("at "));
        let places = std::iter::once(head).chain(frames).filter_map(|l| {
            let mut parts = l.splitn(3, [':', ',']);
            let (file, line) = (parts.next()?, parts.next()?.trim().parse::<usize>().ok()?);
            file.ends_with(".yaml").then(|| (file.to_string(), line))
        });
        for (i, (file, line)) in places.enumerate() {
            let card = self.scripts.iter().find(|(_, f, a, b)| *f == file && (*a..=*b).contains(&line));
            if let Some((id, ..)) = card {
                let at_head = i == 0 && head.starts_with(&format!("{file}:{line}:"));
                return Some(if at_head { format!("card {id}: ") } else { format!("card {id} ({file}:{line}): ") });
            }
        }
        None
    }

    fn add(&mut self, place: Place, msg: String) {
        match self.problems.iter_mut().find(|(m, _)| *m == msg) {
            Some((_, places)) => places.push(place),
            None => self.problems.push((msg, vec![place])),
        }
    }
}

/// The most runs of seeds a summary lists.
const RANGES: usize = 8;

/// The games among `places` as `2 players: seeds 0-19; 3 players: seeds 4, 7`.
fn seeds_summary<'a>(places: impl Iterator<Item = &'a Place>) -> String {
    let mut by_players: BTreeMap<usize, BTreeSet<u64>> = Default::default();
    for (seed, players) in places.filter_map(|p| p.game) {
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
            let r: Vec<String> = ranges
                .iter()
                .take(RANGES)
                .map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") })
                .collect();
            let more =
                if ranges.len() > RANGES { format!(", ... ({} seeds in all)", seeds.len()) } else { String::new() };
            format!("{}: seeds {}{more}", count(*players, "player"), r.join(", "))
        })
        .collect();
    if parts.is_empty() {
        "in the content".to_string()
    } else {
        parts.join("; ")
    }
}

/// Checks game or mode `id`: its content and random games, then its golden playthroughs
/// (transcripts.rs), each played again.
fn check_member(root: &Path, id: &str, seeds: Seeds, leaks: Leaks) -> Report {
    let mut report = check_game(root, id, seeds, leaks);
    // A game that does not load, or none of whose random games finished, plays no
    // playthrough: its errors are said once.
    let files = if report.finished > 0 { crate::transcripts::of(root, id) } else { Vec::new() };
    for (file, players, seed) in &files {
        match crate::transcripts::differs(root, file, id, *players, *seed) {
            Ok(None) => {}
            Ok(Some(diff)) => report.add(Place::default(), diff),
            Err(e) => report.add(Place::default(), format!("{}: {e:#}", file.display())),
        }
    }
    if !files.is_empty() && report.problems.is_empty() {
        let n = files.len();
        report.summary.push_str(&format!(", {n} playthrough{} the same", if n == 1 { "" } else { "s" }));
    }
    report
}

fn check_game(root: &Path, id: &str, seeds: Seeds, leaks: Leaks) -> Report {
    let mut report = Report {
        problems: Vec::new(),
        warnings: Vec::new(),
        texts: Vec::new(),
        summary: String::new(),
        cards: None,
        finished: 0,
        coverage: None,
        scripts: Vec::new(),
    };
    let started = Instant::now();
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
    report.texts = content.text_warnings().iter().map(|w| w.to_string()).collect();
    report.cards = cards_line(&content);
    report.scripts = content
        .defs
        .iter()
        .filter_map(|d| {
            let s = d.script.as_ref()?;
            Some((d.id.clone(), s.file.clone(), s.line, s.line + s.code.lines().count().max(1) - 1))
        })
        .collect();
    let mut coverage = Coverage::new(&content);
    let p = content.players;
    // Games played, those of them not played to their end, and the decisions of the
    // others (the work done).
    let (mut played, mut failed, mut work) = (0usize, 0usize, 0u64);
    let (mut min, mut max) = (usize::MAX, 0);
    // Numbers of players whose games cannot even start: not played again.
    let mut broken = BTreeSet::new();
    let mut seed = 0;
    // When no game of seed 0 finished (a script broken from the start), or after
    // MAX_FAILED failed games, the next seeds would fail too: no more.
    while more(seeds, seed, work, &coverage, started) && !(seed > 0 && played == failed) && failed < MAX_FAILED {
        for players in p.min..=p.max {
            if broken.contains(&players) {
                continue;
            }
            let at = Place::game(seed, players, "");
            played += 1;
            if seed == 0 {
                match caught(|| Setup::new(&content, seed, Some(players)).and_then(|s| Game::new(content.clone(), s))) {
                    Ok(Ok(g)) => {
                        let start = Place::game(seed, players, "at the start");
                        if let Err(panic) = caught(|| render_all(&g, &start, &mut report)) {
                            report.add(start, panic);
                        }
                    }
                    Ok(Err(e)) => {
                        failed += 1;
                        report.add_error(at, "", &e);
                        broken.insert(players);
                        continue;
                    }
                    Err(panic) => {
                        failed += 1;
                        report.add(at, panic);
                        broken.insert(players);
                        continue;
                    }
                }
            }
            let game = match caught(|| play_random(&content, seed, Some(players))) {
                Ok(Ok(g)) => g,
                Ok(Err(e)) => {
                    failed += 1;
                    report.add_error(at, "", &e);
                    continue;
                }
                Err(panic) => {
                    failed += 1;
                    report.add(at, panic);
                    continue;
                }
            };
            work += game.choices().len() as u64;
            min = min.min(game.choices().len());
            max = max.max(game.choices().len());
            let checked = caught(|| {
                coverage.add(&game, seed);
                render_all(&game, &Place::game(seed, players, "at the end"), &mut report);
                replay(&content, &game, &Place::game(seed, players, "replaying"), &mut report);
            });
            if let Err(panic) = checked {
                report.add(Place::game(seed, players, "checking the game"), panic);
            }
        }
        seed += 1;
    }
    let finished = played - failed;
    // When none of the game's own games finished, the bots' and the leak check's fail the
    // same way: they are not played.
    if finished > 0 {
        bots(&content, &mut report);
    }
    let playable: Vec<usize> = (p.min..=p.max).filter(|n| !broken.contains(n)).collect();
    let leak_seeds = if let Seeds::Exactly(n) = seeds { n } else { seed.min(LEAK_SEEDS) };
    let (leak_games, budget) = match (leaks, seeds) {
        _ if finished == 0 => (0, LeakBudget::All),
        (Leaks::Off, _) => (0, LeakBudget::All),
        (Leaks::Full, _) => (leak_seeds, LeakBudget::All),
        (Leaks::Quick, Seeds::Time { budget, .. }) => (MAX_SEEDS, LeakBudget::Until(Instant::now() + budget / 3)),
        (Leaks::Quick, Seeds::Exactly(n)) => (n, LeakBudget::Work(LEAK_WORK)),
        (Leaks::Quick, Seeds::Work { .. }) => (MAX_SEEDS, LeakBudget::Work(LEAK_WORK)),
    };
    let pairs = (0..leak_games).flat_map(|s| playable.iter().map(move |&n| (s, n)));
    // `--leaks` compares every position of its games; the default, the first ones and a
    // sample of the rest.
    let positions = if leaks == Leaks::Full { Positions::Every } else { Positions::Sampled };
    let (found, leak_checked) = crate::leaks::check(&content, pairs, budget, positions);
    let leaks_found = found.iter().any(|f| f.leak);
    for f in found {
        report.add(Place::game(f.seed, f.players, "leak check"), f.message);
    }
    let players = if p.min == p.max { count(p.min, "player") } else { format!("{}-{} players", p.min, p.max) };
    let seeds = if seed == 1 { "seed 0".to_string() } else { format!("seeds 0-{}", seed.saturating_sub(1)) };
    let mut summary = format!("{} with {players} ({seeds})", count(played, "random game"));
    summary += &match failed {
        0 => String::new(),
        n if n == played => ", none played to the end".to_string(),
        n => format!(", {n} of them not played to the end"),
    };
    if finished > 0 {
        summary += &format!(", {min}-{max} decisions, replayed and every view drawn");
    }
    if leak_checked > 0 {
        let verdict = if leaks_found { "leaks checked in" } else { "no leaks in" };
        summary += &format!(", {verdict} {}", count(leak_checked, "game"));
    }
    report.summary = summary;
    report.finished = finished;
    report.warnings.extend(coverage.warnings());
    report.coverage = Some(coverage);
    report
}

/// Whether a game plays seed `seed`, its games before it having made `work` decisions
/// (see [`Seeds`]); past its work (or time), while some card or ability has not run yet,
/// as much again.
fn more(seeds: Seeds, seed: u64, work: u64, coverage: &Coverage, started: Instant) -> bool {
    let (within, twice, until_covered) = match seeds {
        Seeds::Exactly(n) => return seed < n,
        Seeds::Work { until_covered } => (work < WORK, work < 2 * WORK, until_covered),
        Seeds::Time { budget, until_covered } => {
            let t = started.elapsed();
            (t < budget, t < 2 * budget, until_covered)
        }
    };
    let missing = coverage.missing() > 0;
    seed < MIN_SEEDS
        || (seed < MAX_SEEDS && if until_covered { within && missing } else { within || (twice && missing) })
}

/// How long the no-leak check plays (repl/src/leaks.rs).
#[derive(Clone, Copy, Debug)]
pub enum LeakBudget {
    /// Every game it is given.
    All,
    /// Games while those played compared fewer than this many positions and seats.
    Work(usize),
    /// Games until this time (`--time`).
    Until(Instant),
}

thread_local! {
    /// Whether [`caught`] is running on this thread, and where its last panic was raised.
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    static PANIC_AT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs `f`; a panic in it (an engine bug, never a game's: a script's errors are values)
/// becomes a problem like any other, `engine fault: a panic at FILE:LINE:COL: MESSAGE`, so
/// that one bad game is reported with its seed and the check goes on. The panic is not
/// printed; a panic outside `caught` is printed as Rust prints it.
pub fn caught<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CATCHING.with(Cell::get) {
                let at = info.location().map(|l| format!(" at {}:{}:{}", l.file(), l.line(), l.column()));
                PANIC_AT.with(|p| *p.borrow_mut() = at.unwrap_or_default());
            } else {
                previous(info);
            }
        }));
    });
    let outer = CATCHING.with(|c| c.replace(true));
    let result = std::panic::catch_unwind(AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(outer));
    result.map_err(|payload| {
        let msg = match (payload.downcast_ref::<&str>(), payload.downcast_ref::<String>()) {
            (Some(s), _) => s.to_string(),
            (_, Some(s)) => s.clone(),
            _ => "(no message)".to_string(),
        };
        let at = PANIC_AT.with(|p| std::mem::take(&mut *p.borrow_mut()));
        format!("engine fault: a panic{at}: {msg} (a bug of posse's, not of the game: please report it with its seed)")
    })
}

/// The games each strategy bot of the game (`scripts/<game>/bots/`) plays in `check`.
pub const BOT_SEEDS: u64 = 3;

/// Plays [`BOT_SEEDS`] games with each strategy bot in every seat, with the fewest and
/// the most players: a bot's error (its Lua, an answer the question does not allow) is
/// a problem like the game's, and the bot's last game.
fn bots(content: &Arc<Content>, report: &mut Report) {
    let p = content.players;
    for name in posse::bot_names(content) {
        // A bot's first failed game ends its games: the next ones would fail the same way.
        'games: for players in BTreeSet::from([p.min, p.max]) {
            let lineup = posse::sim::Lineup { bots: vec![name.clone(); players], ban: None };
            for seed in 0..BOT_SEEDS {
                let at = Place::game(seed, players, &format!("bot {name}"));
                match caught(|| posse::sim::play_with(content, seed, Some(players), &lineup)) {
                    Ok(Ok(_)) => continue,
                    Ok(Err(e)) => report.add_error(at, "", &e),
                    Err(panic) => report.add(at, panic),
                }
                break 'games;
            }
        }
    }
    // The search player, which every game has: the start of a game in seat 1 at the usual
    // count, with a small budget (a world it samples that the scripts cannot play is an
    // error here).
    let players = p.default.unwrap_or(p.min);
    let lineup = posse::sim::Lineup { bots: vec![SEARCH.into()], ban: None };
    let at = Place::game(0, players, &format!("bot {SEARCH}"));
    match caught(|| posse::sim::play_start_with(content, 0, Some(players), &lineup, SEARCH_DECISIONS)) {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => report.add_error(at, "", &e),
        Err(panic) => report.add(at, panic),
    }
}

/// The search player as `check` plays it, and the decisions of its game it plays (each
/// of its playouts replays the game so far: a long game costs the square of its length).
const SEARCH: &str = "search:iterations=2";
const SEARCH_DECISIONS: usize = 400;

/// How a mode takes its game's definitions, when it takes fewer than all or declares
/// how (`cards:`): `cards: 61 of 74 definitions (include: basic)`, then the definitions
/// an `include` leaves out for having no tags at all (a new card, most likely), and those
/// its `defs:` leave out when it declares nothing. A game, and a mode that takes every
/// definition without saying so, get no line: every card joins them.
fn cards_line(content: &Content) -> Option<String> {
    if !content.id.contains('/') {
        return None;
    }
    let game: Vec<_> = content.defs.iter().filter(|d| d.count > 0 || d.left_out).collect();
    let out: Vec<&str> = game.iter().filter(|d| d.left_out).map(|d| d.id.as_str()).collect();
    let rule = &content.cards;
    if out.is_empty() && !rule.is_declared() {
        return None;
    }
    let names = |ids: &[&str]| match ids.len() {
        0..=6 => ids.join(", "),
        n => format!("{}, and {} more", ids[..5].join(", "), n - 5),
    };
    let mut how = Vec::new();
    for (key, tags) in [("include", &rule.include), ("exclude", &rule.exclude)] {
        if !tags.is_empty() {
            how.push(format!("{key}: {}", tags.join(", ")));
        }
    }
    let mut line = format!("cards: {} of {} definitions", game.len() - out.len(), game.len());
    if how.is_empty() {
        line += &format!(" (no include or exclude: a new card joins; left out by defs: {})", names(&out));
    } else {
        line += &format!(" ({})", how.join("; "));
        let untagged: Vec<&str> =
            game.iter().filter(|d| d.left_out && d.tags.is_empty()).map(|d| d.id.as_str()).collect();
        if !rule.include.is_empty() && !untagged.is_empty() {
            line += &format!("; untagged, so left out: {}", names(&untagged));
        }
    }
    Some(line)
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
        Err(e) => report.add_error(at.clone(), "replay: ", &e),
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
                    let place = Place { what: format!("decision {} of seat {}", i + 1, r.seat), ..at.clone() };
                    report.add_error(place, "", &e);
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
            report.add_error(Place { what: format!("{}, {whose}", at.what), ..at.clone() }, "render: ", &e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 22: a panic while a game is checked is a problem of that game, with where it
    /// was raised and its message, and the check goes on (`catch_unwind`, once per game).
    #[test]
    fn a_panic_is_caught_as_an_engine_fault_and_the_next_call_runs() {
        let line = line!() + 1;
        let r: Result<(), String> = caught(|| panic!("boom in seed {}", 7));
        let e = r.expect_err("the panic is caught");
        assert!(e.starts_with(&format!("engine fault: a panic at repl/src/check.rs:{line}:")), "{e}");
        assert!(e.contains(": boom in seed 7 (a bug of posse's"), "{e}");
        assert_eq!(caught(|| 6 * 7), Ok(42));
        // Outside `caught`, a panic is Rust's again (the hook passes it on).
        assert!(!CATCHING.with(Cell::get));
    }

    /// Issue 22: by default the seeds played depend on the decisions made, never on the clock.
    #[test]
    fn seeds_go_on_by_decisions_made() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
        let content = Content::load(&root, "hilo").expect("hilo loads");
        let game = play_random(&Arc::new(content.clone()), 0, None).expect("game 0 plays");
        let mut coverage = Coverage::new(&content);
        coverage.add(&game, 0);
        assert_eq!(coverage.missing(), 0, "hilo's one card runs in game 0");
        let long_ago = Instant::now() - Duration::from_secs(3600);
        let work = Seeds::Work { until_covered: false };
        assert!(more(work, MIN_SEEDS - 1, 10 * WORK, &coverage, long_ago), "the first seeds are always played");
        assert!(more(work, MIN_SEEDS, WORK - 1, &coverage, long_ago), "an hour gone changes nothing");
        assert!(!more(work, MIN_SEEDS, WORK, &coverage, Instant::now()));
        assert!(!more(work, MAX_SEEDS, 0, &coverage, Instant::now()));
        let covered = Seeds::Work { until_covered: true };
        assert!(!more(covered, MIN_SEEDS, 0, &coverage, Instant::now()), "covered: no more");
        let time = Seeds::Time { budget: Duration::from_secs(1), until_covered: false };
        assert!(!more(time, MIN_SEEDS, 0, &coverage, long_ago), "--time goes by the clock");
    }
}
