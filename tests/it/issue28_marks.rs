//! Issue 28: a log line's mark (`posse.log(text, audience, {mark = EVENT, at = PLACE})`,
//! docs/authoring.md "Marks"), what the heat map counts: it reaches the designer's tools
//! (`Game::log_marks_from`) and nothing else: no seat's view, no log text, no hash; a
//! malformed mark is an error naming the function.

use posse_tests::*;

fn tmp() -> &'static str {
    env!("CARGO_TARGET_TMPDIR")
}

/// Plays `game` to its end with random bots of stream `seed`.
fn play_out(game: &mut posse::Game, seed: u64) {
    let mut rng = posse::bot::bot_rng(seed);
    while let Some(r) = game.next_request() {
        let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
        game.choose(seat, &picks).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn a_mark_changes_no_view_no_log_and_no_hash() {
    let plain = load_fixture("hilo");
    let marked = edited_hilo(
        tmp(),
        "marks_hilo",
        "scripts/hilo/main.lua",
        r#"posse.log(posse.seat_name(s) .. " plays " .. posse.def(played).name .. " for " .. v)"#,
        r#"posse.log(posse.seat_name(s) .. " plays " .. posse.def(played).name .. " for " .. v, nil, { mark = "play", at = "table" })"#,
    );
    for seed in [1, 2, 5] {
        let (mut a, mut b) = (new_game(&plain, seed, 2), new_game(&marked, seed, 2));
        play_out(&mut a, seed);
        play_out(&mut b, seed);
        assert_eq!(a.state_hash(), b.state_hash(), "seed {seed}");
        for seat in [None, Some(1), Some(2)] {
            let (va, vb) = (a.view(seat), b.view(seat));
            assert_eq!(serde_json::to_string(&va).unwrap(), serde_json::to_string(&vb).unwrap(), "{seat:?}");
            assert_eq!(a.log_lines(seat), b.log_lines(seat));
        }
        assert!(a.log_marks_from(0).is_empty());
        let marks = b.log_marks_from(0);
        let plays = b.log_lines(None).iter().filter(|l| l.contains(" plays ")).count();
        assert!(plays > 0);
        assert_eq!(marks.len(), plays, "one mark a marked line");
        assert!(marks.iter().all(|m| m.event == "play" && m.at == "table"), "{marks:?}");
        // From a later position: only the marks of the lines from there.
        let last = b.log_len();
        assert!(b.log_marks_from(last).is_empty());
    }
}

#[test]
fn a_malformed_mark_is_an_error_naming_the_function() {
    for (k, (mark, says)) in [
        ("{ mark = 3, at = 'x' }", "posse.log: the mark's `mark` must be a string, not integer"),
        ("{ mark = 'fight' }", "posse.log: the mark's `at` must be a string, not nil"),
        ("{ mark = '', at = 'x' }", "posse.log: the mark's `mark` must be 1 to"),
    ]
    .into_iter()
    .enumerate()
    {
        let c = edited_hilo(
            tmp(),
            &format!("marks_bad_{k}"),
            "scripts/hilo/main.lua",
            r#"posse.log(posse.seat_name(s) .. " plays " .. posse.def(played).name .. " for " .. v)"#,
            &format!(r#"posse.log("plays", nil, {mark})"#),
        );
        let mut g = new_game(&c, 1, 2);
        let mut rng = posse::bot::bot_rng(1);
        let mut error = None;
        while let Some(r) = g.next_request() {
            let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
            if let Err(e) = g.choose(seat, &picks) {
                error = Some(e.to_string());
                break;
            }
        }
        let e = error.unwrap_or_else(|| panic!("{mark}: no error"));
        assert!(e.contains(says) && e.contains("main.lua"), "{mark}: {e}");
    }
}
