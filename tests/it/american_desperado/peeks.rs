//! Private scouting (AD-R34, §5.14): a scouted tile is known to the scout's player only,
//! in views, drawings and log lines; a player running several criminals knows what each
//! of them scouted; the GOD VIEW shows it.

use super::*;

/// The 3 characters the drawing of `seat` (None: the GOD VIEW) gives grid cell (c, r):
/// the row's line starts with its number, then 4 characters a column from -1.
fn glyph(g: &Game, seat: Option<usize>, c: i32, r: i32) -> String {
    let text = g.render(seat).unwrap();
    let head = format!("{r:>2}  ");
    let line = text.lines().find(|l| l.starts_with(&head)).unwrap_or_else(|| panic!("no row {r}:\n{text}"));
    let at = 4 + (c + 1) as usize * 4;
    format!("{:<3}", line.get(at..(at + 3).min(line.len())).unwrap_or(""))
}

#[test]
fn ad_r34_a_scouted_tile_is_known_to_the_scout_s_player_alone() {
    // Four players: the Thug is seat 1's.
    let mut g = start(
        "",
        &["thug", "brains", "engineer", "shadow"],
        4,
        "no_police(); floor(2, 2); put('thug', 2, 2); lay(2, 1, 'guard_4')
         put('brains', 5, 5); put('engineer', 5, 4); put('shadow', 4, 5)",
    );
    for seat in [Some(1), Some(2), Some(3), Some(4)] {
        assert_eq!(glyph(&g, seat, 2, 1), "###", "{seat:?} before the scout");
    }
    pick(&mut g, "Scout (2,1)");
    assert_eq!(tile_seen(&g, Some(1), 2, 1).as_deref(), Some("Guard 4"));
    assert_eq!(glyph(&g, Some(1), 2, 1), "g4?");
    for seat in 2..=4 {
        assert_eq!(tile_seen(&g, Some(seat), 2, 1), None, "seat {seat}");
        assert_eq!(glyph(&g, Some(seat), 2, 1), "###", "seat {seat}");
        assert!(!log_has(&g, Some(seat), "Guard 4"), "seat {seat}: {:?}", g.log_lines(Some(seat)));
        assert!(log_has(&g, Some(seat), "Thug scouts (2,1)."), "seat {seat}");
    }
    assert!(log_has(&g, Some(1), "Thug sees Guard 4 at (2,1)."));
    assert!(!LUA.bool(&mut g, "return up(2, 1)"), "the tile stays face down");
    // The GOD VIEW shows it.
    assert_eq!(tile_seen(&g, None, 2, 1).as_deref(), Some("Guard 4"));
    assert_eq!(glyph(&g, None, 2, 1), "g4?");
    // Stepping onto it reveals it to everyone.
    g.rig_dice(&["6"]);
    pick(&mut g, "Step onto (2,1) (face down)");
    for seat in 1..=4 {
        assert_eq!(tile_seen(&g, Some(seat), 2, 1).as_deref(), Some("Guard 4"), "seat {seat}");
    }
}

#[test]
fn ad_r34_a_player_running_several_criminals_knows_what_each_scouted() {
    // Two players: seat 1 plays Brains and the Engineer, seat 2 the Thug and the Shadow.
    let mut g = start(
        "",
        &["brains", "thug", "engineer", "shadow"],
        2,
        "no_police(); floor(0, 0); put('brains', 0, 0); lay(4, 2, 'bystander_3')
         floor(1, 1); put('thug', 1, 1); lay(1, 2, 'camera_2')
         floor(3, 2); put('engineer', 3, 2); lay(3, 3, 'lock_5')
         floor(5, 0); put('shadow', 5, 0)",
    );
    pick(&mut g, "Scout any tile");
    pick(&mut g, "Scout (4,2)");
    pick(&mut g, "End the turn");
    assert!(asked(&g).starts_with("Thug at"), "{}", asked(&g));
    pick(&mut g, "Scout (1,2)");
    pick(&mut g, "End the turn");
    assert!(asked(&g).starts_with("Engineer at"), "{}", asked(&g));
    // What his player knows (Brains scouted (4,2), next to him) is not offered again.
    assert!(!offered(&g, "Scout (4,2)") && offered(&g, "Scout (2,2)"), "{:?}", options(&g));
    pick(&mut g, "Scout (3,3)");
    let seen = |g: &Game, seat| {
        [(4, 2), (1, 2), (3, 3)].map(|(c, r)| tile_seen(g, Some(seat), c, r).unwrap_or_else(|| "?".into()))
    };
    assert_eq!(seen(&g, 1), ["Bystander 3", "?", "Lock 5"]);
    assert_eq!(seen(&g, 2), ["?", "Camera 2", "?"]);
    assert_eq!(glyph(&g, Some(1), 4, 2), "y3?");
    assert_eq!(glyph(&g, Some(1), 3, 3), "k5?");
    assert_eq!(glyph(&g, Some(2), 1, 2), "c2?");
    assert_eq!(glyph(&g, Some(2), 3, 3), "###");
    assert!(!log_has(&g, Some(2), "Lock 5") && !log_has(&g, Some(2), "Bystander 3"));
    assert!(!log_has(&g, Some(1), "Camera 2"));
}
