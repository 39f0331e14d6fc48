//! Reading one game: its `game.yaml`, the component files it lists and its Lua sources,
//! every problem kept as a diagnostic and reported together at the end.
//!
//! The order of the checks is the order of the file (players, scenarios, zones, counters,
//! dice, board, sizes, components, scripts), so diagnostics come out in reading order.
//! A file that cannot be read or parsed stops only what depends on it. Every byte read
//! goes into the content hash, and all files together are bounded ([`CONTENT_BYTES`]).

use super::checks::{about_problem, check_unique, find_line, is_id, item_start, script_line, Sizes};
use super::schema::{BoardDecl, ComponentFile, DiceDecl, GameFile};
use super::{
    CheckScripts, Content, CounterDecl, CounterVisibility, Def, Die, Source, Visibility, ZoneDecl, API_VERSION,
};
use crate::board::grid::Grid;
use crate::board::Board;
use crate::diag::{Diagnostic, Error, Result};
use crate::hash::Fnv;
use crate::limits::{CONTENT_BYTES, CONTENT_FILE_BYTES, MAX_DEFS, MAX_DICE, MAX_FACES, MAX_OBJECTS};
use crate::zonemap::ZoneMap;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::Path;
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
    templates: Vec<super::Template>,
    /// The LuaLS class each component file's scripts return (`returns:`), by file.
    returns: BTreeMap<String, String>,
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
        }
    }

    /// Reads a content file: at most [`CONTENT_FILE_BYTES`], and [`CONTENT_BYTES`] for all
    /// the files of the game together.
    pub(super) fn read(&mut self, rel: &str) -> Option<String> {
        let left = CONTENT_BYTES.saturating_sub(self.bytes);
        match crate::yaml::read_limited(&self.root.join(rel), CONTENT_FILE_BYTES.min(left)) {
            Ok(text) => {
                self.bytes += text.len() as u64;
                self.hash.write(rel.as_bytes());
                self.hash.write(text.as_bytes());
                Some(text)
            }
            Err(e) if left < CONTENT_FILE_BYTES && e.message.contains("too large") => {
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

    pub(super) fn parse<T: for<'de> Deserialize<'de>>(&mut self, rel: &str, text: &str) -> Option<T> {
        if let Err(at) = crate::yaml::check_depth(text) {
            let (line, column, msg) = crate::yaml::too_deep(at);
            self.diags.push(Diagnostic::new(rel, line, column, msg));
            return None;
        }
        match serde_yaml::from_str::<T>(text) {
            Ok(v) => Some(v),
            Err(e) => {
                let (line, column) = e.location().map(|l| (l.line(), l.column())).unwrap_or((0, 0));
                let msg = e.to_string();
                // serde_yaml appends " at line L column C"; the diagnostic says it already.
                let msg = match msg.find(" at line ") {
                    Some(i) if line > 0 => msg[..i].to_string(),
                    _ => msg,
                };
                self.diags.push(Diagnostic::new(rel, line, column, msg));
                None
            }
        }
    }

    pub(super) fn err(&mut self, file: &str, line: usize, msg: impl Into<String>) {
        self.diags.push(Diagnostic::new(file, line, 0, msg));
    }

    /// Reads game `id`, its components and its Lua sources; `scripts` checks the sources.
    pub(super) fn load(mut self, id: &str, scripts: &mut CheckScripts) -> Result<Content> {
        if !is_id(id) {
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
        let text = self.read(&game_rel).ok_or_else(|| Error::Content(self.diags.clone()))?;
        let game: GameFile = self.parse(&game_rel, &text).ok_or_else(|| Error::Content(self.diags.clone()))?;
        let line_of = |needle: &str| find_line(&text, needle, 1).unwrap_or(0);

        if game.id != id {
            self.err(&game_rel, line_of("id:"), format!("id '{}' should match its folder '{id}'", game.id));
        }
        if game.api != API_VERSION {
            self.err(
                &game_rel,
                line_of("api:"),
                format!("written for Lua API {}, this engine provides API {}", game.api, API_VERSION),
            );
        }
        if let Some(msg) = game.about.as_deref().and_then(about_problem) {
            self.err(&game_rel, line_of("about:"), msg);
        }
        let p = game.players;
        if p.min == 0 || p.min > p.max || p.max > 64 || p.default.is_some_and(|d| d < p.min || d > p.max) {
            self.err(&game_rel, line_of("players:"), "expected 1 <= min <= default <= max <= 64");
        }
        if let Some(l) = &game.length {
            match game.counters.iter().find(|c| c.id == l.counter) {
                Some(c) if !c.per_seat && !c.per_object => {}
                Some(_) => self.err(
                    &game_rel,
                    line_of("length:"),
                    format!("length: counter '{}' must be global (not per seat or per object)", l.counter),
                ),
                None => {
                    self.err(&game_rel, line_of("length:"), format!("length: no counter '{}' is declared", l.counter))
                }
            }
        }
        if let Some(l) = &game.lead {
            match game.counters.iter().find(|c| &c.id == l) {
                Some(c) if c.per_seat => {}
                Some(_) => self.err(&game_rel, line_of("lead:"), format!("lead: counter '{l}' must be per seat")),
                None => self.err(&game_rel, line_of("lead:"), format!("lead: no counter '{l}' is declared")),
            }
        }
        for (name, file) in &game.scenarios.0 {
            let plain = file.ends_with(".yaml") && !file.contains('/') && !file.contains('\\') && file != "game.yaml";
            if !is_id(name) || !plain {
                self.err(
                    &game_rel,
                    line_of(&format!("{name}:")),
                    format!(
                        "scenario '{name}': expected a snake_case name and a .yaml file of this folder, not '{file}'"
                    ),
                );
            }
        }
        check_unique(&mut self, &game_rel, &text, game.zones.iter().map(|z| z.id.as_str()), "zone");
        check_unique(&mut self, &game_rel, &text, game.counters.iter().map(|c| c.id.as_str()), "counter");
        for c in &game.counters {
            // Found only for an error: a search per declaration would cost the text's
            // length times their number.
            let decl_line = || find_line(&text, &format!("id: {}", c.id), 1).unwrap_or_else(|| line_of(&c.id));
            if c.per_object && c.per_seat {
                self.err(
                    &game_rel,
                    decl_line(),
                    format!("counter '{}': per_seat and per_object exclude each other", c.id),
                );
            } else if c.per_object && c.visibility == CounterVisibility::Owner {
                self.err(
                    &game_rel,
                    decl_line(),
                    format!("counter '{}': a per-object counter is public or hidden, not owner", c.id),
                );
            } else if !c.per_seat && c.visibility == CounterVisibility::Owner {
                self.err(
                    &game_rel,
                    line_of(&c.id),
                    format!("counter '{}': visibility owner needs per_seat: true", c.id),
                );
            }
        }
        for z in &game.zones {
            if z.per_seat && z.per_node {
                self.err(
                    &game_rel,
                    line_of(&z.id),
                    format!("zone '{}': per_seat and per_node exclude each other", z.id),
                );
            }
            if let Some(of) = &z.per_object {
                let decl_line = || find_line(&text, &format!("id: {}", z.id), 1).unwrap_or_else(|| line_of(&z.id));
                if z.per_seat || z.per_node {
                    self.err(
                        &game_rel,
                        decl_line(),
                        format!("zone '{}': per_object excludes per_seat and per_node", z.id),
                    );
                }
                if matches!(z.visibility, Visibility::Owner | Visibility::Team) {
                    self.err(
                        &game_rel,
                        decl_line(),
                        format!("zone '{}': a per-object zone is public or hidden, not {:?}", z.id, z.visibility)
                            .to_lowercase(),
                    );
                }
                match game.zones.iter().find(|t| &t.id == of) {
                    None => self.err(&game_rel, decl_line(), format!("zone '{}': per_object: no zone '{of}'", z.id)),
                    Some(t) if t.per_seat || t.per_node || t.per_object.is_some() => self.err(
                        &game_rel,
                        decl_line(),
                        format!("zone '{}': per_object: '{of}' is not a single zone components start in", z.id),
                    ),
                    Some(_) => {}
                }
                continue;
            }
            if z.per_node && game.board.is_none() {
                self.err(&game_rel, line_of(&z.id), format!("zone '{}': per_node needs a board", z.id));
            }
            if !z.per_seat && matches!(z.visibility, Visibility::Owner | Visibility::Team) {
                self.err(
                    &game_rel,
                    line_of(&z.id),
                    format!("zone '{}': visibility {:?} needs per_seat: true", z.id, z.visibility).to_lowercase(),
                );
            }
        }
        let (dice, seat_dice) = self.dice(&game_rel, &text, &game.dice, p.max);
        let (board, map, grid) = self.board(id, &game_rel, &text, game.board.as_ref());
        let sizes = Sizes { players: p.max, nodes: board.nodes().len(), per_object: 0 };
        if let Some(msg) = sizes.zones(&game.zones) {
            self.err(&game_rel, line_of("zones:"), msg);
        }
        let zones_fit = sizes.zones(&game.zones).is_none();
        if let Some(msg) = sizes.counters(&game.counters) {
            self.err(&game_rel, line_of("counters:"), msg);
        }

        let defs = self.components(id, &game.zones, &game.counters, &game.components);
        let sizes = Sizes { per_object: per_object_zones(&game.zones, &defs), ..sizes };
        if let Some(msg) = sizes.zones(&game.zones).filter(|_| zones_fit) {
            self.err(&game_rel, line_of("zones:"), msg);
        }
        if let Some(msg) = sizes.object_counters(&game.counters, &defs) {
            self.err(&game_rel, line_of("counters:"), msg);
        }

        let modules = self.modules(id);
        let mut script = |name: &str, what: &str| -> Source {
            let module = format!("{id}.{}", name.trim_end_matches(".lua"));
            match modules.get(&module) {
                Some(s) => s.clone(),
                None => {
                    self.diags.push(Diagnostic::new(
                        game_rel.clone(),
                        find_line(&text, &format!("{what}:"), 1).unwrap_or(0),
                        0,
                        format!("{what}: no file scripts/{id}/{name}"),
                    ));
                    Source { file: String::new(), line: 1, code: String::new() }
                }
            }
        };
        let main = script(&game.main, "main");
        let render = script(&game.render, "render");

        // The data against the schema, and the texts' placeholders filled from it.
        let (schema, problems) =
            super::data::rules(game.schema.0.into_iter().collect(), &game_rel, &text, &game.data.0);
        for (line, msg) in problems {
            self.err(&game_rel, line, msg);
        }
        for (path, msg) in super::data::check(&schema, &mut Vec::new(), &game.data.0) {
            self.err(&game_rel, super::data::data_line(&text, &path), format!("data: {msg}"));
        }
        let mut data = game.data.0;
        let mut templates = std::mem::take(&mut self.templates);
        templates.extend(super::texts::data_templates(&game_rel, &text, &data));
        let mut defs = defs;
        self.diags.extend(super::texts::fill(&templates, &mut defs, &mut data));

        // Every script is checked now, so that `check` lists all syntax errors at once.
        let sources: Vec<&Source> = modules.values().chain(defs.iter().filter_map(|d| d.script.as_ref())).collect();
        self.diags.extend(scripts(&sources));
        // Data keys nothing reads: a typo in the game's own data (unread.rs).
        let hooks =
            super::unread::scenario_scripts(&self.root.join(format!("scenarios/{id}")), game.scenarios.0.values());
        let code = sources.iter().map(|s| s.code.as_str()).chain(hooks.iter().map(String::as_str));
        for (line, msg) in super::unread::Mentions::new(code, &templates).unread(&schema, &data, &text) {
            self.err(&game_rel, line, msg);
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
            api: game.api,
            players: game.players,
            cooperative: game.cooperative,
            length: game.length,
            lead: game.lead,
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
            returns: std::mem::take(&mut self.returns),
            hash: self.hash.finish(),
            bytecode: Arc::default(),
        })
    }

    /// The dice of the game, one per copy of each kind: the shared ones and each seat's
    /// own (none when there are too many).
    fn dice(&mut self, game_rel: &str, text: &str, decls: &[DiceDecl], players: usize) -> (Vec<Die>, Vec<Die>) {
        let line_of = |needle: &str| find_line(text, needle, 1).unwrap_or(0);
        let (mut dice, mut seat_dice) = (Vec::new(), Vec::new());
        let copies = |d: &DiceDecl| if d.per_seat { d.count.saturating_mul(players) } else { d.count };
        let all_dice = decls.iter().fold(0usize, |n, d| n.saturating_add(copies(d)));
        if all_dice > MAX_DICE {
            let each = match decls.iter().any(|d| d.per_seat) {
                true => format!(" (each seat's counted for {players} seats)"),
                false => String::new(),
            };
            self.err(game_rel, line_of("dice:"), format!("{all_dice} dice{each}: a game has at most {MAX_DICE}"));
        }
        for d in decls {
            if d.faces.is_empty() {
                self.err(game_rel, line_of(&d.id), format!("dice '{}': expected at least one face", d.id));
            }
            if d.faces.len() > MAX_FACES {
                let n = d.faces.len();
                self.err(game_rel, line_of(&d.id), format!("dice '{}': {n} faces, at most {MAX_FACES}", d.id));
            }
            if !d.per_seat && matches!(d.visibility, Visibility::Owner | Visibility::Team) {
                let msg = format!("dice '{}': visibility {:?} needs per_seat: true", d.id, d.visibility).to_lowercase();
                self.err(game_rel, line_of(&d.id), msg);
            }
            if all_dice <= MAX_DICE {
                let to = if d.per_seat { &mut seat_dice } else { &mut dice };
                for _ in 0..d.count {
                    to.push(Die { kind: d.id.clone(), faces: d.faces.clone(), visibility: d.visibility });
                }
            }
        }
        (dice, seat_dice)
    }

    /// The board the game declares (an empty one when it declares none or too much), the
    /// zone map it is drawn from, if any, and its grid, if it has one.
    pub(super) fn board(
        &mut self,
        id: &str,
        game_rel: &str,
        text: &str,
        decl: Option<&BoardDecl>,
    ) -> (Board, Option<Arc<ZoneMap>>, Option<Arc<Grid>>) {
        let line_of = |needle: &str| find_line(text, needle, 1).unwrap_or(0);
        match decl {
            None => (Board::default(), None, None),
            Some(b) if b.map.is_some() => {
                let file = b.map.as_deref().unwrap_or_default();
                if !b.nodes.is_empty() || !b.edges.is_empty() || b.grid.is_some() {
                    self.err(game_rel, line_of("map:"), "board: map excludes nodes, edges and grid");
                }
                if !file.ends_with(".yaml") || file.contains('/') || file.contains('\\') || file == "game.yaml" {
                    self.err(
                        game_rel,
                        line_of("map:"),
                        format!("board: map: expected a .yaml file of this folder, not '{file}'"),
                    );
                    return (Board::default(), None, None);
                }
                match self.zone_map(&format!("scenarios/{id}/{file}")) {
                    Some(map) => (map.board().clone(), Some(map), None),
                    None => (Board::default(), None, None),
                }
            }
            Some(b) => {
                let (board, grid) = self.graph_board(game_rel, text, b);
                (board, None, grid)
            }
        }
    }

    /// The component definitions of the files `game.yaml` lists, in order.
    fn components(&mut self, id: &str, zones: &[ZoneDecl], counters: &[CounterDecl], files: &[String]) -> Vec<Def> {
        let mut defs = Vec::new();
        let per_object = per_object_counters(counters);
        for comp in files {
            let rel = format!("scenarios/{id}/{comp}");
            let Some(text) = self.read(&rel) else {
                continue;
            };
            let Some(file) = self.parse::<ComponentFile>(&rel, &text) else {
                continue;
            };
            if let Some(class) = &file.returns {
                if let Some(msg) = super::checks::class_problem(class) {
                    self.err(&rel, find_line(&text, "returns:", 1).unwrap_or(0), msg);
                }
                self.returns.insert(rel.clone(), class.clone());
            }
            let zone = zones.iter().position(|z| z.id == file.zone);
            if zone.is_none() {
                self.err(&rel, find_line(&text, "zone:", 1).unwrap_or(0), format!("unknown zone '{}'", file.zone));
            }
            if zone.is_some_and(|z| zones[z].per_seat || zones[z].per_node || zones[z].per_object.is_some()) {
                self.err(
                    &rel,
                    find_line(&text, "zone:", 1).unwrap_or(0),
                    "components must start in a zone that is not per seat, per node or per object",
                );
            }
            let mut from = 1;
            for d in file.defs {
                let id_line = find_line(&text, &format!("id: {}", d.id), from).unwrap_or(0);
                from = id_line.max(1);
                if !is_id(&d.id) {
                    self.err(&rel, id_line, format!("id '{}': expected snake_case", d.id));
                }
                if defs.iter().any(|x: &Def| x.id == d.id) {
                    self.err(&rel, id_line, format!("id '{}' is defined twice", d.id));
                }
                if !(d.props.0.is_null() || d.props.0.is_object()) {
                    self.err(&rel, id_line, format!("{}: props: expected a map", d.id));
                }
                if let Some(t) = d.tags.iter().find(|t| !is_id(t)) {
                    self.err(&rel, id_line, format!("{}: tags: '{t}': expected a snake_case tag", d.id));
                }
                let script = d.script.map(|code| {
                    let line = script_line(&text, item_start(&text, id_line), &code);
                    Source { file: rel.clone(), line, code }
                });
                let item = item_start(&text, id_line);
                for msg in counter_problems(&per_object, &d.id, &d.counters.0) {
                    let at = find_line(&text, "counters:", item).unwrap_or(id_line);
                    let line = find_line(&text, &format!("{}:", msg.0), at).unwrap_or(at);
                    self.err(&rel, line, msg.1);
                }
                let objects = defs.iter().fold(d.count, |n: usize, x: &Def| n.saturating_add(x.count));
                if objects > MAX_OBJECTS && objects.saturating_sub(d.count) <= MAX_OBJECTS {
                    self.err(
                        &rel,
                        id_line,
                        format!("{}: {objects} objects in all: a game has at most {MAX_OBJECTS}", d.id),
                    );
                }
                if defs.len() == MAX_DEFS {
                    self.err(&rel, id_line, format!("{}: a game has at most {MAX_DEFS} components", d.id));
                }
                if d.text.as_deref().is_some_and(super::texts::is_template) {
                    self.templates.push(super::Template {
                        file: rel.clone(),
                        line: super::texts::text_line(&text, item),
                        slot: super::Slot::Def(defs.len()),
                        text: d.text.clone().unwrap_or_default(),
                    });
                }
                defs.push(Def {
                    id: d.id,
                    name: d.name,
                    text: d.text,
                    props: d.props.0,
                    script,
                    counters: d.counters.0,
                    tags: d.tags,
                    count: d.count,
                    zone: zone.unwrap_or(0),
                    left_out: false,
                    file: rel.clone(),
                    line: id_line,
                });
            }
        }

        defs
    }

    /// Every Lua module the game may `require`: its own folder's and the shared helpers'.
    fn modules(&mut self, id: &str) -> BTreeMap<String, Source> {
        let mut modules = BTreeMap::new();
        for (dir, prefix) in [(format!("scripts/{id}"), id.to_string()), ("scripts/lib".to_string(), "lib".to_string())]
        {
            let mut files = lua_files(&self.root.join(&dir), 0);
            files.sort();
            for f in files {
                let rel = format!("{dir}/{f}");
                if let Some(code) = self.read(&rel) {
                    let module = format!("{prefix}.{}", f.trim_end_matches(".lua").replace('/', "."));
                    modules.insert(module, Source { file: rel, line: 1, code });
                }
            }
        }
        modules
    }
}

/// Whether each counter of the game is per object, by id: looked up once a definition
/// names it (a search of the declarations would cost their number each time).
pub(super) fn per_object_counters(counters: &[CounterDecl]) -> HashMap<&str, bool> {
    counters.iter().map(|c| (c.id.as_str(), c.per_object)).collect()
}

/// What is wrong with the starting values definition `def` gives per-object counters:
/// (the counter's id, the message) for each name that is no per-object counter.
pub(super) fn counter_problems(
    per_object: &HashMap<&str, bool>,
    def: &str,
    values: &BTreeMap<String, i64>,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for name in values.keys() {
        match per_object.get(name.as_str()) {
            Some(true) => {}
            Some(false) => out.push((name.clone(), format!("{def}: counters: '{name}' is not a per-object counter"))),
            None => out.push((
                name.clone(),
                format!("{def}: counters: no counter '{name}' is declared in game.yaml (per_object: true)"),
            )),
        }
    }
    out
}

/// How many per-object zones the definitions make: for each per-object zone declaration,
/// one per object starting in the zone it names.
pub(super) fn per_object_zones(zones: &[ZoneDecl], defs: &[Def]) -> usize {
    zones.iter().filter_map(|z| z.per_object.as_ref()).fold(0usize, |n, of| {
        let starting = defs
            .iter()
            .filter(|d| zones.get(d.zone).is_some_and(|z| &z.id == of))
            .fold(0usize, |n, d| n.saturating_add(d.count));
        n.saturating_add(starting)
    })
}

/// Folders of scripts inside folders of scripts: deeper than this is a mistake (or a link
/// to a folder above).
const SCRIPT_FOLDER_DEPTH: usize = 8;

/// The `.lua` files under `dir`, as paths relative to it.
fn lua_files(dir: &Path, depth: usize) -> Vec<String> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        let Some(name) = p.file_name().and_then(|n| n.to_str()).map(str::to_string) else {
            continue;
        };
        if p.is_dir() {
            if depth < SCRIPT_FOLDER_DEPTH {
                out.extend(lua_files(&p, depth + 1).into_iter().map(|f| format!("{name}/{f}")));
            }
        } else if name.ends_with(".lua") {
            out.push(name);
        }
    }
    out
}
