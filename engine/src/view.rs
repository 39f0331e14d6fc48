//! A seat's view: everything that seat may see and nothing else, computed by the engine.
//!
//! Redaction is by default: an object's identity appears only when the object is face up,
//! known to the seat, or in a zone whose policy shows it to the seat; otherwise the view
//! holds `{hidden = true}` and nothing that tells hidden objects apart (no handle, no
//! definition). Counters appear only when their visibility admits the seat; log lines only
//! when their audience does. A die shows its face only when its kind's visibility admits
//! the seat (as a zone's would; a seat's own dice are listed under the seat) or the dice
//! are revealed; otherwise `{hidden = true}`. An object shown carries its per-object
//! counters the seat may read and its per-object zones (their objects redacted the same
//! way); a hidden object carries neither. Renderers and bots receive views, never the
//! state.

use crate::content::Content;
use crate::decision::GameResult;
use crate::limits::VIEW_DEPTH;
use crate::state::State;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// The seat viewing (1-based), or None for the omniscient view.
    pub seat: Option<usize>,
    pub game: String,
    pub players: usize,
    pub current: Option<usize>,
    pub seats: Vec<SeatView>,
    pub counters: BTreeMap<String, i64>,
    pub zones: BTreeMap<String, ZoneView>,
    /// Per-node zones: node name, then zone id.
    pub board: BTreeMap<String, BTreeMap<String, ZoneView>>,
    /// The shared dice, in order: the face, or hidden.
    pub dice: Vec<DieView>,
    pub log: Vec<String>,
    /// Seats the game is waiting for (1-based).
    pub deciding: Vec<usize>,
    /// The kinds of their questions, where the game types them (the same seats).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub asking: Vec<Asking>,
    /// Answers already given to the pending decision that this seat may see: its own, and
    /// its teammates' when their request says `shown_to_team` (all in the omniscient view).
    pub answers: Vec<AnswerView>,
    pub result: Option<GameResult>,
    /// What the game changed on its zone map (only on a zone map).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub map: Option<MapView>,
}

/// A zone map's state as views show it: pairs of zone ids `{a, b}` with a < b (string
/// order), sorted.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MapView {
    /// Borders whose lockable openings (`cell_door`) are locked.
    pub locked: Vec<[String; 2]>,
    /// Borders breached: nothing on them blocks movement or sight.
    pub breached: Vec<[String; 2]>,
}

/// The kind of a question a seat is asked now (`View::asking`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Asking {
    /// 1-based.
    pub seat: usize,
    pub kind: String,
}

/// An answer given to a pending `posse.choose_each` while other seats still decide.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnswerView {
    /// 1-based.
    pub seat: usize,
    pub picks: Vec<u32>,
    /// The labels of the picks.
    pub labels: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatView {
    pub name: String,
    pub role: Option<String>,
    pub team: Option<String>,
    pub eliminated: bool,
    pub counters: BTreeMap<String, i64>,
    pub zones: BTreeMap<String, ZoneView>,
    /// The seat's own dice, in order: the face, or hidden (none: left out).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<DieView>,
}

/// A die as a view shows it: its face's name (a string, as Lua reads it), or
/// `{hidden = true}`, which tells nothing of the face.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum DieView {
    Face(String),
    Hidden { hidden: bool },
}

impl DieView {
    /// The face shown, if any.
    pub fn face(&self) -> Option<&str> {
        match self {
            DieView::Face(f) => Some(f),
            DieView::Hidden { .. } => None,
        }
    }
}

