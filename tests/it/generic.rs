//! The tests every game gets for free (after OpenSpiel's `RandomSimTest`):
//! random games end within a bound and without script errors; the same seed and choices
//! give the same state hash in two separate processes; save, load and continue equals
//! playing straight through; for sampled positions and every seat, changing what that
//! seat cannot see leaves its view, its question, its rendered view and the log lines it
//! reads unchanged (`posse::leaks`); and, the mirror of that, changing what a
//! seat keeps from the others changes the omniscient view as the renderer draws it.
//!
//! Each game adds one line to `games!` at the bottom, with its content root and player counts.

use posse::{Content, Game, Record};
use posse_tests::*;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

/// Decisions after which a random game counts as endless.
const MAX_DECISIONS: usize = 20_000;

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

pub fn random_play(root: &Path, id: &str, players: usize, seeds: u64) {
    let c = content(root, id);
    for seed in 0..seeds {
        let mut g = new_game(&c, seed, players);
        play_steps(&mut g, seed, MAX_DECISIONS);
        assert!(g.is_over(), "{id} seed {seed} with {players} players did not end in {MAX_DECISIONS} decisions");
        let r = g.result().unwrap();
        assert!(r.winners.iter().all(|&w| w >= 1 && w <= players));
        for s in 1..=players {
            g.render(Some(s)).unwrap_or_else(|e| panic!("{id} seed {seed}: render seat {s}: {e}"));
        }
        g.render(None).unwrap_or_else(|e| panic!("{id} seed {seed}: omniscient render: {e}"));
    }
}

/// The state hash after playing `seed` to the end, printed by a child process.
pub fn hash_in_child(id: &str, root: &Path, players: usize, seed: u64) -> String {
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "generic::child_process_hash", "--nocapture", "--test-threads=1"])
        .env("POSSE_CHILD", format!("{}|{id}|{players}|{seed}", root.display()))
        .output()
        .expect("the test binary runs again as a child");
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

pub fn determinism_across_processes(root: &Path, id: &str, players: usize) {
    for seed in [1, 2, 3] {
        let a = hash_in_child(id, root, players, seed);
        let b = hash_in_child(id, root, players, seed);
        assert_eq!(a, b, "{id} seed {seed}: two processes disagree");
        assert_eq!(a, final_hash(root, id, players, seed), "{id} seed {seed}: child and parent disagree");
    }
    assert_ne!(final_hash(root, id, players, 1), final_hash(root, id, players, 2), "{id}: seeds 1 and 2 gave one game");
}

pub fn save_load_continue(root: &Path, id: &str, players: usize) {
    let c = content(root, id);
    for seed in [4, 5] {
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
            assert_eq!(loaded.state_hash(), g.state_hash(), "{id} seed {seed}: loaded position differs at {cut}");
            play_steps(&mut loaded, seed, MAX_DECISIONS);
            assert_eq!(
                loaded.state_hash(),
                straight.state_hash(),
                "{id} seed {seed}: continued game differs (cut {cut})"
            );
        }
        // Undo to any depth and redo returns to the same game.
        let mut g = new_game(&c, seed, players);
        play_steps(&mut g, seed, total / 2);
        let before = g.state_hash();
        let n = g.undo(total / 2).unwrap();
        assert_eq!(n, total / 2);
        assert_eq!(g.choices().len(), 0);
        g.redo(n).unwrap();
        assert_eq!(g.state_hash(), before);
    }
}

