//! Reading one game: its `game.yaml`, the component files it lists and its Lua sources,
//! every problem kept as a diagnostic and reported together at the end.
//!
//! Each YAML file is read once ([`Loader::read`]: bounded, hashed) and parsed once
//! ([`Loader::open`]) into its serde shape and a [`Doc`]: the file's name and the
//! positions the YAML parser saw (`yaml.rs`), so that a problem found in a value is
//! reported at the line and column where that value (or its key) is written, never at a
//! line found by searching the text for a word.
//!
//! `game.yaml` is checked section by section, in the order of the file, each in a file of
//! its own here: `game.rs` (id, api, about, players, length, lead, scenarios), `zones.rs`,
//! `counters.rs`, `dice.rs`, `board.rs` (a zone map, content/mapfile.rs, or nodes, edges
//! and a grid, content/grid.rs), `components.rs` (the component files and their
//! definitions), `modules.rs` (the Lua modules and the `main:` and `render:` scripts);
//! the sizes against the limits once the components are known; then `schema:` and
//! `data:` (content/data.rs). A file that cannot be read or parsed stops only what depends
//! on it. Every byte read goes into the content hash, and all files together are bounded
//! ([`CONTENT_BYTES`]).

mod board;
mod components;
mod counters;
mod dice;
mod game;
mod modules;
mod zones;

pub(super) use components::{code_line, counter_problems, per_object_counters, per_object_zones};
pub(super) use game::{players_problem, Measures};

use super::checks::Sizes;
use super::schema::GameFile;
use super::{CheckScripts, Content, Def, Source};
use crate::diag::{Diagnostic, Error, Result};
use crate::hash::Fnv;
use crate::limits::{CONTENT_BYTES, CONTENT_FILE_BYTES};
use crate::yaml::{Pos, Positions, ReadFault, Step::Item, Step::Key};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A game being read: the problems found so far and the hash of the files read.
pub(super) struct Loader<'a> {
    pub(super) root: &'a Path,
    pub(super) diags: Vec<Diagnostic>,
    /// Problems that do not stop the load (content/mapfile.rs).
    pub(super) warnings: Vec<Diagnostic>,
    pub(super) hash: Fnv,
    /// Bytes read so far.
    bytes: u64,
    /// The definitions' texts with placeholders found so far (content/texts.rs).
    pub(super) templates: Vec<super::Template>,
    /// The LuaLS class each component file's scripts return (`returns:`), by file.
    returns: BTreeMap<String, String>,
    /// The root whose `scripts/lib/` the game shares (content/roots.rs), when not `root`.
    pub(super) lib: Option<PathBuf>,
    /// Files read from outside `root`, by the name their problems give them: where they
    /// are, and the name the content hash takes them by (content/roots.rs).
    pub(super) elsewhere: BTreeMap<String, (PathBuf, String)>,
    /// Roots above `root` whose `scripts/<game>/` modules the game may `require` too
    /// (content/roots.rs).
    pub(super) above: Vec<PathBuf>,
    /// A scenario's file from outside `root` (a designer's root, `--variant FILE`), by its
    /// name in `elsewhere`, which `overlay` reads instead of the file its game lists.
    pub(super) scenario_file: Option<String>,
}

/// A YAML file read and parsed: its name (relative to the content root) and where the
/// parser saw each of its nodes, looked up by path for every problem found in it.
pub(super) struct Doc {
    pub(super) rel: String,
    pub(super) at: Positions,
}

/// Where the items of a list section (`zones:`, `counters:`, `dice:`) are written, for
/// a problem found in a field of item `i` of the list checked: in game.yaml item `i`
/// itself; in a scenario, which merges its items into the game's by id, the scenario's
/// item that changed or added it, or the section's key for an item it left as it was.
#[derive(Clone, Copy)]
pub(in crate::content) struct Items<'a> {
    pub(in crate::content) list: &'static str,
    /// For each item checked, the index of the scenario's item it comes from (None: the
    /// file checked is the game's own).
    pub(in crate::content) from: Option<&'a [Option<usize>]>,
}

impl Items<'_> {
    /// The items of `list` in the game's own file.
    pub(in crate::content) fn game(list: &'static str) -> Items<'static> {
        Items { list, from: None }
    }

    /// Where field `key` of item `i` is written in `doc` (its value, else the nearest).
    pub(in crate::content) fn at(&self, doc: &Doc, i: usize, key: &str) -> Pos {
        match self.from {
            None => doc.at.value(&[Key(self.list), Item(i), Key(key)]),
            Some(from) => match from.get(i).copied().flatten() {
                Some(j) => doc.at.value(&[Key(self.list), Item(j), Key(key)]),
                None => doc.at.key(&[Key(self.list)]),
            },
        }
    }
}

