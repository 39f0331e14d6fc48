//! The `posse` command: a trace of a game (issue 15): `trace` prints every log line of a
//! bots' game with who may read it, as the engine logged them; `--as` keeps a seat's
//! lines; `replay --log` reads a save the same way; and `:log` works after `:auto`
//! played a piped game to its end.

use super::*;
use posse::bot::{bot_rng, random_choice};
use posse::state::Audience;
use posse::{Content, Game, Setup};
use std::sync::Arc;

/// Game `seed` of hilo as the engine plays it with random bots (the stream `sim` uses):
/// its log lines as `[who] text`, for the seat `reader` (0-based) or all of them.
fn engine_log(seed: u64, reader: Option<usize>) -> (Vec<String>, String) {
    let content = Arc::new(Content::load(&fixtures(), "hilo").expect("hilo loads"));
    let setup = Setup::new(&content, seed, None).expect("setup");
    let names = setup.seats.clone();
    let mut game = Game::new(content, setup).expect("game");
    let mut rng = bot_rng(seed);
    while let Some(r) = game.next_request() {
        let (seat, picks) = (r.seat, random_choice(r, &mut rng));
        game.choose(seat, &picks).expect("a bot's answer");
    }
    let lines = game.log_entries().into_iter().filter(|l| l.audience.admits(reader)).map(|l| {
        let who = match l.audience {
            Audience::All => "all".to_string(),
            Audience::Seats(set) => (0..names.len())
                .filter(|s| set & (1 << s) != 0)
                .map(|s| names[s].clone())
                .collect::<Vec<_>>()
                .join(", "),
        };
        format!("[{who}] {}", l.text)
    });
    (lines.collect(), format!("state-hash: {:016x}", game.state_hash()))
}

/// The log lines of a trace's output (what is neither its header, a decision nor a
/// machine line).
fn traced(o: &Output) -> Vec<String> {
    stdout(o).lines().filter(|l| l.starts_with('[')).map(str::to_string).collect()
}

#[test]
fn trace_prints_every_log_line_with_its_audience() {
    for seed in [1, 3, 8] {
        let s = seed.to_string();
        let o = posse(&["trace", "hilo", "--seed", &s], "");
        let hash = finished(&o);
        let (god, engine_hash) = engine_log(seed, None);
        assert_eq!(traced(&o), god, "{}", stdout(&o));
        assert_eq!(hash, engine_hash);
        // Seat 1's private lines are there, marked as its own.
        assert!(god.iter().any(|l| l.starts_with("[p1] ")), "{god:?}");
        assert!(stdout(&o).starts_with(&format!("# trace of hilo, seed {seed}: p1, p2 (god view")), "{}", stdout(&o));
        // The same game as `play --bot all`: its result and state hash.
        let p = posse(&["play", "hilo", "--seed", &s, "--bot", "all"], "");
        assert_eq!(finished(&p), hash);
        let result = |o: &Output| stdout(o).lines().find(|l| l.starts_with("result: ")).map(str::to_string);
        assert_eq!(result(&p), result(&o));

        // As seat 2: seat 2's lines and the public ones, none of seat 1's.
        let as2 = posse(&["trace", "hilo", "--seed", &s, "--as", "2"], "");
        assert_eq!(finished(&as2), hash);
        let lines = traced(&as2);
        assert_eq!(lines, engine_log(seed, Some(1)).0);
        assert!(lines.iter().all(|l| !l.starts_with("[p1]")), "{lines:?}");
        assert!(lines.iter().any(|l| l.starts_with("[p2] ")) && lines.iter().any(|l| l.starts_with("[all] ")));
        assert_eq!(traced(&posse(&["trace", "hilo", "--seed", &s, "--as", "p2"], "")), lines);
    }
}