impl PartialEq<&str> for DieView {
    fn eq(&self, other: &&str) -> bool {
        self.face() == Some(*other)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ZoneView {
    pub count: usize,
    /// Top first.
    pub objects: Vec<ObjectView>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ObjectView {
    Hidden {
        hidden: bool,
    },
    Shown {
        def: String,
        name: String,
        text: Option<String>,
        props: serde_json::Value,
        face_up: bool,
        /// Its per-object counters the view may read (none: left out).
        #[serde(skip_serializing_if = "BTreeMap::is_empty")]
        counters: BTreeMap<String, i64>,
        /// Its per-object zones, by zone id (none: left out).
        #[serde(skip_serializing_if = "BTreeMap::is_empty")]
        zones: BTreeMap<String, ZoneView>,
    },
}

/// How many of the newest log lines a view carries.
pub const LOG_TAIL: usize = 12;

/// Computes the view of `seat` (0-based; None = omniscient).
pub fn compute(
    content: &Content,
    state: &State,
    seat: Option<usize>,
    deciding: Vec<usize>,
    answers: Vec<AnswerView>,
    result: Option<&GameResult>,
    log_tail: usize,
) -> View {
    let objects = Objects {
        content,
        state,
        seat,
        zones: content.zones.iter().enumerate().filter(|(_, z)| z.per_object.is_some()).map(|(d, _)| d).collect(),
        counters: content
            .object_counters()
            .enumerate()
            .filter(|&(_, c)| seat.is_none() || State::object_counter_visible(content, c))
            .map(|(slot, c)| (c, slot))
            .collect(),
    };
    let zone_view = |z: usize| objects.zone(z, 0);
    let counter_visible = |decl: usize, owner: Option<usize>| match seat {
        None => true,
        Some(s) => State::counter_visible(content, decl, owner, s),
    };

    let mut seats: Vec<SeatView> = state
        .seats
        .iter()
        .map(|s| SeatView {
            name: s.name.clone(),
            role: s.role.clone(),
            team: s.team.clone(),
            eliminated: s.eliminated,
            counters: BTreeMap::new(),
            zones: BTreeMap::new(),
            dice: Vec::new(),
        })
        .collect();
    let die = |shown: bool, faces: &[String], f: usize| match shown {
        true => DieView::Face(faces[f].clone()),
        false => DieView::Hidden { hidden: true },
    };
    let per_seat = content.seat_dice.len();
    for (o, sv) in seats.iter_mut().enumerate() {
        let row = &state.seat_dice[o * per_seat..(o + 1) * per_seat];
        sv.dice = (row.iter().enumerate())
            .map(|(d, &f)| {
                let shown = seat.is_none_or(|s| state.seat_die_visible(content, o, d, s));
                die(shown, &content.seat_dice[d].faces, f)
            })
            .collect();
    }
    let mut counters = BTreeMap::new();
    for (d, decl) in content.counters.iter().enumerate() {
        let slot = state.counter_index[&decl.id];
        if decl.per_object {
            // Shown inside each object's entry.
            continue;
        }
        if decl.per_seat {
            for (s, sv) in seats.iter_mut().enumerate() {
                if counter_visible(d, Some(s)) {
                    sv.counters.insert(decl.id.clone(), state.counters[slot.first + s]);
                }
            }
        } else if counter_visible(d, None) {
            counters.insert(decl.id.clone(), state.counters[slot.first]);
        }
    }
    let mut zones = BTreeMap::new();
    let mut board: BTreeMap<String, BTreeMap<String, ZoneView>> = BTreeMap::new();
    for (z, zone) in state.zones.iter().enumerate() {
        let id = content.zones[zone.decl].id.clone();
        if zone.object.is_some() {
            // Shown inside its object's entry, when the object is shown.
            continue;
        }
        match (zone.owner, zone.node) {
            (Some(o), _) => {
                seats[o].zones.insert(id, zone_view(z));
            }
            (None, Some(n)) => {
                board.entry(content.board.nodes()[n].clone()).or_default().insert(id, zone_view(z));
            }
            (None, None) => {
                zones.insert(id, zone_view(z));
            }
        }
    }
    let visible_log: Vec<&str> =
        state.log.iter().filter(|l| l.audience.admits(seat)).map(|l| l.text.as_str()).collect();
    let log = visible_log[visible_log.len().saturating_sub(log_tail)..].iter().map(|s| s.to_string()).collect();
    View {
        seat: seat.map(|s| s + 1),
        game: content.id.clone(),
        players: state.players(),
        current: state.current.map(|s| s + 1),
        seats,
        counters,
        zones,
        board,
        dice: (state.dice.iter().enumerate())
            .map(|(d, &f)| die(seat.is_none_or(|s| state.die_visible(content, d, s)), &content.dice[d].faces, f))
            .collect(),
        log,
        deciding: deciding.into_iter().map(|s| s + 1).collect(),
        asking: Vec::new(),
        answers,
        result: result.cloned(),
        map: content.map.as_deref().map(|m| {
            let (locked, breached) = state.map.pairs(m);
            MapView { locked, breached }
        }),
    }
}

/// Objects as one view shows them: their identity when the seat may see it, and then the
/// per-object counters it may read and the per-object zones the object holds.
struct Objects<'a> {
    content: &'a Content,
    state: &'a State,
    seat: Option<usize>,
    /// The per-object zone declarations (none in most games: nothing to look up).
    zones: Vec<usize>,
    /// The per-object counter declarations this view reads, with their slots (a row of
    /// [`State::object_counters`] holds them in declaration order).
    counters: Vec<(usize, usize)>,
}

impl Objects<'_> {
    /// Zone `z`, top first, at `depth` objects inside the view's zones. An object is in one
    /// zone, so the descent from a zone that belongs to no object ends (objects kept in
    /// their own zones, directly or not, are in no zone the view reaches), but a chain of
    /// objects may be long: past [`VIEW_DEPTH`] objects are shown without their zones.
    fn zone(&self, z: usize, depth: usize) -> ZoneView {
        let zone = &self.state.zones[z];
        let objects = zone.objects.iter().rev().map(|&o| self.object(o, depth)).collect();
        ZoneView { count: zone.objects.len(), objects }
    }

    fn object(&self, o: usize, depth: usize) -> ObjectView {
        let (content, state) = (self.content, self.state);
        let shown = match self.seat {
            None => true,
            Some(s) => state.visible(content, o, s),
        };
        if !shown {
            return ObjectView::Hidden { hidden: true };
        }
        let obj = &state.objects[o];
        let def = &content.defs[obj.def];
        let mut counters = BTreeMap::new();
        if !self.counters.is_empty() {
            let row = state.object_row(o);
            for &(c, slot) in &self.counters {
                counters.insert(content.counters[c].id.clone(), row[slot]);
            }
        }
        let mut zones = BTreeMap::new();
        if !self.zones.is_empty() && depth < VIEW_DEPTH {
            for &d in &self.zones {
                if let Some(&z) = state.zone_index.get(&(d, Some(o))) {
                    zones.insert(content.zones[d].id.clone(), self.zone(z, depth + 1));
                }
            }
        }
        ObjectView::Shown {
            def: def.id.clone(),
            name: def.name.clone(),
            text: def.text.clone(),
            props: def.props.clone(),
            face_up: obj.face_up,
            counters,
            zones,
        }
    }
}
