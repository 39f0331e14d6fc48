//! Checklist lines C, R, S, G, K, H, M of desperados.gaps.md (sections 1.1 to 1.7), one test
//! each, named after its line; a doc comment quotes the line's id and names any neighbour
//! line the test also covers.
//!
//! Most tests start from [`quiet_game`]: schedule A first (brown follows A, B, C, D, E in
//! turns 1 to 5), three players, the law and the pawns placed where the five moves of
//! [`ROWS`] make nobody meet the Marshal. Where a test needs to be at a given move without
//! caring how it got there, [`to_move`] plays the quiet way (Sheriffs stay, each seat its
//! first offered card, no activity) up to that move.

use super::*;
use posse::view::{ObjectView, ZoneView};
use posse::Setup;
use std::collections::{BTreeMap, BTreeSet};

// ------------------------------------------------------------------------------ helpers

/// The cards of turn 1 in [`quiet_game`], move by move, for the Marshal, p2 and p3. Nobody
/// ends a step in the Marshal's town and nobody ends the turn in a bank town.
const ROWS: [[&str; 3]; 5] = [
    ["Flagstaff", "Santa Fe", "Nogales"],
    ["Payson", "Los Lunas", "Tombstone"],
    ["Phoenix", "Socorro", "Silver City"],
    ["Saloon", "Salem", "St. Johns"],
    ["Globe", "El Paso", "Gallup"],
];

/// Schedule A first, three players: the Marshal in Tuba City, both Sheriffs in Salem, p2 in
/// Aztec, p3 in Tucson. Waits for the Marshal's first Sheriff decision of turn 1, move 1.
fn quiet_game() -> Game {
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    place(&mut g, "Tuba City", &["Salem", "Salem"], &["Aztec", "Tucson"]);
    g
}

/// The names of the towns joined to town `name` by a road.
fn roads(name: &str) -> BTreeSet<String> {
    let c = content();
    let ns = c.board.neighbours(&node(name)).expect("a town on the board");
    ns.iter().map(|n| town_name(c.board.index_of(n).expect("a node") as i64 + 1)).collect()
}

/// The values of a zone's tiles, top first (an omniscient view sees them all).
fn values(z: &ZoneView) -> Vec<i64> {
    z.objects
        .iter()
        .map(|o| match o {
            ObjectView::Shown { props, .. } => props["value"].as_i64().expect("a tile has a value"),
            ObjectView::Hidden { .. } => panic!("a hidden tile where every tile should be shown"),
        })
        .collect()
}

/// Whether every object of the zone is hidden from the viewer.
fn all_hidden(z: &ZoneView) -> bool {
    z.objects.iter().all(|o| matches!(o, ObjectView::Hidden { .. }))
}

/// Whether no object of the zone lies face up.
fn face_down(z: &ZoneView) -> bool {
    z.objects.iter().all(|o| !matches!(o, ObjectView::Shown { face_up: true, .. }))
}

/// The number of cards in `seat`'s hand.
fn hand_size(g: &Game, seat: usize) -> usize {
    g.view(None).seats[seat - 1].zones["hand"].count
}

/// A set of labels.
fn set(labels: &[&str]) -> BTreeSet<String> {
    labels.iter().map(|l| l.to_string()).collect()
}

/// Whether a pending decision's prompt starts with `prefix`.
fn asking(g: &Game, prefix: &str) -> bool {
    g.pending().iter().any(|r| r.prompt().starts_with(prefix))
}

/// Answers every pending decision the quiet way: Sheriffs stay, each seat plays the first
/// card it is offered, nobody takes up an activity.
fn step(g: &mut Game) {
    let asked: Vec<(usize, String)> = g.pending().iter().map(|r| (r.seat, r.prompt())).collect();
    for (seat, p) in asked {
        if p.starts_with("Sheriff ") {
            answer(g, seat, "Stay in ");
        } else if p.starts_with("Move ") {
            answer(g, seat, "No activity");
        } else if p.starts_with("Turn ") {
            g.choose(seat, &[1]).unwrap_or_else(|e| panic!("seat {seat}: {e}"));
        } else {
            panic!("seat {seat}: no quiet answer to {p:?}");
        }
    }
}

/// Plays the quiet way until `done` holds.
fn until(g: &mut Game, done: impl Fn(&Game) -> bool) {
    while !done(g) {
        assert!(!g.is_over(), "the game ended first");
        step(g);
    }
}

/// Plays the quiet way until move `k` of turn `t` has begun: the coaches have moved and the
/// Marshal is asked about Sheriff 1.
fn to_move(g: &mut Game, t: i64, k: i64) {
    until(g, |g| asking(g, "Sheriff 1 is in") && counter(g, "turn", None) == t && counter(g, "move", None) == k);
}

/// Plays the quiet way to the end of the game.
fn finish(g: &mut Game) {
    while !g.is_over() {
        step(g);
    }
}

/// Plays one move per row (a card for every seat, in seat order): Sheriffs stay, nobody
/// takes up an activity.
fn moves<R: AsRef<[&'static str]>>(g: &mut Game, rows: &[R]) {
    let sheriffs = g.players() - 1;
    for r in rows {
        sheriffs_stay(g, sheriffs);
        play(g, r.as_ref());
        no_activity(g);
    }
}

/// Answers again, changing the answer `seat` already gave to the pending decision.
fn revise(g: &mut Game, seat: usize, label: &str) {
    let (r, _) = g.revisable(seat).unwrap_or_else(|| panic!("seat {seat} has no answer to change"));
    let i = r.labels().iter().position(|l| l == label).unwrap_or_else(|| panic!("no option {label:?}"));
    g.choose(seat, &[i as u32 + 1]).unwrap_or_else(|e| panic!("seat {seat} changing to {label:?}: {e}"));
}

/// The label of the answer `seat` gave to the pending decision, while it may change it.
fn revisable_label(g: &Game, seat: usize) -> Option<String> {
    let (r, picks) = g.revisable(seat)?;
    Some(r.labels()[picks[0] as usize - 1].clone())
}

/// The labels of the answers to the pending decision that `viewer` sees, by seat.
fn answers_seen(g: &Game, viewer: usize) -> Vec<(usize, String)> {
    g.view(Some(viewer)).answers.iter().map(|a| (a.seat, a.labels.join(", "))).collect()
}

/// The route (town names) of the schedule laid out as number `i` (1..5).
fn route(g: &Game, i: i64) -> Vec<String> {
    let c = g.content();
    let s = &c.data["schedules"][counter(g, &format!("schedule_{i}"), None) as usize - 1];
    let ids = s["route"].as_array().expect("a route");
    ids.iter().map(|id| town_name(c.board.index_of(id.as_str().expect("an id")).expect("a town") as i64 + 1)).collect()
}

/// Turn and move of a card prompt ("Turn 2, move 3: ...").
fn turn_move(prompt: &str) -> Option<(i64, i64)> {
    let rest = prompt.strip_prefix("Turn ")?;
    let (t, rest) = rest.split_once(", move ")?;
    let (k, _) = rest.split_once(':')?;
    Some((t.parse().ok()?, k.parse().ok()?))
}

/// The index of the first log line (omniscient) that contains `text`.
fn line_of(g: &Game, text: &str) -> usize {
    let log = g.log_lines(None);
    log.iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("no log line {text:?}"))
}

// --------------------------------------------------------------------- 1.1 components

