//! Zone maps (gaps §5.1, §5.2): the Goldfever town's derived tables against the
//! reference output of gaps §5.2, validation errors and warnings at their lines, the map
//! state (locks and breaches) through Lua, its determinism, and views.

use posse::zonemap::{MapState, ZoneMap};
use posse::{Content, Game, Setup};
use posse_tests::*;
use std::path::PathBuf;
use std::sync::Arc;

/// gaps §5.2, "Derived movement adjacency": zone, centre, neighbours.
const ADJACENCY: &str = r#"
N1 (3.0, 1.25) ['LIV', 'N2']
N2 (9.0, 1.25) ['N1', 'N3', 'TAB']
N3 (15.0, 1.25) ['HOT', 'N2', 'N4']
N4 (21.0, 1.25) ['N3']
LIV (2.0, 4.25) ['N1', 'S1']
BAR (5.5, 4.25) ['S2', 'TAB']
TAB (8.5, 4.25) ['BAR', 'N2', 'S3']
BNK (12.0, 4.25) ['S3', 'S4']
HOT (16.0, 4.25) ['N3', 'S4', 'S5']
CHU (21.0, 4.25) ['S5', 'S6']
S1 (2.0, 8.0) ['LIV', 'S2', 'SHF']
S2 (6.0, 8.0) ['BAR', 'S1', 'S3', 'STO']
S3 (10.0, 8.0) ['BNK', 'S2', 'S4', 'STO', 'TAB', 'UND']
S4 (14.0, 8.0) ['BNK', 'HOT', 'S3', 'S5', 'TEL', 'UND']
S5 (18.0, 8.0) ['CHU', 'HOT', 'S4', 'S6', 'TEL']
S6 (22.0, 8.0) ['CHU', 'COR', 'S5']
SHF (2.0, 11.75) ['JAL', 'S1']
JAL (5.0, 11.75) ['SHF']
STO (8.5, 11.75) ['R2', 'S2', 'S3']
UND (12.5, 11.75) ['S3', 'S4']
TEL (16.0, 11.75) ['R3', 'S4', 'S5']
COR (21.0, 11.75) ['R4', 'S6']
R1 (3.0, 14.75) ['R2']
R2 (9.0, 14.75) ['R1', 'R3', 'STO']
R3 (15.0, 14.75) ['R2', 'R4', 'TEL']
R4 (21.0, 14.75) ['COR', 'R3']
"#;

