//! The fast paths of the hottest functions (register.rs's `fast_path!`): the
//! common case of each, the same work as its body; anything else (a wrong or unusual
//! argument, read-only mode, twin mode, the leak check's audits, a search playout) is
//! `None`, left to the body before anything is changed.

use super::super::register::{Ret, Stack};
use super::super::Shared;
use crate::limits::LOG_BYTES;
use crate::record::Choice;
use crate::state::{Audience, State};

/// Seat argument `i` (1-based), 0-based, when it is a seat of `st`'s game.
#[inline]
pub(in crate::lua) fn seat(st: &State, s: &Stack, i: i32) -> Option<usize> {
    let n = s.int(i)?;
    (n >= 1 && n as u64 <= st.players() as u64).then(|| n as usize - 1)
}

#[inline]
fn zone(st: &State, s: &Stack, i: i32) -> Option<usize> {
    let n = s.int(i)?;
    (n >= 1 && n as u64 <= st.zones.len() as u64).then(|| n as usize - 1)
}

#[inline]
fn obj(st: &State, s: &Stack, i: i32) -> Option<usize> {
    let n = s.int(i)?;
    (n >= 1 && n as u64 <= st.objects.len() as u64).then(|| n as usize - 1)
}

/// A counter's slot argument `i` (1-based), 0-based, when it is one of `len`.
#[inline]
fn slot(s: &Stack, i: i32, len: usize) -> Option<usize> {
    let n = s.int(i)?;
    (n >= 1 && n as u64 <= len as u64).then(|| n as usize - 1)
}

#[inline]
fn pushed(n: i32) -> Option<Ret> {
    Some(Ret::Pushed(n))
}

#[inline]
pub(super) fn is_eliminated(sh: &Shared, s: &Stack) -> Option<Ret> {
    let st = sh.state.try_borrow().ok()?;
    s.push_bool(st.seats[seat(&st, s, 1)?].eliminated);
    pushed(1)
}

#[inline]
pub(super) fn set_current(sh: &Shared, s: &Stack) -> Option<Ret> {
    if sh.read_only.get() {
        return None;
    }
    let mut st = sh.state.try_borrow_mut().ok()?;
    st.current = if s.nil(1) { None } else { Some(seat(&st, s, 1)?) };
    pushed(0)
}

#[inline]
pub(super) fn count(sh: &Shared, s: &Stack) -> Option<Ret> {
    let st = sh.state.try_borrow().ok()?;
    s.push_int(st.zones[zone(&st, s, 1)?].objects.len() as i64);
    pushed(1)
}

#[inline]
pub(super) fn contents(sh: &Shared, s: &Stack) -> Option<Ret> {
    let st = sh.state.try_borrow().ok()?;
    let objs = &st.zones[zone(&st, s, 1)?].objects;
    if !s.room(objs.len()) {
        return None;
    }
    for &o in objs.iter().rev() {
        s.push_int(o as i64 + 1);
    }
    pushed(objs.len() as i32)
}

#[inline]
pub(super) fn move_(sh: &Shared, s: &Stack) -> Option<Ret> {
    if sh.read_only.get() {
        return None;
    }
    let mut st = sh.state.try_borrow_mut().ok()?;
    let (o, z) = (obj(&st, s, 1)?, zone(&st, s, 2)?);
    let bottom = if s.nil(3) {
        false
    } else {
        match s.bytes(3)? {
            b"top" => false,
            b"bottom" => true,
            _ => return None,
        }
    };
    st.move_object(o, z, bottom);
    pushed(0)
}

#[inline]
pub(super) fn draw(sh: &Shared, s: &Stack) -> Option<Ret> {
    if sh.read_only.get() {
        return None;
    }
    let mut st = sh.state.try_borrow_mut().ok()?;
    let (from, to) = (zone(&st, s, 1)?, zone(&st, s, 2)?);
    match st.zones[from].objects.last().copied() {
        Some(o) => {
            st.move_object(o, to, false);
            s.push_int(o as i64 + 1);
        }
        None => s.push_nil(),
    }
    pushed(1)
}

