//! Engine behaviour, on the fixture game `hilo`.

use posse_tests::*;

#[test]
fn hilo_plays_to_the_end_with_random_bots() {
    let c = load_fixture("hilo");
    for seed in 0..20 {
        let g = posse::sim::play_random(&c, seed, Some(2)).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let r = g.result().unwrap();
        assert!(!r.winners.is_empty());
        assert_eq!(r.scores.len(), 2);
    }
}

fn hidden(z: &posse::view::ZoneView) -> usize {
    z.objects.iter().filter(|o| matches!(o, posse::view::ObjectView::Hidden { .. })).count()
}

#[test]
fn simultaneous_answers_wait_for_everyone_and_stay_hidden() {
    let mut g = new_game(&load_fixture("hilo"), 1, 2);
    let seats: Vec<usize> = g.pending().iter().map(|r| r.seat).collect();
    assert_eq!(seats, vec![1, 2], "both seats decide at once");
    let view2 = g.view(Some(2));
    g.choose(1, &[2]).unwrap();
    assert_eq!(g.pending().iter().map(|r| r.seat).collect::<Vec<_>>(), vec![2]);
    assert!(g.choose(1, &[1]).is_err(), "seat 1 has answered already");
    let mut after = g.view(Some(2));
    after.deciding = view2.deciding.clone();
    assert_eq!(after, view2, "seat 2's view does not change when seat 1 answers");
    g.choose(2, &[1]).unwrap();
    assert!(g.pending().iter().all(|r| r.seat == 1 && r.multi), "then the multi-choice of seat 1");
}

#[test]
fn answers_the_game_has_not_acted_on_are_counted() {
    let mut g = new_game(&load_fixture("hilo"), 1, 2);
    assert_eq!(g.unacted(), 0);
    g.choose(1, &[2]).unwrap();
    assert_eq!(g.unacted(), 1, "seat 2 still decides: nothing ran since seat 1 answered");
    g.choose(2, &[1]).unwrap();
    assert_eq!(g.unacted(), 0, "the round was played: the game acted on both answers");
    g.undo(1).unwrap();
    assert_eq!(g.unacted(), 1, "a rebuilt game counts the same");
    assert!(g.choose(2, &[9]).is_err());
    assert_eq!(g.unacted(), 1, "a refused answer changes nothing");
}

#[test]
fn hands_are_seen_by_their_owner_only_and_sizes_by_all() {
    let g = new_game(&load_fixture("hilo"), 1, 2);
    let v1 = g.view(Some(1));
    assert_eq!(v1.seats[0].zones["hand"].count, 2);
    assert_eq!(hidden(&v1.seats[0].zones["hand"]), 0);
    assert_eq!(hidden(&v1.seats[1].zones["hand"]), 2);
    assert_eq!(hidden(&v1.zones["deck"]), v1.zones["deck"].count);
    let god = g.view(None);
    assert_eq!(hidden(&god.seats[1].zones["hand"]), 0);
    assert_eq!(hidden(&god.zones["deck"]), 0);
}

#[test]
fn owner_counters_and_log_audiences() {
    let mut g = new_game(&load_fixture("hilo"), 1, 2);
    let v = g.view(Some(1));
    assert!(v.seats[0].counters.contains_key("secret"));
    assert!(!v.seats[1].counters.contains_key("secret"));
    assert!(v.seats[1].counters.contains_key("score"));
    g.choose(1, &[1]).unwrap();
    g.choose(2, &[1]).unwrap();
    let own: Vec<String> = g.log_lines(Some(1)).into_iter().filter(|l| l.contains("keeps")).collect();
    assert_eq!(own.len(), 1);
    assert!(own[0].starts_with("p1 keeps"));
    assert_eq!(g.log_lines(None).iter().filter(|l| l.contains("keeps")).count(), 2);
}

