//! Which seats bots play, from `--bot SEAT=random` arguments, and how bots pick.
//!
//! When people play, a bot's pick depends only on the game's seed, the position in the
//! log and the question: its RNG is made afresh for every decision from `seed ^ 0xB07`
//! and the number of choices made so far. So the same human answers always meet the same
//! bot answers, after an undo, a reload or a load just as in one straight run.
//!
//! When every seat is a bot, the bots draw from one stream seeded exactly as
//! `posse::sim::play_random` seeds it, so `posse play GAME --seed S --bot all=random`
//! is game S of `posse sim GAME --seed S` and of `posse check`: a failing seed from
//! either can be watched, stopped at the failing decision, fixed and `:reload`ed.

use posse::bot::random_choice;
use posse::rng::Rng;
use posse::Request;
use std::collections::BTreeSet;

/// Where bots' random picks come from.
pub struct Picker {
    seed: u64,
    /// One stream for the whole game, when every seat is a bot.
    stream: Option<Rng>,
}

impl Picker {
    /// A picker for a game with `seed`; `all_bots` when no seat is played by a person.
    pub fn new(seed: u64, all_bots: bool) -> Picker {
        Picker { seed, stream: all_bots.then(|| posse::sim::bot_rng(seed)) }
    }

    /// The random bot's answer to `req` at `position` (the number of choices made so far).
    pub fn pick(&mut self, position: usize, req: &Request) -> Vec<u32> {
        match &mut self.stream {
            Some(rng) => random_choice(req, rng),
            None => {
                let salt = (position as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                random_choice(req, &mut Rng::new(self.seed ^ 0xB07 ^ salt))
            }
        }
    }
}

/// Seat numbers (1-based) played by bots, from `--bot` arguments: `SEAT=random` or
/// `SEAT`, where SEAT is a seat number, a seat name or `all`.
pub fn parse(specs: &[String], seats: &[String]) -> Result<BTreeSet<usize>, String> {
    let mut bots = BTreeSet::new();
    for spec in specs {
        bots.extend(parse_one(spec, seats).map_err(|e| format!("--bot {spec}: {e}"))?);
    }
    Ok(bots)
}

/// Parses a list of seats typed at the menu (`2`, `2,3`, `p2 p3`, `all`, or nothing).
pub fn parse_list(text: &str, seats: &[String]) -> Result<BTreeSet<usize>, String> {
    let mut bots = BTreeSet::new();
    for spec in text.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()) {
        bots.extend(parse_one(spec, seats)?);
    }
    Ok(bots)
}

fn parse_one(spec: &str, seats: &[String]) -> Result<Vec<usize>, String> {
    let (seat, kind) = spec.split_once('=').unwrap_or((spec, "random"));
    if kind.trim() != "random" {
        return Err(format!("unknown bot '{}' (bots: random)", kind.trim()));
    }
    if seat.trim().eq_ignore_ascii_case("all") {
        return Ok((1..=seats.len()).collect());
    }
    Ok(vec![seat_number(seat.trim(), seats)?])
}

/// A seat given as a 1-based number or a name (names ignore case).
pub fn seat_number(text: &str, seats: &[String]) -> Result<usize, String> {
    if let Ok(n) = text.parse::<usize>() {
        if n >= 1 && n <= seats.len() {
            return Ok(n);
        }
    } else if let Some(i) = seats.iter().position(|s| s.eq_ignore_ascii_case(text)) {
        return Ok(i + 1);
    }
    Err(format!("no seat '{text}': seats are 1..{} ({})", seats.len(), seats.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats() -> Vec<String> {
        vec!["p1".into(), "p2".into(), "p3".into()]
    }

    #[test]
    fn parses_bot_specs() {
        let b = |s: &[&str]| parse(&s.iter().map(|s| s.to_string()).collect::<Vec<_>>(), &seats());
        assert_eq!(b(&["2=random"]).unwrap(), BTreeSet::from([2]));
        assert_eq!(b(&["P3=random", "1"]).unwrap(), BTreeSet::from([1, 3]));
        assert_eq!(b(&["all=random"]).unwrap(), BTreeSet::from([1, 2, 3]));
        assert!(b(&["4=random"]).unwrap_err().contains("seats are 1..3 (p1, p2, p3)"));
        assert!(b(&["2=smart"]).unwrap_err().contains("unknown bot 'smart'"));
        assert_eq!(parse_list("1, p3", &seats()).unwrap(), BTreeSet::from([1, 3]));
        assert_eq!(parse_list("", &seats()).unwrap(), BTreeSet::new());
    }
}
