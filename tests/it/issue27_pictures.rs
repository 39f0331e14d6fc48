//! Issue 27, points 6 and 7: pictures that show the game, and sides by their names.
//!
//! A Goldfever town drawn for a seat has a token per character in its team's colour, with
//! its wounds, its ambush, the dead apart, and the scenario's exits and starts marked; a
//! hidden marker stays `?` in a seat's picture. An American Desperado grid draws a tile
//! with the terminal's letters, a legend of them, a beaten obstacle apart; `:map`'s grid
//! text has the same. `sim` names the sides as the game does and lists a side that never
//! won.

use posse::picture::{grid_svg, grid_text, svg, Setting};
use posse::sim;
use posse::Game;
use posse_tests::{load, load_fixture, new_game};

/// The SVG text around the first `<title>NAME</title>`: its token's circle.
fn token_of<'s>(svg: &'s str, name: &str) -> &'s str {
    let at = svg.find(&format!("<title>{name}</title>")).unwrap_or_else(|| panic!("no token for {name}:\n{svg}"));
    &svg[svg[..at].rfind("<circle").expect("a circle")..at]
}

fn lua(g: &mut Game, code: &str) -> serde_json::Value {
    let prelude = "local posse = require 'posse'
        local function find(id)
          for _, n in ipairs(posse.nodes()) do
            for _, o in ipairs(posse.contents(posse.zone('at', n))) do
              if posse.def_id(o) == id then return o end
            end
          end
          error('no ' .. id .. ' on the board')
        end\n";
    g.eval(&format!("{prelude}{code}")).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_town_shows_tokens_by_team_with_wounds_ambush_the_dead_and_the_scenarios_places() {
    let c = load("goldfever/jailbreak");
    let setting = Setting::of(&c);
    let map = c.map.as_deref().expect("a zone map");
    // The places the scenario's data names: the desperados' exits, the starts.
    let exits = |z: &str| setting.marks.get(z).and_then(|m| m.get(&posse::content::MarkKind::Exit)).cloned();
    for z in ["R1", "R2", "R3", "R4"] {
        assert_eq!(exits(z), Some(vec!["Desperados".to_string()]), "{z}: {:?}", setting.marks.get(z));
    }
    let starts = setting.marks.get("R3").and_then(|m| m.get(&posse::content::MarkKind::Start));
    assert_eq!(starts.map(|s| s.join(", ")).as_deref(), Some("Fred, Pedro, Big Hank"));
    // Range War's goals are its buildings, by name; The Payroll's, the Law's with its load.
    let goal = |game: &str, z: &str| {
        let s = Setting::of(&load(game));
        s.marks.get(z).and_then(|m| m.get(&posse::content::MarkKind::Goal)).map(|g| g.join(", "))
    };
    assert_eq!(goal("goldfever/range_war", "TAB").as_deref(), Some("Saloon"));
    assert_eq!(goal("goldfever/payroll", "BNK").as_deref(), Some("Law (Strongbox)"));
    // Seat 1 plays Fred and Kid (Desperados), seat 2 the Law.
    let mut g = new_game(&c, 3, 3);
    lua(
        &mut g,
        "posse.obj_set(find('ted'), 'wounds', 2)
         posse.obj_set(find('fred'), 'ambush', 1)
         posse.move(find('pedro'), posse.zone('dead'))
         return true",
    );
    let text = svg(map, &g.view(Some(2)), &setting);
    // Desperados first (seat 1's side), then the Law: their colours s0 and s1.
    assert!(token_of(&text, "Sheriff Ted").contains("token s1"), "{}", token_of(&text, "Sheriff Ted"));
    assert!(token_of(&text, "Fred").contains("token s0"));
    assert!(text.contains(">Desperados (p1, p3)</text>") && text.contains(">Law (p2)</text>"), "{text}");
    // Ted's two wounds; Fred's ambush, its ring and its word; Pedro dead, off the board.
    assert!(text.contains("Sheriff Ted<tspan class=\"wound\"> \u{2022}\u{2022}</tspan>"), "{text}");
    assert_eq!(text.matches("<circle class=\"ambush\"").count(), 2, "Fred's and the legend's");
    assert!(text.contains("Fred<tspan class=\"amb\"> ambush</tspan>"), "{text}");
    let dead = &text[text.find("<g id=\"dead\">").expect("the dead are drawn")..];
    assert!(dead[..dead.find("</g>").unwrap()].contains(">Pedro</text>"), "{dead}");
    assert!(!text.contains("<g id=\"escaped\">"), "nobody has left town yet");
    // Big Hank leaves town alive: drawn below the board with those who left, not crossed out.
    lua(&mut g, "posse.move(find('hank'), posse.zone('escaped')) return true");
    let text = svg(map, &g.view(Some(2)), &setting);
    let gone = &text[text.find("<g id=\"escaped\">").expect("those who left are drawn")..];
    let gone = &gone[..gone.find("</g>").unwrap()];
    assert!(gone.contains(">escaped:</text>") && gone.contains(">Big Hank</text>"), "{gone}");
    assert!(!gone.contains("dead"), "not crossed out: {gone}");
    assert!(!text[text.find("<g id=\"dead\">").unwrap()..].contains(">Big Hank</text>"), "{text}");
    // Exits and starts: a border and a tag each.
    assert_eq!(text.matches("<polygon class=\"mark-exit\"").count(), 4);
    assert!(text.contains(">EXIT: Desperados</text>") && text.contains(">START: Sheriff Ted</text>"), "{text}");
}

#[test]
fn a_marker_face_down_is_a_question_mark_in_a_seats_picture_and_named_in_the_omniscient_one() {
    let c = load("goldfever/claim_jumpers");
    let map = c.map.as_deref().expect("a zone map");
    let setting = Setting::of(&c);
    let g = new_game(&c, 1, 2);
    let (mine, all) = (svg(map, &g.view(Some(2)), &setting), svg(map, &g.view(None), &setting));
    assert!(all.contains("Nugget"), "the omniscient view names the markers");
    assert!(!mine.contains("Nugget") && mine.contains("ground: ?"), "{mine}");
    // The tokens are drawn for both alike: they stand face up.
    assert!(mine.contains("<title>Gus</title>") && all.contains("<title>Gus</title>"));
}

#[test]
fn the_heist_grid_has_the_terminals_letters_a_legend_and_beaten_obstacles_apart() {
    let c = load("american_desperado/tiny");
    let grid = c.grid.clone().expect("a grid board");
    let setting = Setting::of(&c);
    let mut g = new_game(&c, 2, 1);
    // The first obstacle tile of the building, turned face up.
    let found = g
        .eval(
            "local posse = require 'posse'
             for c = 0, 3 do for r = 0, 3 do
               local t = posse.at(posse.zone('tile', posse.cell(c, r)))
               local p = t and posse.def(t).props
               if p and p.power then
                 posse.flip(t, true)
                 return { c .. ',' .. r, p.letter .. p.power, posse.def(t).name }
               end
             end end",
        )
        .unwrap();
    let (cell, label, name) = (found[0].as_str().unwrap(), found[1].as_str().unwrap(), found[2].as_str().unwrap());
    let bare = name.split(' ').next().unwrap();
    let of_cell = |svg: &str| {
        let at = svg.find(&format!("id=\"cell-{cell}\"")).expect("the cell");
        svg[at..at + svg[at..].find("<rect").unwrap_or(svg.len() - at)].to_string()
    };
    // The terminal's letters: render.lua draws `Y4!` where the picture draws `Y4`.
    let terminal = g.render(Some(1)).unwrap();
    assert!(terminal.contains(&format!("{label}!")), "{terminal}");
    let picture = grid_svg(&grid, &g.view(Some(1)), &setting);
    assert!(of_cell(&picture).contains(&format!("<tspan class=\"up\">{label}</tspan>")), "{}", of_cell(&picture));
    // The legend names the letter, the entrances' too, and the styles.
    let letter = &label[..1];
    assert!(picture.contains(&format!("<tspan class=\"up\">{letter}</tspan> {bare}</text>")), "{picture}");
    assert!(picture.contains("<tspan class=\"up\">E</tspan> entrance</text>"), "{picture}");
    assert!(picture.contains("<tspan class=\"beaten\">Y4</tspan> beaten (struck out)"), "{picture}");
    // Beaten: drawn apart in the picture, `.` in the terminal's and :map's grids.
    g.eval(&format!(
        "local posse = require 'posse'
         local c, r = ('{cell}'):match('(%d+),(%d+)')
         posse.obj_set(posse.at(posse.zone('tile', posse.cell(tonumber(c), tonumber(r)))), 'cleared', 1)
         return true"
    ))
    .unwrap();
    let picture = grid_svg(&grid, &g.view(Some(1)), &setting);
    assert!(of_cell(&picture).contains(&format!("<tspan class=\"beaten\">{label}</tspan>")), "{}", of_cell(&picture));
    assert!(of_cell(&picture).contains(&format!("{name} (beaten)")));
    // A subdued criminal is in lower case, as the terminal draws it.
    let brains = g
        .eval(
            "local posse = require 'posse'
             for _, o in ipairs(posse.contents(posse.zone('crew'))) do
               if posse.def(o).props.letter == 'B' then
                 posse.move(o, posse.zone('at', posse.cell(0, 0)))
                 posse.obj_set(o, 'subdued', 1)
                 return true
               end
             end
             return false",
        )
        .unwrap();
    assert_eq!(brains, true);
    let row0 = |t: &str, head: &str| {
        t.lines().find(|l| l.starts_with(head)).unwrap_or_default().split_whitespace().nth(2).map(str::to_string)
    };
    let terminal = g.render(Some(1)).unwrap();
    assert_eq!(row0(&terminal, " 0 ").as_deref(), Some("b"), "(0,0): {terminal}");
    let picture = grid_svg(&grid, &g.view(Some(1)), &setting);
    assert!(
        picture.contains("<text class=\"label\" x=\"104\" y=\"112\"><tspan class=\"up\">b</tspan>")
            && picture.contains("Brains (down)"),
        "{picture}"
    );
    let text = grid_text(&grid, &g.view(Some(1)), &setting, 79);
    assert_eq!(row0(&text, "  0 ").as_deref(), Some("b"), "(0,0): {text}");
    assert!(text.starts_with("american_desperado/tiny: the board (4 x 4), the view of p1"), "{text}");
    assert!(text.contains(&format!("{letter} {bare}")) && text.contains("E1"), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 79), "{text}");
    assert!(!text.contains(label), "beaten, the tile is `.`: {text}");
}

