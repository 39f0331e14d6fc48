//! Golden state hashes: random-bot games of every game and mode, pinned. A change that
//! moves one changes how a game plays; if that is meant (a rule fixed, a card added),
//! update the hash here and say why in the commit. Recomputed and compared by
//! `posse play GAME --players P --seed S --bot all=random`, which plays the same game.

use posse_tests::*;

const GOLDEN: [(&str, usize, u64, &str); 26] = [
    ("dice_town", 2, 0, "0597a64b9283a639"),
    ("dice_town", 2, 1, "8b06fd37371250af"),
    ("dice_town", 3, 0, "b9691356ad92c357"),
    ("dice_town", 3, 1, "e71fd03e574eecff"),
    ("dice_town", 4, 0, "f0432dda60ccaa76"),
    ("dice_town", 4, 1, "12ca3118a71f9a06"),
    ("desperados", 3, 0, "f3ce5b2443e35880"),
    ("desperados", 3, 1, "6a31dc216851b59b"),
    ("desperados", 4, 0, "6bae3fbc08db7fb2"),
    ("desperados", 4, 1, "045269dbe44d0cb0"),
    ("desperados", 5, 0, "57a03c9df43d9f8e"),
    ("desperados", 5, 1, "3b2ada59460b6db4"),
    ("desperados", 6, 0, "bff087d446cc7509"),
    ("desperados", 6, 1, "eab5b1710b514cf1"),
    ("marshals", 3, 0, "480b7d8da343270b"),
    ("marshals", 3, 1, "f27b6cbbcc8c6316"),
    ("marshals", 4, 0, "6ce551c5de45aa89"),
    ("marshals", 4, 1, "e6c781d12ce351f5"),
    ("marshals/duo", 2, 0, "a25232ec0ff4596e"),
    ("marshals/duo", 2, 1, "8d827eab2ba2901e"),
    ("marshals/basic", 2, 0, "3d440edc0ed6eadd"),
    ("marshals/basic", 2, 1, "6b6dc9559328815f"),
    ("marshals/basic", 3, 0, "ddf421d4b8d9c3ac"),
    ("marshals/basic", 3, 1, "7b99d3f5cb614faa"),
    ("marshals/basic", 4, 0, "e799bd70e1336ab3"),
    ("marshals/basic", 4, 1, "59460a6d6c727b1f"),
];

#[test]
fn random_games_of_every_game_keep_their_state_hashes() {
    let mut moved = Vec::new();
    for (id, players, seed, want) in GOLDEN {
        let g = posse::sim::play_random(&load(id), seed, Some(players)).unwrap_or_else(|e| panic!("{id}: {e}"));
        let got = posse::hash::hex(g.state_hash());
        if got != want {
            moved.push(format!("{id} {players}p seed {seed}: {got} (was {want})"));
        }
    }
    assert!(moved.is_empty(), "state hashes moved:\n{}", moved.join("\n"));
}
