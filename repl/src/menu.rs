//! `posse` with no arguments: pick a game from a numbered list, say how many play and
//! which seats are bots, then play.
//!
//! The list shows each game with its name, its player counts and its `about:` line, and
//! its modes (scenarios) on its own lines, each with its number and player counts (from
//! the YAML alone: `Content::catalogue`), so that it fits one screen of 80 × 24; a mode
//! is picked by its number or its id (`goldfever/bank_job`). Questions are asked again
//! after a bad answer; `q`, `:quit` (or `quit`, `exit`, `:q`, `:exit`), Ctrl-C and the end
//! of input leave at any of them. The answers are read from the same line source as the
//! game, so a whole session (menu included) can be piped in.

use crate::bots;
use crate::games;
use crate::input::{Completions, Line, LineSource};
use crate::play;
use anyhow::Result;
use posse::content::Entry;
use std::path::Path;

/// What leaves the menu at any of its questions.
const LEAVE: [&str; 6] = ["q", "quit", "exit", ":q", ":quit", ":exit"];

/// Runs the menu; `designer` plays the game picked in designer mode (`posse --designer`).
pub fn run(root: &Path, input: &mut dyn LineSource, designer: bool) -> Result<()> {
    let entries = games::catalogue(root)?;
    if entries.is_empty() {
        anyhow::bail!("no games under {}", root.display());
    }
    println!("{}", listing(&entries));
    let ids: Vec<String> = entries.iter().map(|e| e.id.clone()).collect();
    input.set_completions(Completions { labels: ids.clone(), ..Completions::default() });
    let Some(id) = ask(input, "Game (number or id; q to leave): ", |t| pick_game(t, &ids)) else { return Ok(()) };
    let content = games::load(root, &id)?;
    let p = content.players;
    let default = p.default.unwrap_or(p.min);
    let players = if p.min == p.max {
        p.min
    } else {
        let q = format!("Players ({} to {}, Enter for {default}): ", p.min, p.max);
        let why = |n: usize| games::wrong_players(&content, n);
        let Some(n) = ask(input, &q, |t| players(t, p.min, p.max, default, why)) else { return Ok(()) };
        n
    };
    let setup = play::setup(&content, None, Some(players))?;
    let q = format!("Bot seats ({}; numbers or names, 'all', Enter for none): ", setup.seats.join(", "));
    input.set_completions(Completions { labels: setup.seats.clone(), multi: true, ..Completions::default() });
    let Some(bots) = ask(input, &q, |t| bots::parse_list(t, &setup.seats)) else { return Ok(()) };
    let bots = bots.into_iter().map(|s| (s, bots::RANDOM.to_string())).collect();
    play::run(content, setup, bots, root.to_path_buf(), None, designer, input).map(|_| ())
}

/// The numbered list within 80 columns: per game, its number, name, id, player counts and
/// `about:` line, then its modes, each as its number, its name without the game's and
/// its player counts, wrapped between modes.
fn listing(entries: &[Entry]) -> String {
    const WIDTH: usize = 80;
    let mut out = vec!["Games (pick a number, or type an id such as goldfever/bank_job):".to_string()];
    for (i, e) in entries.iter().enumerate() {
        if e.id.contains('/') {
            continue;
        }
        let players = e.players.as_ref().map(games::player_counts).unwrap_or_default();
        let head = format!("{:>3}) {} ({}), {players}: {}", i + 1, e.name, e.id, e.about.as_deref().unwrap_or(""));
        let mut lines = crate::words::wrap(head.trim_end_matches([' ', ':']), WIDTH - 5).into_iter();
        out.extend(lines.next().map(|l| format!("{}{l}", if i + 1 < 10 { "  " } else { " " })));
        out.extend(lines.map(|l| format!("     {l}")));
        let modes: Vec<String> = entries
            .iter()
            .enumerate()
            .filter(|(_, m)| m.id.strip_prefix(&e.id).is_some_and(|r| r.starts_with('/')))
            .map(|(j, m)| {
                let counts = m.players.as_ref().map(counts).unwrap_or_default();
                format!("{}) {} {counts}", j + 1, short_name(&m.name, &e.name))
            })
            .collect();
        if modes.is_empty() {
            continue;
        }
        let mut line = "     modes: ".to_string();
        for m in modes {
            if line.chars().count() + 2 + m.chars().count() > WIDTH {
                out.push(std::mem::replace(&mut line, " ".repeat(12)));
            } else if !line.ends_with(' ') {
                line.push_str("  ");
            }
            line.push_str(&m);
        }
        out.push(line);
    }
    out.join("\n")
}

