//! The built-in search player (`search`): it plays any game with no code of the game's,
//! by single-observer information-set Monte Carlo tree search over sampled worlds.
//!
//! Each iteration draws a world the deciding seat cannot tell from the real one
//! ([`State::sample_world`]) and plays a playout in it: a game of the same setup (one Lua
//! VM reused for every playout) whose in-flow bots replay the game's choices up to the
//! decision without a yield (lua/playout.rs), put the world in place there, answer the
//! seat's question with the tree's answer, and play the rest: the seat's later questions
//! by the tree while the playout is in it (UCB1 at each node; a node added a playout;
//! [`crate::bot::Tree`]), everything else by the rollout policy (random answers, or a
//! strategy bot named by `rollout=`). A playout ends with the game, or, where the game
//! declares an evaluation (game.yaml `evaluate:`), `depth` decisions after the one
//! searched, where the evaluation judges the seat's view. The reward: a win 1, a win
//! shared by k seats 1/k, a cooperative crew's win 1, else 0; where the game gives scores,
//! four fifths of that and one fifth the seat's score placed between the lowest and the
//! highest; a result a decision later is worth 0.01% less, so of two ways to win the search
//! takes the sooner. The answer is the root's answer tried most.
//!
//! Free actions that undo each other (a loot taken and dropped, a lamp switched on and
//! off) would keep a search going round until the game's limit, each round a coin toss of
//! noisy playouts: in its run of decisions (the choices since another seat's last) the
//! search does not answer the same question (prompt and labels) the same way again where
//! it sees what it saw then (its view but the log), while another answer is left. What
//! it saw is found by replaying the game to the run's start, so the answer depends on the
//! game's choices alone, never on what this process remembers.
//!
//! Simultaneous orders (`posse.choose_each`): the other seats' answers to the group being
//! searched are not replayed (the seat does not know them): each playout draws them.
//!
//! The root's answers are the question's options (a choice of several: up to
//! [`MULTI_CANDIDATES`] answers drawn at random). Everything is drawn from the seed, and
//! the worlds depend only on what the seat sees: with an iteration budget the same seed
//! gives the same answer in any process, and changing what the seat cannot see does not
//! change it. A time budget (`seconds=`, for play against people) stops earlier on a
//! slower machine: it is the one setting whose answers depend on the clock.

use super::{Game, Lineup};
use crate::bot::{question_sig, random_choice, Tree};
use crate::diag::{Error, Result};
use crate::limits::MAX_DECISIONS;
use crate::lua::{Guide, Playout, Strategy};
use crate::rng::Rng;
use crate::state::State;
use std::cell::RefCell;
use std::rc::Rc;

/// What a result is worth a decision later in a playout (a win now beats a win later).
const SOONER: f64 = 0.9999;

/// Answers tried for a question of several picks.
pub const MULTI_CANDIDATES: usize = 8;

/// The search's settings (`search:iterations=200,exploration=1.4,rollout=sharp,depth=20`).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Search {
    /// Playouts a decision (default [`Search::ITERATIONS`]).
    pub iterations: usize,
    /// UCB1's exploration constant.
    pub exploration: f64,
    /// The rollout policy: random answers (None), or the game's strategy bot of this name.
    pub rollout: Option<String>,
    /// Decisions a playout plays after the one searched before the game's evaluation
    /// judges it: None, the game's `evaluate: depth` (to the end where it declares none);
    /// Some(0), to the end.
    pub depth: Option<usize>,
    /// A time budget a decision, in seconds, for play against people: the search stops
    /// after this long (or `iterations`, whichever is first).
    pub seconds: Option<f64>,
}

impl Search {
    /// Playouts a decision unless `iterations=` says otherwise.
    pub const ITERATIONS: usize = 100;

