//! `sim --sweep KEY=VALUES` and `compare --sweep KEY=VALUES`: a batch (or a comparison)
//! for each value of one `--set` key, every one on the same seeds with the same bots (whose
//! streams are the seeds'), and every measure against the value: as a text table, a CSV
//! (`--csv FILE`, a row a value) and an HTML page (`--html FILE`) with a plot a measure,
//! each value's estimate with its 95% interval. VALUES is a list (`40,60,80`) or a range
//! of whole numbers (`4..10`, both ends included; `4..10:2`, by steps of 2).

use crate::sim::{self as report, batch, csv_cell, lineup, num, SimOptions, VariantB};
use crate::words::count;
use anyhow::{bail, Result};
use posse::sim::{self, SimReport};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

/// The most values a sweep plays (a batch each).
pub const MAX_VALUES: usize = 100;

/// One estimate of a measure at one value: its mean (a rate's from 0 to 1) and its 95%
/// interval.
#[derive(Debug, Clone, Copy)]
pub struct Point {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// What one value of the sweep gave: its games, and each measure's estimate by name.
#[derive(Debug, Clone)]
pub struct Step {
    /// The value as typed (`60`), and the `--set` it made (`start_money=60`).
    pub value: String,
    pub set: String,
    /// Games played (each variant's in a comparison), finished and failed.
    pub games: usize,
    pub finished: usize,
    pub failed: usize,
    pub errors: Vec<sim::SimError>,
    pub measures: std::collections::BTreeMap<String, Point>,
}

/// A sweep: what it played, the measures in the order they first came, and a step a value.
#[derive(Debug, Clone)]
pub struct Sweep {
    /// `sim` or `compare`.
    pub command: String,
    pub game: String,
    pub key: String,
    /// The `--set` values every batch has besides the key's (and, in a comparison, what B
    /// changes: `against`).
    pub sets: Vec<String>,
    pub against: Vec<String>,
    /// Each seat's bot (B's in a comparison: `against_bots`).
    pub bots: Vec<String>,
    pub against_bots: Vec<String>,
    pub games: usize,
    pub seed: u64,
    pub players: usize,
    /// Each measure's name, and whether it is a rate (in percent; a comparison's in points).
    pub measures: Vec<(String, bool)>,
    pub steps: Vec<Step>,
}

/// The key and its values of `--sweep KEY=VALUES`: a list, or a range of whole numbers.
pub fn parse(spec: &str) -> Result<(String, Vec<String>)> {
    let Some((key, values)) = spec.split_once('=') else {
        bail!("--sweep {spec}: expected KEY=V1,V2,... or KEY=FROM..TO[:STEP]");
    };
    let (key, values) = (key.trim(), values.trim());
    if key.is_empty() {
        bail!("--sweep {spec}: no key before '='");
    }
    let list: Vec<String> = if let Some((from, rest)) = values.split_once("..") {
        let (to, step) = rest.split_once(':').unwrap_or((rest, "1"));
        let whole = |x: &str, what: &str| {
            x.trim()
                .parse::<i64>()
                .map_err(|_| anyhow::anyhow!("--sweep {spec}: the range's {what} '{}' is not a whole number", x.trim()))
        };
        let (from, to, step) = (whole(from, "start")?, whole(to, "end")?, whole(step, "step")?);
        if step <= 0 {
            bail!("--sweep {spec}: the step must be 1 or more, not {step}");
        }
        if to < from {
            bail!("--sweep {spec}: the range ends ({to}) before it starts ({from})");
        }
        let n = (i128::from(to) - i128::from(from)) / i128::from(step) + 1;
        if n > MAX_VALUES as i128 {
            bail!("--sweep {spec}: {n} values, at most {MAX_VALUES}");
        }
        (0..n as i64).map(|i| (from + i * step).to_string()).collect()
    } else {
        values.split(',').map(|v| v.trim().to_string()).collect()
    };
    if list.iter().any(String::is_empty) {
        bail!("--sweep {spec}: an empty value in the list");
    }
    if list.len() > MAX_VALUES {
        bail!("--sweep {spec}: {} values, at most {MAX_VALUES}", list.len());
    }
    for (i, v) in list.iter().enumerate() {
        if list[..i].contains(v) {
            bail!("--sweep {spec}: the value {v} twice");
        }
    }
    Ok((key.to_string(), list))
}

/// The measures of a batch: each seat's wins alone (the crew's in a cooperative game), each
/// side's where sides gather seats, games with no winner, the mean length in decisions and
/// in the game's unit, each seat's mean score.
fn batch_measures(r: &SimReport) -> Vec<(String, bool, Point)> {
    let rate = |x: &posse::stats::Rate| Point { value: x.rate, low: x.low, high: x.high };
    let spread = |s: &posse::stats::Spread| Point { value: s.mean, low: s.mean_low, high: s.mean_high };
    let mut out = Vec::new();
    if let Some(c) = &r.crew_rate {
        out.push(("the crew wins".to_string(), true, rate(c)));
    } else {
        for s in &r.seats {
            out.push((format!("{} wins alone", s.name), true, rate(&s.alone)));
        }
        if 1 < r.sides.len() && r.sides.len() < r.seats.len() {
            for s in &r.sides {
                out.push((format!("{} wins alone", s.label), true, rate(&s.alone)));
            }
        }
        out.push(("no winner".to_string(), true, rate(&r.measures.drawishness)));
    }
    out.push(("decisions".to_string(), false, spread(&r.decisions)));
    if let (Some(l), Some(unit)) = (&r.length, &r.length_unit) {
        out.push((unit.clone(), false, spread(l)));
    }
    for (seat, s) in &r.scores {
        out.push((format!("seat {seat} score"), false, spread(s)));
    }
    out
}

/// Adds a value's measures to the sweep, keeping the measures' first order.
fn add_step(sweep: &mut Sweep, mut step: Step, measures: Vec<(String, bool, Point)>) {
    for (name, rate, p) in measures {
        if !sweep.measures.iter().any(|(n, _)| *n == name) {
            sweep.measures.push((name.clone(), rate));
        }
        step.measures.insert(name, p);
    }
    sweep.steps.push(step);
}

/// `sim GAME --sweep KEY=VALUES`: a batch a value, the same seeds and bots for each.
pub fn sim(root: &Path, opts: SimOptions, spec: &str) -> Result<Sweep> {
    let (key, values) = parse(spec)?;
    let base = crate::games::load_with(root, &opts.game, &opts.sets)?;
    let line = lineup(&base, opts.seed, opts.players, &opts.bots)?;
    let mut sweep = Sweep {
        command: "sim".into(),
        game: opts.game.clone(),
        key: key.clone(),
        sets: opts.sets.clone(),
        against: Vec::new(),
        bots: line.names(line.bots.len()),
        against_bots: Vec::new(),
        games: opts.games,
        seed: opts.seed,
        players: line.bots.len(),
        measures: Vec::new(),
        steps: Vec::new(),
    };
    // Every value is checked before any game is played.
    let contents = with_values(&base, &key, &values)?;
    for (value, content) in values.iter().zip(contents) {
        let set = format!("{key}={value}");
        let label = format!("sim {}, {set}", opts.game);
        let r = batch(&content, opts.games, opts.seed, opts.players, opts.jobs, &line, opts.progress, &label);
        let step = Step {
            value: value.clone(),
            set,
            games: r.games,
            finished: r.finished,
            failed: r.failed,
            errors: r.errors.clone(),
            measures: Default::default(),
        };
        add_step(&mut sweep, step, batch_measures(&r));
    }
    Ok(sweep)
}

/// The content with `KEY=value` set, for each value (an error names the value at fault).
fn with_values(base: &Arc<posse::Content>, key: &str, values: &[String]) -> Result<Vec<Arc<posse::Content>>> {
    values
        .iter()
        .map(|v| {
            base.with_sets(&[format!("{key}={v}")]).map(Arc::new).map_err(|e| anyhow::anyhow!("--sweep {key}={v}: {e}"))
        })
        .collect()
}

/// `compare GAME --sweep KEY=VALUES ...`: the comparison of A and B at each value of the
/// key (set in both), the same seeds and bots for each: every difference B − A against the
/// value.
pub fn compare(root: &Path, opts: SimOptions, against: &VariantB, spec: &str) -> Result<Sweep> {
    let (key, values) = parse(spec)?;
    let a = crate::games::load_with(root, &opts.game, &opts.sets)?;
    let both: Vec<String> = opts.sets.iter().chain(&against.sets).cloned().collect();
    let b_game = against.game.as_deref().unwrap_or(&opts.game);
    if b_game.split('/').next() != opts.game.split('/').next() {
        bail!("--against-variant {b_game}: not a variant of {} (its variants: posse list)", opts.game);
    }
    let b = crate::games::load_with(root, b_game, &both)?;
    let la = lineup(&a, opts.seed, opts.players, &opts.bots)?;
    let bots_b: Vec<String> = opts.bots.iter().chain(&against.bots).cloned().collect();
    let lb = lineup(&b, opts.seed, opts.players, &bots_b)?;
    let mut sweep = Sweep {
        command: "compare".into(),
        game: opts.game.clone(),
        key: key.clone(),
        sets: opts.sets.clone(),
        against: against.sets.clone(),
        bots: la.names(la.bots.len()),
        against_bots: lb.names(lb.bots.len()),
        games: opts.games,
        seed: opts.seed,
        players: la.bots.len(),
        measures: Vec::new(),
        steps: Vec::new(),
    };
    let (ca, cb) = (with_values(&a, &key, &values)?, with_values(&b, &key, &values)?);
    for ((value, a), b) in values.iter().zip(ca).zip(cb) {
        let set = format!("{key}={value}");
        let (n, seed, players, jobs, mode) = (opts.games, opts.seed, opts.players, opts.jobs, opts.progress);
        let ra = batch(&a, n, seed, players, jobs, &la, mode, &format!("compare {}, {set}, A", opts.game));
        let rb = batch(&b, n, seed, players, jobs, &lb, mode, &format!("compare {}, {set}, B", opts.game));
        let c = sim::compare(&ra, &rb);
        let mut errors = ra.errors.clone();
        errors.extend(rb.errors.iter().cloned());
        let step = Step {
            value: value.clone(),
            set,
            games: ra.games + rb.games,
            finished: ra.finished + rb.finished,
            failed: ra.failed + rb.failed,
            errors,
            measures: Default::default(),
        };
        let measures = c
            .measures
            .iter()
            .map(|d| (format!("{} (B − A)", d.measure), d.rate, Point { value: d.diff, low: d.low, high: d.high }))
            .collect();
        add_step(&mut sweep, step, measures);
    }
    Ok(sweep)
}

impl Sweep {
    /// Whether every game of every value finished.
    pub fn all_finished(&self) -> bool {
        self.steps.iter().all(|s| s.failed == 0)
    }

