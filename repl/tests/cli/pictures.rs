//! The `posse` command: pictures of a zone-map board (`posse svg`, and `:svg` and `:map`
//! in the REPL), on the town fixture (the Goldfever town, a strongbox no seat sees in the
//! jail).

use super::*;

fn town(args: &[&str], input: &str) -> Output {
    posse_in(&fixtures().join("zonemap"), args, input)
}

/// Whether `text` is well-formed XML as an SVG needs it: the declaration, one root, every
/// tag closed in order, attributes quoted, no `<` in them, only the named entities.
fn well_formed(text: &str) -> Result<(), String> {
    let mut rest = text.strip_prefix(r#"<?xml version="1.0" encoding="UTF-8"?>"#).ok_or("no declaration")?;
    let (mut stack, mut roots) = (Vec::<String>::new(), 0);
    let entities_ok = |t: &str| {
        t.split('&').skip(1).all(|e| ["amp;", "lt;", "gt;", "quot;", "apos;"].iter().any(|n| e.starts_with(n)))
    };
    while let Some(open) = rest.find('<') {
        let between = &rest[..open];
        if !entities_ok(between) || (stack.is_empty() && !between.trim().is_empty()) {
            return Err(format!("bad text {between:?}"));
        }
        let close = open + rest[open..].find('>').ok_or("a tag is not closed")?;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            if stack.pop().as_deref() != Some(name) {
                return Err(format!("</{name}> out of order"));
            }
            continue;
        }
        let name: String = tag.chars().take_while(|c| c.is_alphanumeric()).collect();
        let attrs = tag[name.len()..].trim_end_matches('/');
        // Outside quotes only names, `=` and spaces; inside no `<` and good entities.
        let parts: Vec<&str> = attrs.split('"').collect();
        if name.is_empty() || parts.len().is_multiple_of(2) {
            return Err(format!("bad tag <{tag}>"));
        }
        for (i, p) in parts.iter().enumerate() {
            let ok = if i % 2 == 1 {
                !p.contains('<') && entities_ok(p)
            } else {
                p.trim().is_empty() || p.trim().ends_with('=') && !p.contains(['<', '&', '\''])
            };
            if !ok {
                return Err(format!("bad attributes in <{tag}>"));
            }
        }
        roots += usize::from(stack.is_empty());
        if !tag.ends_with('/') {
            stack.push(name);
        }
    }
    if stack.is_empty() && roots == 1 && rest.trim().is_empty() {
        Ok(())
    } else {
        Err(format!("unclosed {stack:?}, {roots} roots"))
    }
}

