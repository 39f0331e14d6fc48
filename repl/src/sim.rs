//! `posse sim GAME -n N`: many games between random bots, summarised for designers
//! (completion, failed games with their seeds and messages, wins per seat and side, or
//! how often a cooperative game's crew won and how it lost, lengths, speed),
//! or the engine's report as one JSON object with `--json`; `compare`, shards and
//! `merge`. Any failed game is a failure of the command, and every output counts the
//! finished and the failed games, which add up to the games asked for.
//!
//! Every CSV goes through [`csv_cell`], which quotes a cell as CSV requires and
//! neutralises one a spreadsheet would take for a formula (text from scripts: reasons,
//! tags, team names, error messages).

use crate::games;
use crate::words::count;
use anyhow::Result;
use posse::sim::{self, SimReport};
use std::fmt::Write as _;
use std::path::Path;

/// What `posse sim` was asked for.
pub struct SimOptions {
    pub game: String,
    /// `--set KEY=VALUE` arguments, as typed.
    pub sets: Vec<String>,
    pub games: usize,
    pub seed: u64,
    pub players: Option<usize>,
    pub jobs: usize,
    pub json: bool,
    /// `--bot SEAT=KIND` arguments, as typed (the other seats play the random bot).
    pub bots: Vec<String>,
    /// How the batches show their progress on stderr (`--progress`).
    pub progress: crate::progress::Mode,
}

/// The line-up of `--bot` arguments for a game of `content` with `players` (every seat
/// not named plays the random bot); an unknown seat or bot is an error naming the bots.
pub fn lineup(
    content: &std::sync::Arc<posse::Content>,
    seed: u64,
    players: Option<usize>,
    specs: &[String],
) -> Result<sim::Lineup> {
    let setup = posse::Setup::new(content, seed, players).map_err(|e| anyhow::anyhow!("{e}"))?;
    let kinds =
        crate::bots::parse(specs, &setup.seats, &crate::bots::kinds(content)).map_err(|e| anyhow::anyhow!(e))?;
    let bots = (1..=setup.seats.len()).map(|s| kinds.get(&s).cloned().unwrap_or_else(|| "random".into())).collect();
    let lineup = sim::Lineup { bots, ban: None };
    lineup.check(content).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(lineup)
}

/// Runs the batch (its progress on stderr: [`crate::progress`]); returns the report,
/// which [`print`] prints.
pub fn run(root: &Path, opts: SimOptions) -> Result<SimReport> {
    let SimOptions { game: id, sets, games: games_n, seed, players, jobs, json: _, bots, progress } = opts;
    let content = games::load_with(root, &id, &sets)?;
    let lineup = lineup(&content, seed, players, &bots)?;
    Ok(batch(&content, games_n, seed, players, jobs, &lineup, progress, &format!("sim {id}")))
}

/// One batch of `content`, its progress shown as `mode` says, each line named `label`.
#[allow(clippy::too_many_arguments)]
pub fn batch(
    content: &std::sync::Arc<posse::Content>,
    games: usize,
    seed: u64,
    players: Option<usize>,
    jobs: usize,
    lineup: &sim::Lineup,
    mode: crate::progress::Mode,
    label: &str,
) -> SimReport {
    let p = crate::progress::Progress::new(mode, label, games);
    sim::run_with_progress(content, games, seed, players, jobs, lineup, &|| p.tick())
}

/// Prints the report, with restricted play's table when there is one: as text, or as one
/// JSON object (`restricted` then one of its fields).
pub fn print(report: &SimReport, restricted: Option<&[sim::Restricted]>, json: bool) -> Result<()> {
    if json {
        let mut v = serde_json::to_value(report)?;
        if let Some(o) = v.as_object_mut() {
            // What the batch played, whole: the variant, the --sets (none too), every
            // seat's bot (random ones too).
            o.insert("variant".into(), report.game.clone().into());
            o.insert("sets".into(), serde_json::to_value(&report.sets)?);
            o.insert("bots".into(), serde_json::to_value(bots_of(report))?);
        }
        if let (Some(r), Some(o)) = (restricted, v.as_object_mut()) {
            o.insert("restricted".into(), serde_json::to_value(r)?);
        }
        println!("{v}");
    } else {
        print!("{}", summary(report, report.seed));
        if let Some(r) = restricted {
            print!("{}", restricted_text(r));
        }
    }
    Ok(())
}

