//! `posse trace GAME --seed S --html OUT` and `posse replay FILE --html OUT`: one
//! self-contained HTML page that steps through a game, from its start to its end: at
//! every decision the board's picture (a zone map's or a grid's SVG; the rendered text
//! view for a game without one), the log lines written since the step before, and who
//! chose what. Buttons, the arrow keys and a slider move between steps.
//!
//! Whose page it is: one seat's (`--seat N`: that seat's view, picture and log lines,
//! and only its own choices' labels; another seat's choice is "p2 decides", since even a
//! label may tell what a hand holds) or the god view (`--god`, every line and label). The
//! page is built from views alone, so it shows no more than the seat may see.
//!
//! Its size stays bounded: a picture is stored once however many steps show it (each
//! step names its picture), and the page stops at [`MAX_STEPS`] steps or when its
//! pictures reach [`MAX_PICTURE_BYTES`], saying so at the top.

use crate::bots;
use crate::walk::{self, Chosen};
use anyhow::{anyhow, Result};
use posse::Game;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The most steps a page shows.
pub const MAX_STEPS: usize = 5000;
/// The most bytes of distinct pictures (or text views) a page holds.
pub const MAX_PICTURE_BYTES: usize = 24 << 20;

/// Whose page: a seat as typed (a number from 1 or a name), or None: the god view.
pub struct PageOptions {
    pub seat: Option<String>,
    pub out: PathBuf,
}

impl PageOptions {
    /// The page's options from `--seat`/`--as` and `--god`: one of them must be given,
    /// so that no page shows every secret unasked.
    pub fn new(seat: Option<String>, god: bool, out: PathBuf) -> Result<PageOptions> {
        if seat.is_none() && !god {
            anyhow::bail!("--html: whose page? --seat SEAT (that seat's view) or --god (everything)");
        }
        Ok(PageOptions { seat, out })
    }
}

/// One step of the page.
struct Step {
    /// Who chose what to get here (empty at the start).
    chosen: String,
    log: Vec<String>,
    picture: usize,
}

/// `posse trace GAME --html OUT`: game `seed` played by bots, as a page.
pub fn trace(
    root: &Path,
    id: &str,
    seed: u64,
    players: Option<usize>,
    specs: &[String],
    sets: &[String],
    opts: &PageOptions,
) -> Result<bool> {
    let content = crate::games::load_with(root, id, sets)?;
    let (game, bots, next) = walk::with_bots(content, seed, players, specs)?;
    let title = format!("{id}, seed {seed}; bots: {}", bots.join(", "));
    page(game, next, &title, opts)
}

/// `posse replay FILE --html OUT`: a saved game's choices made again, as a page.
pub fn replay(root: &Path, file: &Path, opts: &PageOptions) -> Result<bool> {
    let (game, next) = walk::from_save(root, file)?;
    let title = format!("{} ({}, seed {})", file.display(), game.content().id, game.setup().seed);
    page(game, next, &title, opts)
}

