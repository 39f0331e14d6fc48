//! The worked examples of gaps §2 as tests: AD-T01-AD-T30 (the Medium heist unless a test
//! names another; the crew each test chooses, C1 acting first).

use super::*;

// Counts of the deal: grid tiles, obstacles, loot values, face-up tiles, entrances with
// their tiles, the target.
const DEAL: &str = "
local obstacles, loot, face_up, tiles = 0, {}, 0, 0
for r = 0, game.rows - 1 do
  for c = 0, game.cols - 1 do
    local t = tile(c, r)
    tiles = tiles + 1
    if posse.face_up(t) then face_up = face_up + 1 end
    local p = game.props(t)
    if p.class == 'loot' then
      for _, o in ipairs(posse.contents(posse.zone('loot_side'))) do
        if posse.def_id(o) == p.piece then loot[#loot + 1] = game.props(o).value end
      end
    else
      obstacles = obstacles + 1
    end
  end
end
table.sort(loot)
local doors = 0
for i, e in ipairs(game.entrances) do
  local t = game.tile(e)
  if t and game.props(t).class == 'entrance' and posse.obj_get(t, 'number') == i then doors = doors + 1 end
end
local l = {}
for i, v in ipairs(loot) do l[i] = tostring(v) end
return ('%d tiles, %d obstacles, loot %s, %d face up, %d entrances (%d with their tile), target %d'):format(
  tiles, obstacles, table.concat(l, ' '), face_up, #game.entrances, doors, game.data.aims.target)";

#[test]
fn ad_t01_medium_deals_32_obstacles_and_4_loot_face_down() {
    let mut g = paused("", &["brains", "thug", "engineer", "shadow"], 4);
    assert_eq!(
        LUA.str(&mut g, DEAL),
        "36 tiles, 32 obstacles, loot 1 2 2 4, 0 face up, 6 entrances (6 with their tile), target 7"
    );
}

#[test]
fn ad_t02_tiny_deals_13_obstacles_and_3_loot_without_the_4() {
    let mut g = paused("tiny", &["brains", "thug", "engineer", "shadow"], 4);
    assert_eq!(
        LUA.str(&mut g, DEAL),
        "16 tiles, 13 obstacles, loot 1 2 2, 0 face up, 4 entrances (4 with their tile), target 3"
    );
}

#[test]
fn ad_t03_large_deals_44_obstacles_and_needs_every_loot() {
    let mut g = paused("large", &["brains", "thug", "engineer", "shadow"], 4);
    assert_eq!(
        LUA.str(&mut g, DEAL),
        "48 tiles, 44 obstacles, loot 1 2 2 4, 0 face up, 6 entrances (6 with their tile), target 9"
    );
}

#[test]
fn ad_t04_small_deals_21_obstacles_and_its_target_is_5() {
    let mut g = paused("small", &["brains", "thug", "engineer", "shadow"], 4);
    assert_eq!(
        LUA.str(&mut g, DEAL),
        "25 tiles, 21 obstacles, loot 1 2 2 4, 0 face up, 6 entrances (6 with their tile), target 5"
    );
}

#[test]
fn ad_t05_criminals_start_on_distinct_entrances_at_most_two_a_side() {
    // Medium: each criminal is offered only the entrances nobody took.
    let mut g = new_game(&shipped(""), 1, 4);
    let mut taken = Vec::new();
    for who in ["Brains", "Thug", "Engineer", "Shadow"] {
        assert_eq!(asked(&g), format!("Where does {who} start?"));
        let opts = options(&g);
        for t in &taken {
            assert!(!opts.contains(t), "{who} is offered {t}, taken: {opts:?}");
        }
        assert_eq!(opts.len(), 6 - taken.len(), "{opts:?}");
        taken.push(opts[opts.len() - 1].clone());
        let seat = g.next_request().unwrap().seat;
        g.choose(seat, &[opts.len() as u32]).unwrap();
    }
    let starts = {
        let mut v = LUA.list(
            &mut g,
            "local out = {} for i, c in ipairs(game.crew()) do out[i] = game.where(game.cell_of(c)) end return out",
        );
        v.sort();
        v.dedup();
        v
    };
    assert_eq!(starts.len(), 4, "four distinct entrances: {starts:?}");
    // Three entrances on the front (E5 moved to (5,-1)): after two front starts the third
    // is not offered.
    let c = content_with(
        "",
        &["brains", "thug", "engineer"],
        &[("scenarios/american_desperado/game.yaml", "      - [-1, 4]\n", "      - [5, -1]\n")],
    );
    let mut g = new_game(&c, 1, 1);
    assert!(offered(&g, "E") && options(&g).iter().any(|l| l.ends_with("(5,-1)")), "{:?}", options(&g));
    pick(&mut g, "E1 (1,-1)");
    pick(&mut g, "E2 (3,-1)");
    assert_eq!(asked(&g), "Where does Engineer start?");
    assert!(
        !options(&g).iter().any(|l| l.contains("-1)") && !l.contains("(-1,")),
        "a third on the front: {:?}",
        options(&g)
    );
    assert_eq!(options(&g).len(), 3, "{:?}", options(&g));
}

#[test]
fn ad_t06_thug_3_plus_2_beats_a_power_5_guard() {
    let mut g = start("", &["thug", "brains"], 1, "no_police(); put('thug', 1, -1); lay(1, 0, 'guard_5')");
    g.rig_dice(&["3"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert_eq!(LUA.str(&mut g, "return at('thug')"), "(1,0)");
    assert!(LUA.bool(&mut g, "return up(1, 0) and cleared(1, 0)"), "the guard is overcome, the tile cleared");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'subdued')"), 0);
    assert_eq!(threat(&g), 0);
    assert_eq!(asked(&g), "Thug at (1,0): 1 action left.");
}

#[test]
fn ad_t07_brains_4_fails_a_power_5_guard_and_is_subdued_there() {
    let mut g = start("", &["brains", "thug"], 1, "no_police(); put('brains', 1, -1); lay(1, 0, 'guard_5')");
    g.rig_dice(&["4"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert_eq!(LUA.str(&mut g, "return at('brains')"), "(1,0)", "subdued on the guard tile");
    assert_eq!(LUA.int(&mut g, "return get('brains', 'subdued')"), 1);
    assert!(LUA.bool(&mut g, "return up(1, 0) and not cleared(1, 0)"));
    assert_eq!(threat(&g), 1);
}

#[test]
fn ad_t08_a_failed_camera_raises_threat_2_and_every_unit_steps_once() {
    // Patrol A at (-1,0) and B at (-1,5) hunt after the alarm: A towards the Engineer at
    // E1 (1,-1) (3 steps, first north), B towards the Thug at E3 (3,6) (5 steps, first
    // south).
    let mut g = start(
        "",
        &["engineer", "thug"],
        1,
        "no_police(); cop('patrol', 1, -1, 0, 0); cop('patrol', 2, -1, 5, 0)
         put('engineer', 1, -1); put('thug', 3, 6); lay(1, 0, 'camera_4')",
    );
    g.rig_dice(&["2"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert!(asked(&g).contains("Reroll for an action"), "{}", asked(&g));
    pick(&mut g, "Keep the roll");
    assert_eq!(threat(&g), 2);
    assert!(log_has(&g, None, "The alarm is tripped!"));
    assert_eq!(LUA.str(&mut g, "return at('engineer')"), "(1,-1)", "back where he came from");
    assert!(LUA.bool(&mut g, "return up(1, 0) and not cleared(1, 0)"));
    assert_eq!(LUA.str(&mut g, "return where_is('patrol', 1)"), "(-1,-1)");
    assert_eq!(LUA.str(&mut g, "return where_is('patrol', 2)"), "(-1,6)");
}

#[test]
fn ad_t09_from_threat_2_a_camera_calls_both_swat_units() {
    let mut g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); posse.set('threat', 2); put('thug', 1, -1); put('brains', 4, 4); lay(1, 0, 'camera_5')",
    );
    // The camera's roll, then the reinforcement step: a patrol (the alarm, none on the
    // board) on E3, SWAT #1 on E4, SWAT #2 on E5.
    g.rig_dice(&["1", "3", "4", "5"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert_eq!(threat(&g), 4);
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1) .. ' ' .. where_is('swat', 2)"), "arriving arriving");
    pick(&mut g, "End the turn");
    assert_eq!(LUA.str(&mut g, "return where_is('patrol', 1)"), "(3,6)");
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1) .. ' ' .. where_is('swat', 2)"), "(1,6) (-1,4)");
}

#[test]
fn ad_t10_threat_11_plus_1_is_the_national_guard() {
    let mut g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); posse.set('threat', 11); put('thug', 1, -1); lay(1, 0, 'lock_5')",
    );
    g.rig_dice(&["1"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert_eq!(threat(&g), 12);
    assert!(g.is_over(), "the game is over");
    assert_eq!(won(&g), Some(false));
}

#[test]
fn ad_t11_the_shadow_carries_two_loot_not_three() {
    let mut g = start(
        "",
        &["shadow", "thug"],
        1,
        "no_police(); floor(1, 0); put('shadow', 1, 0); give('shadow', 'loot_1'); lay(2, 0, 'vault_2g'); drop(2, 0, 'loot_2b')",
    );
    pick(&mut g, "Step onto (2,0) (face down)");
    assert_eq!(sorted(LUA.list(&mut g, "return ground(2, 0)")), ["loot_2b", "loot_2g"]);
    pick(&mut g, "Take the green loot (2) (free)");
    assert_eq!(sorted(LUA.list(&mut g, "return carried('shadow')")), ["loot_1", "loot_2g"]);
    assert!(!offered(&g, "Take"), "a third loot: {:?}", options(&g));
    assert!(offered(&g, "Drop the red loot (1) (free)"), "{:?}", options(&g));
}

#[test]
fn ad_t12_the_thug_drops_his_loot_to_take_another() {
    let mut g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); floor(2, 0); put('thug', 2, 0); give('thug', 'loot_1'); drop(2, 0, 'loot_2g')",
    );
    assert!(!offered(&g, "Take"), "he carries one already: {:?}", options(&g));
    pick(&mut g, "Drop the red loot (1) (free)");
    assert_eq!(asked(&g), "Thug at (2,0): 2 actions left.", "dropping is free");
    pick(&mut g, "Take the green loot (2) (free)");
    assert_eq!(LUA.list(&mut g, "return carried('thug')"), ["loot_2g"]);
    assert_eq!(LUA.list(&mut g, "return ground(2, 0)"), ["loot_1"]);
}

/// Brains at (3,0) with the 4 steps out to E2, where the Thug (2) and the Engineer (1)
/// wait; the Shadow subdued at (5,5); `engineer` puts the Engineer elsewhere.
fn getaway(engineer: &str) -> Game {
    start(
        "",
        &["brains", "thug", "engineer", "shadow"],
        1,
        &format!(
            "no_police(); floor(3, 0); put('brains', 3, 0); give('brains', 'loot_4')
             put('thug', 3, -1); give('thug', 'loot_2g'); put('engineer', 3, -1); give('engineer', 'loot_1')
             put('shadow', 5, 5); set('shadow', 'subdued', 1); {engineer}"
        ),
    )
}

#[test]
fn ad_t13_every_standing_criminal_on_e2_with_7_wins() {
    let mut g = getaway("");
    pick(&mut g, "Move to E2 (3,-1)");
    assert!(g.is_over(), "{}", asked(&g));
    assert_eq!(won(&g), Some(true));
}

#[test]
fn ad_t14_one_criminal_on_e5_and_the_crew_has_not_won() {
    let mut g = getaway("put('engineer', -1, 4)");
    pick(&mut g, "Move to E2 (3,-1)");
    assert!(!g.is_over());
    assert_eq!(asked(&g), "Brains at (3,-1): 1 action left.");
}

#[test]
fn ad_t15_the_last_criminal_subdued_loses_at_once() {
    let mut g = start(
        "",
        &["brains", "thug"],
        1,
        "no_police(); put('thug', 4, 4); set('thug', 'subdued', 1); put('brains', 1, -1); lay(1, 0, 'guard_5')",
    );
    g.rig_dice(&["1"]);
    pick(&mut g, "Step onto (1,0) (face down)");
    assert!(g.is_over());
    assert_eq!(won(&g), Some(false));
    assert_eq!(threat(&g), 1);
}

#[test]
fn ad_t16_two_fatigue_and_both_actions_are_rest() {
    let mut g =
        start("", &["thug", "brains"], 1, "no_police(); floor(2, 2); put('thug', 2, 2); set('thug', 'fatigue', 2)");
    assert_eq!(options(&g), ["Rest (2 fatigue)"]);
    pick(&mut g, "Rest");
    assert_eq!(options(&g), ["Rest (1 fatigue)"]);
    pick(&mut g, "Rest");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'fatigue')"), 0);
    assert!(asked(&g).starts_with("Brains at"), "the Thug's turn is over: {}", asked(&g));
}

#[test]
fn ad_t17_one_fatigue_rest_first_then_a_free_action() {
    let mut g =
        start("", &["thug", "brains"], 1, "no_police(); floor(2, 2); put('thug', 2, 2); set('thug', 'fatigue', 1)");
    assert_eq!(options(&g), ["Rest (1 fatigue)"]);
    pick(&mut g, "Rest");
    assert_eq!(asked(&g), "Thug at (2,2): 1 action left.");
    assert!(
        offered(&g, "Step onto (2,1) (face down)") && offered(&g, "Scout") && offered(&g, "End the turn"),
        "{:?}",
        options(&g)
    );
    assert!(!offered(&g, "Rest"));
}

fn heavy_next_door(roll: &str) -> Game {
    let mut g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); posse.set('threat', 7); floor(1, 0); floor(2, 0); put('thug', 1, 0); put('brains', 4, 4); cop('heavy', 1, 2, 0)",
    );
    g.rig_dice(&[roll]);
    pick(&mut g, "Attack the Heavy at (2,0) (strength 6)");
    g
}