#[test]
fn reveal_lasts_until_a_shuffle_and_team_zones_show_to_team_mates() {
    let mut g = new_game(&load_fixture("hilo"), 1, 3);
    let seen = |g: &posse::Game, seat| hidden(&g.view(Some(seat)).seats[0].zones["hand"]);
    assert_eq!(seen(&g, 2), 2);
    g.eval("local posse = require 'posse' posse.reveal(posse.at(posse.zone('hand', 1)), 2)").unwrap();
    assert_eq!(seen(&g, 2), 1, "seat 2 knows one card of seat 1's hand");
    assert_eq!(seen(&g, 3), 2, "seat 3 does not");
    g.eval("local posse = require 'posse' local h = posse.zone('hand', 1) posse.move(posse.at(h), posse.zone('deck')) posse.shuffle(posse.zone('deck'))").unwrap();
    assert_eq!(
        hidden(&g.view(Some(2)).zones["deck"]),
        g.view(Some(2)).zones["deck"].count,
        "a shuffle makes it unknown"
    );

    let team = |g: &posse::Game, seat| hidden(&g.view(Some(seat)).seats[0].zones["tableau"]);
    g.eval("local posse = require 'posse' posse.draw(posse.zone('deck'), posse.zone('tableau', 1)) posse.set_team(1, 'a') posse.set_team(2, 'a') posse.set_team(3, 'b')").unwrap();
    assert_eq!(team(&g, 1), 0);
    assert_eq!(team(&g, 2), 0, "a team mate sees a team zone");
    assert_eq!(team(&g, 3), 1, "an opponent does not");
}

#[test]
fn face_up_objects_are_seen_by_all() {
    let mut g = new_game(&load_fixture("hilo"), 1, 2);
    g.eval("local posse = require 'posse' posse.flip(posse.at(posse.zone('hand', 1)), true)").unwrap();
    assert_eq!(hidden(&g.view(Some(2)).seats[0].zones["hand"]), 1);
    let up = g.eval("local posse = require 'posse' local z = posse.zone('hand', 1) return { posse.face_up(posse.at(z, 1)), posse.face_up(posse.at(z, 2)) }").unwrap();
    assert_eq!(up, serde_json::json!([true, false]), "posse.face_up tells which");
}

#[test]
fn multi_choice_bounds_are_checked() {
    let mut g = new_game(&load_fixture("hilo"), 1, 2);
    g.choose(1, &[1]).unwrap();
    g.choose(2, &[1]).unwrap();
    let r = g.next_request().unwrap();
    assert!(r.multi && r.min == 0 && r.max == 1);
    assert_eq!(r.prompt(), "Discard your kept card?");
    assert_eq!(r.labels(), vec!["discard it"], "labels made by a function when read");
    assert!(r.secret);
    assert_eq!(g.view(Some(1)).deciding, vec![1]);
    assert!(g.view(Some(2)).deciding.is_empty(), "a secret decision is not shown to other seats");
    assert_eq!(g.view(None).deciding, vec![1]);
    assert!(g.choose(1, &[1, 1]).is_err());
    g.choose(1, &[]).unwrap();
}

#[test]
fn a_record_that_no_longer_fits_reports_where() {
    let c = load_fixture("hilo");
    let mut g = new_game(&c, 1, 2);
    play_random_steps(&mut g, 3, 6);
    let mut rec = g.record();
    rec.choices[3].picks = vec![9];
    let (back, div) = posse::Game::from_record(c.clone(), &rec).unwrap();
    let div = div.expect("choice 4 does not fit");
    assert_eq!(div.index, 4);
    assert!(div.message.contains("option 9"), "{}", div.message);
    assert_eq!(back.choices().len(), 3);
}

#[test]
fn renderer_sees_only_the_view() {
    let g = new_game(&load_fixture("hilo"), 1, 2);
    let text = g.render(Some(1)).unwrap();
    assert!(text.contains("1 p1 score 0 hand ["));
    assert!(text.contains("2 p2 score 0 hand [?, ?]"), "{text}");
}

