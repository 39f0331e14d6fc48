//! Each kind of card of Marshals, as the rulebook (`shared/rules/marshals.txt`) and the
//! decisions (`shared/rules/marshals.gaps.md` sections 1 and 5, `scripts/marshals/DECISIONS.md`)
//! say it behaves: a few focused tests per kind, named after the card and the behaviour.
//!
//! Every test starts from [`start`]: the fixed map (Forest 1, Desert 2, Plain 3, Mountain 4),
//! seat s the Marshal of terrain s standing there, every hand emptied into a shuffled deck, at
//! seat 1's first Step 2. Step 2 options are made right after a draw, so cards are given
//! before the draw that opens the Step 2 that should offer them ([`pass`]); every card a
//! test lets anyone draw is put on top of the deck first, so no stray Event or Outlaw
//! interferes. Hidden information is checked through seats' views ([`seen`]) and logs.

use super::*;
use posse::view::ObjectView;

mod clue_hideout_jurisdiction;
mod contract;
mod events_outlaws;
mod moves_holdups;

// ------------------------------------------------------------------------ helpers

/// A game of `players` Marshals at seat 1's first Step 2 (a seed whose first draw is neither
/// an Event nor an Outlaw), with every hand put back into the deck and the deck shuffled, so
/// that nobody holds or knows any card.
fn start(players: usize) -> Game {
    start_from(players, 0)
}

/// [`start`] with the first quiet seed from `seed` on.
fn start_from(players: usize, seed: u64) -> Game {
    let c = fixed("", &[]);
    let mut g = (seed..seed + 100)
        .map(|seed| new_game(&c, seed, players))
        .find(|g| waiting(g) == [1] && labels(g, 1).contains(&"End your turn".to_string()))
        .expect("a quiet first draw");
    LUA.run(
        &mut g,
        "for s = 1, posse.players() do
           for _, c in ipairs(posse.contents(posse.zone('hand', s))) do posse.move(c, posse.zone('deck')) end
         end
         posse.shuffle(posse.zone('deck'))",
    );
    g
}

/// Puts these cards into `seat`'s hand.
fn give(g: &mut Game, seat: usize, ids: &[&str]) {
    LUA.run(g, &format!("give({seat}, {})", quoted(ids)));
}

/// Puts these cards on top of the deck, the first on top.
fn top(g: &mut Game, ids: &[&str]) {
    LUA.run(g, &format!("top({})", quoted(ids)));
}

/// Sets `seat`'s counter `name`.
fn set(g: &mut Game, name: &str, value: i64, seat: usize) {
    LUA.run(g, &format!("set('{name}', {value}, {seat})"));
}

/// `seat` ends his turn after `draws` are put on top of the deck: the next players draw them.
fn pass(g: &mut Game, seat: usize, draws: &[&str]) {
    top(g, draws);
    answer(g, seat, "End your turn");
}

/// What `viewer` (None: omniscient) sees of a zone, top first: each card's name, or None
/// when it is hidden from him. `owner`: the seat whose zone it is (None: a shared zone).
fn seen(g: &Game, viewer: Option<usize>, owner: Option<usize>, zone: &str) -> Vec<Option<String>> {
    let v = g.view(viewer);
    let z = match owner {
        Some(s) => &v.seats[s - 1].zones[zone],
        None => &v.zones[zone],
    };
    z.objects
        .iter()
        .map(|o| match o {
            ObjectView::Shown { name, .. } => Some(name.clone()),
            ObjectView::Hidden { .. } => None,
        })
        .collect()
}

/// The names of the cards in a zone, top first (omniscient).
fn names(g: &Game, owner: Option<usize>, zone: &str) -> Vec<String> {
    seen(g, None, owner, zone).into_iter().flatten().collect()
}

fn discard_top(g: &Game) -> String {
    names(g, None, "discard").first().cloned().unwrap_or_default()
}

fn eliminated(g: &Game, seat: usize) -> bool {
    g.view(None).seats[seat - 1].eliminated
}

/// The log lines `seat` may read that were written after the first `from`.
fn log_since(g: &Game, seat: usize, from: usize) -> Vec<String> {
    g.log_lines(Some(seat)).split_off(from)
}

fn has_label(g: &Game, seat: usize, prefix: &str) -> bool {
    labels(g, seat).iter().any(|l| l.starts_with(prefix))
}

/// `seat` is at the Step 2 of his own turn.
fn at_step_2(g: &Game, seat: usize) -> bool {
    waiting(g) == [seat] && prompt(g, seat).starts_with("Your turn")
}
