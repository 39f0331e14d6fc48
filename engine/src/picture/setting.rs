//! What a picture knows beyond the view: the game's `picture:` declaration (which
//! per-object counters a piece's token shows, which zone holds the dead), the places the
//! scenario's `data:` marks (starts, goals, exits), the definitions' names and the sides'
//! names. All of it is content, the same for every seat; what a token shows of a piece
//! (its owner, wounds, ambush, whether it is beaten) is read from the view's object, so a
//! piece the view hides is `?` and shows none of it. Who hides is the view's per-seat
//! zone, and where a piece hides is read from its seat's counters only when the view
//! carries them: the seat's own, or the omniscient view.

use crate::content::{Content, MarkKind, PictureDecl};
use crate::view::{ObjectView, View};
use std::collections::{BTreeMap, BTreeSet};

/// What a picture draws beyond the view (see the module's notes). `Setting::default()`
/// declares nothing: pieces are names, and no place is marked.
#[derive(Debug, Clone, Default)]
pub struct Setting {
    pub decl: PictureDecl,
    /// The marked places by zone (node) id: each kind of mark once, with its labels.
    pub marks: BTreeMap<String, BTreeMap<MarkKind, Vec<String>>>,
    /// Sides' names by id (the content's [`Content::side_name`] of every seat's team
    /// that `data.teams` lists).
    pub(crate) sides: BTreeMap<String, String>,
    /// Marks by a per-object counter's values (`marks: [{counter: ...}]`): a place holding
    /// a shown piece whose counter has one of the values is marked so.
    pub(crate) by_counter: Vec<(String, BTreeSet<i64>, MarkKind)>,
    /// Marks by a prop (`marks: [{prop: ...}]`): a place holding a shown piece that has the
    /// prop (and lies face down, when the flag says so) is marked so.
    pub(crate) by_prop: Vec<(String, bool, MarkKind)>,
    /// What a grid's legend says of a kind of mark, where a `label:` says it.
    pub(crate) labels: BTreeMap<MarkKind, String>,
    /// How to win, as the game's or scenario's `rules: {win}` says it.
    pub aim: Option<String>,
}

/// A piece as its token shows it: from a shown object alone.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Token {
    pub name: String,
    /// The seat whose piece it is (1-based), when the game declares an owner counter and
    /// it is not 0.
    pub owner: Option<usize>,
    pub wounds: i64,
    pub ambush: bool,
    /// Hiding (`picture: {hiding}`): drawn dashed, where its side knows it hides.
    pub hiding: bool,
}

/// A piece hiding (`picture: {hiding}`) as a view shows it: its seat (1-based), the
/// object, and where it hides when the view reads it (a zone's place in the map's order,
/// from 1).
pub struct Hider<'v> {
    pub seat: usize,
    pub piece: &'v ObjectView,
    pub place: Option<usize>,
}

