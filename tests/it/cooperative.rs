//! Cooperative games (`cooperative: true`): every seat wins or loses together, the result
//! says whether the crew won, and `sim` counts the crew's wins and how it lost.

use posse::sim;
use posse::Content;
use posse_tests::{counted_play, edit, load_fixture, scratch_root};
use std::sync::Arc;

#[test]
fn the_crew_wins_or_loses_as_one() {
    let c = load_fixture("vault");
    assert!(c.cooperative);
    let (mut won, mut lost) = (0, 0);
    for seed in 0..40 {
        for players in 1..=3 {
            let g = counted_play(&c, seed, players).unwrap();
            let r = g.result().unwrap();
            match r.crew {
                Some(true) => {
                    won += 1;
                    assert_eq!(r.winners, (1..=players).collect::<Vec<_>>(), "seed {seed}");
                    assert_eq!(r.reason.as_deref(), Some("the vault is open"));
                    let want = format!(
                        "result: crew=won winners={}",
                        (1..=players).map(|s| s.to_string()).collect::<Vec<_>>().join(",")
                    );
                    assert!(r.line().starts_with(&want), "{}", r.line());
                }
                Some(false) => {
                    lost += 1;
                    assert!(r.winners.is_empty(), "seed {seed}");
                    assert!(r.line().starts_with("result: crew=lost winners=none reason="), "{}", r.line());
                }
                None => panic!("a cooperative game's result says whether the crew won"),
            }
        }
    }
    assert!(won > 0 && lost > 0, "won {won}, lost {lost}");
}

#[test]
fn a_competitive_game_has_no_crew() {
    let c = load_fixture("hilo");
    assert!(!c.cooperative);
    let g = counted_play(&c, 3, 2).unwrap();
    assert_eq!(g.result().unwrap().crew, None);
    assert!(g.result().unwrap().line().starts_with("result: winners="));
    assert!(sim::run(&c, 20, 0, Some(2), 1).crew.is_none());
}

/// The fixture `game` with `from` replaced by `to` in `file`, from a scratch copy.
fn edited(name: &str, game: &str, file: &str, from: &str, to: &str) -> Arc<Content> {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), name);
    edit(&root, file, from, to);
    Arc::new(Content::load(&root, game).unwrap_or_else(|e| panic!("{e}")))
}

/// The error of the first of seeds 0..20 whose game fails.
fn first_error(c: &Arc<Content>) -> String {
    (0..20).find_map(|seed| counted_play(c, seed, 2).err()).expect("a game fails")
}

#[test]
fn results_of_the_wrong_kind_are_errors_that_say_so() {
    let main = "scripts/vault/main.lua";
    let c = edited("coop_winners", "vault", main, "{ won = false, reason = \"out of time\" }", "{ winners = {} }");
    let e = first_error(&c);
    assert!(
        e.contains("result.won: a cooperative game's result says whether the crew won (true or false), got nil"),
        "{e}"
    );

    let c = edited(
        "coop_both",
        "vault",
        main,
        "{ won = false, reason = \"out of time\" }",
        "{ won = false, winners = {} }",
    );
    let e = first_error(&c);
    assert!(e.contains("result.winners: a cooperative game gives won = true|false"), "{e}");

    let c = edited("coop_not", "vault", "scenarios/vault/game.yaml", "\ncooperative: true", "\ncooperative: false");
    let e = first_error(&c);
    assert!(e.contains("result.won: only a cooperative game (cooperative: true in game.yaml) gives won"), "{e}");
}

#[test]
fn sim_counts_the_crews_wins_and_how_it_lost_for_any_number_of_jobs() {
    let c = load_fixture("vault");
    let one = sim::run(&c, 300, 0, Some(3), 1);
    let crew = one.crew.clone().expect("a crew tally");
    assert_eq!(one.finished, 300);
    assert_eq!(crew.won + crew.lost, one.finished);
    assert_eq!(crew.lost_by.values().sum::<usize>(), crew.lost);
    assert_eq!(crew.won, one.reasons.get("the vault is open").copied().unwrap_or(0));
    assert_eq!(
        crew.lost_by.keys().map(String::as_str).collect::<Vec<_>>(),
        ["out of time", "the alarm sounded"],
        "both ways of losing happen in 300 games"
    );
    let two = sim::run(&c, 300, 0, Some(3), 2).crew.unwrap();
    assert_eq!((two.won, two.lost, &two.lost_by), (crew.won, crew.lost, &crew.lost_by));
}