#[test]
fn dice_roll_from_the_seeded_rng_and_can_be_rigged() {
    let c = load_fixture("hilo");
    let mut g = new_game(&c, 1, 2);
    g.rig_dice(&["6", "5"]);
    g.choose(1, &[1]).unwrap();
    g.choose(2, &[1]).unwrap();
    assert_eq!(g.view(None).dice, vec!["6", "5"]);
}

#[test]
fn board_spaces_are_zones_per_node() {
    let mut g = new_game(&load_fixture("hilo"), 1, 2);
    let v = g.eval(
        "local posse = require 'posse'
         local b = posse.zone('spot', 'b')
         posse.draw(posse.zone('deck'), b)
         return { n = posse.count(b), near = posse.neighbours('b'), path = posse.path('a', 'c') }",
    );
    let v = v.unwrap();
    assert_eq!(v["n"], 1);
    assert_eq!(v["near"], serde_json::json!(["a", "c"]));
    assert_eq!(v["path"], serde_json::json!(["a", "b", "c"]));
    assert_eq!(g.view(Some(2)).board["b"]["spot"].count, 1);
    let e = g.eval("return require('posse').zone('spot', 'zz')").unwrap_err().to_string();
    assert!(e.contains("no board node 'zz'"), "{e}");
}

/// Batches reuse a game's Lua VM for the next game; that must not change any game.
#[test]
fn a_reused_vm_plays_the_same_games_as_fresh_ones() {
    for (root, id, players) in [(fixtures(), "hilo", 2), (root(), "dice_town", 4)] {
        let c = std::sync::Arc::new(posse::Content::load(&root, id).unwrap());
        let mut previous = None;
        for seed in 0..12 {
            let fresh = posse::sim::play_random(&c, seed, Some(players)).unwrap();
            let reused = posse::sim::play_random_reusing(&c, seed, Some(players), previous.take()).unwrap();
            assert_eq!(fresh.state_hash(), reused.state_hash(), "{id} seed {seed}");
            assert_eq!(fresh.choices(), reused.choices());
            previous = Some(reused);
        }
    }
}

#[test]
fn a_reused_vm_forgets_what_scripts_changed() {
    let c = load_fixture("hilo");
    let mut g = new_game(&c, 1, 2);
    g.eval(
        "leaked = 1; string.extra = 2; math.floor = nil; string.upper = string.lower; require('posse').extra = 3
         assert(not pcall(rawset, require('posse').data, 'rounds', 99))
         setmetatable(_G, {__metatable = 'locked', __newindex = function() error('no') end})",
    )
    .unwrap();
    let mut g = g.restart(posse::Setup::new(&c, 2, None).unwrap()).unwrap();
    let v = g
        .eval(
            "local posse = require 'posse'
             return { leaked == nil, string.extra == nil, math.floor ~= nil, getmetatable(_G) == nil,
                      posse.extra == nil, posse.data.rounds == 3, string.upper('a') == 'A' }",
        )
        .unwrap();
    assert_eq!(v, serde_json::json!([true, true, true, true, true, true, true]));
}

/// A VM reused for a game with another number of seats finds its counters again.
#[test]
fn a_reused_vm_plays_other_player_counts_as_fresh_ones() {
    let c = load_fixture("hilo");
    let mut previous: Option<posse::Game> = None;
    for (seed, players) in [(0, 2), (1, 3), (2, 2), (3, 3)] {
        let fresh = posse::sim::play_random(&c, seed, Some(players)).unwrap();
        let reused = posse::sim::play_random_reusing(&c, seed, Some(players), previous.take()).unwrap();
        assert_eq!(fresh.state_hash(), reused.state_hash(), "seed {seed}, {players} players");
        previous = Some(reused);
    }
}

