//! The resolutions of setup (Z36-Z38) and the modes (duo, basic: Z39, Z40).

use super::*;

// ------------------------------------------------------------------------------ setup

/// For `seed`: whether Outlaws were shuffled back at setup, and the place the Corrupt Marshal
/// had in the deck before the deal (0 = top), from where it is now (3 players: 12 cards
/// dealt, 1 drawn).
fn corrupt_place(seed: u64) -> (bool, usize) {
    let g = new_game(&content(), seed, 3);
    let reshuffled = log_has(&g, None, "shuffled back");
    let place = match ids(&g, "deck", None).iter().position(|d| d == "corrupt_marshal") {
        Some(i) => i + 13,
        None => {
            let cm = "corrupt_marshal".to_string();
            let dealt =
                (1..=3).any(|s| ids(&g, "hand", Some(s)).contains(&cm) || ids(&g, "badge", Some(s)).contains(&cm));
            assert!(dealt, "seed {seed}: the Corrupt Marshal is in the deck, a hand or revealed");
            0
        }
    };
    (reshuffled, place)
}

/// Z36 (`deck_split: exact_half`): upper = the top floor(n/2) cards (n = 81 in STD); the CM
/// is shuffled uniformly into the upper part.
#[test]
fn z36_the_corrupt_marshal_starts_in_the_upper_half() {
    let g = new_game(&content(), 1, 3);
    assert_eq!(all_cards(&g).len(), 82);
    let places: Vec<usize> = (1..=200).map(corrupt_place).filter(|(r, _)| !r).map(|(_, p)| p).collect();
    assert!(places.len() > 50, "enough games without Outlaws drawn at setup");
    assert!(places.iter().all(|&p| p <= 40), "never below the 40 cards of the upper part");
    assert!(places.iter().any(|&p| p >= 35), "down to the bottom of the upper part");
    assert!(places.iter().any(|&p| p < 13), "and dealt to a hand");
}

/// Z37 (`setup_outlaw_return: full_reshuffle`): 4 cards each; Outlaws dealt are set aside
/// and replaced until no hand holds one, then the whole deck is reshuffled (which can move
/// the CM out of the upper half); Events and the CM stay in starting hands.
#[test]
fn z37_outlaws_dealt_are_replaced_and_the_whole_deck_reshuffled() {
    let (mut events, mut deep) = (0, 0);
    for seed in 1..=200 {
        let g = new_game(&content(), seed, 3);
        let first = g.current().expect("a turn");
        for s in 1..=3 {
            let hand = ids(&g, "hand", Some(s));
            // The first player has drawn, and may have revealed the Corrupt Marshal.
            let n = hand.len() + ids(&g, "badge", Some(s)).len();
            assert!(n == 4 || (s == first && n == 5), "seed {seed}, seat {s}: {hand:?}");
            assert!(!hand.iter().any(|d| d.starts_with("outlaw")), "seed {seed}: an Outlaw in hand");
            let ev = ["border", "train_east", "train_west", "village"];
            events += hand.iter().filter(|d| ev.contains(&d.as_str())).count();
        }
        let (reshuffled, place) = corrupt_place(seed);
        deep += usize::from(reshuffled && place > 40);
    }
    assert!(events > 0, "Events stay in starting hands");
    assert!(deep > 0, "the reshuffle can take the Corrupt Marshal below the upper half");
}

/// Z38 (`first_player: random`): the first player is chosen at random; the table may
/// override (`data.first_player`).
#[test]
fn z38_the_first_player_is_random_unless_set() {
    let firsts: BTreeSet<usize> = (1..=30).map(|seed| new_game(&content(), seed, 3).current().unwrap()).collect();
    assert_eq!(firsts, BTreeSet::from([1, 2, 3]));
    let c = fixed("", &[("first_player: 1", "first_player: 2")]);
    for seed in 1..=5 {
        assert_eq!(new_game(&c, seed, 3).current(), Some(2));
    }
}

/// Z39: player counts: STD 3-4, DUO 2, BASIC 2-4.
#[test]
fn z39_player_counts_per_mode() {
    let modes: [(Arc<Content>, &[usize], [usize; 2]); 3] =
        [(content(), &[3, 4], [2, 5]), (mode("duo"), &[2], [1, 3]), (mode("basic"), &[2, 3, 4], [1, 5])];
    for (c, ok, bad) in modes {
        for &n in ok {
            let g = new_game(&c, 1, n);
            assert_eq!(g.players(), n, "{}", c.id);
        }
        for n in bad {
            assert!(Setup::new(&c, 1, Some(n)).is_err(), "{} with {n} players", c.id);
        }
    }
}