/// gaps §5.2, "Derived static LOS / range table": "." no static sight, else the range.
const LOS_RANGE: &str = r#"
N1     0   1   2   3   1   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .
N2     1   0   1   2   .   .   1   .   .   .   .   .   2   .   .   .   .   .   3   .   .   .   .   .   .   .
N3     2   1   0   1   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .
N4     3   2   1   0   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .
LIV    1   .   .   .   0   .   .   .   .   .   1   .   .   .   .   .   2   .   .   .   .   .   .   .   .   .
BAR    .   .   .   .   .   0   1   .   .   .   .   1   .   3   .   .   .   2   .   .   .   .   .   .   .   .
TAB    .   1   .   .   .   1   0   .   .   .   3   .   1   .   .   .   .   .   2   2   .   .   .   .   .   .
BNK    .   .   .   .   .   .   .   0   .   .   .   .   1   1   .   .   .   .   .   2   2   .   .   .   .   .
HOT    .   .   .   .   .   .   .   .   0   .   .   .   .   1   1   .   .   .   .   2   1   .   .   .   .   .
CHU    .   .   .   .   .   .   .   .   .   0   .   .   .   .   1   1   .   .   .   .   2   2   .   .   .   .
S1     .   .   .   .   1   .   3   .   .   .   0   1   2   3   4   5   1   .   .   .   .   .   .   .   .   .
S2     .   .   .   .   .   1   .   .   .   .   1   0   1   2   3   4   .   .   1   .   .   .   .   .   .   .
S3     .   2   .   .   .   .   1   1   .   .   2   1   0   1   2   3   .   .   .   1   .   .   .   2   .   .
S4     .   .   .   .   .   3   .   1   1   .   3   2   1   0   1   2   .   .   .   1   1   .   .   .   .   .
S5     .   .   .   .   .   .   .   .   1   1   4   3   2   1   0   1   .   .   .   .   1   .   .   .   .   .
S6     .   .   .   .   .   .   .   .   .   1   5   4   3   2   1   0   .   .   .   .   .   1   .   .   .   .
SHF    .   .   .   .   2   .   .   .   .   .   1   .   .   .   .   .   0   1   .   .   .   .   .   .   .   .
JAL    .   .   .   .   .   2   .   .   .   .   .   .   .   .   .   .   1   0   .   .   .   .   .   .   .   .
STO    .   3   .   .   .   .   2   .   .   .   .   1   .   .   .   .   .   .   0   .   .   .   .   .   .   .
UND    .   .   .   .   .   .   2   2   2   .   .   .   1   1   .   .   .   .   .   0   .   .   .   .   .   .
TEL    .   .   .   .   .   .   .   2   1   2   .   .   .   1   1   .   .   .   .   .   0   .   .   .   .   .
COR    .   .   .   .   .   .   .   .   .   2   .   .   .   .   .   1   .   .   .   .   .   0   .   .   .   .
R1     .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   0   1   2   3
R2     .   .   .   .   .   .   .   .   .   .   .   .   2   .   .   .   .   .   .   .   .   .   1   0   1   2
R3     .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   2   1   0   1
R4     .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   3   2   1   0
      N1  N2  N3  N4 LIV BAR TAB BNK HOT CHU  S1  S2  S3  S4  S5  S6 SHF JAL STO UND TEL COR  R1  R2  R3  R4
"#;

/// gaps §5.2, "Precomputed blockers lists".
const BLOCKERS: &str = "N1–N3 [N2]; N1–N4 [N2,N3]; N2–N4 [N3]; N2–STO [TAB]; LIV–SHF [S1]; BNK–TEL [S4]; HOT–UND [S4]; S1–S3 [S2]; S1–S4 [S2,S3]; S1–S5 [S2,S3,S4]; S1–S6 [S2,S3,S4,S5]; S2–S4 [S3]; S2–S5 [S3,S4]; S2–S6 [S3,S4,S5]; S3–S5 [S4]; S3–S6 [S4,S5]; S4–S6 [S5]; R1–R3 [R2]; R1–R4 [R2,R3]; R2–R4 [R3].";

/// The zone-map fixtures' content root.
fn zroot() -> PathBuf {
    fixtures().join("zonemap")
}

fn town() -> Arc<Content> {
    Arc::new(Content::load(&zroot(), "town").unwrap_or_else(|e| panic!("{e}")))
}

fn map(c: &Content) -> &ZoneMap {
    c.map.as_deref().expect("a zone map")
}

fn idx(m: &ZoneMap, id: &str) -> usize {
    m.index_of(id).unwrap_or_else(|| panic!("no zone {id}"))
}

#[test]
fn the_fixture_plays_on_the_goldfever_town_itself() {
    let ours = std::fs::read_to_string(root().join("scenarios/goldfever/goldfever_town.yaml")).unwrap();
    let fixture = std::fs::read_to_string(zroot().join("scenarios/town/goldfever_town.yaml")).unwrap();
    assert_eq!(ours, fixture, "the fixture's copy of the Goldfever town differs from scenarios/goldfever/");
}