#[test]
fn ad_t18_attacking_the_heavy_costs_2_fatigue_win_or_lose() {
    let mut g = heavy_next_door("4");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'fatigue')"), 2);
    assert_eq!(LUA.str(&mut g, "return where_is('heavy', 1)"), "defeated", "4 + 2 >= 6");
    let mut g = heavy_next_door("3");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'fatigue')"), 2);
    assert_eq!(LUA.int(&mut g, "return get('thug', 'subdued')"), 1, "3 + 2 < 6");
    // The Thug's turn is over: the Heavy, with nobody in reach (Brains stands among
    // face-down tiles), heads for E1, whose inward tile (1,0) is revealed.
    assert_eq!(LUA.str(&mut g, "return where_is('heavy', 1)"), "(1,-1)");
}

fn swat_comes(roll: &str) -> Game {
    // The SWAT two steps south of Brains; nothing else in reach.
    let mut g = start(
        "",
        &["brains", "thug"],
        1,
        "no_police(); gone_patrols(); posse.set('threat', 3); floor(2, 2); floor(2, 3); floor(2, 4)
         put('brains', 2, 2); put('thug', 5, 5); cop('swat', 1, 2, 4)",
    );
    g.rig_dice(&[roll]);
    pick(&mut g, "End the turn");
    g
}

