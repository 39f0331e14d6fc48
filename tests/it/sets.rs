//! `--set KEY=VALUE` (issue 14): a value of a game's data or of a component's props changed
//! for one run, checked against what the game declares, and kept in the content's hash and
//! in its saves.

use posse_tests::{load, new_game};

#[test]
fn a_set_changes_data_and_props_and_the_contents_hash() {
    let base = load("dice_town");
    let c =
        base.with_sets(&["start_money=80".into(), "gangs.0.name=The Dudes".into()]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.data["start_money"], 80);
    assert_eq!(c.data["gangs"][0]["name"], "The Dudes");
    assert_eq!(c.sets, ["start_money=80", "gangs.0.name=The Dudes"]);
    assert_ne!(c.hash, base.hash);
    assert_eq!(c.hash, base.with_sets(&c.sets).unwrap().hash, "the same sets, the same hash");
    // The game plays with it: each seat starts with the new amount.
    let g = new_game(&std::sync::Arc::new(c), 1, 4);
    assert_eq!(posse_tests::counter(&g, "money", Some(1)), 80);
    let ad = load("american_desperado").with_sets(&["guard_5.props.power=6".into()]).unwrap();
    assert_eq!(ad.defs.iter().find(|d| d.id == "guard_5").unwrap().props["power"], 6);
    assert!(load("dice_town").with_sets(&[]).unwrap().sets.is_empty());
}

#[test]
fn a_typo_or_a_wrong_kind_is_an_error_that_says_what_was_expected() {
    let c = load("dice_town");
    for (set, want) in [
        ("start_mony=80", "--set start_mony: no key 'start_mony' in data of dice_town (there: "),
        ("start_money=lots", "--set start_money: expected a number, not text (lots)"),
        ("start_money", "--set start_money: expected KEY=VALUE"),
        ("gangs.9.name=X", "no key 'gangs.9.name' in data of dice_town (there: 0..4)"),
        ("nobody.props.x=1", "--set nobody.props.x: no component 'nobody' in dice_town"),
        ("start_money=[1", "--set start_money: \"[1\" is not a value"),
    ] {
        let e = c.with_sets(&[set.to_string()]).map(|_| ()).unwrap_err();
        assert!(e.contains(want), "{set}: {e}");
    }
}
