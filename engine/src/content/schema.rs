//! The YAML schema of content, as serde reads it: `game.yaml`, component files and
//! scenario overlays. Unknown keys are errors (`deny_unknown_fields`), and a key given
//! twice in one map is an error too ([`Strict`] for free-form data, [`Unique`] for maps
//! of names), which serde's own maps would let pass with the last value.
//!
//! The declarations a game's state is built from (zones, counters, players) are public;
//! the file shapes are the loader's alone.

use serde::Deserialize;
use std::collections::BTreeMap;

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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
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
    /// One zone of this kind per object whose definition starts in the zone named here
    /// (a character's gear), in YAML order.
    #[serde(default)]
    pub per_object: Option<String>,
    pub visibility: Visibility,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterDecl {
    pub id: String,
    #[serde(default)]
    pub per_seat: bool,
    /// One value per object (a gun's ammunition); definitions may set their copies' start.
    #[serde(default)]
    pub per_object: bool,
    #[serde(default)]
    pub visibility: CounterVisibility,
    #[serde(default)]
    pub initial: i64,
}

/// What a game declares of its results (`result:` in game.yaml): its scores add up to 0
/// in every game (`zero_sum`), and each lies in `scores: {min, max}`. A game's result that
/// breaks it fails the game (`ResultDecl::check`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct ResultDecl {
    #[serde(default)]
    pub zero_sum: bool,
    #[serde(default)]
    pub scores: Option<ScoreRange>,
}

/// The range every score of a game lies in, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreRange {
    pub min: i64,
    pub max: i64,
}

/// A game's length in its own unit (`length: {counter: round, unit: rounds}`): the value
/// of a global counter when the game ends.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Length {
    pub counter: String,
    pub unit: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DiceDecl {
    pub(super) id: String,
    /// How many dice of this kind: in all, or each seat's with `per_seat`.
    #[serde(default = "one")]
    pub(super) count: usize,
    pub(super) faces: Vec<String>,
    /// Each seat has its own `count` dice of this kind.
    #[serde(default)]
    pub(super) per_seat: bool,
    /// Who sees the faces, as for zones (public when absent).
    #[serde(default = "public")]
    pub(super) visibility: Visibility,
}

fn one() -> usize {
    1
}

fn public() -> Visibility {
    Visibility::Public
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BoardDecl {
    #[serde(default)]
    pub(super) nodes: Vec<String>,
    #[serde(default)]
    pub(super) edges: Vec<(String, String)>,
    #[serde(default)]
    pub(super) grid: Option<GridDecl>,
    /// A zone-map file of the game's folder (content/mapfile.rs); excludes the others.
    #[serde(default)]
    pub(super) map: Option<String>,
}

/// A grid board (board/grid.rs): `cols` × `rows` cells (`width` and `height` are the
/// same keys), the graph's diagonal edges, a ring of cells around the grid and the links
/// through which alone the ring joins the grid (everywhere when `links` is absent).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GridDecl {
    #[serde(alias = "width")]
    pub(super) cols: i64,
    #[serde(alias = "height")]
    pub(super) rows: i64,
    #[serde(default)]
    pub(super) diagonal: bool,
    #[serde(default)]
    pub(super) ring: bool,
    #[serde(default)]
    pub(super) links: Option<Vec<LinkDecl>>,
}

/// A link between the ring and the grid: `[c, r]`, a ring cell (joined to the grid cell
/// orthogonally next to it), or `[[c, r], [c, r]]`, a ring cell and that grid cell.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(untagged, expecting = "a link: [c, r] (a ring cell) or [[c, r], [c, r]] (a ring cell and a grid cell)")]
pub(super) enum LinkDecl {
    Ring((i64, i64)),
    Pair((i64, i64), (i64, i64)),
}