#[test]
fn ad_t19_a_swat_entering_a_criminal_s_space_tires_it_then_it_defends() {
    let mut g = swat_comes("4");
    assert_eq!(LUA.int(&mut g, "return get('brains', 'fatigue')"), 1);
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "defeated", "4 + 0 >= 4");
    let mut g = swat_comes("3");
    assert_eq!(LUA.int(&mut g, "return get('brains', 'fatigue')"), 1);
    assert_eq!(LUA.int(&mut g, "return get('brains', 'subdued')"), 1, "3 + 0 < 4");
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "(2,2)");
}

fn attack_swat(who: &str, roll: &str) -> Game {
    let mut g = start(
        "",
        &[who, if who == "thug" { "brains" } else { "thug" }],
        1,
        &format!(
            "no_police(); posse.set('threat', 3); floor(1, 0); floor(2, 0); put('{who}', 1, 0); cop('swat', 1, 2, 0)"
        ),
    );
    g.rig_dice(&[roll]);
    pick(&mut g, "Attack the SWAT at (2,0) (strength 4)");
    g
}

#[test]
fn ad_t20_attacking_a_swat_costs_no_fatigue() {
    let mut g = attack_swat("thug", "2");
    assert_eq!(LUA.int(&mut g, "return get('thug', 'fatigue')"), 0);
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "defeated", "2 + 2 >= 4");
    let mut g = attack_swat("brains", "3");
    assert_eq!(LUA.int(&mut g, "return get('brains', 'fatigue')"), 0);
    assert_eq!(LUA.int(&mut g, "return get('brains', 'subdued')"), 1, "3 + 0 < 4");
}

