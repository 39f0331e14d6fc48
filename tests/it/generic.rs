//! The tests every game gets for free (after OpenSpiel's `RandomSimTest`):
//! random games end within a bound and without script errors; the same seed and choices
//! give the same state hash in two separate processes; save, load and continue equals
//! playing straight through; for sampled positions and every seat, changing what that
//! seat cannot see leaves its view, its question, its rendered view and the log lines it
//! reads unchanged (`posse::leaks`); and, the mirror of that, changing what a
//! seat keeps from the others changes the omniscient view as the renderer draws it; and
//! every view fits a terminal of 80×24 (issue 11's table for people).
//!
//! **Which games.** Every game and mode the catalogue lists under the project's content
//! root and the fixtures' root, at every player count it allows ([`cases`]): a new game,
//! scenario or heist is tested without editing a list. Each check's cases are dealt in
//! turn into [`SHARDS`] tests (`generic::random_play::shard_3` holds cases 3, 3 + SHARDS,
//! ...), and a failure names its case.
//!
//! **Bounded budgets.** Each case runs under a budget counted, never timed, so no test's
//! length depends on the machine: random play plays seeds until the scripts' work
//! ([`Game::work`]) reaches [`PLAY_WORK`] (a cheap game plays many seeds, a heist a few);
//! the leak check looks at the first [`LEAK_STEPS`] decisions of a few seeds; the other
//! checks play a fixed few seeds.

use posse::{Content, Game, Record};
use posse_tests::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};

/// Decisions after which a random game counts as endless.
const MAX_DECISIONS: usize = 20_000;

/// Tests per check, each with every `SHARDS`-th case.
const SHARDS: usize = 8;

/// The scripts' work (`Game::work`) after which random play stops starting new seeds.
const PLAY_WORK: u64 = 10_000_000;

/// Seeds random play plays at most, and at least.
const PLAY_SEEDS: (u64, u64) = (2, 200);

/// Decisions of each game the leak check looks at, and its seeds.
const LEAK_STEPS: usize = 80;
const LEAK_SEEDS: u64 = 3;

/// A mode of a game under a content root, at one player count.
#[derive(Clone, Debug)]
pub struct Case {
    pub root: PathBuf,
    pub id: String,
    pub players: usize,
}

/// Every case: each entry of the catalogues of the project's root and the fixtures' root,
/// at every player count it allows.
pub fn cases() -> &'static [Case] {
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    CASES.get_or_init(|| {
        let mut out = Vec::new();
        for r in [root(), fixtures()] {
            for entry in Content::catalogue(&r).unwrap_or_else(|e| panic!("{e}")) {
                let p = entry.players.unwrap_or_else(|| panic!("{}: the catalogue cannot read it", entry.id));
                for players in p.min..=p.max {
                    out.push(Case { root: r.clone(), id: entry.id.clone(), players });
                }
            }
        }
        out
    })
}

/// Runs `check` on every case of `shard`.
fn shard(k: usize, check: fn(&Path, &str, usize)) {
    for case in cases().iter().skip(k).step_by(SHARDS) {
        check(&case.root, &case.id, case.players);
    }
}

fn play_steps(game: &mut Game, seed: u64, until: usize) {
    while game.choices().len() < until {
        let step = game.choices().len();
        let Some((seat, picks)) = posse::leaks::choice(game, seed, step) else {
            return;
        };
        game.choose(seat, &picks).unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}"));
    }
}

fn content(root: &Path, id: &str) -> Arc<Content> {
    Arc::new(Content::load(root, id).unwrap_or_else(|e| panic!("{e}")))
}

/// Random games end, with a result naming seats that exist and views every seat (and
/// the omniscient view) can draw.
pub fn random_play(root: &Path, id: &str, players: usize) {
    let c = content(root, id);
    let (mut work, mut seed) = (0, 0);
    while seed < PLAY_SEEDS.0 || (work < PLAY_WORK && seed < PLAY_SEEDS.1) {
        let mut g = new_game(&c, seed, players);
        play_steps(&mut g, seed, MAX_DECISIONS);
        assert!(g.is_over(), "{id} seed {seed} with {players} players did not end in {MAX_DECISIONS} decisions");
        let r = g.result().unwrap();
        assert!(r.winners.iter().all(|&w| w >= 1 && w <= players), "{id} seed {seed}: winners {:?}", r.winners);
        for s in 1..=players {
            g.render(Some(s)).unwrap_or_else(|e| panic!("{id} seed {seed}: render seat {s}: {e}"));
        }
        g.render(None).unwrap_or_else(|e| panic!("{id} seed {seed}: omniscient render: {e}"));
        work += g.work();
        seed += 1;
    }
}