impl Setting {
    /// The setting of `content`'s pictures.
    pub fn of(content: &Content) -> Setting {
        let nodes: BTreeSet<&str> = content.board.nodes().iter().map(String::as_str).collect();
        let names: BTreeMap<&str, &str> = content.defs.iter().map(|d| (d.id.as_str(), d.name.as_str())).collect();
        let teams = content.data.get("teams").and_then(|t| t.as_array()).into_iter().flatten();
        let team_ids: Vec<String> =
            teams.filter_map(|t| t.get("id").and_then(|i| i.as_str())).map(str::to_string).collect();
        let sides: BTreeMap<String, String> = team_ids.iter().map(|id| (id.clone(), content.side_name(id))).collect();
        let mut marks: BTreeMap<String, BTreeMap<MarkKind, Vec<String>>> = BTreeMap::new();
        let (mut by_counter, mut by_prop, mut labels) = (Vec::new(), Vec::new(), BTreeMap::new());
        for m in &content.picture.marks {
            if let Some(label) = &m.label {
                labels.entry(m.mark).or_insert_with(|| label.clone());
            }
            if let Some(prop) = &m.prop {
                by_prop.push((prop.clone(), m.face_down, m.mark));
                continue;
            }
            let Some(path) = &m.data else { continue };
            let mut at = Some(&content.data);
            for step in path.split('.') {
                at = at.and_then(|v| match v {
                    serde_json::Value::Array(a) => step.parse::<usize>().ok().and_then(|i| a.get(i)),
                    _ => v.get(step),
                });
            }
            let Some(value) = at else { continue };
            if let Some(counter) = &m.counter {
                let one = std::slice::from_ref(value);
                let values = value.as_array().map_or(one, Vec::as_slice).iter().filter_map(|v| v.as_i64()).collect();
                by_counter.push((counter.clone(), values, m.mark));
                continue;
            }
            let mut found = Vec::new();
            walk(value, &nodes, None, false, &[], &mut found);
            for (zone, first, exit, own, above) in found {
                let named = |list: &[String]| -> String {
                    let list: Vec<&str> = list.iter().map(|s| names.get(s.as_str()).copied().unwrap_or(s)).collect();
                    list.join(", ")
                };
                // A team's place: the team, with what stands beside the place; another:
                // what stands beside it or above (a building's name), else the key.
                let label = match first.as_deref().and_then(|k| sides.get(k)) {
                    Some(side) if own.is_empty() => side.clone(),
                    Some(side) => format!("{side} ({})", named(&own)),
                    None if !above.is_empty() => named(&above),
                    None => first.unwrap_or_default(),
                };
                let kind = if exit { MarkKind::Exit } else { m.mark };
                let labels = marks.entry(zone).or_default().entry(kind).or_default();
                if !label.is_empty() && !labels.contains(&label) {
                    labels.push(label);
                }
            }
        }
        let aim = content.rules.win.clone();
        Setting { decl: content.picture.clone(), marks, sides, by_counter, by_prop, labels, aim }
    }

    /// A side's name for people: the name the data gives its team, else the id.
    pub fn side_name(&self, side: &str) -> String {
        self.sides.get(side).cloned().unwrap_or_else(|| side.to_string())
    }

    /// The token of `o`: None for a hidden object, or a shown one that is no seat's piece
    /// (the game declares no owner, or its owner counter is 0).
    pub fn token(&self, o: &ObjectView) -> Option<Token> {
        let ObjectView::Shown { name, counters, .. } = o else { return None };
        let get = |c: &Option<String>| c.as_ref().and_then(|c| counters.get(c)).copied().unwrap_or(0);
        let owner = usize::try_from(get(&self.decl.owner)).ok().filter(|&s| s > 0)?;
        Some(Token {
            name: name.clone(),
            owner: Some(owner),
            wounds: get(&self.decl.wounds),
            ambush: get(&self.decl.ambush) != 0,
            hiding: false,
        })
    }

