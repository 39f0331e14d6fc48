//! Engine behaviour, on the fixture game `hilo`.

use posse_tests::*;

#[test]
fn hilo_plays_to_the_end_with_random_bots() {
    let c = load_fixture("hilo");
    for seed in 0..20 {
        let g = posse::sim::play_random(&c, seed, Some(2)).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let r = g.result().unwrap();
        assert!(!r.winners.is_empty());
        assert_eq!(r.scores.len(), 2);
    }
}
