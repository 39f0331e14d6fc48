//! Issue 24, determinization: a world sampled for a seat (`Game::sample_world`) never
//! changes anything the seat is shown (its view, its rendered view, its question), and
//! draws what the seat cannot see with the right frequencies.

use posse_tests::*;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The games looked at, with a player count: fixtures and shipped games whose hidden
/// things are cards, tiles, dice and counters.
pub fn games() -> [(&'static str, PathBuf, usize); 8] {
    [
        ("kuhn", fixtures(), 2),
        ("hilo", fixtures(), 3),
        ("liars_dice", fixtures(), 3),
        ("dice_town", root(), 3),
        ("desperados", root(), 4),
        ("marshals", root(), 3),
        ("goldfever/high_noon", root(), 2),
        ("american_desperado/tiny", root(), 2),
    ]
}

/// At positions along random games, for every seat, many sampled worlds show the seat
/// exactly what the real one does; and some world differs from the real one.
#[test]
fn a_sampled_world_shows_the_seat_nothing_new() {
    for (id, root, players) in games() {
        let c = std::sync::Arc::new(posse::Content::load(&root, id).unwrap_or_else(|e| panic!("{e}")));
        let mut g = new_game(&c, 1, players);
        let mut differed = 0;
        for step in 0..60 {
            if step % 7 == 0 {
                let real = g.state_copy();
                for seat in 1..=players {
                    let (view, text) = (g.view(Some(seat)), g.render(Some(seat)).unwrap());
                    let question = g.pending().into_iter().find(|r| r.seat == seat).map(|r| r.labels());
                    for k in 0..4 {
                        let world = g.sample_world(seat, step * 100 + k);
                        if posse::hash::fnv(&serde_json::to_vec(&world).unwrap())
                            != posse::hash::fnv(&serde_json::to_vec(&real).unwrap())
                        {
                            differed += 1;
                        }
                        if let Some(labels) = &question {
                            if let Some(Ok((_, again))) = g.question_from(seat, world.clone()) {
                                assert_eq!(&again, labels, "{id} step {step} seat {seat}: the question");
                            }
                        }
                        g.replace_state(world);
                        assert!(g.view(Some(seat)) == view, "{id} step {step} seat {seat}: the view changed");
                        assert_eq!(g.render(Some(seat)).unwrap(), text, "{id} step {step} seat {seat}");
                        g.replace_state(real.clone());
                    }
                }
            }
            let Some(r) = g.next_request() else { break };
            let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut posse::rng::Rng::new(step)));
            g.choose(seat, &picks).unwrap_or_else(|e| panic!("{id}: {e}"));
        }
        assert!(differed > 0, "{id}: no sampled world differed: the test proved nothing");
    }
}

/// In Kuhn poker (Jack, Queen and King; one each, the third face down), the card seat 1
/// does not see in seat 2's hand is either of the two it does not hold, as often, for
/// every card seat 1 may hold.
#[test]
fn the_opponents_card_is_either_card_the_seat_does_not_hold() {
    let c = load_fixture("kuhn");
    let mut held = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let g = new_game(&c, seed, 2);
        let real = g.state_copy();
        let hand = |seat| {
            real.zones.iter().position(|z| c.zones[z.decl].id == "hand" && z.owner == Some(seat)).expect("a hand")
        };
        let (mine, theirs) = (real.zones[hand(0)].objects[0], real.zones[hand(1)].objects[0]);
        let my_card = c.defs[real.objects[mine].def].id.clone();
        held.insert(my_card.clone());
        let mut seen: BTreeMap<String, f64> = BTreeMap::new();
        let n = 2000;
        for k in 0..n {
            let w = g.sample_world(1, k);
            assert_eq!(c.defs[w.objects[mine].def].id, my_card, "seat 1's card stays");
            *seen.entry(c.defs[w.objects[theirs].def].id.clone()).or_default() += 1.0;
        }
        assert_eq!(seen.len(), 2, "seed {seed}: {seen:?}");
        assert!(!seen.contains_key(&my_card));
        for (card, count) in &seen {
            let share = count / n as f64;
            assert!((share - 0.5).abs() < 0.035, "seed {seed}, holding {my_card}: {card} {share:.3}");
        }
    }
    assert_eq!(held.len(), 3, "seat 1 held each card in some game");
}