/// The report as text, one fact per line.
pub fn summary(r: &SimReport, seed: u64) -> String {
    let mut s = String::new();
    let seeds = match r.games {
        0 => String::new(),
        1 => format!(", seed {seed}"),
        n => format!(", seeds {seed}..={}", seed.wrapping_add(n as u64 - 1)),
    };
    let (games, players) = (count(r.games, "game"), count(r.players, "player"));
    let _ = writeln!(s, "{}: {games}, {players}{seeds}", r.game);
    let _ = writeln!(
        s,
        "bots: {}",
        bots_of(r).iter().enumerate().map(|(i, b)| format!("{}={b}", i + 1)).collect::<Vec<_>>().join(", ")
    );
    if !r.sets.is_empty() {
        let _ = writeln!(s, "with: {}", r.sets.join(", "));
    }
    let _ = writeln!(s, "finished: {} of {}", r.finished, r.games);
    failures(&mut s, "failed", &r.errors);
    let pct = |n: usize| if r.finished == 0 { 0.0 } else { 100.0 * n as f64 / r.finished as f64 };
    if let Some(crew) = &r.crew {
        // The seats win or lose together: wins per seat would only repeat this.
        match &r.crew_rate {
            Some(rate) => {
                let _ = writeln!(s, "the crew won: {}, {}", crew.won, rate.percent());
            }
            None => {
                let _ = writeln!(s, "the crew won: {} ({:.1}%)", crew.won, pct(crew.won));
            }
        }
        let _ = writeln!(s, "the crew lost: {} ({:.1}%)", crew.lost, pct(crew.lost));
        for (why, &n) in &crew.lost_by {
            let _ = writeln!(s, "  {why}: {n} ({:.1}%)", pct(n));
        }
        measures(&mut s, r);
        cards(&mut s, r);
        questions(&mut s, r);
        return lengths_and_speed(s, r);
    }
    let o = &r.outcomes;
    let _ = writeln!(
        s,
        "outcomes: one winner {} ({:.1}%), a shared win {} ({:.1}%), no winner {} ({:.1}%)",
        o.one_winner,
        pct(o.one_winner),
        o.shared_win,
        pct(o.shared_win),
        o.no_winner,
        pct(o.no_winner)
    );
    let _ = writeln!(s, "wins alone per seat (95% interval), and wins shared with others:");
    for seat in &r.seats {
        let _ = writeln!(s, "  {}: {}, shared {}", seat.label, seat.alone.percent(), seat.shared);
    }
    let _ = writeln!(s, "wins alone per side:");
    for side in &r.sides {
        let _ = writeln!(s, "  {}: {}, shared {}", side.label, side.alone.percent(), side.shared);
    }
    if let Some(f) = &r.first_player {
        let _ = writeln!(
            s,
            "first player: {} wins {} alone against a fair share of {:.1}%: {:+.1} points, {}",
            r.seats.first().map_or("seat 1", |s| s.label.as_str()),
            f.alone.percent(),
            100.0 * f.fair,
            100.0 * f.advantage,
            if f.significant { "significant at 5%" } else { "not significant" }
        );
    }
    let _ = writeln!(s, "reasons:");
    for (reason, &n) in &r.reasons {
        let _ = writeln!(s, "  {reason}: {n} ({:.1}%)", pct(n));
    }
    measures(&mut s, r);
    cards(&mut s, r);
    questions(&mut s, r);
    for (seat, sp) in &r.scores {
        let _ = writeln!(
            s,
            "scores of {}: mean {} (95% interval {} to {}), median {} (10%-90%: {} to {}), min {}, max {}",
            r.seats.get(seat.wrapping_sub(1)).map_or_else(|| format!("seat {seat}"), |s| s.label.clone()),
            num(sp.mean),
            num(sp.mean_low),
            num(sp.mean_high),
            sp.median,
            sp.p10,
            sp.p90,
            sp.min,
            sp.max
        );
    }
    lengths_and_speed(s, r)
}

/// A mean for people: as many decimals as it needs, up to three (`0.125`, `2`, `-0.333`,
/// `1234.5` from 100 on), never a rounding that hides a difference as `0.1` would hide
/// 0.125.
pub fn num(x: f64) -> String {
    let t = if x.abs() >= 100.0 { format!("{x:.1}") } else { format!("{x:.3}") };
    let t = if t.contains('.') { t.trim_end_matches('0').trim_end_matches('.').to_string() } else { t };
    if t == "-0" {
        "0".into()
    } else {
        t
    }
}

/// Each seat's bot by name, random ones too (`1=sharp, 2=random`).
pub fn bots_of(r: &SimReport) -> Vec<String> {
    (0..r.players).map(|i| r.bots.get(i).cloned().unwrap_or_else(|| "random".into())).collect()
}

/// What a batch played, in one line: the game or variant, the `--set`s, each seat's bot
/// (`dice_town, with start_money=60; bots: 1=sharp, 2=sharp`).
pub fn describe(r: &SimReport) -> String {
    let mut s = r.game.clone();
    if r.sets.is_empty() {
        s.push_str(" as it is");
    } else {
        let _ = write!(s, ", with {}", r.sets.join(", "));
    }
    let bots: Vec<String> = bots_of(r).iter().enumerate().map(|(i, b)| format!("{}={b}", i + 1)).collect();
    let _ = write!(s, "; bots: {}", bots.join(", "));
    s
}