#[test]
fn goldfever_centres_and_movement_match_the_reference() {
    let c = town();
    let m = map(&c);
    let fresh = MapState::default();
    let lines: Vec<&str> = ADJACENCY.trim().lines().collect();
    assert_eq!(lines.len(), 26);
    assert_eq!(m.len(), 26);
    for (i, line) in lines.iter().enumerate() {
        let (head, rest) = line.split_once(" (").unwrap();
        let (centre, neighbours) = rest.split_once(") ").unwrap();
        let (x, y) = centre.split_once(", ").unwrap();
        let z = &m.zones()[i];
        assert_eq!(z.id, head, "zones in file order");
        assert_eq!((z.centre.x, z.centre.y), (x.parse().unwrap(), y.parse().unwrap()), "{head}'s centre");
        let want: Vec<&str> = neighbours
            .trim_matches(|c| c == '[' || c == ']')
            .split(", ")
            .filter(|s| !s.is_empty())
            .map(|s| s.trim_matches('\''))
            .collect();
        assert_eq!(c.board.neighbours(head).unwrap(), want, "{head}'s neighbours");
        for (j, other) in m.zones().iter().enumerate() {
            assert_eq!(m.adjacent(i, j, &fresh), want.contains(&other.id.as_str()), "{head} - {}", other.id);
        }
    }
}

#[test]
fn goldfever_sight_and_range_match_the_reference_table() {
    let c = town();
    let m = map(&c);
    let fresh = MapState::default();
    let rows: Vec<&str> = LOS_RANGE.trim().lines().collect();
    let columns: Vec<&str> = rows[26].split_whitespace().collect();
    assert_eq!(columns.len(), 26);
    for row in &rows[..26] {
        let cells: Vec<&str> = row.split_whitespace().collect();
        let a = idx(m, cells[0]);
        for (k, cell) in cells[1..].iter().enumerate() {
            let b = idx(m, columns[k]);
            let what = format!("{} -> {}", cells[0], columns[k]);
            if *cell == "." {
                assert!(!m.sight(a, b, &fresh), "{what}: no sight in the reference");
            } else {
                assert!(m.sight(a, b, &fresh), "{what}: sight in the reference");
                assert_eq!(m.range(a, b), cell.parse::<u32>().unwrap(), "{what}: range");
            }
        }
    }
}

#[test]
fn goldfever_blockers_match_the_reference_lists() {
    let c = town();
    let m = map(&c);
    let fresh = MapState::default();
    let mut want = std::collections::BTreeMap::new();
    for entry in BLOCKERS.trim_end_matches('.').split("; ") {
        let (pair, list) = entry.split_once(' ').unwrap();
        let (a, b) = pair.split_once('–').unwrap();
        let list: Vec<String> = list.trim_matches(|c| c == '[' || c == ']').split(',').map(str::to_string).collect();
        want.insert((idx(m, a), idx(m, b)), list);
    }
    assert_eq!(want.len(), 20);
    let name = |z: &usize| m.zones()[*z].id.clone();
    for a in 0..m.len() {
        for b in 0..m.len() {
            if a == b || !m.sight(a, b, &fresh) {
                continue;
            }
            let got: Vec<String> = m.blockers(a, b).iter().map(name).collect();
            let expected = match (want.get(&(a, b)), want.get(&(b, a))) {
                (Some(l), _) => l.clone(),
                (None, Some(l)) => l.iter().rev().cloned().collect(),
                (None, None) => Vec::new(),
            };
            assert_eq!(got, expected, "{} -> {}", m.zones()[a].id, m.zones()[b].id);
        }
    }
}

#[test]
fn goldfever_is_symmetric_over_all_325_pairs_and_has_no_fragile_pair() {
    let c = town();
    let m = map(&c);
    let fresh = MapState::default();
    let mut pairs = 0;
    for a in 0..m.len() {
        for b in a + 1..m.len() {
            pairs += 1;
            assert_eq!(m.sight(a, b, &fresh), m.sight(b, a, &fresh));
            assert_eq!(m.range(a, b), m.range(b, a));
            let back: Vec<usize> = m.blockers(b, a).iter().rev().copied().collect();
            assert_eq!(m.blockers(a, b), back.as_slice());
            assert_eq!(m.adjacent(a, b, &fresh), m.adjacent(b, a, &fresh));
        }
        assert!(m.sight(a, a, &fresh) && m.range(a, a) == 0 && m.blockers(a, a).is_empty());
    }
    assert_eq!(pairs, 325);
    let fragile: Vec<String> = c.warnings.iter().map(|w| w.to_string()).filter(|w| w.contains("fragile")).collect();
    assert!(fragile.is_empty(), "{fragile:#?}");
}