/// In hilo (a deck of 4 high, 4 mid and 4 low cards, hands hidden from the others), the
/// cards seat 1 does not see are drawn in proportion to how many of each it does not see;
/// its own hand never changes.
#[test]
fn unknown_cards_are_drawn_in_proportion() {
    let c = load_fixture("hilo");
    let g = new_game(&c, 3, 2);
    let real = g.state_copy();
    let def = |st: &posse::state::State, o: usize| c.defs[st.objects[o].def].id.clone();
    let zone = |name: &str, seat: Option<usize>| {
        real.zones
            .iter()
            .position(|z| c.zones[z.decl].id == name && z.owner == seat)
            .unwrap_or_else(|| panic!("no zone {name}"))
    };
    let (mine, theirs, deck) = (zone("hand", Some(0)), zone("hand", Some(1)), zone("deck", None));
    assert!(!real.zones[theirs].objects.is_empty(), "seat 2 holds cards");
    // What seat 1 does not see: seat 2's hand and the deck.
    let mut unseen: BTreeMap<String, f64> = BTreeMap::new();
    for &o in real.zones[theirs].objects.iter().chain(&real.zones[deck].objects) {
        *unseen.entry(def(&real, o)).or_default() += 1.0;
    }
    let total: f64 = unseen.values().sum();
    let mut drawn: BTreeMap<String, f64> = BTreeMap::new();
    let n = 3000;
    let first = real.zones[theirs].objects[0];
    for k in 0..n {
        let w = g.sample_world(1, k);
        for &o in &real.zones[mine].objects {
            assert_eq!(def(&w, o), def(&real, o), "seat 1's own cards stay");
        }
        *drawn.entry(def(&w, first)).or_default() += 1.0;
    }
    for (d, count) in &unseen {
        let (want, got) = (count / total, drawn.get(d).copied().unwrap_or(0.0) / n as f64);
        // Three standard deviations of a proportion over 3000 draws is under 0.03.
        assert!((want - got).abs() < 0.03, "{d}: drawn {got:.3} of the time, expected {want:.3}");
    }
}

/// `st` with what `seat` (0-based) cannot see changed as it could be: the identities of
/// the unknown objects of each class (the zone their definitions start in) turned one
/// place on, the counters it cannot read shifted, the dice it cannot see turned.
pub fn changed_unseen(c: &posse::Content, st: &posse::state::State, seat: usize) -> posse::state::State {
    let mut out = st.clone();
    let mut classes: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for zone in &st.zones {
        for &o in &zone.objects {
            let carries = st.zones.iter().any(|z| z.object == Some(o));
            if !carries && !st.visible(c, o, seat) {
                classes.entry(c.defs[st.objects[o].def].zone).or_default().push(o);
            }
        }
    }
    for objs in classes.values() {
        for (k, &o) in objs.iter().enumerate() {
            out.objects[o].def = st.objects[objs[(k + 1) % objs.len()]].def;
        }
    }
    for (d, decl) in c.counters.iter().enumerate() {
        let slot = &st.counter_index[&decl.id];
        if decl.per_object {
            for o in 0..st.objects.len() {
                if !st.visible(c, o, seat) || !posse::state::State::object_counter_visible(c, d) {
                    out.object_counters[o * st.object_width + slot.first] += 3;
                }
            }
        } else if decl.per_seat {
            for owner in 0..st.players() {
                if !posse::state::State::counter_visible(c, d, Some(owner), seat) {
                    out.counters[slot.first + owner] += 3;
                }
            }
        } else if !posse::state::State::counter_visible(c, d, None, seat) {
            out.counters[slot.first] += 3;
        }
    }
    for (d, die) in c.dice.iter().enumerate() {
        if !st.die_visible(c, d, seat) {
            out.dice[d] = (out.dice[d] + 1) % die.faces.len().max(1);
        }
    }
    for owner in 0..st.players() {
        for (d, die) in c.seat_dice.iter().enumerate() {
            if !st.seat_die_visible(c, owner, d, seat) {
                let i = st.seat_die(c, owner, d);
                out.seat_dice[i] = (out.seat_dice[i] + 1) % die.faces.len().max(1);
            }
        }
    }
    out
}

/// A sampled world depends on what the seat sees and on the draw alone: with what the
/// seat cannot see changed (`changed_unseen`), the same draw gives a world with the same
/// things in the same places, as the omniscient view shows them.
#[test]
fn a_sampled_world_does_not_depend_on_what_the_seat_cannot_see() {
    for (id, root, players) in games() {
        let c = std::sync::Arc::new(posse::Content::load(&root, id).unwrap_or_else(|e| panic!("{e}")));
        let mut g = new_game(&c, 2, players);
        let mut changed = 0;
        for step in 0..50 {
            if step % 10 == 0 {
                let real = g.state_copy();
                for seat in 0..players {
                    let other = changed_unseen(&c, &real, seat);
                    let draw = 11 * step + seat as u64;
                    let a = real.sample_world(&c, seat, &mut posse::rng::Rng::new(draw));
                    let b = other.sample_world(&c, seat, &mut posse::rng::Rng::new(draw));
                    g.replace_state(other.clone());
                    let other_view = g.view(None);
                    g.replace_state(real.clone());
                    if other_view != g.view(None) {
                        changed += 1;
                    }
                    g.replace_state(a);
                    let va = g.view(None);
                    g.replace_state(b);
                    let vb = g.view(None);
                    if vb != va {
                        let (ja, jb) =
                            (serde_json::to_string_pretty(&va).unwrap(), serde_json::to_string_pretty(&vb).unwrap());
                        panic!(
                            "{id} step {step} seat {}: the worlds differ: {}",
                            seat + 1,
                            posse::leaks::difference(&ja, &jb)
                        );
                    }
                    g.replace_state(real.clone());
                }
            }
            let Some(r) = g.next_request() else { break };
            let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut posse::rng::Rng::new(step)));
            g.choose(seat, &picks).unwrap_or_else(|e| panic!("{id}: {e}"));
        }
        assert!(changed > 0, "{id}: nothing hidden was changed: the test proved nothing");
    }
}
