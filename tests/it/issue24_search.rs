//! Issue 24, the built-in search player: a bot name with settings, the same game from the
//! same seed, and no answer that depends on what its seat cannot see.

use crate::issue24_worlds::{changed_unseen, games};
use posse::sim::Lineup;
use posse::Search;
use posse_tests::*;

#[test]
fn search_is_a_bot_name_with_settings() {
    let plain = Search::parse("search").unwrap().unwrap();
    assert_eq!((plain.iterations, plain.rollout, plain.depth, plain.seconds), (Search::ITERATIONS, None, None, None));
    let s = Search::parse("search:iterations=50,exploration=0.5,rollout=sharp,depth=0,seconds=1.5").unwrap().unwrap();
    assert_eq!((s.iterations, s.exploration), (50, 0.5));
    assert_eq!((s.rollout.as_deref(), s.depth, s.seconds), (Some("sharp"), Some(0), Some(1.5)));
    assert_eq!(Search::parse("search:rollout=random").unwrap().unwrap().rollout, None);
    assert_eq!(Search::parse("sharp").unwrap(), None);
    assert_eq!(Search::parse("searcher").unwrap(), None);
    for (bad, says) in [
        ("search:width=3", "unknown setting"),
        ("search:iterations=0", "from 1 to 1000000"),
        ("search:exploration=-1", "0 or more"),
        ("search:iterations", "expected KEY=VALUE"),
        ("search:rollout=../x", "strategy bot"),
        ("search:seconds=0", "above 0"),
        ("search:depth=-2", "whole number"),
    ] {
        let e = Search::parse(bad).unwrap_err().to_string();
        assert!(e.contains(bad.split(':').nth(1).unwrap()) && e.contains(says), "{bad}: {e}");
    }
}

/// The settings are checked against the game: a rollout bot it has, a depth only where it
/// declares an evaluation.
#[test]
fn search_settings_are_checked_against_the_game() {
    let c = load_fixture("hilo");
    let err = |name: &str| match posse::Player::new(&c, name) {
        Ok(_) => panic!("{name}: accepted"),
        Err(e) => e.to_string(),
    };
    assert!(err("search:rollout=nobody").contains("no bot 'nobody'"), "{}", err("search:rollout=nobody"));
    assert!(err("search:depth=5").contains("declares none"), "{}", err("search:depth=5"));
    assert!(posse::Player::new(&c, "search:depth=0").is_ok());
}

