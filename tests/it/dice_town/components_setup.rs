//! Dice Town: Components (§1.1) and setup (§1.2): the C and S lines.

use super::*;

#[test]
fn c1_c2_four_gangs_of_five_desperados_with_different_symbols_jailed_or_escaped() {
    // Also G-NAMES (Brain, Ugly, Bad, Lady, Boss) and G-GANGS (one gang per seat).
    let mut g = game(4);
    let d = LUA.run(
        &mut g,
        "local t = {} for i, r in ipairs(posse.data.desperados) do t[i] = {r.id, r.name, r.symbol} end return t",
    );
    assert_eq!(
        d,
        json!([
            ["brain", "Brain", "bottle"],
            ["ugly", "Ugly", "fist"],
            ["bad", "Bad", "knife"],
            ["lady", "Lady", "pistol"],
            ["boss", "Boss", "two pistols"]
        ])
    );
    let mut gangs: Vec<i64> = (1..=4).map(|s| seat_counter(&g, s, "gang")).collect();
    gangs.sort_unstable();
    assert_eq!(gangs, [1, 2, 3, 4], "each seat leads one of the four gangs");
    for s in 1..=4 {
        for (r, max) in ranks(&g, s).iter().zip(MAX) {
            assert!((0..=max).contains(r), "seat {s}: ranks {:?}", ranks(&g, s));
        }
    }
    // The two sides of a card: In Jail shows the ranks left, Escaped shows "free".
    setup(&mut g, "ranks(1, {2, 3, 4, 0, 1})");
    let text = g.render(Some(2)).unwrap();
    let row = text.lines().find(|l| l.contains("p1 ")).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cells[cells.len() - 6..], ["2", "3", "4", "free", "1", "0"], "{row}");
}

#[test]
fn c3_four_dice_each_with_one_action_face_and_five_character_faces() {
    let mut g = game(2);
    let d = LUA.run(&mut g, "local t = {} for i = 1, posse.dice() do t[i] = posse.faces(i) end return t");
    let faces = json!(["action", "brain", "ugly", "bad", "lady", "boss"]);
    assert_eq!(d, json!([faces, faces, faces, faces]));
    assert_eq!(g.view(Some(2)).dice.len(), 4);
}

/// §5.4: the 28 Wild West cards, kind by kind, with their timings.
const CARDS: [(&str, &str, usize, &str); 12] = [
    ("second_wind", "Second Wind", 3, "roll"),
    ("marked_die", "Marked Die", 2, "roll"),
    ("jinx", "Jinx", 2, "opp_roll"),
    ("jailbreak", "Jailbreak", 3, "own"),
    ("double_trouble", "Double Trouble", 2, "act"),
    ("dynamite", "Dynamite", 2, "own"),
    ("take_cover", "Take Cover", 4, "loss"),
    ("stand_off", "Stand-Off", 1, "opp_act"),
    ("poker_winnings", "Poker Winnings", 3, "own"),
    ("pickpocket", "Pickpocket", 2, "own"),
    ("card_sharp", "Card Sharp", 2, "own"),
    ("snitch", "Snitch", 2, "own"),
];

#[test]
fn c4_g_cards_28_wild_west_cards_in_12_kinds_with_the_counts_and_timings_of_5_4() {
    let g = game(2);
    let v = g.view(None);
    let deck = &v.zones["draw"];
    assert_eq!(deck.count, 28);
    for (id, name, count, when) in CARDS {
        let copies: Vec<&ObjectView> =
            deck.objects.iter().filter(|o| matches!(o, ObjectView::Shown { def, .. } if def == id)).collect();
        assert_eq!(copies.len(), count, "{id}");
        let ObjectView::Shown { name: n, props, text, .. } = copies[0] else { unreachable!() };
        assert_eq!(n, name);
        assert_eq!(props["when"], when, "{id}");
        assert!(text.as_deref().is_some_and(|t| !t.is_empty()), "{id} states its effect");
    }
    let kinds: Vec<&str> = CARDS.iter().map(|c| c.0).collect();
    assert!(def_ids(deck).iter().all(|d| kinds.contains(&d.as_str())), "no other card");
}

