//! Issue 28, points 2, 4 and 7 on the command line: scores with their intervals, reports
//! that name what they played, restricted play by tag, one definition's coverage,
//! progress on stderr, sweeps.

use super::*;

#[test]
fn scores_are_printed_with_their_interval_and_enough_digits() {
    let o = posse(&["sim", "kuhn", "-n", "2000"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let line = out.lines().find(|l| l.starts_with("scores of seat 1: ")).unwrap_or_default();
    // Seat 1's mean is 0.096 over these seeds: no "mean 0.1".
    assert!(line.starts_with("scores of seat 1: mean 0.096 (95% interval 0.03"), "{out}");
}

#[test]
fn a_comparison_of_doubled_payoffs_shows_the_score_difference_and_no_identical_game() {
    let o = posse(&["compare", "kuhn", "-n", "2000", "--against", "stake=2", "--bot", "2=random"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("B: kuhn, with stake=2; bots: 1=random, 2=random\n"), "{out}");
    assert!(out.contains("played identically (same choices and results): 0, same choices: 2000"), "{out}");
    let row = out.lines().find(|l| l.starts_with("seat 1 score ")).expect("a score row");
    assert!(row.ends_with("significant") && row.contains("+0.096 (+0.03"), "{row}");
    // How the games ended in each, and the sides.
    assert!(out.contains("how games ended (games):\n  a fold           A 730, B 730\n"), "{out}");
    assert!(out.contains("sides (wins alone):\n  p1: A 55.4% "), "{out}");
}

#[test]
fn the_json_of_sim_and_compare_names_the_variant_the_sets_and_every_seats_bot() {
    let o = posse(&["sim", "hilo", "-n", "5", "--set", "rounds=1", "--bot", "1=high", "--json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["variant"], "hilo");
    assert_eq!(v["sets"], serde_json::json!(["rounds=1"]));
    assert_eq!(v["bots"], serde_json::json!(["high", "random"]));
    assert!(v["scores"]["1"]["mean_low"].as_f64().unwrap() <= v["scores"]["1"]["mean"].as_f64().unwrap());
    let o = posse(&["compare", "hilo", "-n", "5", "--against", "rounds=1", "--against-bot", "2=high", "--json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["a"]["bots"], serde_json::json!(["random", "random"]));
    assert_eq!(v["b"]["bots"], serde_json::json!(["random", "high"]));
    assert_eq!(
        (v["a"]["sets"].clone(), v["b"]["sets"].clone()),
        (serde_json::json!([]), serde_json::json!(["rounds=1"]))
    );
    assert_eq!(v["b"]["variant"], "hilo");
    assert!(v["a"]["reasons"].as_object().is_some_and(|r| !r.is_empty()), "{v}");
    assert!(v["comparison"]["measures"].as_array().unwrap().iter().any(|m| m["measure"] == "seat 1 score"));
}

#[test]
fn a_side_that_never_won_is_listed_with_no_wins() {
    // One game of Hi-Lo: seat 1 wins it; seat 2's side is listed all the same.
    let o = posse(&["sim", "hilo", "-n", "1"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("wins alone per side:\n  p1: 100.0% (20.7–100.0), shared 0\n  p2: 0.0% (0.0–79.3), shared 0\n"),
        "{out}"
    );
}

/// The shipped games' root, for Dice Town's cards.
fn project() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn restricted_play_of_the_tags_named_says_its_correction_and_shows_progress_by_games() {
    let args = ["sim", "dice_town", "-n", "30", "--jobs", "1", "--restricted", "jinx,marked_die", "--progress", "10"];
    let o = posse_in(&project(), &args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("  ") && l.contains(" without it against ")).collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(rows[0].starts_with("  jinx: ") && rows[1].starts_with("  marked_die: "), "{out}");
    assert!(out.contains("corrected for the many cards: Holm, over 2 cards;"), "{out}");
    // A line every 10 games of each of the three batches, on one thread in order.
    let want: Vec<String> = ["sim dice_town", "sim dice_town, without jinx", "sim dice_town, without marked_die"]
        .iter()
        .flat_map(|b| [10, 20, 30].map(|n| format!("{b}: {n} of 30 games")))
        .collect();
    assert_eq!(stderr(&o).lines().collect::<Vec<_>>(), want);
    // In --json: the card alone, its p-values and the correction.
    let o = posse_in(&project(), &["sim", "dice_town", "-n", "30", "--restricted", "jinx", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let r = v["restricted"].as_array().unwrap();
    assert_eq!(r.len(), 1);
    assert_eq!((r[0]["tag"].as_str(), r[0]["correction"].as_str()), (Some("jinx"), Some("Holm, over 1 card")));
    assert_eq!(r[0]["p"], r[0]["p_adjusted"], "one card: nothing to correct");
    // A tag the games never had: the closest named.
    let o = posse_in(&project(), &["sim", "dice_town", "-n", "5", "--restricted", "jnx"], "");
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains(
            "--restricted jnx: no card or ability tagged 'jnx' in the games of dice_town (did you mean 'jinx'?)"
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn check_coverage_of_one_definition_prints_its_row_alone() {
    let o = posse(&["check", "hilo/short", "--seeds", "2", "--coverage", "mid"], "");
    assert!(o.status.success(), "{}", stdout(&o));
    let out = stdout(&o);
    let at = out.find("coverage of mid:\n").expect("the definition's head");
    let rows: Vec<&str> = out[at..].lines().skip(3).collect();
    assert_eq!(rows.len(), 1, "{out}");
    assert!(
        rows[0].starts_with("  hilo/short ") && rows[0].contains("scenarios/hilo/cards.yaml:7, over 2 games"),
        "{out}"
    );
    assert!(!out.contains("  low "), "no other definition's row: {out}");
    let o = posse(&["check", "hilo", "--seeds", "2", "--coverage", "hihg"], "");
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("--coverage hihg: no definition 'hihg' in hilo, hilo/short (did you mean 'high'?)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_sweep_over_three_values_plays_each_on_the_same_seeds_as_a_batch_with_that_value() {
    let dir = std::env::temp_dir().join(format!("posse-i28-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("sweep.csv");
    let args = ["sim", "hilo", "-n", "40", "--seed", "7", "--sweep", "rounds=1..5:2", "--json", "--csv"];
    let o = posse(&[&args[..], &[csv.to_str().unwrap()]].concat(), "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (v["key"].as_str(), v["seed"].as_u64(), v["bots"].clone()),
        (Some("rounds"), Some(7), serde_json::json!(["random", "random"]))
    );
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.iter().map(|s| s["value"].as_str().unwrap()).collect::<Vec<_>>(), ["1", "3", "5"]);
    // Each value's numbers are those of a batch of the same seeds with that --set.
    for s in steps {
        let set = s["set"].as_str().unwrap();
        let one = posse(&["sim", "hilo", "-n", "40", "--seed", "7", "--set", set, "--json"], "");
        let r: serde_json::Value = serde_json::from_str(&stdout(&one)).unwrap();
        assert_eq!(s["measures"]["seat 1 wins alone"]["value"], r["seats"][0]["alone"]["rate"], "{set}");
        assert_eq!(s["measures"]["decisions"]["value"], r["decisions"]["mean"], "{set}");
        assert_eq!(s["measures"]["seat 2 score"]["high"], r["scores"]["2"]["mean_high"], "{set}");
    }
    // The CSV: a head and a row a value.
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("key,value,games,finished,failed,seat 1 wins alone,seat 1 wins alone low,"), "{text}");
    for (line, value) in lines[1..].iter().zip(["1", "3", "5"]) {
        assert!(line.starts_with(&format!("rounds,{value},40,40,0,")), "{text}");
    }
    // The text: a row a value under the measures' names.
    let o = posse(&["sim", "hilo", "-n", "40", "--seed", "7", "--sweep", "rounds=1,3,5"], "");
    let out = stdout(&o);
    assert!(out.starts_with("sim hilo: --sweep rounds over 1, 3, 5; bots: 1=random, 2=random; 40 games a value, seeds 7..=46, the same for every value\n"), "{out}");
    let rows: Vec<&str> = out.lines().skip(3).collect();
    assert_eq!(rows.len(), 3, "{out}");
    assert!(rows[1].starts_with("  3  "), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_compare_sweep_gives_each_values_paired_differences() {
    // Seat 1 plays its higher card in B: at each number of rounds, its score's difference.
    let args = ["compare", "hilo", "-n", "300", "--against-bot", "1=high", "--sweep", "rounds=1,3", "--json"];
    let o = posse(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2);
    for s in steps {
        let set = s["set"].as_str().unwrap();
        let one = posse(&["compare", "hilo", "-n", "300", "--set", set, "--against-bot", "1=high", "--json"], "");
        let c: serde_json::Value = serde_json::from_str(&stdout(&one)).unwrap();
        let score = c["comparison"]["measures"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["measure"] == "seat 1 score")
            .cloned()
            .unwrap();
        assert_eq!(s["measures"]["seat 1 score (B − A)"]["value"], score["diff"], "{set}");
        assert!(score["diff"].as_f64().unwrap() > 0.0 && score["significant"] == true, "{set}: {score}");
    }
    assert_eq!(v["against_bots"], serde_json::json!(["high", "random"]));
}

#[test]
fn a_sweep_refuses_a_range_it_cannot_read_and_a_key_the_game_has_not() {
    for (spec, want) in [
        ("rounds=5..1", "--sweep rounds=5..1: the range ends (1) before it starts (5)"),
        ("rounds=1..4:0", "--sweep rounds=1..4:0: the step must be 1 or more, not 0"),
        ("rounds=1..x", "--sweep rounds=1..x: the range's end 'x' is not a whole number"),
        ("rounds=1,,2", "--sweep rounds=1,,2: an empty value in the list"),
        ("roundz=1,2", "--sweep roundz=1: --set roundz: no key 'roundz' in data of hilo"),
        ("rounds", "--sweep rounds: expected KEY=V1,V2,... or KEY=FROM..TO[:STEP]"),
    ] {
        let o = posse(&["sim", "hilo", "-n", "5", "--sweep", spec], "");
        assert!(!o.status.success(), "{spec}");
        assert!(stderr(&o).contains(want), "{spec}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "no game played: {}", stdout(&o));
    }
}
