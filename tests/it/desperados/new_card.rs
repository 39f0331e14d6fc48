//! A movement card added in YAML alone: an entry of cards.yaml with its own `can` and the
//! town card's other parts is dealt, offered where its script says, played, and turned up
//! at the examination, with nothing else changed. A card whose script lacks a part stops
//! the game at the deal with an error naming it.

use super::*;
use posse::Setup;
use std::collections::BTreeSet;

/// A railway from El Paso to Tucson, towns no road joins.
const RAILWAY: &str = r#"  - id: railway_tucson
    name: Railway to Tucson
    count: 6
    text: Take the train from El Paso to Tucson, though no road joins them. Once a turn.
    props: {city: tucson, from: el_paso}
    script: |
      local city = require('desperados.cards').city
      return {
        can = function(ctx) return ctx:leads_to() == ctx.props.from end,
        label = city.label, play = city.play, proof = city.proof,
        revealed = city.revealed, arrested = city.arrested,
      }
"#;

/// The game of one turn, schedule A first, with `entry` added to cards.yaml.
fn with_card(name: &str, entry: &str) -> Result<Arc<Content>, String> {
    let dir = scratch_project(env!("CARGO_TARGET_TMPDIR"), name);
    let cards = dir.join("scenarios/desperados/cards.yaml");
    let mut text = std::fs::read_to_string(&cards).unwrap();
    text.push_str(entry);
    std::fs::write(&cards, text).unwrap();
    edit(&dir, "scenarios/desperados/game.yaml", "turns: 5", "turns: 1");
    edit(&dir, "scenarios/desperados/game.yaml", "first_schedule: 0", "first_schedule: 1");
    Content::load(&dir, "desperados").map(Arc::new).map_err(|e| e.to_string())
}

/// Every Sheriff stays, every seat plays its card, nobody takes part in anything.
fn quiet_move(g: &mut Game, cards: &[&str]) {
    sheriffs_stay(g, g.players() - 1);
    play(g, cards);
    no_activity(g);
}

#[test]
fn a_card_added_in_yaml_is_dealt_offered_played_and_turned_up() {
    let c = with_card("desperados_railway", RAILWAY).unwrap_or_else(|e| panic!("{e}"));
    let mut g = new_game(&c, 1, 3);
    place(&mut g, "Tuba City", &["Tombstone", "Tombstone"], &["El Paso", "Salem"]);
    sheriffs_stay(&mut g, 2);
    let offered = labels(&g, 2);
    assert!(offered.contains(&"Railway to Tucson".to_string()), "from El Paso: {offered:?}");
    assert_eq!(offered.last().map(String::as_str), Some("Railway to Tucson"), "in the order of cards.yaml");
    assert!(!labels(&g, 3).contains(&"Railway to Tucson".to_string()), "not from Salem");
    assert!(!labels(&g, 1).contains(&"Railway to Tucson".to_string()), "not from Tuba City");
    play(&mut g, &["Flagstaff", "Railway to Tucson", "La Luz"]);
    no_activity(&mut g);
    // The cards of p2 now lead to Tucson: its roads are offered, El Paso's are not.
    sheriffs_stay(&mut g, 2);
    let offered: BTreeSet<String> = labels(&g, 2).into_iter().collect();
    let want: BTreeSet<String> = ["Globe", "Nogales", "Phoenix", "Silver City", "Saloon"].map(String::from).into();
    assert_eq!(offered, want, "from Tucson");
    play(&mut g, &["St. Johns", "Nogales", "Socorro"]);
    no_activity(&mut g);
    quiet_move(&mut g, &["Gallup", "Tombstone", "Los Lunas"]);
    quiet_move(&mut g, &["Tuba City", "Silver City", "Santa Fe"]);
    quiet_move(&mut g, &["Saloon", "Saloon", "Saloon"]);
    assert!(g.is_over());
    assert!(log_has(&g, Some(1), "p2's card 1: Tucson."), "{:?}", g.log_lines(None));
    assert!(log_has(&g, Some(1), "p2's card 2: Nogales."));
    assert_eq!(town(&g, "at", Some(2)), "Silver City");
}

#[test]
fn a_card_whose_script_lacks_a_part_is_named_at_the_deal() {
    let broken = "  - id: broken\n    name: Broken\n    count: 6\n    props: {city: tucson}\n    \
                  script: \"return { can = function() return true end }\"\n";
    let c = with_card("desperados_broken_card", broken).unwrap_or_else(|e| panic!("{e}"));
    let setup = Setup::new(&c, 1, Some(3)).unwrap();
    let e = Game::new(c, setup).err().expect("the deal stops").to_string();
    assert!(
        e.contains("card broken: its script must return a movement card's behaviour, with a function label"),
        "{e}"
    );
}