    /// What was swept, for people: the game, its other `--set`s, the bots (and in a
    /// comparison what B changes), the games a value and their seeds.
    pub fn head(&self) -> String {
        let mut s = format!("{} {}: --sweep {} over {}", self.command, self.game, self.key, self.values().join(", "));
        if !self.sets.is_empty() {
            let _ = write!(s, "; with {}", self.sets.join(", "));
        }
        let bots = |b: &[String]| b.iter().enumerate().map(|(i, b)| format!("{}={b}", i + 1)).collect::<Vec<_>>();
        let _ = write!(s, "; bots: {}", bots(&self.bots).join(", "));
        if self.command == "compare" {
            let mut b = Vec::new();
            if !self.against.is_empty() {
                b.push(format!("with {}", self.against.join(", ")));
            }
            if self.against_bots != self.bots {
                b.push(format!("bots: {}", bots(&self.against_bots).join(", ")));
            }
            let _ = write!(s, "; B: A {}", if b.is_empty() { "as it is".to_string() } else { b.join("; ") });
        }
        let per = if self.command == "compare" { " a variant" } else { "" };
        let last = self.seed.wrapping_add(self.games.saturating_sub(1) as u64);
        let _ = write!(
            s,
            "; {}{per} a value, seeds {}..={last}, the same for every value",
            count(self.games, "game"),
            self.seed
        );
        s
    }

