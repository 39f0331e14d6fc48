//! Issue 28, "Variants change anything": a scenario's `dice:`, `zones:` and `counters:`
//! merge into its game's by id (content/sections.rs), checked as game.yaml's with the
//! scenario file's line and column; `--set` reaches dice, counters, zones, players and
//! definitions' fields (content/sets.rs) through the same checks.

use posse::{Content, Game};
use posse_tests::{counter, load, new_game, scratch_project};
use std::path::PathBuf;
use std::sync::Arc;

/// A scratch copy of the project whose Dice Town has the variant `v` (`v.yaml`: `body`).
fn with_variant(name: &str, body: &str) -> PathBuf {
    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), name);
    let game = root.join("scenarios/dice_town/game.yaml");
    let text = std::fs::read_to_string(&game).unwrap();
    std::fs::write(&game, format!("{}\nscenarios:\n  v: v.yaml\n", text.trim_end())).unwrap();
    std::fs::write(root.join("scenarios/dice_town/v.yaml"), format!("name: Variant\n{body}")).unwrap();
    root
}

fn errors(root: &std::path::Path) -> String {
    match Content::load(root, "dice_town/v") {
        Ok(_) => panic!("the variant loads"),
        Err(e) => e.to_string(),
    }
}

/// Every face the shared dice show over a random game of `c`, and whether it ended.
fn faces_played(c: &Arc<Content>, seed: u64) -> (Vec<String>, bool) {
    let mut g: Game = new_game(c, seed, 3);
    let mut rng = posse::rng::Rng::new(seed);
    let mut seen = Vec::new();
    for _ in 0..5000 {
        for d in &g.view(None).dice {
            if let Some(f) = d.face() {
                if !seen.iter().any(|s| s == f) {
                    seen.push(f.to_string());
                }
            }
        }
        let Some(r) = g.next_request() else { return (seen, true) };
        let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
        g.choose(seat, &picks).unwrap_or_else(|e| panic!("{e}"));
    }
    (seen, false)
}

#[test]
fn a_variant_changes_the_dice_and_plays_with_them() {
    let root = with_variant("variants_dice", "dice:\n  - {id: die, faces: [action, brain, brain, ugly, ugly, ugly]}\n");
    let v = Arc::new(Content::load(&root, "dice_town/v").unwrap_or_else(|e| panic!("{e}")));
    let base = load("dice_town");
    assert_eq!(v.dice.len(), 4, "the count stays the game's");
    assert!(v.dice.iter().all(|d| d.faces == ["action", "brain", "brain", "ugly", "ugly", "ugly"]));
    assert_ne!(v.hash, base.hash);
    let (seen, ended) = faces_played(&v, 7);
    assert!(ended, "a game of the variant ends");
    assert!(seen.len() > 1, "dice were rolled: {seen:?}");
    assert!(seen.iter().all(|f| ["action", "brain", "ugly"].contains(&f.as_str())), "{seen:?}");
    // The game itself rolls every face.
    let (seen, _) = faces_played(&base, 7);
    assert!(seen.iter().any(|f| f == "boss" || f == "lady" || f == "bad"), "{seen:?}");
}

#[test]
fn a_variant_changes_a_counters_start_and_a_zone_and_adds_them() {
    let body = "zones:\n  - {id: discard, visibility: hidden}\n  - {id: vault, add: true, visibility: public}\n\
                counters:\n  - {id: centre, initial: 7}\n  - {id: bonus, add: true, per_seat: true, initial: 2}\n";
    let root = with_variant("variants_counters", body);
    let v = Arc::new(Content::load(&root, "dice_town/v").unwrap_or_else(|e| panic!("{e}")));
    let zone = |id: &str| v.zones.iter().find(|z| z.id == id).unwrap_or_else(|| panic!("no zone {id}"));
    assert_eq!(zone("discard").visibility, posse::content::Visibility::Hidden);
    assert_eq!(zone("vault").visibility, posse::content::Visibility::Public);
    assert_eq!(v.zones.iter().map(|z| z.id.as_str()).take(4).collect::<Vec<_>>(), ["draw", "discard", "hand", "pick"]);
    assert_eq!(v.counters.iter().find(|c| c.id == "centre").unwrap().initial, 7);
    let g = new_game(&v, 3, 3);
    assert_eq!(counter(&g, "bonus", Some(2)), 2, "a new per-seat counter starts where the variant says");
    assert!(posse_tests::counted_play(&v, 3, 3).is_ok(), "and the variant plays to its end");
}

#[test]
fn an_unknown_id_or_a_wrong_kind_is_an_error_at_the_variants_line() {
    let root =
        with_variant("variants_errors", "dice:\n  - {id: dye, faces: [a, b]}\ncounters:\n  - {id: rond, initial: 3}\n");
    let e = errors(&root);
    let at = "scenarios/dice_town/v.yaml";
    assert!(e.contains(&format!("{at}:3:10: dice: no 'dye' in dice_town (did you mean 'die'?)")), "{e}");
    assert!(e.contains(&format!("{at}:5:10: counters: no 'rond' in dice_town (did you mean 'round'?)")), "{e}");
    let root = with_variant("variants_kind", "counters:\n  - {id: round, initial: lots}\n");
    let e = errors(&root);
    assert!(e.contains(&format!("{at}:3:")) && e.contains("invalid type"), "{e}");
    // The game.yaml checks run on the result, at the scenario's entry.
    let body = "dice:\n  - id: die\n    faces: []\nzones:\n  - {id: vault, add: true, visibility: owner}\n\
                counters:\n  - {id: money, per_seat: false}\n  - {id: round, add: true}\n";
    let e = errors(&with_variant("variants_checks", body));
    assert!(e.contains(&format!("{at}:4:12: dice 'die': expected at least one face")), "{e}");
    assert!(e.contains(&format!("{at}:6:40: zone 'vault': visibility owner needs per_seat: true")), "{e}");
    assert!(e.contains(&format!("{at}:8:27: counters: 'money': per_seat stays the game's")), "{e}");
    assert!(e.contains(&format!("{at}:9:22: counters: 'round' is declared by dice_town already")), "{e}");
}

