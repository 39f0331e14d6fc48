//! `posse heatmap GAME -n N [--seed S] [--bot ...] [--set ...] [--html FILE] [--csv FILE]
//! [--json FILE]`: where things stand, move, fight and fall over a batch of games, by zone
//! of a zone map or cell of a grid, drawn over the board's picture.
//!
//! Each game is game S of `posse sim` (played as `posse trace` plays it: [`walk`]), one
//! after another, so the same seeds give the same counts on any machine. Four kinds of
//! event are counted by place:
//! - `stand`: at every decision, each piece on the board, where it is (a piece: an object
//!   that moves from one place to another in its game; tiles that never move are left out);
//! - `move`: an object arriving at a place between two decisions (from another place or
//!   from off the board), followed by the engine's positions (`Game::board_positions`);
//! - any mark the game puts on its log lines (`posse.log(text, audience, {mark = EVENT, at
//!   = PLACE})`, docs/authoring.md "Marks"): Goldfever and American Desperado mark `fight`
//!   and `fall`.
//!
//! It reads the god view and the marks, which no seat sees: a designer's tool, and the
//! page says so. The page is self-contained: one copy of the board's SVG an event (its
//! ids prefixed with the event, so they stay unique), each place filled on a colour
//! scale from the lowest count to the highest, its count written on it, and a legend.

use crate::svg::picture;
use crate::walk;
use anyhow::{anyhow, bail, Result};
use posse::Game;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;

/// What `posse heatmap` was asked for.
pub struct HeatOptions {
    pub root: PathBuf,
    pub game: String,
    pub n: usize,
    pub seed: u64,
    pub players: Option<usize>,
    pub bots: Vec<String>,
    pub sets: Vec<String>,
    pub html: Option<PathBuf>,
    pub csv: Option<PathBuf>,
    pub json: Option<PathBuf>,
    /// Print nothing on stdout (`sim --heatmap`, whose stdout is the report's).
    pub quiet: bool,
}

impl HeatOptions {
    /// A batch's heat map with no output asked for yet (`html`, `csv`, `json` set after).
    pub fn batch(
        root: PathBuf,
        game: String,
        n: usize,
        seed: u64,
        players: Option<usize>,
        bots: Vec<String>,
        sets: Vec<String>,
    ) -> Self {
        HeatOptions { root, game, n, seed, players, bots, sets, html: None, csv: None, json: None, quiet: false }
    }
}

/// The counts of a batch: by event, by place.
#[derive(Debug, Default)]
pub struct Heat {
    pub game: String,
    pub first_seed: u64,
    pub games: usize,
    pub decisions: usize,
    /// Each seat's bot (`1=random`), as every report names them.
    pub bots: Vec<String>,
    /// The `--set`s the batch was played with.
    pub sets: Vec<String>,
    /// Seeds whose game stopped on an error, with it (counted up to where it stopped).
    pub failed: Vec<(u64, String)>,
    pub counts: BTreeMap<String, BTreeMap<String, u64>>,
}

/// The two events every game has; the marks' come after them.
const STAND: &str = "stand";
const MOVE: &str = "move";