    /// The pieces hiding, seat by seat, as the view shows them (see [`Hider`]): those of
    /// each seat's copy of the declared zone. Where one hides is read from its seat's
    /// counter `PLACE_K`, K its place among the seat's pieces (every shown object whose
    /// owner counter is the seat, wherever the view shows it) in the order of the prop
    /// `order`: only a view that reads that counter knows it.
    pub fn hiding<'v>(&self, view: &'v View) -> Vec<Hider<'v>> {
        let Some(decl) = &self.decl.hiding else { return Vec::new() };
        let mut out = Vec::new();
        for (i, seat) in view.seats.iter().enumerate() {
            let Some(zone) = seat.zones.get(&decl.zone) else { continue };
            for piece in &zone.objects {
                let place = match (&decl.place, &decl.order, piece) {
                    (Some(place), Some(order), ObjectView::Shown { def, .. }) => {
                        let k = self.pieces_of(view, i + 1, order).iter().position(|d| d == def);
                        let value = k.and_then(|k| seat.counters.get(&format!("{place}_{}", k + 1)));
                        value.and_then(|&v| usize::try_from(v).ok()).filter(|&v| v > 0)
                    }
                    _ => None,
                };
                out.push(Hider { seat: i + 1, piece, place });
            }
        }
        out
    }

    /// The definitions of seat `s`'s pieces (owner counter `s`) the view shows anywhere,
    /// each once, in the order of their prop `order` (then of their ids).
    fn pieces_of(&self, view: &View, s: usize, order: &str) -> Vec<String> {
        let Some(owner) = &self.decl.owner else { return Vec::new() };
        let zones = view
            .board
            .values()
            .flat_map(|z| z.values())
            .chain(view.zones.values())
            .chain(view.seats.iter().flat_map(|v| v.zones.values()));
        let mut found: Vec<(String, String)> = Vec::new();
        for o in zones.flat_map(|z| &z.objects) {
            let ObjectView::Shown { def, props, counters, .. } = o else { continue };
            if counters.get(owner).copied() != Some(s as i64) || found.iter().any(|(_, d)| d == def) {
                continue;
            }
            let key = match props.get(order) {
                Some(serde_json::Value::String(v)) => v.clone(),
                Some(v) => v.to_string(),
                None => String::new(),
            };
            found.push((key, def.clone()));
        }
        found.sort();
        found.into_iter().map(|(_, d)| d).collect()
    }

    /// The marks `objects` bring to their place: each counter mark whose values a shown
    /// one's counter has, each prop mark whose prop a shown one has (face down, where the
    /// mark asks).
    pub fn marks_of<'v>(&self, objects: impl IntoIterator<Item = &'v ObjectView>) -> BTreeSet<MarkKind> {
        let mut out = BTreeSet::new();
        for o in objects {
            let ObjectView::Shown { counters, props, face_up, .. } = o else { continue };
            for (counter, values, kind) in &self.by_counter {
                if counters.get(counter).is_some_and(|v| values.contains(v)) {
                    out.insert(*kind);
                }
            }
            for (prop, face_down, kind) in &self.by_prop {
                if props.get(prop).is_some_and(|v| !v.is_null()) && !(*face_down && *face_up) {
                    out.insert(*kind);
                }
            }
        }
        out
    }

    /// What a grid's legend says of marks of `kind`: the declaration's `label`, else
    /// `default`.
    pub fn mark_label<'s>(&'s self, kind: MarkKind, default: &'s str) -> &'s str {
        self.labels.get(&kind).map_or(default, String::as_str)
    }

    /// Whether `o` is shown beaten (its `beaten` counter is not 0).
    pub fn beaten(&self, o: &ObjectView) -> bool {
        flag(&self.decl.beaten, o)
    }

    /// Whether `o` is shown knocked down (its `down` counter is not 0).
    pub fn down(&self, o: &ObjectView) -> bool {
        flag(&self.decl.down, o)
    }

    /// The dead as the view shows them: the shown objects of the declared `dead` zone
    /// (a hidden one is `?`), top first.
    pub fn dead<'v>(&self, view: &'v View) -> Vec<&'v ObjectView> {
        let zone = self.decl.dead.as_ref().and_then(|z| view.zones.get(z));
        zone.map(|z| z.objects.iter().collect()).unwrap_or_default()
    }

    /// The pieces of the zone `picture: {escaped: ...}` names, as the view shows them: those
    /// who left the board alive.
    pub fn escaped<'v>(&self, view: &'v View) -> Vec<&'v ObjectView> {
        let zone = self.decl.escaped.as_ref().and_then(|z| view.zones.get(z));
        zone.map(|z| z.objects.iter().collect()).unwrap_or_default()
    }
}

/// Whether the per-object counter `counter` of `o` is shown and not 0.
fn flag(counter: &Option<String>, o: &ObjectView) -> bool {
    let ObjectView::Shown { counters, .. } = o else { return false };
    counter.as_ref().and_then(|c| counters.get(c)).is_some_and(|&v| v != 0)
}

