//! The `posse` command: People at one screen: table play, designer mode, the views each seat gets.

use super::*;

#[test]
fn auto_does_not_show_another_human_seats_questions() {
    let o = posse(&["play", "hilo", "--seed", "4"], "1\n:auto 300\n");
    let out = stdout(&o);
    // p2 typed `:auto`: its own decisions are shown to it, p1's are not.
    assert!(out.contains("p1 (auto): decided"), "{out}");
    assert!(!out.contains("p1 (auto): Play") && !out.contains("p1 (auto): Discard"), "{out}");
    assert!(out.contains("p2 (auto): Play which card?"), "{out}");
}

#[test]
fn change_takes_back_an_answer_while_others_still_decide() {
    // Hilo with revisable bets that the team sees (seats 1 and 2 are a team).
    let root = scratch("change");
    copy_dir(&fixtures(), &root);
    let main = root.join("scripts/hilo/main.lua");
    let text = std::fs::read_to_string(&main).expect("main.lua");
    let edited = text.replacen(
        r#"options = { "first", "second" } }"#,
        r#"options = { "first", "second" }, revisable = true, shown_to_team = true }
      posse.set_team(s, "pair")"#,
        1,
    );
    std::fs::write(&main, edited).expect("written");
    let run = |input: &str| posse_in(&root, &["play", "hilo", "--seed", "5", "--designer"], input);
    let straight = run(GAME);
    let changed = run("2\n:change 1\n1\n2\n-\n2\n2\n1\n1\n1\n\n");
    assert_eq!(finished(&changed), finished(&straight));
    let out = stdout(&changed);
    assert!(out.contains("p1, answer again (now: second):"), "{out}");
    assert!(out.contains("p1 answered: first (:change 1 to take it back)"), "p2 sees its teammate's card: {out}");
    // Nothing to change: a clear message, and the game goes on unchanged.
    let o = run(":change 2\n:change 9\n1\n1\n:change 1\n2\n-\n2\n2\n1\n1\n1\n\n");
    let err = stderr(&o);
    assert!(err.contains(":change: p2 has no answer it may change now"), "{err}");
    assert!(err.contains(":change:"), "{err}");
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn as_a_role_shows_that_seat_and_the_marshal_never_sees_the_desperadoes_cards() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    // Desperados, 3 players: the Marshal (seat 1) places his pawn and two Sheriffs, the two
    // desperadoes their pawns; move 1: the Sheriffs stay, everyone plays a card.
    let input = "Tuba City\nTuba City\nTuba City\nSalem\nSocorro\n1\n1\nFlagstaff\nLa Luz\nLos Lunas\n\
                 :as marshal\n:as p3\n:as desperado\n:quit\n";
    let o = posse_in(&root, &["play", "desperados", "--seed", "1", "--players", "3", "--designer"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // A seat's row of the table ends with the cards it played this turn, as the view sees them.
    let played = |view: &str, seat: &str| {
        let row = view.lines().find(|l| l.get(4..).is_some_and(|r| r.starts_with(&format!("{seat} "))));
        row.map(|l| l.trim_end().to_string()).unwrap_or_else(|| panic!("no row of {seat}: {view}"))
    };
    let marshal = out.split("p2> :as marshal").nth(1).and_then(|s| s.split("p2> :as p3").next()).expect("the view");
    assert!(marshal.contains("--- view of p1 ---"), "{marshal}");
    assert!(played(marshal, "p1").ends_with("Flagstaff"), "his own card: {marshal}");
    assert!(
        played(marshal, "p2").ends_with('?') && played(marshal, "p3").ends_with('?'),
        "no desperado's card: {marshal}"
    );
    let p3 = out.split("p2> :as p3").nth(1).expect("p3's view");
    assert!(played(p3, "p2").ends_with("La Luz") && played(p3, "p3").ends_with("Los Lunas"), "{p3}");
    assert!(played(p3, "p1").ends_with('?'), "{p3}");
    assert!(stderr(&o).contains("2 seats are 'desperado': name one of them"), "{}", stderr(&o));
}

#[test]
fn the_seed_is_printed_for_designers_and_people_alone_only() {
    let seed_line = |o: &Output| stdout(o).lines().find(|l| l.starts_with("seed: ")).map(str::to_string);
    // Two people at one screen: the seed and the choices would rebuild every hidden card.
    let table = posse(&["play", "hilo", "--seed", "7"], GAME);
    finished(&table);
    assert_eq!(seed_line(&table), None, "{}", stdout(&table));
    for args in [
        &["play", "hilo", "--seed", "7", "--designer"][..],
        &["--designer", "play", "hilo", "--seed", "7"],
        &["play", "hilo", "--seed", "7", "--bot", "2=random"],
    ] {
        let o = posse(args, GAME);
        assert_eq!(seed_line(&o).as_deref(), Some("seed: 7"), "{args:?}: {}", stdout(&o));
    }
    // The menu: designer mode with `posse --designer`.
    let menu = |args: &[&str]| seed_line(&posse(args, &format!("hilo\n\n\n{GAME}")));
    assert_eq!(menu(&[]), None);
    assert!(menu(&["--designer"]).is_some());
}

#[test]
fn at_the_table_commands_that_would_show_secrets_are_refused() {
    let straight = finished(&posse(&["play", "hilo", "--seed", "6"], GAME));
    // p1 asks for p2's view, everything, p2's answer, and, once the round was played, to
    // take its answer back; then reads its own log and view.
    let input = format!("1\n2\n:as p2\n:god\n:change 2\n:undo\n:log\n:as 1\n{}", &GAME[4..]);
    let o = posse(&["play", "hilo", "--seed", "6"], &input);
    assert_eq!(finished(&o), straight, "the game is as it was");
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 4, "{err}");
    assert!(err.lines().all(|l| l.contains("at the table") && l.contains("--designer")), "{err}");
    let out = stdout(&o);
    assert!(!out.contains("GOD VIEW") && !out.contains("log (GOD VIEW"), "{out}");
    let after = out.split("p1> :as p2").nth(1).and_then(|s| s.split("p1> :log").next()).expect("the commands");
    assert!(!after.contains("view of"), "{after}");
    assert!(out.contains("p1> :log\nlog (as p1;"), "{out}");
    assert!(out.contains("p1> :as 1\n--- view of p1 ---"), "{out}");
}

#[test]
fn the_god_view_shows_every_hand_in_each_game() {
    // Designer mode, every seat a person's. Dice Town deals cards as it goes: 80
    // decisions in, three seats hold some.
    for (game, before, hand, seats) in [
        ("desperados", "", "'s hand (", 4),
        ("marshals", "", "'s hand (", 3),
        ("dice_town", ":auto 80\n", "'s hand (", 3),
    ] {
        let o = posse_in(&project(), &["play", game, "--seed", "1", "--designer"], &format!("{before}:god\n"));
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        let out = stdout(&o);
        let god = out.split("=== GOD VIEW").nth(1).and_then(|s| s.split("=== end of GOD VIEW").next());
        let god = god.unwrap_or_else(|| panic!("{game}: no god view: {out}"));
        assert_eq!(god.matches(hand).count(), seats, "{game}: every seat's hand: {god}");
        // The seat's own view, drawn first, shows its own hand only.
        let own = out.split("=== GOD VIEW").next().expect("the first view");
        assert!(own.matches(hand).count() <= 1, "{game}: {own}");
    }
}
