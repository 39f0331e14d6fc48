//! Issue 22: no batch loses a game (a panic while a game is played is an engine fault of
//! its seed; finished and failed add up to the games asked for, whatever the threads,
//! bots, shards or seeds), and `merge` takes exactly the batch: the same content, every
//! seed of each slice once, values in range and no sum that wraps.

use posse::sim::{self, Failure, Lineup, Shard};
use posse_tests::{edited_hilo, load_fixture};
use std::sync::Arc;

/// Hi-Lo with `rounds` set: a content of its own (its hash), so that a fault planted in
/// it stays out of other tests' batches.
fn hilo_rounds(rounds: u32) -> Arc<posse::Content> {
    Arc::new(load_fixture("hilo").with_sets(&[format!("rounds={rounds}")]).unwrap_or_else(|e| panic!("{e}")))
}

fn seeds(r: &sim::SimReport) -> (Vec<u64>, Vec<u64>) {
    (r.rows.iter().map(|g| g.seed).collect(), r.errors.iter().map(|e| e.seed).collect())
}

#[test]
fn a_game_that_panics_is_an_engine_fault_of_its_seed_and_no_game_is_lost() {
    let c = hilo_rounds(7);
    sim::plant_fault(c.hash, 3);
    sim::plant_fault(c.hash, 4);
    let strategy = Lineup { bots: vec!["high".into(), "random".into()], ban: None };
    for lineup in [Lineup::random(), strategy] {
        for jobs in [1, 2, 4] {
            let r = sim::run_with_progress(&c, 8, 0, Some(2), jobs, &lineup, &|| {});
            assert_eq!((r.games, r.finished, r.failed), (8, 6, 2), "{jobs} jobs: {:?}", r.errors);
            assert_eq!(seeds(&r), (vec![0, 1, 2, 5, 6, 7], vec![3, 4]));
            let e = &r.errors[0];
            assert_eq!(e.kind, Failure::Engine);
            assert_eq!(e.message, "engine fault: a fault planted by a test in the game of seed 3");
            assert_eq!((r.measures.completion.count, r.measures.completion.of), (6, 8));
            // The games after a fault are the games a batch without it plays: a fresh VM
            // (and fresh strategy bots) take them on.
            let alone = sim::run_with_progress(&c, 3, 5, Some(2), 1, &lineup, &|| {});
            assert_eq!(r.rows[3..], alone.rows[..], "{jobs} jobs");
        }
    }
    // A shard counts them too, and the merge of the shards is the batch's report.
    let shards: Vec<(String, Shard)> = (0..2)
        .map(|k| (format!("s{k}.json"), sim::run_shard(&c, 8, 0, Some(2), 2, &Lineup::random(), (k, 2))))
        .collect();
    assert_eq!(shards[0].1.errors.iter().map(|e| e.seed).collect::<Vec<_>>(), [3]);
    assert_eq!(shards[1].1.errors.iter().map(|e| e.seed).collect::<Vec<_>>(), [4]);
    let json = serde_json::to_value(&shards[0].1.errors[0]).unwrap();
    assert_eq!(json["kind"], "engine fault");
    let merged = sim::merge(shards).unwrap();
    assert_eq!((merged.finished, merged.failed), (6, 2));
    assert_eq!(serde_json::to_value(&merged).unwrap()["failed"], 2);
}

#[test]
fn seeds_past_the_largest_wrap_to_0_and_are_played() {
    let c = load_fixture("hilo");
    for jobs in [1, 2] {
        let r = sim::run(&c, 3, u64::MAX - 1, Some(2), jobs);
        assert_eq!((r.finished, r.failed), (3, 0));
        assert_eq!(seeds(&r).0, [0, u64::MAX - 1, u64::MAX]);
    }
    // The slices of such a batch, merged, are the batch.
    let shards = (0..2)
        .map(|k| (format!("s{k}"), sim::run_shard(&c, 3, u64::MAX - 1, Some(2), 1, &Lineup::random(), (k, 2))))
        .collect();
    assert_eq!(sim::merge(shards).unwrap().rows, sim::run(&c, 3, u64::MAX - 1, Some(2), 1).rows);
}

/// The two shards of a batch of 6 Hi-Lo games, named `a.json` and `b.json`.
fn two_shards() -> Vec<(String, Shard)> {
    let c = load_fixture("hilo");
    ["a.json", "b.json"]
        .iter()
        .enumerate()
        .map(|(k, name)| (name.to_string(), sim::run_shard(&c, 6, 10, Some(2), 1, &Lineup::random(), (k, 2))))
        .collect()
}

/// `merge`'s refusal of the shards after `change` made to them.
fn refused(change: impl FnOnce(&mut Vec<(String, Shard)>)) -> String {
    let mut shards = two_shards();
    change(&mut shards);
    match sim::merge(shards) {
        Ok(r) => panic!("merged: finished {} of {}", r.finished, r.games),
        Err(e) => e,
    }
}