    /// The sweep as one JSON object: what it played, the measures (`name`, `rate`), and a
    /// step a value (`value`, `set`, its games, `errors`, and each measure's `value`, `low`
    /// and `high` by name).
    pub fn json(&self) -> serde_json::Value {
        let steps: Vec<serde_json::Value> = self
            .steps
            .iter()
            .map(|st| {
                let measures: serde_json::Map<String, serde_json::Value> = st
                    .measures
                    .iter()
                    .map(|(k, p)| (k.clone(), serde_json::json!({"value": p.value, "low": p.low, "high": p.high})))
                    .collect();
                serde_json::json!({
                    "value": st.value, "set": st.set, "games": st.games, "finished": st.finished,
                    "failed": st.failed, "errors": serde_json::to_value(&st.errors).unwrap_or_default(),
                    "measures": measures,
                })
            })
            .collect();
        let measures: Vec<serde_json::Value> =
            self.measures.iter().map(|(n, r)| serde_json::json!({"name": n, "rate": r})).collect();
        let mut v = serde_json::json!({
            "command": self.command, "game": self.game, "variant": self.game, "key": self.key,
            "sets": self.sets, "bots": self.bots, "games": self.games, "seed": self.seed,
            "players": self.players, "measures": measures, "steps": steps,
        });
        if self.command == "compare" {
            v["against"] = serde_json::json!(self.against);
            v["against_bots"] = serde_json::json!(self.against_bots);
        }
        v
    }