/// C1: 19 towns joined by roads; a deck is the 19 town cards and the Saloon; [F] five of
/// the towns have a bank, the others a poker tile.
#[test]
fn c1_nineteen_cities_joined_by_roads() {
    let g = new_game(&content(), 1, 3);
    let towns = labels(&g, 1);
    assert_eq!(towns.iter().collect::<BTreeSet<_>>().len(), 19, "the Marshal may start in any town: {towns:?}");
    let c = content();
    let nodes = c.board.nodes();
    assert_eq!(nodes.len(), 19);
    for n in nodes {
        assert!(c.board.path(&nodes[0], n).is_some(), "no road leads from {} to {n}", nodes[0]);
    }
    let v = g.view(None);
    let mut deck = towns.clone();
    deck.push("Saloon".into());
    deck.sort();
    for s in 1..=3 {
        let mut hand = names(&v.seats[s - 1].zones["hand"]);
        hand.sort();
        assert_eq!(hand, deck, "seat {s}'s deck");
    }
    let banks = v.board.values().filter(|z| z["bank"].count == 1).count();
    let pokers = v.board.values().filter(|z| z["poker"].count == 1).count();
    assert_eq!((banks, pokers), (5, 14));
}

/// C2: two stage coaches, brown and blue: brown on the board from the start, blue beside
/// it in turn 1 and on it from turn 2.
#[test]
fn c2_two_stage_coaches_brown_and_blue() {
    let mut g = quiet_game();
    assert_ne!(counter(&g, "brown_at", None), 0, "the brown coach is on the board");
    assert_eq!(counter(&g, "blue_at", None), 0, "the blue coach is beside the board");
    to_move(&mut g, 2, 1);
    let (brown, blue) = (counter(&g, "brown_at", None), counter(&g, "blue_at", None));
    assert!(brown != 0 && blue != 0 && brown != blue, "two coaches on the board: {brown}, {blue}");
    let shown = g.render(Some(2)).unwrap();
    let line = format!("Coaches: brown in {}; blue in {}", town_name(brown), town_name(blue));
    assert!(shown.contains(&line), "{shown}");
    let rides = g.log_lines(Some(2));
    let since = rides.iter().rposition(|l| l == "Turn 2 begins.").unwrap();
    let coaches: Vec<&String> = rides[since..].iter().filter(|l| l.contains(" coach rides to ")).collect();
    assert_eq!(coaches.len(), 2, "both coaches ride in move 1 of turn 2: {coaches:?}");
}

/// C3: five two-sided schedules: laid out in an order of all five, each a route of five
/// steps along roads; the route a schedule gives the brown coach (brown side) it gives the
/// blue coach one turn later (blue side).
#[test]
fn c3_five_two_sided_schedules() {
    for seed in 1..=3 {
        let mut g = new_game(&content(), seed, 3);
        place(&mut g, "Tuba City", &["Salem", "Salem"], &["Aztec", "Tucson"]);
        let mut order: Vec<i64> = (1..=5).map(|i| counter(&g, &format!("schedule_{i}"), None)).collect();
        order.sort();
        assert_eq!(order, [1, 2, 3, 4, 5], "seed {seed}");
        for i in 1..=5 {
            let r = route(&g, i);
            assert_eq!(r.len(), 6, "schedule {i}: {r:?}");
            for w in r.windows(2) {
                assert!(roads(&w[0]).contains(&w[1]), "schedule {i}: no road {} - {}", w[0], w[1]);
            }
        }
        let mut brown = Vec::new();
        for k in 1..=5 {
            to_move(&mut g, 1, k);
            brown.push(counter(&g, "brown_at", None));
        }
        let mut blue = Vec::new();
        for k in 1..=5 {
            to_move(&mut g, 2, k);
            blue.push(counter(&g, "blue_at", None));
        }
        assert_eq!(blue, brown, "seed {seed}: blue in turn 2 rides the route brown rode in turn 1");
    }
}

/// C4: fourteen poker tiles: 5 x 300, 4 x 400, 3 x 500, 2 x 600 (sum 5,800).
#[test]
fn c4_fourteen_poker_tiles_5x300_4x400_3x500_2x600() {
    let g = new_game(&content(), 1, 3);
    let v = g.view(None);
    let mut vals: Vec<i64> = v.board.values().flat_map(|z| values(&z["poker"])).collect();
    vals.sort();
    let want: Vec<i64> =
        [(300, 5), (400, 4), (500, 3), (600, 2)].iter().flat_map(|&(v, n)| std::iter::repeat_n(v, n)).collect();
    assert_eq!(vals, want);
    assert_eq!(vals.iter().sum::<i64>(), 5_800);
    let c = content();
    let st = g.state();
    let pokers = st.objects.iter().filter(|o| c.defs[o.def].props["kind"] == "poker").count();
    assert_eq!(pokers, 14, "no poker tile besides those on the board");
}

/// C5: ten stage-coach tiles: 2 each of 800, 900, 1000, 1100, 1200 (sum 10,000).
#[test]
fn c5_ten_coach_tiles_two_each_of_800_to_1200() {
    let g = new_game(&content(), 1, 3);
    let mut vals = values(&g.view(None).zones["coach_stack"]);
    vals.sort();
    assert_eq!(vals, [800, 800, 900, 900, 1000, 1000, 1100, 1100, 1200, 1200]);
    assert_eq!(vals.iter().sum::<i64>(), 10_000);
}

/// C6: twelve bank tiles: 500, 800, 1100, 1400, 1700, 3 x 2000, 2300, 2600, 2900, 3200
/// (sum 22,500). Also the line after C8: all the money in the game is 38,300.
#[test]
fn c6_twelve_bank_tiles_sum_22500() {
    let g = new_game(&content(), 1, 3);
    let v = g.view(None);
    let mut vals: Vec<i64> = v.board.values().flat_map(|z| values(&z["bank"])).collect();
    vals.extend(values(&v.zones["bank_stack"]));
    vals.sort();
    assert_eq!(vals, [500, 800, 1100, 1400, 1700, 2000, 2000, 2000, 2300, 2600, 2900, 3200]);
    assert_eq!(vals.iter().sum::<i64>(), 22_500);
    let c = content();
    let st = g.state();
    let money: i64 = st.objects.iter().filter_map(|o| c.defs[o.def].props["value"].as_i64()).sum();
    assert_eq!(money, 38_300, "poker, coach and bank tiles together");
}

/// C7: one Marshal pawn, five Sheriffs, five desperado pawns and five discs (6 players:
/// all in play), each disc on its poster at the start.
#[test]
fn c7_marshal_five_sheriffs_five_desperadoes_five_discs() {
    let mut g = new_game(&content(), 1, 6);
    let sheriffs = ["Salem", "Globe", "Aztec", "Tucson", "Gallup"];
    let pawns = ["Phoenix", "Payson", "Shiprock", "Nogales", "El Paso"];
    place(&mut g, "Tuba City", &sheriffs, &pawns);
    let v = g.view(Some(2));
    assert_eq!(v.seats[0].role.as_deref(), Some("marshal"));
    assert_eq!(counter(&g, "at", Some(1)), town_no("Tuba City"), "the Marshal's pawn");
    for (i, s) in sheriffs.iter().enumerate() {
        assert_eq!(counter(&g, &format!("sheriff_{}", i + 1), None), town_no(s), "Sheriff {}", i + 1);
    }
    for (i, p) in pawns.iter().enumerate() {
        let seat = i + 2;
        assert_eq!(v.seats[seat - 1].role.as_deref(), Some("desperado"), "seat {seat}");
        assert_eq!(counter(&g, "at", Some(seat)), town_no(p), "seat {seat}'s pawn");
        assert_eq!(counter(&g, "disc", Some(seat)), 0, "seat {seat}'s disc is on his poster");
    }
    let shown = g.render(Some(2)).unwrap();
    assert_eq!(shown.matches("disc on poster").count(), 5, "{shown}");
}