// ------------------------------------------------------------------------------ modes

/// The cards a mode leaves out or changes (R56, R58), by definition id and count.
fn changed_counts(name: &str) -> Vec<(String, usize)> {
    let ids = match name {
        "duo" => return vec![("corrupt_marshal".into(), 0), ("jurisdiction".into(), 0), ("wild".into(), 3)],
        _ => ["corrupt_marshal", "jurisdiction", "border", "train_east", "train_west", "village"],
    };
    let t = ["forest", "desert", "plain", "mountain"];
    let actions = t.iter().flat_map(|t| [format!("clue_{t}"), format!("hideout_{t}")]);
    ids.iter().map(|id| id.to_string()).chain(actions).map(|id| (id, 0)).collect()
}

/// The modes are YAML overlays of the base game (DECISIONS.md): `marshals/duo` and
/// `marshals/basic` equal `marshals` but for the player counts, `data.mode` (and BASIC's
/// `data.resources`), the card counts of R56/R58 and BASIC's names of its Ambushes and
/// Campings.
#[test]
fn modes_are_overlays_of_the_base_game() {
    let base = content();
    for (name, players, data) in [
        ("duo", (2, 2), serde_json::json!({"mode": "duo"})),
        ("basic", (2, 4), serde_json::json!({"mode": "basic", "resources": false})),
    ] {
        let m = mode(name);
        assert_eq!((m.id.as_str(), m.game.as_str()), (&*format!("marshals/{name}"), "marshals"));
        assert_eq!((m.players.min, m.players.max), players, "{name}");
        let mut expected = base.data.clone();
        for (k, v) in data.as_object().unwrap() {
            expected[k] = v.clone();
        }
        assert_eq!(m.data, expected, "{name}: data");
        assert_eq!(format!("{:?}", m.zones), format!("{:?}", base.zones), "{name}: zones");
        assert_eq!(format!("{:?}", m.counters), format!("{:?}", base.counters), "{name}: counters");
        assert_eq!((&m.main.code, &m.render.code), (&base.main.code, &base.render.code), "{name}: the same flow");
        assert!(m.modules.keys().eq(base.modules.keys()), "{name}: the same Lua modules");
        assert_eq!(m.defs.len(), base.defs.len(), "{name}: the same cards");
        let changes = changed_counts(name);
        for (d, b) in m.defs.iter().zip(&base.defs) {
            // Basic mode calls its Ambushes and Campings by their kind (basic.yaml).
            let kind = ["ambush", "camping"].into_iter().find(|k| d.id.starts_with(&format!("{k}_")));
            let want = match (name, kind) {
                ("basic", Some("ambush")) => "Ambush".to_string(),
                ("basic", Some(_)) => "Camping".to_string(),
                _ => b.name.clone(),
            };
            assert_eq!((&d.id, &d.name, &d.props, d.zone), (&b.id, &want, &b.props, b.zone), "{name}");
            assert_eq!(d.script.as_ref().map(|s| &s.code), b.script.as_ref().map(|s| &s.code), "{name}: {}", d.id);
            let want = changes.iter().find(|(id, _)| *id == d.id).map_or(b.count, |(_, n)| *n);
            assert_eq!(d.count, want, "{name}: copies of {}", d.id);
        }
    }
}

/// R56: DUO is identical to STD except that the Corrupt Marshal, all Jurisdiction cards and
/// 3 of the 6 Wild cards are removed from the deck.
#[test]
fn duo_has_no_corrupt_marshal_no_jurisdiction_and_three_wilds() {
    let g = new_game(&mode("duo"), 1, 2);
    assert_eq!(all_cards(&g).len(), 76);
    assert_eq!([of_kind(&g, "corrupt"), of_kind(&g, "jurisdiction"), of_kind(&g, "wild")], [0, 0, 3]);
    assert_eq!(
        [of_kind(&g, "movement"), of_kind(&g, "clue"), of_kind(&g, "hideout"), of_kind(&g, "outlaw")],
        [40, 4, 4, 4]
    );
    // With no Jurisdiction card, a Clue opens no window: p2 is not asked.
    let mut g = game("duo", 2, "give(1, 'clue_forest')", "mv_plain_01");
    answer(&mut g, 1, "Play Clue (Forest)");
    assert_eq!(waiting(&g), [1]);
    assert!(prompt(&g, 1).starts_with("Clue:"));
}