pub fn run(opts: HeatOptions) -> Result<bool> {
    if opts.n == 0 {
        bail!("-n 0: a heat map needs at least 1 game");
    }
    let content = crate::games::load_with(&opts.root, &opts.game, &opts.sets)?;
    if content.map.is_none() && content.grid.is_none() {
        bail!(
            "{}'s board has no picture: a heat map needs a zone map (board: {{map: FILE}}) or a grid (board: {{grid: ...}})",
            content.id
        );
    }
    let mut heat = Heat { game: opts.game.clone(), first_seed: opts.seed, sets: opts.sets.clone(), ..Heat::default() };
    heat.counts.insert(STAND.into(), BTreeMap::new());
    heat.counts.insert(MOVE.into(), BTreeMap::new());
    let mut board = None;
    for k in 0..opts.n as u64 {
        let seed = opts.seed.wrapping_add(k);
        let (game, bots, next) = walk::with_bots(content.clone(), seed, opts.players, &opts.bots)?;
        heat.bots = bots;
        if board.is_none() {
            board = Some(empty_board(&game));
        }
        let (game, error) = count_game(&mut heat, game, next);
        heat.games += 1;
        heat.decisions += game.choices().len();
        if let Some(e) = error {
            heat.failed.push((seed, e));
        }
    }
    let board = board.unwrap_or_default();
    if !opts.quiet {
        print_summary(&heat);
    }
    let write = |file: &PathBuf, text: String| -> Result<()> {
        posse::savefile::write(file, text.as_bytes()).map_err(|e| anyhow!("{}: cannot write: {e}", file.display()))?;
        if !opts.quiet {
            println!("wrote {}", file.display());
        }
        Ok(())
    };
    if let Some(file) = &opts.html {
        write(file, html(&heat, &board, content.map.is_some()))?;
    }
    if let Some(file) = &opts.csv {
        write(file, csv(&heat))?;
    }
    if let Some(file) = &opts.json {
        write(file, serde_json::to_string_pretty(&json(&heat))? + "\n")?;
    }
    Ok(heat.failed.is_empty())
}

/// The board's picture with nothing on it (the god view's, its objects taken away).
fn empty_board(game: &Game) -> String {
    let mut view = game.view(None);
    for zones in view.board.values_mut() {
        for z in zones.values_mut() {
            z.objects.clear();
            z.count = 0;
        }
    }
    picture(game.content(), &view).unwrap_or_default()
}

/// Plays one game, adding its events to `heat`. An object's stands count only when it
/// moves from place to place in the game (a piece; a room's tile that never moves does
/// not flood the map).
fn count_game(heat: &mut Heat, game: Game, next: impl FnMut(&Game) -> walk::Answer) -> (Game, Option<String>) {
    let mut before: Option<Vec<Option<String>>> = None;
    let mut stands: BTreeMap<(usize, String), u64> = BTreeMap::new();
    let mut pieces: BTreeSet<usize> = BTreeSet::new();
    let mut logged = 0;
    let end = walk::walk(game, next, false, |game, _| {
        let now: Vec<Option<String>> = game.board_positions().into_iter().map(|p| p.map(str::to_string)).collect();
        if !game.is_over() {
            for (o, place) in now.iter().enumerate() {
                if let Some(place) = place {
                    *stands.entry((o, place.clone())).or_default() += 1;
                }
            }
        }
        if let Some(before) = &before {
            let moves = heat.counts.entry(MOVE.into()).or_default();
            for (o, place) in now.iter().enumerate() {
                let (Some(place), Some(was)) = (place, before.get(o)) else { continue };
                if was.as_ref() != Some(place) {
                    *moves.entry(place.clone()).or_default() += 1;
                    if was.is_some() {
                        pieces.insert(o);
                    }
                }
            }
        }
        for mark in game.log_marks_from(logged) {
            *heat.counts.entry(mark.event).or_default().entry(mark.at).or_default() += 1;
        }
        logged = game.log_len();
        before = Some(now);
    });
    let stand = heat.counts.entry(STAND.into()).or_default();
    for ((o, place), n) in stands {
        if pieces.contains(&o) {
            *stand.entry(place).or_default() += n;
        }
    }
    end
}

/// The events in the order they are shown: stand, move, then the marks' by name.
fn events(heat: &Heat) -> Vec<&String> {
    let mut out: Vec<&String> = heat.counts.keys().filter(|e| *e == STAND || *e == MOVE).collect();
    out.sort_by_key(|e| *e != STAND);
    out.extend(heat.counts.keys().filter(|e| *e != STAND && *e != MOVE));
    out
}

/// The batch's `--set`s as a report's header names them: `, with KEY=VALUE, ...` or nothing.
fn with_sets(heat: &Heat) -> String {
    if heat.sets.is_empty() {
        String::new()
    } else {
        format!(", with {}", heat.sets.join(", "))
    }
}

