//! The sharp bot plays a scenario it was not written for by the aims the scenario states
//! (issue 23): `tests/fixtures/goldfever/escort.yaml`, written after the bot, in which the
//! Law escorts the Strongbox out of town over the east edge (`aims.teams.law: {carry:
//! strongbox, exits: [S6, COR]}`), is added to a scratch copy of the project, and the bot
//! playing the Law wins significantly more often than the random bot on the same seeds.

use posse::sim::{self, Lineup};
use posse::Content;
use posse_tests::*;
use std::sync::Arc;

/// A copy of the project with The Escort listed among Goldfever's scenarios.
fn with_escort() -> Arc<Content> {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "goldfever_escort");
    let dir = root.join("scenarios/goldfever");
    std::fs::copy(fixtures().join("goldfever/escort.yaml"), dir.join("escort.yaml")).unwrap();
    let game = std::fs::read_to_string(dir.join("game.yaml")).unwrap();
    let listed = game.replace("  goldfever: goldfever.yaml\n", "  goldfever: goldfever.yaml\n  escort: escort.yaml\n");
    assert_ne!(listed, game, "game.yaml lists its scenarios under scenarios:");
    std::fs::write(dir.join("game.yaml"), listed).unwrap();
    Arc::new(Content::load(&root, "goldfever/escort").unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn the_sharp_bot_escorts_the_strongbox_in_a_scenario_written_after_it() {
    let c = with_escort();
    let games = 40;
    let random = sim::run(&c, games, 0, Some(2), 2);
    let lineup = Lineup { bots: vec!["sharp".into(), "random".into()], ban: None };
    let sharp = sim::run_with_progress(&c, games, 0, Some(2), 2, &lineup, &|| {});
    assert!(sharp.errors.is_empty(), "{:?}", sharp.errors.first());
    let d = sim::compare(&random, &sharp).measures.into_iter().find(|d| d.measure == "seat 1 wins alone").unwrap();
    // Figures (seeds 0-99): the Law wins 0% with random bots, 94% with the sharp bot (41% by
    // taking the Strongbox out, 53% by gunning the desperados down).
    assert!(d.significant && d.diff > 0.5, "{d:?}");
    // It wins by the aim, not by the fight alone: some games end with the Strongbox gone.
    let out = sharp
        .rows
        .iter()
        .filter(|r| r.reason.as_deref().is_some_and(|s| s.contains("the Strongbox left town")))
        .count();
    assert!(out > 0, "no game ended with the Strongbox out of town");
}
