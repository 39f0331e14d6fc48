//! Zone-map queries beyond the single pair: `posse.in_sight`, checked against `visible` and
//! `range` over the Goldfever town.

use crate::zonemap::{eval, eval_err, game};

#[test]
fn in_sight_lists_the_zones_visible_within_reach() {
    let mut g = game();
    // The same as asking `visible` and `range` of every zone, with and without occupants.
    for occupied in ["nil", "{ S3 = true }", "{ S2 = true, TAB = true }"] {
        for (from, reach) in [("S1", 2), ("S2", 8), ("N2", 2), ("JAL", 0), ("COR", 3)] {
            let code = format!(
                "local occ = {occupied}
                 local want = {{}}
                 for _, b in ipairs(posse.nodes()) do
                   if posse.range('{from}', b) <= {reach} and posse.visible('{from}', b, occ) then want[#want + 1] = b end
                 end
                 local got = posse.in_sight('{from}', {reach}, occ)
                 return {{ table.concat(want, ' '), table.concat(got, ' ') }}"
            );
            let v: Vec<String> = serde_json::from_value(eval(&mut g, &code)).unwrap();
            assert_eq!(v[0], v[1], "{from} within {reach}, occupied {occupied}");
        }
    }
    let v: Vec<String> = serde_json::from_value(eval(&mut g, "return posse.in_sight('S1', 2, { S2 = true })")).unwrap();
    assert_eq!(v, ["LIV", "S1", "S2", "SHF"], "S3 is behind S2's occupant");
    assert!(eval_err(&mut g, "return posse.in_sight('MOON', 1)").contains("no zone 'MOON'"));
}

#[test]
fn nodes_and_zone_handles_are_asked_once_and_stay_right() {
    let mut g = game();
    // A list a script changes is its own: the next call gives the board's nodes again.
    let v = eval(&mut g, "local a = posse.nodes() a[1] = 'X' return { posse.nodes()[1], #posse.nodes() }");
    assert_eq!(v, serde_json::json!(["N1", 26]));
    // The same handle every time; a bad name fails every time (failures are not kept).
    let v = eval(&mut g, "return { posse.zone('here', 'S1') == posse.zone('here', 'S1'), posse.zone('here', 'S1') ~= posse.zone('here', 'S2') }");
    assert_eq!(v, serde_json::json!([true, true]));
    for _ in 0..2 {
        assert!(eval_err(&mut g, "return posse.zone('nowhere')").contains("nowhere"));
    }
    // Contents come back top first, as a list.
    let v = eval(
        &mut g,
        "local z = posse.zone('here', 'S1') return #posse.contents(z) == posse.count(z) and posse.count(z) > 1",
    );
    assert_eq!(v, serde_json::json!(true));
}
