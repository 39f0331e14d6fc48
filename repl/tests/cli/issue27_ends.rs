//! Issue 27: a heist's end says why, in words. Each way American Desperado's crew can
//! lose (every criminal subdued; the threat at the end of its track; the round limit) and
//! its win, reached by a seed of bots, ends with the same sentence on the game-over
//! screen and as the last line of the log (`:log` after the end).

use super::*;

/// A bots' game of `heist` at `seed` played to its end, then `:log 1`: the output.
fn end_of(heist: &str, bot: &str, seed: &str) -> String {
    let project = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let game = format!("american_desperado/{heist}");
    let o = posse_in(&project, &["play", &game, "--seed", seed, "--bot", &format!("all={bot}")], ":log 1\n");
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

#[test]
fn each_way_a_heist_ends_is_said_on_the_end_screen_and_in_the_log() {
    let ends = [
        ("tiny", "random", "0", false, "every criminal is subdued"),
        ("tiny", "random", "6", false, "time runs out after round 100 and the police wait the crew out"),
        ("small", "random", "29", false, "the threat reaches 12 and the National Guard blockades the building"),
        ("tiny", "sharp", "2", true, "the crew gets away through E2 with loot worth 3 of the 3 needed"),
    ];
    for (heist, bot, seed, won, why) in ends {
        let out = end_of(heist, bot, seed);
        let said = format!("The crew {}: {why}.", if won { "wins" } else { "loses" });
        let screen = &out[out.find("=== The game is over ===").unwrap_or_else(|| panic!("{heist} {seed}: {out}"))..];
        let screen = &screen[..screen.find("result: ").unwrap_or(screen.len())];
        assert!(
            screen.lines().nth(1) == Some(said.as_str()),
            "{heist} seed {seed}: the headline is {said:?}:\n{screen}"
        );
        let log = &out[out.find("game over> :log 1").unwrap_or_else(|| panic!("{heist} {seed}: no :log: {out}"))..];
        assert_eq!(
            log.lines().nth(2).map(str::trim),
            Some(said.as_str()),
            "{heist} seed {seed}: the last log line:\n{log}"
        );
        let result = format!("result: crew={} ", if won { "won" } else { "lost" });
        assert!(out.contains(&result) && out.contains(&format!("reason=\"{why}\"")), "{heist} {seed}: {out}");
    }
}

/// In a game of teams the standings name each seat's side as the game does, so the room
/// reads who won with whom (Goldfever's Jailbreak: the Law against the Desperados).
#[test]
fn the_standings_of_a_team_game_name_each_seats_side() {
    let project = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let o = posse_in(&project, &["play", "goldfever/jailbreak", "--seed", "2", "--bot", "all=random"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    let end = &out[out.find("=== The game is over ===").unwrap_or_else(|| panic!("{out}"))..];
    let rows: Vec<&str> = end.lines().skip(2).take(3).collect();
    assert_eq!(rows, ["  * p2  (Law)", "    p1  (Desperados)", "    p3  (Desperados)"], "{end}");
}
