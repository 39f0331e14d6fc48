//! The checklist lines of gaps §1 that the worked examples leave out: AD-R01, R02 and
//! R10-R13 (the criminals), R06/R23 and §5.2 (entrances and patrol starts), R07, R09,
//! R14/R15, R18, R19, R22, R32/R33, R36 (the Shadow's reach), R40, R44 (loot lying on the
//! entrance), R45 (the police after a skipped slot) and R46. The police's lines (R24-R30,
//! R38, R42) are in `police.rs`, R31 in `options.rs`. The examples (`examples.rs`) test the
//! others: R03 and R04 (T02-T04), R05 (T01), R08 (T05), R11 (T24), R16 (T08, T09), R17
//! (T07), R20 and R21 (T11, T12), R34 (T27, T28), R35 (T06, T07), R37 (T16, T17), R39
//! (T06, T18-T20), R41 (T21), R43 (T10, T15).

use super::*;

#[test]
fn ad_r01_the_crew_wins_or_loses_together() {
    let mut g = start(
        "",
        &["brains", "thug"],
        2,
        "no_police(); floor(3, 0); put('brains', 3, 0); give('brains', 'loot_4'); put('thug', 3, -1); give('thug', 'loot_2g')
         drop(3, -1, 'loot_1')",
    );
    pick(&mut g, "Move to E2 (3,-1)");
    let r = g.result().expect("over");
    assert_eq!(r.crew, Some(true));
    assert_eq!(r.winners, [1, 2], "every seat wins");
    let mut g = start(
        "",
        &["brains", "thug"],
        2,
        "no_police(); put('thug', 4, 4); set('thug', 'subdued', 1); put('brains', 1, -1); lay(1, 0, 'guard_5')",
    );
    g.rig_dice(&["1"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    let r = g.result().expect("over");
    assert_eq!(r.crew, Some(false));
    assert!(r.winners.is_empty(), "{:?}", r.winners);
}

#[test]
fn ad_r02_each_criminal_s_plus_2_and_only_that() {
    let mut g = paused("", &["brains", "thug", "engineer", "shadow"], 1);
    let table = LUA.list(
        &mut g,
        "local out = {}
         for _, id in ipairs({ 'brains', 'thug', 'engineer', 'shadow' }) do
           local b = {}
           for _, what in ipairs({ 'camera', 'guard', 'bystander', 'lock', 'patrol', 'swat', 'fbi', 'heavy' }) do
             b[#b + 1] = tostring(combat.bonus(crim(id), what))
           end
           out[#out + 1] = id .. ' ' .. table.concat(b, '')
         end
         return out",
    );
    assert_eq!(table, ["brains 00200000", "thug 02002222", "engineer 00020000", "shadow 20000000"]);
}

#[test]
fn ad_r06_r23_entrances_favour_the_left_and_the_patrols_start_beside_the_first_row() {
    for (scenario, doors, patrols) in [
        ("tiny", "(1,-1) (1,4) (-1,2) (-1,1)", "(-1,0) (-1,3)"),
        ("small", "(1,-1) (3,-1) (3,5) (1,5) (-1,3) (-1,1)", "(-1,0) (-1,4)"),
        ("medium", "(1,-1) (3,-1) (3,6) (1,6) (-1,4) (-1,1)", "(-1,0) (-1,5)"),
        ("large", "(1,-1) (3,-1) (3,8) (1,8) (-1,5) (-1,2)", "(-1,0) (-1,7)"),
    ] {
        let mut g = paused(scenario, &["brains"], 1);
        let got = LUA.str(
            &mut g,
            "local d = {} for i, e in ipairs(game.entrances) do d[i] = game.where(e) end
             return table.concat(d, ' ') .. ' | ' .. where_is('patrol', 1) .. ' ' .. where_is('patrol', 2)",
        );
        assert_eq!(got, format!("{doors} | {patrols}"), "{scenario}");
    }
}

#[test]
fn ad_r07_the_deal_is_shuffled() {
    let deal = |seed| {
        let mut g = new_game(&shipped(""), seed, 1);
        LUA.str(
            &mut g,
            "local out = {} for r = 0, 5 do for c = 0, 5 do out[#out + 1] = tid(c, r) end end return table.concat(out, ' ')",
        )
    };
    assert_ne!(deal(1), deal(2));
    assert_eq!(deal(3), deal(3));
}

#[test]
fn ad_r09_criminals_walk_the_street_and_enter_only_by_an_entrance() {
    let mut g = start("", &["thug", "brains"], 1, "no_police(); put('thug', 1, -1); put('brains', 5, 5)");
    assert!(offered(&g, "Move to (0,-1) (street)") && offered(&g, "Move to (2,-1) (street)"), "{:?}", options(&g));
    pick(&mut g, "Move to (2,-1) (street)");
    assert!(!options(&g).iter().any(|l| l.contains("(2,0)")), "no way in at (2,-1): {:?}", options(&g));
    assert!(offered(&g, "Move to E2 (3,-1)"), "{:?}", options(&g));
}

#[test]
fn ad_r10_brains_gifts_per_heist_and_none_when_spent() {
    for (scenario, gifts) in [("tiny", 1), ("small", 2), ("medium", 3), ("large", 4)] {
        let g = paused(scenario, &["brains", "thug"], 1);
        assert_eq!(counter(&g, "gifts", None), gifts, "{scenario}");
    }
    let g = start("", &["brains", "thug"], 1, "no_police(); posse.set('gifts', 0)");
    assert!(!offered(&g, "Give"), "{:?}", options(&g));
    let g = start("", &["thug", "brains"], 1, "no_police()");
    assert!(!offered(&g, "Give"), "only Brains gives: {:?}", options(&g));
}

fn engineer_at_a_guard(rolls: &[&str]) -> Game {
    let mut g = start(
        "",
        &["engineer", "thug"],
        1,
        "no_police(); put('engineer', 1, -1); put('thug', 4, 4); lay(1, 0, 'guard_5')",
    );
    g.rig_dice(rolls);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert_eq!(asked(&g), "Engineer rolled 1 + 0 against 5. Reroll for an action (1 left)?");
    pick(&mut g, "Reroll (1 action)");
    g
}

#[test]
fn ad_r12_the_engineer_rerolls_for_an_action_and_the_new_roll_stands() {
    let mut g = engineer_at_a_guard(&["1", "5"]);
    assert!(LUA.bool(&mut g, "return cleared(1, 0)"));
    assert_eq!(LUA.str(&mut g, "return at('engineer')"), "(1,0)");
    assert!(asked(&g).starts_with("Thug at"), "the reroll spent his last action: {}", asked(&g));
    let mut g = engineer_at_a_guard(&["1", "1"]);
    assert_eq!(LUA.int(&mut g, "return get('engineer', 'subdued')"), 1);
    assert_eq!(threat(&g), 1);
    // With no action left, no reroll: the second action's failure stands.
    let mut g = start(
        "",
        &["engineer", "thug"],
        1,
        "no_police(); put('engineer', 1, -1); put('thug', 4, 4); lay(1, 0, 'guard_5')",
    );
    pick(&mut g, "Scout (1,0)");
    g.rig_dice(&["1"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert_eq!(LUA.int(&mut g, "return get('engineer', 'subdued')"), 1);
    assert!(asked(&g).starts_with("Thug at"), "{}", asked(&g));
}

#[test]
fn ad_r13_the_shadow_acts_diagonally_inside_only() {
    let g = start("", &["shadow", "thug"], 1, "no_police(); floor(1, 1); put('shadow', 1, 1); put('thug', 5, 5)");
    for d in ["(0,0)", "(2,0)", "(0,2)", "(2,2)"] {
        assert!(offered(&g, &format!("Step onto {d} (face down)")), "{d}: {:?}", options(&g));
        assert!(offered(&g, &format!("Scout {d}")), "{d}");
    }
    let g2 = start("", &["thug", "shadow"], 1, "no_police(); floor(1, 1); put('thug', 1, 1); put('shadow', 5, 5)");
    assert!(!offered(&g2, "Step onto (2,2)"), "the Thug has no diagonals: {:?}", options(&g2));
    // From the street, in only orthogonally through the entrance.
    let g = start("", &["shadow", "thug"], 1, "no_police(); put('shadow', 1, -1); put('thug', 5, 5)");
    assert!(offered(&g, "Step onto (1,0)"), "{:?}", options(&g));
    assert!(!offered(&g, "Step onto (0,0)") && !offered(&g, "Step onto (2,0)"), "{:?}", options(&g));
}

#[test]
fn ad_r14_r15_the_obstacle_deck_is_48_three_of_each() {
    let mut g = paused("", &["brains"], 1);
    let counts = LUA.str(
        &mut g,
        "local n, total = {}, 0
         local zones = { posse.zone('bag'), posse.zone('unused') }
         for _, x in ipairs(game.cells) do zones[#zones + 1] = game.tile_zone(x) end
         for _, z in ipairs(zones) do
           for _, o in ipairs(posse.contents(z)) do
             local p = game.props(o)
             if p.power then
               local k = p.class .. p.power
               n[k] = (n[k] or 0) + 1
               total = total + 1
             end
           end
         end
         local odd = {}
         for k, v in pairs(n) do if v ~= 3 then odd[#odd + 1] = k end end
         local kinds = 0
         for _ in pairs(n) do kinds = kinds + 1 end
         return total .. ' in ' .. kinds .. ' kinds, odd: ' .. table.concat(odd, ',')",
    );
    assert_eq!(counts, "48 in 16 kinds, odd: ");
}

#[test]
fn ad_r18_a_bystander_won_is_a_hostage_lost_brings_back_the_strongest_specialist() {
    let mut g = start(
        "",
        &["brains", "thug"],
        1,
        "no_police(); put('brains', 1, -1); put('thug', 4, 4); lay(1, 0, 'bystander_5')",
    );
    g.rig_dice(&["3"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert_eq!(LUA.int(&mut g, "return #game.hostages_on(cell(1, 0))"), 1, "3 + 2 >= 5");
    assert_eq!(threat(&g), 0);
    // The Thug fails a bystander: threat +1 and the FBI agent (stronger than the SWAT)
    // comes back by the black die (3: E3).
    let mut g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); put('thug', 1, -1); put('brains', 4, 4); lay(1, 0, 'bystander_2')
         game.put(unit('swat', 1), posse.zone('defeated')); game.put(unit('fbi', 1), posse.zone('defeated'))",
    );
    g.rig_dice(&["1", "3"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert_eq!(threat(&g), 1);
    assert_eq!(LUA.str(&mut g, "return at('thug')"), "(1,-1)", "back where he came from");
    assert_eq!(LUA.str(&mut g, "return where_is('fbi', 1) .. ' ' .. where_is('swat', 1)"), "(3,6) defeated");
    assert_eq!(LUA.int(&mut g, "return #game.hostages_on(cell(1, 0))"), 0);
    // With nobody in the defeated pool, nothing more.
    let mut g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); put('thug', 1, -1); put('brains', 4, 4); lay(1, 0, 'bystander_2')",
    );
    g.rig_dice(&["1"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert_eq!(
        LUA.list(
            &mut g,
            "local out = {} for _, u in ipairs(game.on_board()) do out[#out + 1] = game.name(u) end return out"
        ),
        Vec::<String>::new()
    );
}

/// The cells locked down, sorted.
fn locked_cells(g: &mut Game) -> Vec<String> {
    sorted(LUA.list(
        g,
        "local out = {} for _, x in ipairs(game.cells) do if game.locked(x) then out[#out + 1] = game.where(x) end end return out",
    ))
}

#[test]
fn ad_r19_a_failed_lock_locks_down_the_tiles_ahead() {
    // South from (2,1) onto a lock at (2,2): ahead, the flanks and the forward diagonals.
    let mut g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); floor(2, 1); put('thug', 2, 1); put('brains', 5, 5); lay(2, 2, 'lock_5')",
    );
    g.rig_dice(&["1"]);
    pick(&mut g, "Step onto (2,2) (face down)");
    assert_eq!(threat(&g), 1);
    assert_eq!(LUA.str(&mut g, "return at('thug')"), "(2,1)");
    assert_eq!(locked_cells(&mut g), ["(1,2)", "(1,3)", "(2,3)", "(3,2)", "(3,3)"]);
    // Diagonally, the Shadow from (1,1) to (2,2): the five tiles with (n - L).d >= 0 that
    // are face down ((3,2) is revealed).
    let mut g = start(
        "",
        &["shadow", "brains"],
        1,
        "no_police(); floor(1, 1); put('shadow', 1, 1); put('brains', 5, 5); lay(2, 2, 'lock_5'); floor(3, 2)",
    );
    g.rig_dice(&["1"]);
    pick(&mut g, "Step onto (2,2) (face down)");
    assert_eq!(locked_cells(&mut g), ["(1,3)", "(2,3)", "(3,1)", "(3,3)"]);
    // A locked tile cannot be entered, but can be scouted.
    let g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); floor(2, 1); put('thug', 2, 1); put('brains', 5, 5); local l = lay(4, 4, 'lock_2', true); lockdown(l, 2, 2)",
    );
    assert!(!offered(&g, "Step onto (2,2)"), "{:?}", options(&g));
    assert!(offered(&g, "Scout (2,2)"), "{:?}", options(&g));
}

#[test]
fn ad_r22_the_loot_pieces_are_worth_1_2_2_4() {
    let mut g = paused("", &["brains"], 1);
    let pieces = LUA.list(
        &mut g,
        "local out = {} for _, o in ipairs(posse.contents(posse.zone('loot_side'))) do
           local p = game.props(o) out[#out + 1] = p.colour .. ' ' .. p.value end return out",
    );
    assert_eq!(sorted(pieces), ["blue 2", "green 2", "red 1", "yellow 4"]);
}

#[test]
fn ad_r32_every_level_crossed_fires_in_order() {
    let mut g = paused("", &["brains", "thug"], 1);
    let steps = LUA.list(
        &mut g,
        "local out = {}
         -- SWAT #2 already on the board when level 4 calls it: nothing happens.
         cop('swat', 2, 6, 6)
         for level = 1, 9 do
           threat.raise(1, 'test')
           local a = {}
           for _, u in ipairs(posse.contents(posse.zone('arriving'))) do a[#a + 1] = posse.def_id(u) end
           out[#out + 1] = level .. ':' .. table.concat(a, ',') .. ':' .. where_is('patrol', 1)
         end
         return out",
    );
    assert_eq!(
        steps,
        [
            "1::(-1,0)",
            "2::(-1,0)",
            "3:swat:(-1,0)",
            "4:swat:(-1,0)",
            "5:swat,fbi:(-1,0)",
            "6:swat,fbi,fbi:(-1,0)",
            "7:swat,fbi,fbi,heavy:(-1,0)",
            "8:swat,fbi,fbi,heavy,heavy:(-1,0)",
            "9:swat,fbi,fbi,heavy,heavy:gone",
        ]
    );
    assert_eq!(counter(&g, "fell_back", None), 1);
    assert!(!g.is_over());
}

#[test]
fn ad_r32_fall_back_calls_every_specialist_not_on_the_board() {
    let mut g = paused("", &["brains", "thug"], 1);
    let called = LUA.list(
        &mut g,
        "posse.set('threat', 8); cop('heavy', 1, 6, 6); game.put(unit('swat', 1), posse.zone('defeated'))
         threat.raise(1, 'test')
         local a = {}
         for _, u in ipairs(posse.contents(posse.zone('arriving'))) do a[#a + 1] = posse.def_id(u) end
         return a",
    );
    assert_eq!(sorted(called), ["fbi", "fbi", "heavy", "swat", "swat"]);
    assert_eq!(LUA.str(&mut g, "return where_is('patrol', 1) .. ' ' .. where_is('patrol', 2)"), "gone gone");
}

#[test]
fn ad_r33_the_hard_track() {
    let c = content_with(
        "",
        &["brains", "thug"],
        &[("scenarios/american_desperado/game.yaml", "track: easy", "track: hard")],
    );
    let mut g = start_in(&c, 1, "no_police()");
    assert_eq!(LUA.str(&mut g, "threat.raise(2, 'test') return where_is('swat', 1)"), "arriving", "SWAT #1 at 2");
    LUA.run(&mut g, "threat.raise(7, 'test')");
    assert_eq!(threat(&g), 9);
    LUA.run(&mut g, "threat.raise(1, 'test')");
    assert_eq!(threat(&g), 10);
    assert!(LUA.bool(&mut g, "return game.over()"), "the National Guard at 10");
}

#[test]
fn ad_r36_the_shadow_trades_a_hostage_diagonally() {
    let arrange = |who: &str| {
        format!(
            "no_police(); floor(1, 1); floor(2, 2); hostage(2, 2); put('{who}', 1, 1)
             put('brains', 5, 5); set('brains', 'subdued', 1)"
        )
    };
    let g = start("", &["shadow", "brains"], 1, &arrange("shadow"));
    assert!(offered(&g, "Trade a hostage to free Brains"), "{:?}", options(&g));
    let g = start("", &["thug", "brains"], 1, &arrange("thug"));
    assert!(!offered(&g, "Trade"), "{:?}", options(&g));
}

#[test]
fn ad_r40_a_subdued_criminal_drops_its_loot_and_takes_no_turn() {
    let mut g = start(
        "",
        &["brains", "thug"],
        1,
        "no_police(); put('brains', 1, -1); give('brains', 'loot_4'); put('thug', 4, 4); lay(1, 0, 'guard_5')",
    );
    g.rig_dice(&["1"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert_eq!(LUA.list(&mut g, "return ground(1, 0)"), ["loot_4"]);
    assert_eq!(LUA.list(&mut g, "return carried('brains')"), Vec::<String>::new());
    assert!(asked(&g).starts_with("Thug at"), "{}", asked(&g));
    pick(&mut g, "End the turn");
    assert!(asked(&g).starts_with("Thug at"), "Brains' slot is skipped: {}", asked(&g));
    assert_eq!(counter(&g, "round", None), 2);
}

#[test]
fn ad_r46_the_parts() {
    let mut g = paused("", &["brains", "thug", "engineer", "shadow"], 1);
    let parts = LUA.str(
        &mut g,
        "local entrance = 0
         for _, e in ipairs(game.entrances) do if game.tile(e) then entrance = entrance + 1 end end
         entrance = entrance + posse.count(posse.zone('entrance_tiles'))
         local kinds = {}
         for _, u in ipairs(game.police()) do local k = game.props(u).kind kinds[k] = (kinds[k] or 0) + 1 end
         return ('%d entrance tiles, %d hostage tokens, %d markers, police %d %d %d %d, %d loot pieces'):format(
           entrance, posse.count(posse.zone('hostages')), posse.count(posse.zone('markers')),
           kinds.patrol, kinds.swat, kinds.fbi, kinds.heavy, posse.count(posse.zone('loot_side')))",
    );
    assert_eq!(parts, "6 entrance tiles, 12 hostage tokens, 48 markers, police 2 2 2 2, 4 loot pieces");
}

#[test]
fn ad_r45_the_police_move_after_a_subdued_criminal_s_slot_too() {
    // Patrol A walks the ring before the alarm: a step after the Thug's slot and one after
    // Brains' (skipped, subdued).
    let mut g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); cop('patrol', 1, -1, 0, 0); floor(3, 3); put('thug', 3, 3); put('brains', 4, 4); set('brains', 'subdued', 1)",
    );
    pick(&mut g, "End the turn");
    assert_eq!(asked(&g), "Thug at (3,3): 2 actions left.");
    assert_eq!(counter(&g, "round", None), 2);
    assert_eq!(LUA.str(&mut g, "return where_is('patrol', 1)"), "(0,-1)");
}

#[test]
fn ad_r44_the_getaway_is_from_an_entrance_only() {
    // Brains on the street at (2,-1), the Thug on E2 with the red loot lying there: 7 in
    // all, apart. Then both on (2,-1), carrying 6, not an entrance: no win either.
    let mut g = start(
        "",
        &["brains", "thug"],
        1,
        "no_police(); put('brains', 2, -1); give('brains', 'loot_4'); put('thug', 3, -1); give('thug', 'loot_2g')
         drop(3, -1, 'loot_1')",
    );
    assert!(!g.is_over());
    pick(&mut g, "End the turn");
    assert!(!g.is_over(), "Brains on (2,-1), the Thug on E2");
    assert!(asked(&g).starts_with("Thug at"), "{}", asked(&g));
    pick(&mut g, "Move to (2,-1) (street)");
    assert!(!g.is_over(), "both on (2,-1), not an entrance");
    assert_eq!(asked(&g), "Thug at (2,-1): 1 action left.");
}

#[test]
fn ad_r45_the_criminals_are_shared_among_the_players_in_turn_order() {
    for (players, seats) in [(1, "1 1 1 1"), (2, "1 2 1 2"), (3, "1 2 3 1"), (4, "1 2 3 4")] {
        let mut g = paused("", &["brains", "thug", "engineer", "shadow"], players);
        let got = LUA.str(
            &mut g,
            "local out = {} for i, c in ipairs(game.crew()) do out[i] = tostring(game.seat(c)) end return table.concat(out, ' ')",
        );
        assert_eq!(got, seats, "{players} players");
    }
}

#[test]
fn ad_r16_a_failed_camera_sends_the_criminal_back_before_the_police_step() {
    // The alarm is on; a hunting patrol at (0,-1), next to the Engineer on E1. He fails
    // the camera at (1,0) and goes back to E1; the camera's extra step then takes the
    // patrol onto E1, onto him: it attacks (+1 fatigue), he wins (6 >= 3). He does not
    // end up sharing E1 with a patrol that never fought.
    let mut g = start(
        "",
        &["engineer", "thug"],
        1,
        "no_police(); gone_patrols(); posse.set('threat', 1); cop('patrol', 1, 0, -1, 2)
         put('engineer', 1, -1); put('thug', 4, 4); lay(1, 0, 'camera_4')",
    );
    g.rig_dice(&["1", "6"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    pick(&mut g, "Keep the roll");
    assert_eq!(threat(&g), 3);
    assert_eq!(LUA.str(&mut g, "return at('engineer')"), "(1,-1)");
    assert_eq!(LUA.int(&mut g, "return get('engineer', 'fatigue')"), 1, "the patrol attacked him");
    assert_eq!(LUA.str(&mut g, "return where_is('patrol', 1)"), "defeated");
}

#[test]
fn ad_r18_a_specialist_sent_back_onto_the_space_the_criminal_fell_back_to_attacks_him() {
    // The Thug fails a bystander from E1; the FBI agent comes back on E1 (black 1), where
    // he already stands again: it attacks (+1 fatigue), he wins (6 + 2 >= 5).
    let mut g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); put('thug', 1, -1); put('brains', 4, 4); lay(1, 0, 'bystander_2')
         game.put(unit('fbi', 1), posse.zone('defeated'))",
    );
    g.rig_dice(&["1", "1", "6"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert_eq!(LUA.str(&mut g, "return at('thug')"), "(1,-1)");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'fatigue')"), 1);
    assert_eq!(LUA.str(&mut g, "return where_is('fbi', 1)"), "defeated");
}