/// R57: DUO becomes a race to capture the most Outlaws or earn the most Coins: no Corrupt
/// Marshal can win.
#[test]
fn duo_is_a_race_for_outlaws_and_coins() {
    let g = game("duo", 2, &format!("set('coins', 30, 2) {LAST_ESCAPE}"), "outlaw_4");
    assert_eq!(outcome(&g), (vec![2], "the most money earned".to_string()), "an escape for good scores money");
    let r = posse::sim::run(&mode("duo"), 20, 1, Some(2), 1);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.finished, 20);
    let reasons: BTreeSet<&str> = r.reasons.keys().map(String::as_str).collect();
    assert!(!reasons.contains("the Corrupt Marshal let an Outlaw get away"), "{reasons:?}");
}

/// R58: BASIC removes the Corrupt Marshal, Jurisdiction, Clue and Hideout cards and all
/// Events: the deck holds only Movement, Wild (all 6, Z40), Ambush, Camping and the 4
/// Outlaws.
#[test]
fn basic_deck_holds_movement_wild_ambush_camping_and_outlaws() {
    let g = new_game(&mode("basic"), 1, 2);
    assert_eq!(all_cards(&g).len(), 66);
    let k: BTreeSet<String> = kinds(&g).into_iter().collect();
    assert_eq!(k, set(&["movement", "wild", "ambush", "camping", "outlaw"]));
    assert_eq!([of_kind(&g, "wild"), of_kind(&g, "ambush"), of_kind(&g, "camping")], [6, 8, 8]);
}

/// R59: in BASIC, the aim is to travel to as many locations as possible to draw cards: a move
/// draws again.
#[test]
fn basic_travelling_draws_cards() {
    let mut g = game("basic", 2, "give(1, 'mv_desert_02') top('mv_plain_06')", "mv_mountain_01");
    answer(&mut g, 1, "Play Desert 2");
    assert!(at_step2(&g, 1));
    assert_eq!(held(&g, 1), ["mv_mountain_01", "mv_plain_06"]);
}

/// R60: in BASIC, Ambush takes 1 card from a rival's hand and Camping makes a player skip
/// his turn; terrain and location do not matter.
#[test]
fn basic_actions_ignore_terrain_and_location() {
    let code = "give(1, 'ambush_mountain_2', 'camping_desert_1') give(3, 'mv_plain_03') top('mv_desert_01')";
    let mut g = game("basic", 3, code, "mv_mountain_01");
    let l = labels(&g, 1);
    // Terrain and cost mean nothing in basic mode, so its cards go by their kind alone.
    assert!(l.contains(&"Play Ambush: take a card from a rival".to_string()), "in the Forest: {l:?}");
    assert!(l.contains(&"Play Camping: a rival skips a turn".to_string()), "{l:?}");
    answer(&mut g, 1, "Play Ambush");
    // p3 in the Plain may be robbed; p2 holds nothing: with one rival to rob, nobody is asked.
    assert!(!waiting(&g).contains(&1), "p3 in the Plain is robbed without a question; p2 holds nothing");
    assert!(held(&g, 1).contains(&"mv_plain_03".to_string()));
    assert_eq!(ids(&g, "discard", None), ["ambush_mountain_2"]);
    assert!(at_step2(&g, 2), "the Ambush ended p1's turn");
}

/// R61: in BASIC there are no Coins, Bullets or Provisions (so no special actions, rewards
/// or claims); the only goal is to capture Outlaws.
#[test]
fn basic_has_no_coins_bullets_or_provisions() {
    let code = "give(1, 'mv_desert_02', 'mv_plain_02') give(2, 'mv_desert_05') top('outlaw_1', 'mv_desert_07')";
    let mut g = game("basic", 2, code, "mv_mountain_01");
    for s in 1..=2 {
        let c = &g.view(None).seats[s - 1].counters;
        assert_eq!([c["coins"], c["bullets"], c["provisions"]], [0, 0, 0]);
    }
    assert_eq!(offered(&g, 1), set(&["Play Desert 2: move to the Desert", "End your turn"]), "no special action");
    answer(&mut g, 1, "Play Desert 2");
    assert_eq!(counter(&g, "captures", Some(1)), 1);
    assert_eq!(counter(&g, "coins", Some(1)), 0, "no reward");
    assert!(at_step2(&g, 2), "no claim asked of p2 and his Desert 5");
}

