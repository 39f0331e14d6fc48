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
    ("desperados", 3, 0, "c3801c098580f754"),
    ("desperados", 3, 1, "ff6329d8d27916c3"),
    ("desperados", 4, 0, "1752be934027943d"),
    ("desperados", 4, 1, "8a11ad839f881394"),
    ("desperados", 5, 0, "87fe8ad9d5c8b8d2"),
    ("desperados", 5, 1, "7957132237cccf8c"),
    ("desperados", 6, 0, "26b4fda546ee7db0"),
    ("desperados", 6, 1, "44fa10caaba20806"),
    ("marshals", 3, 0, "22ba02a692d98dbf"),
    ("marshals", 3, 1, "37016f15672dfae0"),
    ("marshals", 4, 0, "6ce551c5de45aa89"),
    ("marshals", 4, 1, "e6c781d12ce351f5"),
    ("marshals/duo", 2, 0, "dab931fa610750b6"),
    ("marshals/duo", 2, 1, "23a52999bc54765b"),
    ("marshals/basic", 2, 0, "0e6f1692eb8ef247"),
    ("marshals/basic", 2, 1, "ce21f549b48e58ba"),
    ("marshals/basic", 3, 0, "3f0b58742617bddf"),
    ("marshals/basic", 3, 1, "cf987ee084db89ad"),
    ("marshals/basic", 4, 0, "97fb7b08126a7257"),
    ("marshals/basic", 4, 1, "ae1bfaefb0d69b19"),
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