/// Starts the test binary again as a child that prints the state hash after playing
/// `seed` to the end.
fn spawn_child(id: &str, root: &Path, players: usize, seed: u64) -> std::process::Child {
    Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "generic::child_process_hash", "--nocapture", "--test-threads=1"])
        .env("POSSE_CHILD", format!("{}|{id}|{players}|{seed}", root.display()))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the test binary runs again as a child")
}

/// The hash a child of [`spawn_child`] printed.
fn child_hash(child: std::process::Child) -> String {
    let out = child.wait_with_output().expect("the child process ends");
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.split_once("child-hash: ").map(|(_, h)| h.trim()))
        .unwrap_or_else(|| panic!("no hash from the child process:\n{text}\n{}", String::from_utf8_lossy(&out.stderr)))
        .to_string()
}

fn final_hash(root: &Path, id: &str, players: usize, seed: u64) -> String {
    let c = content(root, id);
    let mut g = new_game(&c, seed, players);
    play_steps(&mut g, seed, MAX_DECISIONS);
    posse::hash::hex(g.state_hash())
}

/// Run by [`hash_in_child`] in a separate process. Without `POSSE_CHILD` it checks the
/// same thing in-process: two plays of one seed end in one hash.
#[test]
fn child_process_hash() {
    match std::env::var("POSSE_CHILD") {
        Ok(spec) => {
            let parts: Vec<&str> = spec.split('|').collect();
            let h = final_hash(Path::new(parts[0]), parts[1], parts[2].parse().unwrap(), parts[3].parse().unwrap());
            println!("child-hash: {h}");
        }
        Err(_) => {
            let f = fixtures();
            assert_eq!(final_hash(&f, "hilo", 2, 5), final_hash(&f, "hilo", 2, 5));
        }
    }
}

/// Seeds 1 and 2, each played in two child processes at once and in this one: one hash
/// per seed, and two seeds, two games.
pub fn determinism_across_processes(root: &Path, id: &str, players: usize) {
    let seeds = [1, 2];
    let children: Vec<_> =
        seeds.iter().flat_map(|&s| [spawn_child(id, root, players, s), spawn_child(id, root, players, s)]).collect();
    let mut hashes = children.into_iter().map(child_hash);
    let mut own = Vec::new();
    for seed in seeds {
        let (a, b) = (hashes.next().unwrap(), hashes.next().unwrap());
        assert_eq!(a, b, "{id} ({players} players) seed {seed}: two processes disagree");
        let here = final_hash(root, id, players, seed);
        assert_eq!(a, here, "{id} ({players} players) seed {seed}: child and parent disagree");
        own.push(here);
    }
    assert_ne!(own[0], own[1], "{id} ({players} players): seeds 1 and 2 gave one game");
}

/// Seed 4 saved, loaded and continued from four cuts equals the game played straight;
/// undo to any depth and redo returns to the same game.
pub fn save_load_continue(root: &Path, id: &str, players: usize) {
    let c = content(root, id);
    let seed = 4;
    let mut straight = new_game(&c, seed, players);
    play_steps(&mut straight, seed, MAX_DECISIONS);
    let total = straight.choices().len();
    for cut in [0, total / 3, total / 2, total.saturating_sub(1)] {
        let mut g = new_game(&c, seed, players);
        play_steps(&mut g, seed, cut);
        let text = g.record().to_yaml();
        let record = Record::from_yaml(&text, "save.yaml").unwrap();
        let (mut loaded, div) = Game::from_record(c.clone(), &record).unwrap();
        assert!(div.is_none(), "{div:?}");
        assert_eq!(loaded.state_hash(), g.state_hash(), "{id} ({players} players): loaded position differs at {cut}");
        play_steps(&mut loaded, seed, MAX_DECISIONS);
        assert_eq!(
            loaded.state_hash(),
            straight.state_hash(),
            "{id} ({players} players): continued game differs (cut {cut})"
        );
    }
    let mut g = new_game(&c, seed, players);
    play_steps(&mut g, seed, total / 2);
    let before = g.state_hash();
    let n = g.undo(total / 2).unwrap();
    assert_eq!(n, total / 2);
    assert_eq!(g.choices().len(), 0);
    g.redo(n).unwrap();
    assert_eq!(g.state_hash(), before, "{id} ({players} players): undo and redo");
}

