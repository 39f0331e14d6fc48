//! Game content: a game's YAML (`scenarios/<game>/game.yaml` and the component files it
//! names) and its Lua sources (`scripts/<game>/`, plus shared helpers in `scripts/lib/`),
//! read and checked.
//!
//! Loading is all-or-nothing and reports every problem it finds as a [`Diagnostic`] with
//! file, line and column. Unknown keys are errors. Lua written inside YAML (`script:`
//! blocks) is kept with the line it starts on, so its errors point into the YAML file.
//! Content is plain data (`Send + Sync`): one load serves every game of a batch.
//!
//! Content knows nothing of Lua but where its sources are: it finds the `.lua` files and
//! the `script:` blocks and keeps them as [`Source`]s. Whether they compile is for the
//! layer that runs them to say: it passes its check in (`Content::read`), and the
//! entry point [`Content::load`] lives with it (lua/compile.rs), so that loading a game
//! still reports its syntax errors with its YAML problems, all at once.
//!
//! Every problem is reported where the YAML parser saw the value or key it is about: each
//! file is parsed once into its serde shape and an index of positions by path
//! (`yaml::Positions`), never searched for a word.
//!
//! Files: `schema.rs` (the YAML as serde reads it), `loader/` (reading a game: its files,
//! section by section, with their positions; Lua modules), `overlay.rs` (scenarios;
//! `sections.rs` their dice, zones and counters, merged by id),
//! `checks.rs` (sizes, ids, names twice, closest names), `data.rs` (the schema of `data:`,
//! the game's data checked, and the check of scenarios' keys), `texts.rs` (placeholders in
//! texts), `sets.rs` (`--set`), `grid.rs` (a board of nodes, edges and a grid),
//! `mapfile.rs` (a zone-map file), `catalogue.rs` (the games and scenarios as a menu
//! lists them, from their YAML alone), `modes.rs` (which definitions a scenario takes, by
//! tag), `unread.rs` (data keys nothing reads), `roots.rs` (a designer's root stacked on
//! the shipped one, and variants run from a file).

mod catalogue;
mod checks;
mod data;
mod grid;
mod loader;
mod mapfile;
mod modes;
mod overlay;
mod roots;
mod schema;
mod sections;
mod sets;
mod texts;
mod unread;

pub use catalogue::Entry;
pub use checks::{closest, is_id};
pub use data::{DataRule, Kind};
pub use roots::{register_variant, shipped_root, stack};
pub use schema::{
    CounterDecl, CounterVisibility, Evaluate, HidingDecl, Length, MarkDecl, MarkKind, PictureDecl, Players, ResultDecl,
    Rules, ScoreRange, Visibility, ZoneDecl,
};
pub use texts::{Slot, Template};

use crate::board::grid::Grid;
use crate::board::Board;
use crate::diag::{Diagnostic, Error, Result};
use crate::limits::CONTENT_FILE_BYTES;
use crate::zonemap::ZoneMap;
use loader::Loader;
use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The version of the Lua API; each game's YAML names the version it was written for.
pub const API_VERSION: u32 = 1;

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
    /// One line that says what the game (or scenario) is, from its YAML's `about:`.
    pub about: Option<String>,
    /// The rules in brief (`rules:`; a scenario's fields over its game's), for `:rules`.
    pub rules: Rules,
    pub api: u32,
    pub players: Players,
    /// Whether the seats win or lose together (`cooperative: true`): the result says
    /// whether the crew won (the result's `crew`), never who.
    pub cooperative: bool,
    /// The game's own unit of length (`length:`), which `sim` reports beside decisions.
    pub length: Option<Length>,
    /// The per-seat counter by which a seat leads (`lead:`), for `sim`'s decisiveness.
    pub lead: Option<String>,
    /// What every result keeps to (`result:`: zero-sum, the scores' range), checked at
    /// each game's end.
    pub result: ResultDecl,
    /// How the search player judges where its playouts stop (`evaluate:`).
    pub evaluate: Option<Evaluate>,
    /// What the board's pictures draw of pieces and places (`picture:`).
    pub picture: PictureDecl,
    /// The changes `--set` made to this run ("KEY=VALUE", in order; sets.rs).
    pub sets: Vec<String>,
    pub zones: Vec<ZoneDecl>,
    pub counters: Vec<CounterDecl>,
    /// The dice every seat shares, one per copy.
    pub dice: Vec<Die>,
    /// Each seat's own dice (`per_seat: true`), one per copy: every seat has one of each.
    pub seat_dice: Vec<Die>,
    pub defs: Vec<Def>,
    /// How a scenario takes the game's definitions (its `cards:`); empty for a game
    /// and for a scenario that takes them all.
    pub cards: CardRule,
    pub board: Board,
    /// The zone map the board is drawn from (`board: {map: FILE}`), whose movement graph
    /// is [`Content::board`].
    pub map: Option<Arc<ZoneMap>>,
    /// The grid the board is made of (`board: {grid: ...}`), whose cells are the first
    /// nodes of [`Content::board`], in cell order.
    pub grid: Option<Arc<Grid>>,
    /// Problems that do not stop the game (a zone map's grazing and fragile pairs), for
    /// `posse check` to print.
    pub warnings: Vec<Diagnostic>,
    pub data: serde_json::Value,
    /// The rules `data:` keeps (game.yaml's `schema:`; data.rs).
    pub schema: Vec<DataRule>,
    /// The texts with placeholders, as written: filled into the definitions' texts and
    /// the data at load and after every change (texts.rs).
    pub templates: Vec<Template>,
    pub main: Source,
    pub render: Source,
    /// The scenario's own Lua (its overlay file's `script:`), if any: what it returns is
    /// `posse.scenario()`.
    pub scenario: Option<Source>,
    /// Every Lua module the game may `require`, by module name (`dice_town.cards`, `lib.util`).
    pub modules: BTreeMap<String, Source>,
    /// The LuaLS class the `script:` blocks of a file return (its `returns:`), by file, so
    /// that the Lua checker checks a card's script against its game's card contract.
    pub returns: BTreeMap<String, String>,
    /// Hash of every file the game was loaded from.
    pub hash: u64,
    /// The scripts compiled, by source: filled by the layer that runs them (lua/compile.rs)
    /// and shared by every game of this content, so that a batch of games parses each
    /// script once. Content only keeps it.
    pub(crate) bytecode: Arc<Mutex<Bytecode>>,
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
    /// Starting values of the copies' per-object counters, by counter id (the others
    /// start at their declaration's `initial`).
    pub counters: BTreeMap<String, i64>,
    /// Its tags (`tags:`), by which a scenario takes it or leaves it out (modes.rs).
    pub tags: Vec<String>,
    pub count: usize,
    /// Index into [`Content::zones`] of the zone the copies start in.
    pub zone: usize,
    /// A scenario left it out (its count set to 0 where the game has copies). A
    /// definition the game itself gives no copies (an ability, such as a gang's Brain) is
    /// not left out.
    pub left_out: bool,
    /// Where it is defined: the YAML file (relative to the content root) and the line of
    /// its `id:`.
    pub file: String,
    pub line: usize,
}