/// The places of one event, most first (then by name).
fn ranked(places: &BTreeMap<String, u64>) -> Vec<(&String, u64)> {
    let mut out: Vec<(&String, u64)> = places.iter().map(|(p, &n)| (p, n)).collect();
    out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    out
}

fn print_summary(heat: &Heat) {
    println!(
        "heat map of {}{}: {}, seeds {}..{}, {}; bots: {} (god view: a designer's tool)",
        heat.game,
        with_sets(heat),
        crate::words::count(heat.games, "game"),
        heat.first_seed,
        heat.first_seed.wrapping_add(heat.games as u64 - 1),
        crate::words::count(heat.decisions, "decision"),
        heat.bots.join(", ")
    );
    for event in events(heat) {
        let places = &heat.counts[event];
        let top: Vec<String> = ranked(places).iter().take(5).map(|(p, n)| format!("{p} {n}")).collect();
        let total: u64 = places.values().sum();
        let top = if top.is_empty() { "none".to_string() } else { top.join(", ") };
        println!("  {event}: {total} in {}; most: {top}", crate::words::count(places.len(), "place"));
    }
    for (seed, e) in &heat.failed {
        println!("  seed {seed} stopped: {e}");
    }
}

/// One row a place and event: `place,event,count`, events in their order, places most
/// first.
pub fn csv(heat: &Heat) -> String {
    let mut s = String::from("place,event,count\n");
    for event in events(heat) {
        for (place, n) in ranked(&heat.counts[event]) {
            let _ = writeln!(s, "{},{},{n}", crate::sim::csv_cell(place), crate::sim::csv_cell(event));
        }
    }
    s
}

/// The counts as JSON: the batch, then one object a place and event, as the CSV's rows.
pub fn json(heat: &Heat) -> serde_json::Value {
    let mut rows = Vec::new();
    for event in events(heat) {
        for (place, n) in ranked(&heat.counts[event]) {
            rows.push(serde_json::json!({ "place": place, "event": event, "count": n }));
        }
    }
    let failed: Vec<_> = heat.failed.iter().map(|(seed, e)| serde_json::json!({ "seed": seed, "error": e })).collect();
    serde_json::json!({
        "game": heat.game, "first_seed": heat.first_seed, "games": heat.games,
        "decisions": heat.decisions, "bots": heat.bots, "sets": heat.sets, "failed": failed, "counts": rows,
    })
}