/// The sides of `view`'s seats, each once, in seat order: a seat's team, else its role,
/// else `seat N`.
pub fn sides(view: &View) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in 1..=view.seats.len() {
        let side = side_of(view, s);
        if !out.contains(&side) {
            out.push(side);
        }
    }
    out
}

/// Seat `s`'s side (1-based): its team, else its role, else `seat N`.
pub fn side_of(view: &View, s: usize) -> String {
    let seat = view.seats.get(s.wrapping_sub(1));
    seat.and_then(|v| v.team.clone().or_else(|| v.role.clone())).unwrap_or_else(|| format!("seat {s}"))
}

/// A place found under a marked data path: the zone, the first map key on the way (the
/// path's first key below the declared one), whether a key `exits` was on the way, the
/// other strings of the list or map that holds it (a character beside its start), and
/// those of the nearest list or map above that has any (a building's name beside its
/// zones).
type Found = (String, Option<String>, bool, Vec<String>, Vec<String>);

/// Every string of `v` that is a node of `nodes`, as [`Found`] says; `above` are the
/// strings of the nearest container above that has any.
fn walk(
    v: &serde_json::Value,
    nodes: &BTreeSet<&str>,
    first: Option<&str>,
    exit: bool,
    above: &[String],
    out: &mut Vec<Found>,
) {
    let strings = |items: &mut dyn Iterator<Item = &serde_json::Value>| -> Vec<String> {
        items.filter_map(|x| x.as_str()).filter(|x| !nodes.contains(x)).map(str::to_string).collect()
    };
    let visit = |x: &serde_json::Value, key: Option<&str>, own: &[String], out: &mut Vec<Found>| {
        let (first, exit) = (first.or(key), exit || key == Some("exits"));
        let above = if own.is_empty() { above } else { own };
        match x {
            serde_json::Value::String(s) if nodes.contains(s.as_str()) => {
                out.push((s.clone(), first.map(str::to_string), exit, own.to_vec(), above.to_vec()));
            }
            serde_json::Value::Array(_) | serde_json::Value::Object(_) => walk(x, nodes, first, exit, above, out),
            _ => {}
        }
    };
    match v {
        serde_json::Value::Array(a) => {
            let own = strings(&mut a.iter());
            for x in a {
                visit(x, None, &own, out);
            }
        }
        serde_json::Value::Object(m) => {
            let own = strings(&mut m.values());
            for (k, x) in m {
                visit(x, Some(k), &own, out);
            }
        }
        serde_json::Value::String(_) => visit(v, None, &[], out),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn places_are_found_with_their_team_and_what_stands_beside_them() {
        let nodes: BTreeSet<&str> = ["SHF", "BAR", "TAB", "R1", "R2", "BNK"].into_iter().collect();
        let data = serde_json::json!({
            "start": [["ted", "SHF"], ["fred", "BAR"]],
            "aims": {"teams": {"desperados": {"exits": ["R1", "R2"], "gold": "off"}, "law": {"carry": "strongbox", "to": "BNK"}},
                     "hold": {"from": 3, "buildings": [{"name": "Saloon", "zones": ["BAR", "TAB"]}]}},
        });
        let mut out = Vec::new();
        walk(&data["start"], &nodes, None, false, &[], &mut out);
        assert_eq!(out[0], ("SHF".into(), None, false, vec!["ted".into()], vec!["ted".into()]));
        out.clear();
        walk(&data["aims"]["teams"], &nodes, None, false, &[], &mut out);
        let r1 = out.iter().find(|f| f.0 == "R1").unwrap();
        assert_eq!((r1.1.as_deref(), r1.2, r1.3.len()), (Some("desperados"), true, 0), "{out:?}");
        assert!(out.contains(&(
            "BNK".into(),
            Some("law".into()),
            false,
            vec!["strongbox".into()],
            vec!["strongbox".into()]
        )));
        out.clear();
        walk(&data["aims"]["hold"], &nodes, None, false, &[], &mut out);
        assert_eq!(out[1], ("TAB".into(), Some("buildings".into()), false, vec![], vec!["Saloon".into()]), "{out:?}");
    }
}