#[test]
fn the_checker_refuses_what_is_not_xml() {
    let decl = r#"<?xml version="1.0" encoding="UTF-8"?>"#;
    assert!(well_formed(&format!(r#"{decl}<a b="1 &amp; 2"><c/>x &lt; y</a>"#)).is_ok());
    for bad in ["<a><b></a></b>", "<a>x & y</a>", "<a b=1/>", "<a/><b/>", "<a b=\"<\"/>", "<a>"] {
        assert!(well_formed(&format!("{decl}{bad}")).is_err(), "{bad}");
    }
}

#[test]
fn svg_draws_a_seats_view_to_stdout_or_a_file() {
    let o = town(&["svg", "town"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    well_formed(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    assert!(svg.contains("<title>town: goldfever_town, the view of p1</title>"), "{svg}");
    for name in
        [">Boot Hill<", ">Sheriff&apos;s office<", ">here: Deputy ×2<", "<title>JAL: Jail cell\n  cache: ?</title>"]
    {
        assert!(svg.contains(name), "{name}");
    }
    assert!(!svg.contains("Wells"), "the strongbox is hidden from seat 1");
    // To a file: the same picture.
    let dir = scratch("svg");
    let file = dir.join("town.svg");
    let o = town(&["svg", "town", "--seed", "1", "--seat", "1", "-o", file.to_str().expect("utf8")], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("wrote {} (the view of p1)\n", file.display()));
    assert_eq!(std::fs::read_to_string(&file).expect("written"), svg);
    // Everything only when asked for by name.
    let o = town(&["svg", "town", "--god"], "");
    let god = stdout(&o);
    well_formed(&god).unwrap_or_else(|e| panic!("{e}\n{god}"));
    assert!(god.contains("cache: Wells &amp; Fargo&apos;s &lt;box&gt;"), "{god}");
    let o = town(&["svg", "town", "--seat", "2"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--seat 2: town has seats 1 to 1"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn svg_draws_a_saved_game_where_it_stands() {
    let dir = scratch("svg-load");
    let save = dir.join("town.yaml");
    let save = save.to_str().expect("utf8");
    // Lock the cell, breach the jail's street wall, leave.
    let o = town(&["play", "town", "--seed", "2", "--save", save], "1\n3\n:quit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let o = town(&["svg", "--load", save], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    well_formed(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    assert_eq!(svg.matches(r#"<path class="lock""#).count(), 1, "the locked cell door");
    assert_eq!(svg.matches(r#"<line class="breached""#).count(), 2, "JAL - S2, and the legend's");
    let o = town(&["svg", "hilo", "--load", save], "");
    assert!(stderr(&o).contains("is a game of town, not hilo"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn svg_of_a_board_that_is_neither_a_zone_map_nor_a_grid_says_so() {
    let o = posse(&["svg", "hilo"], "");
    assert!(!o.status.success());
    assert!(stdout(&o).is_empty());
    assert!(
        stderr(&o).starts_with("posse: hilo's board has no picture: only a zone map (board: {map: FILE}) or a grid"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn svg_of_a_grid_board_draws_every_cell_and_its_links() {
    let project = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let o = posse_in(&project, &["svg", "american_desperado/tiny", "--seed", "2"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    well_formed(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    // A 4 x 4 building and its street (6 x 6 cells), four entrances as doorways.
    let cells = svg.matches(r#"<rect class="tile""#).count() + svg.matches(r#"<rect class="street""#).count();
    assert_eq!(cells, 36, "{svg}");
    // Its four entrances are its exits (aims.exits), each marked, and one in the legend.
    assert_eq!(svg.matches(r#"<rect class="mark-exit""#).count(), 5, "{svg}");
    assert_eq!(svg.matches(r#"class="link""#).count(), 4);
    assert!(svg.contains("the view of p1") && svg.contains(r#"<tspan class="hidden">?</tspan>"#), "{svg}");
}

#[test]
fn map_on_a_grid_board_draws_the_grid_with_the_pictures_letters_not_a_list_of_cells() {
    let project = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let o = posse_in(&project, &["play", "american_desperado/tiny", "--seed", "2", "--players", "1"], ":map\n:quit\n");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    let map = &out[out.find("american_desperado/tiny: the board (4 x 4), the view of p1").expect("the grid's title")..];
    let lines: Vec<&str> = map.lines().take(9).collect();
    // The column numbers, then a row each of the street and the building (4 x 4 and its ring).
    assert_eq!(lines[1].split_whitespace().collect::<Vec<_>>(), ["-1", "0", "1", "2", "3", "4"], "{map}");
    assert!(lines[3].trim_start().starts_with("0 ") && lines[3].contains('?'), "face-down tiles: {map}");
    assert!(map.contains("E entrance") && map.contains("? hidden from this view"), "the legend: {map}");
    assert!(!out.contains("each place: where its roads lead") && !out.contains("  1,1: "), "{out}");
}

#[test]
fn the_repl_draws_the_town_as_the_asker_sees_it() {
    let dir = scratch("svg-repl");
    let file = dir.join("mine.svg");
    let input = format!(":god\n:map\n1\n:svg {}\n4\n", file.display());
    // Two people at the table: each command shows the asker's own view.
    let o = town(&["play", "town", "--players", "2", "--seed", "1"], &input);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("town: goldfever_town (26 zones), the view of p1"), "{out}");
    assert!(out.contains(":    LIV    |   BAR  :   TAB  |"), "{out}");
    assert!(out.contains("S1   Main street W: here: Deputy x2, Marker"), "{out}");
    assert!(out.contains("JAL  Jail cell: cache: ?"), "{out}");
    assert!(!out.contains("Wells"), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    assert!(out.contains(&format!("wrote the map as p1 sees it to {}", file.display())), "{out}");
    let svg = std::fs::read_to_string(&file).expect("written");
    well_formed(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    assert!(svg.contains(r#"<path class="lock""#) && !svg.contains("Wells"), "locked after answer 1: {svg}");
    // In designer mode the view on screen is drawn: the GOD VIEW after :god.
    let o = town(&["--designer", "play", "town", "--players", "2", "--seed", "1"], ":god\n:map\n:as 1\n:map\n4\n");
    let out = stdout(&o);
    assert!(out.contains("everything (the omniscient view)"), "{out}");
    assert_eq!(out.matches("JAL  Jail cell: cache: Wells & Fargo's <box>").count(), 1, "{out}");
    assert_eq!(out.matches("JAL  Jail cell: cache: ?").count(), 1, "{out}");
    // On a board that is no zone map, :map lists its places as before and :svg says why not.
    let o = posse(&["play", "hilo", "--seed", "1", "--bot", "2=random"], ":svg x.svg\n:quit\n");
    assert!(stderr(&o).contains(":svg: hilo's board is neither a zone map nor a grid"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(dir);
}