/// C8: 120 movement cards, six decks of 20 (19 towns and the Saloon); every seat, the
/// Marshal (white deck) included, gets one; unused decks stay out of play.
#[test]
fn c8_six_decks_of_twenty_movement_cards() {
    for players in [3, 6] {
        let g = new_game(&content(), 1, players);
        let v = g.view(None);
        let boxed = v.zones["box"].count;
        assert_eq!(boxed, (6 - players) * 20, "{players} players: decks left in the box");
        let mut total = boxed;
        for s in 1..=players {
            let hand = names(&v.seats[s - 1].zones["hand"]);
            let distinct: BTreeSet<&String> = hand.iter().collect();
            assert_eq!((hand.len(), distinct.len()), (20, 20), "{players} players, seat {s}: {hand:?}");
            assert!(hand.iter().any(|c| c == "Saloon"), "seat {s} has a Saloon");
            total += hand.len();
        }
        assert_eq!(total, 120);
    }
}

// ----------------------------------------------------------------- 1.2 players, roles

/// R1: one Marshal; all the others are desperadoes who win or lose together.
#[test]
fn r1_one_marshal_against_desperadoes_who_win_or_lose_together() {
    let target_0 =
        variant("desperados_setup_moves_target_0", &[("target_per_desperado: 4000", "target_per_desperado: 0")]);
    for (content, rich) in [(content(), false), (target_0, true)] {
        let mut g = new_game(&content, 5, 4);
        place(&mut g, "Tuba City", &["Salem", "Salem", "Globe"], &["Aztec", "Tucson", "Nogales"]);
        let v = g.view(None);
        assert_eq!((v.seats[0].role.as_deref(), v.seats[0].team.as_deref()), (Some("marshal"), None));
        for s in 2..=4 {
            assert_eq!(v.seats[s - 1].role.as_deref(), Some("desperado"), "seat {s}");
            assert_eq!(v.seats[s - 1].team.as_deref(), Some("desperadoes"), "seat {s}");
        }
        finish(&mut g);
        let r = g.result().expect("a result").clone();
        let booty = counter(&g, "booty_total", None);
        let goal = if rich { 0 } else { 12_000 };
        let want = if booty >= goal { vec![2, 3, 4] } else { vec![1] };
        assert_eq!(r.winners, want, "booty {booty} against {goal}");
        for s in 2..=4 {
            assert_eq!(r.scores.get(&s), Some(&booty), "seat {s} scores the team's booty");
        }
        if rich {
            assert_eq!(r.winners, [2, 3, 4], "all desperadoes win together");
        }
    }
}

/// R2: as many Sheriffs as desperadoes; the spare ones stay in the box.
#[test]
fn r2_as_many_sheriffs_as_desperadoes() {
    for players in 3..=6 {
        let mut g = new_game(&content(), 1, players);
        answer(&mut g, 1, "Tuba City");
        let mut placed = 0;
        while asking(&g, "Setup: where does Sheriff") {
            placed += 1;
            assert_eq!(prompt(&g, 1), format!("Setup: where does Sheriff {placed} start?"));
            answer(&mut g, 1, "Salem");
        }
        assert_eq!(placed, players - 1, "{players} players");
        for s in 2..=players {
            answer(&mut g, s, "Globe");
        }
        for i in 1..=5 {
            let want = if i < players { town_no("Salem") } else { 0 };
            assert_eq!(counter(&g, &format!("sheriff_{i}"), None), want, "{players} players, Sheriff {i}");
        }
        let mut decided = 0;
        while asking(&g, "Sheriff ") {
            decided += 1;
            answer(&mut g, 1, "Stay in ");
        }
        assert_eq!(decided, players - 1, "{players} players: Sheriffs the Marshal moves each move");
    }
}

/// R3: two to five desperadoes: 3 to 6 players.
#[test]
fn r3_three_to_six_players() {
    for players in [2, 7] {
        assert!(Setup::new(&content(), 1, Some(players)).is_err(), "{players} players must be refused");
    }
    for players in 3..=6 {
        let g = new_game(&content(), 1, players);
        assert_eq!(prompt(&g, 1), "Setup: where does the Marshal start?");
        let v = g.view(None);
        let desperadoes = v.seats.iter().filter(|s| s.role.as_deref() == Some("desperado")).count();
        assert_eq!(desperadoes, players - 1);
    }
}

// -------------------------------------------------------------------------- 1.3 setup

/// S1: the board in the middle: every seat sees the same board, with the same tiles on the
/// same towns and the same pieces in the open.
#[test]
fn s1_one_board_shared_by_all() {
    let mut g = new_game(&content(), 1, 4);
    place(&mut g, "Tuba City", &["Salem", "Salem", "Globe"], &["Aztec", "Tucson", "Nogales"]);
    let all = g.view(None);
    let c = content();
    let nodes: BTreeSet<&String> = c.board.nodes().iter().collect();
    for seat in 1..=4 {
        let v = g.view(Some(seat));
        assert_eq!(v.board.keys().collect::<BTreeSet<_>>(), nodes, "seat {seat}");
        for (n, zones) in &v.board {
            let tiles = |z: &BTreeMap<String, ZoneView>| (z["bank"].count, z["poker"].count);
            assert_eq!(tiles(zones), tiles(&all.board[n]), "seat {seat}, {n}");
            assert_eq!(tiles(zones).0 + tiles(zones).1, 1, "{n} has one tile");
        }
        assert_eq!(v.counters, all.counters, "seat {seat}: coaches, Sheriffs, schedules");
        for s in 1..=4 {
            assert_eq!(v.seats[s - 1].counters["at"], all.seats[s - 1].counters["at"], "seat {seat} sees pawn {s}");
        }
    }
}

/// S2: two 2000 bank tiles aside; three low and two high tiles, shuffled, on the banks;
/// the other three low and two high shuffled into the bank stack, the two 2000s at its
/// bottom; all face down.
#[test]
fn s2_bank_tiles_three_low_two_high_on_the_banks_two_2000_at_the_bottom() {
    let c = content();
    let banks: Vec<String> =
        c.data["banks"].as_array().unwrap().iter().map(|b| b.as_str().unwrap().to_string()).collect();
    let low = |v: &i64| *v <= 2000;
    let mut layouts = BTreeSet::new();
    let mut stacks = BTreeSet::new();
    for seed in 1..=8 {
        let g = new_game(&content(), seed, 3);
        let v = g.view(None);
        let on: Vec<i64> = banks.iter().map(|b| values(&v.board[b]["bank"])[0]).collect();
        assert_eq!(on.iter().filter(|v| low(v)).count(), 3, "seed {seed}: banks hold {on:?}");
        let stack = values(&v.zones["bank_stack"]);
        assert_eq!(stack.len(), 7, "seed {seed}: {stack:?}");
        assert_eq!(stack[5..], [2000, 2000], "seed {seed}: the two set-aside 2000s at the bottom: {stack:?}");
        assert_eq!(stack[..5].iter().filter(|v| low(v)).count(), 3, "seed {seed}: {stack:?}");
        assert_eq!(v.zones["set_aside"].count, 0);
        for b in &banks {
            assert!(face_down(&v.board[b]["bank"]), "seed {seed}: {b}");
            assert!(all_hidden(&g.view(Some(2)).board[b]["bank"]), "seed {seed}: a desperado sees {b}'s tile");
        }
        assert!(face_down(&v.zones["bank_stack"]) && all_hidden(&g.view(Some(1)).zones["bank_stack"]));
        layouts.insert(on);
        stacks.insert(stack);
    }
    assert!(layouts.len() > 4, "the banks' tiles are shuffled: {layouts:?}");
    assert!(stacks.len() > 4, "the bank stack is shuffled: {stacks:?}");
}

