//! The dice functions of `posse` (see `scripts/types/posse.lua`): without a seat the
//! shared dice, with one that seat's own (`per_seat` dice); rolling, reading and setting
//! faces, and revealing a seat's dice to every seat until they are rolled again. Who may
//! see a die is the state's rule (`visibility` in game.yaml), applied when views are made.

use super::api::{clip, err, seat, writable};
use super::register::{fast_path, Registrar, Ret, Seat, Stack};
use super::Shared;
use crate::state::State;
use mlua::{Result, Table, Variadic};

/// Die `i` (1-based) of the shared dice, or of a seat's own when `owner` is given.
fn die(sh: &Shared, st: &State, i: i64, owner: Option<usize>, f: &str) -> Result<usize> {
    let n = if owner.is_some() { sh.content.seat_dice.len() } else { st.dice.len() };
    if i >= 1 && (i as usize) <= n {
        Ok(i as usize - 1)
    } else if let Some(o) = owner {
        err(format!("{f}: seat {} has no die {i} (a seat's dice are 1..{n})", o + 1))
    } else {
        err(format!("{f}: die {i} does not exist (dice are 1..{n})"))
    }
}

/// Reveals (or hides again) a seat's own dice, or the shared dice when `owner` is nil.
fn show_dice(sh: &Shared, owner: Option<Seat>, shown: bool, f: &str) -> Result<()> {
    writable(sh, f)?;
    let mut st = sh.state.borrow_mut();
    if let Some(twin) = sh.twin.borrow_mut().as_mut().filter(|_| shown) {
        let o = owner.map(|s| seat(&st, s, f)).transpose()?;
        let hid = match o {
            None => (0..st.dice.len()).any(|d| !st.die_visible(&sh.content, d, twin.seat)),
            Some(o) => (0..sh.content.seat_dice.len()).any(|d| !st.seat_die_visible(&sh.content, o, d, twin.seat)),
        };
        if hid {
            twin.expose(st.log.len());
        }
    }
    match owner {
        None => st.shared_dice_revealed = shown,
        Some(s) => {
            let bit = 1 << seat(&st, s, f)?;
            if shown {
                st.dice_revealed |= bit;
            } else {
                st.dice_revealed &= !bit;
            }
        }
    }
    Ok(())
}

/// Twin mode (twin.rs): turns die `d` (of `owner`'s, or shared) to another face when the
/// twin's seat cannot see it.
fn twin_turn(sh: &Shared, st: &mut State, d: usize, owner: Option<usize>) {
    let mut twin = sh.twin.borrow_mut();
    let Some(twin) = twin.as_mut() else { return };
    match owner {
        None if !st.die_visible(&sh.content, d, twin.seat) => {
            st.dice[d] = twin.turn(st.dice[d], sh.content.dice[d].faces.len());
        }
        Some(o) if !st.seat_die_visible(&sh.content, o, d, twin.seat) => {
            let i = st.seat_die(&sh.content, o, d);
            st.seat_dice[i] = twin.turn(st.seat_dice[i], sh.content.seat_dice[d].faces.len());
        }
        _ => {}
    }
}

/// The face die `d` (0-based, of `owner`'s own dice or the shared ones) shows.
fn face_name<'a>(sh: &'a Shared, st: &State, d: usize, owner: Option<usize>) -> &'a str {
    match owner {
        None => &sh.content.dice[d].faces[st.dice[d]],
        Some(o) => &sh.content.seat_dice[d].faces[st.seat_dice[st.seat_die(&sh.content, o, d)]],
    }
}

/// The most dice `posse.roll`'s fast path rolls in a call.
const MAX_ROLLED: usize = 16;

/// The face names of all dice, listed for `posse.roll`'s fast path: the shared dice's
/// faces die by die, then those of a seat's own dice.
fn face_list(sh: &Shared) -> Vec<&str> {
    let dice = sh.content.dice.iter().chain(&sh.content.seat_dice);
    dice.flat_map(|d| d.faces.iter().map(|f| f.as_str())).collect()
}

