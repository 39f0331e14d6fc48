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