/// The cards' and abilities' numbers, a tag a line.
fn cards(s: &mut String, r: &SimReport) {
    if r.cards.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "cards and abilities (drawn, held at the end; seat-games offered, played; times played; times resolved; wins {} when played, when not; p of the difference, corrected):",
        r.card_wins
    );
    if !r.card_correction.is_empty() {
        let _ = writeln!(s, "  (p-values corrected for the many cards: {})", r.card_correction);
    }
    for c in &r.cards {
        let p = match (c.p, c.p_adjusted) {
            (Some(p), Some(a)) => format!("; p {}, corrected {}", p_text(p), p_text(a)),
            _ => String::new(),
        };
        let _ = writeln!(
            s,
            "  {}: {}, {}; {}, {}; {}; {}; {} against {}{p}",
            c.tag,
            c.drawn,
            c.held,
            c.offered,
            c.played,
            c.times,
            c.resolved,
            c.wins_when_played.percent(),
            c.wins_when_not.percent()
        );
    }
}

/// The questions asked, by kind, where the game types them: asked in all, per game, and
/// the games that asked it.
fn questions(s: &mut String, r: &SimReport) {
    if r.questions.is_empty() || r.finished == 0 {
        return;
    }
    let _ = writeln!(s, "questions by kind (asked in all, per game; games that asked it):");
    let w = r.questions.iter().map(|q| q.kind.len()).max().unwrap_or(0);
    for q in &r.questions {
        let per = q.asked as f64 / r.finished as f64;
        let _ = writeln!(s, "  {:w$}  {}, {per:.1}; {} of {}", q.kind, q.asked, q.games, r.finished);
    }
}