/// The same seed gives the same game, in this thread or in others at once.
#[test]
fn the_same_seed_gives_the_same_search_game() {
    let c = load_fixture("hilo");
    let lineup = Lineup { bots: vec!["search:iterations=6".into()], ban: None };
    let play = |seed| {
        let g = posse::sim::play_with(&c, seed, Some(2), &lineup).unwrap_or_else(|e| panic!("{e}"));
        (g.choices().to_vec(), g.state_hash())
    };
    let here: Vec<_> = (1..4).map(play).collect();
    let threads: Vec<_> = std::thread::scope(|s| {
        let hs: Vec<_> = (1..4).map(|seed| s.spawn(move || play(seed))).collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(here, threads);
}

/// With what the deciding seat cannot see changed, the search answers the same from the
/// same seed.
#[test]
fn the_search_does_not_see_what_its_seat_cannot() {
    for (id, root, players) in [
        ("hilo", fixtures(), 2),
        ("liars_dice", fixtures(), 3),
        ("dice_town", root(), 3),
        ("desperados", root(), 3),
        ("goldfever/high_noon", root(), 2),
        ("marshals", root(), 3),
    ] {
        let c = std::sync::Arc::new(posse::Content::load(&root, id).unwrap_or_else(|e| panic!("{e}")));
        let Ok(posse::Player::Search(search)) = posse::Player::new(&c, "search:iterations=8") else { panic!("{id}") };
        let mut g = new_game(&c, 4, players);
        let mut asked = 0;
        for step in 0..30u64 {
            let Some(r) = g.next_request() else { break };
            let seat = r.seat;
            if step % 6 == 1 {
                let real = g.state_copy();
                let mine = g.search_pick(&search, seat, step).unwrap_or_else(|e| panic!("{id}: {e}"));
                g.replace_state(changed_unseen(&c, &real, seat - 1));
                let other = g.search_pick(&search, seat, step).unwrap_or_else(|e| panic!("{id}: {e}"));
                g.replace_state(real);
                assert_eq!(mine, other, "{id} step {step} seat {seat}");
                asked += 1;
            }
            let r = g.next_request().unwrap();
            let picks = posse::bot::random_choice(r, &mut posse::rng::Rng::new(step));
            g.choose(seat, &picks).unwrap();
        }
        assert!(asked > 0, "{id}");
    }
}

/// Every strategy bot of the games the sampled worlds are tested on (every shipped game's,
/// the fixture hilo's) answers the same from the same seed with what its seat cannot see
/// changed: it reads the seat's view, never the state.
#[test]
fn no_strategy_bot_sees_what_its_seat_cannot() {
    let mut tried = 0;
    for (id, root, players) in games() {
        let c = std::sync::Arc::new(posse::Content::load(&root, id).unwrap_or_else(|e| panic!("{e}")));
        for name in posse::bot_names(&c) {
            let bot = posse::Player::new(&c, &name).unwrap_or_else(|e| panic!("{id} {name}: {e}"));
            let mut g = new_game(&c, 6, players);
            for step in 0..40u64 {
                let Some(r) = g.next_request() else { break };
                let seat = r.seat;
                if step % 5 == 2 {
                    let real = g.state_copy();
                    let mine = g.bot_pick(&bot, seat, step, None);
                    g.replace_state(changed_unseen(&c, &real, seat - 1));
                    let other = g.bot_pick(&bot, seat, step, None);
                    g.replace_state(real);
                    // A bot that fails fails the same way (its error names it).
                    assert_eq!(
                        mine.map_err(|e| e.to_string()),
                        other.map_err(|e| e.to_string()),
                        "{id} {name} step {step}"
                    );
                    tried += 1;
                }
                let r = g.next_request().unwrap();
                let picks = posse::bot::random_choice(r, &mut posse::rng::Rng::new(step));
                g.choose(seat, &picks).unwrap();
            }
        }
    }
    assert!(tried > 20, "{tried}");
}

/// Simultaneous orders: what another seat answered to the decision the search is asked
/// does not change the search's answer (it is drawn in each playout, never replayed).
#[test]
fn the_search_does_not_see_the_other_orders_of_its_decision() {
    let c = shipped("desperados");
    let Ok(posse::Player::Search(search)) = posse::Player::new(&c, "search:iterations=6") else { panic!() };
    let mut g = new_game(&c, 9, 3);
    let mut rng = posse::rng::Rng::new(9);
    let mut compared = 0;
    for _ in 0..400 {
        let pending: Vec<_> = g.pending().iter().map(|r| (r.seat, r.count, r.multi)).collect();
        if pending.is_empty() {
            break;
        }
        // A group of orders whose first seat has two answers to give, the second seat some.
        if let [(first, count, false), (second, seconds, _), ..] = pending[..] {
            if count >= 2 && (seconds >= 2 || pending[1].2) && compared < 4 {
                let mut a = posse::Game::from_record(c.clone(), &g.record()).unwrap().0;
                let mut b = posse::Game::from_record(c.clone(), &g.record()).unwrap().0;
                a.choose(first, &[1]).unwrap();
                b.choose(first, &[2]).unwrap();
                let seed = compared as u64;
                let (x, y) =
                    (a.search_pick(&search, second, seed).unwrap(), b.search_pick(&search, second, seed).unwrap());
                assert_eq!(x, y, "seat {second} after seat {first}'s order");
                compared += 1;
            }
        }
        let r = g.next_request().unwrap();
        let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
        g.choose(seat, &picks).unwrap();
    }
    assert!(compared > 0, "no group of orders met");
}

/// A free action that undoes itself (a lamp switched on and off) does not keep the search
/// going round: in a turn it never answers the same question the same way where it has
/// seen the same before, so it switches at most twice in a row (on, then off, then it
/// ends the turn), where the hidden card that decides makes every playout a coin toss.
#[test]
fn the_search_does_not_go_round_a_free_action() {
    let c = load_fixture("lamp");
    let lineup = Lineup { bots: vec!["search:iterations=4".into(); 2], ban: None };
    for seed in 0..8 {
        let g = posse::sim::play_with(&c, seed, Some(2), &lineup).unwrap_or_else(|e| panic!("{e}"));
        let mut switches = 0;
        for ch in g.choices() {
            switches = if ch.picks == [1] { switches + 1 } else { 0 };
            assert!(switches <= 2, "seed {seed}: seat {} switched {switches} times in a turn", ch.seat);
        }
        assert!(g.result().is_some(), "seed {seed}: not over");
    }
}
