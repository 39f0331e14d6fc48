//! The police's moves (§5.10-§5.12) against positions worked by hand: the patrol's ring,
//! trail, dead end and hunt with its tie-breaks, the SWAT's hostages and "results in
//! combat", the FBI's diagonals, the Heavy, the order of movement, the camera's extra step
//! (AD-T29), deployment by the black die and the street rule. The movement step and
//! deployment are run directly from the arranged position (the Medium heist unless said;
//! every tile face down unless the test reveals it).

use super::*;

/// A game paused before round 1 with crew `crew` (1 player), no police on the board,
/// then `arrange` run.
fn board(crew: &[&str], arrange: &str) -> Game {
    let mut g = paused("", crew, 1);
    LUA.run(&mut g, &format!("no_police()\n{arrange}"));
    g
}

/// The position of `who` after each of `n` movement steps.
fn walk(g: &mut Game, who: &str, n: usize) -> Vec<String> {
    (0..n).map(|_| LUA.str(g, &format!("police.movement() return {who}"))).collect()
}

#[test]
fn ad_r24_before_the_alarm_a_patrol_walks_the_ring_clockwise() {
    // Up the left side, along the front to the right, down the right side, along the
    // rear to the left: 28 spaces round a 6x6 building.
    let mut g = board(&["brains"], "cop('patrol', 1, -1, 0, 0); put('brains', 2, 2)");
    let path = walk(&mut g, "where_is('patrol', 1)", 28);
    assert_eq!(path[..9], ["(-1,-1)", "(0,-1)", "(1,-1)", "(2,-1)", "(3,-1)", "(4,-1)", "(5,-1)", "(6,-1)", "(6,0)"]);
    assert_eq!(path[14..17], ["(6,6)", "(5,6)", "(4,6)"]);
    assert_eq!(path[21..], ["(-1,6)", "(-1,5)", "(-1,4)", "(-1,3)", "(-1,2)", "(-1,1)", "(-1,0)"]);
    assert_eq!(threat(&g), 0);
}

#[test]
fn ad_r25_a_patrol_enters_at_a_revealed_door_and_follows_the_trail() {
    // E1's inward tile (1,0) revealed: in, heading south; (1,1) straight on; at (1,1),
    // with (1,2) face down, the right turn (west, (0,1)) before the left ((2,1)).
    let mut g = board(
        &["brains"],
        "cop('patrol', 1, 1, -1, 0); put('brains', 5, 5); floor(1, 0); floor(1, 1); floor(0, 1); floor(2, 1)",
    );
    assert_eq!(walk(&mut g, "where_is('patrol', 1)", 3), ["(1,0)", "(1,1)", "(0,1)"]);
    assert_eq!(LUA.int(&mut g, "return posse.obj_get(unit('patrol', 1), 'mode')"), 1, "TRAIL");
    assert_eq!(threat(&g), 0);
    // Heading west at (0,1): nothing straight, right (0,0) or left (0,2) revealed, and it
    // never goes back: a dead end, threat +1 once, and it hunts.
    assert_eq!(walk(&mut g, "where_is('patrol', 1)", 1), ["(0,1)"]);
    assert_eq!(threat(&g), 1);
    assert!(log_has(&g, None, "Patrol reaches a dead end."));
    assert_eq!(LUA.int(&mut g, "return posse.obj_get(unit('patrol', 1), 'mode')"), 2, "HUNT");
    LUA.run(&mut g, "police.movement()");
    assert_eq!(threat(&g), 1, "one dead end, one threat");
}

#[test]
fn ad_r25_a_trail_leads_to_a_criminal_before_the_turn_order() {
    // At (1,1) heading south: the right turn would be (0,1), but the Thug stands on (2,1).
    let mut g = board(
        &["thug", "brains"],
        "cop('patrol', 1, 1, -1, 0); put('brains', 5, 5); put('thug', 2, 1)
         floor(1, 0); floor(1, 1); floor(0, 1); floor(2, 1)",
    );
    assert_eq!(walk(&mut g, "where_is('patrol', 1)", 2), ["(1,0)", "(1,1)"]);
    g.rig_dice(&["1"]);
    LUA.run(&mut g, "police.movement()");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'fatigue')"), 1, "the patrol attacked him");
    assert_eq!(LUA.str(&mut g, "return where_is('patrol', 1)"), "defeated", "1 + 2 >= 3");
}