/// `picture:` in game.yaml: what the board's pictures (engine/src/picture) read beyond
/// the names a view shows, all of it optional. Per-object counters a piece's token shows
/// (`owner`: the seat whose piece it is, 1-based, 0 none, which gives the token its team's
/// colour; `wounds`: marks; `ambush`: not 0, lying in ambush; `beaten`: not 0, an
/// obstacle overcome, drawn struck out; `down`: not 0, a piece knocked down, its letter in
/// lower case), a zone whose pieces are the dead (`dead`), those who left alive
/// (`escaped`) and those hiding (`hiding`), the
/// props or per-object counters whose value follows a piece's letter on a grid
/// (`numbers`, the first one not 0), and the places of the scenario's `data:` to mark
/// (`marks`). All of it is content or what the view already carries: a picture still
/// shows nothing the seat may not see.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PictureDecl {
    #[serde(default)]
    pub owner: Option<String>,
    #[serde(default)]
    pub wounds: Option<String>,
    #[serde(default)]
    pub ambush: Option<String>,
    #[serde(default)]
    pub beaten: Option<String>,
    #[serde(default)]
    pub down: Option<String>,
    #[serde(default)]
    pub dead: Option<String>,
    /// A zone whose pieces have left the board alive (over an exit), drawn below it.
    #[serde(default)]
    pub escaped: Option<String>,
    /// Pieces hiding somewhere on the board, drawn below it; where, to whom the view
    /// shows it.
    #[serde(default)]
    pub hiding: Option<HidingDecl>,
    #[serde(default)]
    pub numbers: Vec<String>,
    #[serde(default)]
    pub marks: Vec<MarkDecl>,
}

/// `picture: {hiding: ...}`: a seat's pieces hiding somewhere on the board are in its own
/// copy of the per-seat zone `zone` (everyone may see who hides, or not: the zone's
/// visibility says). With `place`, the per-seat counters `PLACE_1`, `PLACE_2`... say where
/// the seat's first, second... piece hides (a zone by its place in the map's order, from
/// 1; 0 nowhere), counting the seat's pieces (`owner`) in the order of their prop `order`;
/// a view that reads the counters (the seat's own, or the omniscient view) draws the
/// piece where it hides.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HidingDecl {
    pub zone: String,
    #[serde(default)]
    pub place: Option<String>,
    #[serde(default)]
    pub order: Option<String>,
}

/// One entry of `picture: {marks: ...}`, by `data` or by `prop`. By `data`: every zone id
/// found under the dotted `data:` path (in values, not keys) is marked `mark`; one found
/// under a key `exits` is an exit whatever `mark` says. With `counter`, the values are
/// that per-object counter's instead (`{data: aims.exits, mark: exit, counter: number}`:
/// the entrances numbered so): a grid marks the cells holding such a piece. By `prop`: a
/// grid marks the cells holding a piece the view shows that has the prop (`{prop: value,
/// mark: goal}`: loot lying there), with `face_down` only while it lies face down (a
/// vault the seat has seen but nobody has opened). `label` is what the grid's legend says
/// of the mark.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MarkDecl {
    #[serde(default)]
    pub data: Option<String>,
    pub mark: MarkKind,
    #[serde(default)]
    pub counter: Option<String>,
    #[serde(default)]
    pub prop: Option<String>,
    #[serde(default)]
    pub face_down: bool,
    #[serde(default)]
    pub label: Option<String>,
}

/// What a marked place is to the scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    Start,
    Goal,
    Exit,
}

/// `evaluate:` in game.yaml: the search player's playouts stop `depth` decisions after
/// the one searched, and the `evaluate` function of the strategy bot `bot`
/// (`scripts/<game>/bots/BOT.lua`) judges the seat's view there.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Evaluate {
    pub bot: String,
    pub depth: usize,
}

/// `rules:` in game.yaml or a scenario's file: the rules in brief, for people (`:rules`):
/// how to win, how the game is lost or ends, the shape of a turn, the numbers that
/// matter, and any more paragraphs. A scenario's fields replace its game's.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    #[serde(default)]
    pub win: Option<String>,
    #[serde(default)]
    pub lose: Option<String>,
    #[serde(default)]
    pub turn: Option<String>,
    #[serde(default)]
    pub numbers: Option<Vec<String>>,
    #[serde(default)]
    pub more: Option<Vec<String>>,
}

