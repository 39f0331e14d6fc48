//! Issue 28, points 5 and 6: `posse heatmap` (where things stand, move, fight and fall
//! over a batch), a game as a page of pictures (`trace --html`, `replay --html`, a seat's
//! page keeping the others' secrets), and `sim --find` (the seeds of matching games).

use super::*;
use std::collections::BTreeMap;

fn s(p: &Path) -> &str {
    p.to_str().expect("utf8")
}

/// The `place,event,count` rows of a heat map's CSV, summed by event.
fn totals(csv: &str) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    for line in csv.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let n: u64 = cells[cells.len() - 1].parse().expect("a count");
        *out.entry(cells[cells.len() - 2].to_string()).or_default() += n;
    }
    out
}

#[test]
fn a_heat_map_counts_the_fights_and_deaths_the_traces_log() {
    let dir = scratch("heatmap");
    let (html, csv, json) = (dir.join("heat.html"), dir.join("heat.csv"), dir.join("heat.json"));
    let args = ["heatmap", "goldfever/high_noon", "-n", "8", "--seed", "3"];
    let o =
        posse_in(&project(), &[&args[..], &["--html", s(&html), "--csv", s(&csv), "--json", s(&json)]].concat(), "");
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("heat map of goldfever/high_noon: 8 games, seeds 3..10"), "{}", stdout(&o));
    let csv_text = std::fs::read_to_string(&csv).expect("the CSV");
    assert!(csv_text.starts_with("place,event,count\n"), "{csv_text}");
    let heat = totals(&csv_text);
    // The marks, counted against the same games' traces: a shot, a knife thrown or
    // fought with, a dynamite's blast is a fight; a death is a fall.
    let (mut fights, mut falls) = (0, 0);
    for seed in 3..=10 {
        let t = posse_in(&project(), &["trace", "goldfever/high_noon", "--seed", &seed.to_string()], "");
        let out = stdout(&t);
        for line in out.lines() {
            if [" shoots at ", " throws a knife at ", " with a knife (", ": the dynamite explodes in "]
                .iter()
                .any(|w| line.contains(w))
            {
                fights += 1;
            }
            if line.ends_with(" is dead.") {
                falls += 1;
            }
        }
    }
    assert!(fights > 0, "the games have fights");
    assert_eq!(heat.get("fight").copied().unwrap_or(0), fights, "{csv_text}");
    assert_eq!(heat.get("fall").copied().unwrap_or(0), falls, "{csv_text}");
    assert!(heat["stand"] > 0 && heat["move"] > 0, "{heat:?}");
    // The JSON holds the same rows; the page the town, coloured, with its legend and
    // the warning that it sees everything.
    let j: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("JSON");
    let rows = j["counts"].as_array().expect("rows");
    assert_eq!(rows.len(), csv_text.lines().count() - 1);
    assert_eq!(j["games"], 8);
    assert_eq!(j["bots"], serde_json::json!(["1=random", "2=random"]), "the report names its bots");
    let page = std::fs::read_to_string(&html).expect("the page");
    assert!(page.contains("A designer's tool") && page.contains("sees everything"), "who the page is for");
    assert!(page.contains("bots: 1=random, 2=random"), "the page names its bots");
    for event in ["stand", "move", "fight"] {
        assert!(page.contains(&format!("<section class=\"event\" id=\"heat-{event}\">")), "{event}");
        assert!(page.contains(&format!("id=\"{event}-zone-BAR\"")), "the town's zones, {event}'s copy");
    }
    assert!(page.contains("[id=\"stand-zone-") && page.contains("fill:#"), "a colour a counted zone");
    assert!(page.contains("class=\"legend\""), "a legend");
    // The same seeds, the same map.
    let again = dir.join("again.csv");
    let o = posse_in(&project(), &[&args[..], &["--csv", s(&again)]].concat(), "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&again).expect("csv"), csv_text);
}