#[test]
fn ad_r26_a_patrol_stranded_by_the_shadow_s_diagonal_raises_the_threat() {
    // The Shadow went (1,0) -> (2,1) diagonally: the trail (1,0) has no orthogonal way on.
    let mut g = board(&["shadow"], "cop('patrol', 1, 1, -1, 0); put('shadow', 2, 1); floor(1, 0); floor(2, 1)");
    assert_eq!(walk(&mut g, "where_is('patrol', 1)", 2), ["(1,0)", "(1,0)"]);
    assert_eq!(threat(&g), 1);
    // Hunting now, it cannot reach her either: it heads out by the revealed door E1.
    assert_eq!(walk(&mut g, "where_is('patrol', 1)", 1), ["(1,-1)"]);
}

/// Patrol A on the front street at (2,-1), the alarm tripped; Brains (C1) two spaces
/// west at (0,-1), the Thug (C2) two spaces east at (4,-1).
fn hunt(arrange: &str) -> String {
    let mut g = board(
        &["brains", "thug"],
        &format!(
            "posse.set('threat', 1); cop('patrol', 1, 2, -1, 2); put('brains', 0, -1); put('thug', 4, -1); {arrange}"
        ),
    );
    LUA.str(&mut g, "police.movement() return where_is('patrol', 1)")
}

#[test]
fn ad_r27_hunting_patrol_tie_breaks_loot_then_seat() {
    assert_eq!(hunt(""), "(1,-1)", "equal loot: the lower seat, Brains");
    assert_eq!(hunt("give('thug', 'loot_1')"), "(3,-1)", "the Thug carries more loot");
    assert_eq!(hunt("give('brains', 'loot_1'); give('thug', 'loot_2g')"), "(3,-1)");
    assert_eq!(hunt("give('brains', 'loot_2b'); give('thug', 'loot_1')"), "(1,-1)");
}

#[test]
fn ad_r27_hunting_patrol_direction_order_north_first() {
    // From the rear-left corner to the front-right corner: 14 either way; N before E.
    let mut g = board(&["brains"], "posse.set('threat', 1); cop('patrol', 1, -1, 6, 2); put('brains', 6, -1)");
    assert_eq!(walk(&mut g, "where_is('patrol', 1)", 1), ["(-1,5)"]);
}

#[test]
fn ad_r27_a_hunter_with_nobody_to_reach_heads_for_a_revealed_door() {
    // Brains among face-down tiles. With E4's inward tile (1,5) revealed, the patrol at
    // (-1,3) goes south towards E4 (5 spaces); with no door revealed, clockwise (north).
    let arrange = "posse.set('threat', 1); cop('patrol', 1, -1, 3, 2); put('brains', 3, 3)";
    let mut g = board(&["brains"], &format!("{arrange}; floor(1, 5)"));
    assert_eq!(walk(&mut g, "where_is('patrol', 1)", 2), ["(-1,4)", "(-1,5)"]);
    let mut g = board(&["brains"], arrange);
    assert_eq!(walk(&mut g, "where_is('patrol', 1)", 1), ["(-1,2)"]);
}

#[test]
fn ad_r28_swat_goes_for_the_hostage_before_a_nearer_criminal() {
    // SWAT at (2,2): Brains one space west, a hostage two spaces east. It rescues the
    // hostage and stops there.
    let mut g = board(
        &["brains"],
        "posse.set('threat', 3); for c = 1, 4 do floor(c, 2) end; put('brains', 1, 2); hostage(4, 2); cop('swat', 1, 2, 2)",
    );
    LUA.run(&mut g, "police.movement()");
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "(4,2)");
    assert_eq!(LUA.int(&mut g, "return #game.hostages_on(cell(4, 2))"), 0, "rescued");
    assert_eq!(LUA.int(&mut g, "return get('brains', 'fatigue')"), 0);
}