/// A mode's name without its game's ("Goldfever: High Noon" -> "High Noon", "Marshals
/// (2 players)" -> "2 players").
fn short_name<'a>(mode: &'a str, game: &str) -> &'a str {
    let rest = mode.strip_prefix(game).map(|r| r.trim_start_matches([':', ',', ' '])).unwrap_or(mode);
    let rest = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')).unwrap_or(rest);
    if rest.is_empty() {
        mode
    } else {
        rest
    }
}

/// A mode's player counts in brackets: `[2]`, `[2-4]`.
fn counts(p: &posse::content::Players) -> String {
    if p.min == p.max {
        format!("[{}]", p.min)
    } else {
        format!("[{}-{}]", p.min, p.max)
    }
}

/// Asks until `parse` accepts the answer; None when the person leaves (`q`, `:quit`,
/// Ctrl-C) or the input ends.
fn ask<T>(input: &mut dyn LineSource, prompt: &str, parse: impl Fn(&str) -> Result<T, String>) -> Option<T> {
    loop {
        let line = input.read(prompt);
        match line {
            Line::Eof | Line::Interrupted => return None,
            Line::Text(t) => {
                if !input.is_terminal() {
                    println!("{prompt}{t}");
                }
                if LEAVE.contains(&t.trim().to_lowercase().as_str()) {
                    return None;
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
        return Err(format!("there is no game {n}: games are 1..{} (q to leave)", ids.len()));
    }
    let t = text.to_lowercase();
    let matches: Vec<&String> = ids.iter().filter(|id| id.starts_with(&t)).collect();
    match matches.as_slice() {
        _ if ids.contains(&t) => Ok(t),
        [one] => Ok(one.to_string()),
        [] => Err(format!("no game '{text}': type a number 1..{} or a game id (q to leave)", ids.len())),
        many => Err(format!("'{text}' could be {}", many.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", "))),
    }
}

/// A number of players from `min` to `max` (Enter: `default`); `why` says why another
/// number does not fit (naming the modes that are for it).
fn players(text: &str, min: usize, max: usize, default: usize, why: impl Fn(usize) -> String) -> Result<usize, String> {
    if text.is_empty() {
        return Ok(default);
    }
    match text.parse::<usize>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        Ok(n) if n > 0 => Err(why(n)),
        _ => Err(format!("type a number of players from {min} to {max}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped games' menu fits one screen of 80 × 24 with its prompt.
    #[test]
    fn the_menu_of_the_shipped_games_fits_one_screen() {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        let text = listing(&games::catalogue(&root).expect("the shipped games"));
        assert!(text.lines().count() < 24, "{text}");
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        assert!(text.contains("13) The Bank Job [4-8]") && !text.contains("AD-"), "{text}");
    }

    #[test]
    fn picks_games_and_players() {
        let ids = vec!["dice_town".to_string(), "hilo".to_string()];
        assert_eq!(pick_game("2", &ids), Ok("hilo".into()));
        assert_eq!(pick_game("di", &ids), Ok("dice_town".into()));
        assert!(pick_game("3", &ids).is_err());
        assert!(pick_game("x", &ids).is_err());
        let why = |n: usize| format!("not {n}");
        assert_eq!(players("", 2, 4, 4, why), Ok(4));
        assert_eq!(players("3", 2, 4, 4, why), Ok(3));
        assert_eq!(players("5", 2, 4, 4, why), Err("not 5".into()));
        assert!(players("x", 2, 4, 4, why).is_err());
    }
}
