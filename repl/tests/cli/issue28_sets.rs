//! Issue 28, "Variants change anything": `sim --set` on a die's faces, a counter's start
//! and a component's count, named in the report; a slip refused with the closest id.

use super::*;

#[test]
fn sim_sets_dice_counters_and_counts() {
    let faces = "dice.die.faces=[action, brain, brain, ugly, ugly, ugly]";
    let args = ["sim", "dice_town", "-n", "3", "--set", faces, "--set", "counters.centre.initial=2", "--json"];
    let o = posse_in(&project(), &args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(v["sets"], serde_json::json!([faces, "counters.centre.initial=2"]));
    assert_eq!(v["finished"], 3);
    let o = posse_in(&project(), &["sim", "goldfever", "-n", "1", "--set", "colt.count=3"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("with: colt.count=3"), "{}", stdout(&o));
    let typo = posse_in(&project(), &["sim", "dice_town", "-n", "1", "--set", "dice.dye.count=2"], "");
    assert!(!typo.status.success());
    let want = "--set dice.dye.count: no dice 'dye' in dice_town (did you mean 'die'?)";
    assert!(stderr(&typo).contains(want), "{}", stderr(&typo));
}
