//! What `sim` reports a designer (issue 14): how games ended, each seat's and side's wins
//! alone with their 95% intervals and the wins it shared (never counted as its own), the
//! first player's advantage, game lengths in decisions and in the game's own unit, and the
//! scores' spread.

use posse::sim;
use posse_tests::{load, load_fixture};

#[test]
fn shared_wins_are_reported_as_such_and_never_counted_as_a_seats_own() {
    // Hi-Lo: equal top scores share the win.
    let c = load_fixture("hilo");
    let r = sim::run(&c, 400, 0, Some(3), 2);
    let o = &r.outcomes;
    assert_eq!(o.one_winner + o.shared_win + o.no_winner, r.finished);
    assert!(o.shared_win > 0, "some games end in a shared win: {o:?}");
    // Alone, the seats' rates add up to the games with one winner: no game counts twice.
    let alone: usize = r.seats.iter().map(|s| s.alone.count).sum();
    assert_eq!(alone, o.one_winner);
    for s in &r.seats {
        let seat: usize = s.name.trim_start_matches("seat ").parse().unwrap();
        let all = r.wins_per_seat.get(&seat).copied().unwrap_or(0);
        assert_eq!(s.alone.count + s.shared, all, "{}", s.name);
        assert!(s.alone.low <= s.alone.rate && s.alone.rate <= s.alone.high && s.alone.of == r.finished);
    }
    let f = r.first_player.as_ref().expect("a first player");
    assert!((f.fair - o.one_winner as f64 / r.finished as f64 / 3.0).abs() < 1e-12);
    assert!((f.advantage - (r.seats[0].alone.rate - f.fair)).abs() < 1e-12);
    assert_eq!(f.significant, f.alone.excludes(f.fair));
    // Scores: one spread a seat, over every finished game.
    assert_eq!(r.scores.len(), 3);
    assert!(r.scores.values().all(|s| s.n == r.finished && s.min <= s.median && s.median <= s.max));
}

#[test]
fn lengths_come_in_decisions_and_in_the_games_own_unit() {
    let c = load("dice_town");
    assert_eq!(c.length.as_ref().map(|l| l.unit.as_str()), Some("rounds"));
    let r = sim::run(&c, 60, 0, Some(4), 1);
    let rounds = r.length.as_ref().expect("rounds");
    assert_eq!(r.length_unit.as_deref(), Some("rounds"));
    assert_eq!(rounds.n, 60);
    assert!(rounds.min >= 1 && rounds.p10 <= rounds.median && rounds.median <= rounds.p90);
    assert_eq!(r.decisions.n, 60);
    assert_eq!(r.decisions.min as usize, r.decisions_min);
    assert_eq!(r.decisions.histogram.iter().map(|b| b.2).sum::<usize>(), 60);
    // Each game's rounds are its `round` counter at the end.
    let g = sim::play_random(&c, 0, Some(4)).unwrap();
    assert_eq!(g.counter("round"), Some(rounds_of_seed_0(&c)));
}

/// Seed 0's rounds, from the report of that one game.
fn rounds_of_seed_0(c: &std::sync::Arc<posse::Content>) -> i64 {
    let r = sim::run(c, 1, 0, Some(4), 1);
    r.length.unwrap().max
}

#[test]
fn a_cooperative_game_reports_the_crews_rate_and_no_first_player() {
    let c = load_fixture("vault");
    let r = sim::run(&c, 200, 0, Some(2), 1);
    let rate = r.crew_rate.expect("the crew's rate");
    assert_eq!(rate.count, r.crew.as_ref().unwrap().won);
    assert!(r.first_player.is_none());
}

#[test]
fn a_length_naming_no_global_counter_is_an_error_at_its_line() {
    for (to, want) in
        [("nope", "length: no counter 'nope' is declared"), ("money", "length: counter 'money' must be global")]
    {
        let root = posse_tests::scratch_project(env!("CARGO_TARGET_TMPDIR"), &format!("length_{to}"));
        posse_tests::edit(
            &root,
            "scenarios/dice_town/game.yaml",
            "length: {counter: round",
            &format!("length: {{counter: {to}"),
        );
        let e = posse::Content::load(&root, "dice_town").map(|_| ()).unwrap_err().to_string();
        assert!(e.contains("scenarios/dice_town/game.yaml:") && e.contains(want), "{e}");
    }
}