#[test]
fn a_long_title_is_shrunk_to_the_grid_picture() {
    let c = load("american_desperado/tiny");
    let grid = c.grid.clone().expect("a grid board");
    let mut view = new_game(&c, 2, 1).view(Some(1));
    view.game = "american_desperado/tiny with a name far too long to fit a picture this narrow".into();
    let picture = grid_svg(&grid, &view, &Setting::of(&c));
    let head = &picture[picture.find("<text class=\"title\"").unwrap()..];
    let size: f64 = head["<text class=\"title\" x=\"20\" y=\"22\" font-size=\"".len()..]
        .split('"')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let width: f64 = picture.split("viewBox=\"0 0 ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    let chars = view.game.chars().count() + ": the board, the view of p1".len();
    assert!(size < 14.0 && chars as f64 * size * 0.55 <= width - 40.0, "font {size} for {chars} characters in {width}");
}

#[test]
fn sim_names_sides_as_the_game_does_and_lists_a_side_that_never_won() {
    let c = load("goldfever/jailbreak");
    let r = sim::run(&c, 4, 0, Some(3), 1);
    let labels: Vec<&str> = r.seats.iter().map(|s| s.label.as_str()).collect();
    assert_eq!(labels, ["seat 1 (Desperados)", "seat 2 (Law)", "seat 3 (Desperados)"]);
    let sides: Vec<(&str, &str)> = r.sides.iter().map(|s| (s.name.as_str(), s.label.as_str())).collect();
    assert_eq!(sides, [("desperados", "Desperados"), ("law", "Law")], "both, won or not");
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["sides"][1]["name"], "law", "the id stays under its key");
    assert_eq!(json["sides"][1]["label"], "Law");
    // A game with no teams keeps its seats' names.
    let h = sim::run(&load_fixture("hilo"), 20, 0, Some(2), 1);
    assert!(h.seats.iter().all(|s| s.label == s.name), "{:?}", h.seats.iter().map(|s| &s.label).collect::<Vec<_>>());
    assert!(h.sides.iter().all(|s| s.label == s.name));
}