#[test]
fn ad_r28_swat_takes_the_path_that_results_in_combat() {
    // Hostages at (0,2) and (4,2), both two spaces from the SWAT at (2,2). With nobody
    // between, the hostage of the lower (row, col), (0,2): west, and rescued.
    let arrange = "posse.set('threat', 3); for c = 0, 4 do floor(c, 2) end; put('thug', 5, 5)
                   hostage(0, 2); hostage(4, 2); cop('swat', 1, 2, 2)";
    let mut g = board(&["brains", "thug"], &format!("{arrange}; put('brains', 5, 4)"));
    LUA.run(&mut g, "police.movement()");
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "(0,2)");
    assert_eq!(LUA.int(&mut g, "return #game.hostages_on(cell(0, 2))"), 0);
    // Brains on (3,2), east: that path results in combat, and is taken.
    let mut g = board(&["brains", "thug"], &format!("{arrange}; put('brains', 3, 2)"));
    g.rig_dice(&["1"]);
    LUA.run(&mut g, "police.movement()");
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "(3,2)");
    assert_eq!(LUA.int(&mut g, "return get('brains', 'fatigue')"), 1);
    assert_eq!(LUA.int(&mut g, "return get('brains', 'subdued')"), 1, "1 + 0 < 4");
    assert_eq!(LUA.int(&mut g, "return #game.hostages_on(cell(0, 2)) + #game.hostages_on(cell(4, 2))"), 2);
}

#[test]
fn ad_r28_swat_ties_between_hostages_by_the_hostage_s_row_and_column() {
    // Hostage A at (0,3) (west then south, 3 steps), hostage B at (5,2) (east, 3 steps).
    // B has the lower (row, col): (2,5) before (3,0), so the SWAT goes east, where the
    // (row, col) of the first steps, (2,1) before (2,3), would say west.
    let mut g = board(
        &["brains"],
        "posse.set('threat', 3); for c = 0, 5 do floor(c, 2) end; floor(0, 3); put('brains', 5, 5)
         hostage(0, 3); hostage(5, 2); cop('swat', 1, 2, 2)",
    );
    LUA.run(&mut g, "police.extra_step()");
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "(3,2)");
}

#[test]
fn ad_r29_the_fbi_moves_diagonally() {
    // (2,2) -> (3,3) -> (4,4): two diagonal steps through revealed tiles onto Brains.
    let mut g = board(
        &["brains"],
        "posse.set('threat', 5); floor(2, 2); floor(3, 3); floor(4, 4); put('brains', 4, 4); cop('fbi', 1, 2, 2)",
    );
    g.rig_dice(&["1"]);
    LUA.run(&mut g, "police.movement()");
    assert_eq!(LUA.str(&mut g, "return where_is('fbi', 1)"), "(4,4)");
    assert_eq!(LUA.int(&mut g, "return get('brains', 'fatigue')"), 1);
    // The same position for a SWAT, orthogonal only: nobody in reach, it stays.
    let mut g = board(
        &["brains"],
        "posse.set('threat', 5); floor(2, 2); floor(3, 3); floor(4, 4); put('brains', 4, 4); cop('swat', 1, 2, 2)",
    );
    LUA.run(&mut g, "police.movement()");
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "(2,2)");
}

#[test]
fn ad_r29_fbi_direction_order_ne_before_se() {
    // Brains at (5,2); (3,1) and (3,3) both lead on through (4,2): the camera's single
    // step takes NE.
    let mut g = board(
        &["brains"],
        "posse.set('threat', 5); floor(2, 2); floor(3, 1); floor(3, 3); floor(4, 2); floor(5, 2); put('brains', 5, 2); cop('fbi', 1, 2, 2)",
    );
    LUA.run(&mut g, "police.extra_step()");
    assert_eq!(LUA.str(&mut g, "return where_is('fbi', 1)"), "(3,1)");
}

#[test]
fn ad_r30_the_heavy_ignores_hostages_and_costs_2_fatigue_when_it_attacks() {
    let mut g = board(
        &["brains", "thug"],
        "posse.set('threat', 7); floor(2, 0); floor(2, 1); floor(2, 2); floor(3, 2); hostage(3, 2)
         put('brains', 2, 0); put('thug', 5, 5); cop('heavy', 1, 2, 2)",
    );
    g.rig_dice(&["1"]);
    LUA.run(&mut g, "police.movement()");
    assert_eq!(LUA.str(&mut g, "return where_is('heavy', 1)"), "(2,0)");
    assert_eq!(LUA.int(&mut g, "return get('brains', 'fatigue')"), 2, "G45: 2 as the aggressor too");
    assert_eq!(LUA.int(&mut g, "return #game.hostages_on(cell(3, 2))"), 1);
}

