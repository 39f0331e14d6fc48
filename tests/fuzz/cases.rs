//! The in-process cases, run in the worker child: what a content file or a save file
//! must do when it is damaged, checked beyond "it did not crash".
//!
//! Content: loading returns the content or an error whose every diagnostic names a file
//! (and a message); loaded content starts a game, which a random bot plays a few steps,
//! and a step that fails leaves the game as it was (same state hash, same log); a zone
//! map's or a grid's pictures, drawn at the start and after the steps, keep within their
//! bounds ([`super::pictures`]). Saves:
//! loading returns a record or an error that starts with the file's name; a record
//! replays to a game, to a game stopped where a choice no longer fits (which must be the
//! game replayed up to that choice), or to an error. Strategy bots: a game whose bot's
//! file is damaged loads, or fails with a diagnostic of that file; the bot is made and
//! plays its games in a batch, or each game that fails has an error naming the bot, and
//! the batch counts every game asked for.

use posse::sim::{self, Lineup};
use posse::{Content, Error, Game, Record, Setup, Strategy};
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The case functions by target name, for [`super::run::serve`].
pub fn by_name(target: &str) -> Option<super::run::Case> {
    match target {
        "content" => Some(content),
        "save" => Some(save),
        "bot" => Some(bot),
        _ => None,
    }
}

/// The worker's scratch folder (set by the parent).
fn tmp() -> PathBuf {
    PathBuf::from(std::env::var_os("POSSE_FUZZ_TMP").expect("POSSE_FUZZ_TMP"))
}

thread_local! {
    /// Scratch copies of content roots, by original root.
    static COPIES: RefCell<HashMap<PathBuf, PathBuf>> = RefCell::new(HashMap::new());
    /// Loaded content for saves, by game id.
    static LOADED: RefCell<HashMap<String, Result<Arc<Content>, String>>> = RefCell::new(HashMap::new());
}

fn scratch_copy(root: &Path) -> PathBuf {
    COPIES.with(|c| {
        let mut c = c.borrow_mut();
        let n = c.len();
        c.entry(root.to_path_buf())
            .or_insert_with(|| {
                let dst = tmp().join(format!("root{n}"));
                let _ = std::fs::remove_dir_all(&dst);
                for dir in ["scripts", "scenarios"] {
                    if root.join(dir).is_dir() {
                        crate::copy_dir(&root.join(dir), &dst.join(dir));
                    }
                }
                dst
            })
            .clone()
    })
}

/// Header: `ROOT LOAD REL` (the content root, the id to load, the mutated file).
fn content(header: &str, body: &[u8]) -> Result<String, String> {
    let mut words = header.splitn(3, ' ');
    let (root, load, rel) = (words.next().unwrap_or(""), words.next().unwrap_or(""), words.next().unwrap_or(""));
    let scratch = scratch_copy(Path::new(root));
    let path = scratch.join(rel);
    let original = std::fs::read(&path).map_err(|e| format!("{rel}: {e}"))?;
    std::fs::write(&path, body).map_err(|e| format!("{rel}: {e}"))?;
    let result = check_content(&scratch, load, rel);
    std::fs::write(&path, original).map_err(|e| format!("{rel}: {e}"))?;
    result
}