/// `posse.roll`'s fast path (register.rs): at most [`MAX_ROLLED`] dice rolled by the
/// game's RNG, outside twin mode and with no rigged faces; the faces they show are pushed
/// from the list of [`face_list`].
fn fast_roll(sh: &Shared, s: &Stack) -> Option<Ret> {
    if sh.read_only.get() || sh.twin.try_borrow().ok()?.is_some() {
        return None;
    }
    let mut st = sh.state.try_borrow_mut().ok()?;
    #[cfg(feature = "test-hooks")]
    if !st.rigged.is_empty() {
        return None;
    }
    let owner = if s.nil(2) { None } else { Some(super::api::fast::seat(&st, s, 2)?) };
    let (dice, n) = match owner {
        None => (&sh.content.dice, st.dice.len()),
        Some(_) => (&sh.content.seat_dice, sh.content.seat_dice.len()),
    };
    if n > MAX_ROLLED || !s.room(MAX_ROLLED) {
        return None;
    }
    let mut which = [0usize; MAX_ROLLED];
    let mut k = 0;
    if s.nil(1) {
        for (d, w) in which.iter_mut().enumerate().take(n) {
            *w = d;
        }
        k = n;
    } else {
        // The list as `sequence_values` reads it: up to its first nil.
        s.plain_table_len(1)?;
        while let Some(i) = s.raw_int_at(1, k as i64 + 1)? {
            if k == MAX_ROLLED || i < 1 || i as u64 > n as u64 {
                return None;
            }
            which[k] = i as usize - 1;
            k += 1;
        }
    }
    match owner {
        None => st.shared_dice_revealed = false,
        Some(o) => st.dice_revealed &= !(1 << o),
    }
    for &d in &which[..k] {
        let face = st.rng.below(dice[d].faces.len() as u64) as usize;
        match owner {
            None => st.dice[d] = face,
            Some(o) => st.seat_dice[o * n + d] = face,
        }
    }
    // Where each die's faces start in the list.
    let mut first = [0usize; MAX_ROLLED];
    let mut at = if owner.is_some() { sh.content.dice.iter().map(|d| d.faces.len()).sum() } else { 0 };
    for (f, d) in first.iter_mut().zip(dice.iter()) {
        *f = at;
        at += d.faces.len();
    }
    for &d in &which[..k] {
        let face = match owner {
            None => st.dice[d],
            Some(o) => st.seat_dice[o * n + d],
        };
        s.push_listed(first[d] + face + 1);
    }
    Some(Ret::Pushed(k as i32))
}

/// `raw.face_index`'s fast path: die `i`'s face number.
fn fast_face_index(sh: &Shared, s: &Stack) -> Option<Ret> {
    let st = sh.state.try_borrow().ok()?;
    let i = s.int(1)?;
    let face = if s.nil(2) {
        *st.dice.get(usize::try_from(i).ok()?.checked_sub(1)?)?
    } else {
        let o = super::api::fast::seat(&st, s, 2)?;
        let d = usize::try_from(i).ok()?.checked_sub(1).filter(|&d| d < sh.content.seat_dice.len())?;
        st.seat_dice[st.seat_die(&sh.content, o, d)]
    };
    s.push_int(face as i64 + 1);
    Some(Ret::Pushed(1))
}

