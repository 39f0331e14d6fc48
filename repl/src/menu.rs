//! `posse` with no arguments: pick a game from a numbered list, say how many play and
//! which seats are bots, then play.
//!
//! Questions are asked again after a bad answer; the end of input leaves quietly. The
//! answers are read from the same line source as the game, so a whole session (menu
//! included) can be piped in.

use crate::bots;
use crate::games;
use crate::input::{Completions, Line, LineSource};
use crate::play;
use anyhow::Result;
use std::path::Path;

/// Runs the menu; `designer` plays the game picked in designer mode (`posse --designer`).
pub fn run(root: &Path, input: &mut dyn LineSource, designer: bool) -> Result<()> {
    let ids = games::list(root)?;
    if ids.is_empty() {
        anyhow::bail!("no games under {}", root.display());
    }
    println!("Games:");
    for (i, id) in ids.iter().enumerate() {
        println!("  {}) {id}", i + 1);
    }
    input.set_completions(Completions { labels: ids.clone(), ..Completions::default() });
    let Some(id) = ask(input, "Game (number or id): ", |t| pick_game(t, &ids)) else { return Ok(()) };
    let content = games::load(root, &id)?;
    let p = content.players;
    let default = p.default.unwrap_or(p.min);
    let players = if p.min == p.max {
        p.min
    } else {
        let q = format!("Players ({} to {}, Enter for {default}): ", p.min, p.max);
        let Some(n) = ask(input, &q, |t| players(t, p.min, p.max, default)) else { return Ok(()) };
        n
    };
    let setup = play::setup(&content, None, Some(players))?;
    let q = format!("Bot seats ({}; numbers or names, 'all', Enter for none): ", setup.seats.join(", "));
    input.set_completions(Completions { labels: setup.seats.clone(), multi: true, ..Completions::default() });
    let Some(bots) = ask(input, &q, |t| bots::parse_list(t, &setup.seats)) else { return Ok(()) };
    play::run(content, setup, bots, root.to_path_buf(), None, designer, input)
}

/// Asks until `parse` accepts the answer; None at the end of input.
fn ask<T>(input: &mut dyn LineSource, prompt: &str, parse: impl Fn(&str) -> Result<T, String>) -> Option<T> {
    loop {
        let line = input.read(prompt);
        match line {
            Line::Eof => return None,
            Line::Interrupted => continue,
            Line::Text(t) => {
                if !input.is_terminal() {
                    println!("{prompt}{t}");
                }
                match parse(t.trim()) {
                    Ok(v) => return Some(v),
                    Err(e) => eprintln!("{e}"),
                }
            }
        }
    }
}

fn pick_game(text: &str, ids: &[String]) -> Result<String, String> {
    if let Ok(n) = text.parse::<usize>() {
        if n >= 1 && n <= ids.len() {
            return Ok(ids[n - 1].clone());
        }
        return Err(format!("there is no game {n}: games are 1..{}", ids.len()));
    }
    let t = text.to_lowercase();
    let matches: Vec<&String> = ids.iter().filter(|id| id.starts_with(&t)).collect();
    match matches.as_slice() {
        _ if ids.contains(&t) => Ok(t),
        [one] => Ok(one.to_string()),
        [] => Err(format!("no game '{text}': type a number 1..{} or a game id", ids.len())),
        many => Err(format!("'{text}' could be {}", many.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", "))),
    }
}

fn players(text: &str, min: usize, max: usize, default: usize) -> Result<usize, String> {
    if text.is_empty() {
        return Ok(default);
    }
    match text.parse::<usize>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(format!("type a number of players from {min} to {max}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_games_and_players() {
        let ids = vec!["dice_town".to_string(), "hilo".to_string()];
        assert_eq!(pick_game("2", &ids), Ok("hilo".into()));
        assert_eq!(pick_game("di", &ids), Ok("dice_town".into()));
        assert!(pick_game("3", &ids).is_err());
        assert!(pick_game("x", &ids).is_err());
        assert_eq!(players("", 2, 4, 4), Ok(4));
        assert_eq!(players("3", 2, 4, 4), Ok(3));
        assert!(players("5", 2, 4, 4).is_err());
    }
}