/// The no-leak check of `posse::leaks` (views, questions, rendered views, log lines) on
/// the first [`LEAK_STEPS`] decisions of seeds 0 to [`LEAK_SEEDS`]: no finding, and
/// some position had hidden things to change.
pub fn no_leaks(root: &Path, id: &str, players: usize) {
    let c = content(root, id);
    let (mut checked, mut changed) = (0, 0);
    for seed in 0..LEAK_SEEDS {
        let report = posse::leaks::check_first(&c, seed, players, LEAK_STEPS, posse::leaks::Positions::Sampled)
            .unwrap_or_else(|e| panic!("{id} ({players} players) seed {seed}: {e}"));
        if let Some(f) = report.findings.first() {
            panic!(
                "{id} ({players} players) seed {seed} step {}: seat {} sees what it should not ({}): {}",
                f.step,
                f.seat,
                f.leak.name(),
                f.diff
            );
        }
        checked += report.checked;
        changed += report.changed;
    }
    assert!(checked > 0);
    assert!(changed > 0, "{id}: no position had hidden objects or dice to change: the test proved nothing");
}

/// The GOD VIEW draws every seat's secrets: at sampled positions, for every seat's zone
/// holding an object another seat cannot see, swapping that object with one of another
/// kind (another name or rules text) from another seat's zone of the same declaration (a
/// hand with a hand) changes the omniscient rendering. Counts stay the same, so only drawn contents can tell. The zones
/// objects carry (a character's secret card) count as well: a zone of an object holding
/// something some seat cannot see, swapped with another object's zone of its kind.
pub fn god_view_draws_secrets(root: &Path, id: &str, players: usize) {
    let c = content(root, id);
    // A game with no zones of a seat's or an object's that hide anything keeps its seats'
    // secrets elsewhere (a tile one seat scouted): its own tests show them drawn.
    let private = |z: &posse::content::ZoneDecl| z.visibility != posse::content::Visibility::Public;
    if !c.zones.iter().any(|z| (z.per_seat || z.per_object.is_some()) && private(z)) {
        return;
    }
    let mut swapped = 0;
    for seed in 0..2 {
        let mut g = new_game(&c, seed, players);
        for at in [0, 3, 10, 30, 80] {
            play_steps(&mut g, seed, at);
            if g.is_over() {
                break;
            }
            let base = g.render(None).unwrap_or_else(|e| panic!("{id}: {e}"));
            let (st, hash) = (g.state_copy(), g.state_hash());
            for (z, zone) in st.zones.iter().enumerate() {
                if zone.owner.is_none() && zone.object.is_none() {
                    continue;
                }
                let owner = zone.owner;
                let secret = |o: usize| (0..players).any(|t| Some(t) != owner && !st.visible(&c, o, t));
                let Some(&a) = zone.objects.iter().find(|&&o| secret(o)) else { continue };
                let other = st.zones.iter().enumerate().find_map(|(z2, other)| {
                    let fits = z2 != z && other.decl == zone.decl && (other.owner.is_some() || other.object.is_some());
                    // Of another kind to a player: components of one name and text (Marshals'
                    // basic Ambushes) are one card, drawn alike.
                    let (da, db) = (&c.defs[st.objects[a].def], |b: usize| &c.defs[st.objects[b].def]);
                    let b = other.objects.iter().find(|&&b| db(b).name != da.name || db(b).text != da.text)?;
                    fits.then_some((z2, *b))
                });
                let Some((z2, b)) = other else { continue };
                // The swap is made in the game's own state and the state put back after.
                let (a1, b1, z1, z21) = (a + 1, b + 1, z + 1, z2 + 1);
                g.eval(&format!("local posse = require 'posse' posse.move({a1}, {z21}) posse.move({b1}, {z1})"))
                    .unwrap_or_else(|e| panic!("{id}: the swap: {e}"));
                let after = g.render(None).unwrap_or_else(|e| panic!("{id}: {e}"));
                g.replace_state(st.clone());
                let what = &c.zones[zone.decl].id;
                assert_ne!(
                    base,
                    after,
                    "{id} ({players} players) seed {seed} at {at}: the GOD VIEW does not draw the {what} of {}",
                    owner.map_or_else(
                        || format!("object {}", zone.object.unwrap_or(0) + 1),
                        |o| format!("seat {}", o + 1)
                    )
                );
                swapped += 1;
            }
            assert_eq!(g.state_hash(), hash, "{id}: the state put back");
        }
    }
    assert!(swapped > 0, "{id} ({players} players): no seat kept a secret: the test proved nothing");
}