fn fbi_on_a_stack(roll: &str) -> Game {
    let mut g = start(
        "",
        &["brains", "engineer"],
        1,
        "no_police(); gone_patrols(); posse.set('threat', 5); floor(2, 2); floor(2, 3); floor(2, 4)
         put('brains', 2, 2); put('engineer', 2, 2); cop('fbi', 1, 2, 4)",
    );
    g.rig_dice(&[roll]);
    pick(&mut g, "End the turn");
    assert_eq!(asked(&g), "The FBI agent attacks (2,2). Who fights (the others take cover)?");
    pick(&mut g, "Engineer fights");
    g
}

#[test]
fn ad_t21_a_stack_picks_its_fighter_who_gets_covering_fire() {
    let mut g = fbi_on_a_stack("4");
    assert_eq!(LUA.str(&mut g, "return where_is('fbi', 1)"), "defeated", "4 + 1 >= 5");
    assert_eq!(LUA.int(&mut g, "return get('brains', 'fatigue')"), 1, "Brains took cover");
    assert_eq!(LUA.int(&mut g, "return get('engineer', 'fatigue')"), 0, "the fighter takes no aggressor fatigue");
    let mut g = fbi_on_a_stack("3");
    assert_eq!(LUA.int(&mut g, "return get('engineer', 'subdued')"), 1, "3 + 1 < 5");
    assert_eq!(LUA.str(&mut g, "return where_is('fbi', 1)"), "(2,2)");
    // The Engineer's slot is skipped; the agent, engaged, stays; Brains rests, then must
    // attack it, and may not leave.
    assert_eq!(asked(&g), "Brains at (2,2): 2 actions left.");
    assert_eq!(options(&g), ["Rest (1 fatigue)"]);
    pick(&mut g, "Rest");
    assert_eq!(options(&g), ["Attack the FBI agent here (strength 5)"]);
}

