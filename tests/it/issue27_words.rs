//! Issue 27, point 5 (words right): what the shipped games write for players — log lines,
//! prompts, option labels, rules texts, the reason a game ends — says "1 wound", never
//! "1 wounds" nor "2 wound"; and Marshals' basic mode, which has no Coins, Bullets or
//! Provisions, never names them, on its screens neither.
//!
//! Random games of every game, mode and scenario, at every number of players it takes,
//! each to its end or [`MAX_DECISIONS`]: a budget of decisions, not of time.

use posse::{Content, Game};
use posse_tests::*;
use std::sync::Arc;

/// Decisions a game is looked at for at most.
const MAX_DECISIONS: usize = 3_000;

/// Nouns the games count, in the plural: "1 <one of these>" is a slip.
const PLURALS: &[&str] = &[
    "wounds",
    "bullets",
    "gifts",
    "markers",
    "provisions",
    "coins",
    "cards",
    "players",
    "times",
    "rounds",
    "turns",
    "actions",
    "points",
    "ranks",
    "outlaws",
    "steps",
    "spaces",
    "choices",
    "games",
    "dice",
    "seats",
    "hostages",
    "criminals",
    "trophies",
    "captures",
    "options",
    "discs",
    "sheriffs",
    "jokers",
    "zones",
    "bags",
    "tiles",
    "entrances",
];

/// The singular of a noun of [`PLURALS`].
fn singular(plural: &str) -> String {
    match plural {
        "dice" => "die".into(),
        "trophies" => "trophy".into(),
        "choices" => "choice".into(),
        p => p.strip_suffix('s').unwrap_or(p).into(),
    }
}

/// The slips of `text`: each "1 <plural>", and each "N <singular>" with N not 1 ("0
/// wound", "2 bullet"). A number is a whole word: "95.1 games" is none, nor "Sheriff 1
/// rides".
fn slips(text: &str) -> Vec<String> {
    let words: Vec<&str> =
        text.split(|c: char| c.is_whitespace() || "()[],;:!?/".contains(c)).map(|w| w.trim_end_matches('.')).collect();
    let singulars: Vec<String> = PLURALS.iter().map(|p| singular(p)).collect();
    words
        .windows(2)
        .filter(|w| {
            let noun = w[1].to_lowercase();
            let number = w[0].parse::<u64>().ok().filter(|_| w[0].bytes().all(|b| b.is_ascii_digit()));
            match number {
                Some(1) => PLURALS.contains(&noun.as_str()),
                Some(_) => singulars.contains(&noun),
                None => false,
            }
        })
        .map(|w| format!("'{} {}' in {text:?}", w[0], w[1]))
        .collect()
}

/// Every text a player reads in a random game of `id` at `players`, seed `seed`: prompts,
/// labels, then the whole log and the end's reason; with `screens`, also the screen of
/// the seat asked, at every decision.
fn texts(content: &Arc<Content>, seed: u64, players: usize, screens: bool) -> Vec<String> {
    let mut g: Game = new_game(content, seed, players);
    let mut rng = posse::bot::bot_rng(seed);
    let mut out = Vec::new();
    for _ in 0..MAX_DECISIONS {
        if screens {
            let seat = g.next_request().map(|r| r.seat);
            out.extend(seat.map(|s| g.render(Some(s)).unwrap_or_else(|e| panic!("{} seed {seed}: {e}", content.game))));
        }
        let Some(r) = g.next_request() else { break };
        out.push(r.prompt());
        out.extend(r.labels());
        let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
        g.choose(seat, &picks).unwrap_or_else(|e| panic!("{} seed {seed}: {e}", content.game));
    }
    out.extend(g.log_lines(None));
    // The end in words, as the end screen says it.
    out.extend(g.result().and_then(|r| r.reason.clone()));
    out
}

#[test]
fn no_game_writes_one_with_a_plural() {
    let mut found = Vec::new();
    for id in Content::list(&root()).expect("the games") {
        let content = load(&id);
        for players in content.players.min..=content.players.max {
            for seed in 1..=3 {
                for t in texts(&content, seed, players, false) {
                    found.extend(slips(&t).into_iter().map(|s| format!("{id} {players}p seed {seed}: {s}")));
                }
            }
        }
        for d in &content.defs {
            let text = d.text.as_deref().unwrap_or("");
            found.extend(slips(text).into_iter().map(|s| format!("{id}: {}'s text: {s}", d.id)));
        }
    }
    found.sort();
    found.dedup();
    assert!(found.is_empty(), "{} slips:\n{}", found.len(), found.join("\n"));
}