impl<'a> Loader<'a> {
    pub(super) fn new(root: &'a Path) -> Loader<'a> {
        Loader {
            root,
            diags: Vec::new(),
            warnings: Vec::new(),
            hash: Fnv::default(),
            bytes: 0,
            templates: Vec::new(),
            returns: BTreeMap::new(),
            lib: None,
            elsewhere: BTreeMap::new(),
            above: Vec::new(),
            scenario_file: None,
        }
    }

    /// A file from outside the root, read as `shown` (the name its problems give it) and
    /// hashed as `hashed`.
    pub(super) fn elsewhere(&mut self, shown: String, path: PathBuf, hashed: String) {
        self.elsewhere.insert(shown, (path, hashed));
    }

    /// Reads a content file: at most [`CONTENT_FILE_BYTES`], and [`CONTENT_BYTES`] for all
    /// the files of the game together.
    pub(super) fn read(&mut self, rel: &str) -> Option<String> {
        let left = CONTENT_BYTES.saturating_sub(self.bytes);
        let (path, hashed) = match self.elsewhere.get(rel) {
            Some((path, hashed)) => (path.clone(), hashed.clone()),
            None => (self.root.join(rel), rel.to_string()),
        };
        match crate::yaml::read_limited(&path, CONTENT_FILE_BYTES.min(left)) {
            Ok(text) => {
                self.bytes += text.len() as u64;
                self.hash.write(hashed.as_bytes());
                self.hash.write(text.as_bytes());
                Some(text)
            }
            Err(e) if left < CONTENT_FILE_BYTES && e.kind == ReadFault::TooLarge => {
                let all = CONTENT_BYTES >> 20;
                self.diags.push(Diagnostic::file(rel, format!("the game's files pass {all} MiB together here")));
                None
            }
            Err(e) => {
                self.diags.push(Diagnostic::new(rel, e.line, 0, e.message));
                None
            }
        }
    }

    /// Reads and parses YAML file `rel` as a `T`, with the positions of its nodes.
    pub(super) fn open<T: for<'de> Deserialize<'de>>(&mut self, rel: &str) -> Option<(T, Doc)> {
        let text = self.read(rel)?;
        self.parse(rel, &text)
    }

    /// Parses `text`, the YAML file `rel`, as a `T`, with the positions of its nodes (a
    /// text nested too deep is refused before serde reads it).
    pub(super) fn parse<T: for<'de> Deserialize<'de>>(&mut self, rel: &str, text: &str) -> Option<(T, Doc)> {
        let at = match Positions::new(text) {
            Ok(at) => at,
            Err(deep) => {
                let (line, column, msg) = crate::yaml::too_deep(deep);
                self.diags.push(Diagnostic::new(rel, line, column, msg));
                return None;
            }
        };
        match serde_yaml::from_str::<T>(text) {
            Ok(v) => Some((v, Doc { rel: rel.to_string(), at })),
            Err(e) => {
                let (line, column) = e.location().map(|l| (l.line(), l.column())).unwrap_or((0, 0));
                let mut msg = e.to_string();
                // serde_yaml appends " at line L column C"; the diagnostic says it already.
                if let Some(i) = msg.find(&format!(" at line {line} column {column}")).filter(|_| line > 0) {
                    msg.truncate(i);
                }
                self.diags.push(Diagnostic::new(rel, line, column, msg));
                None
            }
        }
    }

    /// A problem of `file` at `line` (0: the whole file), column unknown.
    pub(super) fn err(&mut self, file: &str, line: usize, msg: impl Into<String>) {
        self.diags.push(Diagnostic::new(file, line, 0, msg));
    }

    /// A problem of `doc` at `at`.
    pub(super) fn at(&mut self, doc: &Doc, at: Pos, msg: impl Into<String>) {
        self.diags.push(Diagnostic::new(&doc.rel, at.line, at.column, msg));
    }

    /// Reads game `id`, its components and its Lua sources; `scripts` checks the sources.
    pub(super) fn load(mut self, id: &str, scripts: &mut CheckScripts) -> Result<Content> {
        let game_rel = self.game_file(id)?;
        let Some((mut game, doc)) = self.open::<GameFile>(&game_rel) else {
            return Err(Error::Content(self.diags));
        };
        self.header(&doc, &game, id);
        self.zones(&doc, &game.zones, game.board.is_some(), Items::game("zones"));
        self.counters(&doc, &game.counters, Items::game("counters"));
        let (dice, seat_dice) = self.dice(&doc, &game.dice, game.players.max, Items::game("dice"));
        let (board, map, grid) = self.board(id, &doc, game.board.as_ref());
        let defs = self.components(id, &game.zones, &game.counters, &game.components);
        self.sizes(&doc, &game, board.nodes().len(), &defs);
        let modules = self.modules(id);
        let main = self.script(&doc, &modules, id, &game.main, "main");
        let render = self.script(&doc, &modules, id, &game.render, "render");
        let (decls, data) = (std::mem::take(&mut game.schema.0), std::mem::take(&mut game.data.0));
        let (schema, data, templates, defs) = self.game_data(&doc, decls, data, defs);

        // Every script the game runs is checked now, so that `check` lists all syntax errors
        // at once. A strategy bot's is compiled when the bot is made (its syntax error then
        // names its file and line, and `check` makes every bot): a batch of random bots never
        // reads one, and checking them all cost a start about a tenth of its instructions.
        let sources: Vec<&Source> = modules.values().chain(defs.iter().filter_map(|d| d.script.as_ref())).collect();
        let bots = format!("{id}.bots.");
        let run = modules.iter().filter(|(m, _)| !m.starts_with(&bots)).map(|(_, s)| s);
        let checked: Vec<&Source> = run.chain(defs.iter().filter_map(|d| d.script.as_ref())).collect();
        self.diags.extend(scripts(&checked));
        // Data keys nothing reads: a typo in the game's own data (unread.rs).
        let dir = self.root.join(format!("scenarios/{id}"));
        let hooks = game.scenarios.0.values().filter_map(|f| super::unread::scenario_script(&dir, f));
        let code = sources.iter().map(|s| s.code.as_str());
        for (at, msg) in super::unread::Mentions::new(code, &templates).unread(&schema, &data, &doc.at, hooks) {
            self.at(&doc, at, msg);
        }

        if !self.diags.is_empty() {
            return Err(Error::Content(self.diags));
        }
        Ok(Content {
            root: self.root.to_path_buf(),
            game: game.id.clone(),
            scenarios: game.scenarios.0.clone(),
            id: game.id,
            name: game.name,
            about: game.about,
            rules: game.rules,
            api: game.api,
            players: game.players,
            cooperative: game.cooperative,
            length: game.length,
            lead: game.lead,
            result: game.result,
            evaluate: game.evaluate,
            picture: game.picture,
            sets: Vec::new(),
            zones: game.zones,
            counters: game.counters,
            dice,
            seat_dice,
            defs,
            cards: super::CardRule::default(),
            board,
            map,
            grid,
            warnings: self.warnings,
            data,
            schema,
            templates,
            main,
            render,
            scenario: None,
            modules,
            returns: self.returns,
            hash: self.hash.finish(),
            bytecode: Arc::default(),
        })
    }

    /// The path of game `id`'s `game.yaml`, or why there is none: a bad id, no such file.
    fn game_file(&self, id: &str) -> Result<String> {
        if !super::checks::is_id(id) {
            return Err(Error::Content(vec![Diagnostic::file(
                format!("scenarios/{id}"),
                "a game id is snake_case letters, digits and underscores",
            )]));
        }
        let game_rel = format!("scenarios/{id}/game.yaml");
        if !self.root.join(&game_rel).is_file() {
            return Err(Error::Content(vec![Diagnostic::file(
                game_rel,
                format!("no such game '{id}' under {}", self.root.display()),
            )]));
        }
        Ok(game_rel)
    }

    /// The zones and counters the game makes at its most seats, against the limits: first
    /// without the per-object zones, then with those the components' objects make.
    fn sizes(&mut self, doc: &Doc, game: &GameFile, nodes: usize, defs: &[Def]) {
        let sizes = Sizes { players: game.players.max, nodes, per_object: 0 };
        let with_objects = Sizes { per_object: per_object_zones(&game.zones, defs), ..sizes };
        let zones = sizes.zones(&game.zones).or_else(|| with_objects.zones(&game.zones));
        let counters = sizes.counters(&game.counters);
        let object_counters = sizes.object_counters(&game.counters, defs);
        for (key, msg) in [("zones", zones), ("counters", counters), ("counters", object_counters)] {
            if let Some(msg) = msg {
                self.at(doc, doc.at.key(&[Key(key)]), msg);
            }
        }
    }
}