#[inline]
pub(super) fn players(sh: &Shared, s: &Stack) -> Option<Ret> {
    s.push_int(sh.state.try_borrow().ok()?.players() as i64);
    pushed(1)
}

#[inline]
pub(super) fn at(sh: &Shared, s: &Stack) -> Option<Ret> {
    let st = sh.state.try_borrow().ok()?;
    let objs = &st.zones[zone(&st, s, 1)?].objects;
    let i = if s.nil(2) { 1 } else { s.int(2)? };
    if i < 1 || i as u64 > objs.len() as u64 {
        s.push_nil();
    } else {
        s.push_int(objs[objs.len() - i as usize] as i64 + 1);
    }
    pushed(1)
}

#[inline]
pub(super) fn zone_of(sh: &Shared, s: &Stack) -> Option<Ret> {
    let st = sh.state.try_borrow().ok()?;
    s.push_int(st.objects[obj(&st, s, 1)?].zone as i64 + 1);
    pushed(1)
}

#[inline]
pub(super) fn flip(sh: &Shared, s: &Stack) -> Option<Ret> {
    if sh.read_only.get() {
        return None;
    }
    let mut st = sh.state.try_borrow_mut().ok()?;
    let o = obj(&st, s, 1)?;
    st.objects[o].face_up = s.truthy(2);
    st.object_changed(o);
    pushed(0)
}

#[inline]
pub(super) fn def_index(sh: &Shared, s: &Stack) -> Option<Ret> {
    let st = sh.state.try_borrow().ok()?;
    s.push_int(st.objects[obj(&st, s, 1)?].def as i64 + 1);
    pushed(1)
}

#[inline]
pub(super) fn slot_get(sh: &Shared, s: &Stack) -> Option<Ret> {
    let st = sh.state.try_borrow().ok()?;
    s.push_int(st.counters[slot(s, 1, st.counters.len())?]);
    pushed(1)
}

#[inline]
pub(super) fn slot_set(sh: &Shared, s: &Stack) -> Option<Ret> {
    if sh.read_only.get() || sh.twin.try_borrow().ok()?.is_some() {
        return None;
    }
    let mut st = sh.state.try_borrow_mut().ok()?;
    let (i, v) = (slot(s, 1, st.counters.len())?, s.int(2)?);
    st.counters[i] = v;
    st.changes.counter(i);
    pushed(0)
}

#[inline]
pub(super) fn slot_add(sh: &Shared, s: &Stack) -> Option<Ret> {
    if sh.read_only.get() {
        return None;
    }
    let mut st = sh.state.try_borrow_mut().ok()?;
    let (i, d) = (slot(s, 1, st.counters.len())?, s.int(2)?);
    let v = st.counters[i].checked_add(d)?;
    st.counters[i] = v;
    st.changes.counter(i);
    s.push_int(v);
    pushed(1)
}

/// The cell of an object's per-object counter: object argument 1, slot argument 2.
#[inline]
fn cell(st: &State, s: &Stack) -> Option<usize> {
    let o = obj(st, s, 1)?;
    let k = slot(s, 2, st.object_width)?;
    Some(o * st.object_width + k)
}

/// A per-object counter's cell `i` was written: its declaration's change counter.
#[inline]
fn cell_changed(st: &mut State, i: usize) {
    let k = i % st.object_width;
    st.changes.object_slot(k);
}

#[inline]
pub(super) fn object_get(sh: &Shared, s: &Stack) -> Option<Ret> {
    let st = sh.state.try_borrow().ok()?;
    s.push_int(st.object_counters[cell(&st, s)?]);
    pushed(1)
}

#[inline]
pub(super) fn object_set(sh: &Shared, s: &Stack) -> Option<Ret> {
    if sh.read_only.get() {
        return None;
    }
    let mut st = sh.state.try_borrow_mut().ok()?;
    let (i, v) = (cell(&st, s)?, s.int(3)?);
    st.object_counters[i] = v;
    cell_changed(&mut st, i);
    pushed(0)
}