/// Batches let bots answer inside the flow; that must be the game bots make when every
/// decision is yielded and answered from the same RNG (what `play --bot all` does).
#[test]
fn in_flow_bots_play_the_game_yielding_bots_play() {
    for (root, id, players) in [(fixtures(), "hilo", 3), (root(), "dice_town", 3)] {
        let c = std::sync::Arc::new(posse::Content::load(&root, id).unwrap());
        for seed in 0..8 {
            let fast = posse::sim::play_random(&c, seed, Some(players)).unwrap();
            let mut slow = new_game(&c, seed, players);
            let mut rng = posse::bot::bot_rng(seed);
            while let Some(r) = slow.next_request() {
                let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
                slow.choose(seat, &picks).unwrap();
            }
            assert_eq!(fast.choices(), slow.choices(), "{id} seed {seed}");
            assert_eq!(fast.state_hash(), slow.state_hash(), "{id} seed {seed}");
        }
    }
}

#[test]
fn a_batch_on_several_threads_reports_the_same_games() {
    let c = load_fixture("hilo");
    let one = posse::sim::run(&c, 30, 7, Some(3), 1);
    let three = posse::sim::run(&c, 30, 7, Some(3), 3);
    assert_eq!(one.finished, 30);
    assert_eq!(three.jobs, 3);
    // The whole report but the threads and the timings.
    let strip = |r: &posse::sim::SimReport| {
        let mut v = serde_json::to_value(r).unwrap();
        for k in ["jobs", "seconds", "games_per_second", "decisions_per_second"] {
            v.as_object_mut().unwrap().remove(k);
        }
        v
    };
    assert_eq!(strip(&one), strip(&three));
}

#[test]
fn the_state_hash_covers_the_rng() {
    let mut g = new_game(&load_fixture("hilo"), 1, 2);
    let before = g.state_hash();
    g.eval("require('posse').random(6)").unwrap();
    assert_ne!(g.state_hash(), before, "a draw from the RNG is part of the position");
}

#[test]
fn decision_numbers_may_be_whole_floats_and_bad_ones_are_shown_plainly() {
    let tmp = env!("CARGO_TARGET_TMPDIR");
    let from = "local mover = posse.choose(1,";
    // 1.0 is seat 1, as Lua's own conversions have it: the same game.
    let float = edited_hilo(tmp, "seat_float", "scripts/hilo/main.lua", from, "local mover = posse.choose(1.0,");
    let plain = load_fixture("hilo");
    let (a, b) =
        (posse::sim::play_random(&float, 4, Some(2)).unwrap(), posse::sim::play_random(&plain, 4, Some(2)).unwrap());
    assert_eq!(a.state_hash(), b.state_hash());
    for (name, to, expected) in [
        ("seat_fraction", "local mover = posse.choose(1.5,", "expected a seat 1..2, got 1.5"),
        ("seat_string", "local mover = posse.choose('one',", "expected a seat 1..2, got \"one\""),
    ] {
        let c = edited_hilo(tmp, name, "scripts/hilo/main.lua", from, to);
        let Err(e) = posse::sim::play_random(&c, 4, Some(2)) else { panic!("{to} was accepted") };
        let e = e.to_string();
        assert!(e.contains(expected) && e.contains("main.lua:"), "{to}: {e}");
    }
}

/// Hilo with its simultaneous bets revisable and shown to the team; seats 1 and 2 are a team.
fn revisable_hilo(name: &str) -> std::sync::Arc<posse::Content> {
    edited_hilo(
        env!("CARGO_TARGET_TMPDIR"),
        name,
        "scripts/hilo/main.lua",
        r#"options = { "first", "second" } }"#,
        r#"options = { "first", "second" }, revisable = true, shown_to_team = s ~= 3 }
      posse.set_team(s, s == 3 and "lone" or "pair")"#,
    )
}