/// Brains at (2,2) between a SWAT two spaces south and an FBI agent two spaces north;
/// `first` arrived first. Brains loses the first fight; returns who stands on (2,2).
fn who_attacks(first: &str, second: &str) -> String {
    let mut g = board(
        &["brains", "thug"],
        &format!(
            "posse.set('threat', 5); for r = 0, 4 do floor(2, r) end; put('brains', 2, 2); put('thug', 5, 5)
             local pos = {{ swat = 4, fbi = 0 }}
             cop('{first}', 1, 2, pos['{first}']); cop('{second}', 1, 2, pos['{second}'])"
        ),
    );
    g.rig_dice(&["1"]);
    LUA.str(&mut g, "police.movement() return where_is('swat', 1) .. ' ' .. where_is('fbi', 1)")
}

#[test]
fn ad_r45_specialists_move_in_the_order_they_arrived() {
    // The first to arrive reaches Brains first and subdues him (roll 1); the other has
    // nobody left in reach and no revealed door: it holds its position.
    assert_eq!(who_attacks("swat", "fbi"), "(2,2) (2,0)");
    assert_eq!(who_attacks("fbi", "swat"), "(2,4) (2,2)");
}

#[test]
fn ad_r45_patrols_move_before_specialists() {
    // The SWAT arrived before the patrol was placed, yet the patrol, one space from
    // Brains, moves first and fights.
    let mut g = board(
        &["brains", "thug"],
        "posse.set('threat', 3); for r = 0, 4 do floor(2, r) end; put('brains', 2, 2); put('thug', 5, 5)
         cop('swat', 1, 2, 4); cop('patrol', 1, 2, 1, 2)",
    );
    g.rig_dice(&["1"]);
    assert_eq!(
        LUA.str(&mut g, "police.movement() return where_is('patrol', 1) .. ' ' .. where_is('swat', 1)"),
        "(2,2) (2,4)"
    );
}

#[test]
fn ad_t29_the_camera_step_skips_units_placed_since_the_last_turn() {
    let mut g = board(
        &["brains"],
        "posse.set('threat', 3); put('brains', 3, 3); cop('patrol', 1, -1, 0, 2); local u = cop('swat', 1, -1, 5)
         posse.obj_set(u, 'fresh', 1)",
    );
    LUA.run(&mut g, "police.extra_step()");
    assert_eq!(LUA.str(&mut g, "return where_is('patrol', 1) .. ' ' .. where_is('swat', 1)"), "(-1,-1) (-1,5)");
}

#[test]
fn ad_r38_the_black_die_picks_the_entrance() {
    let mut g = board(&["brains"], "put('brains', 3, 3)");
    for (roll, door) in
        [("1", "(1,-1)"), ("2", "(3,-1)"), ("3", "(3,6)"), ("4", "(1,6)"), ("5", "(-1,4)"), ("6", "(-1,1)")]
    {
        g.rig_dice(&[roll]);
        let at = LUA.str(&mut g, "local u = unit('swat', 1); police.deploy(u); local w = where_is('swat', 1); game.put(u, posse.zone('police')); return w");
        assert_eq!(at, door, "black {roll}");
    }
    // Tiny has four entrances: 5 and 6 are rolled again.
    let mut g = paused("tiny", &["brains"], 1);
    g.rig_dice(&["5", "6", "2"]);
    assert_eq!(
        LUA.str(&mut g, "no_police(); put('brains', 2, 2); police.deploy(unit('swat', 1)); return where_is('swat', 1)"),
        "(1,4)"
    );
}

/// A SWAT deployed with black `roll` while the crew stands as `arrange` puts it (threat 3).
fn street(roll: &str, arrange: &str) -> Game {
    let mut g = board(&["brains", "thug"], &format!("posse.set('threat', 3); {arrange}"));
    g.rig_dice(&[roll, "6"]);
    LUA.run(&mut g, "police.deploy(unit('swat', 1))");
    g
}

#[test]
fn ad_r42_an_arrival_on_an_exposed_criminal_s_side_lands_on_him() {
    // The Thug exposed at (5,-1); black 1: E1, the front. Threat +1 (level 4 calls SWAT
    // #2), the unit on his space; he defends (+1 fatigue) and wins (6 + 2 >= 4).
    let mut g = street("1", "put('brains', 3, 3); put('thug', 5, -1); set('thug', 'exposed', 1)");
    assert_eq!(threat(&g), 4);
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1) .. ' ' .. where_is('swat', 2)"), "defeated arriving");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'fatigue')"), 1);
    // Not exposed (he has not ended a turn there since the alarm): the entrance.
    let mut g = street("1", "put('brains', 3, 3); put('thug', 5, -1)");
    assert_eq!(threat(&g), 3);
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "(1,-1)");
    // Exposed on another side: the entrance.
    let mut g = street("5", "put('brains', 3, 3); put('thug', 5, -1); set('thug', 'exposed', 1)");
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "(-1,4)");
    // A corner is on two sides: (-1,-1) is on the left, where E5 is.
    let mut g = street("5", "put('brains', 3, 3); put('thug', -1, -1); set('thug', 'exposed', 1)");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'fatigue')"), 1);
    assert_eq!(threat(&g), 4);
}