#[test]
fn trace_shows_decisions_with_their_labels_and_refuses_unknown_seats() {
    let o = posse(&["trace", "hilo", "--seed", "3", "--decisions"], "");
    finished(&o);
    let out = stdout(&o);
    // Every round both seats pick a card (hilo's labels: first, second), then p1 may discard.
    let chose: Vec<&str> = out.lines().filter(|l| l.contains(" chose: ")).collect();
    assert!(chose.len() >= 6, "{out}");
    assert!(chose.iter().all(|l| l.starts_with("p1 chose: ") || l.starts_with("p2 chose: ")), "{out}");
    assert!(chose.iter().any(|l| l.ends_with(": first") || l.ends_with(": second")), "{out}");
    // The decision comes before the lines it wrote, and the log is the same as without.
    assert!(out.find("p1 chose: ").unwrap() < out.find("[p1] ").unwrap(), "{out}");
    assert_eq!(traced(&o), engine_log(3, None).0);
    // As p2: only p2's own decisions.
    let as2 = stdout(&posse(&["trace", "hilo", "--seed", "3", "--decisions", "--as", "2"], ""));
    assert!(as2.contains("p2 chose: ") && !as2.contains("p1 chose: "), "{as2}");
    // A strategy bot plays its seat as in `play`.
    let bot = posse(&["trace", "hilo", "--seed", "4", "--bot", "1=high"], "");
    let play = posse(&["play", "hilo", "--seed", "4", "--bot", "all", "--bot", "1=high"], "");
    assert_eq!(finished(&bot), finished(&play));
    assert!(stdout(&bot).starts_with("# trace of hilo, seed 4: p1=high, p2 "), "{}", stdout(&bot));
    let e = posse(&["trace", "hilo", "--as", "3"], "");
    assert!(
        !e.status.success() && stderr(&e).contains("--as 3: no seat '3': seats are 1..2 (p1, p2)"),
        "{}",
        stderr(&e)
    );
}

#[test]
fn replay_log_reads_a_saved_game_as_trace_does() {
    let dir = scratch("trace-replay");
    let save = dir.join("g.yaml");
    let f = save.to_str().unwrap();
    let hash = finished(&posse(&["play", "hilo", "--seed", "8", "--bot", "all", "--save", f], ""));
    let o = posse(&["replay", f, "--log"], "");
    assert_eq!(finished(&o), hash);
    assert_eq!(traced(&o), engine_log(8, None).0);
    let as1 = posse(&["replay", f, "--log", "--as", "1"], "");
    assert_eq!(traced(&as1), engine_log(8, Some(0)).0);
    assert!(traced(&as1).iter().all(|l| !l.starts_with("[p2]")));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn log_works_after_auto_plays_a_piped_game_to_its_end() {
    // p1 answers once, then the bot plays p1 to the end; :log then reads the whole game as p1.
    let o = posse(&["play", "hilo", "--seed", "3", "--bot", "2"], "1\n:auto\n:log 100\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let end = out.find("state-hash: ").expect("the end");
    let log = &out[end..];
    assert!(log.contains("game over> :log 100\nlog (as p1; last "), "{out}");
    let mut lines = log.lines().skip_while(|l| !l.starts_with("log ("));
    let header = lines.next().expect("the log's header");
    let shown: Vec<&str> = lines.map(str::trim).collect();
    // Every line p1 may read, the whole game's: `last N of N`.
    assert_eq!(header, format!("log (as p1; last {0} of {0}):", shown.len()), "{out}");
    assert!(shown.len() >= 9, "three rounds of p1's keeps and both plays: {out}");
    assert!(shown.iter().any(|l| l.starts_with("p1 keeps ")), "p1's own lines: {out}");
    assert!(!shown.iter().any(|l| l.starts_with("p2 keeps ")), "not p2's: {out}");
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    // Nothing after the end: the machine lines stay the last lines.
    finished(&posse(&["play", "hilo", "--seed", "3", "--bot", "2"], "1\n:auto\n"));
    // Another line after the end leaves at once, unread.
    let o = posse(&["play", "hilo", "--seed", "3", "--bot", "2"], "1\n:auto\n1\n:log\n");
    finished(&o);
}

#[test]
fn a_script_error_stops_the_trace_with_its_log_so_far_and_exit_1() {
    let root = scratch("trace-broken");
    copy_dir(&fixtures(), &root);
    let main = root.join("scripts/hilo/main.lua");
    let text = std::fs::read_to_string(&main).expect("main.lua");
    let broken = text.replacen("posse.roll()", "posse.roll() if posse.get(\"round\") == 3 then error(\"late\") end", 1);
    assert_ne!(broken, text);
    std::fs::write(&main, broken).expect("written");
    let o = posse_in(&root, &["trace", "hilo", "--seed", "0"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("scripts/hilo/main.lua:") && stderr(&o).contains("late"), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("[all] ") && out.contains("\nunfinished: ") && out.contains("\nstate-hash: "), "{out}");
    let _ = std::fs::remove_dir_all(root);
}
