//! The sharp bot (`scripts/american_desperado/bots/sharp.lua`, issue 23): its games end
//! within a bounded number of decisions (taking and dropping loot are free and offered again
//! after each other, and a bot that undid one with the other would go on until the
//! engine's limit of decisions), and it plays a heist it was not written for by the aims the
//! heist declares (`data.aims`): the Back Door, added to a scratch copy of the project here,
//! a 5x4 building whose loot leaves through one exit of four.

use posse::sim::{self, Lineup};
use posse::Content;
use posse_tests::*;
use std::sync::Arc;

fn lineup(bots: &[&str]) -> Lineup {
    Lineup { bots: bots.iter().map(|b| b.to_string()).collect(), ban: None }
}

/// The most decisions a game may take: 100 rounds (data.aims.rounds) of four criminals'
/// turns, each at most a dozen decisions (two actions and Brains' gifts, the loot it may
/// take or drop, its gifts, the Engineer's casing and reroll, the Thug's relief, stacks'
/// fighters), and the four starts. A bot that took and dropped the same loot for ever
/// would make 100,000.
const MOST_DECISIONS: usize = 100 * 4 * 12 + 4;

#[test]
fn a_crew_of_sharp_bots_ends_every_game_within_a_bounded_number_of_decisions() {
    for (mode, players, games) in [("american_desperado/tiny", 2, 30), ("american_desperado/medium", 1, 12)] {
        let c = load(mode);
        let bots = vec!["sharp"; players];
        let r = sim::run_with_progress(&c, games, 0, Some(players), 2, &lineup(&bots), &|| {});
        assert!(r.errors.is_empty(), "{mode}: {:?}", r.errors.first());
        assert_eq!(r.finished, games, "{mode}");
        let most = r.rows.iter().map(|row| (row.decisions, row.seed)).max().unwrap();
        assert!(most.0 <= MOST_DECISIONS, "{mode}: seed {} took {} decisions", most.1, most.0);
    }
}

/// The Back Door heist: its YAML (aims in data.aims) in a scratch copy of the project,
/// listed among the game's scenarios.
const BACK_DOOR: &str = r#"# A heist the sharp bot was not written for (issue 23): a 5x4 building whose loot leaves by
# the back door alone (E3), in 60 rounds. Entrances E1..E4 as §5.2 numbers them.
name: "American Desperado: Back Door"
about: "A wide, shallow building: loot worth 4, out through the back door (E3) alone."
board:
  grid:
    cols: 5
    rows: 4
    ring: true
    links:
      - [2, -1]
      - [5, 2]
      - [2, 4]
      - [-1, 1]
data:
  heist: back_door
  heist_name: Back Door
  aims:
    target: 4                          # get away with loot worth this much or more,
    exits: [3]                         # every standing criminal on the back door, E3 (2,4)
    track: easy
    rounds: 60
  obstacles: 16
  patrols: [[-1, 0], [5, 3]]
  brains_gifts: 2
"#;

fn back_door() -> Arc<Content> {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "american_desperado_back_door");
    std::fs::write(root.join("scenarios/american_desperado/back_door.yaml"), BACK_DOOR).unwrap();
    edit(
        &root,
        "scenarios/american_desperado/game.yaml",
        "  large: large.yaml\n",
        "  large: large.yaml\n  back_door: back_door.yaml\n",
    );
    Arc::new(Content::load(&root, "american_desperado/back_door").unwrap_or_else(|e| panic!("{e}")))
}

/// Seeds 0..40, one player running the crew: random bots never get away (0 of 40), the
/// sharp bot 15 of 40 (37.5%, +22.3 to +52.7 points; `posse compare
/// american_desperado/back_door -n 40 --players 1 --against-bot all=sharp` on the scratch
/// copy; 21 of 60, 35.0%, in `posse sim ... -n 60`).
#[test]
fn the_sharp_crew_gets_away_from_a_heist_it_was_not_written_for() {
    let c = back_door();
    let games = 40;
    let random = sim::run(&c, games, 0, Some(1), 2);
    let sharp = sim::run_with_progress(&c, games, 0, Some(1), 2, &lineup(&["sharp"]), &|| {});
    assert!(sharp.errors.is_empty(), "{:?}", sharp.errors.first());
    assert!(random.errors.is_empty(), "{:?}", random.errors.first());
    let d = sim::compare(&random, &sharp)
        .measures
        .into_iter()
        .find(|d| d.measure == "the crew wins")
        .expect("the crew's wins");
    assert!(d.significant && d.diff > 0.15, "{d:?}");
}