#[test]
fn ad_r42_the_exposed_criminal_nearest_the_rolled_entrance_then_the_lower_seat() {
    // Black 2: E2 (3,-1). Brains at (0,-1) is 3 spaces away, the Thug at (5,-1) 2.
    let mut g =
        street("2", "put('brains', 0, -1); set('brains', 'exposed', 1); put('thug', 5, -1); set('thug', 'exposed', 1)");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'fatigue') * 10 + get('brains', 'fatigue')"), 10);
    // Both 2 away: Brains, the lower seat.
    let mut g =
        street("2", "put('brains', 1, -1); set('brains', 'exposed', 1); put('thug', 5, -1); set('thug', 'exposed', 1)");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'fatigue') * 10 + get('brains', 'fatigue')"), 1);
}

#[test]
fn ad_r29_the_fbi_cuts_ring_corners_but_enters_only_by_an_entrance() {
    // Ring to ring diagonally: from (-1,0) to (0,-1), one step nearer Brains on E1.
    let mut g = board(&["brains"], "posse.set('threat', 5); put('brains', 1, -1); cop('fbi', 1, -1, 0)");
    LUA.run(&mut g, "police.extra_step()");
    assert_eq!(LUA.str(&mut g, "return where_is('fbi', 1)"), "(0,-1)");
    // Ring to grid only through the entrance: Brains on (0,1), behind E6 (-1,1); from
    // (-1,2) the diagonal into (0,1) is not a step, (-1,1) is.
    let mut g = board(&["brains"], "posse.set('threat', 5); floor(0, 1); put('brains', 0, 1); cop('fbi', 1, -1, 2)");
    LUA.run(&mut g, "police.extra_step()");
    assert_eq!(LUA.str(&mut g, "return where_is('fbi', 1)"), "(-1,1)");
    assert_eq!(LUA.int(&mut g, "return get('brains', 'fatigue')"), 0);
}

#[test]
fn ad_r42_a_criminal_ending_his_turn_in_the_street_is_spotted_and_the_new_call_lands_too() {
    // Threat 3, SWAT #1 called. The Thug ends his turn at (5,-1): exposed. The SWAT rolls
    // E1 (front): threat 4 calls SWAT #2 into the same reinforcement step; SWAT #1 lands
    // on the Thug, who defends (+1 fatigue, 6 + 2 >= 4); SWAT #2 rolls E3.
    let mut g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); gone_patrols(); posse.set('threat', 3); threat.call(unit('swat', 1)); put('thug', 5, -1); put('brains', 4, 4)",
    );
    g.rig_dice(&["1", "6", "3"]);
    pick(&mut g, "End the turn");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'exposed')"), 1);
    assert_eq!(threat(&g), 4);
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1) .. ' ' .. where_is('swat', 2)"), "defeated (3,6)");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'fatigue')"), 1);
}

#[test]
fn ad_r42_a_unit_landing_on_a_stack_in_the_street_meets_the_stack_rules() {
    // Brains ends his turn at (5,-1) with the Thug: exposed. SWAT #1 rolls E1 (front) and
    // lands there (threat 4); the Thug fights with his +2 and covering fire +1 (1 + 3 >=
    // 4), Brains takes cover (+1 fatigue). SWAT #2, called by level 4, rolls E3.
    let mut g = start(
        "",
        &["brains", "thug"],
        1,
        "no_police(); gone_patrols(); posse.set('threat', 3); threat.call(unit('swat', 1)); put('brains', 5, -1); put('thug', 5, -1)",
    );
    g.rig_dice(&["1", "1", "3"]);
    pick(&mut g, "End the turn");
    assert_eq!(asked(&g), "The SWAT attacks (5,-1). Who fights (the others take cover)?");
    pick(&mut g, "Thug fights");
    assert_eq!(threat(&g), 4);
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1) .. ' ' .. where_is('swat', 2)"), "defeated (3,6)");
    assert_eq!(LUA.int(&mut g, "return get('brains', 'fatigue') * 10 + get('thug', 'fatigue')"), 10);
}