fn check_content(root: &Path, load: &str, rel: &str) -> Result<String, String> {
    let content = match Content::load(root, load) {
        Ok(c) => Arc::new(c),
        Err(Error::Content(diags)) => {
            if diags.is_empty() {
                return Err("a content error with no diagnostic".into());
            }
            for d in &diags {
                if d.file.is_empty() || d.message.trim().is_empty() || Path::new(&d.file).is_absolute() {
                    return Err(format!("a diagnostic must name a file of the root and say what is wrong: {d:?}"));
                }
            }
            let mine = diags.iter().find(|d| d.file == rel);
            let note = match mine {
                Some(d) if d.line > 0 => "load error: the file and a line".to_string(),
                Some(d) => format!("load error: the file, no line ({})", shape(&d.message)),
                None => "load error: another file".to_string(),
            };
            return Ok(note);
        }
        Err(e) => return Err(format!("a content problem must be a content error, not: {e}")),
    };
    let setup = Setup::new(&content, 1, None).map_err(|e| format!("loaded content does not set up: {e}"))?;
    let mut game = match Game::new(content.clone(), setup) {
        Ok(g) => g,
        Err(e) => return said("start error", &e),
    };
    super::pictures::draw(&content, &game)?;
    let mut rng = posse::rng::Rng::new(7);
    for _ in 0..40 {
        let Some(r) = game.next_request() else { break };
        let _ = r.try_prompt();
        let _ = r.try_labels();
        let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
        let (hash, made) = (game.state_hash(), game.choices().len());
        if let Err(e) = game.choose(seat, &picks) {
            if game.state_hash() != hash || game.choices().len() != made {
                return Err(format!("a failing step changed the game ({e})"));
            }
            super::pictures::draw(&content, &game)?;
            return said("step error", &e);
        }
    }
    let _ = game.render(Some(1));
    let drawn = super::pictures::draw(&content, &game)?;
    let played = if game.is_over() { "played to the end" } else { "played" };
    Ok(if drawn.is_empty() { played.into() } else { format!("{played}, {drawn}") })
}

/// A note on an error from a game: whether it names a file of the content.
fn said(what: &str, e: &Error) -> Result<String, String> {
    let msg = e.to_string();
    if msg.trim().is_empty() {
        return Err(format!("{what} with an empty message"));
    }
    if msg.contains("scripts/") || msg.contains("scenarios/") {
        Ok(format!("{what}: names a file"))
    } else {
        Ok(format!("{what}: names no file ({})", shape(&msg)))
    }
}

/// The kind of a message, for counting: its start, with quoted text and numbers blanked.
fn shape(msg: &str) -> String {
    let mut out = String::new();
    let mut quoted = None;
    for c in msg.chars().take(60) {
        match (quoted, c) {
            (Some(q), c) if c == q => {
                quoted = None;
                out.push(c);
            }
            (Some(_), _) => {}
            (None, '\'' | '"' | '`') => {
                quoted = Some(c);
                out.push_str(&format!("{c}..."));
            }
            (None, c) if c.is_ascii_digit() => {
                if !out.ends_with('N') {
                    out.push('N');
                }
            }
            (None, c) => out.push(c),
        }
    }
    out
}

/// Header: unused. The body is written to a file and loaded as a save.
fn save(_header: &str, body: &[u8]) -> Result<String, String> {
    let path = tmp().join("fuzz-save.yaml");
    std::fs::write(&path, body).map_err(|e| e.to_string())?;
    let shown = path.display().to_string();
    let record = match Record::load(&path) {
        Ok(r) => r,
        Err(e) => {
            let msg = e.to_string();
            if !msg.starts_with(&format!("{shown}:")) {
                return Err(format!("a save error must start with the file's name: {msg}"));
            }
            let rest = &msg[shown.len() + 1..];
            let line = rest.split(':').next().is_some_and(|l| l.parse::<usize>().is_ok());
            return Ok(if line {
                "save error: the file and a line".to_string()
            } else {
                format!("save error: the file ({})", shape(rest.trim()))
            });
        }
    };
    let content = LOADED.with(|l| {
        l.borrow_mut()
            .entry(record.game.clone())
            .or_insert_with(|| {
                Content::load(&super::seeds::root_of(&record.game), &record.game)
                    .map(Arc::new)
                    .map_err(|e| e.to_string())
            })
            .clone()
    });
    let content = match content {
        Ok(c) => c,
        Err(_) => return Ok("game does not load".into()),
    };
    let (game, divergence) = match Game::from_record(content.clone(), &record) {
        Ok(x) => x,
        Err(e) => return said("replay refused", &e),
    };
    let note = match divergence {
        None => {
            if game.choices().len() != record.choices.len() {
                return Err(format!(
                    "replayed {} of {} choices without a divergence",
                    game.choices().len(),
                    record.choices.len()
                ));
            }
            "replayed"
        }
        Some(d) => {
            let kept = d
                .index
                .checked_sub(1)
                .filter(|&k| k < record.choices.len())
                .ok_or_else(|| format!("divergence at choice {} of {}", d.index, record.choices.len()))?;
            if game.choices() != &record.choices[..kept] {
                return Err(format!("after a divergence at choice {}, the game holds other choices", d.index));
            }
            let before = Record { choices: record.choices[..kept].to_vec(), ..record.clone() };
            let again = Game::from_record(content, &before)
                .map_err(|e| format!("the replay up to the divergence fails: {e}"))?;
            if again.1.is_some() || again.0.state_hash() != game.state_hash() {
                return Err(format!("the game stopped at choice {} is not the game replayed up to it", d.index));
            }
            "replayed to a divergence"
        }
    };
    let _ = game.render(Some(1));
    Ok(note.into())
}