    /// The search a bot name asks for: `search`, or `search:KEY=VALUE,...`; None when the
    /// name is another bot's. An unknown key or a bad value is an error naming it.
    pub fn parse(name: &str) -> Result<Option<Search>> {
        let settings = match name.split_once(':') {
            None if name == "search" => "",
            Some(("search", rest)) => rest,
            _ => return Ok(None),
        };
        let mut s = Search { iterations: Search::ITERATIONS, exploration: 1.4, ..Search::default() };
        for kv in settings.split(',').filter(|kv| !kv.is_empty()) {
            let bad = |what: &str| Error::Usage(format!("bot '{name}': {kv}: {what}"));
            let (k, v) = kv.split_once('=').ok_or_else(|| bad("expected KEY=VALUE"))?;
            match k {
                "iterations" => {
                    s.iterations = v
                        .parse()
                        .ok()
                        .filter(|&n| (1..=1_000_000).contains(&n))
                        .ok_or_else(|| bad("expected a whole number of playouts from 1 to 1000000"))?
                }
                "exploration" => {
                    s.exploration = v
                        .parse()
                        .ok()
                        .filter(|x: &f64| x.is_finite() && *x >= 0.0)
                        .ok_or_else(|| bad("expected a number 0 or more"))?
                }
                "rollout" if v == "random" => s.rollout = None,
                "rollout" if crate::content::is_id(v) => s.rollout = Some(v.to_string()),
                "rollout" => return Err(bad("expected random or a strategy bot's name")),
                "depth" => {
                    s.depth = Some(
                        v.parse()
                            .ok()
                            .filter(|&n| n <= MAX_DECISIONS)
                            .ok_or_else(|| bad("expected a whole number of decisions (0: to the end)"))?,
                    )
                }
                "seconds" => {
                    s.seconds = Some(
                        v.parse()
                            .ok()
                            .filter(|x: &f64| x.is_finite() && *x > 0.0 && *x <= 3600.0)
                            .ok_or_else(|| bad("expected a number of seconds above 0, at most 3600"))?,
                    )
                }
                _ => return Err(bad("unknown setting (iterations, exploration, rollout, depth, seconds)")),
            }
        }
        Ok(Some(s))
    }
}

/// The search player of a game: its settings, with the rollout's strategy bot and the
/// game's evaluation loaded.
pub struct Searcher {
    pub settings: Search,
    rollout: Option<Strategy>,
    /// The evaluation's bot and the depth playouts stop at.
    evaluation: Option<(Strategy, usize)>,
}

impl Searcher {
    /// The search `settings` asks for in `content`'s game (an unknown rollout bot, or a
    /// depth in a game that declares no evaluation, is an error).
    pub fn new(content: &std::sync::Arc<crate::content::Content>, settings: Search) -> Result<Searcher> {
        let rollout = settings.rollout.as_deref().map(|n| Strategy::new(content, n)).transpose()?;
        let depth = match (settings.depth, &content.evaluate) {
            (Some(0), _) => None,
            (Some(d), Some(_)) => Some(d),
            (None, Some(e)) => Some(e.depth),
            (None, None) => None,
            (Some(_), None) => {
                return Err(Error::Usage(format!(
                    "search: depth= needs an evaluation, and {} declares none (game.yaml evaluate:)",
                    content.game
                )))
            }
        };
        let evaluation = match (depth, &content.evaluate) {
            (Some(d), Some(e)) => Some((Strategy::new(content, &e.bot)?, d)),
            _ => None,
        };
        Ok(Searcher { settings, rollout, evaluation })
    }
}

/// A bot that plays a seat by name: a game's strategy bot (its Lua), or the search.
// One a bot of a batch, made once: their sizes do not matter.
#[allow(clippy::large_enum_variant)]
pub enum Player {
    Strategy(Strategy),
    Search(Searcher),
}