/// The report's last lines: game lengths (with a histogram) and speed.
fn lengths_and_speed(mut s: String, r: &SimReport) -> String {
    let unit = r.length_unit.as_deref().unwrap_or("decisions");
    let spread = r.length.as_ref().unwrap_or(&r.decisions);
    if let Some(l) = &r.length {
        let _ = writeln!(
            s,
            "length: mean {:.1} {unit}, median {} (10%-90%: {} to {}), min {}, max {}",
            l.mean, l.median, l.p10, l.p90, l.min, l.max
        );
    }
    histogram(&mut s, unit, spread);
    let _ = writeln!(
        s,
        "decisions per game: mean {:.1}, min {}, max {}",
        r.decisions_mean, r.decisions_min, r.decisions_max
    );
    let d = &r.decisions;
    let _ = writeln!(s, "decisions: median {} (10%-90%: {} to {})", d.median, d.p10, d.p90);
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

/// A histogram of game lengths in `unit`: a bar of up to 40 marks a bin.
fn histogram(s: &mut String, unit: &str, spread: &posse::stats::Spread) {
    let most = spread.histogram.iter().map(|b| b.2).max().unwrap_or(0);
    if most == 0 {
        return;
    }
    let _ = writeln!(s, "games by length in {unit}:");
    for &(from, to, n) in &spread.histogram {
        let bar = "#".repeat((n * 40).div_ceil(most));
        let span = if from == to { from.to_string() } else { format!("{from}-{to}") };
        let _ = writeln!(s, "  {span:>9} {bar} {n}");
    }
}

/// What variant B of `posse compare` changes from A: more values, bots in some seats,
/// another variant (mode) of the game.
pub struct VariantB {
    pub sets: Vec<String>,
    pub bots: Vec<String>,
    pub game: Option<String>,
}

/// `posse compare`: variant A (the game with `opts.sets` and `opts.bots`) against
/// variant B (A changed as `against` says), on the same seeds. Returns whether every
/// game of both finished.
pub fn compare(
    root: &Path,
    opts: SimOptions,
    against: &VariantB,
    html: Option<&Path>,
    csv: Option<&Path>,
) -> Result<bool> {
    let a = games::load_with(root, &opts.game, &opts.sets)?;
    let both: Vec<String> = opts.sets.iter().chain(&against.sets).cloned().collect();
    let b_game = against.game.as_deref().unwrap_or(&opts.game);
    if b_game.split('/').next() != opts.game.split('/').next() {
        anyhow::bail!("--against-variant {b_game}: not a variant of {} (its variants: posse list)", opts.game);
    }
    let b = games::load_with(root, b_game, &both)?;
    let la = lineup(&a, opts.seed, opts.players, &opts.bots)?;
    let bots_b: Vec<String> = opts.bots.iter().chain(&against.bots).cloned().collect();
    let lb = lineup(&b, opts.seed, opts.players, &bots_b)?;
    let (n, seed, players, jobs, mode) = (opts.games, opts.seed, opts.players, opts.jobs, opts.progress);
    let ra = batch(&a, n, seed, players, jobs, &la, mode, &format!("compare {}, A", opts.game));
    let rb = batch(&b, n, seed, players, jobs, &lb, mode, &format!("compare {}, B", opts.game));
    let c = sim::compare(&ra, &rb);
    if let Some(file) = html {
        posse::savefile::write(file, crate::html::comparison(&ra, &rb, &c).as_bytes())
            .map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", file.display()))?;
    }
    if let Some(file) = csv {
        let counts = Counts::of(&ra, &rb);
        let rows: Vec<_> =
            c.measures.iter().map(|d| DifferenceRow { name: &d.measure, d, counts, verdict: None, p: None }).collect();
        posse::savefile::write(file, differences_csv(&rows, &ra, &rb).as_bytes())
            .map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", file.display()))?;
    }
    if opts.json {
        let v = serde_json::json!({ "a": variant_json(&ra), "b": variant_json(&rb), "comparison": c });
        println!("{v}");
        return Ok(ra.errors.is_empty() && rb.errors.is_empty());
    }
    let s = comparison_text(&opts.game, &ra, &rb, &c);
    print!("{s}");
    Ok(ra.errors.is_empty() && rb.errors.is_empty())
}

/// A variant of a comparison as `compare --json` gives it: what it played (game or
/// variant, `--set`s, each seat's bot) and how its games went (finished, failed and why,
/// how they ended, the sides' and seats' wins, the scores).
pub fn variant_json(r: &SimReport) -> serde_json::Value {
    serde_json::json!({
        "game": r.game, "variant": r.game, "sets": r.sets, "bots": bots_of(r), "players": r.players,
        "games": r.games, "finished": r.finished, "failed": r.failed, "errors": r.errors,
        "reasons": r.reasons, "seats": r.seats, "sides": r.sides, "scores": r.scores,
    })
}

/// A comparison as text: what each variant played, the games paired and identical, the
/// failed ones, each measure's difference with its interval, how the games ended and the
/// sides' wins in each.
pub fn comparison_text(game: &str, ra: &SimReport, rb: &SimReport, c: &sim::Comparison) -> String {
    let mut s = String::new();
    let (games, players) = (count(ra.games, "game"), count(ra.players, "player"));
    let _ = writeln!(s, "{game}: {games} a variant, {players}, seeds from {}", ra.seed);
    let _ = writeln!(s, "A: {}", describe(ra));
    let _ = writeln!(s, "B: {}", describe(rb));
    let _ = writeln!(
        s,
        "paired games: {}, played identically (same choices and results): {}, same choices: {}",
        c.paired, c.identical, c.same_choices
    );
    let _ = writeln!(s, "finished: A {} of {}, B {} of {}", ra.finished, ra.games, rb.finished, rb.games);
    for (v, r) in [("A", ra), ("B", rb)] {
        failures(&mut s, &format!("failed in {v}"), &r.errors);
    }
    let w = c.measures.iter().map(|d| d.measure.chars().count()).max().unwrap_or(0).max(22);
    let _ = writeln!(s, "{:<w$} {:>9} {:>9}  B - A (95% interval)", "measure", "A", "B");
    for d in &c.measures {
        let (a, b, diff) = if d.rate {
            (
                format!("{:.1}%", 100.0 * d.a),
                format!("{:.1}%", 100.0 * d.b),
                format!("{:+.1} points ({:+.1} to {:+.1})", 100.0 * d.diff, 100.0 * d.low, 100.0 * d.high),
            )
        } else {
            let signed = |x: f64| if x >= 0.0 { format!("+{}", num(x)) } else { num(x) };
            (num(d.a), num(d.b), format!("{} ({} to {})", signed(d.diff), signed(d.low), signed(d.high)))
        };
        let sig = if d.significant { "  significant" } else { "" };
        let _ = writeln!(s, "{:<w$} {a:>9} {b:>9}  {diff}{sig}", d.measure);
    }
    // How the games ended, by reason, and the sides' wins alone, in each variant.
    let reasons: std::collections::BTreeSet<&String> = ra.reasons.keys().chain(rb.reasons.keys()).collect();
    if !reasons.is_empty() {
        let _ = writeln!(s, "how games ended (games):");
        let w = reasons.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        for why in reasons {
            let n = |r: &SimReport| r.reasons.get(why).copied().unwrap_or(0);
            let _ = writeln!(s, "  {why:<w$}  A {}, B {}", n(ra), n(rb));
        }
    }
    if ra.crew.is_none() {
        let _ = writeln!(s, "sides (wins alone):");
        let mut names: Vec<&str> = ra.sides.iter().chain(&rb.sides).map(|x| x.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        for name in names {
            let of = |r: &SimReport| {
                r.sides.iter().find(|x| x.name == name).map_or_else(|| "-".to_string(), |x| x.alone.percent())
            };
            let label = ra.sides.iter().chain(&rb.sides).find(|x| x.name == name).map_or(name, |x| x.label.as_str());
            let _ = writeln!(s, "  {label}: A {}, B {}", of(ra), of(rb));
        }
    }
    s
}

/// The report's games as CSV, a row a game in seed order, the failed ones too (with only
/// their seed, variant, bots and `error`), cells as [`csv_cell`] writes them.
pub fn csv(r: &SimReport) -> String {
    let join = |v: Vec<String>| v.join(";");
    let mut out =
        String::from("seed,variant,bots,winners,crew,scores,decisions,length,reason,played,resolved,error,sides\n");
    // The winners' sides as the report names them (`Law`), after every older column.
    let side_label =
        |id: &String| r.sides.iter().find(|s| &s.name == id).map_or_else(|| id.clone(), |s| s.label.clone());
    let bots = if r.bots.is_empty() { vec!["random".to_string(); r.players] } else { r.bots.clone() };
    let variant = join(std::iter::once(r.game.clone()).chain(r.sets.iter().cloned()).collect());
    let mut line = |cells: Vec<String>| {
        out.push_str(&cells.iter().map(|c| csv_cell(c)).collect::<Vec<_>>().join(","));
        out.push('\n');
    };
    let (mut games, mut errors) = (r.rows.iter().peekable(), r.errors.iter().peekable());
    loop {
        let game_first = match (games.peek(), errors.peek()) {
            (Some(g), Some(e)) => g.seed <= e.seed,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        if !game_first {
            let Some(e) = errors.next() else { break };
            let mut cells = vec![e.seed.to_string(), variant.clone(), join(bots.clone())];
            cells.extend(std::iter::repeat_n(String::new(), 8));
            cells.push(e.message.clone());
            cells.push(String::new());
            line(cells);
            continue;
        }
        let Some(g) = games.next() else { break };
        line(vec![
            g.seed.to_string(),
            variant.clone(),
            join(bots.clone()),
            join(g.winners.iter().map(ToString::to_string).collect()),
            g.crew.map_or(String::new(), |w| if w { "won".into() } else { "lost".into() }),
            join(g.scores.iter().map(|(s, v)| format!("{s}:{v}")).collect()),
            g.decisions.to_string(),
            g.length.map_or(String::new(), |l| l.to_string()),
            g.reason.clone().unwrap_or_default(),
            // Per tag, how many times it was chosen in the game.
            join(g.tags.iter().filter(|(_, u)| u.times > 0).map(|(t, u)| format!("{t}:{}", u.times)).collect()),
            // Per definition, how many times its behaviour ran in the game.
            join(g.resolved.iter().map(|(id, n)| format!("{id}:{n}")).collect()),
            String::new(),
            join(g.sides.iter().map(side_label).collect()),
        ]);
    }
    out
}

/// Ludii's measures of the game: completion, drawishness, branching factor.
fn measures(s: &mut String, r: &SimReport) {
    let m = &r.measures;
    // A cooperative game has no winner whenever the crew loses: no draws to measure.
    let drawishness =
        if r.crew.is_some() { String::new() } else { format!(", drawishness {}", m.drawishness.percent()) };
    let _ = writeln!(
        s,
        "measures: completion {}{drawishness}, branching factor {:.1} options a decision",
        m.completion.percent(),
        m.branching
    );
    if let Some(d) = &m.decisiveness {
        let _ = writeln!(
            s,
            "decisiveness: the winner led for good from {:.0}% of the game on (mean of the {} won alone by the seat leading at the end)",
            100.0 * d.settled,
            count(d.games, "game")
        );
    }
}

/// The slice a shard plays: `K/N` as given, else from Slurm's or Kubernetes' variables.
fn slice_of(flag: Option<&str>) -> Result<(usize, usize)> {
    let var = |k: &str| std::env::var(k).ok().and_then(|v| v.trim().parse::<usize>().ok());
    let (k, n) = match flag {
        Some(f) => {
            let (k, n) = f.split_once('/').ok_or_else(|| anyhow::anyhow!("--shard {f}: expected K/N"))?;
            let parse = |x: &str| {
                x.trim().parse::<usize>().map_err(|_| anyhow::anyhow!("--shard {f}: expected K/N, two whole numbers"))
            };
            (parse(k)?, parse(n)?)
        }
        None => match (var("SLURM_ARRAY_TASK_ID"), var("SLURM_ARRAY_TASK_COUNT"), var("JOB_COMPLETION_INDEX")) {
            // Slurm's ids run from the array's first (0 or 1, or any): shard by the offset.
            (Some(id), Some(count), _) => (id - var("SLURM_ARRAY_TASK_MIN").unwrap_or(0).min(id) + 1, count),
            (_, _, Some(index)) => {
                let n = var("POSSE_SHARDS").ok_or_else(|| {
                    anyhow::anyhow!("JOB_COMPLETION_INDEX is set: POSSE_SHARDS must give the number of shards")
                })?;
                (index + 1, n)
            }
            _ => anyhow::bail!(
                "--out without --shard: no Slurm array task or Kubernetes completion index to take the slice from"
            ),
        },
    };
    if n == 0 || k == 0 || k > n {
        anyhow::bail!("shard {k} of {n}: expected 1 <= K <= N");
    }
    Ok((k - 1, n))
}

/// The line of failed games (`failed: N`, and how many of each kind when there are any),
/// then each distinct message with its seeds.
fn failures(s: &mut String, head: &str, errors: &[sim::SimError]) {
    let indent = &head[..head.len() - head.trim_start().len()];
    let _ = write!(s, "{head}: {}", errors.len());
    if !errors.is_empty() {
        let engine = errors.iter().filter(|e| e.kind == sim::Failure::Engine).count();
        let _ = write!(s, " (script errors: {}, engine faults: {engine})", errors.len() - engine);
    }
    s.push('\n');
    for (message, seeds) in distinct_errors(errors) {
        let _ = writeln!(s, "{indent}  {seeds}: {}", message.replace('\n', &format!("\n{indent}    ")));
    }
}

/// Each distinct error message once, in the order they first showed, with the seeds
/// that showed it: `seed 4`, `seeds 0-2, 7`, at most eight runs of seeds and the count.
pub fn distinct_errors(errors: &[sim::SimError]) -> Vec<(&str, String)> {
    let mut by_message: Vec<(&str, Vec<u64>)> = Vec::new();
    for e in errors {
        match by_message.iter_mut().find(|(m, _)| *m == e.message) {
            Some((_, seeds)) => seeds.push(e.seed),
            None => by_message.push((&e.message, vec![e.seed])),
        }
    }
    by_message
        .into_iter()
        .map(|(m, mut seeds)| {
            seeds.sort_unstable();
            let mut runs: Vec<(u64, u64)> = Vec::new();
            for &s in &seeds {
                match runs.last_mut() {
                    Some((_, end)) if end.checked_add(1) == Some(s) => *end = s,
                    _ => runs.push((s, s)),
                }
            }
            let listed: Vec<String> =
                runs.iter().take(8).map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") }).collect();
            let more = if runs.len() > 8 { format!(", ... ({} seeds in all)", seeds.len()) } else { String::new() };
            let word = if seeds.len() == 1 { "seed" } else { "seeds" };
            (m, format!("{word} {}{more}", listed.join(", ")))
        })
        .collect()
}

/// `posse sim --shard K/N --out FILE`: plays the slice and writes its games raw.
pub fn shard(root: &Path, opts: SimOptions, flag: Option<&str>, out: &Path) -> Result<bool> {
    let (k, n) = slice_of(flag)?;
    let content = games::load_with(root, &opts.game, &opts.sets)?;
    let lineup = lineup(&content, opts.seed, opts.players, &opts.bots)?;
    let s = sim::run_shard(&content, opts.games, opts.seed, opts.players, opts.jobs, &lineup, (k, n));
    let ok = s.errors.is_empty();
    posse::savefile::write(out, serde_json::to_string(&s)?.as_bytes())
        .map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", out.display()))?;
    let mut text = format!(
        "shard {} of {n}: {} to {}\nfinished: {} of {}\n",
        k + 1,
        count(sim::shard_games(opts.games, k, n), "game"),
        out.display(),
        s.rows.len(),
        sim::shard_games(opts.games, k, n)
    );
    failures(&mut text, "failed", &s.errors);
    print!("{text}");
    Ok(ok)
}

/// `posse merge FILES...`: the report of the batch the shards are of, exactly: a file
/// that is not one of its shards, or not all of it, is refused by its name.
pub fn merge(files: &[std::path::PathBuf], json: bool) -> Result<bool> {
    let mut shards = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", f.display()))?;
        let s: sim::Shard = serde_json::from_str(&text)
            .map_err(|e| anyhow::anyhow!("{}: not a shard of posse sim: {e}", f.display()))?;
        shards.push((f.display().to_string(), s));
    }
    let report = sim::merge(shards).map_err(|e| anyhow::anyhow!("{e}"))?;
    // As `sim` prints it: the same JSON (variant, sets, every seat's bot) and text.
    print(&report, None, json)?;
    Ok(report.errors.is_empty())
}

/// The tags `--restricted TAG,...` names, each checked against the batch's (`None`: every
/// tag offered). An unknown tag is an error naming the closest one; a tag never offered
/// in the batch is one too (there is nothing to take from seat 1).
pub fn restricted_tags(base: &SimReport, only: Option<&str>) -> Result<Vec<String>> {
    let offered: Vec<&str> = base.cards.iter().filter(|c| c.offered > 0).map(|c| c.tag.as_str()).collect();
    let Some(only) = only.filter(|o| !o.trim().is_empty()) else {
        return Ok(offered.iter().map(|t| t.to_string()).collect());
    };
    let mut tags: Vec<String> = Vec::new();
    for tag in only.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        if !offered.contains(&tag) {
            let known = base.cards.iter().any(|c| c.tag == tag);
            let near = posse::content::closest(tag, offered.iter().copied())
                .map_or_else(String::new, |c| format!(" (did you mean '{c}'?)"));
            if known {
                anyhow::bail!("--restricted {tag}: seat 1 was never offered '{tag}' in these games{near}");
            }
            anyhow::bail!("--restricted {tag}: no card or ability tagged '{tag}' in the games of {}{near}", base.game);
        }
        if !tags.iter().any(|t| t == tag) {
            tags.push(tag.to_string());
        }
    }
    Ok(tags)
}

/// `sim --restricted[=TAG,...]`: each card tag of `base` named (every one offered, when
/// none is) played again on the same seeds with seat 1 never playing it, and its
/// contribution to seat 1's wins alone (and the games of each batch that failed:
/// [`all_finished`]).
pub fn restricted(
    root: &Path,
    base: &SimReport,
    jobs: usize,
    only: Option<&str>,
    mode: crate::progress::Mode,
) -> Result<Vec<sim::Restricted>> {
    let tags = restricted_tags(base, only)?;
    let content = games::load_with(root, &base.game, &base.sets)?;
    let players = Some(base.players);
    let banned: Vec<(String, SimReport)> = base
        .cards
        .iter()
        .filter(|c| tags.contains(&c.tag))
        .map(|c| {
            let ban = posse::decision::Ban { seat: 1, tag: c.tag.clone() };
            let lineup = sim::Lineup { bots: base.bots.clone(), ban: Some(ban) };
            let label = format!("sim {}, without {}", base.game, c.tag);
            (c.tag.clone(), batch(&content, base.games, base.seed, players, jobs, &lineup, mode, &label))
        })
        .collect();
    Ok(sim::restricted(base, &banned))
}

/// Restricted play's table as text, a card a line.
fn restricted_text(list: &[sim::Restricted]) -> String {
    let mut s = String::new();
    let measure = list.first().map_or("seat 1 wins alone", |r| r.seat1.measure.as_str());
    let _ = writeln!(s, "restricted play (seat 1 never plays the card; {measure}, B - A, 95% interval):");
    if let Some(first) = list.first() {
        let _ = writeln!(
            s,
            "  (verdicts by the p-value corrected for the many cards: {}; significant when below 0.05)",
            first.correction
        );
    }
    for r in list {
        let d = &r.seat1;
        let _ = writeln!(
            s,
            "  {}: {:.1}% without it against {:.1}%: {:+.1} points ({:+.1} to {:+.1}), p {}, corrected {}, {}",
            r.tag,
            100.0 * d.b,
            100.0 * d.a,
            100.0 * d.diff,
            100.0 * d.low,
            100.0 * d.high,
            p_text(r.p),
            p_text(r.p_adjusted),
            r.verdict
        );
        // Its batch's failed games (every line of the report counts only the finished).
        if r.failed > 0 {
            let _ = writeln!(s, "    without it: finished {} of {}", r.finished, r.games);
            failures(&mut s, "    failed", &r.errors);
        }
    }
    s
}

/// A p-value for people: three decimals, `<0.001` below.
pub fn p_text(p: f64) -> String {
    if p < 0.001 {
        "<0.001".into()
    } else {
        format!("{p:.3}")
    }
}

/// The games of the two batches a difference compares: finished and failed, in A and B.
#[derive(Debug, Clone, Copy)]
pub struct Counts {
    pub a: (usize, usize),
    pub b: (usize, usize),
}

impl Counts {
    pub fn of(a: &SimReport, b: &SimReport) -> Counts {
        Counts { a: (a.finished, a.failed), b: (b.finished, b.failed) }
    }
}

/// A row of a differences CSV: the measure's name (a card's tag in restricted play), the
/// difference, the games of its two batches, and restricted play's verdict.
pub struct DifferenceRow<'a> {
    pub name: &'a str,
    pub d: &'a sim::Difference,
    pub counts: Counts,
    pub verdict: Option<&'a str>,
    /// Restricted play's p-value, its corrected one and the correction's name.
    pub p: Option<(f64, f64, &'a str)>,
}

/// Differences with their intervals as CSV, one row a measure (a comparison's, or
/// restricted play's with each card's verdict):
/// `measure,a,b,diff,low,high,significant,a_finished,a_failed,b_finished,b_failed`,
/// when given `verdict`, then what A and B played (`a_variant,a_bots,b_variant,b_bots`:
/// the game or variant and its `--set`s, each seat's bot, `;`-separated as in
/// [`csv`]'s), and in restricted play `p,p_adjusted,correction`; rates as fractions (0 to
/// 1), like `--json`.
pub fn differences_csv(rows: &[DifferenceRow], a: &SimReport, b: &SimReport) -> String {
    let verdicts = rows.iter().any(|r| r.verdict.is_some());
    let mut out = String::from("measure,a,b,diff,low,high,significant,a_finished,a_failed,b_finished,b_failed");
    out.push_str(if verdicts { ",verdict" } else { "" });
    out.push_str(",a_variant,a_bots,b_variant,b_bots");
    let ps = rows.iter().any(|r| r.p.is_some());
    out.push_str(if ps { ",p,p_adjusted,correction\n" } else { "\n" });
    let played = |r: &SimReport| {
        [
            std::iter::once(r.game.clone()).chain(r.sets.iter().cloned()).collect::<Vec<_>>().join(";"),
            bots_of(r).join(";"),
        ]
    };
    let (a, b) = (played(a), played(b));
    for r in rows {
        let (d, c) = (r.d, r.counts);
        let mut cells = vec![r.name.to_string()];
        cells.extend([d.a, d.b, d.diff, d.low, d.high].map(|x| x.to_string()));
        cells.push(d.significant.to_string());
        cells.extend([c.a.0, c.a.1, c.b.0, c.b.1].map(|n| n.to_string()));
        if verdicts {
            cells.push(r.verdict.unwrap_or_default().to_string());
        }
        cells.extend(a.iter().chain(&b).cloned());
        if ps {
            let (p, adjusted, correction) = r.p.unwrap_or((f64::NAN, f64::NAN, ""));
            cells.extend([p.to_string(), adjusted.to_string(), correction.to_string()]);
        }
        out.push_str(&cells.iter().map(|c| csv_cell(c)).collect::<Vec<_>>().join(","));
        out.push('\n');
    }
    out
}

/// A CSV cell as every CSV of posse writes it: quoted when it must be (RFC 4180), and
/// safe to open in a spreadsheet. A cell a spreadsheet would evaluate, one that starts
/// with `=`, `+`, `-`, `@`, a tab or a carriage return and is not a plain number (`-3`,
/// `-0.5` stay numbers), is neutralised as OWASP recommends: a `'` before it, and the
/// whole quoted.
pub fn csv_cell(s: &str) -> String {
    let quoted = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) && !plain_number(s) {
        quoted(&format!("'{s}"))
    } else if s.contains([',', '"', '\n', '\r']) || formula_after_semicolon(s) {
        quoted(s)
    } else {
        s.to_string()
    }
}