#[test]
fn goldfever_has_no_warning_at_all() {
    let c = town();
    let warnings: Vec<String> = c.warnings.iter().map(|w| w.to_string()).collect();
    assert!(warnings.is_empty(), "{warnings:#?}");
}

// ------------------------------------------------------------------ validation

fn load_err(game: &str) -> String {
    match Content::load(&zroot(), game) {
        Ok(_) => panic!("{game} should not load"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_zones_own_errors_are_at_its_line() {
    let e = load_err("broken");
    let f = "scenarios/broken/map.yaml";
    for want in [
        format!("{f}:5: zone 'B' overlaps zone 'A'"),
        format!("{f}:6: zone 'C': its centre (9, 1) is not inside the zone"),
        format!("{f}:7: zone 'D': its centre is within tree_radius of tree 1"),
        format!("{f}:8: zone 'E': its centre is within 0.05 of wall 1"),
        format!("{f}:9: zone 'F' lies outside the board (10 x 4)"),
    ] {
        assert!(e.lines().any(|l| l == want), "missing {want:?} in:\n{e}");
    }
}

#[test]
fn errors_of_the_derived_tables_are_at_their_entries_lines() {
    let e = load_err("broken2");
    let f = "scenarios/broken2/map.yaml";
    for want in [
        format!("{f}:7: zone 'C' cannot be reached from zone 'A'"),
        format!("{f}:12: this opening lies on no border between two zones"),
        format!("{f}:15: this override names an unknown zone 'Z'"),
    ] {
        assert!(e.lines().any(|l| l == want), "missing {want:?} in:\n{e}");
    }
    assert_eq!(e.lines().count(), 3, "{e}");
}

#[test]
fn grazing_and_fragile_pairs_are_warnings_that_do_not_stop_the_load() {
    let c = Content::load(&zroot(), "grazing").unwrap_or_else(|e| panic!("{e}"));
    let w: Vec<String> = c.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(
        w,
        [
            "scenarios/grazing/map.yaml:4: A - B is fragile: its sight changes when walls or trees move by 0.05",
            "scenarios/grazing/map.yaml:4: A - B is grazing: the line passes within 0.05 of a wall's end",
        ]
    );
    let m = map(&c);
    assert!(m.sight(0, 1, &MapState::default()) && m.adjacent(0, 1, &MapState::default()));
}

fn root_err(root: &std::path::Path) -> String {
    match Content::load(root, "town") {
        Ok(_) => panic!("the town should not load from {}", root.display()),
        Err(e) => e.to_string(),
    }
}

/// A scratch copy of the zone-map fixtures with one edit made to `file`.
fn edited(name: &str, file: &str, from: &str, to: &str) -> PathBuf {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), name).join("zonemap");
    edit(&root, file, from, to);
    root
}

#[test]
fn the_map_file_is_checked_like_all_content() {
    // map: excludes nodes, edges and grid.
    let root = edited(
        "zonemap_and_nodes",
        "scenarios/town/game.yaml",
        "board: {map: goldfever_town.yaml}",
        "board: {map: goldfever_town.yaml, nodes: [x]}",
    );
    let e = root_err(&root);
    assert!(e.contains("scenarios/town/game.yaml:16:9: board: map excludes nodes, edges and grid"), "{e}");
    // Only a file of the game's folder.
    let root = edited("zonemap_path", "scenarios/town/game.yaml", "{map: goldfever_town.yaml}", "{map: ../x.yaml}");
    let e = root_err(&root);
    assert!(e.contains("scenarios/town/game.yaml:16:14: board: map: expected a .yaml file of this folder"), "{e}");
    // A missing file, an unknown key, a bad kind, a zone twice: file and line.
    let root =
        edited("zonemap_missing", "scenarios/town/game.yaml", "{map: goldfever_town.yaml}", "{map: nowhere.yaml}");
    let e = root_err(&root);
    assert!(e.starts_with("scenarios/town/nowhere.yaml: cannot read"), "{e}");
    let map = "scenarios/town/goldfever_town.yaml";
    let root = edited("zonemap_kind", map, "[0, 6, 1, 6, wall]", "[0, 6, 1, 6, hedge]");
    let e = root_err(&root);
    assert!(e.starts_with(&format!("{map}:38:")) && e.contains("unknown variant `hedge`"), "{e}");
    let root = edited("zonemap_twice", map, "  N2: [6, 0", "  N1: [6, 0");
    let e = root_err(&root);
    assert!(e.starts_with(&format!("{map}:")) && e.contains("zone 'N1' is declared twice"), "{e}");
    let root = edited("zonemap_key", map, "trees:", "bushes: []\ntrees:");
    let e = root_err(&root);
    assert!(e.contains("unknown field `bushes`"), "{e}");
    // Nonsense numbers are errors, never a panic.
    let root = edited("zonemap_nan", map, "  N1: [0, 0, 6, 2.5,", "  N1: [.nan, 0, 6, 2.5,");
    let e = root_err(&root);
    assert!(e.contains(&format!("{map}:5: zone 'N1': its outline is not a simple polygon")), "{e}");
    let root = edited("zonemap_board", map, "width: 24", "width: -1");
    let e = root_err(&root);
    assert!(e.contains(&format!("{map}:3: board: width, height")), "{e}");
}

#[test]
fn overrides_replace_sight_and_range_both_ways() {
    let root = edited(
        "zonemap_override",
        "scenarios/town/goldfever_town.yaml",
        "trees:   # [x, y]",
        "los_overrides:\n  - {a: N1, b: R4, visible: true, range: 9}\n  - {a: S1, b: S2, visible: false}\ntrees:   # [x, y]",
    );
    let c = Content::load(&root, "town").unwrap_or_else(|e| panic!("{e}"));
    let m = map(&c);
    let s = MapState::default();
    let (n1, r4, s1, s2) = (idx(m, "N1"), idx(m, "R4"), idx(m, "S1"), idx(m, "S2"));
    assert!(m.sight(n1, r4, &s) && m.sight(r4, n1, &s));
    assert_eq!((m.range(n1, r4), m.range(r4, n1)), (9, 9));
    assert!(!m.sight(s1, s2, &s) && !m.sight(s2, s1, &s));
    assert_eq!(m.range(s1, s2), 1, "range kept when only visible is given");
}

// ------------------------------------------------------------------------ Lua

pub(crate) fn game() -> Game {
    let c = town();
    let setup = Setup::new(&c, 7, Some(1)).unwrap();
    Game::new(c, setup).unwrap_or_else(|e| panic!("{e}"))
}

pub(crate) fn eval(g: &mut Game, code: &str) -> serde_json::Value {
    g.eval(&format!("local posse = require 'posse'\n{code}")).unwrap_or_else(|e| panic!("{code}: {e}"))
}

pub(crate) fn eval_err(g: &mut Game, code: &str) -> String {
    match g.eval(&format!("local posse = require 'posse'\n{code}")) {
        Ok(v) => panic!("{code} should fail, gave {v}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn lua_reads_the_tables() {
    let mut g = game();
    let v = eval(
        &mut g,
        "return { posse.adjacent('S1', 'LIV'), posse.adjacent('JAL', 'S2'), posse.sight('JAL', 'BAR'), \
         posse.sight('COR', 'R4'), posse.sight('S3', 'S3'), posse.range('S1', 'S6'), posse.range('S4', 'S4'), \
         posse.blockers('S1', 'S5'), #posse.blockers('N1', 'LIV') }",
    );
    assert_eq!(v, serde_json::json!([true, false, true, false, true, 5, 0, ["S2", "S3", "S4"], 0]));
    let v = eval(
        &mut g,
        "return { posse.visible('S1', 'S4', {}), posse.visible('S1', 'S4', {S3 = true}), \
         posse.visible('S1', 'S4', {S3 = false, S1 = true, S4 = 1}), posse.visible('S1', 'S4'), \
         posse.visible('COR', 'R4', {}) }",
    );
    assert_eq!(v, serde_json::json!([true, false, true, true, false]));
    let v = eval(&mut g, "return posse.node_info('JAL')");
    assert_eq!(
        v,
        serde_json::json!({"id": "JAL", "name": "Jail cell", "indoor": true, "centre": {"x": 5.0, "y": 11.75}})
    );
    let v = eval(&mut g, "return { posse.neighbours('S2'), posse.path('JAL', 'S1'), posse.nodes()[5] }");
    assert_eq!(v, serde_json::json!([["BAR", "S1", "S3", "STO"], ["JAL", "SHF", "S1"], "LIV"]));
}

#[test]
fn lua_errors_are_clear() {
    let mut g = game();
    let e = eval_err(&mut g, "return posse.sight('S1', 'MOON')");
    assert!(e.contains("posse.sight: no zone 'MOON' on the map 'goldfever_town'"), "{e}");
    let e = eval_err(&mut g, "posse.lock('S1', 'S2')");
    assert!(e.contains("posse.lock: no lockable opening (cell_door) between S1 and S2"), "{e}");
    let e = eval_err(&mut g, "return posse.locked('S1', 'S2')");
    assert!(e.contains("posse.locked: no lockable opening"), "{e}");
    let e = eval_err(&mut g, "posse.breach('S1', 'S3')");
    assert!(e.contains("posse.breach: zones S1 and S3 share no border"), "{e}");
    let e = eval_err(&mut g, "return posse.breached('N1', 'N1')");
    assert!(e.contains("posse.breached: zones N1 and N1 share no border"), "{e}");
    // A board that is not a zone map.
    let c = load_fixture("hilo");
    let mut h = Game::new(c.clone(), Setup::new(&c, 1, None).unwrap()).unwrap();
    for f in [
        "adjacent('a', 'b')",
        "sight('a', 'b')",
        "range('a', 'b')",
        "blockers('a', 'b')",
        "visible('a', 'b', {})",
        "node_info('a')",
        "lock('a', 'b')",
        "unlock('a', 'b')",
        "locked('a', 'b')",
        "breach('a', 'b')",
        "breached('a', 'b')",
    ] {
        let e = eval_err(&mut h, &format!("return posse.{f}"));
        let name = f.split('(').next().unwrap();
        assert!(e.contains(&format!("posse.{name}: the board is not a zone map")), "{e}");
    }
}

#[test]
fn locks_and_breaches_change_movement_and_sight() {
    let mut g = game();
    let v =
        eval(&mut g, "return { posse.locked('JAL', 'SHF'), posse.adjacent('JAL', 'SHF'), posse.neighbours('JAL') }");
    assert_eq!(v, serde_json::json!([false, true, ["SHF"]]));
    eval(&mut g, "posse.lock('SHF', 'JAL')");
    let v = eval(
        &mut g,
        "return { posse.locked('JAL', 'SHF'), posse.adjacent('JAL', 'SHF'), #posse.neighbours('JAL'), \
         posse.path('JAL', 'S1') == nil, posse.sight('JAL', 'SHF') }",
    );
    assert_eq!(v, serde_json::json!([true, false, 0, true, true]), "a locked cell door blocks movement, not sight");
    eval(&mut g, "posse.unlock('JAL', 'SHF')");
    assert_eq!(eval(&mut g, "return posse.adjacent('JAL', 'SHF')"), serde_json::json!(true));
    // Breaching the jail's street wall (wall, bars, wall) opens it both ways.
    let v =
        eval(&mut g, "return { posse.adjacent('JAL', 'S2'), posse.sight('JAL', 'S1'), posse.breached('S2', 'JAL') }");
    assert_eq!(v, serde_json::json!([false, false, false]));
    eval(&mut g, "posse.lock('JAL', 'SHF'); posse.breach('JAL', 'S2')");
    let v = eval(
        &mut g,
        "return { posse.adjacent('JAL', 'S2'), posse.adjacent('S2', 'JAL'), posse.breached('S2', 'JAL'), \
         posse.neighbours('JAL'), posse.path('JAL', 'SHF'), posse.sight('JAL', 'S2') }",
    );
    assert_eq!(v, serde_json::json!([true, true, true, ["S2"], ["JAL", "S2", "S1", "SHF"], true]));
    // A breach opens only its own border: the wall the jail shares with the store stands.
    assert_eq!(eval(&mut g, "return posse.adjacent('JAL', 'STO')"), serde_json::json!(false));
}

#[test]
fn breaching_a_border_opens_sight_through_it() {
    let mut g = game();
    // N1 - BAR: the saloon's back wall stands between Boot Hill and the bar.
    let v = eval(&mut g, "return { posse.sight('N1', 'BAR'), posse.adjacent('N1', 'BAR') }");
    assert_eq!(v, serde_json::json!([false, false]));
    eval(&mut g, "posse.breach('BAR', 'N1')");
    let v = eval(&mut g, "return { posse.sight('N1', 'BAR'), posse.sight('BAR', 'N1'), posse.adjacent('N1', 'BAR') }");
    assert_eq!(v, serde_json::json!([true, true, true]));
}

// ------------------------------------------------------ state, replay, views

#[test]
fn the_map_state_is_hashed_replayed_and_shown() {
    let c = town();
    let mut g = game();
    let start = g.state_hash();
    let view = g.view(Some(1));
    let map_view = view.map.clone().expect("a zone map's view has map");
    assert!(map_view.locked.is_empty() && map_view.breached.is_empty());
    pick(&mut g, "lock the cell");
    let locked = g.state_hash();
    assert_ne!(locked, start, "a lock changes the state hash");
    pick(&mut g, "breach");
    let both = g.state_hash();
    assert_ne!(both, locked);
    let v = g.view(Some(1)).map.unwrap();
    assert_eq!(v.locked, [["JAL".to_string(), "SHF".to_string()]]);
    assert_eq!(v.breached, [["JAL".to_string(), "S2".to_string()]]);
    // The renderer gets it too.
    let text = g.render(Some(1)).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains("locked JAL-SHF") && text.contains("breached JAL-S2"), "{text}");
    // Replay restores it.
    let (again, div) = Game::from_record(c.clone(), &g.record()).unwrap();
    assert!(div.is_none());
    assert_eq!(again.state_hash(), both);
    assert_eq!(again.view(None).map, g.view(None).map);
    // Unlocking brings the lock's hash back to what it was without it.
    pick(&mut g, "unlock");
    let v = g.view(None).map.unwrap();
    assert!(v.locked.is_empty() && v.breached.len() == 1);
    // Undo takes it back.
    g.undo(1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.state_hash(), both);
    // Views of other boards carry no map.
    let h = load_fixture("hilo");
    let hg = Game::new(h.clone(), Setup::new(&h, 1, None).unwrap()).unwrap();
    assert!(hg.view(None).map.is_none());
    let json = serde_json::to_string(&hg.view(None)).unwrap();
    assert!(!json.contains("\"map\""));
}

#[test]
fn per_node_zones_live_on_the_maps_zones() {
    let g = game();
    let view = g.view(None);
    assert_eq!(view.board.len(), 26);
    assert_eq!(view.board["S1"]["here"].count, 3);
    assert_eq!(view.board["JAL"]["cache"].count, 1);
}

// ------------------------------------------------------------------- pictures

#[test]
fn the_town_pictured_as_a_seat_sees_it() {
    let c = town();
    let mut g = game();
    let m = map(&c);
    let svg = posse::picture::svg(m, &g.view(Some(1)), &Default::default());
    assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polygon class=\"zone").count(), 26);
    for name in ["Boot Hill", "Sheriff&apos;s office", "Jail cell", "Saloon - tables"] {
        assert!(svg.contains(&format!(">{name}</text>")), "{name}");
    }
    assert!(svg.contains(">here: Marker</text>") && svg.contains(">here: Deputy ×2</text>"), "{svg}");
    // The strongbox in the jail: a "?" to the seat, named only in the omniscient view.
    assert!(svg.contains("<title>JAL: Jail cell\n  cache: ?</title>"), "{svg}");
    assert!(!svg.contains("Wells"));
    let god = posse::picture::svg(m, &g.view(None), &Default::default());
    assert!(god.contains("Wells &amp; Fargo&apos;s &lt;box&gt;"));
    assert!(!svg.contains("cell_door locked\" x1=\"176"), "nothing locked yet");
    pick(&mut g, "lock the cell");
    pick(&mut g, "breach");
    let svg = posse::picture::svg(m, &g.view(Some(1)), &Default::default());
    assert_eq!(svg.matches("<path class=\"lock\"").count(), 1, "the locked cell door is crossed");
    assert_eq!(svg.matches("<line class=\"breached\"").count(), 2, "JAL - S2, and the legend's sample");

    // In characters: within 80 columns, 25 rows for 16 units down.
    let text = posse::picture::text(m, &g.view(Some(1)), 79);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.iter().all(|l| l.chars().count() <= 79), "{text}");
    assert_eq!(lines[0], "town: goldfever_town (26 zones), the view of p1");
    let grid = &lines[1..26];
    assert!(grid[24].contains("......") && grid.iter().any(|l| l.contains("JAL")), "{text}");
    assert!(grid.iter().any(|l| l.contains('X')) && grid.iter().any(|l| l.contains('*')), "{text}");
    assert!(grid.iter().any(|l| l.contains("(3)")), "three things in S1: {text}");
    assert!(lines.contains(&"S1   Main street W: here: Deputy x2, Marker"), "{text}");
    assert!(lines.contains(&"JAL  Jail cell: cache: ?"), "{text}");
    assert!(lines.contains(&"cell doors locked: JAL-SHF"), "{text}");
}