#[test]
fn a_heat_map_of_a_heist_counts_by_cell_and_a_boardless_game_is_refused() {
    let dir = scratch("heatmap-grid");
    let csv = dir.join("heist.csv");
    let o = posse_in(&project(), &["heatmap", "american_desperado/tiny", "-n", "3", "--csv", s(&csv)], "");
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let text = std::fs::read_to_string(&csv).expect("csv");
    // Cells are `c,r`, quoted as CSV wants.
    assert!(text.lines().any(|l| l.starts_with('"') && l.contains("\",stand,")), "{text}");
    let o = posse(&["heatmap", "hilo", "-n", "2"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("hilo's board has no picture"), "{}", stderr(&o));
}

#[test]
fn a_seats_page_of_a_game_keeps_the_other_hands_secret() {
    let dir = scratch("pages");
    let (god, seat2) = (dir.join("god.html"), dir.join("p2.html"));
    let o = posse_in(&project(), &["trace", "dice_town", "--seed", "1", "--god", "--html", s(&god)], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let o = posse_in(&project(), &["trace", "dice_town", "--seed", "1", "--seat", "2", "--html", s(&seat2)], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("601 steps"), "{}", stdout(&o));
    let (god, seat2) = (std::fs::read_to_string(god).expect("god"), std::fs::read_to_string(seat2).expect("p2"));
    // The god view shows every hand; seat 2's page only its own, and names no choice but
    // its own.
    assert!(god.contains("p1's hand ("), "the god page shows p1's hand");
    assert!(!seat2.contains("p1's hand ("), "seat 2's page shows p1's hand");
    assert!(seat2.contains("Your hand"), "seat 2's own hand");
    assert!(seat2.contains("\"p1 decides\"") && !seat2.contains("\"p1 chose:"), "p1's choices stay unnamed");
    assert!(seat2.contains("\"p2 chose: "), "p2's own choices are named");
    assert!(seat2.contains("the view of p2 (seat 2)"));
    assert!(seat2.contains("bots: 1=random, 2=random, 3=random, 4=random"), "the page names its bots");
    // A line only p1 may read is on the god page, never on seat 2's.
    let trace = stdout(&posse_in(&project(), &["trace", "dice_town", "--seed", "1"], ""));
    let private: Vec<&str> = trace.lines().filter_map(|l| l.strip_prefix("[p1] ")).collect();
    assert!(!private.is_empty(), "p1 has private lines");
    assert!(private.iter().any(|l| god.contains(&serde_json::to_string(l).expect("json"))), "on the god page");
    for line in &private {
        assert!(!seat2.contains(&serde_json::to_string(line).expect("json")), "seat 2 reads p1's line {line}");
    }
    // Without --seat or --god there is no page.
    let o = posse_in(&project(), &["trace", "dice_town", "--html", s(&dir.join("x.html"))], "");
    assert!(!o.status.success() && stderr(&o).contains("whose page?"), "{}", stderr(&o));
}

#[test]
fn a_saved_game_replays_as_a_page_of_steps() {
    let dir = scratch("replay-page");
    let (save, page) = (dir.join("g.yaml"), dir.join("g.html"));
    finished(&posse(&["play", "hilo", "--seed", "2", "--save", s(&save)], GAME));
    let o = posse(&["replay", s(&save), "--seat", "1", "--html", s(&page)], "");
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let record = posse::Record::load(&save).expect("the save");
    let text = std::fs::read_to_string(&page).expect("page");
    let steps: serde_json::Value = {
        let from = text.find("<script type=\"application/json\" id=\"steps\">").expect("steps") + 43;
        let to = from + text[from..].find("</script>").expect("end");
        serde_json::from_str(&text[from..to]).expect("steps JSON")
    };
    assert_eq!(steps.as_array().expect("steps").len(), record.choices.len() + 1);
    // hilo has no board: each step shows the rendered text view.
    assert!(text.contains("<pre class=\"view\">"), "text views");
    assert!(text.contains("result: winners="), "the end");
    let o = posse(&["replay", s(&save), "--as", "1"], "");
    assert!(!o.status.success() && stderr(&o).contains("--as/--seat goes with --log or --html"), "{}", stderr(&o));
}

#[test]
fn sim_find_lists_the_seeds_whose_rows_match() {
    let dir = scratch("find");
    let csv = dir.join("rows.csv");
    let o = posse(&["sim", "hilo", "-n", "20", "--csv", s(&csv), "--find", "winner=2 and decisions<=9"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let listed: Vec<u64> =
        out.lines().filter_map(|l| l.trim().strip_prefix("seed ")?.split(':').next()?.parse().ok()).collect();
    // The rows that match, from the CSV: winners contains 2, decisions <= 9.
    let text = std::fs::read_to_string(&csv).expect("csv");
    let head: Vec<&str> = text.lines().next().expect("head").split(',').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).expect(name);
    let want: Vec<u64> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|c| c[col("winners")].split(';').any(|w| w == "2") && c[col("decisions")].parse::<u64>().unwrap() <= 9)
        .map(|c| c[0].parse().expect("seed"))
        .collect();
    assert!(!want.is_empty() && want.len() < 20, "a real selection: {want:?}");
    assert_eq!(listed, want, "{out}");
    assert!(out.contains(&format!("find winner=2 and decisions<=9: {} of 20 games", want.len())), "{out}");
    assert!(out.contains(&format!("posse trace hilo --seed {} --god --html", want[0])), "{out}");
}

#[test]
fn sim_find_reads_a_counter_at_the_end() {
    // dice_town's score is a seat's money: the rows' scores say which games match.
    let dir = scratch("find-counter");
    let csv = dir.join("rows.csv");
    let o =
        posse_in(&project(), &["sim", "dice_town", "-n", "8", "--csv", s(&csv), "--find", "counter.money.1>=30"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let listed: Vec<u64> =
        stdout(&o).lines().filter_map(|l| l.trim().strip_prefix("seed ")?.split(':').next()?.parse().ok()).collect();
    let text = std::fs::read_to_string(&csv).expect("csv");
    let want: Vec<u64> = text
        .lines()
        .skip(1)
        .filter(|l| {
            let scores = l.split(',').nth(5).expect("scores");
            scores.split(';').any(|s| s.strip_prefix("1:").is_some_and(|n| n.parse::<i64>().unwrap() >= 30))
        })
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect();
    assert!(!want.is_empty() && want.len() < 8, "a real selection: {want:?}");
    assert_eq!(listed, want, "{}", stdout(&o));
}

#[test]
fn sim_find_says_what_is_wrong_with_an_expression() {
    for (expr, says) in [
        ("winner<2", "`winner` takes = or !="),
        ("decisions<many", "`many` is not a whole number"),
        ("colour=red", "unknown key `colour`"),
        ("winner=1 and", "term 2 is empty"),
        ("winner", "no operator"),
    ] {
        let o = posse(&["sim", "hilo", "-n", "2", "--find", expr], "");
        assert!(!o.status.success(), "{expr}");
        let e = stderr(&o);
        assert!(e.contains(says) && e.contains("expected terms joined by `and`"), "{expr}: {e}");
        assert!(!stdout(&o).contains("games/s"), "no batch is played for a bad expression");
    }
    let o = posse_in(&project(), &["sim", "dice_town", "-n", "2", "--find", "counter.nope>=1"], "");
    assert!(!o.status.success() && stderr(&o).contains("the game has no counter `nope`"), "{}", stderr(&o));
}

#[test]
fn sim_heatmap_writes_the_batchs_heat_map() {
    let dir = scratch("sim-heatmap");
    let (from_sim, own) = (dir.join("sim.html"), dir.join("own.html"));
    let o = posse_in(
        &project(),
        &["sim", "goldfever/high_noon", "-n", "4", "--seed", "2", "--json", "--heatmap", s(&from_sim)],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // stdout is still the report's JSON alone.
    let report: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("the report's JSON");
    assert_eq!(report["games"], 4);
    let o = posse_in(&project(), &["heatmap", "goldfever/high_noon", "-n", "4", "--seed", "2", "--html", s(&own)], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let page = std::fs::read_to_string(&from_sim).expect("sim's heat map");
    assert!(page.contains("seeds 2 to 5"), "the batch's seeds");
    assert_eq!(page, std::fs::read_to_string(&own).expect("heatmap's"), "the same games, the same map");
}

#[test]
fn sim_find_matches_a_side_and_a_reason() {
    let dir = scratch("find-side");
    let csv = dir.join("rows.csv");
    let expr = "winner=law and reason~wounds";
    let o = posse_in(&project(), &["sim", "goldfever/high_noon", "-n", "12", "--csv", s(&csv), "--find", expr], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let listed: Vec<u64> =
        stdout(&o).lines().filter_map(|l| l.trim().strip_prefix("seed ")?.split(':').next()?.parse().ok()).collect();
    let text = std::fs::read_to_string(&csv).expect("csv");
    let head: Vec<&str> = text.lines().next().expect("head").split(',').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).expect(name);
    let want: Vec<u64> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|c| c[col("sides")] == "Law" && c[col("reason")].contains("wounds"))
        .map(|c| c[0].parse().expect("seed"))
        .collect();
    assert!(!want.is_empty(), "Law wins on wounds in 12 games");
    assert_eq!(listed, want, "{}", stdout(&o));
    assert!(stdout(&o).contains("won by p1 (law)"), "{}", stdout(&o));
}