#[test]
fn a_paired_comparison_pairs_the_same_seeds_and_bots() {
    let c = load_fixture("hilo");
    let a = sim::run(&c, 300, 0, Some(2), 2);
    // The same game against itself: every game alike, no difference.
    let same = sim::compare(&a, &sim::run(&c, 300, 0, Some(2), 1));
    assert_eq!((same.paired, same.identical), (300, 300));
    assert!(same.measures.iter().all(|d| d.diff == 0.0 && !d.significant), "{:?}", same.measures);
    // One round instead of three: shorter games, surely.
    let short = std::sync::Arc::new(c.with_sets(&["rounds=1".into()]).unwrap());
    let b = sim::run(&short, 300, 0, Some(2), 2);
    let cmp = sim::compare(&a, &b);
    assert_eq!(cmp.paired, 300);
    assert!(cmp.identical < 300);
    let d = cmp.measures.iter().find(|d| d.measure == "decisions").unwrap();
    assert!(d.significant && d.high < 0.0 && d.b < d.a, "{d:?}");
    assert!((d.diff - (d.b - d.a)).abs() < 1e-9);
    let seats: Vec<&str> = cmp.measures.iter().map(|d| d.measure.as_str()).collect();
    // Hi-Lo's wins are sometimes shared: each side's wins, alone or shared, follow.
    assert_eq!(seats[..5], ["seat 1 wins alone", "seat 2 wins alone", "p1 wins", "p2 wins", "no winner"]);
    let p1 = &cmp.measures[2];
    let won = |r: &sim::SimReport| r.rows.iter().filter(|g| g.winners.contains(&1)).count() as f64 / 300.0;
    assert!((p1.a - won(&a)).abs() < 1e-12 && (p1.b - won(&b)).abs() < 1e-12, "{p1:?}");
    // The rows are the games, in seed order.
    assert_eq!(a.rows.len(), 300);
    assert!(a.rows.windows(2).all(|w| w[0].seed + 1 == w[1].seed));
}

#[test]
fn the_games_measures_completion_drawishness_and_branching() {
    let c = load_fixture("hilo");
    let r = sim::run(&c, 200, 0, Some(2), 2);
    let m = &r.measures;
    assert_eq!((m.completion.count, m.completion.of), (r.finished, 200));
    assert_eq!(m.drawishness.count, r.outcomes.no_winner);
    // Hi-Lo's questions offer one or two options: its branching factor lies between.
    assert!(m.branching > 1.0 && m.branching < 2.0, "{}", m.branching);
    let offered: usize = r.rows.iter().map(|g| g.options).sum();
    let decided: usize = r.rows.iter().map(|g| g.decisions).sum();
    assert!((m.branching - offered as f64 / decided as f64).abs() < 1e-12);
}

#[test]
fn shards_merged_give_the_one_machine_report() {
    let c = load_fixture("hilo");
    let one = sim::run(&c, 101, 5, Some(3), 2);
    let shards: Vec<sim::Shard> =
        (0..4).map(|k| sim::run_shard(&c, 101, 5, Some(3), 1, &sim::Lineup::random(), (k, 4))).collect();
    // The slices are disjoint and cover the seeds.
    let seeds: Vec<u64> = shards.iter().flat_map(|s| s.rows.iter().map(|r| r.seed)).collect();
    assert_eq!(seeds, (5..106).collect::<Vec<_>>());
    let strip = |r: &sim::SimReport| {
        let mut v = serde_json::to_value(r).unwrap();
        for k in ["jobs", "seconds", "games_per_second", "decisions_per_second"] {
            v.as_object_mut().unwrap().remove(k);
        }
        v
    };
    let named = |v: &[sim::Shard]| v.iter().enumerate().map(|(i, s)| (format!("s{i}.json"), s.clone())).collect();
    let merged = sim::merge(named(&shards)).unwrap();
    assert_eq!(strip(&merged), strip(&one));
    assert_eq!(merged.rows, one.rows);
    // Every shard once, of one batch.
    let e = sim::merge(named(&shards[..3])).unwrap_err();
    assert_eq!(e, "shard 4 of 4 is missing (seeds 83 to 105): give every shard of the batch once");
    let e = sim::merge(named(&[shards[0].clone(), shards[0].clone()])).unwrap_err();
    assert_eq!(e, "s1.json: shard 1 of 4 again (it is s0.json too)");
    let other = sim::run_shard(&c, 100, 5, Some(3), 1, &sim::Lineup::random(), (1, 4));
    let e = sim::merge(named(&[shards[0].clone(), other])).unwrap_err();
    assert_eq!(
        e,
        "s1.json: not a shard of the batch of s0.json: 100 games from seed 5 here, 101 games from seed 5 there"
    );
}

