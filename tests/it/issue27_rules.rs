//! Issue 27: every game explains itself from inside. Each shipped game and scenario gives
//! its rules in brief (`rules:`, for `:rules`) and every component in play has rules text
//! (for `:card`), so `posse check` has no text warning; the numbers the rules state are the
//! ones the game's data plays with.

use posse::Content;
use posse_tests::*;

/// Every shipped game and scenario, loaded.
fn shipped() -> Vec<(String, Content)> {
    let ids = Content::list(&root()).expect("the shipped games");
    assert!(ids.len() >= 19, "5 games, 4 heists, 8 scenarios, 2 modes: {ids:?}");
    ids.into_iter()
        .map(|id| {
            let c = Content::load(&root(), &id).unwrap_or_else(|e| panic!("{id}: {e}"));
            (id, c)
        })
        .collect()
}

#[test]
fn every_shipped_game_and_scenario_says_how_to_win_and_what_a_turn_is() {
    for (id, c) in shipped() {
        let r = &c.rules;
        for (field, text) in [("win", &r.win), ("turn", &r.turn)] {
            let text = text.as_deref().unwrap_or_else(|| panic!("{id}: no rules.{field}"));
            assert!(text.trim().len() > 40, "{id}: rules.{field} says little: {text:?}");
        }
        assert!(r.numbers.as_ref().is_some_and(|n| !n.is_empty()), "{id}: no rules.numbers");
        // Player text: no rule codes (AD-R03, GF-G61, §5.4) from the gaps files.
        let all = [&r.win, &r.lose, &r.turn]
            .into_iter()
            .flatten()
            .chain(r.numbers.iter().flatten())
            .chain(r.more.iter().flatten());
        for t in all {
            assert!(!t.contains('§') && !t.contains("AD-") && !t.contains("GF-"), "{id}: a rule code in {t:?}");
        }
        let warnings: Vec<String> = c.text_warnings().iter().map(|w| w.to_string()).collect();
        assert!(warnings.is_empty(), "{id}: {warnings:#?}");
    }
}

/// The numbers `:rules` states are the data's: each heist's loot target and each Goldfever
/// scenario's round limit.
#[test]
fn the_rules_in_brief_state_the_targets_and_rounds_the_game_plays_with() {
    for (id, c) in shipped() {
        let numbers = c.rules.numbers.clone().unwrap_or_default().join("\n");
        let win = c.rules.win.clone().unwrap_or_default();
        if c.game == "american_desperado" {
            let target = c.data["aims"]["target"].as_i64().expect("aims.target");
            let rounds = c.data["aims"]["rounds"].as_i64().expect("aims.rounds");
            let entrances = c.data["aims"]["exits"].as_array().expect("aims.exits").len();
            assert!(win.contains(&format!("loot worth {target} or more")), "{id}: {win}");
            assert!(numbers.contains(&format!("Loot worth {target} or more")), "{id}: {numbers}");
            assert!(numbers.contains(&format!("{entrances} entrances")), "{id}: {numbers}");
            assert!(numbers.contains(&format!("{rounds} rounds at most")), "{id}: {numbers}");
            let lose = c.rules.lose.clone().unwrap_or_default();
            assert!(lose.contains(&format!("round {rounds}")), "{id}: {lose}");
            let more = c.rules.more.clone().unwrap_or_default().join("\n");
            assert!(
                more.contains("hostage") && more.contains("street"),
                "{id}: freeing a criminal, the street: {more}"
            );
        }
        if c.game == "goldfever" {
            let rounds = c.data["aims"]["round_limit"].as_i64().expect("aims.round_limit");
            assert!(numbers.contains(&format!("{rounds} rounds")), "{id}: {numbers}");
            assert!(win.contains(&format!("round {rounds}")), "{id}: {win}");
            assert!(numbers.contains("3 wounds kill") && numbers.contains("4 action points"), "{id}: {numbers}");
        }
    }
}
