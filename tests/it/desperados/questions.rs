//! Issue 23: every question of Desperados has a kind declared in
//! `scripts/desperados/questions.lua`, and its options ids and args that say what they do:
//! setup, a Sheriff's move, the hidden cards and the activities answered by id alone.

use super::*;

#[test]
fn a_move_is_played_by_the_questions_kinds_and_ids() {
    let c = with_first_schedule(1);
    let mut g = new_game(&c, 1, 3);
    assert_eq!(kind(&g, 1).as_deref(), Some("start"));
    answer_id(&mut g, 1, "marshal", &[("town", "tuba_city")]);
    answer_id(&mut g, 1, "sheriff", &[("sheriff", "1"), ("town", "tombstone")]);
    answer_id(&mut g, 1, "sheriff", &[("sheriff", "2"), ("town", "tucson")]);
    assert_eq!(kind(&g, 2).as_deref(), Some("start"));
    answer_id(&mut g, 2, "desperado", &[("town", "el_paso")]);
    answer_id(&mut g, 3, "desperado", &[("town", "salem")]);
    assert_eq!((town(&g, "sheriff_2", None), town(&g, "at", Some(3))), ("Tucson".into(), "Salem".into()));

    assert_eq!(kind(&g, 1).as_deref(), Some("sheriff"));
    answer_id(&mut g, 1, "stay", &[("sheriff", "1"), ("town", "tombstone")]);
    answer_id(&mut g, 1, "ride", &[("sheriff", "2"), ("town", "nogales")]);
    assert_eq!(town(&g, "sheriff_2", None), "Nogales");

    for s in 1..=3 {
        assert_eq!(kind(&g, s).as_deref(), Some("card"), "seat {s}");
    }
    answer_id(&mut g, 1, "stay", &[("card", "saloon"), ("town", "tuba_city")]);
    answer_id(&mut g, 2, "ride", &[("card", "salem"), ("town", "salem")]);
    answer_id(&mut g, 3, "ride", &[("card", "silver_city"), ("town", "silver_city")]);

    // Salem has a poker tile and no Sheriff; Silver City a bank to spy on.
    assert_eq!(kind(&g, 2).as_deref(), Some("activity"));
    let r = g.pending().into_iter().find(|r| r.seat == 3).expect("p3 is asked");
    assert!(r.option_by_id("spy", &[("town", "silver_city")]).is_ok());
    answer_id(&mut g, 2, "poker", &[("town", "salem"), ("sheriffs", "0")]);
    answer_id(&mut g, 3, "none", &[]);
    assert!(log_has(&g, None, "p2 shows Salem and lays down a disc: Cheat at poker in Salem."));
    assert_eq!(kind(&g, 1).as_deref(), Some("sheriff"));
}