/// S3: the poker tiles shuffled face down, one on each of the 14 towns without a bank.
#[test]
fn s3_one_poker_tile_face_down_on_each_town_without_a_bank() {
    let c = content();
    let banks: BTreeSet<&str> = c.data["banks"].as_array().unwrap().iter().map(|b| b.as_str().unwrap()).collect();
    let mut layouts = BTreeSet::new();
    for seed in 1..=6 {
        let g = new_game(&content(), seed, 3);
        let v = g.view(None);
        let mut layout = Vec::new();
        for n in c.board.nodes() {
            let poker = &v.board[n]["poker"];
            let want = if banks.contains(n.as_str()) { 0 } else { 1 };
            assert_eq!(poker.count, want, "seed {seed}: {n}");
            assert!(face_down(poker), "seed {seed}: {n}");
            for seat in 1..=3 {
                assert!(all_hidden(&g.view(Some(seat)).board[n]["poker"]), "seed {seed}: seat {seat} sees {n}");
            }
            layout.extend(values(poker));
        }
        layouts.insert(layout);
    }
    assert!(layouts.len() > 4, "the poker tiles are shuffled: {layouts:?}");
}

/// S4: the coach tiles shuffled face down into one stack.
#[test]
fn s4_coach_tiles_shuffled_face_down_into_one_stack() {
    let mut orders = BTreeSet::new();
    for seed in 1..=6 {
        let g = new_game(&content(), seed, 3);
        let stack = &g.view(None).zones["coach_stack"];
        assert_eq!(stack.count, 10);
        assert!(face_down(stack), "seed {seed}");
        for seat in 1..=3 {
            assert!(all_hidden(&g.view(Some(seat)).zones["coach_stack"]), "seed {seed}: seat {seat}");
        }
        orders.insert(values(stack));
    }
    assert!(orders.len() > 4, "the coach stack is shuffled: {orders:?}");
}

/// S5: a random first schedule, then each next one starts where the one before ends, all
/// five laid out: a cycle with five different starts (rulebook example: #1 Los Lunas to
/// Gallup, #2 Gallup to Flagstaff).
#[test]
fn s5_schedules_chained_from_a_random_first() {
    let mut firsts = BTreeSet::new();
    for seed in 1..=10 {
        let g = new_game(&content(), seed, 3);
        let routes: Vec<Vec<String>> = (1..=5).map(|i| route(&g, i)).collect();
        for i in 0..5 {
            let (this, next) = (&routes[i], &routes[(i + 1) % 5]);
            assert_eq!(this.last(), next.first(), "seed {seed}: schedule {} ends where {} starts", i + 1, i + 2);
        }
        let starts: BTreeSet<&String> = routes.iter().map(|r| &r[0]).collect();
        assert_eq!(starts.len(), 5, "seed {seed}");
        firsts.insert(counter(&g, "schedule_1", None));
    }
    assert!(firsts.len() > 2, "the first schedule is drawn at random: {firsts:?}");
    let g = new_game(&with_first_schedule(1), 1, 3);
    assert!(log_has(&g, Some(2), "The schedules: A (Los Lunas to Gallup), B (Gallup to Flagstaff), C "));
}

/// S6: the brown coach on the start of schedule #1; the blue coach beside the board, out of
/// play in turn 1.
#[test]
fn s6_brown_coach_on_the_first_start_blue_beside_the_board() {
    for seed in [1, 2, 3] {
        let mut g = new_game(&content(), seed, 3);
        place(&mut g, "Tuba City", &["Salem", "Salem"], &["Aztec", "Tucson"]);
        let first = route(&g, 1);
        assert!(log_has(&g, Some(2), &format!("The brown coach waits in {}.", first[0])), "seed {seed}");
        for k in 1..=5 {
            to_move(&mut g, 1, k);
            assert_eq!(town(&g, "brown_at", None), first[k as usize], "seed {seed}, move {k}");
            assert_eq!(counter(&g, "blue_at", None), 0, "seed {seed}, move {k}: blue beside the board");
        }
        assert!(g.render(Some(2)).unwrap().contains("blue beside the board"));
    }
}

/// S7: the Marshal (with the white deck) places his pawn and all his Sheriffs in towns of
/// his choice, several in one town if he likes, before the desperadoes place theirs.
#[test]
fn s7_the_marshal_places_himself_and_his_sheriffs_anywhere() {
    let mut g = new_game(&content(), 1, 4);
    assert_eq!(prompt(&g, 1), "Setup: where does the Marshal start?");
    assert_eq!(labels(&g, 1).len(), 19);
    assert_eq!(hand_size(&g, 1), 20, "the Marshal has his deck");
    answer(&mut g, 1, "Salem");
    for i in 1..=3 {
        assert_eq!(waiting(&g), [1], "the desperadoes wait for the law");
        assert_eq!(prompt(&g, 1), format!("Setup: where does Sheriff {i} start?"));
        assert_eq!(labels(&g, 1).len(), 19);
        answer(&mut g, 1, "Salem");
    }
    assert_eq!(counter(&g, "at", Some(1)), town_no("Salem"));
    for i in 1..=3 {
        assert_eq!(counter(&g, &format!("sheriff_{i}"), None), town_no("Salem"), "Sheriff {i} shares Salem");
    }
    assert_eq!(waiting(&g), [2]);
    let v = g.view(Some(2));
    assert_eq!(v.counters["sheriff_1"], town_no("Salem"), "p2 sees where the Sheriffs are");
    assert_eq!(v.seats[0].counters["at"], town_no("Salem"), "p2 sees where the Marshal is");
}

/// S8: each desperado places his pawn in any town; sharing a town with the Marshal or a
/// Sheriff then has no effect (also G-START-COLOCATION: only end-of-step positions count).
#[test]
fn s8_desperadoes_place_their_pawns_anywhere_without_effect() {
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    answer(&mut g, 1, "Salem");
    answer(&mut g, 1, "Globe");
    answer(&mut g, 1, "Globe");
    assert_eq!(prompt(&g, 2), "Setup: where does your desperado start?");
    assert_eq!(labels(&g, 2).len(), 19);
    answer(&mut g, 2, "Salem");
    assert_eq!(labels(&g, 3).len(), 19);
    answer(&mut g, 3, "Globe");
    assert_eq!((counter(&g, "at", Some(2)), counter(&g, "at", Some(3))), (town_no("Salem"), town_no("Globe")));
    assert_eq!(waiting(&g), [1], "the game goes on to the first move");
    moves(
        &mut g,
        &[
            ["El Paso", "Socorro", "Phoenix"],
            ["Silver City", "Los Lunas", "Payson"],
            ["Tombstone", "Santa Fe", "Flagstaff"],
            ["Nogales", "Aztec", "Tuba City"],
            ["Tucson", "Shiprock", "Gallup"],
        ],
    );
    assert!(!log_has(&g, None, "arrested"), "{:?}", g.log_lines(None));
    assert_eq!(town(&g, "at", Some(2)), "Shiprock", "p2 played his whole turn");
    assert_eq!(town(&g, "at", Some(3)), "Gallup", "p3 played his whole turn");
}

// ----------------------------------------------------------------- 1.4 game structure

