//! Issue 28's reports: scores as measures of their own (means with intervals, paired
//! score differences, a game's declared zero-sum or score range checked at every end).

use posse::sim;
use posse_tests::{edit, load_fixture, scratch_root};
use std::sync::Arc;

#[test]
fn a_variant_that_only_doubles_the_payoffs_shows_its_score_difference() {
    // Kuhn poker with every chip worth 2: the same choices, other scores.
    let c = load_fixture("kuhn");
    let doubled = Arc::new(c.with_sets(&["stake=2".into()]).unwrap());
    let a = sim::run(&c, 2000, 0, None, 2);
    let b = sim::run(&doubled, 2000, 0, None, 2);
    let cmp = sim::compare(&a, &b);
    assert_eq!((cmp.paired, cmp.same_choices), (2000, 2000));
    // Not one game is the same game: the payoffs differ in every one.
    assert_eq!(cmp.identical, 0);
    let wins = cmp.measures.iter().find(|d| d.measure == "seat 1 wins alone").unwrap();
    assert!(wins.diff == 0.0 && !wins.significant, "{wins:?}");
    let score = cmp.measures.iter().find(|d| d.measure == "seat 1 score").expect("a score measure");
    assert!(!score.rate);
    // B's scores are twice A's game by game: the difference is A's mean, away from 0.
    assert!((score.b - 2.0 * score.a).abs() < 1e-9 && (score.diff - score.a).abs() < 1e-9, "{score:?}");
    assert!(score.significant && score.low > 0.0, "{score:?}");
    let two = cmp.measures.iter().find(|d| d.measure == "seat 2 score").unwrap();
    assert!(two.significant && two.high < 0.0, "{two:?}");
    // The mean's interval in the report itself.
    let s = &a.scores[&1];
    assert!(s.mean_low < s.mean && s.mean < s.mean_high && s.mean_low > 0.0, "{s:?}");
    assert!((s.mean - score.a).abs() < 1e-9);
}

#[test]
fn a_game_that_breaks_its_declared_zero_sum_fails_with_the_sum() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "i28_zero_sum");
    // Kuhn poker's scores add up to 0: one seat's gain is the other's loss. Declared, it
    // plays as before.
    edit(&root, "scenarios/kuhn/game.yaml", "data:\n", "result: {zero_sum: true}\ndata:\n");
    let c = Arc::new(posse::Content::load(&root, "kuhn").unwrap());
    assert_eq!(sim::run(&c, 50, 0, None, 1).failed, 0);
    edit(&root, "scripts/kuhn/main.lua", "posse.get(\"chips\", 2) * stake }", "posse.get(\"chips\", 2) * stake + 1 }");
    let c = Arc::new(posse::Content::load(&root, "kuhn").unwrap());
    let r = sim::run(&c, 5, 0, None, 1);
    assert_eq!((r.finished, r.failed), (0, 5));
    let m = &r.errors[0].message;
    assert!(
        m.contains("scenarios/kuhn/game.yaml declares result: {zero_sum: true}, but the scores (seat 1: ")
            && m.contains("add up to 1, not 0"),
        "{m}"
    );
}

#[test]
fn a_score_out_of_the_declared_range_fails_the_game_and_a_range_upside_down_is_refused() {
    let root = scratch_root(env!("CARGO_TARGET_TMPDIR"), "i28_range");
    edit(&root, "scenarios/kuhn/game.yaml", "data:\n", "result: {zero_sum: true, scores: {min: -2, max: 2}}\ndata:\n");
    let c = Arc::new(posse::Content::load(&root, "kuhn").unwrap());
    assert_eq!(sim::run(&c, 50, 0, None, 1).failed, 0);
    // Doubled, a pot of 4 pays 4: out of -2..2.
    let doubled = Arc::new(c.with_sets(&["stake=2".into()]).unwrap());
    let r = sim::run(&doubled, 50, 0, None, 1);
    assert!(r.failed > 0 && r.finished > 0, "{} failed", r.failed);
    let m = &r.errors[0].message;
    assert!(m.contains("declares result: {scores: {min: -2, max: 2}}, but seat ") && m.contains(" scored "), "{m}");
    edit(&root, "scenarios/kuhn/game.yaml", "{min: -2, max: 2}", "{min: 3, max: 2}");
    let e = posse::Content::load(&root, "kuhn").map(|_| ()).unwrap_err().to_string();
    assert!(e.contains("scenarios/kuhn/game.yaml:") && e.contains("result: scores: min 3 is above max 2"), "{e}");
}

#[test]
fn each_cards_difference_has_a_p_value_corrected_by_holm_over_the_cards() {
    let c = posse_tests::load("dice_town");
    let r = sim::run(&c, 200, 0, Some(4), 2);
    let tested: Vec<&sim::CardNumbers> = r.cards.iter().filter(|c| c.p.is_some()).collect();
    assert!(tested.len() > 5, "{} cards tested", tested.len());
    assert_eq!(r.card_correction, format!("Holm, over {} cards", tested.len()));
    // Each p by hand: the pooled two-proportion z-test.
    for c in &tested {
        let (a, b) = (c.wins_when_played, c.wins_when_not);
        let pooled = (a.count + b.count) as f64 / (a.of + b.of) as f64;
        let z = (a.rate - b.rate) / (pooled * (1.0 - pooled) * (1.0 / a.of as f64 + 1.0 / b.of as f64)).sqrt();
        let want = 2.0 * (1.0 - posse::stats::normal_cdf(z.abs()));
        assert!((c.p.unwrap() - want).abs() < 1e-9, "{}: {:?} against {want}", c.tag, c.p);
    }
    // Holm's: the smallest p times the number of cards, and never below the p itself.
    let ps: Vec<f64> = tested.iter().map(|c| c.p.unwrap()).collect();
    let (i, least) = ps.iter().enumerate().min_by(|a, b| a.1.total_cmp(b.1)).unwrap();
    assert!((tested[i].p_adjusted.unwrap() - (least * ps.len() as f64).min(1.0)).abs() < 1e-12);
    assert!(tested.iter().all(|c| c.p_adjusted.unwrap() >= c.p.unwrap()));
    // A card with no seat-game on one side has no test.
    assert!(r.cards.iter().filter(|c| c.p.is_none()).all(|c| c.played == 0 || c.played == c.offered));
}