/// Registers the dice functions.
pub(super) fn register(r: &mut Registrar) -> Result<()> {
    // Without a seat these are the shared dice; with one, that seat's own dice.
    r.posse("dice", |sh, c, (owner,): (Option<Seat>,)| {
        let st = sh.state.borrow();
        match owner {
            None => Ok(st.dice.len()),
            Some(s) => seat(&st, s, c.f).map(|_| sh.content.seat_dice.len()),
        }
    })?;
    // Returns the faces the rolled dice show, in the order rolled: what `posse.face` of
    // each would read after the roll.
    let faces = face_list(r.shared());
    r.posse_fast_strs(
        "roll",
        fast_path!(fast_roll),
        &faces,
        |sh, c, (which, owner): (Option<Table>, Option<Seat>)| {
            writable(sh, c.f)?;
            let mut st = sh.state.borrow_mut();
            let owner = owner.map(|s| seat(&st, s, c.f)).transpose()?;
            // Dice are rolled as the list names them, nothing copied: a failing step is undone
            // as a whole anyway.
            let roll = |st: &mut State, d: usize| -> Result<()> {
                let faces = match owner {
                    None => &sh.content.dice[d].faces,
                    Some(_) => &sh.content.seat_dice[d].faces,
                };
                // Tests rig the next faces (`Game::rig_dice`); no other build can.
                #[cfg(feature = "test-hooks")]
                let rigged = match st.rigged.pop_front() {
                    Some(f) => match faces.iter().position(|x| *x == f) {
                        Some(i) => Some(i),
                        None => return err(format!("rigged face '{f}' is not a face of die {}", d + 1)),
                    },
                    None => None,
                };
                #[cfg(not(feature = "test-hooks"))]
                let rigged = None;
                let face = match rigged {
                    Some(i) => i,
                    None => st.rng.below(faces.len() as u64) as usize,
                };
                match owner {
                    None => st.dice[d] = face,
                    Some(o) => st.seat_dice[o * sh.content.seat_dice.len() + d] = face,
                }
                twin_turn(sh, st, d, owner);
                Ok(())
            };
            // Rolled dice are hidden again where their visibility hides them.
            match owner {
                None => st.shared_dice_revealed = false,
                Some(o) => st.dice_revealed &= !(1 << o),
            }
            let mut rolled = Vec::new();
            match which {
                None => {
                    let n = if owner.is_some() { sh.content.seat_dice.len() } else { st.dice.len() };
                    for d in 0..n {
                        roll(&mut st, d)?;
                        rolled.push(d);
                    }
                }
                Some(t) => {
                    for i in t.sequence_values::<i64>() {
                        let d = die(sh, &st, i?, owner, c.f)?;
                        roll(&mut st, d)?;
                        rolled.push(d);
                    }
                }
            }
            rolled.iter().map(|&d| c.lua.create_string(face_name(sh, &st, d, owner))).collect::<Result<Variadic<_>>>()
        },
    )?;
    r.prelude_fast(
        "face_index",
        "posse.face",
        fast_path!(fast_face_index),
        |sh, c, (i, owner): (i64, Option<Seat>)| {
            let st = sh.state.borrow();
            let owner = owner.map(|s| seat(&st, s, c.f)).transpose()?;
            let d = die(sh, &st, i, owner, c.f)?;
            Ok(match owner {
                None => st.dice[d],
                Some(o) => st.seat_dice[st.seat_die(&sh.content, o, d)],
            } + 1)
        },
    )?;
    r.posse("set_face", |sh, c, (i, face, owner): (i64, mlua::LuaString, Option<Seat>)| {
        writable(sh, c.f)?;
        let mut st = sh.state.borrow_mut();
        let owner = owner.map(|s| seat(&st, s, c.f)).transpose()?;
        let d = die(sh, &st, i, owner, c.f)?;
        let face = face.to_str()?;
        let faces = match owner {
            None => &sh.content.dice[d].faces,
            Some(_) => &sh.content.seat_dice[d].faces,
        };
        match faces.iter().position(|f| *f == *face) {
            Some(f) => {
                match owner {
                    None => st.dice[d] = f,
                    Some(o) => {
                        let slot = st.seat_die(&sh.content, o, d);
                        st.seat_dice[slot] = f;
                    }
                }
                twin_turn(sh, &mut st, d, owner);
                Ok(())
            }
            None => err(format!("{}: die {i} has no face '{}'", c.f, clip(&face))),
        }
    })?;
    r.posse("faces", |sh, c, (i, owner): (i64, Option<Seat>)| {
        let st = sh.state.borrow();
        let owner = owner.map(|s| seat(&st, s, c.f)).transpose()?;
        let d = die(sh, &st, i, owner, c.f)?;
        let faces = if owner.is_some() { &sh.content.seat_dice[d].faces } else { &sh.content.dice[d].faces };
        c.lua.create_sequence_from(faces.iter().map(|f| f.as_str()))
    })?;
    // Reveals a seat's own dice (or the shared ones) to every seat until they are rolled;
    // `hide_dice` gives them back to their visibility at once.
    r.posse("reveal_dice", |sh, c, (owner,): (Option<Seat>,)| show_dice(sh, owner, true, c.f))?;
    r.posse("hide_dice", |sh, c, (owner,): (Option<Seat>,)| show_dice(sh, owner, false, c.f))?;
    Ok(())
}
