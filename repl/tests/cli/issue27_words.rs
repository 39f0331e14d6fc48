//! Issue 27, point 5 (words right) in the reports: what `sim`, `compare`, a shard,
//! `check`'s warnings and `replay` write says "1 game", "1 player", "1 choice", never
//! "1 games". Each report is made of one game (of one player where the game allows it)
//! and its text scanned.

use super::*;

/// Nouns the reports count, in the plural: "1 <one of these>" is a slip.
const PLURALS: &[&str] =
    &["games", "players", "choices", "seeds", "decisions", "options", "rounds", "times", "threads", "seats"];

/// The slips of `text`: each "1 <plural>" (a seat's number, "seat 1 wins", is none; nor
/// is a decimal's last digit, "95.1 games/s").
fn slips(text: &str) -> Vec<String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || "()[],;:!?/<>\"".contains(c))
        .map(|w| w.trim_end_matches('.'))
        .collect();
    words
        .windows(2)
        .filter(|w| w[0] == "1" && PLURALS.contains(&w[1]))
        .map(|w| format!("'{} {}'", w[0], w[1]))
        .collect()
}

#[test]
fn the_reports_of_one_game_say_one_game() {
    let project = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = scratch("issue27_words");
    let file = |name: &str| dir.join(name).to_str().expect("utf8").to_string();
    let mut said = Vec::new();
    let mut run = |root: &std::path::Path, args: &[&str], input: &str| {
        let o = posse_in(root, args, input);
        assert!(o.status.success(), "{args:?}: {}{}", stdout(&o), stderr(&o));
        said.push((format!("{args:?}"), stdout(&o)));
    };
    let heist = ["american_desperado/tiny", "-n", "1", "--players", "1"];
    run(&project, &[&["sim"], &heist[..], &["--html", &file("sim.html")]].concat(), "");
    let (a, b) = (["--set", "aims.rounds=50"], ["--against", "aims.rounds=60"]);
    run(&project, &[&["compare"], &heist[..], &a, &b, &["--html", &file("compare.html")]].concat(), "");
    run(&project, &[&["sim"], &heist[..], &["--shard", "1/1", "--out", &file("shard.json")]].concat(), "");
    // hilo for two players only and without its mode, with a question kind no game asks:
    // check warns of it after one game.
    let hilo = super::questions::typed_hilo("issue27_words_hilo");
    let yaml = hilo.join("scenarios/hilo/game.yaml");
    let text = std::fs::read_to_string(&yaml).expect("readable");
    let text = text.replace("players: {min: 2, max: 3, default: 2}", "players: {min: 2, max: 2}");
    std::fs::write(&yaml, text.replace("scenarios:\n  short: short.yaml\n", "")).expect("written");
    run(&hilo, &["check", "hilo", "--seeds", "1", "--no-leaks"], "");
    // A save of one choice, replayed and traced. (What `play` itself writes at its end is
    // session/show.rs's, not scanned here.)
    let o = posse_in(&hilo, &["play", "hilo", "--seed", "8", "--save", &file("one.yaml")], "1\n");
    assert!(o.status.success(), "{}", stderr(&o));
    run(&hilo, &["replay", &file("one.yaml")], "");
    run(&hilo, &["replay", &file("one.yaml"), "--log"], "");
    for page in ["sim.html", "compare.html"] {
        said.push((page.to_string(), std::fs::read_to_string(dir.join(page)).expect("the page is written")));
    }
    let all: String = said.iter().map(|(_, out)| out.as_str()).collect();
    for expected in [
        "american_desperado/tiny: 1 game, 1 player, seed 0",
        "american_desperado/tiny: 1 game a variant, 1 player, seeds from 0",
        "shard 1 of 1: 1 game to ",
        "<p>1 game, 1 player, seeds from 0",
        "<p>A: 1 of 1 game finished, 0 failed. B: 1 of 1 game finished, 0 failed.</p>",
        "question kind 'bet' (scripts/hilo/questions.lua) was never asked in 1 game\n",
        "unfinished: 1 choice\n",
    ] {
        assert!(all.contains(expected), "{expected:?} is said:\n{all}");
    }
    let found: Vec<String> =
        said.iter().flat_map(|(what, out)| out.lines().flat_map(slips).map(move |s| format!("{what}: {s}"))).collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
    assert_eq!(slips("seat 1 wins; 1 games (1 players.) 9.1 games/s"), ["'1 games'", "'1 players'"], "the scan");
}