/// The widest a rendered line may be, and the most rows a seat's view may take at 80×24
/// with the REPL's lines around it: lib.text aims at 14 and gives the log only what is
/// left; the board, the seats and the hand come first, in short forms where the long
/// ones do not fit, and may pass it by a few rows at the biggest tables (Goldfever's
/// twelve at the end of a game, with who won), leaving the question at least four rows
/// (issue 27: the REPL folds what does not fit there).
const WIDTH: usize = 80;
const ROWS: usize = 18;

/// Decisions of each game at which every view is drawn; later, every [`FIT_EVERY`]th and
/// the last.
const FIT_STEPS: usize = 40;
const FIT_EVERY: usize = 15;

/// Every seat's view and the GOD VIEW of a shipped game fit 80 columns, and a seat's view
/// the rows a 24-row terminal leaves it beside a question, at the first [`FIT_STEPS`] steps of two random
/// games, every [`FIT_EVERY`]th step after, and at their end. (The fixtures' renderers
/// are bare, for the engine's tests: the shipped games draw with lib.text.)
pub fn views_fit_the_terminal(root: &Path, id: &str, players: usize) {
    if root != posse_tests::root() {
        return;
    }
    let c = content(root, id);
    for seed in 0..2 {
        let mut g = new_game(&c, seed, players);
        loop {
            let step = g.choices().len();
            if step < FIT_STEPS || step.is_multiple_of(FIT_EVERY) || g.is_over() {
                for seat in (1..=players).map(Some).chain([None]) {
                    let text = g.render(seat).unwrap_or_else(|e| panic!("{id} {players}p seed {seed}: {e}"));
                    let at = format!("{id} {players}p seed {seed} step {step}, seat {seat:?}");
                    for line in text.lines() {
                        let w = line.chars().count();
                        assert!(w <= WIDTH, "{at}: {w} columns: {line:?}\n{text}");
                    }
                    let rows = text.lines().count();
                    assert!(seat.is_none() || rows <= ROWS, "{at}: {rows} rows\n{text}");
                }
            }
            if g.is_over() {
                break;
            }
            play_steps(&mut g, seed, step + 1);
            assert!(g.choices().len() > step, "{id} {players}p seed {seed}: no decision at step {step}, and no end");
        }
    }
}

/// The search player (`search:iterations=2`) plays a whole game in seat 1, the other
/// seats random, at the game's usual player count: it plays any game with no code of the
/// game's (issue 24).
pub fn search_plays(root: &Path, id: &str, players: usize) {
    let c = content(root, id);
    if players != c.players.default.unwrap_or(c.players.min) {
        return;
    }
    let lineup = posse::sim::Lineup { bots: vec!["search:iterations=2".into()], ban: None };
    let g = posse::sim::play_with(&c, 1, Some(players), &lineup).unwrap_or_else(|e| panic!("{id} {players}p: {e}"));
    assert!(g.is_over(), "{id} {players}p: the search's game did not end");
}

/// A test per shard of a check: `check::shard_0` to `shard_7` (as many as [`SHARDS`]).
macro_rules! sharded {
    ($($check:ident: $f:ident;)*) => {$(
        mod $check {
            use super::{shard, $f};
            #[test] fn shard_0() { shard(0, $f) }
            #[test] fn shard_1() { shard(1, $f) }
            #[test] fn shard_2() { shard(2, $f) }
            #[test] fn shard_3() { shard(3, $f) }
            #[test] fn shard_4() { shard(4, $f) }
            #[test] fn shard_5() { shard(5, $f) }
            #[test] fn shard_6() { shard(6, $f) }
            #[test] fn shard_7() { shard(7, $f) }
        }
    )*};
}

sharded! {
    random_play_ends_without_errors: random_play;
    the_search_plays_every_game: search_plays;
    same_seed_same_game_in_two_processes: determinism_across_processes;
    save_load_continue_equals_straight_play: save_load_continue;
    views_hide_what_a_seat_cannot_see: no_leaks;
    the_god_view_draws_every_seats_secrets: god_view_draws_secrets;
    views_fit_80_columns_and_24_rows: views_fit_the_terminal;
}

/// The catalogue gives the cases: the shipped games' modes and the fixtures', each at
/// every player count, none twice.
#[test]
fn the_cases_come_from_the_catalogue() {
    let all = cases();
    let has = |id: &str, n: usize| all.iter().any(|c| c.id == id && c.players == n);
    assert!(
        has("dice_town", 2) && has("goldfever/range_war", 10) && has("american_desperado/large", 1) && has("hilo", 3)
    );
    let mut keys: Vec<_> = all.iter().map(|c| (c.root.clone(), c.id.clone(), c.players)).collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), all.len());
    assert!(all.len() > SHARDS, "every shard has a case");
}
