//! A card added in YAML alone, in the one card contract (scripts/lib/cards.lua): a copy of
//! the game whose cards.yaml has the new entry deals it, offers it and plays it. The entry
//! reaches the game only through its context (`ctx:here()`, `ctx:gain_coins`), as every
//! Marshals card must (scripts/marshals/cards.lua says why). It is the example of
//! docs/authoring.md ("Adding a card"), word for word.

use super::*;

/// The entry added: an Action (`when: action`) of the Desert that pays $5.
const TELEGRAPH: &str = r#"  - id: telegraph
    name: Telegraph
    count: 2
    text: Played in the Desert, the telegraph office pays you $5 for the news.
    props: {kind: telegraph, when: action, terrain: desert, amount: 5}
    script: |
      return {
        can = function(ctx) return ctx:here() == ctx.props.terrain end,
        play = function(ctx) ctx:gain_coins(ctx.props.amount, "the telegraph") end,
      }
"#;

#[test]
fn a_card_added_in_yaml_is_dealt_offered_and_played() {
    let dir = scratch_project(env!("CARGO_TARGET_TMPDIR"), "marshals_telegraph");
    let guide = std::fs::read_to_string(root().join("docs/authoring.md")).unwrap();
    assert!(guide.contains(TELEGRAPH), "docs/authoring.md shows the entry this test adds, word for word");
    let cards = dir.join("scenarios/marshals/cards.yaml");
    let mut text = std::fs::read_to_string(&cards).unwrap();
    text.push_str(TELEGRAPH);
    std::fs::write(&cards, text).unwrap();
    let yaml = "scenarios/marshals/game.yaml";
    edit(&dir, yaml, "first_player: 0", "first_player: 1");
    edit(&dir, yaml, "character_assignment: random", "character_assignment: seat");
    edit(&dir, yaml, "map_order: random", "map_order: fixed");
    let c = Arc::new(Content::load(&dir, "marshals").unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(c.defs.iter().find(|d| d.id == "telegraph").map(|d| d.count), Some(2), "in the deck, two copies");

    // Seat 1 (Forest, position 1) holds a Telegraph: not playable in the Forest.
    // A seed whose first draw leaves seat 1 at his Step 2 (not an Event or an Outlaw).
    let mut g = (0..50)
        .map(|seed| new_game(&c, seed, 3))
        .find(|g| waiting(g) == [1] && labels(g, 1).contains(&"End your turn".to_string()))
        .expect("a quiet first draw");
    LUA.run(&mut g, "give(1, 'telegraph') top('mv_plain_05')");
    assert!(!labels(&g, 1).iter().any(|l| l.contains("Telegraph")));
    // One step to the Desert (the options are made after each draw), then it is offered.
    answer(&mut g, 1, "Spend 1 Provision: move to the Desert");
    assert!(labels(&g, 1).contains(&"Play Telegraph".to_string()), "{:?}", labels(&g, 1));
    let coins = counter(&g, "coins", Some(1));
    answer(&mut g, 1, "Play Telegraph");
    assert_eq!(counter(&g, "coins", Some(1)), coins + 5);
    assert!(log_has(&g, Some(2), "p1 earns $5 (the telegraph)."));
    assert_eq!(waiting(&g), [2], "an Action card ends the turn");
    let top = LUA.run(&mut g, "return posse.def_id(posse.at(posse.zone('discard')))");
    assert_eq!(top, "telegraph", "and goes on top of the discard pile");
}