    pub fn values(&self) -> Vec<&str> {
        self.steps.iter().map(|s| s.value.as_str()).collect()
    }

    /// A measure's estimate at a step as text: a rate in percent (a comparison's in
    /// points), else the mean, each with its interval.
    fn cell(&self, rate: bool, p: &Point) -> String {
        let diff = self.command == "compare";
        match (rate, diff) {
            (true, false) => format!("{:.1}% ({:.1}–{:.1})", 100.0 * p.value, 100.0 * p.low, 100.0 * p.high),
            (true, true) => format!("{:+.1} ({:+.1} to {:+.1})", 100.0 * p.value, 100.0 * p.low, 100.0 * p.high),
            (false, _) => format!("{} ({} to {})", num(p.value), num(p.low), num(p.high)),
        }
    }

    /// The sweep as text: its head, the failed games of each value, then a table with a
    /// row a value and a column a measure (each estimate with its 95% interval).
    pub fn text(&self) -> String {
        let mut s = self.head();
        s.push('\n');
        for st in &self.steps {
            if st.failed > 0 {
                let _ = writeln!(s, "{}: finished {} of {}", st.set, st.finished, st.games);
                for (message, seeds) in report::distinct_errors(&st.errors) {
                    let _ = writeln!(s, "  {seeds}: {message}");
                }
            }
        }
        let unit = if self.command == "compare" { "B − A, rates in points" } else { "rates in %" };
        let _ = writeln!(s, "each measure with its 95% interval ({unit}):");
        let mut columns: Vec<Vec<String>> = Vec::new();
        let mut first = vec![self.key.clone()];
        first.extend(self.steps.iter().map(|st| st.value.clone()));
        columns.push(first);
        for (name, rate) in &self.measures {
            let mut col = vec![name.clone()];
            col.extend(
                self.steps.iter().map(|st| st.measures.get(name).map_or_else(|| "-".into(), |p| self.cell(*rate, p))),
            );
            columns.push(col);
        }
        for row in 0..=self.steps.len() {
            let cells: Vec<String> = columns
                .iter()
                .map(|c| {
                    let w = c.iter().map(|x| x.chars().count()).max().unwrap_or(0);
                    format!("{:<w$}", c[row])
                })
                .collect();
            let _ = writeln!(s, "  {}", cells.join("  ").trim_end());
        }
        s
    }

    /// The sweep as CSV, a row a value: the key's value, the games (played, finished,
    /// failed), then for each measure its estimate, low and high (rates from 0 to 1).
    pub fn csv(&self) -> String {
        let mut head = vec!["key".to_string(), "value".into(), "games".into(), "finished".into(), "failed".into()];
        for (name, _) in &self.measures {
            head.extend([name.clone(), format!("{name} low"), format!("{name} high")]);
        }
        let mut out = head.iter().map(|c| csv_cell(c)).collect::<Vec<_>>().join(",");
        out.push('\n');
        for st in &self.steps {
            let mut cells = vec![
                self.key.clone(),
                st.value.clone(),
                st.games.to_string(),
                st.finished.to_string(),
                st.failed.to_string(),
            ];
            for (name, _) in &self.measures {
                match st.measures.get(name) {
                    Some(p) => cells.extend([p.value, p.low, p.high].map(|x| x.to_string())),
                    None => cells.extend(std::iter::repeat_n(String::new(), 3)),
                }
            }
            out.push_str(&cells.iter().map(|c| csv_cell(c)).collect::<Vec<_>>().join(","));
            out.push('\n');
        }
        out
    }
}

/// What `sim`/`compare --sweep` does with the sweep: prints it (text, or one JSON object
/// with `--json`) and writes its CSV and HTML when asked. Returns whether every game
/// finished.
pub fn output(sweep: &Sweep, json: bool, csv: Option<&Path>, html: Option<&Path>) -> Result<bool> {
    if json {
        println!("{}", sweep.json());
    } else {
        print!("{}", sweep.text());
    }
    let write = |file: &Path, text: String| {
        posse::savefile::write(file, text.as_bytes())
            .map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", file.display()))
    };
    if let Some(file) = csv {
        write(file, sweep.csv())?;
    }
    if let Some(file) = html {
        write(file, crate::html::sweep(sweep))?;
    }
    Ok(sweep.all_finished())
}
