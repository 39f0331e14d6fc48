//! The game state the engine owns: seats, zones, objects, counters, dice, the log and the
//! RNG. Scripts change it only through the `posse` Lua module; views are computed from it.
//!
//! Indices here are 0-based; the Lua API and every view number seats, positions and dice
//! from 1. Zones store their objects bottom first, so the top is the last element and a
//! draw is a `pop`.
//!
//! Files: this one (the state and who may see what), `worlds.rs` (a world one seat cannot
//! tell from this one, drawn at random: determinization for search players), `changes.rs`
//! (the change counters scripts read to keep what they worked out: `posse.changes`).

use crate::content::{Content, CounterVisibility, Visibility};
use crate::rng::Rng;
use crate::zonemap::MapState;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

mod changes;
mod worlds;

pub use changes::Changes;

/// A set of seats (bit `i` = seat `i`, 0-based). Games have at most 64 seats.
pub type SeatSet = u64;

#[derive(Debug, Clone, Serialize)]
pub struct Seat {
    pub name: String,
    /// The seat's role in the game (e.g. "marshal"), public.
    pub role: Option<String>,
    pub team: Option<String>,
    pub eliminated: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Zone {
    /// Index of the declaration in [`Content::zones`].
    pub decl: usize,
    /// The seat a per-seat zone belongs to.
    pub owner: Option<usize>,
    /// The board node of a per-node zone.
    pub node: Option<usize>,
    /// The object a per-object zone belongs to (left out of the hash's bytes when None,
    /// so that games without per-object zones hash as they always did).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub object: Option<usize>,
    /// Bottom first: the top of the zone is the last element.
    pub objects: Vec<usize>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Object {
    /// Index into [`Content::defs`].
    pub def: usize,
    pub zone: usize,
    pub face_up: bool,
    /// Seats that know this object's identity wherever it is, until a shuffle.
    pub known: SeatSet,
}

/// Who may read a log line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Audience {
    All,
    Seats(SeatSet),
}

#[derive(Debug, Clone, Serialize)]
pub struct LogLine {
    pub text: String,
    pub audience: Audience,
    /// What happened where, for a designer's tools (`posse.log(text, audience, {mark =
    /// "fight", at = ZONE})`): never shown to a seat, and left out of the state's
    /// serialisation, so a mark changes no hash and no view. Boxed: a line without one,
    /// nearly every line, stays as small as before marks.
    #[serde(skip)]
    pub mark: Option<Box<Mark>>,
}

/// A log line's mark (docs/authoring.md, "Marks"): an event (`fight`, `fall`, or any
/// word) at a place of the board (a zone map's zone id, a grid's cell `c,r`, a node).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub event: String,
    pub at: String,
}

/// Whether `text` names `name` as a whole ("Forest 10" does not name "Forest 1").
pub fn names(text: &str, name: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    text.match_indices(name)
        .any(|(i, _)| !word(text[..i].chars().next_back()) && !word(text[i + name.len()..].chars().next()))
}