/// The colour of a share `t` (0 to 1) of the highest count: pale yellow to deep red.
fn colour(t: f64) -> String {
    let lerp = |a: f64, b: f64| (a + (b - a) * t.clamp(0.0, 1.0)).round() as u8;
    format!("#{:02x}{:02x}{:02x}", lerp(255.0, 189.0), lerp(237.0, 0.0), lerp(160.0, 38.0))
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The page: a section an event, each with the board coloured by its counts.
pub fn html(heat: &Heat, board: &str, zone_map: bool) -> String {
    let prefix = if zone_map { "zone-" } else { "cell-" };
    let mut s = String::new();
    let title = format!("Heat map of {}", heat.game);
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>{STYLE}</style></head><body>\n<h1>{}</h1>\n",
        esc(&title),
        esc(&title)
    );
    let _ = writeln!(
        s,
        "<p class=\"who\">A designer's tool: it counts from the god view and the game's marks, so it sees everything \
         no seat sees. {}{}, seeds {} to {}, {}; bots: {}.</p>",
        crate::words::count(heat.games, "game"),
        esc(&with_sets(heat)),
        heat.first_seed,
        heat.first_seed.wrapping_add(heat.games as u64 - 1),
        crate::words::count(heat.decisions, "decision"),
        esc(&heat.bots.join(", "))
    );
    s.push_str(
        "<p>stand: each piece (an object that moves in its game) at each decision, where it is; move: an object \
         arriving at a place; other events: the game's marks on its log lines (fight, fall).</p>\n",
    );
    for (seed, e) in &heat.failed {
        let _ = writeln!(s, "<p class=\"failed\">Seed {seed} stopped: {} (counted up to there).</p>", esc(e));
    }
    for event in events(heat) {
        let places = &heat.counts[event];
        let max = places.values().copied().max().unwrap_or(0);
        let min = 0;
        let id = format!("heat-{}", slug(event));
        let _ = writeln!(s, "<section class=\"event\" id=\"{id}\">\n<h2>{}</h2>", esc(event));
        let total: u64 = places.values().sum();
        let _ = writeln!(s, "<p>{total} in all, in {}.</p>", crate::words::count(places.len(), "place"));
        // The board, its ids prefixed with the event, and a rule a place that has a count.
        let ev = slug(event);
        let svg = board.replacen("<svg ", &format!("<svg class=\"heat\" data-event=\"{}\" ", esc(event)), 1);
        let svg = svg.replace(" id=\"", &format!(" id=\"{ev}-"));
        s.push_str("<style>");
        for (place, &n) in places {
            let t = if max > min { (n - min) as f64 / (max - min) as f64 } else { 1.0 };
            let _ = write!(
                s,
                "[id=\"{ev}-{prefix}{}\"]{{fill:{} !important;fill-opacity:1 !important}}",
                css_str(place),
                colour(t)
            );
        }
        s.push_str("</style>\n<div class=\"board\">");
        s.push_str(&svg);
        s.push_str("</div>\n");
        // The legend: the scale from 0 to the highest count.
        let _ = writeln!(
            s,
            "<div class=\"legend\"><span>{min}</span><span class=\"scale\" style=\"background:linear-gradient(to right,{},{})\"></span><span>{max}</span> {}</div>",
            colour(0.0),
            colour(1.0),
            esc(event)
        );
        // The counts as data for the labels on the board, and as a table.
        let data: BTreeMap<String, u64> = places.iter().map(|(p, &n)| (format!("{ev}-{prefix}{p}"), n)).collect();
        let _ = writeln!(
            s,
            "<script type=\"application/json\" class=\"counts\">{}</script>",
            serde_json::to_string(&data).unwrap_or_default().replace("</", "<\\/")
        );
        s.push_str("<table><tr><th>place</th><th>count</th></tr>\n");
        for (place, n) in ranked(places) {
            let _ = writeln!(s, "<tr><td>{}</td><td>{n}</td></tr>", esc(place));
        }
        s.push_str("</table>\n</section>\n");
    }
    let _ = writeln!(s, "<script>{SCRIPT}</script>\n</body></html>");
    s
}

/// An event as an id's part: letters, digits and `_`.
fn slug(event: &str) -> String {
    event.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect()
}

/// A CSS string's inside: quotes and backslashes escaped.
fn css_str(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"").replace('<', "\\3c ")
}

const STYLE: &str = "body{font-family:sans-serif;margin:1em 2em;color:#222}\
.who{background:#fff3cd;border:1px solid #e0c060;padding:.4em .6em}\
.failed{color:#a00}.board svg{max-width:100%;height:auto}\
.legend{display:flex;align-items:center;gap:.5em;margin:.3em 0}\
.legend .scale{display:inline-block;width:12em;height:1em;border:1px solid #888}\
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}\
text.heatcount{font:bold 13px sans-serif;fill:#000;stroke:#fff;stroke-width:3px;paint-order:stroke}";

/// Writes each place's count on the board, at the middle of its shape.
const SCRIPT: &str = r#"
for (const sec of document.querySelectorAll('section.event')) {
  const svg = sec.querySelector('svg');
  const data = JSON.parse(sec.querySelector('script.counts').textContent);
  if (!svg) continue;
  for (const [id, n] of Object.entries(data)) {
    const el = document.getElementById(id);
    if (!el || !el.getBBox) continue;
    const b = el.getBBox();
    const t = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    t.setAttribute('x', b.x + b.width / 2);
    t.setAttribute('y', b.y + b.height / 2 + Math.min(24, b.height / 3));
    t.setAttribute('text-anchor', 'middle');
    t.setAttribute('class', 'heatcount');
    t.textContent = n;
    svg.appendChild(t);
  }
}
"#;