/// A scenario's `cards:`: the definitions it takes by their tags (content/modes.rs).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardRule {
    /// A definition is in only if it carries one of these tags (none: every one may be).
    pub include: Vec<String>,
    /// A definition that carries one of these tags is left out.
    pub exclude: Vec<String>,
}

/// A die: its kind's id, its faces in YAML order, and who sees them (state.rs).
#[derive(Debug, Clone)]
pub struct Die {
    pub kind: String,
    pub faces: Vec<String>,
    pub visibility: Visibility,
}

impl Content {
    /// A side (a seat's team, else its role) as people call it: the `name` of the entry
    /// of `data.teams` whose `id` it is, where the data lists its teams so (`[{id, name}]`),
    /// else the id with a capital and spaces for underscores (`law` -> `Law`).
    pub fn side_name(&self, side: &str) -> String {
        let listed = self.data.get("teams").and_then(|t| t.as_array()).into_iter().flatten();
        let named = listed.filter(|t| t.get("id").and_then(|i| i.as_str()) == Some(side));
        if let Some(name) = named.filter_map(|t| t.get("name").and_then(|n| n.as_str())).next() {
            return name.to_string();
        }
        let spaced = side.replace('_', " ");
        let mut chars = spaced.chars();
        match chars.next() {
            Some(c) => c.to_uppercase().chain(chars).collect(),
            None => spaced,
        }
    }