#[test]
fn c5_s6_m1_money_in_play_is_50_per_player_and_never_created_or_destroyed() {
    // Also G-CENTRE (the centre starts empty; every loss goes there). Random games: after
    // every decision, the players' money and the centre add up to $50 per player.
    let c = content();
    for players in [2, 3, 4] {
        for seed in 0..8 {
            let mut g = new_game(&c, seed, players);
            let mut steps = 0;
            loop {
                {
                    let st = g.state();
                    let m = st.counter_index["money"].first;
                    let money = &st.counters[m..m + players];
                    let centre = st.counters[st.counter_index["centre"].first];
                    if steps == 0 {
                        assert!(money.iter().all(|&x| x == 50) && centre == 0, "{money:?} {centre}");
                    }
                    assert!(money.iter().all(|&x| x >= 0) && centre >= 0, "seed {seed}: {money:?} {centre}");
                    assert_eq!(money.iter().sum::<i64>() + centre, 50 * players as i64, "seed {seed} step {steps}");
                }
                if g.is_over() {
                    break;
                }
                play_random_steps(&mut g, seed * 31 + steps, 1);
                steps += 1;
                assert!(steps < 20_000);
            }
        }
    }
}

#[test]
fn c6_each_gang_card_gives_its_brain_a_different_ability() {
    let mut g = game(4);
    let gangs = LUA.run(
        &mut g,
        "local t = {} for i, r in ipairs(posse.data.gangs) do
           t[i] = {r.name, r.brain, r.ability, posse.def_by_id(r.ability).props.amount}
         end return t",
    );
    assert_eq!(
        gangs,
        json!([
            ["Los Bandidos", "El Contador", "centre_cash", 3],
            ["The Gamblers", "The Cardsharp", "draw_card", 1],
            ["The Rustlers", "The Locksmith", "rotate_own", 1],
            ["The Railroad Gang", "The Forger", "extort", 2]
        ])
    );
    // Every player is told his gang and its Brain's ability.
    for s in 1..=4 {
        assert!(
            g.log_lines(Some(1)).iter().any(|l| l.starts_with(&format!("p{s} leads ")) && l.contains("their Brain")),
            "seat {s}"
        );
    }
}

// ------------------------------------------------------------------------ setup (§1.2)

#[test]
fn s1_g_dt_opening_each_player_starts_with_50_dollars_not_60() {
    for players in [2, 3, 4] {
        let g = new_game(&content(), 7, players);
        for s in 1..=players {
            assert_eq!(money(&g, s), 50, "{players} players, seat {s}");
        }
    }
}

#[test]
fn s2_s3_g_ranks_every_setup_roll_is_valid_and_turns_full_ranks_by_its_faces() {
    // Desperados start at their printed ranks (2, 3, 4, 5, 6); the final setup dice show no
    // Action face and no face more than twice; each face turns its Desperado one rank
    // (two Brain faces free the Brain: S4). Checked on the real setups of many games.
    let c = content();
    for seed in 0..60 {
        let g = new_game(&c, seed, 4);
        for s in 1..=4 {
            let faces = setup_faces(&g, s);
            assert_eq!(faces.len(), 4);
            assert!(faces.iter().all(|f| f != "action"), "seed {seed} seat {s}: {faces:?}");
            let count = |id: &str| faces.iter().filter(|f| *f == id).count() as i64;
            assert!(IDS.iter().all(|id| count(id) <= 2), "seed {seed} seat {s}: {faces:?}");
            let mut want = [0; 5];
            for (i, id) in IDS.iter().enumerate() {
                want[i] = MAX[i] - count(id);
            }
            if count("brain") == 2 {
                want[0] = 0;
            }
            assert_eq!(ranks(&g, s), want, "seed {seed} seat {s}: {faces:?}");
        }
    }
}

