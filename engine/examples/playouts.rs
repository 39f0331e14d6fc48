//! The search player's playouts per second, game by game: for each game and mode of the
//! content root (the project's by default), three seeded random games are stopped a third
//! of the way through, at a question with a choice, and the search answers it with
//! `search:iterations=N` (default 100), timed on one thread. What docs/performance.md
//! records: `cargo run --release -p posse-engine --example playouts [ROOT] [N] [GAME]`
//! (GAME: that game or mode alone). For counts that do not depend on the machine's load,
//! run it under callgrind with `--toggle-collect='*bot_pick*'`: the search's instructions
//! alone, over the playouts it printed.

use posse::{Content, Game, Player, Setup};
use std::sync::Arc;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let root = std::path::PathBuf::from(args.next().unwrap_or_else(|| ".".into()));
    let iterations: usize = args.next().map_or(Ok(100), |n| n.parse())?;
    let only = args.next();
    println!("{:<32} {:>8} {:>12} {:>12}", "game", "players", "playouts/s", "ms/decision");
    for id in Content::list(&root)? {
        if only.as_ref().is_some_and(|o| *o != id) {
            continue;
        }
        let content = Arc::new(Content::load(&root, &id)?);
        let player = Player::new(&content, &format!("search:iterations={iterations}"))?;
        let players = content.players.default.unwrap_or(content.players.min);
        let (mut playouts, mut seconds) = (0usize, 0f64);
        for seed in 1..=3u64 {
            let setup = Setup::new(&content, seed, Some(players))?;
            let length = Game::new_with_random_bots(content.clone(), setup.clone())?.choices().len();
            let mut g = Game::new(content.clone(), setup)?;
            let mut rng = posse::rng::Rng::new(seed);
            while let Some(r) = g.next_request() {
                if g.choices().len() >= length / 3 && r.count > 1 {
                    break;
                }
                let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
                g.choose(seat, &picks)?;
            }
            let Some(seat) = g.next_request().map(|r| r.seat) else { continue };
            let t = Instant::now();
            g.bot_pick(&player, seat, seed, None)?;
            seconds += t.elapsed().as_secs_f64();
            playouts += iterations;
        }
        if playouts > 0 {
            let per = seconds / (playouts / iterations) as f64;
            println!("{id:<32} {players:>8} {:>12.0} {:>12.1}", playouts as f64 / seconds, per * 1000.0);
        }
    }
    Ok(())
}
