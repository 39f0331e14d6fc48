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
        let list: Vec<String> =
            list.trim_matches(|c| c == '[' || c == ']').split(',').map(str::to_string).collect();
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
    let fragile: Vec<String> =
        c.warnings.iter().map(|w| w.to_string()).filter(|w| w.contains("fragile")).collect();
    assert!(fragile.is_empty(), "{fragile:#?}");
}

#[test]
fn goldfever_has_no_warning_at_all() {
    let c = town();
    let warnings: Vec<String> = c.warnings.iter().map(|w| w.to_string()).collect();
    assert!(warnings.is_empty(), "{warnings:#?}");
}
