//! Coverage of a game's content over `posse check`'s games: for every definition (cards,
//! tiles, abilities such as a gang's Brain), how often an option offered it and was
//! chosen (the options' tags), how many times its behaviour ran (the engine counts every
//! part of a definition's script but `can` and `label`: `Game::resolved`), and how many
//! copies came into seats' zones.
//!
//! A definition is **expected to run** when its script has a part that can run and the
//! game (or mode) uses it: it has copies, or it is an ability (no copies, a script) that a
//! scenario did not leave out. It **ran** once its behaviour ran in some game. A card of
//! data alone has nothing to run: its coverage is how often it was drawn and chosen,
//! shown in the table, never warned about.

use posse::{Content, Game};
use std::fmt::Write;

/// One definition's numbers over the games.
#[derive(Clone, Copy, Default)]
struct Counts {
    /// Seat-games in which an option offered it (tagged with its id).
    offered: usize,
    /// Times an option tagged with it was chosen.
    chosen: usize,
    /// Times its behaviour ran.
    resolved: usize,
    /// Copies drawn into seats' zones.
    drawn: usize,
}

/// The coverage of one game's (or mode's) definitions over the games added.
pub struct Coverage {
    ids: Vec<String>,
    /// Where each is defined, `FILE:LINE`.
    places: Vec<String>,
    counts: Vec<Counts>,
    /// Whether each is expected to run (known once a game was added: the engine says
    /// which scripts have parts that run).
    expected: Vec<bool>,
    /// In the content's mode: whether each has copies or is an ability not left out.
    in_mode: Vec<bool>,
    games: usize,
    /// The seed of the game in which the last expected definition first ran.
    all_by: Option<u64>,
    /// The question kinds the game declares, when it does.
    declared: Option<std::sync::Arc<posse::decision::Kinds>>,
    /// By kind: the questions asked over the games.
    asked: std::collections::BTreeMap<String, u64>,
}

impl Coverage {
    pub fn new(content: &Content) -> Coverage {
        let defs = &content.defs;
        Coverage {
            ids: defs.iter().map(|d| d.id.clone()).collect(),
            places: defs.iter().map(|d| format!("{}:{}", d.file, d.line)).collect(),
            counts: vec![Counts::default(); defs.len()],
            expected: vec![false; defs.len()],
            in_mode: defs.iter().map(|d| d.count > 0 || (d.script.is_some() && !d.left_out)).collect(),
            games: 0,
            all_by: None,
            declared: None,
            asked: Default::default(),
        }
    }

    /// Adds a finished game of seed `seed`.
    pub fn add(&mut self, game: &Game, seed: u64) {
        for (kind, n) in game.asked() {
            *self.asked.entry(kind).or_default() += n;
        }
        if self.games == 0 {
            self.declared = game.kinds();
            let behaviour = game.has_behaviour();
            for (i, e) in self.expected.iter_mut().enumerate() {
                *e = self.in_mode[i] && behaviour.get(i).copied().unwrap_or(false);
            }
        }
        self.games += 1;
        let was_missing = self.missing() > 0;
        let tags = game.tags();
        let resolved = game.resolved();
        let cards = game.card_counts();
        for (i, id) in self.ids.iter().enumerate() {
            let c = &mut self.counts[i];
            if let Some(u) = tags.get(id) {
                c.offered += u.offered.len();
                c.chosen += u.times;
            }
            c.resolved += resolved.get(id).copied().unwrap_or(0) as usize;
            c.drawn += cards.get(id).map_or(0, |&(d, _)| d as usize);
        }
        if was_missing && self.missing() == 0 {
            self.all_by = Some(seed);
        }
    }

    /// A warning for each question kind the game declares that none of `all`'s games
    /// asked (a game and its modes, which share their declarations).
    pub fn unasked_kinds(all: &[&Coverage]) -> Vec<String> {
        let Some(declared) = all.iter().find_map(|c| c.declared.clone()) else { return Vec::new() };
        let games: usize = all.iter().map(|c| c.games).sum();
        declared
            .kinds
            .keys()
            .filter(|k| all.iter().all(|c| !c.asked.contains_key(*k)))
            .map(|k| {
                format!(
                    "question kind '{k}' ({}) was never asked in {}",
                    declared.file,
                    crate::words::count(games, "game")
                )
            })
            .collect()
    }

    /// How many definitions expected to run have not yet (all of them before any game).
    pub fn missing(&self) -> usize {
        if self.games == 0 {
            return self.ids.len();
        }
        self.never_ran().count()
    }