/// Z40: BASIC Ambush takes one card at random from a rival holding one.
#[test]
fn z40_basic_ambush_takes_a_card_at_random() {
    let mut taken = BTreeSet::new();
    for seed in 1..=12 {
        let code = "give(1, 'ambush_plain_1') give(2, 'mv_forest_01', 'mv_forest_02') top('mv_desert_01')";
        let mut g = game_from(seed, "basic", 2, code, "mv_mountain_01");
        answer(&mut g, 1, "Play Ambush");
        assert!(at_step2(&g, 2), "the one rival is robbed without a question, of a card nobody picks");
        let h = held(&g, 2);
        assert_eq!(h.len(), 2, "one of two taken, one drawn: {h:?}");
        taken.extend(["mv_forest_01", "mv_forest_02"].into_iter().filter(|c| !h.contains(&c.to_string())));
    }
    assert_eq!(taken.len(), 2, "either card may go");
}

/// Z40: BASIC Camping: pick a rival, who skips his next turn; skips stack.
#[test]
fn z40_basic_camping_skips_stack() {
    let code = "give(1, 'camping_plain_1') give(2, 'camping_mountain_2')
                top('mv_desert_01', 'mv_desert_02', 'mv_desert_03', 'mv_desert_04')";
    let mut g = game("basic", 3, code, "mv_mountain_01");
    answer(&mut g, 1, "Play Camping");
    assert_eq!(labels(&g, 1), ["p2 (0 Outlaws)", "p3 (0 Outlaws)"], "each with the Outlaws he captured");
    answer(&mut g, 1, "p3");
    answer(&mut g, 2, "Play Camping");
    answer(&mut g, 2, "p3");
    assert!(at_step2(&g, 1), "p3 skipped");
    assert_eq!(counter(&g, "skip", Some(3)), 1, "one more to skip");
    pass(&mut g, 1);
    pass(&mut g, 2);
    assert!(at_step2(&g, 1), "p3 skipped again");
    assert_eq!(g.log_lines(None).iter().filter(|l| l.contains("p3 skips this turn.")).count(), 2);
    assert_eq!(counter(&g, "skip", Some(3)), 0);
}

/// Z40 with lib.seats.choose: with one rival (two players), Camping asks nobody whom to skip.
#[test]
fn z40_basic_camping_with_one_rival_asks_nobody() {
    let code = "give(1, 'camping_plain_1') top('mv_desert_01', 'mv_desert_02')";
    let mut g = game("basic", 2, code, "mv_mountain_01");
    answer(&mut g, 1, "Play Camping");
    assert!(log_has(&g, Some(1), "p2 will skip a turn."));
    assert!(log_has(&g, Some(1), "p2 skips this turn."));
    assert!(at_step2(&g, 1), "p2 skipped; p1 plays again");
}

/// Z40: in BASIC an Outlaw drawn under an Ambush/Camping top still escapes, and Z30 still
/// applies; the winner is the player with the most captured Outlaws.
#[test]
fn z40_basic_outlaws_escape_and_may_get_away() {
    let code = format!("captured(2, 'outlaw_1') {LAST_ESCAPE}");
    let g = game("basic", 3, &code, "outlaw_4");
    assert_eq!(counter(&g, "escapes_4", None), 2);
    assert_eq!(outcome(&g), (vec![2], "the most Outlaws captured".to_string()));
}

/// Z40: BASIC: the most captured Outlaws wins, ties shared.
#[test]
fn z40_basic_ties_are_shared() {
    let g = game("basic", 3, "captured(1, 'outlaw_1') captured(2, 'outlaw_2', 'outlaw_3')", "outlaw_4");
    assert!(g.is_over(), "all the Outlaws are caught");
    assert_eq!(outcome(&g), (vec![1, 2], "the most Outlaws captured".to_string()));
    let scores = &g.result().unwrap().scores;
    assert_eq!([scores[&1], scores[&2], scores[&3]], [2, 2, 0]);
}