fn trade(thug_at: (i32, i32)) -> Game {
    start(
        "",
        &["thug", "engineer"],
        1,
        &format!(
            "no_police(); floor(2, 3); hostage(2, 3); floor({c}, {r}); put('thug', {c}, {r})
             put('engineer', 5, 5); set('engineer', 'subdued', 1)",
            c = thug_at.0,
            r = thug_at.1
        ),
    )
}

#[test]
fn ad_t22_a_hostage_traded_frees_the_engineer_on_the_thug_s_space() {
    let mut g = trade((2, 2));
    pick(&mut g, "Trade a hostage to free Engineer");
    assert_eq!(LUA.int(&mut g, "return #game.hostages_on(cell(2, 3))"), 0, "the token is gone");
    assert_eq!(LUA.str(&mut g, "return at('engineer')"), "(2,2)");
    assert_eq!(LUA.int(&mut g, "return get('engineer', 'subdued')"), 0);
    pick(&mut g, "End the turn");
    // The Engineer's slot this round is skipped: the Thug plays round 2 next.
    assert_eq!(asked(&g), "Thug at (2,2): 2 actions left.");
    assert_eq!(counter(&g, "round", None), 2);
}

#[test]
fn ad_t23_no_trade_two_spaces_from_the_hostage() {
    let g = trade((4, 3));
    assert!(!offered(&g, "Trade"), "{:?}", options(&g));
}

