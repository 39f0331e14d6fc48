//! Strategy bots (issue 14): a game's `scripts/<game>/bots/NAME.lua`, given a seat's view
//! and the question alone, in a VM of its own; in batches beside random bots, its games
//! repeatable and the same on any number of threads; and each shipped game's bot beating
//! the random bot with significance.

use posse::sim::{self, Lineup, SimReport};
use posse_tests::{fixtures, load, load_fixture, scratch_root};

fn lineup(bots: &[&str]) -> Lineup {
    Lineup { bots: bots.iter().map(|b| b.to_string()).collect(), ban: None }
}

fn run(game: &str, fixture: bool, games: usize, players: usize, bots: &[&str]) -> SimReport {
    let c = if fixture { load_fixture(game) } else { load(game) };
    sim::run_with_progress(&c, games, 0, Some(players), 2, &lineup(bots), &|| {})
}

/// The paired difference in seat 1's wins alone (or the crew's wins) that `bots` make
/// against random bots in every seat, on the same seeds.
fn against_random(game: &str, fixture: bool, games: usize, players: usize, bots: &[&str]) -> sim::Difference {
    let c = if fixture { load_fixture(game) } else { load(game) };
    let random = sim::run(&c, games, 0, Some(players), 2);
    let with = run(game, fixture, games, players, bots);
    assert!(with.errors.is_empty(), "{game}: {:?}", with.errors.first());
    let measure = if with.crew.is_some() { "the crew wins" } else { "seat 1 wins alone" };
    sim::compare(&random, &with).measures.into_iter().find(|d| d.measure == measure).expect("the measure")
}

#[test]
fn a_bot_that_reads_its_hand_beats_the_random_bot() {
    let d = against_random("hilo", true, 300, 2, &["high", "random"]);
    assert!(d.significant && d.diff > 0.1, "{d:?}");
}

#[test]
fn a_batch_with_a_strategy_bot_is_the_same_on_any_number_of_threads() {
    let c = load_fixture("hilo");
    let one = sim::run_with_progress(&c, 40, 3, Some(3), 1, &lineup(&["random", "high", "random"]), &|| {});
    let three = sim::run_with_progress(&c, 40, 3, Some(3), 3, &lineup(&["random", "high", "random"]), &|| {});
    assert_eq!(one.rows, three.rows);
    assert_eq!(one.bots, ["random", "high", "random"]);
    // Random bots in every seat is the fast batch, which a line-up of "random" names is.
    let named = sim::run_with_progress(&c, 40, 3, Some(3), 1, &lineup(&["random"; 3]), &|| {});
    assert_eq!(named.rows, sim::run(&c, 40, 3, Some(3), 1).rows);
    assert!(named.bots.is_empty());
}

#[test]
fn a_bot_reaches_neither_the_engine_nor_others_secrets_nor_its_last_pick() {
    let r = run("hilo", true, 30, 3, &["spy", "spy", "spy"]);
    assert!(r.errors.is_empty(), "{:?}", r.errors.first());
    assert_eq!(r.finished, 30);
}

#[test]
fn a_wrong_answer_is_an_error_naming_the_bot_and_its_seat() {
    // The bot that answers wrong is kept out of the fixtures (`posse check` plays every
    // bot of a game): a copy of them gets it.
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "wrong_bot");
    std::fs::copy(fixtures().join("bad_bots/wrong.lua"), root.join("scripts/hilo/bots/wrong.lua")).unwrap();
    let c = std::sync::Arc::new(posse::Content::load(&root, "hilo").unwrap());
    let r = sim::run_with_progress(&c, 2, 0, Some(2), 2, &lineup(&["random", "wrong"]), &|| {});
    assert_eq!(r.errors.len(), 2);
    let e = &r.errors[0].message;
    assert!(e.contains("bots/wrong.lua") && e.contains("seat 2") && e.contains("options are 1..2"), "{e}");
}

#[test]
fn an_unknown_bot_is_refused_with_the_games_bots() {
    let c = load_fixture("hilo");
    let e = lineup(&["sharpest"]).check(&c).unwrap_err().to_string();
    assert!(e.contains("no bot 'sharpest'") && e.contains("random, high, spy"), "{e}");
}

/// Each shipped game's strategy bot beats the random bot with significance: seat 1's wins
/// alone on the same seeds, or the crew's wins in a cooperative game (every seat the bot).
fn beats_random(game: &str, games: usize, players: usize, bots: &[&str]) {
    let d = against_random(game, false, games, players, bots);
    assert!(d.significant && d.diff > 0.0, "{game}: {d:?}");
}

#[test]
fn the_desperados_bot_beats_random() {
    beats_random("desperados", 100, 4, &["sharp"]);
}

#[test]
fn the_dice_town_bot_beats_random() {
    beats_random("dice_town", 60, 4, &["sharp"]);
}

#[test]
fn the_marshals_bot_beats_random() {
    beats_random("marshals", 200, 3, &["sharp"]);
    beats_random("marshals/basic", 120, 3, &["sharp"]);
}

#[test]
fn the_american_desperado_crew_bot_beats_random() {
    beats_random("american_desperado/tiny", 40, 2, &["sharp", "sharp"]);
}

#[test]
fn the_goldfever_bot_beats_random() {
    beats_random("goldfever", 60, 2, &["sharp"]);
}

/// A batch lets its random seats answer in the flow and only the strategy bots' decisions
/// yield; the games are those where every decision yields and the random seats draw from
/// the one stream in turn (what `posse play --bot all --bot 1=NAME` plays).
#[test]
fn a_batch_plays_the_games_every_decision_yielded_would_play() {
    for (game, players, bots, seeds) in [
        ("hilo", 3, &["random", "high", "spy"][..], 0..8),
        ("marshals/basic", 2, &["sharp", "random"][..], 0..4),
        ("desperados", 4, &["random", "random", "sharp", "random"][..], 0..2),
    ] {
        let fixture = game == "hilo";
        let c = if fixture { load_fixture(game) } else { load(game) };
        let batch =
            sim::run_with_progress(&c, seeds.clone().count(), seeds.start, Some(players), 1, &lineup(bots), &|| {});
        assert!(batch.errors.is_empty(), "{game}: {:?}", batch.errors);
        for (row, seed) in batch.rows.iter().zip(seeds) {
            let mut g = posse::Game::new(c.clone(), posse::Setup::new(&c, seed, Some(players)).unwrap()).unwrap();
            let strategies: Vec<Option<posse::Strategy>> =
                bots.iter().map(|b| (*b != "random").then(|| posse::Strategy::new(&c, b).unwrap())).collect();
            let mut stream = posse::bot::bot_rng(seed);
            while let Some(r) = g.next_request() {
                let seat = r.seat;
                let picks = match &strategies[seat - 1] {
                    Some(bot) => {
                        g.strategy_pick(bot, seat, posse::bot::pick_seed(seed, g.choices().len()), None).unwrap()
                    }
                    None => posse::bot::random_choice(r, &mut stream),
                };
                g.choose(seat, &picks).unwrap();
            }
            assert_eq!(g.result().map(|r| r.winners.clone()), Some(row.winners.clone()), "{game} seed {seed}");
            assert_eq!(g.choices().len(), row.decisions, "{game} seed {seed}");
            assert_eq!(g.tags(), &row.tags, "{game} seed {seed}");
        }
    }
}