fn page(game: Game, next: impl FnMut(&Game) -> walk::Answer, title: &str, opts: &PageOptions) -> Result<bool> {
    let names = game.setup().seats.clone();
    let seat = opts
        .seat
        .as_deref()
        .map(|t| bots::seat_number(t.trim(), &names).map_err(|e| anyhow!("--seat {t}: {e}")))
        .transpose()?;
    let drawable = game.content().map.is_some() || game.content().grid.is_some();
    let mut steps: Vec<Step> = Vec::new();
    let mut pictures: Vec<String> = Vec::new();
    let mut known: HashMap<String, usize> = HashMap::new();
    let mut bytes = 0usize;
    let mut cut: Option<String> = None;
    let mut logged = 0usize;
    let (game, error) = walk::walk(game, next, true, |game, chosen: Option<&Chosen>| {
        if cut.is_some() {
            return;
        }
        let view = game.view(seat);
        let shown = if drawable {
            crate::svg::picture(game.content(), &view).unwrap_or_default()
        } else {
            game.render(seat).unwrap_or_else(|e| format!("(the view could not be rendered: {e})"))
        };
        let picture = match known.get(&shown) {
            Some(&i) => i,
            None => {
                if bytes + shown.len() > MAX_PICTURE_BYTES || steps.len() >= MAX_STEPS {
                    cut = Some(format!(
                        "This page stops at step {} of a longer game: its pictures would pass {} MiB or {} steps. \
                         `posse trace` or `posse replay --log` gives the whole log.",
                        steps.len(),
                        MAX_PICTURE_BYTES >> 20,
                        MAX_STEPS
                    ));
                    return;
                }
                bytes += shown.len();
                pictures.push(shown.clone());
                known.insert(shown, pictures.len() - 1);
                pictures.len() - 1
            }
        };
        let chosen = match chosen {
            None => String::new(),
            Some(c) if seat.is_none_or(|s| s == c.seat) => {
                let what = if c.labels.is_empty() { "nothing".to_string() } else { c.labels.join(", ") };
                format!("{} chose: {what}", names[c.seat - 1])
            }
            Some(c) => format!("{} decides", names[c.seat - 1]),
        };
        let log = game.log_lines_from(seat, logged).into_iter().map(|(_, l)| l).collect();
        logged = game.log_len();
        steps.push(Step { chosen, log, picture });
    });
    let end = match game.result() {
        Some(r) => r.line(),
        None => format!("unfinished: {}", crate::words::count(game.choices().len(), "choice")),
    };
    let whose = match seat {
        Some(s) => format!("the view of {} (seat {s}): only what that seat sees", names[s - 1]),
        None => "the god view: everything, every seat's secrets included".to_string(),
    };
    let text = html(title, &whose, &steps, &pictures, drawable, cut.as_deref(), &end, error.as_deref());
    posse::savefile::write(&opts.out, text.as_bytes())
        .map_err(|e| anyhow!("{}: cannot write: {e}", opts.out.display()))?;
    println!(
        "wrote {} ({}, {}; {})",
        opts.out.display(),
        crate::words::count(steps.len(), "step"),
        crate::words::count(pictures.len(), if drawable { "picture" } else { "view" }),
        whose
    );
    if let Some(e) = &error {
        eprintln!("posse: {e}");
    }
    Ok(error.is_none())
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[allow(clippy::too_many_arguments)]
fn html(
    title: &str,
    whose: &str,
    steps: &[Step],
    pictures: &[String],
    drawable: bool,
    cut: Option<&str>,
    end: &str,
    error: Option<&str>,
) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>{STYLE}</style></head><body>\n",
        esc(title)
    );
    let _ = writeln!(s, "<h1>{}</h1>\n<p class=\"who\">Seen as {}.</p>", esc(title), esc(whose));
    if let Some(c) = cut {
        let _ = writeln!(s, "<p class=\"cut\">{}</p>", esc(c));
    }
    if let Some(e) = error {
        let _ = writeln!(s, "<p class=\"cut\">The game stopped on an error: {}</p>", esc(e));
    }
    let last = steps.len().saturating_sub(1);
    let _ = writeln!(
        s,
        "<div class=\"controls\"><button id=\"prev\">&#9664; previous</button> <button id=\"next\">next &#9654;</button> \
         <input type=\"range\" id=\"slider\" min=\"0\" max=\"{last}\" value=\"0\"> <span id=\"where\">step 0 of {last}</span> \
         <span class=\"keys\">(keys: &larr; &rarr;, Home, End)</span></div>"
    );
    let _ = writeln!(s, "<p id=\"chosen\"></p>\n<div id=\"stage\"></div>\n<h2>Log</h2>\n<ol id=\"log\"></ol>");
    let _ = writeln!(s, "<p class=\"end\">How the game ends (after its last step): {}</p>", esc(end));
    // Each distinct picture once, in a template; each step names its own.
    for (i, p) in pictures.iter().enumerate() {
        if drawable {
            let _ = writeln!(s, "<template id=\"pic-{i}\">{p}</template>");
        } else {
            let _ = writeln!(s, "<template id=\"pic-{i}\"><pre class=\"view\">{}</pre></template>", esc(p));
        }
    }
    let data: Vec<serde_json::Value> = steps
        .iter()
        .map(|st| serde_json::json!({ "chosen": st.chosen, "log": st.log, "picture": st.picture }))
        .collect();
    let json = serde_json::to_string(&data).unwrap_or_default().replace("</", "<\\/");
    let _ = writeln!(s, "<script type=\"application/json\" id=\"steps\">{json}</script>");
    let _ = writeln!(s, "<script>{SCRIPT}</script>\n</body></html>");
    s
}

const STYLE: &str = "body{font-family:sans-serif;margin:1em 2em;color:#222}\
.who{background:#fff3cd;border:1px solid #e0c060;padding:.4em .6em}.cut{color:#a00}\
.controls{position:sticky;top:0;background:#fff;padding:.4em 0}#slider{width:40%;vertical-align:middle}\
.keys{color:#777;font-size:90%}#stage svg{max-width:100%;height:auto}\
pre.view{background:#f6f6f6;padding:.5em;white-space:pre-wrap}\
#log li.new{font-weight:bold}#chosen{font-style:italic;min-height:1.2em}";

/// Shows step `k`: its picture, who chose what, and the log up to it (its own lines in
/// bold).
const SCRIPT: &str = r#"
const steps = JSON.parse(document.getElementById('steps').textContent);
const slider = document.getElementById('slider');
let at = 0;
function show(k) {
  at = Math.max(0, Math.min(steps.length - 1, k));
  const st = steps[at];
  const stage = document.getElementById('stage');
  stage.replaceChildren(document.getElementById('pic-' + st.picture).content.cloneNode(true));
  stage.dataset.step = at;
  stage.dataset.picture = st.picture;
  document.getElementById('chosen').textContent = st.chosen;
  const log = document.getElementById('log');
  log.replaceChildren();
  for (let i = 0; i <= at; i++) {
    for (const line of steps[i].log) {
      const li = document.createElement('li');
      li.textContent = line;
      if (i === at) li.className = 'new';
      log.appendChild(li);
    }
  }
  slider.value = at;
  document.getElementById('where').textContent = 'step ' + at + ' of ' + (steps.length - 1);
}
document.getElementById('prev').onclick = () => show(at - 1);
document.getElementById('next').onclick = () => show(at + 1);
slider.oninput = () => show(parseInt(slider.value, 10));
document.addEventListener('keydown', e => {
  if (e.key === 'ArrowLeft') show(at - 1);
  else if (e.key === 'ArrowRight') show(at + 1);
  else if (e.key === 'Home') show(0);
  else if (e.key === 'End') show(steps.length - 1);
});
show(0);
"#;