#[test]
fn ad_t24_the_thug_ends_his_turn_next_to_brains_and_lifts_a_fatigue() {
    let mut g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); floor(2, 2); floor(2, 3); put('thug', 2, 2); put('brains', 2, 3); set('brains', 'fatigue', 1)",
    );
    pick(&mut g, "End the turn");
    assert_eq!(options(&g), ["Brains (1 fatigue)", "Nobody"]);
    pick(&mut g, "Brains");
    assert_eq!(LUA.int(&mut g, "return get('brains', 'fatigue')"), 0);
    // Diagonally adjacent: no relief.
    let mut g = start(
        "",
        &["thug", "brains"],
        1,
        "no_police(); floor(2, 2); floor(3, 3); put('thug', 2, 2); put('brains', 3, 3); set('brains', 'fatigue', 1)",
    );
    pick(&mut g, "End the turn");
    assert!(asked(&g).starts_with("Brains at"), "{}", asked(&g));
    assert_eq!(LUA.int(&mut g, "return get('brains', 'fatigue')"), 1);
}

#[test]
fn ad_t25_a_gift_gives_the_thug_three_actions_to_use() {
    let mut g = start(
        "",
        &["brains", "thug"],
        1,
        "no_police(); floor(0, 0); put('brains', 0, 0); floor(3, 3); put('thug', 3, 3)",
    );
    pick(&mut g, "Give Thug an extra action (free; 3 gifts left)");
    assert_eq!(counter(&g, "gifts", None), 2);
    pick(&mut g, "End the turn");
    assert_eq!(asked(&g), "Thug at (3,3): 3 actions left.");
    for left in [3, 2] {
        assert!(!offered(&g, "End the turn"), "{left} actions left: {:?}", options(&g));
        pick(&mut g, "Scout");
    }
    assert!(!offered(&g, "End the turn"), "1 action left: {:?}", options(&g));
    pick(&mut g, "Scout");
    assert!(asked(&g).starts_with("Brains at"), "the third used, the turn is over: {}", asked(&g));
}

#[test]
fn ad_t26_the_engineer_beats_a_lock_lifts_its_lockdown_and_cases_a_tile() {
    let mut g = start(
        "",
        &["engineer", "thug"],
        2,
        "no_police(); floor(2, 3); put('engineer', 2, 3); put('thug', 5, 5)
         local lock = lay(2, 2, 'lock_3', true); lay(2, 1, 'guard_2'); lockdown(lock, 2, 1); lay(3, 2, 'camera_5')",
    );
    assert!(LUA.bool(&mut g, "return locked(2, 1)"));
    g.rig_dice(&["1"]);
    pick(&mut g, "Fight the Lock 3 at (2,2)");
    assert!(LUA.bool(&mut g, "return cleared(2, 2) and not locked(2, 1)"), "the lock-down is lifted");
    assert_eq!(asked(&g), "Engineer may case an adjacent tile.");
    assert!(offered(&g, "Case (2,1)") && offered(&g, "No casing"), "{:?}", options(&g));
    pick(&mut g, "Case (3,2)");
    assert_eq!(tile_seen(&g, Some(1), 3, 2).as_deref(), Some("Camera 5"), "the Engineer's player knows it");
    assert_eq!(tile_seen(&g, Some(2), 3, 2), None, "the Thug's does not");
    assert!(!LUA.bool(&mut g, "return up(3, 2)"));
    assert_eq!(asked(&g), "Engineer at (2,2): 1 action left.", "casing is free");
}

#[test]
fn ad_t27_the_thug_s_scout_is_his_player_s_alone() {
    let mut g = start(
        "",
        &["thug", "brains"],
        2,
        "no_police(); floor(1, 1); put('thug', 1, 1); put('brains', 4, 4); lay(1, 2, 'guard_4')",
    );
    assert_eq!(tile_seen(&g, Some(1), 1, 2), None);
    pick(&mut g, "Scout (1,2)");
    assert_eq!(tile_seen(&g, Some(1), 1, 2).as_deref(), Some("Guard 4"));
    assert_eq!(tile_seen(&g, Some(2), 1, 2), None);
    assert!(!LUA.bool(&mut g, "return up(1, 2)"), "still face down");
    assert!(log_has(&g, Some(1), "Guard 4"));
    assert!(!log_has(&g, Some(2), "Guard 4"), "{:?}", g.log_lines(Some(2)));
    assert!(log_has(&g, Some(2), "Thug scouts (1,2)."));
}