#[test]
fn merge_refuses_a_shard_played_with_other_content() {
    let tmp = env!("CARGO_TARGET_TMPDIR");
    // The same game, the same --set values (none), but a file changed between shards.
    let changed = edited_hilo(tmp, "issue22-merge-content", "scenarios/hilo/game.yaml", "rounds: 3", "rounds: 9");
    let e = refused(|s| s[1].1 = sim::run_shard(&changed, 6, 10, Some(2), 1, &Lineup::random(), (1, 2)));
    let (here, there) = (posse::hash::hex(changed.hash), posse::hash::hex(load_fixture("hilo").hash));
    assert_eq!(
        e,
        format!("b.json: not a shard of the batch of a.json: content hash {here} here, content hash {there} there")
    );
    // Other --set values change the hash too, and are named.
    let set = hilo_rounds(2);
    let e = refused(|s| s[1].1 = sim::run_shard(&set, 6, 10, Some(2), 1, &Lineup::random(), (1, 2)));
    assert!(
        e.starts_with("b.json: not a shard of the batch of a.json: --set rounds=2 here, no --set there; content hash "),
        "{e}"
    );
    // Other bots, and a shard of posse before the hash was kept.
    let bots = Lineup { bots: vec!["high".into(), "random".into()], ban: None };
    let e = refused(|s| s[1].1 = sim::run_shard(&load_fixture("hilo"), 6, 10, Some(2), 1, &bots, (1, 2)));
    assert_eq!(e, "b.json: not a shard of the batch of a.json: bots high,random here, random bots there");
    let e = refused(|s| s.iter_mut().for_each(|(_, s)| s.batch.content_hash.clear()));
    assert!(e.starts_with("a.json: no content hash (a shard of an older posse)"), "{e}");
}

#[test]
fn merge_refuses_missing_extra_and_duplicated_games() {
    // A game of another slice: "finished: 31 of 30" before.
    let e = refused(|s| {
        let row = s[1].1.rows[0].clone();
        s[0].1.rows.push(row);
    });
    assert_eq!(e, "a.json: seed 13 is not of shard 1 of 2 (seeds 10 to 12)");
    let e = refused(|s| {
        let row = s[0].1.rows[1].clone();
        s[0].1.rows.push(row);
    });
    assert_eq!(e, "a.json: seed 11 more than once (a seed is one game or one error)");
    // A game and an error of the same seed.
    let e = refused(|s| {
        s[1].1.errors.push(sim::SimError { seed: 14, kind: Failure::Script, message: "x".into() });
    });
    assert_eq!(e, "b.json: seed 14 more than once (a seed is one game or one error)");
    let e = refused(|s| {
        s[1].1.rows.remove(1);
    });
    assert_eq!(e, "b.json: seed 14 is missing: shard 2 of 2 (seeds 13 to 15) has 2 games and errors, not 3");
    let e = refused(|s| {
        s[1].1.rows.pop();
    });
    assert!(e.starts_with("b.json: seed 15 is missing"), "{e}");
    // Shards missing, given twice, or out of range; a number of shards no allocation holds.
    assert_eq!(
        refused(|s| drop(s.pop())),
        "shard 2 of 2 is missing (seeds 13 to 15): give every shard of the batch once"
    );
    assert_eq!(refused(|s| s[1] = ("c.json".into(), s[0].1.clone())), "c.json: shard 1 of 2 again (it is a.json too)");
    assert_eq!(refused(|s| s[1].1.shard = 2), "b.json: shard 3 of 2, which does not exist");
    let e = refused(|s| {
        s.pop();
        s[0].1.shards = 1 << 40;
    });
    assert_eq!(e, "a.json: seed 11 is not of shard 1 of 1099511627776 (seed 10)");
}

#[test]
fn merge_refuses_values_out_of_range() {
    let e = refused(|s| s[0].1.rows[0].winners = vec![99]);
    assert_eq!(e, "a.json: the game of seed 10: winner seat 99, but the batch has seats 1 to 2");
    let e = refused(|s| s[0].1.rows[0].winners = vec![1, 1]);
    assert_eq!(e, "a.json: the game of seed 10: winner seat 1 twice");
    let e = refused(|s| {
        s[0].1.rows[0].scores.insert(0, 5);
    });
    assert_eq!(e, "a.json: the game of seed 10: a score of seat 0, but the batch has seats 1 to 2");
    let e = refused(|s| s[0].1.rows[0].crew = Some(true));
    assert_eq!(e, "a.json: the game of seed 10: a crew's result, but the game is not cooperative");
    let e = refused(|s| s[0].1.rows[0].sides.push("ghosts".into()));
    assert!(e.starts_with("a.json: the game of seed 10: ") && e.contains(" winners' sides for "), "{e}");
    let e = refused(|s| {
        let u = s[1].1.rows[0].tags.entry("high".into()).or_default();
        u.played = vec![2];
        u.times = 1;
    });
    assert_eq!(e, "b.json: the game of seed 13: tag \"high\" played by seat 2, which it was not offered to");
    let e = refused(|s| s[0].1.batch.players = 0);
    assert_eq!(e, "a.json: 0 players (a game has 1 to 64)");
}

#[test]
fn merge_refuses_sums_that_would_wrap() {
    let e = refused(|s| {
        s[1].1.rows[2].options = usize::MAX;
    });
    assert_eq!(
        e,
        "b.json: the game of seed 15 makes the batch's counts pass the largest number: not a shard of posse's"
    );
    let e = refused(|s| {
        for (_, shard) in s.iter_mut() {
            for r in &mut shard.rows {
                r.tags.insert(
                    "t".into(),
                    posse::decision::TagUse { offered: vec![1], played: vec![1], times: usize::MAX / 2 },
                );
            }
        }
    });
    assert!(e.starts_with("a.json: the game of seed 12 makes the batch's counts pass the largest number"), "{e}");
    // Scores at the ends of what a game may keep are values, not an overflow.
    let mut shards = two_shards();
    shards[0].1.rows[0].scores.insert(1, i64::MIN);
    shards[1].1.rows[0].scores.insert(1, i64::MAX);
    let r = sim::merge(shards).unwrap();
    assert_eq!((r.scores[&1].min, r.scores[&1].max), (i64::MIN, i64::MAX));
}