#[test]
fn the_check_of_slips_finds_them() {
    assert_eq!(slips("Fred drinks whisky (1 wounds)."), ["'1 wounds' in \"Fred drinks whisky (1 wounds).\""]);
    assert!(slips("Shoot Sam (1 bullet; range 2); Sheriff 1 rides on").is_empty());
    assert_eq!(slips("offered 1 times, 2 times").len(), 1);
    assert_eq!(slips("Drink whisky (0 wound); 2 die; 3 trophy; 1 trophies").len(), 4);
    assert!(slips("95.1 games/s; Die 2 rolls; E2 players; 2 dice; 1 die").is_empty());
}

#[test]
fn marshals_basic_mode_names_no_coins_bullets_or_provisions() {
    let content = load("marshals/basic");
    let resources = ["provision", "bullet", "coin", "$"];
    let mut found = Vec::new();
    for players in content.players.min..=content.players.max {
        for seed in 1..=3 {
            for t in texts(&content, seed, players, true) {
                if resources.iter().any(|r| t.to_lowercase().contains(r)) {
                    found.push(format!("{players}p seed {seed}: {t}"));
                }
            }
        }
    }
    // The cards of the mode, as `:card` shows them.
    for d in content.defs.iter().filter(|d| d.count > 0) {
        let all = format!("{} {}", d.name, d.text.as_deref().unwrap_or(""));
        if resources.iter().any(|r| all.to_lowercase().contains(r)) {
            found.push(format!("{}: {all}", d.id));
        }
    }
    found.sort();
    found.dedup();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A scenario's `defs:` may give a component its own name and rules text (placeholders
/// filled from its props, as in the game's text); an empty name is an error at its line.
#[test]
fn a_scenario_names_a_component_and_gives_it_its_text() {
    let basic = load("marshals/basic");
    let full = load("marshals");
    let def = |c: &Content, id: &str| c.defs.iter().find(|d| d.id == id).cloned().expect(id);
    let (b, f) = (def(&basic, "ambush_forest_2"), def(&full, "ambush_forest_2"));
    assert_eq!((b.name.as_str(), f.name.as_str()), ("Ambush", "Ambush (Forest, 2 Bullets)"));
    assert!(b.text.as_deref().unwrap_or("").starts_with("Action: take one card at random"), "{b:?}");
    assert!(f.text.as_deref().unwrap_or("").contains("must spend 2 Bullets"), "{f:?}");

    let root = scratch_project(env!("CARGO_TARGET_TMPDIR"), "issue27_def_text");
    edit(
        &root,
        "scenarios/marshals/basic.yaml",
        "  ambush_forest_1: {name: Ambush,",
        "  ambush_forest_1: {text: \"Costs {props.cost} here, nothing in {data.mode}.\"}\n  ambush_forest_9: {name: Ambush,",
    );
    let e = Content::load(&root, "marshals/basic").expect_err("no component ambush_forest_9").to_string();
    assert!(e.contains("basic.yaml") && e.contains("no component 'ambush_forest_9'"), "{e}");
    edit(
        &root,
        "scenarios/marshals/basic.yaml",
        "  ambush_forest_9: {name: Ambush,",
        "  ambush_forest_1x: {name: Ambush,",
    );
    edit(&root, "scenarios/marshals/basic.yaml", "  ambush_forest_1x: {name: Ambush, text: ", "  # ");
    edit(
        &root,
        "scenarios/marshals/basic.yaml",
        "  ambush_desert_1: {name: Ambush,",
        "  ambush_desert_1: {name: \"\",",
    );
    let e = Content::load(&root, "marshals/basic").expect_err("an empty name").to_string();
    assert!(e.contains("basic.yaml:") && e.contains("ambush_desert_1: name: expected a name"), "{e}");
    edit(
        &root,
        "scenarios/marshals/basic.yaml",
        "  ambush_desert_1: {name: \"\",",
        "  ambush_desert_1: {name: Ambush,",
    );
    let c = Content::load(&root, "marshals/basic").unwrap_or_else(|e| panic!("{e}"));
    let d = c.defs.iter().find(|d| d.id == "ambush_forest_1").expect("ambush_forest_1");
    assert_eq!(d.text.as_deref(), Some("Costs 1 here, nothing in basic."));
    assert_eq!(d.name, "Ambush (Forest, 1 Bullet)", "a text alone keeps the game's name");
}