/// G1: five turns of five moves, each turn closed by the examination, the bank hold-ups
/// and the upkeep; then the game is over.
#[test]
fn g1_five_turns_of_five_moves_then_examination() {
    let mut g = new_game(&content(), 7, 3);
    place(&mut g, "Tuba City", &["Salem", "Salem"], &["Aztec", "Tucson"]);
    let mut seen = Vec::new();
    while !g.is_over() {
        let card = g.pending().iter().find(|r| r.seat == 1).and_then(|r| turn_move(&r.prompt()));
        if let Some((t, k)) = card {
            if seen.last() != Some(&(t, k)) {
                seen.push((t, k));
                if k == 1 {
                    let v = g.view(None);
                    let rows: usize = v.seats.iter().map(|s| s.zones["display"].count).sum();
                    let hands: usize = v.seats.iter().map(|s| s.zones["hand"].count).sum();
                    assert_eq!(rows, 0, "turn {t}: the rows were taken back");
                    assert_eq!(hands + v.zones["lost"].count, 60, "turn {t}: every card but the lost in hand");
                }
            }
        }
        step(&mut g);
    }
    let want: Vec<(i64, i64)> = (1..=5).flat_map(|t| (1..=5).map(move |k| (t, k))).collect();
    assert_eq!(seen, want);
    let log = g.log_lines(None);
    for t in 1..=5 {
        let begins = line_of(&g, &format!("Turn {t} begins."));
        let exam = line_of(&g, &format!("Turn {t}: the examination."));
        let end = if t < 5 { line_of(&g, &format!("Turn {} begins.", t + 1)) } else { log.len() };
        assert!(begins < exam && exam < end, "turn {t}");
        let plays = log[begins..exam].iter().filter(|l| l.ends_with("plays a card face down.")).count();
        assert_eq!(plays, 15, "turn {t}: five moves of three cards before the examination");
        assert!(log[begins..exam].iter().all(|l| !l.contains("'s card ")), "turn {t}: nothing revealed before");
        assert!(log[exam..end].iter().any(|l| l.contains("'s card 1")), "turn {t}: the examination reveals");
    }
    assert_eq!(counter(&g, "turn", None), 5);
    assert!(g.result().is_some());
}

/// G2: each move in this order: (a) the coaches ride, (b) the Marshal moves his Sheriffs,
/// (c, d) the hidden cards, then the desperadoes' activities (the Marshal has none). The
/// Marshal's card and the desperadoes' are asked at once, each revisable until all have
/// played (DECISIONS.md, G-CHANGE-WINDOW): nobody plays after seeing a final card.
#[test]
fn g2_each_move_coaches_then_sheriffs_then_hidden_cards_then_activities() {
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    place(&mut g, "Tuba City", &["Globe", "Phoenix"], &["Aztec", "Tucson"]);
    assert_eq!(waiting(&g), [1]);
    assert_eq!(prompt(&g, 1), "Sheriff 1 is in Globe.");
    assert_eq!(town(&g, "brown_at", None), "La Luz", "(a) the coach rode first");
    assert!(log_has(&g, Some(2), "The brown coach rides to La Luz."), "(a) in the open");
    answer(&mut g, 1, "Ride to Payson");
    assert_eq!(prompt(&g, 1), "Sheriff 2 is in Phoenix.");
    answer(&mut g, 1, "Stay in Phoenix");
    assert_eq!(waiting(&g), [1, 2, 3], "(c, d) every card at once");
    for s in 1..=3 {
        assert!(prompt(&g, s).starts_with("Turn 1, move 1: "), "seat {s}: {}", prompt(&g, s));
    }
    assert_eq!(g.view(Some(2)).counters["sheriff_1"], town_no("Payson"), "(b) the Sheriff rode before the cards");
    play(&mut g, &["Flagstaff", "Santa Fe", "Nogales"]);
    assert_eq!(waiting(&g), [2, 3], "then the desperadoes' activities, not the Marshal's");
    assert!(prompt(&g, 2).starts_with("Move 1: an activity"));
    no_activity(&mut g);
    assert_eq!(prompt(&g, 1), "Sheriff 1 is in Payson.", "the next move begins");
    assert_eq!(town(&g, "brown_at", None), "El Paso", "with the coaches again");
}

/// G3: coaches and Sheriffs move in the open at once; the pawns of the Marshal and the
/// desperadoes stay where they are until the examination.
#[test]
fn g3_pawns_move_only_at_the_examination() {
    let mut g = quiet_game();
    let brown = ["La Luz", "El Paso", "Silver City", "St. Johns", "Gallup"];
    let pawns = |g: &Game, viewer: usize| -> Vec<i64> {
        let v = g.view(Some(viewer));
        (1..=3).map(|s| v.seats[s - 1].counters["at"]).collect()
    };
    let start = [town_no("Tuba City"), town_no("Aztec"), town_no("Tucson")];
    for (k, r) in ROWS.iter().enumerate() {
        assert_eq!(town_name(g.view(Some(2)).counters["brown_at"]), brown[k], "move {}: the coach", k + 1);
        if k == 0 {
            answer(&mut g, 1, "Ride to Silver City");
            assert_eq!(g.view(Some(3)).counters["sheriff_1"], town_no("Silver City"), "the Sheriff, at once");
            answer(&mut g, 1, "Stay in Salem");
        } else {
            sheriffs_stay(&mut g, 2);
        }
        play(&mut g, r);
        no_activity(&mut g);
        if k < 4 {
            for viewer in 1..=3 {
                assert_eq!(pawns(&g, viewer), start, "move {}: seat {viewer} sees the pawns", k + 1);
            }
        }
    }
    assert_eq!(pawns(&g, 2), [town_no("Globe"), town_no("El Paso"), town_no("Gallup")], "moved at the examination");
}

/// G4: the Marshal knows the tiles on the banks at any time: those of the setup and those
/// put down after a hold-up; the desperadoes do not.
#[test]
fn g4_the_marshal_knows_the_bank_tiles() {
    let c = content();
    let banks: Vec<String> =
        c.data["banks"].as_array().unwrap().iter().map(|b| b.as_str().unwrap().to_string()).collect();
    let check = |g: &Game, when: &str| {
        let all = g.view(None);
        for b in &banks {
            let tile = names(&all.board[b]["bank"]);
            assert_eq!(tile.len(), 1, "{when}: {b}");
            assert_eq!(names(&g.view(Some(1)).board[b]["bank"]), tile, "{when}: the Marshal knows {b}");
            for s in 2..=3 {
                assert!(all_hidden(&g.view(Some(s)).board[b]["bank"]), "{when}: seat {s} sees {b}");
            }
        }
    };
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    place(&mut g, "Tucson", &["Salem", "Salem"], &["Tuba City", "Phoenix"]);
    check(&g, "setup");
    let rows = [
        ["Nogales", "Gallup", "Globe"],
        ["Tombstone", "Shiprock", "Payson"],
        ["Saloon", "Saloon", "Flagstaff"],
        ["Silver City", "Aztec", "Saloon"],
        ["El Paso", "Santa Fe", "Tuba City"],
    ];
    moves(&mut g, &rows[..3]);
    check(&g, "move 4");
    let before = names(&g.view(None).board["santa_fe"]["bank"]);
    moves(&mut g, &rows[3..]);
    assert!(log_has(&g, Some(2), "The bank in Santa Fe is robbed"));
    assert!(log_has(&g, Some(2), "The Marshal puts a new tile face down on the bank in Santa Fe."));
    assert_eq!(g.view(None).zones["bank_stack"].count, 6, "the new tile came from the stack");
    assert_eq!(names(&g.view(None).zones["booty"]), before, "the old one is booty");
    check(&g, "turn 2");
}

// ------------------------------------------------------------------- 1.5 stage coaches

