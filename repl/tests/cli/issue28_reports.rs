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