impl Rules {
    /// These rules with `over`'s fields in place of theirs (a scenario's over its game's).
    pub fn with(self, over: Rules) -> Rules {
        Rules {
            win: over.win.or(self.win),
            lose: over.lose.or(self.lose),
            turn: over.turn.or(self.turn),
            numbers: over.numbers.or(self.numbers),
            more: over.more.or(self.more),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GameFile {
    pub(super) id: String,
    pub(super) name: String,
    /// One line that says what the game is, for menus.
    #[serde(default)]
    pub(super) about: Option<String>,
    /// The rules in brief, for people.
    #[serde(default)]
    pub(super) rules: Rules,
    pub(super) api: u32,
    pub(super) players: Players,
    /// All seats win or lose together: `play` returns `won` rather than `winners`.
    #[serde(default)]
    pub(super) cooperative: bool,
    /// The game's own unit of length, for `sim`: a global counter and the unit's name.
    #[serde(default)]
    pub(super) length: Option<Length>,
    /// A per-seat counter by which a seat leads (higher is ahead), for `sim`'s
    /// decisiveness.
    #[serde(default)]
    pub(super) lead: Option<String>,
    /// What every result of the game keeps to (`result: {zero_sum: true, scores: {min,
    /// max}}`), checked at each game's end.
    #[serde(default)]
    pub(super) result: ResultDecl,
    /// How the search player judges a position it stops its playouts at.
    #[serde(default)]
    pub(super) evaluate: Option<Evaluate>,
    /// What the board's pictures draw of the pieces and the places (engine/src/picture).
    #[serde(default)]
    pub(super) picture: PictureDecl,
    pub(super) main: String,
    pub(super) render: String,
    #[serde(default)]
    pub(super) zones: Vec<ZoneDecl>,
    #[serde(default)]
    pub(super) counters: Vec<CounterDecl>,
    #[serde(default)]
    pub(super) dice: Vec<DiceDecl>,
    #[serde(default)]
    pub(super) components: Vec<String>,
    #[serde(default)]
    pub(super) board: Option<BoardDecl>,
    #[serde(default)]
    pub(super) data: Strict,
    /// Rules for `data:` by dotted path (content/data.rs).
    #[serde(default)]
    pub(super) schema: Unique<super::data::RuleDecl>,
    /// Scenarios, modes and variants: name -> overlay file in this folder.
    #[serde(default)]
    pub(super) scenarios: Unique<String>,
}

/// A scenario: changes made to its game, which is loaded first. Its id is `game/name`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct OverlayFile {
    pub(super) name: String,
    /// One line that says what the scenario is (the game's when absent).
    #[serde(default)]
    pub(super) about: Option<String>,
    /// The scenario's rules in brief: each field given replaces the game's.
    #[serde(default)]
    pub(super) rules: Rules,
    #[serde(default)]
    pub(super) players: Option<Players>,
    /// Replaces the game's board (a heist's building of another size).
    #[serde(default)]
    pub(super) board: Option<BoardDecl>,
    /// Merged into the game's `data:` (maps key by key, anything else replaced).
    #[serde(default)]
    pub(super) data: Strict,
    /// Which definitions the scenario takes, by their tags (content/modes.rs); its
    /// `defs:` changes come after.
    #[serde(default)]
    pub(super) cards: Option<CardsDecl>,
    /// Changes to component definitions, by id.
    #[serde(default)]
    pub(super) defs: Unique<DefOverlay>,
    /// Dice by id: an id the game declares changes that kind, a new one adds a kind.
    #[serde(default)]
    pub(super) dice: Vec<DiceOverlay>,
    /// Zones by id, as `dice:`.
    #[serde(default)]
    pub(super) zones: Vec<ZoneOverlay>,
    /// Counters by id, as `dice:`.
    #[serde(default)]
    pub(super) counters: Vec<CounterOverlay>,
    /// Each replaces the game's whole (`sim`'s unit of length, who leads, what every
    /// result keeps to, how the search judges, what the pictures draw).
    #[serde(default)]
    pub(super) length: Option<Length>,
    #[serde(default)]
    pub(super) lead: Option<String>,
    #[serde(default)]
    pub(super) result: Option<ResultDecl>,
    #[serde(default)]
    pub(super) evaluate: Option<Evaluate>,
    #[serde(default)]
    pub(super) picture: Option<PictureDecl>,
    /// The scenario's own Lua: what it returns is `posse.scenario()`.
    #[serde(default)]
    pub(super) script: Option<String>,
    /// The LuaLS class `script:` returns, for the Lua checker (`posse scripts`).
    #[serde(default)]
    pub(super) returns: Option<String>,
}

/// A scenario's `cards:`: the tags whose definitions it takes (`include`), those it
/// leaves out (`exclude`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CardsDecl {
    #[serde(default)]
    pub(super) include: Option<Vec<String>>,
    #[serde(default)]
    pub(super) exclude: Option<Vec<String>>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DefOverlay {
    /// Copies in this scenario (0 leaves the component out).
    #[serde(default)]
    pub(super) count: Option<usize>,
    /// Its name in this scenario (a mode where the printed cost means nothing).
    #[serde(default)]
    pub(super) name: Option<String>,
    /// Its rules text in this scenario, in place of the game's (placeholders as there).
    #[serde(default)]
    pub(super) text: Option<String>,
    /// Merged into the definition's props.
    #[serde(default)]
    pub(super) props: Strict,
    /// Starting values of per-object counters, by counter id (merged).
    #[serde(default)]
    pub(super) counters: Unique<i64>,
}

/// A scenario's entry of `dice:`: the fields given replace those of the game's kind of
/// the same id; with `add: true`, a new id declares a kind (its `faces:` then needed).
/// What a kind is per (`per_seat`) stays the game's, whose scripts count on it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DiceOverlay {
    pub(super) id: String,
    /// A new one (an id the game does not declare): without it, an unknown id is a slip.
    #[serde(default)]
    pub(super) add: bool,
    #[serde(default)]
    pub(super) count: Option<usize>,
    #[serde(default)]
    pub(super) faces: Option<Vec<String>>,
    #[serde(default)]
    pub(super) per_seat: Option<bool>,
    #[serde(default)]
    pub(super) visibility: Option<Visibility>,
}

/// A scenario's entry of `zones:`, as [`DiceOverlay`] (`visibility:` needed for a new one).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ZoneOverlay {
    pub(super) id: String,
    /// A new one (an id the game does not declare): without it, an unknown id is a slip.
    #[serde(default)]
    pub(super) add: bool,
    #[serde(default)]
    pub(super) per_seat: Option<bool>,
    #[serde(default)]
    pub(super) per_node: Option<bool>,
    #[serde(default)]
    pub(super) per_object: Option<String>,
    #[serde(default)]
    pub(super) visibility: Option<Visibility>,
}