#[inline]
pub(super) fn object_add(sh: &Shared, s: &Stack) -> Option<Ret> {
    if sh.read_only.get() {
        return None;
    }
    let mut st = sh.state.try_borrow_mut().ok()?;
    let (i, d) = (cell(&st, s)?, s.int(3)?);
    let v = st.object_counters[i].checked_add(d)?;
    st.object_counters[i] = v;
    cell_changed(&mut st, i);
    s.push_int(v);
    pushed(1)
}

/// `posse.changes(part, ...)` outside prompts and labels, with at most 6 parts, each a
/// part of the game: one number a part.
#[inline]
pub(super) fn changes(sh: &Shared, s: &Stack) -> Option<Ret> {
    if sh.read_only.get() {
        return None;
    }
    let n = s.top();
    if !(1..=6).contains(&n) {
        return None;
    }
    let st = sh.state.try_borrow().ok()?;
    let mut counts = [0u64; 6];
    for (i, c) in (1..=n).zip(counts.iter_mut()) {
        *c = st.changes.get(super::change_part(sh, &st, s.bytes(i)?)?)?;
    }
    // (Read first, pushed after: nothing is pushed when a part goes to the body.)
    for &c in &counts[..n as usize] {
        s.push_int(c as i64);
    }
    pushed(n)
}

#[inline]
pub(super) fn random(sh: &Shared, s: &Stack) -> Option<Ret> {
    if sh.read_only.get() {
        return None;
    }
    let n = s.int(1).filter(|&n| n >= 1)?;
    let mut st = sh.state.try_borrow_mut().ok()?;
    s.push_int(st.rng.below(n as u64) as i64 + 1);
    pushed(1)
}

/// A line for every seat (no audience) or for one seat, while no audit watches.
#[inline]
pub(super) fn log(sh: &Shared, s: &Stack) -> Option<Ret> {
    if sh.read_only.get() || sh.log_audit.try_borrow().ok()?.is_some() || sh.glimpses.try_borrow().ok()?.is_some() {
        return None;
    }
    if !s.nil(3) {
        return None; // a mark: the registered body reads it
    }
    let mut st = sh.state.try_borrow_mut().ok()?;
    let audience = if s.nil(2) { Audience::All } else { Audience::Seats(1 << seat(&st, s, 2)?) };
    let text = std::str::from_utf8(s.bytes(1)?).ok()?;
    if st.log_bytes + text.len() > LOG_BYTES {
        return None;
    }
    st.log_bytes += text.len();
    st.log(text.to_owned(), audience);
    pushed(0)
}

/// The most options of a decision whose tags a fast path reads.
const TAGGED: usize = 32;

/// A random bot's pick, in a batch with no search playout, and no ban where the
/// options have tags: the body's `auto_pick` for that case.
#[inline]
pub(super) fn auto_pick(sh: &Shared, s: &Stack) -> Option<Ret> {
    // Arguments: seat, options, count, min, max, tags.
    let range = if s.nil(4) && s.nil(5) { None } else { Some((s.int(4)?, s.int(5)?)) };
    pick(sh, s, [1, 2, 3, 6], range)
}

/// Upvalues of `auto_choose`: after the registered body, the keys of the question's
/// fields it reads.
pub(super) const CHOOSE_KEYS: [&str; 5] = ["kind", "count", "min", "max", "tags"];