/// The no-leak check of `posse::leaks` (views, questions, rendered views, log lines) on
/// seeds 0-3: no finding, and some position had hidden things to change.
pub fn no_leaks(root: &Path, id: &str, players: usize) {
    let c = content(root, id);
    let (mut checked, mut changed) = (0, 0);
    for seed in 0..4 {
        let report = posse::leaks::check(&c, seed, players).unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
        if let Some(f) = report.findings.first() {
            panic!(
                "{id} seed {seed} step {}: seat {} sees what it should not ({}): {}",
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
/// kind from another seat's zone of the same declaration (a hand with a hand) changes the
/// omniscient rendering. Counts stay the same, so only drawn contents can tell. The zones
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
            let st = g.state().clone();
            for (z, zone) in st.zones.iter().enumerate() {
                if zone.owner.is_none() && zone.object.is_none() {
                    continue;
                }
                let owner = zone.owner;
                let secret = |o: usize| (0..players).any(|t| Some(t) != owner && !st.visible(&c, o, t));
                let Some(&a) = zone.objects.iter().find(|&&o| secret(o)) else { continue };
                let other = st.zones.iter().enumerate().find_map(|(z2, other)| {
                    let fits = z2 != z && other.decl == zone.decl && (other.owner.is_some() || other.object.is_some());
                    let b = other.objects.iter().find(|&&b| st.objects[b].def != st.objects[a].def)?;
                    fits.then_some((z2, *b))
                });
                let Some((z2, b)) = other else { continue };
                let (mut p, div) = Game::from_record(c.clone(), &g.record()).unwrap();
                assert!(div.is_none(), "{div:?}");
                let (a1, b1, z1, z21) = (a + 1, b + 1, z + 1, z2 + 1);
                p.eval(&format!("local posse = require 'posse' posse.move({a1}, {z21}) posse.move({b1}, {z1})"))
                    .unwrap_or_else(|e| panic!("{id}: the swap: {e}"));
                let after = p.render(None).unwrap_or_else(|e| panic!("{id}: {e}"));
                let what = &c.zones[zone.decl].id;
                assert_ne!(
                    base,
                    after,
                    "{id} seed {seed} at {at}: the GOD VIEW does not draw the {what} of {}",
                    owner.map_or_else(
                        || format!("object {}", zone.object.unwrap_or(0) + 1),
                        |o| format!("seat {}", o + 1)
                    )
                );
                swapped += 1;
            }
        }
    }
    assert!(swapped > 0, "{id}: no seat kept a secret: the test proved nothing");
}

macro_rules! games {
    ($($name:ident: $root:expr, $id:literal, [$($players:literal),*], $seeds:literal;)*) => {$(
        mod $name {
            use super::*;
            #[test]
            fn random_play_ends_without_errors() {
                $( random_play(&$root, $id, $players, $seeds); )*
            }
            #[test]
            fn same_seed_same_game_in_two_processes() {
                $( determinism_across_processes(&$root, $id, $players); )*
            }
            #[test]
            fn save_load_continue_equals_straight_play() {
                $( save_load_continue(&$root, $id, $players); )*
            }
            #[test]
            fn views_hide_what_a_seat_cannot_see() {
                $( no_leaks(&$root, $id, $players); )*
            }
            #[test]
            fn the_god_view_draws_every_seats_secrets() {
                $( god_view_draws_secrets(&$root, $id, $players); )*
            }
        }
    )*};
}

games! {
    hilo: fixtures(), "hilo", [2, 3], 200;
    dice_town: root(), "dice_town", [2, 3, 4], 200;
    desperados: root(), "desperados", [3, 4, 5, 6], 200;
    marshals: root(), "marshals", [3, 4], 200;
    marshals_duo: root(), "marshals/duo", [2], 200;
    marshals_basic: root(), "marshals/basic", [2, 3, 4], 200;
    outfit: fixtures(), "outfit", [2, 3], 100;
    liars_dice: fixtures(), "liars_dice", [2, 3, 4], 100;
    outfit_few: fixtures(), "outfit/few", [2, 3], 100;
    goldfever: root(), "goldfever", [2], 50;
    goldfever_high_noon: root(), "goldfever/high_noon", [2], 50;
    goldfever_claim_jumpers: root(), "goldfever/claim_jumpers", [2, 3, 4], 20;
    goldfever_jailbreak: root(), "goldfever/jailbreak", [3, 4, 5], 10;
    goldfever_payroll: root(), "goldfever/payroll", [4, 5, 6], 5;
    goldfever_bank_job: root(), "goldfever/bank_job", [4, 5, 6, 7, 8], 3;
    goldfever_saloon_brawl: root(), "goldfever/saloon_brawl", [6, 7, 8], 3;
    goldfever_range_war: root(), "goldfever/range_war", [8, 9, 10], 3;
    goldfever_goldfever: root(), "goldfever/goldfever", [10, 11, 12], 2;
    american_desperado: root(), "american_desperado", [1, 4], 20;
    american_desperado_tiny: root(), "american_desperado/tiny", [1, 2, 3, 4], 20;
    american_desperado_small: root(), "american_desperado/small", [1, 2, 3, 4], 20;
    american_desperado_medium: root(), "american_desperado/medium", [1, 2, 3, 4], 20;
    american_desperado_large: root(), "american_desperado/large", [1, 2, 3, 4], 20;
}