impl Player {
    /// The bot called `name` in `content`: `search[:KEY=VALUE,...]`, else the game's
    /// strategy bot of that name (the error lists the game's bots).
    pub fn new(content: &std::sync::Arc<crate::content::Content>, name: &str) -> Result<Player> {
        match Search::parse(name)? {
            Some(s) => Ok(Player::Search(Searcher::new(content, s)?)),
            None => Ok(Player::Strategy(Strategy::new(content, name)?)),
        }
    }
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
    pub fn search_pick(&self, searcher: &Searcher, seat: usize, seed: u64) -> Result<Vec<u32>> {
        let r = self
            .pending()
            .into_iter()
            .find(|r| r.seat == seat)
            .ok_or_else(|| Error::Usage(format!("seat {seat} is not asked anything now")))?;
        let shape = r.shape();
        let mut rng = Rng::new(seed);
        let mut answers: Vec<Vec<u32>> = Vec::new();
        if shape.multi {
            for _ in 0..MULTI_CANDIDATES * 4 {
                let picks = random_choice(shape, &mut rng);
                if !answers.contains(&picks) {
                    answers.push(picks);
                }
                if answers.len() == MULTI_CANDIDATES {
                    break;
                }
            }
        } else {
            answers = (1..=shape.count as u32).map(|p| vec![p]).collect();
        }
        if answers.len() == 1 {
            return Ok(answers.remove(0));
        }
        let (given, mut vm) = self.given_before(seat)?;
        if answers.iter().any(|a| !given.contains(a)) {
            answers.retain(|a| !given.contains(a));
        }
        if answers.len() == 1 {
            return Ok(answers.remove(0));
        }
        let s = &searcher.settings;
        let guide = Rc::new(RefCell::new(Guide {
            tree: Tree::new(answers, s.exploration),
            path: Default::default(),
            depth: searcher.evaluation.as_ref().map(|(_, d)| *d),
            played: 0,
            cut: false,
        }));
        // The choices before the decision: another seat's answer to it is not the seat's
        // to know.
        let before: Rc<[crate::record::Choice]> = self.choices[..self.asked_at].into();
        let started = s.seconds.map(|_| std::time::Instant::now());
        for _ in 0..s.iterations {
            if let (Some(t), Some(limit)) = (started, s.seconds) {
                if vm.is_some() && t.elapsed().as_secs_f64() >= limit {
                    break;
                }
            }
            let world = self.sample_world(seat, rng.below(u64::MAX));
            let playout = Playout::new(
                before.clone(),
                world,
                seat,
                guide.clone(),
                rng.below(u64::MAX),
                searcher.rollout.is_some(),
            );
            let (g, reward) = self
                .play_out(vm.take(), playout, searcher, &guide, seat, rng.below(u64::MAX))
                .map_err(|e| Error::Script(format!("search: a playout from a sampled world failed: {e}")))?;
            let mut gd = guide.borrow_mut();
            let gd = &mut *gd;
            gd.tree.update(&gd.path, reward);
            vm = Some(g);
        }
        let best = guide.borrow().tree.best();
        Ok(best)
    }

    /// The answers `seat` gave earlier in its current run of decisions (the choices since
    /// another seat's last) to the same question (prompt and labels) where it saw what it
    /// sees now (its view but the log): free actions that undo each other (a loot taken
    /// and dropped) come back to the same place, and the search does not go round again.
    /// Found by replaying the game and seeing each step of the run as the seat saw it; the
    /// game left, for the playouts' VM.
    fn given_before(&self, seat: usize) -> Result<(Vec<Vec<u32>>, Option<Game>)> {
        let n = self.asked_at;
        let run = self.choices[..n].iter().rev().take_while(|c| c.seat == seat).count();
        if run == 0 {
            return Ok((Vec::new(), None));
        }
        // The question (its shape, prompt and labels) and the view but the log.
        type Seen = (crate::decision::Shape, String, Vec<String>, crate::view::View);
        let seen = |g: &Game| -> Option<Seen> {
            let r = g.pending().into_iter().find(|r| r.seat == seat)?;
            let (prompt, labels) = (r.try_prompt().ok()?, r.try_labels().ok()?);
            let mut v = g.view(Some(seat));
            v.log.clear();
            Some((r.shape(), prompt, labels, v))
        };
        let Some(now) = seen(self) else { return Ok((Vec::new(), None)) };
        let mut g = Game::new(self.content.clone(), self.setup.clone())?;
        let mut given = Vec::new();
        for (i, c) in self.choices[..n].iter().enumerate() {
            if i >= n - run && seen(&g).as_ref() == Some(&now) && !given.contains(&c.picks) {
                given.push(c.picks.clone());
            }
            g.choose(c.seat, &c.picks)?;
        }
        Ok((given, Some(g)))
    }

