//! One test per line of the rules checklist of gaps §1, scope to setup (GF-R01-GF-R33; the
//! sequence, the actions and line of sight are in `checklist_play.rs`). Where a worked
//! example of §2 already shows a line whole, its test here checks another face of it.

use super::*;
use posse::view::ObjectView;

const SCENARIOS: [(&str, &[usize]); 8] = [
    ("high_noon", &[2]),
    ("claim_jumpers", &[2, 3, 4]),
    ("jailbreak", &[3, 4, 5]),
    ("payroll", &[4, 5, 6]),
    ("bank_job", &[4, 5, 6, 7, 8]),
    ("saloon_brawl", &[6, 7, 8]),
    ("range_war", &[8, 9, 10]),
    ("goldfever", &[10, 11, 12]),
];

/// Every character of the scenario: (name, seat, team id, zone or "").
fn cast(g: &mut Game) -> Vec<(String, i64, String, String)> {
    let v = LUA.run(
        g,
        "local out = {}
         for _, c in ipairs(game.chars()) do
           out[#out + 1] = { game.name(c), game.seat(c), game.team_id(c), game.node(c) or '' }
         end
         return out",
    );
    serde_json::from_value(v).unwrap()
}

#[test]
fn r01_basic_rules_optional_rules_and_eight_scenarios_that_start_alone() {
    let c = content("");
    assert_eq!(c.scenarios.len(), 8, "{:?}", c.scenarios.keys().collect::<Vec<_>>());
    for (s, players) in SCENARIOS {
        let g = new_game(&content(s), 1, players[0]);
        assert!(g.next_request().is_some(), "{s} starts and asks");
    }
    let mut g = new_game(&content(""), 1, 2);
    let opts =
        LUA.list(&mut g, "local out = {} for k in pairs(posse.data.options) do out[#out + 1] = k end return out");
    assert_eq!(opts, ["cartridge_belt", "fast_play", "grim_sight", "hidden_deployment", "lethal_west", "steady_aim"]);
}

#[test]
fn r02_two_to_twelve_players_in_two_teams_as_the_scenario_splits_them() {
    let mut all = std::collections::BTreeSet::new();
    for (s, players) in SCENARIOS {
        for &p in players {
            all.insert(p);
            let mut g = new_game(&content(s), 1, p);
            let cast = cast(&mut g);
            let teams: std::collections::BTreeSet<_> = cast.iter().map(|c| c.2.clone()).collect();
            assert_eq!(teams.len(), 2, "{s} {p}");
            for seat in 1..=p as i64 {
                assert!(cast.iter().any(|c| c.1 == seat), "{s} {p}: seat {seat} plays someone");
            }
            for (name, seat, team, _) in &cast {
                assert_eq!(
                    g.view(None).seats[*seat as usize - 1].team.as_deref(),
                    Some(team.as_str()),
                    "{s} {p}: {name}"
                );
            }
        }
    }
    assert_eq!(all.into_iter().collect::<Vec<_>>(), (2..=12).collect::<Vec<_>>());
}

#[test]
fn r03_a_character_is_an_id_and_a_name() {
    let mut g = new_game(&content("goldfever"), 1, 12);
    let names: Vec<String> = cast(&mut g).into_iter().map(|c| c.0).collect();
    assert!(names.contains(&"Sheriff Ted".to_string()) && names.contains(&"Fred".to_string()), "{names:?}");
    assert_eq!(LUA.list(&mut g, "return { posse.def_id(ch('ted')), game.code(ch('ted')) }"), ["ted", "L1"]);
}

#[test]
fn r04_the_board_is_divided_into_zones() {
    let mut g = new_game(&content(""), 1, 2);
    assert_eq!(LUA.int(&mut g, "return #posse.nodes()"), 26);
}

#[test]
fn r05_each_zone_has_a_centre_circle() {
    let mut g = new_game(&content(""), 1, 2);
    assert_eq!(
        LUA.list(&mut g, "local c = posse.node_info('S1').centre return { tostring(c.x), tostring(c.y) }"),
        ["2.0", "8.0"]
    );
}

#[test]
fn r06_a_zone_holds_any_number_of_characters() {
    let mut g =
        turn("claim_jumpers", 2, "gus", "for _, id in ipairs({'gus', 'cole', 'kid', 'lefty'}) do put(id, 'S3') end");
    assert_eq!(LUA.int(&mut g, "return #game.in_zone('S3')"), 4);
}

#[test]
fn r07_the_views_legend_explains_the_map() {
    let g = new_game(&content(""), 1, 2);
    assert!(g.render(Some(1)).unwrap().contains("(! in ambush, + on the ground)"));
}

#[test]
fn r08_nine_kinds_of_object_four_of_them_guns() {
    let mut g = new_game(&content(""), 1, 2);
    let kinds = LUA.list(
        &mut g,
        "local seen, out = {}, {}
         for _, o in ipairs(posse.contents(posse.zone('supply'))) do
           local p = posse.def(o).props
           local k = p.kind == 'gun' and posse.def_id(o) or p.kind
           if not seen[k] then seen[k] = true out[#out + 1] = k end
         end
         table.sort(out) return out",
    );
    // The nine, plus the scenarios' Keys and Strongbox (gaps §5.3).
    assert_eq!(
        kinds,
        [
            "colt",
            "dynamite",
            "hunting_rifle",
            "keys",
            "knife",
            "nugget",
            "rifle",
            "rock",
            "shotgun",
            "strongbox",
            "whisky"
        ]
    );
}

#[test]
fn r09_the_users_own_zone_does_not_count_towards_range() {
    let mut g = new_game(&content(""), 1, 2);
    assert_eq!(LUA.list(&mut g, "return { tostring(posse.range('S1', 'S1')), tostring(posse.range('S1', 'S2')), tostring(posse.range('S1', 'S6')) }"), ["0", "1", "5"]);
}

fn gun_props(id: &str) -> (i64, i64) {
    let mut g = new_game(&content(""), 1, 2);
    let v = LUA.list(
        &mut g,
        &format!("local p = posse.def_by_id('{id}').props return {{ tostring(p.load), tostring(p.range) }}"),
    );
    (v[0].parse().unwrap(), v[1].parse().unwrap())
}

#[test]
fn r10_colt_six_bullets_range_4() {
    assert_eq!(gun_props("colt"), (6, 4));
}

#[test]
fn r11_shotgun_two_barrels_range_2_both_at_once() {
    assert_eq!(gun_props("shotgun"), (2, 2));
    let g = turn("high_noon", 2, "ted", "strip('ted'); give('ted', 'shotgun'); put('ted', 'S2'); put('fred', 'S3')");
    assert!(offered(&g, "Shoot Fred with both barrels"), "{:?}", options(&g));
}

#[test]
fn r12_rifle_nine_bullets_range_6() {
    assert_eq!(gun_props("rifle"), (9, 6));
}

#[test]
fn r13_hunting_rifle_one_bullet_range_8() {
    assert_eq!(gun_props("hunting_rifle"), (1, 8));
}

#[test]
fn r14_dynamite_range_2_hits_the_zones_around() {
    let mut g = turn(
        "claim_jumpers",
        2,
        "gus",
        "put('gus', 'S1'); put('kid', 'S3'); put('lefty', 'S4'); put('cole', 'N1')
         top('moyen', 'moyen_miss'); top('facile', 'facile_hit'); top('difficile', 'difficile_hit')",
    );
    pick(&mut g, "Throw dynamite into Main street (S3)");
    assert_eq!(LUA.int(&mut g, "return get('kid', 'wounds')"), 1, "in the zone");
    assert_eq!(LUA.int(&mut g, "return get('lefty', 'wounds')"), 1, "next door");
}

#[test]
fn r15_knife_range_1_thrown_or_in_a_fight() {
    let g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S4')");
    assert!(!offered(&g, "Throw your knife"), "range 2: {:?}", options(&g));
    let g = turn("high_noon", 2, "ted", "put('ted', 'S2'); put('fred', 'S2')");
    assert!(offered(&g, "Throw your knife at Fred") && offered(&g, "Attack Fred"));
}

#[test]
fn r16_whisky_removes_a_wound() {
    let mut g = turn("high_noon", 2, "ted", "put('fred', 'N4'); set('ted', 'wounds', 1)");
    pick(&mut g, "Drink whisky");
    assert_eq!(LUA.int(&mut g, "return get('ted', 'wounds')"), 0);
}

#[test]
fn r17_a_rock_is_worthless_and_a_decoy() {
    let mut g = turn(
        "claim_jumpers",
        2,
        "gus",
        "strip('gus'); give('gus', 'colt'); give('gus', 'rock'); put('gus', 'S1'); put('cole', 'N1')
         put('kid', 'S3'); set('kid', 'ambush', 1); put('lefty', 'R4')",
    );
    assert_eq!(LUA.int(&mut g, "return posse.def_by_id('rock').props.value"), 0);
    pick(&mut g, "Throw a rock into Main street (S2)");
    // Kid sees S2 land: he springs now or gives the ambush up.
    assert_eq!(waiting(&g), [2]);
    g.choose(2, &[]).unwrap();
    assert_eq!(LUA.int(&mut g, "return get('kid', 'ambush')"), 0);
    assert!(log_has(&g, None, "Kid Cassidy gives up the ambush."));
}

#[test]
fn r18_nuggets_are_worth_1_2_or_3() {
    let mut g = new_game(&content(""), 1, 2);
    let v = LUA.list(
        &mut g,
        "local out = {} for i = 1, 3 do out[i] = tostring(posse.def_by_id('nugget_' .. i).props.value) end return out",
    );
    assert_eq!(v, ["1", "2", "3"]);
}

#[test]
fn r19_the_character_card_shows_health_and_equipment() {
    let mut g = turn("high_noon", 2, "ted", "set('ted', 'wounds', 2)");
    LUA.run(&mut g, "return 0");
    let v = g.view(Some(2));
    let ted = v.board["SHF"]["at"].objects.iter().find_map(|o| match o {
        ObjectView::Shown { name, counters, zones, .. } if name == "Sheriff Ted" => {
            Some((counters.clone(), zones.clone()))
        }
        _ => None,
    });
    let (counters, zones) = ted.expect("Ted is seen in SHF");
    assert_eq!(counters["wounds"], 2);
    assert_eq!(sorted(names(&zones["gear"])), ["Colt", "Knife", "Whisky"]);
}

#[test]
fn r20_three_wounds_kill() {
    let mut g = turn(
        "claim_jumpers",
        2,
        "gus",
        "put('gus', 'S2'); put('kid', 'S2'); set('kid', 'wounds', 1); top('facile', 'facile_hit2')",
    );
    pick(&mut g, "Shoot Kid Cassidy");
    assert!(log_has(&g, None, "Kid Cassidy is dead."));
    assert_eq!(LUA.int(&mut g, "return get('kid', 'wounds')"), 3);
}

#[test]
fn r21_the_ambush_marker_is_on_the_board() {
    let g = turn("high_noon", 2, "fred", "put('ted', 'S4'); set('ted', 'ambush', 1)");
    let text = g.render(Some(2)).unwrap();
    assert!(text.contains("L1!"), "{text}");
    assert!(text.contains("[ambush]"), "{text}");
}

/// Issue 27: at twelve players a seat's screen draws the other characters in short,
/// several to a line, and fits the rows lib.text leaves it; the whole view (`:full`) draws
/// every character in a row of his own, with his player and all he carries.
#[test]
fn issue27_twelve_players_the_others_short_on_screen_and_in_full_on_full() {
    let g = new_game(&content("goldfever"), 1, 12);
    let screen = g.render(Some(1)).unwrap();
    let full = g.render_full(Some(1)).unwrap();
    assert!(screen.contains("Others: ") && screen.lines().count() <= 16, "{screen}");
    assert!(!full.contains("Others: "), "{full}");
    for (code, seat) in [("D1", "p2"), ("D6", "p12"), ("L2", "p3"), ("T3", "p11")] {
        assert!(screen.contains(&format!("{code} ")), "{code} on the screen: {screen}");
        let row = full.lines().find(|l| l[1..].starts_with(&format!("{code}  "))).unwrap_or_else(|| panic!("{full}"));
        assert!(row.contains(&format!(" {seat} ")), "{row}");
    }
}

#[test]
fn r22_two_pocket_objects_the_printed_ones_at_setup() {
    let mut g = new_game(&content("goldfever"), 1, 12);
    let v = LUA.list(
        &mut g,
        "local out = {}
         for _, c in ipairs(game.chars()) do
           local p = posse.def(c).props
           local got = {}
           for _, o in ipairs(game.things.pockets(c)) do got[#got + 1] = posse.def_id(o) end
           table.sort(got)
           local want = { p.objects[1], p.objects[2] }
           table.sort(want)
           if #got > 2 or got[1] ~= want[1] or got[2] ~= want[2] then out[#out + 1] = game.name(c) end
         end
         return out",
    );
    assert!(v.is_empty(), "{v:?}");
}

#[test]
fn r23_one_dynamite_marker_is_one_stick() {
    let mut g = turn("high_noon", 2, "fred", "put('fred', 'S1'); put('ted', 'N4'); top('facile', 'facile_miss')");
    pick(&mut g, "Throw dynamite into Main street (S2)");
    assert!(!offered(&g, "Throw dynamite"), "his one stick is gone: {:?}", options(&g));
}

#[test]
fn r24_at_most_two_guns() {
    let mut g =
        turn("high_noon", 2, "ted", "put('ted', 'S1'); put('fred', 'N4'); give('ted', 'rifle'); lay('S1', 'shotgun')");
    pick(&mut g, "Pick up Shotgun");
    assert!(asked(&g).contains("carries too much"));
    assert_eq!(options(&g).len(), 3, "one of his three guns: {:?}", options(&g));
}

#[test]
fn r25_the_track_is_the_bullets_loaded() {
    let mut g = turn("high_noon", 2, "ted", "posse.obj_set(gun('ted', 'colt'), 'ammo', 4)");
    assert!(g.render(Some(2)).unwrap().contains("Colt 4/6"));
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 4);
}

#[test]
fn r26_each_shot_spends_a_bullet() {
    let mut g = turn(
        "high_noon",
        2,
        "fred",
        "put('fred', 'S2'); put('ted', 'S4'); top('facile', 'facile_miss', 'facile_miss')",
    );
    pick(&mut g, "Shoot Sheriff Ted");
    pick(&mut g, "Shoot Sheriff Ted");
    assert_eq!(LUA.int(&mut g, "return ammo('fred', 'rifle')"), 7);
}

#[test]
fn r27_a_gun_never_holds_more_than_its_maximum() {
    let mut g = turn("high_noon", 2, "ted", "posse.obj_set(gun('ted', 'colt'), 'ammo', 5)");
    pick(&mut g, "Reload your Colt");
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 6);
    assert!(!offered(&g, "Reload"));
}

#[test]
fn r28_reloading_any_number_of_times() {
    let mut g = turn("high_noon", 2, "ted", "put('fred', 'N4'); posse.obj_set(gun('ted', 'colt'), 'ammo', 0)");
    for _ in 0..4 {
        pick(&mut g, "Reload your Colt");
    }
    assert_eq!(LUA.int(&mut g, "return ammo('ted', 'colt')"), 4);
}

#[test]
fn r29_one_secret_joker_each_once_per_game_not_given() {
    let mut g = turn("high_noon", 2, "ted", "put('fred', 'N4'); joker('ted', 'hip_flask'); set('ted', 'wounds', 2)");
    assert!(!offered(&g, "Give"), "nobody to give to, and a joker is never in the gear");
    pick(&mut g, "Hip Flask");
    assert!(!offered(&g, "Hip Flask"));
    assert_eq!(LUA.int(&mut g, "return posse.count(posse.zone('joker', ch('ted')))"), 0);
}

#[test]
fn r30_the_scenario_names_teams_and_characters() {
    let mut g = new_game(&content("jailbreak"), 1, 3);
    let names: Vec<String> = cast(&mut g).into_iter().map(|c| c.0).collect();
    assert_eq!(names.len(), 7);
    assert!(names.contains(&"Kid Cassidy".to_string()) && names.contains(&"Deputy Jim".to_string()));
}

#[test]
fn r31_jokers_are_dealt_at_random() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..8 {
        let mut g = new_game(&content("claim_jumpers"), seed, 2);
        seen.insert(LUA.str(&mut g, "return posse.def_id(posse.at(posse.zone('joker', ch('gus'))))"));
    }
    assert!(seen.len() > 2, "{seen:?}");
}

#[test]
fn r32_two_objects_and_one_gun_each() {
    let mut g = new_game(&content("range_war"), 1, 10);
    let v = LUA.list(
        &mut g,
        "local out = {}
         for _, c in ipairs(game.chars()) do
           if #game.things.guns(c) ~= 1 or #game.things.pockets(c) ~= 2 then out[#out + 1] = game.name(c) end
         end
         return out",
    );
    assert!(v.is_empty(), "{v:?}");
}

#[test]
fn r33_four_shuffled_piles() {
    let mut a = new_game(&content("high_noon"), 1, 2);
    let mut b = new_game(&content("high_noon"), 2, 2);
    let order = |g: &mut Game| {
        LUA.list(g, "local out = {} for i, o in ipairs(posse.contents(posse.zone('moyen'))) do out[i] = posse.def_id(o) end return out")
    };
    assert_ne!(order(&mut a), order(&mut b), "shuffled by the seed");
}