/// Whether a part of `s` after a `;` starts as a formula would: where a spreadsheet
/// splits cells on `;`, that part would be a cell of its own unless `s` is quoted.
fn formula_after_semicolon(s: &str) -> bool {
    s.split(';').skip(1).any(|part| part.starts_with(['=', '+', '-', '@', '\t', '\r']))
}

/// Whether `s` is a plain decimal number: a sign, digits, and a fraction at most.
fn plain_number(s: &str) -> bool {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (whole, fraction) = body.split_once('.').unwrap_or((body, ""));
    let digits = |x: &str| x.bytes().all(|b| b.is_ascii_digit());
    !(whole.is_empty() && fraction.is_empty()) && digits(whole) && digits(fraction) && !body.ends_with('.')
}

/// Restricted play's table as CSV (see [`differences_csv`]): the measure is the card's
/// tag, A the batch as played (`base`) and B the batch without the card.
pub fn restricted_csv(base: &SimReport, list: &[sim::Restricted]) -> String {
    let rows: Vec<_> = list
        .iter()
        .map(|r| DifferenceRow {
            name: &r.tag,
            d: &r.seat1,
            counts: Counts { a: (base.finished, base.failed), b: (r.finished, r.failed) },
            verdict: Some(&r.verdict),
            p: Some((r.p, r.p_adjusted, &r.correction)),
        })
        .collect();
    differences_csv(&rows, base, base)
}

