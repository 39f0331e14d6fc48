//! Dice Town: a gang is YAML only. A copy of the game gets a fifth gang, one row in
//! `data.gangs` and its Brain appended to `gangs.yaml`, and no Lua changes; its Brain then
//! plays through the card contract like the four shipped ones, and the view describes it
//! with its text in `data.brain_texts`.

use super::*;

/// The Coffin Makers, whose Brain makes every opponent lose $1 to the centre.
const ROW: &str = "    - {id: coffin, name: The Coffin Makers, colour: grey, brain: The Undertaker, ability: bury}\n";
/// Its Brain's rules text, for the view (`data.brain_texts`).
const TEXT: &str = "  brain_texts:\n    bury: \"Every opponent loses $1 to the centre.\"\n";
const BRAIN: &str = r#"
  - id: bury
    name: Burial Fees
    count: 0
    text: "Every opponent loses $1 to the centre."
    props: {amount: 1}
    script: |
      return {
        safe = false,
        play = function(ctx) ctx:hurt(ctx:opponents(), ctx.props.amount) end,
      }
"#;

fn with_new_gang() -> Arc<Content> {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "dt_new_gang");
    let last = "ability: extort}\n";
    edit(&root, "scenarios/dice_town/game.yaml", last, &format!("{last}{ROW}"));
    edit(&root, "scenarios/dice_town/game.yaml", "  brain_texts:\n", TEXT);
    let gangs = root.join("scenarios/dice_town/gangs.yaml");
    let text = std::fs::read_to_string(&gangs).unwrap();
    std::fs::write(&gangs, format!("{text}{BRAIN}")).unwrap();
    Arc::new(Content::load(&root, "dice_town").unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn a_gang_added_in_yaml_plays_its_brain_through_the_card_contract() {
    let c = with_new_gang();
    let mut g = new_game(&c, 1, 2);
    setup(&mut g, "gang(1, 'coffin') ranks(1, {0, 3, 4, 5, 6}) money(2, 40)");
    reroll(&mut g, ["action", "brain", "ugly", "bad"]);
    pick(&mut g, "Act: Undertaker");
    // Its script says it can hurt its player (`safe = false`): he is asked, and may forfeit.
    assert_eq!(labels(&g), ["Undertaker: Every opponent loses $1 to the centre.", "Forfeit the 1 Action left"]);
    pick(&mut g, "Undertaker");
    assert_eq!((money(&g, 2), centre(&g)), (39, 1));
    assert!(log_has(&g, None, "p1's Undertaker: p2 pays $1 to the centre."));
    let text = g.render(Some(2)).unwrap();
    assert!(text.contains("The Coffin Makers"), "{text}");
    assert!(text.contains("Brain Undertaker when free: Every opponent loses $1 to the centre."), "{text}");
    verify(&mut g);
}

#[test]
fn every_gang_names_a_brain_that_gangs_yaml_defines() {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "dt_missing_brain");
    edit(&root, "scenarios/dice_town/game.yaml", "ability: extort}", "ability: forge}");
    let c = Arc::new(Content::load(&root, "dice_town").unwrap_or_else(|e| panic!("{e}")));
    let e = posse::sim::play_random(&c, 1, Some(2)).err().expect("the game refuses to start").to_string();
    assert!(e.contains("data.gangs[4] (railroad): ability 'forge' is not a Brain of gangs.yaml"), "{e}");
}

#[test]
fn the_brains_text_the_view_reads_is_the_one_gangs_yaml_gives() {
    // A Brain has no copy, so no view holds its definition: the renderer reads its text
    // from `data.gangs`, which must say what gangs.yaml says.
    let c = load("dice_town");
    let gangs = c.data["gangs"].as_array().expect("data.gangs");
    for g in gangs {
        let ability = g["ability"].as_str().expect("an ability");
        let def = c.defs.iter().find(|d| d.id == ability).unwrap_or_else(|| panic!("no Brain {ability}"));
        assert_eq!(c.data["brain_texts"][ability].as_str(), def.text.as_deref(), "{ability}");
    }
}