#[test]
fn cards_are_counted_by_the_tags_their_options_carry() {
    // Dice Town's card options carry their cards' definition ids (lib.cards.tags); its
    // Actions carry the Desperados' and the Brains' abilities' names.
    let c = load("dice_town");
    let r = sim::run(&c, 150, 0, Some(4), 2);
    assert!(r.cards.len() >= 5, "{:?}", r.cards.iter().map(|c| &c.tag).collect::<Vec<_>>());
    let cards: Vec<&str> = c.defs.iter().filter(|d| d.count > 0).map(|d| d.id.as_str()).collect();
    let mut copies = 0;
    for card in &r.cards {
        assert!(card.played <= card.offered && card.played <= card.times, "{card:?}");
        assert_eq!(card.wins_when_played.of, card.played);
        assert_eq!(card.wins_when_not.of, card.offered - card.played);
        if cards.contains(&card.tag.as_str()) {
            // A card is drawn into a hand before it is played or held there at the end.
            assert!(card.times <= card.drawn && card.held <= card.drawn && card.drawn > 0, "{card:?}");
            copies += 1;
        } else {
            // An ability: nothing to draw or hold.
            assert_eq!((card.drawn, card.held), (0, 0), "{card:?}");
        }
    }
    assert!(copies >= 5 && copies < r.cards.len(), "cards and abilities both: {:?}", r.cards);
    // Held at the end: the copies in seats' zones, game by game.
    let g = sim::play_random(&c, 0, Some(4)).unwrap();
    let view = g.view(None);
    let in_hands: usize = view.seats.iter().map(|s| s.zones.values().map(|z| z.count).sum::<usize>()).sum();
    let held: u32 = g.card_counts().values().map(|&(_, h)| h).sum();
    assert_eq!(held as usize, in_hands);
    // The numbers are those of the rows: a tag's plays add up over the games.
    let first = &r.cards[0];
    let times: usize = r.rows.iter().filter_map(|g| g.tags.get(&first.tag)).map(|u| u.times).sum();
    assert_eq!(times, first.times);
    // A game whose options carry no tags reports none: only the definitions whose
    // behaviour ran (hilo's high card), never offered.
    let hilo = sim::run(&load_fixture("hilo"), 20, 0, Some(2), 1);
    assert_eq!(hilo.cards.iter().map(|n| (n.tag.as_str(), n.offered)).collect::<Vec<_>>(), [("high", 0)]);
}