#[test]
fn s3_g_setup_reroll_four_ladies_keep_two_and_reroll_the_other_two() {
    let g = rigged_setup(2, &["lady", "lady", "lady", "lady", "ugly", "bad", "ugly", "bad", "lady", "boss"]);
    assert_eq!(setup_faces(&g, 1), ["lady", "lady", "ugly", "bad"]);
    assert_eq!(ranks(&g, 1), [2, 2, 3, 3, 6]);
    // With the other reading ("reroll every matching die") all four would be rerolled.
    assert_eq!(setup_faces(&g, 2), ["ugly", "bad", "lady", "boss"]);
}

#[test]
fn s4_g_two_brain_the_brain_freed_at_setup_acts_from_the_first_turn() {
    let c = content();
    let seed = (0..500)
        .find(|&seed| ranks(&new_game(&c, seed, 2), 1)[0] == 0)
        .expect("a seed whose first setup roll shows two Brain faces");
    let mut g = new_game(&c, seed, 2);
    assert!(setup_faces(&g, 1).iter().filter(|f| *f == "brain").count() == 2);
    setup(&mut g, "gang(1, 'gamblers')");
    reroll(&mut g, ["action", "brain", "ugly", "bad"]);
    pick(&mut g, "Act: Cardsharp");
    assert_eq!(hand_size(&g, 1), 1, "the Cardsharp drew a card on turn 1");
    assert!(log_has(&g, None, "p1's Cardsharp: p1 draws 1 Wild West card."));
}

#[test]
fn s5_nobody_starts_with_cards_and_the_draw_pile_is_shuffled_face_down() {
    let c = content();
    let a = new_game(&c, 1, 3);
    let b = new_game(&c, 2, 3);
    for s in 1..=3 {
        assert_eq!(hand_size(&a, s), 0);
        let v = a.view(Some(s));
        assert_eq!(v.zones["draw"].count, 28);
        assert!(v.zones["draw"].objects.iter().all(|o| matches!(o, ObjectView::Hidden { .. })), "seat {s}");
    }
    assert_eq!(zone_count(&a, "discard"), 0);
    let da = def_ids(&a.view(None).zones["draw"]);
    let db = def_ids(&b.view(None).zones["draw"]);
    let listed: Vec<String> = CARDS.iter().flat_map(|c| std::iter::repeat_n(c.0.to_string(), c.2)).collect();
    let reversed: Vec<String> = listed.iter().rev().cloned().collect();
    assert!(da != listed && da != reversed, "the draw pile is not in list order");
    assert_ne!(da, db, "two seeds, two orders");
}

#[test]
fn s6_two_or_three_players_have_only_their_own_50_dollars_in_play() {
    for players in [2, 3] {
        let g = new_game(&content(), 3, players);
        let total: i64 = (1..=players).map(|s| money(&g, s)).sum();
        assert_eq!(total, 50 * players as i64);
        assert_eq!(centre(&g), 0);
    }
}

#[test]
fn s7_g_turn_order_seat_one_starts_then_turns_go_clockwise() {
    let mut g = game(3);
    assert_eq!(g.current(), Some(1));
    assert!(g.log_lines(None).iter().any(|l| l == "Round 1: p1's turn."));
    setup(&mut g, QUIET_DECK);
    // p1's reroll, then p2's and p3's first rolls, then p1's in round 2.
    g.rig_dice(&[MISERY, MISERY, MISERY, ["action", "lady", "boss", "ugly"]].concat());
    pick(&mut g, "Reroll all the dice");
    let n = log_count(&g);
    for s in [1, 2, 3] {
        assert_eq!((asked(&g), g.current()), (s, Some(s)));
        pick(&mut g, "Misery");
    }
    assert_eq!((asked(&g), g.current()), (1, Some(1)));
    assert_eq!(global(&g, "round"), 2);
    let turns: Vec<String> = log_since(&g, n).into_iter().filter(|l| l.starts_with("Round")).collect();
    assert_eq!(turns, ["Round 1: p2's turn.", "Round 1: p3's turn.", "Round 2: p1's turn."]);
}