#[test]
fn a_set_reaches_dice_counters_zones_players_and_definitions() {
    let base = load("dice_town");
    let sets: Vec<String> = [
        "dice.die.faces=[action, brain, brain, ugly, ugly, ugly]",
        "dice.die.count=5",
        "counters.centre.initial=9",
        "zones.discard.visibility=hidden",
        "players.default=3",
        "data.start_money=70",
    ]
    .map(String::from)
    .to_vec();
    let c = base.with_sets(&sets).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.dice.len(), 5);
    assert!(c.dice.iter().all(|d| d.faces[5] == "ugly"));
    assert_eq!(c.counters.iter().find(|x| x.id == "centre").unwrap().initial, 9);
    assert_eq!(c.zones[1].visibility, posse::content::Visibility::Hidden);
    assert_eq!(c.players.default, Some(3));
    assert_eq!(c.data["start_money"], 70);
    assert_eq!(c.sets, sets);
    assert_ne!(c.hash, base.hash);
    assert_eq!(c.hash, base.with_sets(&c.sets).unwrap().hash, "the same sets, the same hash");
    // A component's count and a per-object counter's start (Goldfever's colts), checked.
    let gf = load("goldfever");
    let c = gf.with_sets(&["colt.count=10".into(), "colt.counters.ammo=4".into()]).unwrap_or_else(|e| panic!("{e}"));
    let d = c.defs.iter().find(|d| d.id == "colt").unwrap();
    assert_eq!((d.count, d.counters["ammo"]), (10, 4));
    let e = gf.with_sets(&["colt.counters.amo=4".into()]).unwrap_err();
    assert!(e.contains("--set colt.counters.amo: no field 'counters.amo' here"), "{e}");
    let e = gf.with_sets(&["colt.count=many".into()]).unwrap_err();
    assert!(e.contains("--set colt.count: expected a number, not text (many)"), "{e}");
}

#[test]
fn a_bad_set_of_a_section_says_what_was_expected() {
    let c = load("dice_town");
    for (set, want) in [
        ("dice.dye.faces=[a]", "--set dice.dye.faces: no dice 'dye' in dice_town (did you mean 'die'?)"),
        ("dice.die.faces=six", "--set dice.die.faces: expected a list, not text (six)"),
        ("dice.die.sides=6", "--set dice.die.sides: no field 'sides' here (there: count, faces, visibility)"),
        ("dice.die.faces=[]", "--set dice.die.faces: dice 'die': expected at least one face"),
        ("dice.die=1", "--set dice.die: expected dice.KIND.FIELD"),
        ("counters.rond.initial=1", "no counters 'rond' in dice_town (did you mean 'round'?)"),
        ("counters.round.initial=soon", "--set counters.round.initial: expected a number, not text (soon)"),
        ("counters.money.visibility=secret", "--set counters.money.visibility: unknown variant `secret`"),
        ("zones.hand.visibility=public", ""),
        ("zones.discard.visibility=owner", "zone 'discard': visibility owner needs per_seat: true"),
        ("players.max=99", "--set players.max: expected 1 <= min <= default <= max <= 64"),
        ("players.most=3", "--set players.most: no field 'most' here"),
    ] {
        let got = c.with_sets(&[set.to_string()]).map(|_| ());
        match want {
            "" => assert!(got.is_ok(), "{set}: {got:?}"),
            _ => {
                let e = got.unwrap_err();
                assert!(e.contains(want), "{set}: {e}");
            }
        }
    }
}

#[test]
fn a_variant_replaces_the_measures_and_the_picture_checked_against_its_own_counters() {
    // `lead:` may name a counter the scenario adds; `length:` and `result:` replace the game's.
    let body = "counters:\n  - {id: bonus, add: true, per_seat: true, initial: 2}\nlead: bonus\n\
                length: {counter: centre, unit: turns}\nresult: {scores: {min: -1000, max: 1000}}\n";
    let root = with_variant("variants_measures", body);
    let v = Content::load(&root, "dice_town/v").unwrap_or_else(|e| panic!("{e}"));
    let base = load("dice_town");
    assert_eq!(v.lead.as_deref(), Some("bonus"));
    assert_eq!(base.lead.as_deref(), Some("money"));
    assert_eq!(v.length.as_ref().map(|l| (l.counter.as_str(), l.unit.as_str())), Some(("centre", "turns")));
    assert_eq!(v.result.scores.map(|r| (r.min, r.max)), Some((-1000, 1000)));
    // Checked as the game's are, at the scenario file's line.
    let root = with_variant("variants_measures_bad", "lead: centre\nlength: {counter: nothing, unit: turns}\n");
    let e = errors(&root);
    assert!(e.contains("v.yaml:2:7: lead: counter 'centre' must be per seat"), "{e}");
    assert!(e.contains("v.yaml:3:19: length: no counter 'nothing' is declared"), "{e}");
    let root = with_variant("variants_picture_bad", "picture: {dead: morgue}\n");
    let e = errors(&root);
    assert!(e.contains("v.yaml:2:") && e.contains("picture: dead: no zone 'morgue' is declared"), "{e}");
}