#[test]
fn random_games_on_the_town_replay_to_the_same_state() {
    let c = town();
    for seed in 0..10 {
        let g = counted_play(&c, seed, 1).unwrap_or_else(|e| panic!("{e}"));
        let (again, div) = Game::from_record(c.clone(), &g.record()).unwrap();
        assert!(div.is_none());
        assert_eq!(again.state_hash(), g.state_hash(), "seed {seed}");
        let fast = posse::sim::play_random(&c, seed, Some(1)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(fast.state_hash(), g.state_hash(), "seed {seed}: the batch game is the counted one");
    }
}

#[test]
fn a_broken_map_file_never_panics() {
    // The town's map with one number or line changed at random, many times: each load
    // ends in a map or in diagnostics.
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "zonemap_mangled").join("zonemap");
    let file = root.join("scenarios/town/goldfever_town.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let values = ["0", "-3", "24", "1e308", ".nan", ".inf", "2.5", "11.5", "x", "[]", "{}", "12"];
    let mut rng = posse::rng::Rng::new(5);
    let (mut loaded, mut refused) = (0, 0);
    for _ in 0..120 {
        let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(out.len() as u64) as usize;
            if rng.below(5) == 0 {
                out.remove(i);
                continue;
            }
            let numbers: Vec<(usize, usize)> =
                out[i].match_indices(|c: char| c.is_ascii_digit()).map(|(at, _)| (at, at + 1)).collect();
            if let Some(&(at, end)) = numbers.get(rng.below(numbers.len().max(1) as u64) as usize) {
                let v = values[rng.below(values.len() as u64) as usize];
                out[i].replace_range(at..end, v);
            }
        }
        std::fs::write(&file, out.join("\n")).unwrap();
        match Content::load(&root, "town") {
            Ok(_) => loaded += 1,
            Err(e) => {
                assert!(e.to_string().starts_with("scenarios/town/"), "{e}");
                refused += 1;
            }
        }
    }
    assert!(loaded > 0 && refused > 0, "{loaded} loaded, {refused} refused");
}