/// Where a counter's values live in [`State::counters`].
#[derive(Debug, Clone, Copy)]
pub struct CounterSlot {
    pub decl: usize,
    /// The first value in [`State::counters`]; for a per-object counter, its slot in
    /// each object's row of [`State::object_counters`].
    pub first: usize,
    pub per_seat: bool,
    pub per_object: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct State {
    pub seats: Vec<Seat>,
    pub current: Option<usize>,
    pub zones: Vec<Zone>,
    pub objects: Vec<Object>,
    pub counters: Vec<i64>,
    /// Per-object counters: a row per object, a value per per-object counter (in
    /// declaration order), all in one vector (empty, and left out of the hash's bytes, when
    /// the game has none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub object_counters: Vec<i64>,
    /// Per-object counters per object: the length of a row of `object_counters`.
    #[serde(skip)]
    pub object_width: usize,
    /// Face index per shared die.
    pub dice: Vec<usize>,
    /// Face index per seat's die: a row per seat of [`Content::seat_dice`] (empty, and
    /// left out of the hash's bytes, when the game has no dice of a seat's own).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seat_dice: Vec<usize>,
    /// Dice shown to every seat whatever their visibility (`posse.reveal_dice`), until
    /// rolled again: the seats whose own dice are revealed, and whether the shared ones
    /// are (both left out of the hash's bytes when nothing is revealed).
    #[serde(skip_serializing_if = "is_zero")]
    pub dice_revealed: SeatSet,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub shared_dice_revealed: bool,
    pub log: Vec<LogLine>,
    /// What the game changed on its zone map (locks, breaches); empty on other boards
    /// (and then left out of the hash, as before zone maps).
    #[serde(skip_serializing_if = "MapState::is_empty")]
    pub map: MapState,
    #[serde(skip)]
    pub rng: Rng,
    /// Zone handle by `(decl, seat, node or object)`: the seat for per-seat zones, the node
    /// index for per-node zones, the object for per-object zones, None for single zones.
    #[serde(skip)]
    pub zone_index: Arc<HashMap<(usize, Option<usize>), usize>>,
    #[serde(skip)]
    pub counter_index: Arc<HashMap<String, CounterSlot>>,
    /// Bytes of text in `log` (bounded: the log lives outside Lua's memory limit).
    #[serde(skip)]
    pub log_bytes: usize,
    /// By definition: how many times a copy came into a seat's zones from elsewhere (a card
    /// drawn into a hand), for `sim`'s per-card numbers. Derived from the moves, which a
    /// replay makes again, so not part of the position (nor of its hash).
    #[serde(skip)]
    pub drawn: Vec<u32>,
    /// Change counters (changes.rs): no part of the position, nor of its hash.
    #[serde(skip)]
    pub changes: Changes,
    /// Faces that the next rolls show instead of random ones (`Game::rig_dice`, for tests
    /// only; never saved).
    #[cfg(feature = "test-hooks")]
    #[serde(skip)]
    pub rigged: std::collections::VecDeque<String>,
}

impl State {
    /// The state at the start of a game: objects in their starting zones in YAML order,
    /// counters at their initial values, dice showing their first face.
    pub fn new(content: &Content, names: &[String], seed: u64) -> State {
        let players = names.len();
        let seats = names.iter().map(|n| Seat { name: n.clone(), role: None, team: None, eliminated: false }).collect();
        // The objects' definitions in YAML order: per-object zones are made for them.
        let defs: Vec<usize> =
            content.defs.iter().enumerate().flat_map(|(d, def)| std::iter::repeat_n(d, def.count)).collect();
        let mut zones = Vec::new();
        let mut zone_index = HashMap::new();
        for (d, decl) in content.zones.iter().enumerate() {
            let zone = |owner, node, object| Zone { decl: d, owner, node, object, objects: Vec::new() };
            if let Some(of) = &decl.per_object {
                let of = content.zone_index(of);
                for (o, &def) in defs.iter().enumerate() {
                    if Some(content.defs[def].zone) == of {
                        zone_index.insert((d, Some(o)), zones.len());
                        zones.push(zone(None, None, Some(o)));
                    }
                }
            } else if decl.per_seat {
                for s in 0..players {
                    zone_index.insert((d, Some(s)), zones.len());
                    zones.push(zone(Some(s), None, None));
                }
            } else if decl.per_node {
                for n in 0..content.board.nodes().len() {
                    zone_index.insert((d, Some(n)), zones.len());
                    zones.push(zone(None, Some(n), None));
                }
            } else {
                zone_index.insert((d, None), zones.len());
                zones.push(zone(None, None, None));
            }
        }
        // YAML order is top first: build bottom-first storage by inserting at the front.
        let mut starting: Vec<Vec<usize>> = vec![Vec::new(); zones.len()];
        let objects: Vec<Object> = defs
            .iter()
            .enumerate()
            .map(|(o, &d)| {
                let z = zone_index[&(content.defs[d].zone, None)];
                starting[z].push(o);
                Object { def: d, zone: z, face_up: false, known: 0 }
            })
            .collect();
        for (z, mut objs) in starting.into_iter().enumerate() {
            objs.reverse();
            zones[z].objects = objs;
        }
        let mut counters = Vec::new();
        let mut counter_index = HashMap::new();
        let mut object_width = 0;
        // The declaration of each counter value and of each per-object slot.
        let (mut of_counter, mut of_object_slot) = (Vec::new(), Vec::new());
        for (d, decl) in content.counters.iter().enumerate() {
            if decl.per_object {
                let slot = CounterSlot { decl: d, first: object_width, per_seat: false, per_object: true };
                counter_index.insert(decl.id.clone(), slot);
                object_width += 1;
                of_object_slot.push(d);
                continue;
            }
            let n = if decl.per_seat { players } else { 1 };
            let slot = CounterSlot { decl: d, first: counters.len(), per_seat: decl.per_seat, per_object: false };
            counter_index.insert(decl.id.clone(), slot);
            counters.extend(std::iter::repeat_n(decl.initial, n));
            of_counter.extend(std::iter::repeat_n(d, n));
        }
        // Each definition's row of starting values, copied to each of its objects in turn
        // (objects are made definition by definition). Rows only for definitions with
        // copies: at most the values of every object, which content bounds.
        let mut object_counters = Vec::with_capacity(object_width * objects.len());
        if object_width > 0 {
            let decls: Vec<&crate::content::CounterDecl> =
                content.object_counters().map(|c| &content.counters[c]).collect();
            let mut row = Vec::with_capacity(object_width);
            for def in content.defs.iter().filter(|def| def.count > 0) {
                row.clear();
                row.extend(decls.iter().map(|c| def.counters.get(&c.id).copied().unwrap_or(c.initial)));
                for _ in 0..def.count {
                    object_counters.extend_from_slice(&row);
                }
            }
        }
        State {
            seats,
            current: None,
            zones,
            objects,
            counters,
            object_counters,
            object_width,
            dice: vec![0; content.dice.len()],
            seat_dice: vec![0; content.seat_dice.len() * players],
            dice_revealed: 0,
            shared_dice_revealed: false,
            log: Vec::new(),
            map: MapState::default(),
            rng: Rng::new(seed),
            zone_index: Arc::new(zone_index),
            counter_index: Arc::new(counter_index),
            log_bytes: 0,
            drawn: vec![0; content.defs.len()],
            changes: Changes::new(content.zones.len(), content.counters.len(), of_counter, of_object_slot),
            #[cfg(feature = "test-hooks")]
            rigged: Default::default(),
        }
    }