/// Header: `ROOT GAME BOT PLAYERS SEATS GAMES REL` (see [`super::seeds::BotFile`]); the
/// body is the bot's file `REL`, written into a scratch copy of the root for the case.
fn bot(header: &str, body: &[u8]) -> Result<String, String> {
    let w: Vec<&str> = header.splitn(7, ' ').collect();
    let [root, game, name, players, seats, games, rel] = w[..] else { return Err(format!("a bad header: {header}")) };
    let number = |s: &str| s.parse::<usize>().map_err(|_| format!("a bad header: {header}"));
    let (players, seats, games) = (number(players)?, number(seats)?, number(games)?);
    let scratch = scratch_copy(Path::new(root));
    let path = scratch.join(rel);
    let original = std::fs::read(&path).map_err(|e| format!("{rel}: {e}"))?;
    std::fs::write(&path, body).map_err(|e| format!("{rel}: {e}"))?;
    let seed = posse::hash::fnv(body) % 1000;
    let result = check_bot(&scratch, game, name, rel, (players, seats, games, seed));
    std::fs::write(&path, original).map_err(|e| format!("{rel}: {e}"))?;
    result
}

fn check_bot(
    root: &Path,
    game: &str,
    name: &str,
    rel: &str,
    (players, seats, games, seed): (usize, usize, usize, u64),
) -> Result<String, String> {
    let names_bot = |msg: &str| msg.contains(&format!("bots/{name}")) || msg.contains(&format!("bot '{name}'"));
    let named = |what: &str, msg: String| {
        if names_bot(&msg) {
            Ok(format!("{what}: names the bot"))
        } else {
            Err(format!("{what} that does not name the bot '{name}': {msg}"))
        }
    };
    let content = match Content::load(root, game) {
        Ok(c) => Arc::new(c),
        Err(Error::Content(diags)) => {
            return match diags.iter().find(|d| d.file == rel) {
                Some(d) if d.line > 0 => Ok("load error: the file and a line".into()),
                Some(d) => Ok(format!("load error: the file, no line ({})", shape(&d.message))),
                None => Err(format!("a bot's damaged file must be named by a diagnostic: {diags:?}")),
            };
        }
        Err(e) => return named("load error", e.to_string()),
    };
    let strategy = match Strategy::new(&content, name) {
        Ok(s) => s,
        Err(e) => return named("bot refused", e.to_string()),
    };
    if let Err(e) = strategy.about() {
        return named("about", e.to_string());
    }
    drop(strategy);
    let bots = (1..=players).map(|s| if s <= seats { name.to_string() } else { "random".into() }).collect();
    let lineup = Lineup { bots, ban: None };
    if let Err(e) = lineup.check(&content) {
        return named("line-up refused", e.to_string());
    }
    let r = sim::run_with_progress(&content, games, seed, Some(players), 1, &lineup, &|| {});
    if r.finished + r.failed != games || r.errors.len() != r.failed {
        return Err(format!(
            "{games} games asked, {} finished and {} failed ({} errors)",
            r.finished,
            r.failed,
            r.errors.len()
        ));
    }
    for e in &r.errors {
        if e.kind == sim::Failure::Engine {
            // A panic the batch caught (or its wall-clock guard): counted as the panic it is.
            panic!("the game of seed {} is an engine fault: {}", e.seed, e.message);
        }
        named("game error", e.message.clone())?;
    }
    Ok(match r.failed {
        0 => "played".into(),
        n if n == games => "every game failed: names the bot".into(),
        _ => "some games failed: names the bot".into(),
    })
}
