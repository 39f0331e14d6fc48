//! What `:undo` costs late in a game: a random game of GAME (seed, players) is played again
//! step by step up to choice AT, seat 1 standing for the person at the keyboard (the table
//! marks an undo point before each of its decisions, `Game::mark`), then the person's last
//! decision is taken back with what the bots did after it. Count the instructions of the
//! undo alone with callgrind:
//! `valgrind --tool=callgrind --toggle-collect='*Game*undo*' target/release/examples/undo . dice_town 4 756 1600`
//! (docs/performance.md). Prints how many choices were taken back.

use posse::{Content, Game, Setup};
use std::sync::Arc;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [root, id, players, seed, at] = &args[..] else {
        return Err("usage: undo ROOT GAME PLAYERS SEED AT".into());
    };
    let content = Arc::new(Content::load(std::path::Path::new(root), id)?);
    let setup = Setup::new(&content, seed.parse()?, Some(players.parse()?))?;
    let whole = Game::new_with_random_bots(content.clone(), setup.clone())?;
    let at: usize = at.parse::<usize>()?.min(whole.choices().len());
    let mut g = Game::new(content, setup)?;
    for c in &whole.choices()[..at] {
        if c.seat == 1 {
            g.mark()?;
        }
        g.choose(c.seat, &c.picks)?;
    }
    let last = g.choices().iter().rposition(|c| c.seat == 1).ok_or("seat 1 made no decision")?;
    let k = g.undo(g.choices().len() - last)?;
    println!("{} choices of {}: took back {k}, now at {}", at, whole.choices().len(), g.choices().len());
    Ok(())
}