/// K1: in turn t the brown coach follows schedule #t; from turn 2 the blue coach follows
/// #(t-1), flipped; in turn 1 it is out of play.
#[test]
fn k1_brown_follows_schedule_t_blue_follows_t_minus_1() {
    let mut g = quiet_game();
    for t in 1..=5 {
        assert_eq!(counter(&g, &format!("schedule_{t}"), None), t, "schedule A first, then B, C, D, E");
        for k in 1..=5 {
            to_move(&mut g, t, k);
            let i = k as usize;
            assert_eq!(town(&g, "brown_at", None), route(&g, t)[i], "turn {t}, move {k}: brown");
            let blue = if t == 1 { "-".to_string() } else { route(&g, t - 1)[i].clone() };
            assert_eq!(town(&g, "blue_at", None), blue, "turn {t}, move {k}: blue");
        }
    }
}

/// K2: at the end of turn 1 the blue coach enters at the start of schedule #1 (flipped),
/// one schedule behind the brown coach (G-BLUE-ENTRY).
#[test]
fn k2_blue_coach_enters_after_turn_1_at_the_start_of_schedule_1() {
    let mut g = quiet_game();
    moves(&mut g, &ROWS);
    let enters = line_of(&g, "The blue coach enters in Los Lunas.");
    assert!(line_of(&g, "Turn 1: the examination.") < enters, "after the examination");
    assert!(enters < line_of(&g, "Turn 2 begins."), "before turn 2");
    assert!(log_has(&g, Some(2), "The blue coach enters in Los Lunas."), "in the open");
    assert_eq!(town(&g, "blue_at", None), "La Luz", "turn 2, move 1: on from Los Lunas");
    assert_eq!(town(&g, "brown_at", None), "St. Johns", "turn 2, move 1: brown on from Gallup");
    to_move(&mut g, 3, 1);
    assert_eq!(g.log_lines(None).iter().filter(|l| l.contains("blue coach enters")).count(), 1, "once");
}

/// K3: the coaches ride every move, one road step, exactly as their schedules say; nobody
/// chooses it (the Marshal is asked only about his Sheriffs).
#[test]
fn k3_coaches_move_every_move_exactly_by_schedule() {
    let mut g = new_game(&content(), 3, 3);
    place(&mut g, "Tuba City", &["Salem", "Salem"], &["Aztec", "Tucson"]);
    let mut brown_was = route(&g, 1)[0].clone();
    for t in 1..=2 {
        let mut blue_was = (t == 2).then(|| route(&g, 1)[0].clone());
        for k in 1..=5 {
            to_move(&mut g, t, k);
            let brown = town(&g, "brown_at", None);
            assert!(roads(&brown_was).contains(&brown), "turn {t}, move {k}: brown {brown_was} -> {brown}");
            assert_eq!(brown, route(&g, t)[k as usize], "turn {t}, move {k}: brown");
            brown_was = brown;
            if let Some(was) = &mut blue_was {
                let blue = town(&g, "blue_at", None);
                assert!(roads(was).contains(&blue), "turn {t}, move {k}: blue {was} -> {blue}");
                assert_eq!(blue, route(&g, 1)[k as usize], "turn {t}, move {k}: blue");
                *was = blue;
            }
            for i in 1..=2 {
                assert!(prompt(&g, 1).starts_with(&format!("Sheriff {i} is in ")), "{}", prompt(&g, 1));
                answer(&mut g, 1, "Stay in ");
            }
            assert!(asking(&g, &format!("Turn {t}, move {k}: ")), "then the cards");
        }
    }
}

