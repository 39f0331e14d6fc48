//! Issue 24, the built-in search player: a bot name with settings, the same game from the
//! same seed, and no answer that depends on what its seat cannot see.

use crate::issue24_worlds::{changed_unseen, games};
use posse::sim::Lineup;
use posse::Search;
use posse_tests::*;

#[test]
fn search_is_a_bot_name_with_settings() {
    assert_eq!(Search::parse("search").unwrap(), Some(Search::default()));
    let s = Search::parse("search:iterations=50,exploration=0.5").unwrap().unwrap();
    assert_eq!((s.iterations, s.exploration), (50, 0.5));
    assert_eq!(Search::parse("sharp").unwrap(), None);
    assert_eq!(Search::parse("searcher").unwrap(), None);
    for (bad, says) in [
        ("search:depth=3", "unknown setting"),
        ("search:iterations=0", "from 1 to 1000000"),
        ("search:exploration=-1", "0 or more"),
        ("search:iterations", "expected KEY=VALUE"),
    ] {
        let e = Search::parse(bad).unwrap_err().to_string();
        assert!(e.contains(bad.split(':').nth(1).unwrap()) && e.contains(says), "{bad}: {e}");
    }
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
    let search = Search { iterations: 8, exploration: 1.4 };
    for (id, root, players) in [("hilo", fixtures(), 2), ("liars_dice", fixtures(), 3), ("dice_town", root(), 3)] {
        let c = std::sync::Arc::new(posse::Content::load(&root, id).unwrap_or_else(|e| panic!("{e}")));
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