#[test]
fn a_picture_declaration_naming_what_is_not_declared_is_refused_at_its_lines() {
    let root = posse_tests::scratch_root(env!("CARGO_TARGET_TMPDIR"), "issue27_picture_decl");
    let decl = "picture:\n  owner: nope\n  wounds: score\n  dead: nowhere\n  escaped: gone\n  marks:\n    - {data: no.such.path, mark: goal}\n    - {mark: goal}\n    - {data: a, prop: b, mark: goal}\n    - {prop: value, counter: x, mark: goal}\n    - {data: a, face_down: true, mark: exit}\n  hiding: {zone: nowhere, place: lurk}\n";
    posse_tests::edit(&root, "scenarios/hilo/game.yaml", "main: main.lua\n", &format!("{decl}main: main.lua\n"));
    let e = match posse::Content::load(&root, "hilo") {
        Ok(_) => panic!("a picture: naming no counter must not load"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("game.yaml:8:10: picture: owner: no per-object counter 'nope' is declared"), "{e}");
    assert!(e.contains("game.yaml:9:11: picture: wounds: no per-object counter 'score' is declared"), "{e}");
    assert!(e.contains("game.yaml:10:9: picture: dead: no zone 'nowhere' is declared"), "{e}");
    assert!(e.contains("game.yaml:11:12: picture: escaped: no zone 'gone' is declared"), "{e}");
    assert!(!e.contains("no.such.path"), "a path a scenario's data may fill is no error: {e}");
    let one_of = "picture: marks: expected `data:` (a path into data) or `prop:`, one of them";
    assert!(
        e.contains(&format!("game.yaml:14:7: {one_of}")) && e.contains(&format!("game.yaml:15:7: {one_of}")),
        "{e}"
    );
    assert!(e.contains("game.yaml:16:7: picture: marks: `counter:` goes with `data:`, not `prop:`"), "{e}");
    assert!(e.contains("game.yaml:17:7: picture: marks: `face_down:` goes with `prop:`, not `data:`"), "{e}");
    assert!(e.contains("game.yaml:18:18: picture: hiding: zone: no per-seat zone 'nowhere' is declared"), "{e}");
    assert!(e.contains("game.yaml:18:34: picture: hiding: place: no per-seat counter 'lurk_1' is declared"), "{e}");
    assert!(e.contains("game.yaml:18:34: picture: hiding: place: needs `order:` (a prop)"), "{e}");
}

/// A heist's picture shows its aims: the entrances `aims.exits` numbers are marked as
/// exits (in the legend too), and how to win is written under the legend (the heist's
/// `rules: {win}`). Tiny counts entrances 1 to 4, so every entrance is one.
#[test]
fn the_heist_grid_marks_the_exits_the_aims_count_and_says_how_to_win() {
    for id in ["american_desperado/tiny", "american_desperado/large"] {
        let c = load(id);
        let grid = c.grid.clone().expect("a grid board");
        let setting = Setting::of(&c);
        let g = new_game(&c, 2, 4);
        let text = grid_svg(&grid, &g.view(Some(1)), &setting);
        let exits: Vec<u64> =
            c.data["aims"]["exits"].as_array().expect("aims.exits").iter().filter_map(|v| v.as_u64()).collect();
        // One dashed border a cell holding a listed entrance, and one in the legend.
        assert_eq!(text.matches("<rect class=\"mark-exit\"").count(), exits.len() + 1, "{id}: {text}");
        for n in &exits {
            let at = text.find(&format!(">E{n}</tspan>")).unwrap_or_else(|| panic!("{id}: E{n} drawn"));
            let cell = &text[text[..at].rfind("id=\"cell-").expect("its cell")..at];
            assert!(cell.contains("class=\"mark-exit\""), "{id}: E{n} is marked: {cell}");
        }
        assert!(text.contains(">exit: a way out</text>"), "{id}");
        let aim = &text[text.find("<g id=\"aim\">").expect("the aim is written")..];
        let target = c.data["aims"]["target"].as_u64().expect("aims.target");
        assert!(
            aim.contains(">To win: The crew wins or loses together.") && aim.contains(&format!("worth {target}")),
            "{aim}"
        );
    }
}

/// A heist's picture marks the loot to reach as goals, from the view alone: loot lying on
/// a space, and a vault the seat has scouted but nobody has opened (a vault the seat has
/// not seen stays `?`, unmarked); loot a criminal carries follows him, underlined. The
/// legend says both.
#[test]
fn the_heist_grid_marks_the_loot_to_take_and_what_the_crew_carries() {
    let c = load("american_desperado/tiny");
    let grid = c.grid.clone().expect("a grid board");
    let setting = Setting::of(&c);
    let mut g = new_game(&c, 2, 2);
    // The vaults dealt face down; a loot piece laid on (1,1) (dropped there), another
    // carried by Brains, on (0,0).
    let vaults = g
        .eval(
            "local posse = require 'posse'
             local out = {}
             for c = 0, 3 do for r = 0, 3 do
               local t = posse.at(posse.zone('tile', posse.cell(c, r)))
               if t and posse.def(t).props.piece then out[#out + 1] = c .. ',' .. r end
             end end
             local side = posse.contents(posse.zone('loot_side'))
             posse.move(side[1], posse.zone('ground', posse.cell(1, 1)))
             for _, o in ipairs(posse.contents(posse.zone('crew'))) do
               if posse.def(o).props.letter == 'B' then
                 posse.move(o, posse.zone('at', posse.cell(0, 0)))
                 posse.move(side[2], posse.zone('carry', o))
               end
             end
             return out",
        )
        .unwrap();
    let vaults: Vec<String> = vaults.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
    assert_eq!(vaults.len(), 3, "Tiny deals three vaults: {vaults:?}");
    // A cell's part of the picture: from its square to the next cell's.
    let cell_of = |svg: &str, cell: &str| {
        let at = svg.find(&format!("id=\"cell-{cell}\"")).expect("the cell");
        let end = svg[at + 1..].find("id=\"cell-").map_or(svg.len(), |e| at + 1 + e);
        svg[at..end].to_string()
    };
    let goal = "<rect class=\"mark-goal\"";
    let picture = grid_svg(&grid, &g.view(Some(1)), &setting);
    assert!(cell_of(&picture, "1,1").contains(goal), "loot lying there: {}", cell_of(&picture, "1,1"));
    for v in &vaults {
        assert!(!cell_of(&picture, v).contains(goal), "{v}: an unseen vault is no mark: {}", cell_of(&picture, v));
    }
    let brains = cell_of(&picture, "0,0");
    assert!(brains.contains("<tspan class=\"up\">B</tspan><tspan class=\"carried\"> $"), "{brains}");
    assert!(brains.contains("(carried by Brains)") && !brains.contains(goal), "{brains}");
    assert!(picture.contains(">goal: the loot to take</text>"), "{picture}");
    assert!(picture.contains("<tspan class=\"carried\">$2</tspan> carried by the piece before it"), "{picture}");
    // Seat 1 scouts the first vault: its picture marks it; seat 2's does not.
    let v = &vaults[0];
    g.eval(&format!(
        "local posse = require 'posse'
         local c, r = ('{v}'):match('(%d+),(%d+)')
         posse.reveal(posse.at(posse.zone('tile', posse.cell(tonumber(c), tonumber(r)))), {{ 1 }})
         return true"
    ))
    .unwrap();
    let (mine, theirs) = (grid_svg(&grid, &g.view(Some(1)), &setting), grid_svg(&grid, &g.view(Some(2)), &setting));
    assert!(cell_of(&mine, v).contains(goal) && cell_of(&mine, v).contains("$?"), "{}", cell_of(&mine, v));
    assert!(!cell_of(&theirs, v).contains(goal) && !cell_of(&theirs, v).contains('$'), "{}", cell_of(&theirs, v));
    // Opened, the vault is no goal: the loot lying on it is.
    g.eval(&format!(
        "local posse = require 'posse'
         local c, r = ('{v}'):match('(%d+),(%d+)')
         posse.flip(posse.at(posse.zone('tile', posse.cell(tonumber(c), tonumber(r)))), true)
         return true"
    ))
    .unwrap();
    assert!(!cell_of(&grid_svg(&grid, &g.view(Some(2)), &setting), v).contains(goal), "an empty vault");
}

/// Those hiding (The Payroll's hidden deployment, O5) are drawn below the town for every
/// seat, who hides being public; where one hides, only in the pictures of the views that
/// read it (his player's, the omniscient one): there his token stands in the zone,
/// dashed, marked `hiding`.
#[test]
fn the_town_draws_those_hiding_and_where_only_for_whom_the_view_tells() {
    let c = std::sync::Arc::new(
        load("goldfever/payroll").with_sets(&["options.hidden_deployment=true".into()]).expect("the option"),
    );
    let map = c.map.as_deref().expect("a zone map");
    let setting = Setting::of(&c);
    let mut g = new_game(&c, 2, 4);
    assert!(!svg(map, &g.view(Some(1)), &setting).contains("<g id=\"hiding\">"), "nobody hides yet");
    // Seat 2 hides Fred in N2 (Back lot) and Slim in N3, seat 4 Pedro in N2 and Lefty in N3.
    for _ in 0..4 {
        let s = g.next_request().expect("a deployment").seat;
        g.choose(s, &[1]).unwrap();
    }
    let band = |text: &str| {
        let at = text.find("<g id=\"hiding\">").unwrap_or_else(|| panic!("those hiding are drawn:\n{text}"));
        text[at..at + text[at..].find("</g>").unwrap()].to_string()
    };
    let placed = |text: &str| text.matches("<tspan class=\"hid\"> hiding</tspan>").count();
    let law = svg(map, &g.view(Some(1)), &setting);
    for name in ["Fred", "Slim", "Pedro", "Lefty"] {
        assert!(band(&law).contains(&format!(">{name}</text>")), "{name}: {}", band(&law));
    }
    assert_eq!(placed(&law), 0, "the Law knows nobody's place");
    assert!(!band(&law).contains(" in "), "{}", band(&law));
    let fred = svg(map, &g.view(Some(2)), &setting);
    let b = band(&fred);
    assert!(b.contains(">Fred in Back lot</text>") && b.contains(">Slim in Yard behind the hotel</text>"), "{b}");
    assert!(b.contains(">Pedro</text>") && b.contains(">Lefty</text>"), "another player's are nowhere: {b}");
    assert_eq!(placed(&fred), 2, "Fred and Slim stand where they hide");
    let n2 = &fred[fred.find("id=\"zone-N2\"").unwrap()..];
    let n2 = &n2[..n2.find("</polygon>").unwrap()];
    assert!(n2.contains("Fred, in ambush, hiding") && !n2.contains("Pedro"), "N2's title: {n2}");
    assert!(token_of(&fred, "Fred").contains("hiding"), "a dashed token: {}", token_of(&fred, "Fred"));
    assert_eq!(placed(&svg(map, &g.view(None), &setting)), 4, "the omniscient view places all four");
    assert!(fred.contains(">hiding</text>"), "the legend names the dashed token");
}