    /// This state (one at the start of a game, as [`State::new`] made it) for another
    /// game of the same content and seats: the same, with the RNG of `seed`. Cheaper than
    /// building it again (the indexes are shared), which batches of games save.
    pub fn copy_for(&self, seed: u64) -> State {
        State { rng: Rng::new(seed), ..self.clone() }
    }

    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// Whether `seat` (0-based) may see object `obj` now.
    pub fn visible(&self, content: &Content, obj: usize, seat: usize) -> bool {
        let o = &self.objects[obj];
        if o.face_up || o.known & (1 << seat) != 0 {
            return true;
        }
        let zone = &self.zones[o.zone];
        self.zone_visible(content, zone, seat)
    }

    /// Whether the zone's policy lets `seat` see its contents.
    pub fn zone_visible(&self, content: &Content, zone: &Zone, seat: usize) -> bool {
        self.admits(content.zones[zone.decl].visibility, zone.owner, seat)
    }

    /// Whether a policy lets `seat` see what belongs to `owner` (None: to no seat).
    fn admits(&self, visibility: Visibility, owner: Option<usize>, seat: usize) -> bool {
        match visibility {
            Visibility::Hidden => false,
            Visibility::Public => true,
            Visibility::Owner => owner == Some(seat),
            Visibility::Team => match owner {
                Some(o) if o == seat => true,
                Some(o) => self.seats[o].team.is_some() && self.seats[o].team == self.seats[seat].team,
                None => false,
            },
        }
    }

    /// Whether `seat` may see the face of shared die `die`: its kind's visibility, unless
    /// the shared dice are revealed.
    pub fn die_visible(&self, content: &Content, die: usize, seat: usize) -> bool {
        self.shared_dice_revealed || self.admits(content.dice[die].visibility, None, seat)
    }

    /// Whether `seat` may see the face of die `die` of `owner`'s own: its kind's
    /// visibility (as a zone of the owner's), unless the owner's dice are revealed.
    pub fn seat_die_visible(&self, content: &Content, owner: usize, die: usize, seat: usize) -> bool {
        self.dice_revealed & (1 << owner) != 0 || self.admits(content.seat_dice[die].visibility, Some(owner), seat)
    }

    /// The slot in [`State::seat_dice`] of die `die` (0-based) of seat `owner`.
    pub fn seat_die(&self, content: &Content, owner: usize, die: usize) -> usize {
        owner * content.seat_dice.len() + die
    }

    /// Whether `seat` may read counter declaration `decl` of seat `owner`.
    pub fn counter_visible(content: &Content, decl: usize, owner: Option<usize>, seat: usize) -> bool {
        match content.counters[decl].visibility {
            CounterVisibility::Public => true,
            CounterVisibility::Owner => owner == Some(seat),
            CounterVisibility::Hidden => false,
        }
    }