#[test]
fn ad_t28_brains_scouts_a_far_tile() {
    let mut g = start(
        "",
        &["brains", "thug"],
        2,
        "no_police(); floor(0, 0); put('brains', 0, 0); put('thug', 3, 3); lay(5, 5, 'bystander_3')",
    );
    assert!(!offered(&g, "Scout (5,5)"), "one option, then which: {:?}", options(&g));
    pick(&mut g, "Scout any tile (then choose which)");
    assert_eq!(asked(&g), "Brains scouts which tile?");
    assert!(offered(&g, "Scout (0,1)") && offered(&g, "Scout (4,4)"), "{:?}", options(&g));
    pick(&mut g, "Scout (5,5)");
    assert_eq!(tile_seen(&g, Some(1), 5, 5).as_deref(), Some("Bystander 3"));
    assert_eq!(tile_seen(&g, Some(2), 5, 5), None);
    assert!(!log_has(&g, Some(2), "Bystander 3"));
}

#[test]
fn ad_t29_an_arrival_skips_the_camera_step_and_moves_after_the_next_turn() {
    // SWAT #1 called; Brains (C1) ends his turn: it lands on E4 (black 4). The Thug (C2)
    // fails a camera from E2 (roll 1): it does not step. After his turn it moves: two
    // steps west along the rear towards him (13 steps that way, 15 the other).
    let mut g = start(
        "",
        &["brains", "thug"],
        1,
        "no_police(); gone_patrols(); posse.set('threat', 3); threat.call(unit('swat', 1))
         floor(4, 3); put('brains', 4, 3); put('thug', 3, -1); lay(3, 0, 'camera_5')",
    );
    g.rig_dice(&["4", "1", "5", "6"]);
    pick(&mut g, "End the turn");
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "(1,6)");
    assert_eq!(asked(&g), "Thug at (3,-1): 2 actions left.");
    pick(&mut g, "Step onto (3,0) (face down)");
    assert_eq!(threat(&g), 5);
    assert!(log_has(&g, None, "The police move at once."));
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "(1,6)", "no camera step for a fresh arrival");
    pick(&mut g, "End the turn");
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 1)"), "(-1,6)");
    // Threat 3 -> 5 called SWAT #2 and FBI #1: E5 and E6.
    assert_eq!(LUA.str(&mut g, "return where_is('swat', 2) .. ' ' .. where_is('fbi', 1)"), "(-1,4) (-1,1)");
}

#[test]
fn ad_t30_each_slot_is_followed_by_movement_and_reinforcement() {
    // Patrol A walks the ring one space a slot; SWAT #1, called, lands after C1's slot.
    let mut g = start(
        "",
        &["brains", "thug", "engineer"],
        1,
        "no_police(); cop('patrol', 1, -1, 0, 0); threat.call(unit('swat', 1))
         floor(1, 1); floor(3, 3); floor(4, 4); put('brains', 1, 1); put('thug', 3, 3); put('engineer', 4, 4)",
    );
    g.rig_dice(&["3"]);
    assert_eq!(asked(&g), "Brains at (1,1): 2 actions left.");
    assert_eq!(LUA.str(&mut g, "return where_is('patrol', 1) .. ' ' .. where_is('swat', 1)"), "(-1,0) arriving");
    pick(&mut g, "End the turn");
    assert_eq!(asked(&g), "Thug at (3,3): 2 actions left.");
    assert_eq!(LUA.str(&mut g, "return where_is('patrol', 1) .. ' ' .. where_is('swat', 1)"), "(-1,-1) (3,6)");
    pick(&mut g, "End the turn");
    assert_eq!(asked(&g), "Engineer at (4,4): 2 actions left.");
    assert_eq!(LUA.str(&mut g, "return where_is('patrol', 1)"), "(0,-1)");
    pick(&mut g, "End the turn");
    assert_eq!(asked(&g), "Brains at (1,1): 2 actions left.");
    assert_eq!(LUA.str(&mut g, "return where_is('patrol', 1)"), "(1,-1)");
    assert_eq!(counter(&g, "round", None), 2);
}