    /// One playout of `playout` in `vm` (a game whose VM is reused) or a new game: the
    /// game it leaves (for the next playout's VM) and the seat's reward.
    fn play_out(
        &self,
        vm: Option<Game>,
        playout: Playout,
        searcher: &Searcher,
        guide: &Rc<RefCell<Guide>>,
        seat: usize,
        seed: u64,
    ) -> Result<(Game, f64)> {
        let setup = self.setup.clone();
        let lineup = Lineup { playout: Some(playout), ..Lineup::default() };
        let vm = match vm {
            Some(g) => {
                g.vm.set_auto(None)?;
                g.vm.reset(g.vm.fresh_state(&setup.seats, setup.seed))?;
                g.vm
            }
            None => crate::lua::Vm::new(self.content.clone(), State::new(&self.content, &setup.seats, setup.seed))?,
        };
        let mut g = Game::start_bots(self.content.clone(), setup, vm, lineup)?;
        // A strategy-bot rollout, or the depth reached: the rest is answered here.
        let mut rng = Rng::new(seed);
        while let Some(r) = g.next_request() {
            let (s, shape) = (r.seat, r.shape());
            {
                let mut gd = guide.borrow_mut();
                if !gd.cut {
                    gd.played += 1;
                    gd.cut = gd.depth.is_some_and(|d| gd.played > d);
                }
                if gd.cut {
                    break;
                }
            }
            if g.choices().len() >= MAX_DECISIONS {
                return Ok((g, 0.0));
            }
            let tree = if s == seat {
                let sig = question_sig(shape, r.tags.iter().map(|t| t.as_deref().map(str::as_bytes)));
                let mut gd = guide.borrow_mut();
                let gd = &mut *gd;
                gd.tree.answer(&mut gd.path, shape, sig, &mut rng)
            } else {
                None
            };
            let picks = match (tree, &searcher.rollout) {
                (Some(p), _) => p,
                (None, Some(bot)) => g.strategy_pick(bot, s, rng.below(u64::MAX), None)?,
                (None, None) => random_choice(shape, &mut rng),
            };
            g.choose(s, &picks)?;
        }
        if g.result().is_none() && guide.borrow().cut {
            if let Some((bot, _)) = &searcher.evaluation {
                let value = bot.evaluate(&g.view(Some(seat)), seat)?;
                return Ok((g, value));
            }
        }
        // Of two ways to win, the sooner: a seat that could end the game never stalls.
        let reward = reward(g.result(), seat) * SOONER.powi(guide.borrow().played.min(100_000) as i32);
        Ok((g, reward))
    }
}

/// A seat's reward for a game's result (see the module's notes); 0 for a game without one.
fn reward(result: Option<&crate::decision::GameResult>, seat: usize) -> f64 {
    let Some(r) = result else { return 0.0 };
    let won = match r.crew {
        Some(crew) => f64::from(u8::from(crew)),
        None if r.winners.contains(&seat) => 1.0 / r.winners.len() as f64,
        None => 0.0,
    };
    let (Some(lo), Some(hi), Some(mine)) = (r.scores.values().min(), r.scores.values().max(), r.scores.get(&seat))
    else {
        return won;
    };
    let placed = if hi > lo { (mine - lo) as f64 / (hi - lo) as f64 } else { 0.5 };
    0.8 * won + 0.2 * placed
}