/// A scenario's entry of `counters:`, as [`DiceOverlay`].
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CounterOverlay {
    pub(super) id: String,
    /// A new one (an id the game does not declare): without it, an unknown id is a slip.
    #[serde(default)]
    pub(super) add: bool,
    #[serde(default)]
    pub(super) per_seat: Option<bool>,
    #[serde(default)]
    pub(super) per_object: Option<bool>,
    #[serde(default)]
    pub(super) visibility: Option<CounterVisibility>,
    #[serde(default)]
    pub(super) initial: Option<i64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ComponentFile {
    pub(super) zone: String,
    /// The LuaLS class every entry's `script:` returns, for the Lua checker (`posse scripts`).
    #[serde(default)]
    pub(super) returns: Option<String>,
    pub(super) defs: Vec<DefDecl>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DefDecl {
    pub(super) id: String,
    pub(super) name: String,
    #[serde(default = "one")]
    pub(super) count: usize,
    /// Which modes take it: scenarios include or exclude definitions by tag.
    #[serde(default)]
    pub(super) tags: Vec<String>,
    #[serde(default)]
    pub(super) text: Option<String>,
    #[serde(default)]
    pub(super) props: Strict,
    #[serde(default)]
    pub(super) script: Option<String>,
    /// Starting values of per-object counters, by counter id.
    #[serde(default)]
    pub(super) counters: Unique<i64>,
}

/// Free-form YAML (`data:`, `props:`) as JSON values. Unlike `serde_json::Value`, which
/// keeps the last of two equal keys, a key given twice in one map is an error: a designer's
/// copy-paste slip must not silently drop a value.
#[derive(Debug, Clone, Default)]
pub(super) struct Strict(pub(super) serde_json::Value);

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
pub(super) struct Unique<V>(pub(super) BTreeMap<String, V>);

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