/// `posse.choose` answered at once in a batch whose random bots answer in the flow
/// (prelude.lua): `auto_choose(seat, options, opts, FLOW, YIELDS, ASKED)` does what
/// posse.choose does when it is called from the flow `FLOW`, by a seat not in
/// `YIELDS`, with a question (a table) of a kind already counted in `ASKED` in this
/// game, and `auto_pick` would answer (see there): it counts the kind, picks, and
/// returns the answer. Any other call changes nothing and returns nothing, and
/// posse.choose goes its own way.
#[inline]
pub(super) fn auto_choose(sh: &Shared, s: &Stack) -> Option<Ret> {
    let none = Some(Ret::Pushed(0));
    if !s.is_running_thread(4) || !s.is_plain_table(3) || !s.is_plain_table(5) || !s.is_plain_table(6) {
        return none;
    }
    if !s.raw_get_is_falsy(5, 1) {
        return none;
    }
    // The question's fields at 7 (kind) .. 11 (tags), read raw (a plain table).
    s.set_top(6);
    for k in 0..CHOOSE_KEYS.len() {
        s.push_field(3, k as i32 + 2);
    }
    let Some(n) = s.raw_get_int(6, 7) else { return none };
    let range = match (s.nil(9), s.nil(10)) {
        (true, true) => None,
        (min_nil, max_nil) => {
            let Some(min) = (if min_nil { Some(1) } else { s.int(9) }) else { return none };
            let Some(max) = (if max_nil { Some(min) } else { s.int(10) }) else { return none };
            Some((min, max))
        }
    };
    // The kind is counted where posse.choose counts it: before the pick.
    let Some(ret) = pick_if(sh, s, [1, 2, 8, 11], range, || s.raw_set_int(6, 7, n + 1)) else { return none };
    Some(ret)
}

/// The pick of [`auto_pick`], its arguments at `at` (seat, options, count, tags) and
/// its min and max `range`.
fn pick(sh: &Shared, s: &Stack, at: [i32; 4], range: Option<(i64, i64)>) -> Option<Ret> {
    pick_if(sh, s, at, range, || {})
}

/// [`pick`], doing `first` once the pick is sure to be made, before it is.
fn pick_if(
    sh: &Shared,
    s: &Stack,
    [seat_at, options_at, count_at, tags_at]: [i32; 4],
    range: Option<(i64, i64)>,
    first: impl FnOnce(),
) -> Option<Ret> {
    let players = sh.state.try_borrow().ok()?.players();
    let seat = s.int(seat_at).and_then(|n| crate::decision::Shape::seat(players, n))?;
    let count = match (s.plain_table_len(options_at), s.nil(count_at)) {
        (Some(n), true) => n,
        (Some(n), false) if s.int(count_at)? == n as i64 => n,
        (None, false) if s.is_function(options_at) => usize::try_from(s.int(count_at)?).ok()?,
        _ => return None,
    };
    let shape = crate::decision::Shape::new(seat, count, range).ok()?;
    if shape.multi && !s.room(count + 1) {
        return None;
    }
    // The tags' bytes (a string's, or none), read before anything changes: a tag too
    // long is the body's error.
    let tagged = s.is_table(tags_at);
    let mut tags = [None; TAGGED];
    if tagged {
        if count > TAGGED {
            return None;
        }
        for (i, t) in tags.iter_mut().enumerate().take(count) {
            *t = s.raw_bytes_at(tags_at, i as i64 + 1);
            if t.is_some_and(|b| b.len() > crate::lua::MAX_TAG_BYTES) {
                return None;
            }
        }
    }
    let mut auto = sh.auto.try_borrow_mut().ok()?;
    let bots = auto.as_mut()?;
    if bots.made >= bots.limit || bots.playout.is_some() || (tagged && !shape.multi && bots.ban.is_some()) {
        return None;
    }
    let (mut lead, st) = (sh.lead.try_borrow_mut().ok()?, sh.state.try_borrow().ok()?);
    first();
    let picks = crate::bot::random_choice(shape, &mut bots.rng);
    lead.note(&st, bots.made);
    bots.made += 1;
    bots.options += shape.count;
    sh.watched.progress();
    // Each decision starts a new step, as it does when the flow yields.
    sh.budget.refill();
    for (i, t) in tags.iter().enumerate().take(if tagged { count } else { 0 }) {
        if let Some(t) = t {
            bots.tags.of(t).note(shape.seat, picks.contains(&(i as u32 + 1)));
        }
    }
    let ret = if shape.multi {
        for &p in &picks {
            s.push_int(p as i64);
        }
        Ret::List(picks.len())
    } else {
        s.push_int(picks[0] as i64);
        Ret::Pushed(1)
    };
    bots.choices.push(Choice { seat: shape.seat, picks });
    Some(ret)
}