    /// The content root to use: `--root`, else `POSSE_ROOT`, else the project's own content
    /// (found from the current directory upwards, then beside the executable). A root
    /// other than the shipped one stands on it (roots.rs): games it does not define, and
    /// the shared Lua, come from the shipped root.
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
        Ok(games.iter().flat_map(|g| Content::ids_of(&dir, g)).collect())
    }

    /// Whether `id` is one of [`Content::list`]'s, found without listing the others: a
    /// game is a folder of `scenarios/` with a `game.yaml` (nothing is read), a scenario
    /// one its game's `game.yaml` lists.
    pub fn is_listed(root: &Path, id: &str) -> bool {
        let game = id.split_once('/').map_or(id, |(g, _)| g);
        // A folder's name: one plain component, as `fs::read_dir` gives it.
        let mut parts = Path::new(game).components();
        let plain = matches!((parts.next(), parts.next()), (Some(std::path::Component::Normal(_)), None));
        let dir = root.join("scenarios");
        if !plain || !dir.join(game).join("game.yaml").is_file() {
            return false;
        }
        game == id || Content::ids_of(&dir, game).iter().any(|s| s == id)
    }

    /// Game `g` (a folder of `dir`, `scenarios/`) and its scenarios, as [`Content::list`]
    /// lists them.
    fn ids_of(dir: &Path, g: &str) -> Vec<String> {
        // The scenarios a game lists; a game.yaml that does not parse is listed alone
        // (loading it reports why).
        let scenarios = crate::yaml::read_limited(&dir.join(g).join("game.yaml"), CONTENT_FILE_BYTES)
            .ok()
            .filter(|t| crate::yaml::check_depth(t).is_ok())
            .and_then(|t| serde_yaml::from_str::<serde_yaml::Value>(&t).ok())
            .and_then(|v| v.get("scenarios").and_then(|s| s.as_mapping()).cloned())
            .map(|m| m.keys().filter_map(|k| k.as_str().map(str::to_string)).collect::<Vec<_>>())
            .unwrap_or_default();
        std::iter::once(g.to_string()).chain(scenarios.into_iter().map(|s| format!("{g}/{s}"))).collect()
    }

    /// Reads and checks game `id` (or scenario `game/name`) from `root`, with `scripts`
    /// checking the game's Lua sources (every module and `script:` block) before the
    /// verdict, so that their problems are reported with the YAML's, all at once. The
    /// entry point is [`Content::load`] (lua/compile.rs), which passes the compiler.
    pub(crate) fn read(root: &Path, id: &str, scripts: &mut CheckScripts) -> Result<Content> {
        // Where its files are, in the stack of roots on `root` (roots.rs).
        let place = roots::locate(root, id);
        let new = || {
            let mut loader = Loader::new(&place.game_root);
            loader.lib = Some(place.lib_root.clone()).filter(|l| *l != place.game_root);
            loader.above = place.above.clone();
            loader
        };
        match id.split_once('/') {
            None => new().load(id, scripts),
            Some((game, scenario)) => {
                let base = new().load(game, scripts)?;
                let mut loader = new();
                loader.hash.write(&base.hash.to_le_bytes());
                if let Some(file) = &place.overlay {
                    let shown = roots::shown(file);
                    loader.elsewhere(shown.clone(), file.clone(), format!("scenarios/{game}/{scenario}.yaml"));
                    loader.scenario_file = Some(shown);
                }
                loader.overlay(base, scenario, scripts)
            }
        }
    }

    /// What people would miss in the game's texts, for `posse check`: rules that do not say
    /// how to win or what a turn is (`rules:` in the game's or the scenario's YAML), and
    /// each component in play with no rules text (`:card` on it would say nothing).
    pub fn text_warnings(&self) -> Vec<Diagnostic> {
        let file = match self.id.split_once('/') {
            Some((g, s)) => format!("scenarios/{g}/{}", self.scenarios.get(s).map_or("game.yaml", String::as_str)),
            None => format!("scenarios/{}/game.yaml", self.game),
        };
        let mut out = Vec::new();
        for (field, missing) in [("win", self.rules.win.is_none()), ("turn", self.rules.turn.is_none())] {
            if missing {
                out.push(Diagnostic::file(
                    &file,
                    format!(
                        "rules: no `{field}:` — `:rules` cannot say {}",
                        if field == "win" { "how to win" } else { "what a turn is" }
                    ),
                ));
            }
        }
        for d in self.defs.iter().filter(|d| !d.left_out && d.text.as_deref().is_none_or(|t| t.trim().is_empty())) {
            out.push(Diagnostic::new(
                &d.file,
                d.line,
                0,
                format!("{} ({}) has no rules text: `:card` shows nothing", d.name, d.id),
            ));
        }
        out
    }

    /// Index of a zone declaration by id.
    pub fn zone_index(&self, id: &str) -> Option<usize> {
        self.zones.iter().position(|z| z.id == id)
    }

    /// The per-object counters' declarations (indices into [`Content::counters`]), in
    /// order: the slots of every object's values.
    pub fn object_counters(&self) -> impl Iterator<Item = usize> + '_ {
        self.counters.iter().enumerate().filter(|(_, c)| c.per_object).map(|(i, _)| i)
    }
}

impl Source {
    /// The key of this source's compiled form.
    pub(crate) fn key(&self) -> SourceKey {
        (self.file.clone(), self.line, code_hash(self.code.as_bytes()))
    }
}

/// A hash of a source's code for [`SourceKey`], eight bytes a step (FxHash's mix): the
/// key is asked for every script each VM compiles, and FNV-1a's byte a step made it a
/// thousandth of a million instructions a kilobyte. Never stored, never compared across
/// processes.
fn code_hash(code: &[u8]) -> u64 {
    let mix = |h: u64, w: u64| (h.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    let mut chunks = code.chunks_exact(8);
    let mut h =
        chunks.by_ref().fold(code.len() as u64, |h, c| mix(h, u64::from_le_bytes(c.try_into().unwrap_or_default())));
    for &b in chunks.remainder() {
        h = mix(h, u64::from(b));
    }
    h
}

/// What names a source's compiled form: its file, first line and the hash of its code.
pub(crate) type SourceKey = (String, usize, u64);

/// The compiled form of each source, by key, as the layer that runs scripts made it.
pub(crate) type Bytecode = HashMap<SourceKey, Arc<[u8]>>;

/// A check of a game's Lua sources while it loads: the problems it finds, as diagnostics.
pub(crate) type CheckScripts<'a> = dyn FnMut(&[&Source]) -> Vec<Diagnostic> + 'a;