#[test]
fn a_revisable_answer_may_change_until_everyone_has_answered() {
    let c = revisable_hilo("revisable");
    let mut g = new_game(&c, 6, 3);
    g.choose(1, &[1]).unwrap();
    g.choose(1, &[2]).unwrap(); // taken back and changed
    let mine = g.view(Some(1)).answers;
    assert_eq!(
        (mine.len(), mine[0].seat, mine[0].picks.clone(), mine[0].labels.clone()),
        (1, 1, vec![2], vec!["second".to_string()])
    );
    assert_eq!(g.view(Some(2)).answers, mine, "the teammate sees the answer");
    assert!(g.view(Some(3)).answers.is_empty(), "the other team does not");
    g.choose(3, &[1]).unwrap();
    assert_eq!(g.view(Some(2)).answers.len(), 1, "seat 3 answered for itself alone");
    assert_eq!(g.view(None).answers.len(), 2);
    g.choose(2, &[1]).unwrap(); // the last answer: the step runs with seat 1's second answer
    assert!(g.view(None).answers.is_empty());

    let mut straight = new_game(&c, 6, 3);
    for (seat, pick) in [(1, 2), (3, 1), (2, 1)] {
        straight.choose(seat, &[pick]).unwrap();
    }
    assert_eq!(g.state_hash(), straight.state_hash());
    // The log keeps both answers, and replaying it gives the same game.
    assert_eq!(g.choices().len(), straight.choices().len() + 1);
    let (back, divergence) = posse::Game::from_record(c.clone(), &g.record()).unwrap();
    assert!(divergence.is_none());
    assert_eq!(back.state_hash(), g.state_hash());
}

#[test]
fn an_answer_is_final_unless_the_request_is_revisable() {
    let c = load_fixture("hilo");
    let mut g = new_game(&c, 6, 3);
    g.choose(1, &[1]).unwrap();
    let e = g.choose(1, &[2]).unwrap_err().to_string();
    assert!(e.contains("seat 1 has no decision to make"), "{e}");
    assert!(g.view(Some(2)).answers.is_empty(), "without shown_to_team nobody else sees it");
    assert_eq!(g.view(Some(1)).answers.len(), 1, "a seat sees its own answer");
}

#[test]
fn a_shared_win_counts_once_for_its_side() {
    // Desperados: the desperadoes win together, as one side.
    let report = posse::sim::run(&load("desperados"), 40, 0, Some(4), 1);
    assert_eq!(report.finished, 40);
    let sides: usize = report.wins_per_side.values().sum();
    assert_eq!(sides, 40, "one winning side per game: {:?}", report.wins_per_side);
    let desperado_wins = report.wins_per_side.get("desperadoes").copied().unwrap_or(0);
    assert_eq!(report.wins_per_seat.get(&2).copied().unwrap_or(0), desperado_wins);
}

/// A list of labels may come with its count (as `lib.ask.pick` gives it): they must agree,
/// and when they do not the error says so.
#[test]
fn a_list_of_labels_with_its_count_is_taken_when_they_agree() {
    let from = r#"function() return { "discard it" } end, { min = 0, max = 1, count = 1, secret = true })"#;
    let c = posse_tests::edited_hilo(
        env!("CARGO_TARGET_TMPDIR"),
        "count_ok",
        "scripts/hilo/main.lua",
        from,
        r#"{ "discard it" }, { min = 0, max = 1, count = 1, secret = true })"#,
    );
    assert!(posse::sim::run(&c, 5, 0, Some(2), 1).errors.is_empty());
    let c = posse_tests::edited_hilo(
        env!("CARGO_TARGET_TMPDIR"),
        "count_bad",
        "scripts/hilo/main.lua",
        from,
        r#"{ "discard it" }, { min = 0, max = 1, count = 2, secret = true })"#,
    );
    let r = posse::sim::run(&c, 1, 0, Some(2), 1);
    let e = &r.errors[0].message;
    assert!(e.contains("opts.count is 2 but the list of labels has 1"), "{e}");
}
