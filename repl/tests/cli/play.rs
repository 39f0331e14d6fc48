//! The `posse` command: Playing: the menu, a piped game, its commands and answers, content read from inside the game.

use super::*;

#[test]
fn list_prints_one_game_per_line() {
    let o = posse(&["list"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().any(|l| l == "hilo"), "{out}");
    assert!(out.lines().any(|l| l == "hilo/short"), "a scenario is listed as game/scenario: {out}");
    let id = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    assert!(out.lines().all(|l| l.split('/').all(id) && l.split('/').count() <= 2), "{out}");
}

#[test]
fn a_piped_game_ends_with_result_and_state_hash() {
    let o = posse(&["play", "hilo", "--seed", "7", "--designer"], GAME);
    finished(&o);
    assert!(stdout(&o).contains("seed: 7"), "{}", stdout(&o));
}

#[test]
fn same_seed_and_answers_give_the_same_game() {
    let a = finished(&posse(&["play", "hilo", "--seed", "11"], GAME));
    let b = finished(&posse(&["play", "hilo", "--seed", "11"], GAME));
    assert_eq!(a, b);
}

#[test]
fn the_default_seed_is_printed_and_replays() {
    let o = posse(&["play", "hilo", "--designer"], GAME);
    let first = finished(&o);
    let seed = stdout(&o).lines().find_map(|l| l.strip_prefix("seed: ").map(str::to_string)).expect("a seed line");
    assert_eq!(finished(&posse(&["play", "hilo", "--seed", &seed], GAME)), first);
}

#[test]
fn bots_play_a_whole_game_without_input() {
    let a = finished(&posse(&["play", "hilo", "--seed", "3", "--bot", "all=random"], ""));
    let b = finished(&posse(&["play", "hilo", "--seed", "3", "--players", "3", "--bot", "all=random"], ""));
    assert_ne!(a, b);
    // Bots by number and by name; the human seat answers only its own decisions.
    finished(&posse(
        &["play", "hilo", "--seed", "3", "--players", "3", "--bot", "2=random", "--bot", "p3=random"],
        "1\n-\n2\n1\n1\n\n",
    ));
}

#[test]
fn undo_then_the_same_answer_is_as_if_never_undone() {
    let straight = finished(&posse(&["play", "hilo", "--seed", "5"], GAME));
    let designer = ["play", "hilo", "--seed", "5", "--designer"];
    let undone = finished(&posse(&designer, "1\n2\n-\n2\n:undo\n2\n2\n1\n1\n1\n\n"));
    assert_eq!(straight, undone);
    let redone = finished(&posse(&designer, "1\n2\n-\n2\n2\n:undo 3\n:redo 3\n1\n1\n1\n\n"));
    assert_eq!(straight, redone);
}

#[test]
fn bad_commands_and_answers_change_nothing() {
    let straight = finished(&posse(&["play", "hilo", "--seed", "9"], GAME));
    let o = posse(&["play", "hilo", "--seed", "9"], "1\n:frobnicate\n3\n0\n1 2\nzzz\n2\n-\n2\n2\n1\n1\n1\n\n");
    assert_eq!(finished(&o), straight);
    let err = stderr(&o);
    assert!(err.contains("unknown command ':frobnicate'"), "{err}");
    assert!(err.contains("there is no option 3: options are 1..2"), "{err}");
    assert_eq!(err.lines().count(), 5, "one line per bad input:\n{err}");
}

#[test]
fn views_commands_and_labels_work_in_a_pipe() {
    let o =
        posse(&["play", "hilo", "--seed", "4", "--designer"], ":help\n:view\n:as p2\n:god\n:log 5\nfir\nSECOND\n-\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains(":undo [N]"), "{out}");
    assert!(out.contains("--- view of p2 ---"), "{out}");
    assert!(out.contains("=== GOD VIEW"), "{out}");
    assert!(out.contains("unfinished: 3 choices"), "{out}");
}

#[test]
fn unknown_game_is_a_one_line_error() {
    let o = posse(&["play", "no_such_game"], "");
    assert!(!o.status.success());
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("unknown game 'no_such_game'"), "{err}");
}

#[test]
fn the_menu_reads_plain_lines_from_a_pipe() {
    let o = posse(&[], "99\nhilo\n\nall\n");
    let hash = finished(&o);
    // Each game: its number, name, id, player counts and about line, and its modes on its
    // own lines, each with its number and player counts.
    let out = stdout(&o);
    assert!(
        out.contains("  1) Hi-Lo (hilo), 2-3 players: A tiny test game of hidden hands, bets and\n     dice.\n"),
        "{out}"
    );
    assert!(out.contains("\n     modes: 2) one round [2]\n"), "{out}");
    assert!(stderr(&o).contains("there is no game 99"), "{}", stderr(&o));
    let seed = stdout(&o).lines().find_map(|l| l.strip_prefix("seed: ").map(str::to_string)).expect("a seed line");
    assert_eq!(finished(&posse(&["play", "hilo", "--seed", &seed, "--bot", "all=random"], "")), hash);
}

/// Issue 11, point 5: the menu is left with `q`, `:quit` and their kin at any question,
/// quietly, without starting a game.
#[test]
fn the_menu_is_left_with_q_or_quit() {
    for input in ["q\n", ":quit\n", "hilo\nexit\n", "hilo\n3\nQ\n", "hilo\n\n:q\n"] {
        let o = posse(&[], input);
        assert!(o.status.success(), "{input:?}: {}", stderr(&o));
        assert!(!stdout(&o).contains("state-hash"), "{input:?}: no game: {}", stdout(&o));
        assert!(stderr(&o).is_empty(), "{input:?}: {}", stderr(&o));
    }
}

/// Issue 11, point 10: a number of players a game is not for names its modes that are.
#[test]
fn wrong_player_counts_name_the_modes_that_fit() {
    let o = posse(&["play", "hilo", "--players", "4"], "");
    assert_eq!(stderr(&o).trim(), "posse: hilo is for 2 to 3 players, not 4");
    let o = posse(&["play", "hilo/short", "--players", "3"], "");
    assert_eq!(stderr(&o).trim(), "posse: hilo/short is for 2 players; for 3: hilo");
    let o = posse_in(&project(), &["play", "marshals", "--players", "2"], "");
    assert_eq!(stderr(&o).trim(), "posse: marshals is for 3 to 4 players; for 2: marshals/duo, marshals/basic");
    // At the menu: the same words, and the question again.
    let o = posse_in(&project(), &[], "marshals\n2\nq\n");
    assert!(
        stderr(&o).contains("marshals is for 3 to 4 players; for 2: marshals/duo, marshals/basic"),
        "{}",
        stderr(&o)
    );
}

/// Issue 11, point 2: every card's and ability's rules text and the board, from inside
/// the game, at the table too (content is public).
#[test]
fn cards_abilities_and_the_map_are_read_from_inside_the_game() {
    let o = posse_in(
        &project(),
        &["play", "desperados", "--seed", "1"],
        ":card saloon\n:card tuba\n:map\n:cards\n:card zz\n:quit\n",
    );
    let out = stdout(&o);
    assert!(out.contains("Saloon (6 in the game)\n  Stay in the town your cards lead to;"), "{out}");
    assert!(out.contains("Tuba City (6 in the game)\n  Ride to Tuba City,"), "{out}");
    assert!(out.contains("Desperados: 19 places, 35 roads"), "{out}");
    assert!(out.contains("\n  Tuba City: Flagstaff, Gallup, Shiprock\n"), "names from data.cities: {out}");
    assert!(out.contains("cards and abilities (:card NAME shows one)") && out.contains("Bank $1400"), "{out}");
    assert!(stderr(&o).contains(":card: no card or ability is called 'zz' (:cards lists them)"), "{}", stderr(&o));
    // Dice Town's gangs' Brains are abilities (no copies); Marshals' basic mode leaves
    // Jurisdiction out; a game without a board says so.
    let o = posse_in(&project(), &["play", "dice_town", "--seed", "1"], ":card centre cash\n:card cardsharp\n:quit\n");
    let out = stdout(&o);
    assert!(
        out.contains("Centre Cash (the ability of: El Contador, Los Bandidos)\n  Take $3 from the centre.\n"),
        "{out}"
    );
    assert!(
        out.contains("Draw a Card (the ability of: The Cardsharp, The Gamblers)\n"),
        "a Brain's name finds it: {out}"
    );
    let o = posse_in(
        &project(),
        &["play", "marshals/basic", "--seed", "1"],
        ":card jurisdiction\n:card ambush\n:map\n:quit\n",
    );
    assert!(stderr(&o).contains("no card or ability is called 'jurisdiction'"), "{}", stderr(&o));
    let out = stdout(&o);
    // Basic mode's eight Ambushes are one card to a player (basic.yaml).
    assert!(out.contains("Ambush (8 in the game)\n  Action: take one card at random"), "{out}");
    assert!(out.contains("Marshals (basic mode) has no board"), "{out}");
    let o = posse_in(&project(), &["play", "marshals", "--seed", "1"], ":cards\n:quit\n");
    assert!(stdout(&o).contains("Forest 1 to 10, Desert 1 to 10"), "kinds together: {}", stdout(&o));
}

/// Issue 9, finding 4: what is no file, or a file with no end, is refused at once.
#[test]
fn a_device_or_endless_input_is_refused_at_once() {
    let o = posse(&["replay", "/dev/zero"], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("/dev/zero: cannot read: not a regular file"), "{}", stderr(&o));
    let o = posse(&["play", "hilo", "--seed", "7"], ":load /dev/zero\n1\n");
    assert!(stderr(&o).contains("/dev/zero: cannot read: not a regular file"), "{}", stderr(&o));
    assert!(stdout(&o).contains("unfinished: 1 choice\n"), "the game goes on: {}", stdout(&o));
    // A pipe that never ends its line ends the game as the end of input would.
    let child = Command::new(env!("CARGO_BIN_EXE_posse"))
        .args(["--root"])
        .arg(fixtures())
        .args(["play", "hilo", "--seed", "7"])
        .env_remove("POSSE_ROOT")
        .stdin(Stdio::from(std::fs::File::open("/dev/zero").expect("/dev/zero")))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("posse starts");
    let o = child.wait_with_output().expect("posse runs");
    assert!(stdout(&o).contains("unfinished: 0 choices"), "{}", stdout(&o));
    assert!(stderr(&o).contains("the input counts as ended"), "{}", stderr(&o));
}
