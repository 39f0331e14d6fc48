//! Shared helpers for the integration tests: where content lives, loading it, and driving
//! games with scripted or random choices.

pub mod fuzz;

use posse::view::{ObjectView, ZoneView};
use posse::{Content, Game, Setup};
use std::path::PathBuf;
use std::sync::Arc;

/// The project's own content root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The error of `code` run in a fresh game of the fixture hilo (`Game::eval`); the code
/// must fail.
pub fn hilo_fails(code: &str) -> String {
    match new_game(&load_fixture("hilo"), 1, 2).eval(code) {
        Ok(v) => panic!("{code:?} should fail, returned {v}"),
        Err(e) => e.to_string(),
    }
}

/// The value of `code` run in a fresh game of the fixture hilo, as JSON.
pub fn hilo_value(code: &str) -> serde_json::Value {
    new_game(&load_fixture("hilo"), 1, 2).eval(code).unwrap_or_else(|e| panic!("{code:?}: {e}"))
}

/// The test fixtures' content root (small games that exercise the engine).
pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

pub fn load(game: &str) -> Arc<Content> {
    Arc::new(Content::load(&root(), game).unwrap_or_else(|e| panic!("{e}")))
}

pub fn load_fixture(game: &str) -> Arc<Content> {
    Arc::new(Content::load(&fixtures(), game).unwrap_or_else(|e| panic!("{e}")))
}

pub fn new_game(content: &Arc<Content>, seed: u64, players: usize) -> Game {
    let setup = Setup::new(content, seed, Some(players)).unwrap_or_else(|e| panic!("{e}"));
    Game::new(content.clone(), setup).unwrap_or_else(|e| panic!("{e}"))
}

/// Answers the next pending decision with the option whose label starts with `prefix`.
pub fn pick(game: &mut Game, prefix: &str) {
    let r = game.next_request().expect("a decision is pending");
    let labels = r.labels();
    let i = labels
        .iter()
        .position(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no option starting with {prefix:?} in {labels:?} (prompt {:?})", r.prompt()));
    let seat = r.seat;
    game.choose(seat, &[i as u32 + 1]).unwrap_or_else(|e| panic!("{e}"));
}

/// Plays a game of `players` to its end with yielding random bots (the bots of
/// [`posse::bot::bot_rng`], as a batch game has them), every step counted: the game a
/// batch plays, the plain way.
pub fn counted_play(c: &Arc<Content>, seed: u64, players: usize) -> Result<Game, String> {
    let setup = Setup::new(c, seed, Some(players)).map_err(|e| e.to_string())?;
    let mut g = Game::new(c.clone(), setup).map_err(|e| e.to_string())?;
    let mut rng = posse::bot::bot_rng(seed);
    while let Some(r) = g.next_request() {
        let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
        g.choose(seat, &picks).map_err(|e| e.to_string())?;
    }
    Ok(g)
}

/// Plays random choices from a bot seeded with `seed` for at most `steps` decisions.
pub fn play_random_steps(game: &mut Game, seed: u64, steps: usize) {
    let mut rng = posse::rng::Rng::new(seed);
    for _ in 0..steps {
        let Some(r) = game.next_request() else { return };
        let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
        game.choose(seat, &picks).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// A fresh copy of the fixtures' content root, to break on purpose. `name` keeps
/// concurrent tests apart.
pub fn scratch_root(tmp: &str, name: &str) -> PathBuf {
    let dst = PathBuf::from(tmp).join(name);
    let _ = std::fs::remove_dir_all(&dst);
    copy_dir(&fixtures(), &dst);
    dst
}

/// A fresh copy of the project's own content (`scripts/`, `scenarios/`), for variants.
pub fn scratch_project(tmp: &str, name: &str) -> PathBuf {
    let dst = PathBuf::from(tmp).join(name);
    let _ = std::fs::remove_dir_all(&dst);
    for dir in ["scripts", "scenarios"] {
        copy_dir(&root().join(dir), &dst.join(dir));
    }
    dst
}

/// Copies a folder and everything in it.
pub fn copy_dir(src: &std::path::Path, dst: &std::path::Path) {
    std::fs::create_dir_all(dst).unwrap();
    for e in std::fs::read_dir(src).unwrap() {
        let e = e.unwrap();
        let to = dst.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &to);
        } else {
            std::fs::copy(e.path(), to).unwrap();
        }
    }
}

/// The fixture game `hilo`, loaded from a scratch copy with one edit made to `file`.
pub fn edited_hilo(tmp: &str, name: &str, file: &str, from: &str, to: &str) -> Arc<Content> {
    let root = scratch_root(tmp, name);
    edit(&root, file, from, to);
    Arc::new(Content::load(&root, "hilo").unwrap_or_else(|e| panic!("{e}")))
}

/// Replaces `from` by `to` in a file under `root` (the text must be there).
pub fn edit(root: &std::path::Path, file: &str, from: &str, to: &str) {
    let p = root.join(file);
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.contains(from), "{file} does not contain {from:?}");
    std::fs::write(p, text.replacen(from, to, 1)).unwrap();
}