/// Whether every game of restricted play's batches finished.
pub fn all_finished(restricted: Option<&[sim::Restricted]>) -> bool {
    restricted.unwrap_or_default().iter().all(|r| r.failed == 0)
}

/// `posse bots GAME`: the random bot, the search, then each strategy bot with its `about`
/// line.
pub fn list_bots(root: &Path, id: &str) -> Result<()> {
    let content = games::load_with(root, id, &[])?;
    println!("random: picks uniformly among the options (every game)");
    println!(
        "search: plays out worlds it cannot tell from the real one and picks what won most (every game; \
         search:iterations=N,exploration=X)"
    );
    for name in posse::bot_names(&content) {
        let bot = posse::Strategy::new(&content, &name).map_err(|e| anyhow::anyhow!("{e}"))?;
        let about = bot.about().map_err(|e| anyhow::anyhow!("{e}"))?.unwrap_or_default();
        println!("{name}: {about}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::csv_cell;

    /// Issue 22: every CSV's cells, as OWASP recommends.
    #[test]
    fn a_cell_a_spreadsheet_would_evaluate_is_neutralised_and_a_number_is_not() {
        for (cell, want) in [
            ("=cmd|' /C calc'!A0", "\"'=cmd|' /C calc'!A0\""),
            ("+1+1", "\"'+1+1\""),
            ("-1+1", "\"'-1+1\""),
            ("@SUM(A1)", "\"'@SUM(A1)\""),
            ("\t=1", "\"'\t=1\""),
            ("\r=1", "\"'\r=1\""),
            ("=\"a\",b", "\"'=\"\"a\"\",b\""),
            ("-", "\"'-\""),
            ("-3.", "\"'-3.\""),
            ("-1e5", "\"'-1e5\""),
            ("-3", "-3"),
            ("-0.5", "-0.5"),
            ("+2", "+2"),
            ("-.5", "-.5"),
            ("12", "12"),
            ("a=b", "a=b"),
            ("a,b", "\"a,b\""),
            ("x;=HYPERLINK(1)", "\"x;=HYPERLINK(1)\""),
            ("1:3;2:0", "1:3;2:0"),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
            ("", ""),
        ] {
            assert_eq!(csv_cell(cell), want, "{cell:?}");
        }
    }
}