#[test]
fn restricted_play_keeps_seat_1_from_a_card_and_measures_what_it_was_worth() {
    let c = load("dice_town");
    let base = sim::run(&c, 200, 0, Some(4), 2);
    let tag = base.cards.iter().max_by_key(|c| c.played).expect("a card").tag.clone();
    let ban = posse::decision::Ban { seat: 1, tag: tag.clone() };
    let lineup = sim::Lineup { bots: Vec::new(), ban: Some(ban) };
    let banned = sim::run_with_progress(&c, 200, 0, Some(4), 2, &lineup, &|| {});
    let played_by = |r: &sim::SimReport, seat: usize| {
        r.rows.iter().filter(|g| g.tags.get(&tag).is_some_and(|u| u.played.contains(&seat))).count()
    };
    // Seat 1 plays it only when it is all a question offers; the others as before.
    assert!(played_by(&base, 1) > 20 && played_by(&banned, 1) * 10 < played_by(&base, 1), "{tag}");
    assert!(played_by(&banned, 2) > 0);
    let report = sim::restricted(&base, &[(tag.clone(), banned.clone())]);
    let d = &report[0].seat1;
    assert_eq!(report[0].tag, tag);
    assert!((d.a - base.seats[0].alone.rate).abs() < 1e-12 && (d.b - banned.seats[0].alone.rate).abs() < 1e-12);
    let verdict = report[0].verdict.as_str();
    assert!(matches!(verdict, "helps" | "hurts" | "no measurable effect"), "{verdict}");
    assert_eq!(verdict == "no measurable effect", !d.significant);
}

/// Ludii's decisiveness, by the counter a game leads by (`lead:`): how far into a game its
/// winner took the lead for good, game by game and on average; absent without `lead:`.
#[test]
fn decisiveness_is_how_early_the_winner_led_for_good() {
    let c = load_fixture("hilo");
    let r = sim::run(&c, 200, 0, Some(2), 2);
    let d = r.measures.decisiveness.as_ref().expect("hilo leads by its score");
    let settled: Vec<f64> = r.rows.iter().filter_map(|g| g.settled).collect();
    assert_eq!(d.games, settled.len());
    assert!(d.games > 100 && settled.iter().all(|&s| (0.0..1.0).contains(&s)), "{d:?}");
    assert!((d.settled - settled.iter().sum::<f64>() / settled.len() as f64).abs() < 1e-12);
    // Only games won alone count; a game the winner led from the start settles at 0.
    for g in &r.rows {
        assert!(g.settled.is_none() || g.winners.len() == 1);
    }
    // By hand, one game: the winner's last moment behind or level is where it settled.
    let game = sim::play_random(&c, 0, Some(2)).unwrap();
    assert_eq!(Some(game.settled()), r.rows.iter().find(|g| g.seed == 0).map(|g| g.settled));
    assert!(sim::run(&load("desperados"), 3, 0, Some(4), 1).measures.decisiveness.is_none());
}

/// Where wins are shared (ties, teams, a crew), a seat's wins alone say little of a card:
/// the cards' numbers and restricted play count the seat's wins alone or shared there.
#[test]
fn shared_wins_count_for_cards_and_restricted_play_where_wins_are_shared() {
    let hilo = sim::run(&load_fixture("hilo"), 100, 0, Some(2), 2);
    assert!(hilo.outcomes.shared_win > 0);
    assert_eq!(hilo.card_wins, "alone or shared");
    let r = sim::restricted(&hilo, &[("x".into(), hilo.clone())]);
    assert_eq!(r[0].seat1.measure, "seat 1 wins, alone or shared");
    let seat1 = hilo.rows.iter().filter(|g| g.winners.contains(&1)).count() as f64 / 100.0;
    assert!((r[0].seat1.a - seat1).abs() < 1e-12 && r[0].seat1.diff == 0.0);
    let dice = sim::run(&load("dice_town"), 20, 0, Some(4), 2);
    assert_eq!(dice.outcomes.shared_win, 0);
    assert_eq!(dice.card_wins, "alone");
    assert_eq!(sim::restricted(&dice, &[("x".into(), dice.clone())])[0].seat1.measure, "seat 1 wins alone");
}

/// A tag longer than the engine takes is an error naming the option, whether the bots
/// answer in the flow (a batch) or the question yields (play).
#[test]
fn an_overlong_tag_is_an_error_in_a_batch_and_in_play() {
    let long = format!("tags = {{ \"{}\", false }} }}", "x".repeat(300));
    let c = posse_tests::edited_hilo(
        env!("CARGO_TARGET_TMPDIR"),
        "long_tag",
        "scripts/hilo/main.lua",
        "options = { \"first\", \"second\" } }",
        &format!("options = {{ \"first\", \"second\" }}, {long}"),
    );
    let r = sim::run(&c, 2, 0, Some(2), 1);
    assert_eq!(r.errors.len(), 2);
    assert!(r.errors[0].message.contains("option 1's tag is longer than 256 bytes"), "{}", r.errors[0].message);
    let e = posse::Game::new(c.clone(), posse::Setup::new(&c, 0, Some(2)).unwrap()).err().expect("refused");
    assert!(e.to_string().contains("option 1's tag is longer than 256 bytes"), "{e}");
}

