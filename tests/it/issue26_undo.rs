//! Issue 26: undo points. A table marks one before each of a person's decisions
//! (`Game::mark`); `undo` goes back from the nearest one instead of replaying the game, and
//! must land on the very game a replay from the start makes.

use posse::{Game, Setup};
use posse_tests::*;

/// The game `whole` after its first `keep` choices, replayed from the start, unmarked.
fn replayed(whole: &Game, keep: usize) -> Game {
    let mut g = Game::new(whole.content().clone(), whole.setup().clone()).unwrap();
    for c in &whole.choices()[..keep] {
        g.choose(c.seat, &c.picks).unwrap();
    }
    g
}

fn same(a: &Game, b: &Game, what: &str) {
    assert_eq!(a.choices().len(), b.choices().len(), "{what}: how many choices");
    assert_eq!(a.choices(), b.choices(), "{what}: choices");
    assert_eq!(a.state_hash(), b.state_hash(), "{what}: state");
    assert_eq!(a.view(None), b.view(None), "{what}: the god view");
    assert_eq!(a.next_request().map(|r| r.seat), b.next_request().map(|r| r.seat), "{what}: who is asked");
    assert_eq!(asked(a), asked(b), "{what}: the question");
}

#[test]
fn undo_from_marks_lands_on_the_game_a_replay_makes() {
    for (id, players, seed) in [("dice_town", 3, 4), ("goldfever/high_noon", 2, 1), ("marshals", 3, 2)] {
        let content = load(id);
        let setup = Setup::new(&content, seed, Some(players)).unwrap();
        let whole = Game::new_with_random_bots(content.clone(), setup.clone()).unwrap();
        let at = whole.choices().len() * 2 / 3;
        // Seat 1 is the person: an undo point before each of its decisions.
        let mut g = Game::new(content.clone(), setup).unwrap();
        for c in &whole.choices()[..at] {
            if c.seat == 1 {
                g.mark().unwrap();
            }
            g.choose(c.seat, &c.picks).unwrap();
        }
        // Take back the person's decisions one by one, past the kept marks and beyond.
        for n in 1..=posse::MARKS + 2 {
            let Some(last) = g.choices().iter().rposition(|c| c.seat == 1) else { break };
            let k = g.choices().len() - last;
            assert_eq!(g.undo(k).unwrap(), k);
            same(&g, &replayed(&whole, last), &format!("{id}: undo {n}"));
        }
        // Redo, play on and mark again: the marks left stay true.
        let back = g.choices().len();
        g.redo(3).unwrap();
        g.mark().unwrap();
        for c in &whole.choices()[back + 3..back + 8] {
            g.choose(c.seat, &c.picks).unwrap();
        }
        g.undo(3).unwrap();
        same(&g, &replayed(&whole, back + 5), &format!("{id}: from a mark and on"));
        g.undo(2).unwrap();
        same(&g, &replayed(&whole, back + 3), &format!("{id}: past the last mark"));
    }
}
