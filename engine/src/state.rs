//! The game state the engine owns: seats, zones, objects, counters, dice, the log and the
//! RNG. Scripts change it only through the `posse` Lua module; views are computed from it.
//!
//! Indices here are 0-based; the Lua API and every view number seats, positions and dice
//! from 1. Zones store their objects bottom first, so the top is the last element and a
//! draw is a `pop`.

use crate::content::{Content, CounterVisibility, Visibility};
use crate::rng::Rng;
use crate::zonemap::MapState;
use serde::Serialize;
use std::collections::HashMap;

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
}

/// Where a counter's values live in [`State::counters`].
#[derive(Debug, Clone, Copy)]
pub struct CounterSlot {
    pub decl: usize,
    pub first: usize,
    pub per_seat: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct State {
    pub seats: Vec<Seat>,
    pub current: Option<usize>,
    pub zones: Vec<Zone>,
    pub objects: Vec<Object>,
    pub counters: Vec<i64>,
    /// Face index per die.
    pub dice: Vec<usize>,
    pub log: Vec<LogLine>,
    /// What the game changed on its zone map (locks, breaches); empty on other boards
    /// (and then left out of the hash, as before zone maps).
    #[serde(skip_serializing_if = "MapState::is_empty")]
    pub map: MapState,
    #[serde(skip)]
    pub rng: Rng,
    /// Zone handle by `(decl, seat or node)`: the seat for per-seat zones, the node index
    /// for per-node zones, None for single zones.
    #[serde(skip)]
    pub zone_index: HashMap<(usize, Option<usize>), usize>,
    #[serde(skip)]
    pub counter_index: HashMap<String, CounterSlot>,
    /// Bytes of text in `log` (bounded: the log lives outside Lua's memory limit).
    #[serde(skip)]
    pub log_bytes: usize,
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
        let mut zones = Vec::new();
        let mut zone_index = HashMap::new();
        for (d, decl) in content.zones.iter().enumerate() {
            if decl.per_seat {
                for s in 0..players {
                    zone_index.insert((d, Some(s)), zones.len());
                    zones.push(Zone { decl: d, owner: Some(s), node: None, objects: Vec::new() });
                }
            } else if decl.per_node {
                for n in 0..content.board.nodes().len() {
                    zone_index.insert((d, Some(n)), zones.len());
                    zones.push(Zone { decl: d, owner: None, node: Some(n), objects: Vec::new() });
                }
            } else {
                zone_index.insert((d, None), zones.len());
                zones.push(Zone { decl: d, owner: None, node: None, objects: Vec::new() });
            }
        }
        let mut objects = Vec::new();
        // YAML order is top first: build bottom-first storage by inserting at the front.
        let mut starting: Vec<Vec<usize>> = vec![Vec::new(); zones.len()];
        for (d, def) in content.defs.iter().enumerate() {
            let z = zone_index[&(def.zone, None)];
            for _ in 0..def.count {
                starting[z].push(objects.len());
                objects.push(Object { def: d, zone: z, face_up: false, known: 0 });
            }
        }
        for (z, mut objs) in starting.into_iter().enumerate() {
            objs.reverse();
            zones[z].objects = objs;
        }
        let mut counters = Vec::new();
        let mut counter_index = HashMap::new();
        for (d, decl) in content.counters.iter().enumerate() {
            let n = if decl.per_seat { players } else { 1 };
            counter_index
                .insert(decl.id.clone(), CounterSlot { decl: d, first: counters.len(), per_seat: decl.per_seat });
            counters.extend(std::iter::repeat_n(decl.initial, n));
        }
        State {
            seats,
            current: None,
            zones,
            objects,
            counters,
            dice: vec![0; content.dice.len()],
            log: Vec::new(),
            map: MapState::default(),
            rng: Rng::new(seed),
            zone_index,
            counter_index,
            log_bytes: 0,
            #[cfg(feature = "test-hooks")]
            rigged: Default::default(),
        }
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
        match content.zones[zone.decl].visibility {
            Visibility::Hidden => false,
            Visibility::Public => true,
            Visibility::Owner => zone.owner == Some(seat),
            Visibility::Team => match zone.owner {
                Some(o) if o == seat => true,
                Some(o) => self.seats[o].team.is_some() && self.seats[o].team == self.seats[seat].team,
                None => false,
            },
        }
    }

    /// Whether `seat` may read counter declaration `decl` of seat `owner`.
    pub fn counter_visible(content: &Content, decl: usize, owner: Option<usize>, seat: usize) -> bool {
        match content.counters[decl].visibility {
            CounterVisibility::Public => true,
            CounterVisibility::Owner => owner == Some(seat),
            CounterVisibility::Hidden => false,
        }
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
    }

    pub fn log(&mut self, text: String, audience: Audience) {
        self.log.push(LogLine { text, audience });
    }
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