#[test]
fn resolved_counts_each_run_of_a_definitions_behaviour() {
    // hilo's high card has a script whose `bonus` the flow calls each time a high card is
    // played; low and middle cards are data alone. The engine counts the calls (a part of
    // the script), without the game's help.
    let c = load_fixture("hilo");
    let mut previous = None;
    let mut total = 0;
    for seed in 0..30 {
        let g = sim::play_random_reusing(&c, seed, Some(2), previous.take()).unwrap();
        let plays = g.log_lines(None).iter().filter(|l| l.contains(" plays High card for ")).count();
        let resolved = g.resolved();
        assert_eq!(resolved.get("high").copied().unwrap_or(0) as usize, plays, "seed {seed}: {resolved:?}");
        assert!(!resolved.contains_key("low") && !resolved.contains_key("mid"), "{resolved:?}");
        total += plays;
        // A reused VM starts every game from zero.
        previous = Some(g);
    }
    assert!(total > 10, "the high card was played {total} times");
    let has: Vec<bool> = sim::play_random(&c, 0, Some(2)).unwrap().has_behaviour();
    let ids: Vec<&str> = c.defs.iter().map(|d| d.id.as_str()).collect();
    assert_eq!(ids.iter().zip(&has).filter(|(_, &b)| b).map(|(i, _)| *i).collect::<Vec<_>>(), ["high"]);
    // The batch's numbers: a row for the high card (never an option's tag) with its runs.
    let r = sim::run(&c, 30, 0, Some(2), 1);
    let high = r.cards.iter().find(|n| n.tag == "high").expect("a row for high");
    assert_eq!((high.resolved, high.offered), (total, 0));
    let sum: u32 = r.rows.iter().filter_map(|g| g.resolved.get("high")).sum();
    assert_eq!(sum as usize, total);
}

#[test]
fn a_behaviour_many_definitions_share_counts_for_each() {
    // Marshals' movement cards all return one behaviour table
    // (`require('marshals.cards').movement`): each definition counts its own runs.
    let c = load("marshals");
    let r = sim::run(&c, 60, 0, Some(3), 2);
    let moves: Vec<(&str, usize)> =
        r.cards.iter().filter(|n| n.tag.starts_with("mv_")).map(|n| (n.tag.as_str(), n.resolved)).collect();
    assert!(moves.iter().filter(|m| m.1 > 0).count() >= 5, "{moves:?}");
    assert!(moves.iter().any(|m| m.1 != moves[0].1), "one count for all: {moves:?}");
    for n in r.cards.iter().filter(|n| n.tag.starts_with("mv_")) {
        // A movement card runs when it is played, never more often.
        assert!(n.resolved <= n.times, "{n:?}");
    }
}

#[test]
fn a_card_may_take_another_cards_behaviour_by_its_definition() {
    // `def_by_id(x).script` is another definition's frozen behaviour: it loads and plays,
    // and its runs count for the definition it belongs to.
    let root = posse_tests::scratch_root(env!("CARGO_TARGET_TMPDIR"), "reused_behaviour");
    let path = root.join("scenarios/hilo/cards.yaml");
    let yaml = std::fs::read_to_string(&path).unwrap();
    let twin = "  - id: top\n    name: Top card\n    count: 0\n    script: |\n      return require(\"posse\").def_by_id(\"high\").script\n";
    std::fs::write(&path, format!("{yaml}{twin}")).unwrap();
    let c = std::sync::Arc::new(posse::Content::load(&root, "hilo").unwrap_or_else(|e| panic!("{e}")));
    let g = sim::play_random(&c, 1, Some(2)).unwrap_or_else(|e| panic!("{e}"));
    assert!(g.is_over());
}
