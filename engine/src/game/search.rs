//! The built-in search player (`search`): it plays any game with no code of the game's,
//! by information-set Monte Carlo search over sampled worlds.
//!
//! Each iteration draws a world the deciding seat cannot tell from the real one
//! ([`State::sample_world`]), replays the game's choices up to the decision in a playout
//! game (one Lua VM reused for every playout: [`Game::restart`]), puts the world in place,
//! answers the seat's question with a candidate answer and plays the rest of the game out
//! with random answers; the seat's result is the reward (a win 1, a win shared by k seats
//! 1/k, a cooperative crew's win 1, else 0). Candidates are chosen by UCB1 over their
//! rewards so far; the answer is the one tried most. This is the search's first form:
//! the tree is one level deep (the seat's answers now), and every playout below it is
//! random.
//!
//! The candidates are the question's options (a choice of several: up to
//! [`MULTI_CANDIDATES`] answers drawn at random). Everything is drawn from the seed, and
//! the worlds depend only on what the seat sees ([`State::sample_world`]): the same seed
//! gives the same answer in any process, and changing what the seat cannot see does not
//! change it.

use super::Game;
use crate::bot::random_choice;
use crate::diag::{Error, Result};
use crate::limits::MAX_DECISIONS;
use crate::rng::Rng;
use crate::state::State;

/// Answers tried for a question of several picks.
pub const MULTI_CANDIDATES: usize = 8;

/// The search's settings (`search:iterations=200,exploration=1.4`).
#[derive(Clone, Debug, PartialEq)]
pub struct Search {
    /// Playouts a decision.
    pub iterations: usize,
    /// UCB1's exploration constant.
    pub exploration: f64,
}

impl Default for Search {
    fn default() -> Search {
        Search { iterations: 100, exploration: 1.4 }
    }
}

impl Search {
    /// The search a bot name asks for: `search`, or `search:KEY=VALUE,...`; None when the
    /// name is another bot's. An unknown key or a bad value is an error naming it.
    pub fn parse(name: &str) -> Result<Option<Search>> {
        let settings = match name.split_once(':') {
            None if name == "search" => "",
            Some(("search", rest)) => rest,
            _ => return Ok(None),
        };
        let mut s = Search::default();
        for kv in settings.split(',').filter(|kv| !kv.is_empty()) {
            let bad = |what: &str| Error::Usage(format!("bot '{name}': {kv}: {what}"));
            let (k, v) = kv.split_once('=').ok_or_else(|| bad("expected KEY=VALUE"))?;
            match k {
                "iterations" => {
                    s.iterations = v
                        .parse()
                        .ok()
                        .filter(|&n| n >= 1 && n <= 1_000_000)
                        .ok_or_else(|| bad("expected a whole number of playouts from 1 to 1000000"))?
                }
                "exploration" => {
                    s.exploration = v
                        .parse()
                        .ok()
                        .filter(|x: &f64| x.is_finite() && *x >= 0.0)
                        .ok_or_else(|| bad("expected a number 0 or more"))?
                }
                _ => return Err(bad("unknown setting (iterations, exploration)")),
            }
        }
        Ok(Some(s))
    }
}

/// A bot that plays a seat by name: a game's strategy bot (its Lua), or the search.
pub enum Player {
    Strategy(crate::lua::Strategy),
    Search(Search),
}

impl Player {
    /// The bot called `name` in `content`: `search[:KEY=VALUE,...]`, else the game's
    /// strategy bot of that name (the error lists the game's bots).
    pub fn new(content: &std::sync::Arc<crate::content::Content>, name: &str) -> Result<Player> {
        match Search::parse(name)? {
            Some(s) => Ok(Player::Search(s)),
            None => Ok(Player::Strategy(crate::lua::Strategy::new(content, name)?)),
        }
    }
}

/// A candidate answer and what its playouts gave.
struct Candidate {
    picks: Vec<u32>,
    tries: u32,
    total: f64,
}

impl Game {
    /// `player`'s answer to `seat`'s pending question, drawn from `seed` (a strategy bot:
    /// [`Game::strategy_pick`], under `ban`; the search does not take a ban).
    pub fn bot_pick(
        &self,
        player: &Player,
        seat: usize,
        seed: u64,
        ban: Option<&crate::decision::Ban>,
    ) -> Result<Vec<u32>> {
        match player {
            Player::Strategy(bot) => self.strategy_pick(bot, seat, seed, ban),
            Player::Search(s) => self.search_pick(s, seat, seed),
        }
    }