/// A counter's value from the omniscient view (global when `seat` is None).
pub fn counter(g: &Game, name: &str, seat: Option<usize>) -> i64 {
    let v = g.view(None);
    let counters = match seat {
        Some(s) => &v.seats[s - 1].counters,
        None => &v.counters,
    };
    *counters.get(name).unwrap_or_else(|| panic!("no counter {name}"))
}

/// Whether `seat` (None: the omniscient log) may read a log line containing `text`.
pub fn log_has(g: &Game, seat: Option<usize>, text: &str) -> bool {
    g.log_lines(seat).iter().any(|l| l.contains(text))
}

/// The prompt of the first pending decision.
pub fn asked(g: &Game) -> String {
    g.next_request().map(|r| r.prompt()).unwrap_or_default()
}

/// The labels of the first pending decision.
pub fn options(g: &Game) -> Vec<String> {
    g.next_request().map(|r| r.labels()).unwrap_or_default()
}

/// Whether an option of the pending decision starts with `prefix`.
pub fn offered(g: &Game, prefix: &str) -> bool {
    options(g).iter().any(|l| l.starts_with(prefix))
}

/// The labels of `seat`'s unanswered request.
pub fn labels(g: &Game, seat: usize) -> Vec<String> {
    let r = g.pending().into_iter().find(|r| r.seat == seat);
    r.unwrap_or_else(|| panic!("seat {seat} has no decision; waiting for {:?}", waiting(g))).labels()
}

/// The prompt of `seat`'s unanswered request.
pub fn prompt(g: &Game, seat: usize) -> String {
    let r = g.pending().into_iter().find(|r| r.seat == seat);
    r.unwrap_or_else(|| panic!("seat {seat} has no decision; waiting for {:?}", waiting(g))).prompt()
}

/// Seats with an unanswered request.
pub fn waiting(g: &Game) -> Vec<usize> {
    g.pending().iter().map(|r| r.seat).collect()
}

/// Answers `seat`'s unanswered request with the option whose label is `label`, or starts
/// with it when no label is equal.
pub fn answer(g: &mut Game, seat: usize, label: &str) {
    let ls = labels(g, seat);
    let i = ls
        .iter()
        .position(|l| l == label)
        .or_else(|| ls.iter().position(|l| l.starts_with(label)))
        .unwrap_or_else(|| panic!("seat {seat}: no option {label:?} in {ls:?}"));
    g.choose(seat, &[i as u32 + 1]).unwrap_or_else(|e| panic!("seat {seat}, {label:?}: {e}"));
}

/// Answers `seat`'s unanswered request with the option whose id is `id` and whose
/// arguments include `args` (`&[("to", "BNK")]`): the way to answer a typed question.
pub fn answer_id(g: &mut Game, seat: usize, id: &str, args: &[(&str, &str)]) {
    let r = g.pending().into_iter().find(|r| r.seat == seat);
    let r = r.unwrap_or_else(|| panic!("seat {seat} has no decision; waiting for {:?}", waiting(g)));
    let kind = r.kind.clone().unwrap_or_default();
    let i = r.option_by_id(id, args).unwrap_or_else(|e| panic!("seat {seat}, a '{kind}' question: {e}"));
    g.choose(seat, &[i]).unwrap_or_else(|e| panic!("seat {seat}, {id:?}: {e}"));
}

/// The kind of `seat`'s unanswered request (None: untyped).
pub fn kind(g: &Game, seat: usize) -> Option<String> {
    let r = g.pending().into_iter().find(|r| r.seat == seat);
    r.unwrap_or_else(|| panic!("seat {seat} has no decision; waiting for {:?}", waiting(g))).kind.clone()
}

/// The names of a zone's objects, top first; "?" for those the viewer cannot see.
pub fn names(z: &ZoneView) -> Vec<String> {
    shown(z, |name, _| name.to_string())
}

/// The definition ids of a zone's objects, top first; "?" for those the viewer cannot see.
pub fn def_ids(z: &ZoneView) -> Vec<String> {
    shown(z, |_, def| def.to_string())
}

fn shown(z: &ZoneView, f: impl Fn(&str, &str) -> String) -> Vec<String> {
    z.objects
        .iter()
        .map(|o| match o {
            ObjectView::Shown { name, def, .. } => f(name, def),
            ObjectView::Hidden { .. } => "?".into(),
        })
        .collect()
}