/// Turn 1 of schedule A first, three players: p2 holds up the brown coach in La Luz at move
/// 1 (no Sheriff there) while the Marshal, from Salem, plays `marshal`. Returns the game at
/// turn 2, move 1 (coaches ridden) and the brown coach's town at each move of turn 1.
fn brown_held_up_in_la_luz(marshal: [&'static str; 5]) -> (Game, Vec<String>) {
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    place(&mut g, "Salem", &["Tucson", "Tucson"], &["Los Lunas", "Tuba City"]);
    let p2 = ["La Luz", "Socorro", "Salem", "Silver City", "Globe"];
    let p3 = ["Gallup", "Shiprock", "Aztec", "Santa Fe", "Los Lunas"];
    let mut brown = Vec::new();
    for k in 0..5 {
        brown.push(town(&g, "brown_at", None));
        sheriffs_stay(&mut g, 2);
        play(&mut g, &[marshal[k], p2[k], p3[k]]);
        if k == 0 {
            answer(&mut g, 2, "Rob the brown coach in La Luz");
            no_activity(&mut g);
            assert_eq!(counter(&g, "brown_robbed", None), 1);
            assert!(log_has(&g, Some(1), "p2 shows La Luz and lays down a disc: Rob the brown coach in La Luz."));
        }
        no_activity(&mut g);
    }
    (g, brown)
}

/// The Marshal's cards with which p2 is arrested in La Luz at step 1: the hold-up fails.
const ARREST_IN_LA_LUZ: [&str; 5] = ["La Luz", "El Paso", "Silver City", "Tombstone", "Nogales"];
/// The Marshal's cards that meet nobody: the hold-up succeeds.
const ELSEWHERE: [&str; 5] = ["El Paso", "Silver City", "Tombstone", "Nogales", "Tucson"];

/// K4: a coach that had discs placed next to it stops and stays in its town for the rest of
/// the turn, whether the hold-up succeeds at the examination or not.
#[test]
fn k4_a_held_up_coach_stays_until_the_examination() {
    for (marshal, outcome) in [(ARREST_IN_LA_LUZ, "fails"), (ELSEWHERE, "succeeds")] {
        let (g, brown) = brown_held_up_in_la_luz(marshal);
        assert_eq!(brown, ["La Luz"; 5], "the hold-up {outcome}");
        assert!(log_has(&g, Some(2), &format!("Rob the brown coach in La Luz {outcome}")), "{:?}", g.log_lines(None));
        let log = g.log_lines(None);
        let turn_1 = &log[..line_of(&g, "Turn 1: the examination.")];
        let rides = turn_1.iter().filter(|l| l.starts_with("The brown coach rides")).count();
        assert_eq!(rides, 1, "the hold-up {outcome}: brown rode at move 1 only");
    }
}

/// K5: at the end of the turn a coach that was held up (hold-up successful or not) goes to
/// the start of its next schedule; a coach that was not is at the end of its schedule,
/// which is the next one's start (also U3).
#[test]
fn k5_end_of_turn_coaches_go_to_the_start_of_their_next_schedule() {
    for marshal in [ARREST_IN_LA_LUZ, ELSEWHERE] {
        let (mut g, _) = brown_held_up_in_la_luz(marshal);
        assert_eq!(counter(&g, "brown_robbed", None), 0, "no longer held up");
        assert_eq!(town(&g, "brown_at", None), "St. Johns", "turn 2, move 1: on from Gallup, the start of B");
        let log = g.log_lines(None);
        let turn_2 = &log[line_of(&g, "Turn 2 begins.")..];
        assert!(turn_2.iter().any(|l| l == "The brown coach rides to St. Johns."));
        assert!(roads("Gallup").contains("St. Johns") && !roads("La Luz").contains("St. Johns"));
        for k in 2..=5 {
            to_move(&mut g, 2, k);
        }
        assert_eq!(town(&g, "brown_at", None), "Flagstaff", "turn 2 ends at the end of B");
        assert_eq!(town(&g, "blue_at", None), "Gallup", "and blue at the end of A");
        to_move(&mut g, 3, 1);
        assert_eq!(town(&g, "brown_at", None), "Payson", "turn 3, move 1: on from Flagstaff, the start of C");
        assert_eq!(town(&g, "blue_at", None), "St. Johns", "turn 3, move 1: on from Gallup, the start of B");
    }
}

// ------------------------------------------------------------------------ 1.6 sheriffs

/// H1: each Sheriff may ride one road or stay; all, some or none may ride; several may
/// share a town (also T2: from Globe to Tucson or Silver City, not to Tombstone).
#[test]
fn h1_each_sheriff_may_ride_one_road_or_stay() {
    let mut g = new_game(&with_first_schedule(1), 1, 4);
    place(&mut g, "Tuba City", &["Globe", "Phoenix", "Salem"], &["Aztec", "Nogales", "Santa Fe"]);
    let offered: BTreeSet<String> = labels(&g, 1).into_iter().collect();
    let mut want = set(&["Stay in Globe"]);
    want.extend(roads("Globe").iter().map(|t| format!("Ride to {t}")));
    assert_eq!(offered, want);
    assert!(offered.contains("Ride to Tucson") && offered.contains("Ride to Silver City"));
    assert!(!offered.contains("Ride to Tombstone"));
    answer(&mut g, 1, "Stay in Globe");
    answer(&mut g, 1, "Ride to Globe");
    answer(&mut g, 1, "Ride to Silver City");
    let sheriffs = |g: &Game| -> Vec<String> { (1..=3).map(|i| town(g, &format!("sheriff_{i}"), None)).collect() };
    assert_eq!(sheriffs(&g), ["Globe", "Globe", "Silver City"], "some ride, two share Globe");
    assert!(log_has(&g, Some(2), "Sheriff 2 rides from Phoenix to Globe."), "in the open");
    assert!(!log_has(&g, None, "Sheriff 1 rides"));
    play(&mut g, &["Gallup", "Shiprock", "Tucson", "Los Lunas"]);
    no_activity(&mut g);
    answer(&mut g, 1, "Stay in Globe");
    answer(&mut g, 1, "Stay in Globe");
    assert!(labels(&g, 1).contains(&"Ride to Tombstone".to_string()), "T2: Silver City to Tombstone");
    answer(&mut g, 1, "Stay in Silver City");
    assert_eq!(sheriffs(&g), ["Globe", "Globe", "Silver City"], "none rides");
    assert!(asking(&g, "Turn 1, move 2: "));
}

/// H2: Sheriffs never arrest: a desperado who ends steps in the Sheriffs' town goes on.
#[test]
fn h2_sheriffs_never_arrest() {
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    place(&mut g, "Tuba City", &["Salem", "Salem"], &["Socorro", "Aztec"]);
    moves(
        &mut g,
        &[
            ["Flagstaff", "Salem", "Shiprock"],
            ["Payson", "Saloon", "Gallup"],
            ["Phoenix", "La Luz", "Los Lunas"],
            ["Globe", "El Paso", "Santa Fe"],
            ["Tucson", "Silver City", "Saloon"],
        ],
    );
    assert!(log_has(&g, None, "p2's card 1: Salem."));
    assert!(log_has(&g, None, "p2's card 2: the Saloon; p2 stays in Salem."));
    assert!(log_has(&g, None, "p2's card 5: Silver City."), "p2 went on");
    assert!(!log_has(&g, None, "arrested"), "{:?}", g.log_lines(None));
    assert_eq!(town(&g, "at", Some(2)), "Silver City");
}

// ----------------------------------------------------------------- 1.7 hidden movement

/// M1: every move every player places exactly one card of his hand, to the right of those
/// already placed: after move 5 each has a row of five, in move order.
#[test]
fn m1_one_card_a_move_into_a_row_of_five() {
    let mut g = quiet_game();
    for (k, r) in ROWS.iter().enumerate() {
        sheriffs_stay(&mut g, 2);
        for req in g.pending() {
            let s = req.seat;
            assert!(!req.multi, "move {}: seat {s} plays one card", k + 1);
            let hand: BTreeSet<String> = names(&g.view(Some(s)).seats[s - 1].zones["hand"]).into_iter().collect();
            let offered = req.labels();
            assert!(!offered.is_empty(), "move {}: seat {s} must play", k + 1);
            assert!(offered.iter().all(|l| hand.contains(l)), "move {}: seat {s}: {offered:?}", k + 1);
        }
        assert_eq!(waiting(&g), [1, 2, 3]);
        play(&mut g, r);
        for s in 1..=3 {
            let want: Vec<String> = ROWS[..=k].iter().map(|r| r[s - 1].to_string()).collect();
            assert_eq!(row(&g, None, s), want, "move {}: seat {s}'s row", k + 1);
            assert_eq!(hand_size(&g, s), 19 - k, "move {}: seat {s}'s hand", k + 1);
        }
        if k == 4 {
            assert!(asking(&g, "Move 5: "), "an activity is offered: the rows are seen before the examination");
        }
        no_activity(&mut g);
    }
    assert!(log_has(&g, None, "p1's card 5: Globe."));
}

/// M2: a town card moves to that town, which must be joined by a road to the town the
/// previous card led to (the pawn's town for the first card); no other town is offered.
#[test]
fn m2_a_town_card_must_be_a_road_from_the_previous_town() {
    let mut g = quiet_game();
    let mut at = ["Tuba City", "Aztec", "Tucson"].map(String::from);
    let mut used: [BTreeSet<String>; 3] = Default::default();
    for (k, r) in ROWS.iter().enumerate() {
        sheriffs_stay(&mut g, 2);
        for s in 1..=3 {
            let mut want: BTreeSet<String> = roads(&at[s - 1]).difference(&used[s - 1]).cloned().collect();
            if !used[s - 1].contains("Saloon") {
                want.insert("Saloon".into());
            }
            let offered: BTreeSet<String> = labels(&g, s).into_iter().collect();
            assert_eq!(offered, want, "move {}: seat {s}, cards leading to {}", k + 1, at[s - 1]);
        }
        if k == 0 {
            let offered: BTreeSet<String> = labels(&g, 1).into_iter().collect();
            assert_eq!(offered, set(&["Flagstaff", "Gallup", "Shiprock", "Saloon"]), "T1: from Tuba City");
            let n = labels(&g, 1).len() as u32;
            assert!(g.choose(1, &[n + 1]).is_err(), "no card beyond those offered");
        }
        play(&mut g, r);
        for s in 1..=3 {
            used[s - 1].insert(r[s - 1].to_string());
            if r[s - 1] != "Saloon" {
                at[s - 1] = r[s - 1].to_string();
            }
        }
        no_activity(&mut g);
    }
    for (s, t) in at.iter().enumerate() {
        assert_eq!(&town(&g, "at", Some(s + 1)), t, "seat {}: the cards moved the pawn", s + 1);
    }
}

/// M3: the Saloon is the only way to stay (the card of the town one is in is never
/// offered), and only once a turn; it comes back the next turn.
#[test]
fn m3_the_saloon_is_the_only_way_to_stay_and_only_once_a_turn() {
    let mut g = quiet_game();
    let mut at = ["Tuba City", "Aztec", "Tucson"].map(String::from);
    for (k, r) in ROWS.iter().enumerate() {
        sheriffs_stay(&mut g, 2);
        for s in 1..=3 {
            assert!(!labels(&g, s).contains(&at[s - 1]), "move {}: seat {s} may not stay by {}", k + 1, at[s - 1]);
        }
        if k == 0 {
            assert!(names(&g.view(Some(1)).seats[0].zones["hand"]).contains(&"Tuba City".to_string()));
        }
        assert_eq!(labels(&g, 1).contains(&"Saloon".to_string()), k <= 3, "move {}: the Marshal's Saloon", k + 1);
        play(&mut g, r);
        for s in 1..=3 {
            if r[s - 1] != "Saloon" {
                at[s - 1] = r[s - 1].to_string();
            }
        }
        no_activity(&mut g);
    }
    assert!(log_has(&g, Some(2), "p1's card 4: the Saloon; p1 stays in Phoenix."));
    sheriffs_stay(&mut g, 2);
    let offered = labels(&g, 1);
    assert!(offered.contains(&"Saloon".to_string()), "turn 2: the Saloon is back: {offered:?}");
    assert!(names(&g.view(Some(1)).seats[0].zones["hand"]).contains(&"Globe".to_string()));
    assert!(!offered.contains(&"Globe".to_string()), "turn 2: no staying in Globe by its card");
}

/// M4: each card once a turn, so no town is entered twice in a turn (Matthias: from St.
/// Johns, after Gallup, Gallup is not offered); the cards come back for the next turn.
#[test]
fn m4_each_card_once_a_turn_no_town_entered_twice() {
    let mut g = new_game(&with_first_schedule(1), 1, 3);
    place(&mut g, "Tuba City", &["Salem", "Salem"], &["Aztec", "Nogales"]);
    let rows = [
        ["Gallup", "Santa Fe", "Tombstone"],
        ["St. Johns", "Los Lunas", "Silver City"],
        ["Saloon", "Socorro", "El Paso"],
        ["Globe", "Salem", "La Luz"],
        ["Tucson", "El Paso", "Los Lunas"],
    ];
    moves(&mut g, &rows[..2]);
    sheriffs_stay(&mut g, 2);
    assert!(roads("St. Johns").contains("Gallup"));
    assert!(!labels(&g, 1).contains(&"Gallup".to_string()), "move 3: Gallup again");
    play(&mut g, &rows[2]);
    no_activity(&mut g);
    sheriffs_stay(&mut g, 2);
    let offered: BTreeSet<String> = labels(&g, 1).into_iter().collect();
    assert_eq!(offered, set(&["Globe", "Socorro", "Silver City", "Payson", "Flagstaff"]), "T1, move 4");
    assert!(roads("El Paso").contains("Silver City"));
    assert!(!labels(&g, 3).contains(&"Silver City".to_string()), "move 4: p3 back to Silver City");
    play(&mut g, &rows[3]);
    no_activity(&mut g);
    moves(&mut g, &rows[4..]);
    sheriffs_stay(&mut g, 2);
    let offered: BTreeSet<String> = labels(&g, 1).into_iter().collect();
    assert_eq!(offered, set(&["Phoenix", "Globe", "Nogales", "Silver City", "Saloon"]), "turn 2 from Tucson");
}

/// M5: a player may look at his own placed cards at any time, also while the cards of a
/// move are being played.
#[test]
fn m5_a_player_sees_his_own_placed_cards() {
    let mut g = quiet_game();
    for (k, r) in ROWS.iter().enumerate() {
        sheriffs_stay(&mut g, 2);
        answer(&mut g, 1, r[0]);
        answer(&mut g, 2, r[1]);
        for s in 1..=3 {
            let want: Vec<String> = ROWS[..k].iter().map(|r| r[s - 1].to_string()).collect();
            assert_eq!(row(&g, Some(s), s), want, "move {}, p3 still to play: seat {s}'s own row", k + 1);
        }
        assert_eq!(revisable_label(&g, 1).as_deref(), Some(r[0]), "and the card he is playing");
        answer(&mut g, 3, r[2]);
        for s in 1..=3 {
            let want: Vec<String> = ROWS[..=k].iter().map(|r| r[s - 1].to_string()).collect();
            assert_eq!(row(&g, Some(s), s), want, "move {}: seat {s}'s own row", k + 1);
        }
        no_activity(&mut g);
    }
}

/// M6: until every player has placed his card for the move, anyone, the Marshal included,
/// may take his card back and play another; then the cards are locked.
#[test]
fn m6_cards_may_be_changed_until_all_have_played() {
    let mut g = quiet_game();
    sheriffs_stay(&mut g, 2);
    answer(&mut g, 2, "Santa Fe");
    revise(&mut g, 2, "Shiprock");
    assert_eq!(revisable_label(&g, 2).as_deref(), Some("Shiprock"));
    assert_eq!(answers_seen(&g, 3), [(2, "Shiprock".to_string())], "p3 sees the new card");
    answer(&mut g, 1, "Gallup");
    revise(&mut g, 1, "Flagstaff");
    assert_eq!(revisable_label(&g, 1).as_deref(), Some("Flagstaff"));
    assert_eq!(waiting(&g), [3]);
    answer(&mut g, 3, "Nogales");
    assert_eq!(row(&g, None, 1), ["Flagstaff"]);
    assert_eq!(row(&g, None, 2), ["Shiprock"]);
    assert_eq!(row(&g, None, 3), ["Nogales"]);
    assert!(names(&g.view(None).seats[0].zones["hand"]).contains(&"Gallup".to_string()), "taken back");
    assert!(names(&g.view(None).seats[1].zones["hand"]).contains(&"Santa Fe".to_string()), "taken back");
    assert!(g.revisable(1).is_none() && g.revisable(2).is_none() && g.revisable(3).is_none(), "locked");
    assert!(g.choose(1, &[1]).is_err(), "the Marshal may not change his card any more");
    assert!(labels(&g, 2).contains(&"Cheat at poker in Shiprock".to_string()), "the move goes on from Shiprock");
}

/// M7: the desperadoes see each other's cards, while playing them and in their rows, and
/// plan their activities together; the Marshal sees none of their cards, nor they his.
#[test]
fn m7_desperadoes_see_each_others_cards_the_marshal_does_not() {
    let mut g = quiet_game();
    sheriffs_stay(&mut g, 2);
    answer(&mut g, 2, "Santa Fe");
    assert_eq!(answers_seen(&g, 3), [(2, "Santa Fe".to_string())], "p3 sees p2's card");
    assert_eq!(answers_seen(&g, 1), [], "the Marshal does not");
    answer(&mut g, 1, "Flagstaff");
    assert_eq!(answers_seen(&g, 1), [(1, "Flagstaff".to_string())]);
    assert_eq!(answers_seen(&g, 3), [(2, "Santa Fe".to_string())], "the Marshal's card is his alone");
    assert!(!g.log_lines(Some(1)).iter().any(|l| l.contains("Santa Fe")), "nor does his log tell");
    answer(&mut g, 3, "Nogales");
    assert_eq!(row(&g, Some(3), 2), ["Santa Fe"]);
    assert_eq!(row(&g, Some(2), 3), ["Nogales"]);
    assert_eq!((row(&g, Some(1), 2), row(&g, Some(1), 3)), (vec!["?".to_string()], vec!["?".to_string()]));
    assert_eq!((row(&g, Some(2), 1), row(&g, Some(3), 1)), (vec!["?".to_string()], vec!["?".to_string()]));
    assert!(g.view(Some(1)).deciding.is_empty(), "the Marshal is not told who plans an activity");
    answer(&mut g, 3, "No activity");
    assert_eq!(answers_seen(&g, 2), [(3, "No activity".to_string())], "p2 sees p3's intent");
    assert_eq!(answers_seen(&g, 1), [], "the Marshal does not");
    answer(&mut g, 2, "No activity");
    assert_eq!(row(&g, Some(1), 2), ["?"], "still hidden after the activities");
}
