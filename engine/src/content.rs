//! Game content: a game's YAML (`scenarios/<game>/game.yaml` and the component files it
//! names) and its Lua (`scripts/<game>/`, plus shared helpers in `scripts/lib/`).
//!
//! Loading is all-or-nothing and reports every problem it finds as a [`Diagnostic`] with
//! file, line and column. Unknown keys are errors. Lua written inside YAML (`script:`
//! blocks) is kept with the line it starts on, so its errors point into the YAML file.
//! Content is plain data (`Send + Sync`): one load serves every game of a batch.

use crate::board::Board;
use crate::diag::{Diagnostic, Error, Result};
use crate::hash::Fnv;
use crate::limits::*;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The version of the Lua API; each game's YAML names the version it was written for.
pub const API_VERSION: u32 = 1;

/// Who may see the objects of a zone (face-up objects and known objects aside).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Nobody (a face-down deck).
    Hidden,
    /// Everybody.
    Public,
    /// The seat the zone belongs to.
    Owner,
    /// The owner and the seats of the owner's team.
    Team,
}

/// Who may see a counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum CounterVisibility {
    #[default]
    Public,
    /// Only the seat it belongs to (per-seat counters).
    Owner,
    /// Nobody but the omniscient view (bookkeeping for the rules).
    Hidden,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    pub min: usize,
    pub max: usize,
    #[serde(default)]
    pub default: Option<usize>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneDecl {
    pub id: String,
    /// One zone of this kind per seat (hands, tableaus).
    #[serde(default)]
    pub per_seat: bool,
    /// One zone of this kind per board node (board spaces: pawns in a city, tiles on a square).
    #[serde(default)]
    pub per_node: bool,
    pub visibility: Visibility,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterDecl {
    pub id: String,
    #[serde(default)]
    pub per_seat: bool,
    #[serde(default)]
    pub visibility: CounterVisibility,
    #[serde(default)]
    pub initial: i64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct DiceDecl {
    id: String,
    #[serde(default = "one")]
    count: usize,
    faces: Vec<String>,
}

fn one() -> usize {
    1
}

/// A die: its kind's id and its faces, in YAML order.
#[derive(Debug, Clone)]
pub struct Die {
    pub kind: String,
    pub faces: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardDecl {
    #[serde(default)]
    nodes: Vec<String>,
    #[serde(default)]
    edges: Vec<(String, String)>,
    #[serde(default)]
    grid: Option<GridDecl>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct GridDecl {
    width: usize,
    height: usize,
    #[serde(default)]
    diagonal: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameFile {
    id: String,
    name: String,
    api: u32,
    players: Players,
    main: String,
    render: String,
    #[serde(default)]
    zones: Vec<ZoneDecl>,
    #[serde(default)]
    counters: Vec<CounterDecl>,
    #[serde(default)]
    dice: Vec<DiceDecl>,
    #[serde(default)]
    components: Vec<String>,
    #[serde(default)]
    board: Option<BoardDecl>,
    #[serde(default)]
    data: Strict,
    /// Scenarios, modes and variants: name -> overlay file in this folder.
    #[serde(default)]
    scenarios: Unique<String>,
}

/// A scenario: changes made to its game, which is loaded first. Its id is `game/name`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct OverlayFile {
    name: String,
    #[serde(default)]
    players: Option<Players>,
    /// Merged into the game's `data:` (maps key by key, anything else replaced).
    #[serde(default)]
    data: Strict,
    /// Changes to component definitions, by id.
    #[serde(default)]
    defs: Unique<DefOverlay>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct DefOverlay {
    /// Copies in this scenario (0 leaves the component out).
    #[serde(default)]
    count: Option<usize>,
    /// Merged into the definition's props.
    #[serde(default)]
    props: Strict,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ComponentFile {
    zone: String,
    defs: Vec<DefDecl>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct DefDecl {
    id: String,
    name: String,
    #[serde(default = "one")]
    count: usize,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    props: Strict,
    #[serde(default)]
    script: Option<String>,
}

/// Free-form YAML (`data:`, `props:`) as JSON values. Unlike `serde_json::Value`, which
/// keeps the last of two equal keys, a key given twice in one map is an error: a designer's
/// copy-paste slip must not silently drop a value.
#[derive(Debug, Clone, Default)]
struct Strict(serde_json::Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = serde_json::Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a YAML value")
    }
    fn visit_bool<E>(self, v: bool) -> std::result::Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_f64<E: serde::de::Error>(self, v: f64) -> std::result::Result<Self::Value, E> {
        serde_json::Number::from_f64(v)
            .map(serde_json::Value::Number)
            .ok_or_else(|| E::custom(format!("expected a finite number, got {v}")))
    }
    fn visit_str<E>(self, v: &str) -> std::result::Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_string<E>(self, v: String) -> std::result::Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_unit<E>(self) -> std::result::Result<Self::Value, E> {
        Ok(serde_json::Value::Null)
    }
    fn visit_none<E>(self) -> std::result::Result<Self::Value, E> {
        Ok(serde_json::Value::Null)
    }
    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> std::result::Result<Self::Value, D::Error> {
        Strict::deserialize(d).map(|s| s.0)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Self::Value, A::Error> {
        let mut out = Vec::new();
        while let Some(Strict(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(serde_json::Value::Array(out))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> std::result::Result<Self::Value, A::Error> {
        let mut out = serde_json::Map::new();
        while let Some(k) = map.next_key::<String>()? {
            if out.contains_key(&k) {
                return Err(serde::de::Error::custom(format!("duplicate key '{k}' (each key once per map)")));
            }
            let Strict(v) = map.next_value()?;
            out.insert(k, v);
        }
        Ok(serde_json::Value::Object(out))
    }
}

/// A map whose keys must be unique (serde's maps keep the last of two equal keys).
#[derive(Debug, Clone)]
struct Unique<V>(BTreeMap<String, V>);

impl<V> Default for Unique<V> {
    fn default() -> Self {
        Unique(BTreeMap::new())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Unique<V> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct Visit<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for Visit<V> {
            type Value = Unique<V>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> std::result::Result<Self::Value, A::Error> {
                let mut out = BTreeMap::new();
                while let Some(k) = map.next_key::<String>()? {
                    if out.contains_key(&k) {
                        return Err(serde::de::Error::custom(format!("duplicate key '{k}' (each key once per map)")));
                    }
                    out.insert(k, map.next_value()?);
                }
                Ok(Unique(out))
            }
        }
        d.deserialize_map(Visit(std::marker::PhantomData))
    }
}

/// Lua source with the place it came from, so that errors name the right file and line.
#[derive(Debug, Clone)]
pub struct Source {
    /// Path relative to the content root, used as the chunk name.
    pub file: String,
    /// The line of `file` the code starts on (1 for whole `.lua` files).
    pub line: usize,
    pub code: String,
}

/// A component definition: a card, tile or token kind, with its copies' starting zone.
#[derive(Debug, Clone)]
pub struct Def {
    pub id: String,
    pub name: String,
    pub text: Option<String>,
    pub props: serde_json::Value,
    pub script: Option<Source>,
    pub count: usize,
    /// Index into [`Content::zones`] of the zone the copies start in.
    pub zone: usize,
}

/// Bytecode by (chunk name, first line, hash of the code).
pub(crate) type BytecodeCache = HashMap<(String, usize, u64), Arc<[u8]>>;

/// Everything a game needs, loaded and checked.
#[derive(Debug, Clone)]
pub struct Content {
    pub root: PathBuf,
    /// `game`, or `game/scenario` for a scenario (an overlay of its game).
    pub id: String,
    /// The game's own id: its folders `scenarios/<game>/` and `scripts/<game>/`.
    pub game: String,
    /// The scenarios of the game: name (for `game/name` ids) -> overlay file.
    pub scenarios: BTreeMap<String, String>,
    pub name: String,
    pub api: u32,
    pub players: Players,
    pub zones: Vec<ZoneDecl>,
    pub counters: Vec<CounterDecl>,
    pub dice: Vec<Die>,
    pub defs: Vec<Def>,
    pub board: Board,
    pub data: serde_json::Value,
    pub main: Source,
    pub render: Source,
    /// Every Lua module the game may `require`, by module name (`dice_town.cards`, `lib.util`).
    pub modules: BTreeMap<String, Source>,
    /// Hash of every file the game was loaded from.
    pub hash: u64,
    /// Compiled Lua, by chunk name and first line, shared by every game of this content so
    /// that a batch of games parses each script once.
    pub(crate) bytecode: Arc<Mutex<BytecodeCache>>,
}

impl Content {
    /// The content root to use: `--root`, else `POSSE_ROOT`, else the project's own content
    /// (found from the current directory upwards, then beside the executable).
    pub fn default_root() -> PathBuf {
        if let Some(r) = std::env::var_os("POSSE_ROOT").filter(|r| !r.is_empty()) {
            return PathBuf::from(r);
        }
        let has = |p: &Path| p.join("scenarios").is_dir() && p.join("scripts").is_dir();
        if let Ok(mut dir) = std::env::current_dir() {
            loop {
                if has(&dir) {
                    return dir;
                }
                if !dir.pop() {
                    break;
                }
            }
        }
        if let Ok(exe) = std::env::current_exe() {
            let mut dir = exe;
            while dir.pop() {
                if has(&dir) {
                    return dir;
                }
            }
        }
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    /// Ids of the games under `root` (folders of `scenarios/` with a `game.yaml`), sorted.
    pub fn list(root: &Path) -> Result<Vec<String>> {
        let dir = root.join("scenarios");
        let entries = fs::read_dir(&dir).map_err(|e| {
            Error::Content(vec![Diagnostic::file(dir.display().to_string(), format!("cannot read folder: {e}"))])
        })?;
        let mut games: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter(|e| e.path().join("game.yaml").is_file())
            .filter_map(|e| e.file_name().to_str().map(str::to_string))
            .collect();
        games.sort();
        let mut ids = Vec::new();
        for g in games {
            // The scenarios a game lists; a game.yaml that does not parse is listed alone
            // (loading it reports why).
            let scenarios = crate::yaml::read_limited(&dir.join(&g).join("game.yaml"), CONTENT_FILE_BYTES)
                .ok()
                .filter(|t| crate::yaml::check_depth(t).is_ok())
                .and_then(|t| serde_yaml::from_str::<serde_yaml::Value>(&t).ok())
                .and_then(|v| v.get("scenarios").and_then(|s| s.as_mapping()).cloned())
                .map(|m| m.keys().filter_map(|k| k.as_str().map(str::to_string)).collect::<Vec<_>>())
                .unwrap_or_default();
            ids.push(g.clone());
            ids.extend(scenarios.into_iter().map(|s| format!("{g}/{s}")));
        }
        Ok(ids)
    }

    /// Loads and checks game `id` (or scenario `game/name`) from `root`.
    pub fn load(root: &Path, id: &str) -> Result<Content> {
        let loader = Loader { root, diags: Vec::new(), hash: Fnv::default(), bytes: 0 };
        match id.split_once('/') {
            None => loader.load(id),
            Some((game, scenario)) => {
                let base = loader.load(game)?;
                let mut loader = Loader { root, diags: Vec::new(), hash: Fnv::default(), bytes: 0 };
                loader.hash.write(&base.hash.to_le_bytes());
                loader.overlay(base, scenario)
            }
        }
    }

    /// Index of a zone declaration by id.
    pub fn zone_index(&self, id: &str) -> Option<usize> {
        self.zones.iter().position(|z| z.id == id)
    }
}

struct Loader<'a> {
    root: &'a Path,
    diags: Vec<Diagnostic>,
    hash: Fnv,
    /// Bytes read so far.
    bytes: u64,
}

impl Loader<'_> {
    /// Reads a content file: at most [`CONTENT_FILE_BYTES`], and [`CONTENT_BYTES`] for all
    /// the files of the game together.
    fn read(&mut self, rel: &str) -> Option<String> {
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

    fn parse<T: for<'de> Deserialize<'de>>(&mut self, rel: &str, text: &str) -> Option<T> {
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

    fn err(&mut self, file: &str, line: usize, msg: impl Into<String>) {
        self.diags.push(Diagnostic::new(file, line, 0, msg));
    }

    fn load(mut self, id: &str) -> Result<Content> {
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
        let p = game.players;
        if p.min == 0 || p.min > p.max || p.max > 64 || p.default.is_some_and(|d| d < p.min || d > p.max) {
            self.err(&game_rel, line_of("players:"), "expected 1 <= min <= default <= max <= 64");
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
            if !c.per_seat && c.visibility == CounterVisibility::Owner {
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
        let mut dice = Vec::new();
        let all_dice = game.dice.iter().fold(0usize, |n, d| n.saturating_add(d.count));
        if all_dice > MAX_DICE {
            self.err(&game_rel, line_of("dice:"), format!("{all_dice} dice: a game has at most {MAX_DICE}"));
        }
        for d in &game.dice {
            if d.faces.is_empty() {
                self.err(&game_rel, line_of(&d.id), format!("dice '{}': expected at least one face", d.id));
            }
            if d.faces.len() > MAX_FACES {
                let n = d.faces.len();
                self.err(&game_rel, line_of(&d.id), format!("dice '{}': {n} faces, at most {MAX_FACES}", d.id));
            }
            if all_dice <= MAX_DICE {
                for _ in 0..d.count {
                    dice.push(Die { kind: d.id.clone(), faces: d.faces.clone() });
                }
            }
        }
        let board = match &game.board {
            None => Board::default(),
            Some(b) => {
                let grid = b.grid.as_ref().map_or(0, |g| g.width.saturating_mul(g.height));
                let nodes = grid.saturating_add(b.nodes.len());
                if nodes > MAX_NODES {
                    let line = line_of(if grid > 0 { "grid:" } else { "nodes:" });
                    self.err(&game_rel, line, format!("{nodes} board nodes: a board has at most {MAX_NODES}"));
                }
                if b.edges.len() > MAX_EDGES {
                    let n = b.edges.len();
                    self.err(&game_rel, line_of("edges:"), format!("{n} edges: a board has at most {MAX_EDGES}"));
                }
                let mut board = match &b.grid {
                    Some(g) if nodes <= MAX_NODES => Board::grid(g.width, g.height, g.diagonal),
                    _ => Board::default(),
                };
                if nodes <= MAX_NODES && b.edges.len() <= MAX_EDGES {
                    for n in &b.nodes {
                        board.add_node(n);
                    }
                    for (a, c) in &b.edges {
                        if !board.add_edge(a, c) {
                            self.err(
                                &game_rel,
                                line_of("edges:"),
                                format!("edge {a} - {c}: both ends must be listed in nodes"),
                            );
                        }
                    }
                    board.finish();
                }
                board
            }
        };
        let sizes = Sizes { players: p.max, nodes: board.nodes().len() };
        if let Some(msg) = sizes.zones(&game.zones) {
            self.err(&game_rel, line_of("zones:"), msg);
        }
        if let Some(msg) = sizes.counters(&game.counters) {
            self.err(&game_rel, line_of("counters:"), msg);
        }

        let mut defs = Vec::new();
        for comp in &game.components {
            let rel = format!("scenarios/{id}/{comp}");
            let Some(text) = self.read(&rel) else {
                continue;
            };
            let Some(file) = self.parse::<ComponentFile>(&rel, &text) else {
                continue;
            };
            let zone = game.zones.iter().position(|z| z.id == file.zone);
            if zone.is_none() {
                self.err(&rel, find_line(&text, "zone:", 1).unwrap_or(0), format!("unknown zone '{}'", file.zone));
            }
            if zone.is_some_and(|z| game.zones[z].per_seat || game.zones[z].per_node) {
                self.err(
                    &rel,
                    find_line(&text, "zone:", 1).unwrap_or(0),
                    "components must start in a zone that is not per seat or per node",
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
                let script = d.script.map(|code| {
                    let line = script_line(&text, item_start(&text, id_line), &code);
                    Source { file: rel.clone(), line, code }
                });
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
                defs.push(Def {
                    id: d.id,
                    name: d.name,
                    text: d.text,
                    props: d.props.0,
                    script,
                    count: d.count,
                    zone: zone.unwrap_or(0),
                });
            }
        }

        // Lua: the game's folder and the shared helpers.
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

        // Every script compiles now, so that `check` lists all syntax errors at once.
        let (errors, bytecode) =
            crate::lua::precompile(modules.values().chain(defs.iter().filter_map(|d| d.script.as_ref())));
        for (file, line, msg) in errors {
            self.diags.push(Diagnostic::new(file, line, 0, msg));
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
            api: game.api,
            players: game.players,
            zones: game.zones,
            counters: game.counters,
            dice,
            defs,
            board,
            data: game.data.0,
            main,
            render,
            modules,
            hash: self.hash.finish(),
            bytecode: Arc::new(Mutex::new(bytecode)),
        })
    }
}

impl Loader<'_> {
    /// Applies scenario `name` of the loaded game `base`.
    fn overlay(mut self, mut base: Content, name: &str) -> Result<Content> {
        let game = base.game.clone();
        let game_rel = format!("scenarios/{game}/game.yaml");
        let Some(file) = base.scenarios.get(name).cloned() else {
            let names: Vec<&str> = base.scenarios.keys().map(String::as_str).collect();
            let known = if names.is_empty() { "none".to_string() } else { names.join(", ") };
            return Err(Error::Content(vec![Diagnostic::file(
                game_rel,
                format!("no scenario '{name}' in {game} (its scenarios: {known})"),
            )]));
        };
        let rel = format!("scenarios/{game}/{file}");
        let text = self.read(&rel).ok_or_else(|| Error::Content(self.diags.clone()))?;
        let o: OverlayFile = self.parse(&rel, &text).ok_or_else(|| Error::Content(self.diags.clone()))?;
        base.id = format!("{game}/{name}");
        base.name = o.name;
        if let Some(p) = o.players {
            if p.min == 0 || p.min > p.max || p.max > 64 || p.default.is_some_and(|d| d < p.min || d > p.max) {
                self.err(
                    &rel,
                    find_line(&text, "players:", 1).unwrap_or(0),
                    "expected 1 <= min <= default <= max <= 64",
                );
            }
            base.players = p;
        }
        merge(&mut base.data, o.data.0);
        let sizes = Sizes { players: base.players.max, nodes: base.board.nodes().len() };
        for msg in [sizes.zones(&base.zones), sizes.counters(&base.counters)].into_iter().flatten() {
            self.err(&rel, find_line(&text, "players:", 1).unwrap_or(0), msg);
        }
        for (id, change) in o.defs.0 {
            let line = find_line(&text, &format!("{id}:"), 1).unwrap_or(0);
            let Some(def) = base.defs.iter_mut().find(|d| d.id == id) else {
                self.err(&rel, line, format!("defs: no component '{id}' in {game}"));
                continue;
            };
            if let Some(n) = change.count {
                def.count = n;
            }
            let objects = base.defs.iter().fold(0usize, |n, d| n.saturating_add(d.count));
            if objects > MAX_OBJECTS {
                self.err(&rel, line, format!("{id}: {objects} objects in all: a game has at most {MAX_OBJECTS}"));
                break;
            }
            let def = base.defs.iter_mut().find(|d| d.id == id).expect("found above");
            if !(change.props.0.is_null() || change.props.0.is_object()) {
                self.err(&rel, line, format!("{id}: props: expected a map"));
            }
            merge(&mut def.props, change.props.0);
        }
        if !self.diags.is_empty() {
            return Err(Error::Content(self.diags));
        }
        base.hash = self.hash.finish();
        Ok(base)
    }
}

/// What the size of a game's zones and counters depends on: seats and board nodes.
struct Sizes {
    players: usize,
    nodes: usize,
}

impl Sizes {
    /// Zones made at the most seats: a message when there are too many.
    fn zones(&self, zones: &[ZoneDecl]) -> Option<String> {
        let n = zones.iter().fold(0usize, |n, z| {
            n.saturating_add(if z.per_seat {
                self.players
            } else if z.per_node {
                self.nodes
            } else {
                1
            })
        });
        (n > MAX_ZONES).then(|| format!("{n} zones at {} players: a game has at most {MAX_ZONES}", self.players))
    }

    /// Counters made at the most seats: a message when there are too many.
    fn counters(&self, counters: &[CounterDecl]) -> Option<String> {
        let n = counters.iter().fold(0usize, |n, c| n.saturating_add(if c.per_seat { self.players } else { 1 }));
        (n > MAX_COUNTERS)
            .then(|| format!("{n} counters at {} players: a game has at most {MAX_COUNTERS}", self.players))
    }
}

/// Merges `over` into `base`: maps key by key (recursively), anything else replaces; a
/// null `over` changes nothing.
fn merge(base: &mut serde_json::Value, over: serde_json::Value) {
    match (base, over) {
        (_, serde_json::Value::Null) => {}
        (serde_json::Value::Object(b), serde_json::Value::Object(o)) => {
            for (k, v) in o {
                match b.get_mut(&k) {
                    Some(slot) if v.is_object() => merge(slot, v),
                    _ => {
                        b.insert(k, v);
                    }
                }
            }
        }
        (b, o) => *b = o,
    }
}

fn check_unique<'a>(l: &mut Loader, file: &str, text: &str, ids: impl Iterator<Item = &'a str>, what: &str) {
    let mut seen = Vec::new();
    for id in ids {
        if seen.contains(&id) {
            l.err(file, find_line(text, id, 1).unwrap_or(0), format!("{what} '{id}' is declared twice"));
        }
        seen.push(id);
    }
}

fn is_id(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
}

/// The first line (1-based) at or after `from` that contains `needle`.
fn find_line(text: &str, needle: &str, from: usize) -> Option<usize> {
    text.lines().enumerate().skip(from.saturating_sub(1)).find(|(_, l)| l.contains(needle)).map(|(i, _)| i + 1)
}

/// The line (1-based) where the list item holding line `at` starts (its `- `).
fn item_start(text: &str, at: usize) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    (1..=at.min(lines.len())).rev().find(|&l| lines[l - 1].trim_start().starts_with("- ")).unwrap_or(at)
}

/// The YAML line on which a definition's `script:` code starts: the line after
/// `script: |` for a block, the `script:` line itself for an inline string.
fn script_line(text: &str, id_line: usize, code: &str) -> usize {
    let Some(at) = find_line(text, "script:", id_line.max(1)) else {
        return 1;
    };
    let line = text.lines().nth(at - 1).unwrap_or("");
    let rest = line.split_once("script:").map(|(_, r)| r.trim()).unwrap_or("");
    if rest.starts_with('|') || rest.starts_with('>') || rest.is_empty() {
        // Block scalar: the code starts at the first line after `script:` whose text
        // begins the code (blank lines inside the block are kept by YAML).
        let first = code.lines().next().unwrap_or("").trim();
        if first.is_empty() {
            return at + 1;
        }
        find_line(text, first, at + 1).unwrap_or(at + 1)
    } else {
        at
    }
}

/// Folders of scripts inside folders of scripts: deeper than this is a mistake (or a link
/// to a folder above).
const SCRIPT_FOLDER_DEPTH: usize = 8;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_line_points_at_first_code_line() {
        let yaml = "defs:\n  - id: a\n    name: A\n    script: |\n      return 1\n  - id: b\n    script: return 2\n";
        assert_eq!(script_line(yaml, 2, "return 1\n"), 5);
        assert_eq!(script_line(yaml, 6, "return 2"), 7);
        // `script:` before `id:` in an item.
        let yaml = "defs:\n  - script: |\n      return 'a'\n    id: a\n  - id: b\n    script: |\n      return 'b'\n";
        assert_eq!(script_line(yaml, item_start(yaml, 4), "return 'a'\n"), 3);
        assert_eq!(script_line(yaml, item_start(yaml, 5), "return 'b'\n"), 7);
    }

    #[test]
    fn ids_are_snake_case() {
        assert!(is_id("dice_town"));
        assert!(!is_id("Dice"));
        assert!(!is_id("1x"));
        assert!(!is_id(""));
    }
}