    /// The search player's answer to `seat`'s (1-based) pending question, drawn from
    /// `seed` (see the module's notes).
    pub fn search_pick(&self, search: &Search, seat: usize, seed: u64) -> Result<Vec<u32>> {
        let r = self
            .pending()
            .into_iter()
            .find(|r| r.seat == seat)
            .ok_or_else(|| Error::Usage(format!("seat {seat} is not asked anything now")))?;
        let shape = r.shape();
        let mut rng = Rng::new(seed);
        let mut candidates: Vec<Candidate> = Vec::new();
        if shape.multi {
            for _ in 0..MULTI_CANDIDATES * 4 {
                let picks = random_choice(shape, &mut rng);
                if !candidates.iter().any(|c| c.picks == picks) {
                    candidates.push(Candidate { picks, tries: 0, total: 0.0 });
                }
                if candidates.len() == MULTI_CANDIDATES {
                    break;
                }
            }
        } else {
            candidates = (1..=shape.count as u32).map(|p| Candidate { picks: vec![p], tries: 0, total: 0.0 }).collect();
        }
        if candidates.len() == 1 {
            return Ok(candidates.remove(0).picks);
        }
        let record = self.record();
        let setup = self.setup.clone();
        let mut playout: Option<Game> = None;
        for it in 0..search.iterations {
            let n = (it + 1) as f64;
            let c = pick_candidate(&candidates, n, search.exploration);
            let world = self.sample_world(seat, rng.below(u64::MAX));
            let g = match playout.take() {
                Some(g) => g.restart(setup.clone())?,
                None => Game::new(self.content.clone(), setup.clone())?,
            };
            let (g, reward) = play_out(g, &record.choices, world, seat, &candidates[c].picks, rng.below(u64::MAX))
                .map_err(|e| Error::Script(format!("search: a playout from a sampled world failed: {e}")))?;
            candidates[c].tries += 1;
            candidates[c].total += reward;
            playout = Some(g);
        }
        let best = candidates
            .iter()
            .enumerate()
            .max_by(|(i, a), (j, b)| {
                let mean = |c: &Candidate| c.total / c.tries.max(1) as f64;
                a.tries.cmp(&b.tries).then(mean(a).total_cmp(&mean(b))).then(j.cmp(i))
            })
            .map(|(i, _)| i)
            .unwrap_or(0);
        Ok(candidates.swap_remove(best).picks)
    }
}

/// UCB1's choice among the candidates at iteration `n` (an untried one first).
fn pick_candidate(candidates: &[Candidate], n: f64, exploration: f64) -> usize {
    if let Some(i) = candidates.iter().position(|c| c.tries == 0) {
        return i;
    }
    let score = |c: &Candidate| c.total / c.tries as f64 + exploration * (n.ln() / c.tries as f64).sqrt();
    let mut best = 0;
    for (i, c) in candidates.iter().enumerate() {
        if score(c) > score(&candidates[best]) {
            best = i;
        }
    }
    best
}

/// Replays `choices` in `g` (a fresh game of the same setup), puts `world` in place,
/// answers `seat` with `picks` and plays the rest at random from `seed`; returns the game
/// (for the next playout's VM) and the seat's reward.
fn play_out(
    mut g: Game,
    choices: &[crate::record::Choice],
    world: State,
    seat: usize,
    picks: &[u32],
    seed: u64,
) -> Result<(Game, f64)> {
    for c in choices {
        g.choose(c.seat, &c.picks)?;
    }
    g.replace_state(world);
    g.choose(seat, picks)?;
    let mut rng = Rng::new(seed);
    while let Some(r) = g.next_request() {
        if g.choices().len() >= MAX_DECISIONS {
            return Ok((g, 0.0));
        }
        let (s, p) = (r.seat, random_choice(r, &mut rng));
        g.choose(s, &p)?;
    }
    let reward = match g.result() {
        Some(r) if r.crew.is_some() => f64::from(u8::from(r.crew == Some(true))),
        Some(r) if r.winners.contains(&seat) => 1.0 / r.winners.len() as f64,
        _ => 0.0,
    };
    Ok((g, reward))
}