    /// Whether a seat that is shown an object may read its per-object counter declaration
    /// `decl` (hidden ones are for the omniscient view alone).
    pub fn object_counter_visible(content: &Content, decl: usize) -> bool {
        content.counters[decl].visibility == CounterVisibility::Public
    }

    /// Object `obj`'s per-object counters, one per slot.
    pub fn object_row(&self, obj: usize) -> &[i64] {
        &self.object_counters[obj * self.object_width..(obj + 1) * self.object_width]
    }

    /// Moves an object onto the top (or bottom) of a zone.
    pub fn move_object(&mut self, obj: usize, zone: usize, bottom: bool) {
        let from = self.objects[obj].zone;
        let list = &mut self.zones[from].objects;
        if let Some(i) = list.iter().rposition(|&o| o == obj) {
            list.remove(i);
        }
        if bottom {
            self.zones[zone].objects.insert(0, obj);
        } else {
            self.zones[zone].objects.push(obj);
        }
        self.objects[obj].zone = zone;
        self.changes.zone(self.zones[from].decl);
        self.changes.zone(self.zones[zone].decl);
        let owner = self.zones[zone].owner;
        if owner.is_some() && self.zones[from].owner != owner {
            if let Some(n) = self.drawn.get_mut(self.objects[obj].def) {
                *n += 1;
            }
        }
    }

    /// By definition: the copies in seats' zones now (cards held).
    pub fn held(&self) -> Vec<u32> {
        let mut held = vec![0; self.drawn.len()];
        for z in self.zones.iter().filter(|z| z.owner.is_some()) {
            for &o in &z.objects {
                if let Some(n) = held.get_mut(self.objects[o].def) {
                    *n += 1;
                }
            }
        }
        held
    }

    /// Shuffles a zone; nobody knows its objects any more (face-up ones turn face down).
    pub fn shuffle(&mut self, zone: usize) {
        let mut objs = std::mem::take(&mut self.zones[zone].objects);
        self.rng.shuffle(&mut objs);
        for &o in &objs {
            self.objects[o].known = 0;
            self.objects[o].face_up = false;
        }
        self.zones[zone].objects = objs;
        self.changes.zone(self.zones[zone].decl);
    }

    /// Object `obj`'s face changed or a seat came to know it: its zone's change counter.
    pub fn object_changed(&mut self, obj: usize) {
        self.changes.zone(self.zones[self.objects[obj].zone].decl);
    }

    pub fn log(&mut self, text: String, audience: Audience) {
        self.log.push(LogLine { text, audience, mark: None });
    }
}

fn is_zero(set: &SeatSet) -> bool {
    *set == 0
}

impl Audience {
    /// Whether `seat` (0-based; None = omniscient) may read a line with this audience.
    pub fn admits(self, seat: Option<usize>) -> bool {
        match (self, seat) {
            (_, None) | (Audience::All, _) => true,
            (Audience::Seats(set), Some(s)) => set & (1 << s) != 0,
        }
    }
}

impl Default for Rng {
    fn default() -> Self {
        Rng::new(0)
    }
}

/// Who leads by the game's `lead:` counter as the game goes (Ludii's decisiveness): the
/// seat ahead alone (None: a tie, or no such counter), and the decision from which it has
/// been.
#[derive(Debug, Clone, Default)]
pub struct Lead {
    /// The counter's first value (seat 1's) in [`State::counters`].
    first: Option<usize>,
    pub leader: Option<usize>,
    pub since: usize,
}

impl Lead {
    /// Following `counter` (a per-seat counter) of `state`'s game.
    pub fn new(state: &State, counter: Option<&str>) -> Lead {
        let first = counter.and_then(|c| state.counter_index.get(c)).filter(|s| s.per_seat).map(|s| s.first);
        Lead { first, leader: None, since: 0 }
    }

    /// Notes who leads at decision `at` (the number of decisions made before it).
    pub fn note(&mut self, state: &State, at: usize) {
        let Some(first) = self.first else { return };
        let Some(values) = state.counters.get(first..first + state.seats.len()) else { return };
        let best = values.iter().copied().max();
        let mut top = values.iter().enumerate().filter(|&(_, &v)| Some(v) == best);
        let leader = match (top.next(), top.next()) {
            (Some((i, _)), None) => Some(i + 1),
            _ => None,
        };
        if leader != self.leader {
            self.leader = leader;
            self.since = at;
        }
    }
}