    fn never_ran(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.ids.len()).filter(|&i| self.expected[i] && self.counts[i].resolved == 0)
    }

    /// `coverage: 52 of 54 definitions ran (all by seed 7)`, or with what never ran.
    pub fn summary(&self) -> String {
        let expected = self.expected.iter().filter(|&&e| e).count();
        if self.games == 0 {
            return "coverage: no game finished".to_string();
        }
        if self.ids.is_empty() {
            return "coverage: no cards or abilities (no component definitions)".to_string();
        }
        if expected == 0 {
            let used = (0..self.ids.len()).filter(|&i| self.counts[i].drawn + self.counts[i].chosen > 0).count();
            return format!(
                "coverage: no definition has a script part that runs (data alone); {used} of {} drawn or chosen",
                self.ids.len()
            );
        }
        let missing = self.missing();
        let mut s = format!("coverage: {} of {expected} definitions ran", expected - missing);
        if let Some(seed) = self.all_by.filter(|_| missing == 0) {
            let _ = write!(s, " (all by seed {seed})");
        }
        if missing > 0 {
            let names: Vec<&str> = self.never_ran().map(|i| self.ids[i].as_str()).collect();
            let _ = write!(s, "; never ran: {}", names.join(", "));
        }
        s
    }

    /// A warning for each definition expected to run that never did: what it is, where it
    /// is, and whether an option ever offered it.
    pub fn warnings(&self) -> Vec<String> {
        self.never_ran()
            .map(|i| {
                let c = &self.counts[i];
                let why = if c.offered == 0 && c.drawn == 0 {
                    "never offered or drawn".to_string()
                } else {
                    format!(
                        "offered {}, chosen {}, drawn {}",
                        crate::words::count(c.offered, "time"),
                        c.chosen,
                        c.drawn
                    )
                };
                format!(
                    "{} ({}) never ran in {} ({why}): its script's parts were never called",
                    self.ids[i],
                    self.places[i],
                    crate::words::count(self.games, "game")
                )
            })
            .collect()
    }

    /// The head of `check --coverage DEF`'s rows: the definition and the columns.
    pub fn head(def: &str, games: &[String]) -> String {
        let w = games.iter().map(String::len).max().unwrap_or(4).max(4);
        format!(
            "coverage of {def}:\n  {:w$}  {:>8} {:>8} {:>8} {:>8}  where\n  (offered: seat-games an option offered it in; chosen, resolved: times; drawn: copies into seats' zones)\n",
            "game", "offered", "chosen", "resolved", "drawn"
        )
    }

    /// Definition `def`'s row over this game's games (`check --coverage DEF`), its game's
    /// column `w` wide; None when the game has no such definition.
    pub fn row(&self, game: &str, def: &str, w: usize) -> Option<String> {
        let i = self.ids.iter().position(|id| id == def)?;
        let c = &self.counts[i];
        Some(format!(
            "  {game:w$}  {:>8} {:>8} {:>8} {:>8}  {}, over {}: {}\n",
            c.offered,
            c.chosen,
            c.resolved,
            c.drawn,
            self.places[i],
            crate::words::count(self.games, "game"),
            self.note(i)
        ))
    }

    /// What definition `i`'s numbers mean: `ran`, `NEVER RAN`, `data`, `not in this mode`.
    fn note(&self, i: usize) -> &'static str {
        if !self.in_mode[i] {
            "not in this mode"
        } else if !self.expected[i] {
            "data"
        } else if self.counts[i].resolved > 0 {
            "ran"
        } else {
            "NEVER RAN"
        }
    }

    /// The full table, a definition a line, aligned: offered, chosen, resolved, drawn, and
    /// what that means (`ran`, `NEVER RAN`, `data`, `not in this mode`).
    pub fn table(&self, game: &str) -> String {
        let w = self.ids.iter().map(String::len).max().unwrap_or(2).max(10);
        let pw = self.places.iter().map(String::len).max().unwrap_or(5);
        let mut s = format!(
            "{game}: coverage over {}\n  {:w$}  {:pw$}  {:>8} {:>8} {:>8} {:>8}\n",
            crate::words::count(self.games, "game"),
            "definition",
            "where",
            "offered",
            "chosen",
            "resolved",
            "drawn"
        );
        s.push_str("  (offered: seat-games an option offered it in; chosen, resolved: times; drawn: copies into seats' zones)\n");
        for (i, id) in self.ids.iter().enumerate() {
            let c = &self.counts[i];
            let note = self.note(i);
            let _ = writeln!(
                s,
                "  {id:w$}  {:pw$}  {:>8} {:>8} {:>8} {:>8}  {note}",
                self.places[i], c.offered, c.chosen, c.resolved, c.drawn
            );
        }
        s
    }
}
