//! (e): twin games. Perturbing one position cannot see a hidden value copied out before
//! it ("You roll 3 5 6" written to every seat, a public counter set from another seat's
//! card): the copy is history. So for every seat from which the game hides something, a
//! twin game (`Game::twin`, lua/twin.rs) replays the checked game's answers in a world
//! that differs only in what that seat has not seen:
//! - **objects** the seat does not see at any position of the game before its last (the
//!   checked game is played first, so this is known) trade identities among themselves,
//!   class by class, before the setup runs: the deal gives other seats other cards, the
//!   deck holds others ([`State::exchange`](crate::state::State::exchange));
//! - **dice and counters** the seat cannot see take another value each time the script
//!   rolls or sets them.
//!
//! After every step the seat's share of both games must be the same: the log lines the
//! step wrote that it may read (their number and text), its view (counters, team names,
//! the objects and dice it sees, who is asked and the kind of question, the result; at
//! the first positions, or every one with `--leaks`, as the renderer draws it too), and
//! its own question (prompt, labels, option ids and tags, how many picks, its kind). A
//! difference in who is asked is a **tell** ([`Leak::Tell`]).
//!
//! Until what? Until the difference is revealed to the seat: an exchanged object it sees
//! in either game, or glimpses as a line is logged (the showdown); a piece it sees that
//! stands otherwise in the twin (a hidden character shown where he lurked); the end of
//! one game and not the other (an end shows what was hidden: no Outlaw left); or dice
//! hidden from it that the script reveals (lines before the reveal are still compared).
//! The twin is done then, and no claim is made on that step's difference, so a tell in
//! the very step where the other game reveals something is not seen. And while the answers are the same: when another seat, who
//! sees what was changed, is asked another question in the twin (other cards in its
//! hand), the same pick would mean something else, so the twin parts and is dropped.
//!
//! A dropped twin is started again, replayed from the game's record and changed there
//! (`Game::become_twin`), at a later position the check looks at, within a budget of
//! replayed steps ([`RESTARTS`] times the game's length so far, for each seat), so the
//! cost stays linear in the game's length. Not covered: values kept in Lua and drawn with
//! no engine call (a twin changes only what the engine holds), objects created during the
//! game, and hidden per-object counters of objects that are not exchanged.

use super::{difference, Finding, Leak, Positions, FIRST};
use crate::content::Content;
use crate::diag::Result;
use crate::game::{Game, Request, Setup, Sight};
use crate::record::Choice;
use crate::state::State;
use crate::view::View;
use std::sync::Arc;

/// Replayed steps a seat's restarted twins may cost, as a multiple of the steps played
/// so far (the default check; `--leaks` allows [`RESTARTS_EVERY`]).
const RESTARTS: usize = 2;
const RESTARTS_EVERY: usize = 8;

/// Everything of a question its seat is shown (labels made when read included).
#[derive(Debug, PartialEq)]
struct Question {
    prompt: Option<String>,
    labels: Option<Vec<String>>,
    ids: Vec<Option<String>>,
    tags: Vec<Option<String>>,
    kind: Option<String>,
    picks: (usize, usize, usize, bool),
}

fn question(g: &Game, seat: usize) -> Option<Question> {
    let r: &Request = g.pending().into_iter().find(|r| r.seat == seat)?;
    Some(Question {
        prompt: r.try_prompt().ok(),
        labels: r.try_labels().ok(),
        ids: r.ids().0,
        tags: r.tags.clone(),
        kind: r.kind.clone(),
        picks: (r.count, r.min, r.max, r.multi),
    })
}

fn question_text(q: &Option<Question>) -> String {
    let Some(q) = q else { return "(not asked)".into() };
    let mut out = format!("prompt: {}", q.prompt.as_deref().unwrap_or("(error)"));
    out.push_str(&format!("\npicks: {} to {} of {}", q.picks.1, q.picks.2, q.picks.0));
    if let Some(k) = &q.kind {
        out.push_str(&format!("\nkind: {k}"));
    }
    for (i, l) in q.labels.iter().flatten().enumerate() {
        let id = q.ids.get(i).cloned().flatten().map(|d| format!(" [id {d}]")).unwrap_or_default();
        let tag = q.tags.get(i).cloned().flatten().map(|t| format!(" [tag {t}]")).unwrap_or_default();
        out.push_str(&format!("\noption {}: {l}{id}{tag}", i + 1));
    }
    out
}

/// One seat's twin.
struct Seat {
    /// Whether the game hides anything from the seat.
    hides: bool,
    /// The objects it never sees before the game's last position: what its twins exchange.
    exchange: Vec<usize>,
    twin: Option<Game>,
    /// The twin's log length before the step being played.
    from: usize,
    /// Steps replayed to start its twins again.
    replayed: usize,
    /// What the seat saw of the objects at the last position compared, in the game and
    /// in the twin.
    sights: (Vec<Sight>, Vec<Sight>),
}

/// Replays the checked game (`setup`, `choices`) with a twin for every seat something is
/// hidden from (see the module's notes). `seen[seat][object]`: whether the seat saw the
/// object at some position before the game's last.
pub(super) fn check(
    content: &Arc<Content>,
    setup: &Setup,
    choices: &[Choice],
    seen: &[Vec<bool>],
    positions: Positions,
    out: &mut Vec<Finding>,
) -> Result<()> {
    let mut g = Game::watched(content.clone(), setup.clone())?;
    let st = g.state_copy();
    let seed = setup.seed;
    let mut seats = Vec::new();
    for (seat, seen) in seen.iter().enumerate() {
        let exchange: Vec<usize> = (0..st.objects.len()).filter(|&o| !seen.get(o).copied().unwrap_or(false)).collect();
        let hides = hides_something(content, &st, seat) || exchange.len() > 1;
        // A twin that fails to start makes no claim (`check` reports the game's errors).
        let twin = if hides {
            Game::twin(content.clone(), setup.clone(), seat, twin_seed(seed, seat, 0), &exchange).ok()
        } else {
            None
        };
        // Before the setup nothing was seen: what it shows that differs is a reveal.
        let none = |x: &Game| x.sights(seat).into_iter().map(|s| Sight { seen: false, ..s }).collect();
        let sights = (none(&g), twin.as_ref().map(none).unwrap_or_default());
        seats.push(Seat { hides, exchange, twin, from: 0, replayed: 0, sights });
    }
    let factor = if positions == Positions::Every { RESTARTS_EVERY } else { RESTARTS };
    let render = |step: usize| positions == Positions::Every || step < FIRST;
    compare_all(&g, &mut seats, seed, (0, 0), render(0), out);
    for (step, choice) in choices.iter().enumerate() {
        let asked = question(&g, choice.seat);
        let from = g.log_len();
        if g.choose(choice.seat, &choice.picks).is_err() {
            break;
        }
        for s in seats.iter_mut() {
            if let Some(t) = &mut s.twin {
                s.from = t.log_len();
                // Another question in the twin: the same pick would mean another option.
                if question(t, choice.seat) != asked || t.choose(choice.seat, &choice.picks).is_err() {
                    s.twin = None;
                }
            }
        }
        compare_all(&g, &mut seats, seed, (from, step + 1), render(step + 1), out);
        let next = step + 1;
        if g.is_over() || !positions.includes(next) {
            continue;
        }
        for (seat, s) in seats.iter_mut().enumerate() {
            if s.hides && s.twin.is_none() && s.replayed + next <= factor * next {
                s.replayed += next;
                s.twin = restarted(&g, seat, twin_seed(seed, seat, next), &s.exchange);
                s.from = g.log_len();
                s.sights = (g.sights(seat), s.twin.as_ref().map(|t| t.sights(seat)).unwrap_or_default());
            }
        }
    }
    Ok(())
}

/// Compares every running twin with `g` at the position `step` decisions in (the lines
/// of the last step start at `from`; the views drawn by the renderer too where `render`:
/// at the first [`FIRST`] positions, or at every one with `--leaks`, for a render costs
/// more than the rest, and a renderer given the same view draws the same), dropping
/// those done or caught.
fn compare_all(
    g: &Game,
    seats: &mut [Seat],
    seed: u64,
    (from, step): (usize, usize),
    render: bool,
    out: &mut Vec<Finding>,
) {
    let glimpsed = g.take_glimpses();
    for (seat, s) in seats.iter_mut().enumerate() {
        let Some(t) = &s.twin else { continue };
        let now = (g.sights(seat), t.sights(seat));
        let shown = revealed(&s.sights, &now, (&glimpsed, &t.take_glimpses()), seat);
        s.sights = now;
        if shown || g.is_over() != t.is_over() {
            // What differs is shown to the seat, or one game ends (an end shows what was
            // hidden, as "All the Outlaws are captured" does): done.
            s.twin = None;
            continue;
        }
        match compare(g, t, seat, (from, s.from), render) {
            Verdict::Same => {}
            Verdict::Done => s.twin = None,
            Verdict::Leak(leak, diff) => {
                out.push(Finding { seed, step, seat: seat + 1, leak, diff });
                s.twin = None;
            }
        }
    }
}

fn twin_seed(seed: u64, seat: usize, step: usize) -> u64 {
    seed.wrapping_mul(1_000_033).wrapping_add((step as u64) << 8 | seat as u64)
}

/// Whether `st` hides a shared die, a seat's die or a (single or per-seat) counter from
/// `seat`, reveals apart.
fn hides_something(c: &Content, st: &State, seat: usize) -> bool {
    let dice = (0..c.dice.len()).any(|d| !st.die_visible(c, d, seat));
    let own = (0..st.players()).any(|o| (0..c.seat_dice.len()).any(|d| !st.seat_die_visible(c, o, d, seat)));
    let counters = c.counters.iter().enumerate().any(|(d, decl)| {
        !decl.per_object
            && (0..st.players())
                .map(Some)
                .chain([None])
                .any(|o| (decl.per_seat == o.is_some()) && !State::counter_visible(c, d, o, seat))
    });
    dice || own || counters
}

/// A twin for `seat` of the game `g` as it stands, replayed from its record.
fn restarted(g: &Game, seat: usize, seed: u64, exchange: &[usize]) -> Option<Game> {
    let (mut t, div) = Game::from_record(g.content().clone(), &g.record()).ok()?;
    if div.is_some() {
        return None;
    }
    t.become_twin(seat, seed, exchange);
    Some(t)
}

enum Verdict {
    Same,
    /// What differs was revealed to the seat: the twin is done, no claim.
    Done,
    Leak(Leak, String),
}

/// Whether the step from the sights `before` to `now` (the game's, the twin's) shows
/// `seat` what differs between the two games: an object whose identity differs, seen in
/// either now or glimpsed in the step (`glimpsed`: the seats that could see each object
/// as a line was logged), or one it sees now, in another place or shape than in the
/// other game, that it did not see before or saw the same in both (a deal that went
/// otherwise: other tiles on the cells; a hidden character shown where he lurked, by
/// rules that read his hidden counter: the check cannot tell that from a script that
/// moves a piece by a hidden value, and makes no claim).
fn revealed(
    before: &(Vec<Sight>, Vec<Sight>),
    now: &(Vec<Sight>, Vec<Sight>),
    glimpsed: (&[u64], &[u64]),
    seat: usize,
) -> bool {
    let (g, t) = now;
    let glimpse = |m: &[u64], o: usize| seat < 64 && m.get(o).is_some_and(|m| m & (1 << seat) != 0);
    (0..g.len().min(t.len())).any(|o| {
        let identity = (g[o].def, g[o].counters) != (t[o].def, t[o].counters);
        let seen = g[o].seen || t[o].seen || glimpse(glimpsed.0, o) || glimpse(glimpsed.1, o);
        // Seen now, and before either unseen or the same in both games.
        let was_same = before.0.get(o).zip(before.1.get(o)).is_some_and(|(a, b)| a.same(b));
        let came = |b: &Vec<Sight>, n: &Sight| n.seen && (was_same || !b.get(o).is_some_and(|s| s.seen));
        (seen && identity) || ((came(&before.0, &g[o]) || came(&before.1, &t[o])) && !g[o].same(&t[o]))
    })
}

/// The seats `v` shows deciding in `g`, each with its question's kind (or prompt).
fn asked(g: &Game, v: &View) -> String {
    let each = v.deciding.iter().map(|&s| {
        let q = question(g, s);
        let what = q.and_then(|q| q.kind.or(q.prompt)).unwrap_or_default();
        format!("seat {s} ({})", super::cut(&what))
    });
    let all: Vec<String> = each.collect();
    if all.is_empty() {
        "nobody".into()
    } else {
        all.join(", ")
    }
}

/// The lines of `g`'s log from `from` to `to` that `seat` (0-based) may read.
fn readable(g: &Game, seat: usize, from: usize, to: usize) -> Vec<String> {
    (from..to).filter_map(|i| g.log_line(i)).filter(|l| l.audience.admits(Some(seat))).map(|l| l.text).collect()
}

/// Compares what `seat` (0-based) receives from the step just played in `g` (its lines
/// from `from`) and in its twin `t` (from `tfrom`): see the module's notes.
fn compare(g: &Game, t: &Game, seat: usize, (from, tfrom): (usize, usize), render: bool) -> Verdict {
    // A secret question (`secret`: asked where being asked would tell) in one game and
    // not the other: the seat is not told of it (the REPL puts it to every person in
    // turn), and the games no longer go step for step.
    let secret = |x: &Game| x.pending().iter().filter(|r| r.secret).map(|r| r.seat).collect::<Vec<_>>();
    if secret(g) != secret(t) {
        return Verdict::Done;
    }
    // Who is asked, and the kinds of their questions, first: a tell holds the game up,
    // so the lines that follow differ too.
    let (a, b) = (g.view_with_log(Some(seat + 1), 0), t.view_with_log(Some(seat + 1), 0));
    if (&a.deciding, &a.asking) != (&b.deciding, &b.asking) {
        let diff = format!("asked: {} | with the hidden things changed: {}", asked(g, &a), asked(t, &b));
        return Verdict::Leak(Leak::Tell, diff);
    }
    // Dice hidden from the seat revealed in the twin: the lines before are compared.
    let exposed = t.twin_exposed_at().map(|e| e.clamp(tfrom, t.log_len()));
    let theirs = readable(t, seat, tfrom, exposed.unwrap_or(t.log_len()));
    let mut ours = readable(g, seat, from, g.log_len());
    if exposed.is_some() {
        ours.truncate(theirs.len());
    }
    if ours != theirs {
        let i = ours.iter().zip(&theirs).take_while(|(a, b)| a == b).count();
        let side = |l: &Vec<String>| l.get(i).map_or_else(|| "(no line)".to_string(), |s| super::cut(s));
        let diff = format!(
            "log line {} of the step ({} lines | {} with the hidden things changed): {} | with the hidden things changed: {}",
            i + 1,
            ours.len(),
            theirs.len(),
            side(&ours),
            side(&theirs)
        );
        return Verdict::Leak(Leak::LogValue, diff);
    }
    if exposed.is_some() {
        return Verdict::Done;
    }
    if g.result() != t.result() {
        let r = |x: &Game| format!("{:?}", x.result());
        return Verdict::Leak(Leak::Result, difference(&r(g), &r(t)));
    }
    if a != b {
        let json = |v: &View| serde_json::to_string_pretty(v).unwrap_or_default();
        return Verdict::Leak(Leak::View, difference(&json(&a), &json(&b)));
    }
    // Both views drawn by the game's renderer (a function of its view and the content:
    // the checked game's serves both). Render errors are `check`'s to report.
    if render {
        if let (Ok(x), Ok(y)) = (g.render_view(&a), g.render_view(&b)) {
            if x != y {
                return Verdict::Leak(Leak::Text, difference(&x, &y));
            }
        }
    }
    let (q, r) = (question(g, seat + 1), question(t, seat + 1));
    if q != r {
        return Verdict::Leak(Leak::Question, difference(&question_text(&q), &question_text(&r)));
    }
    Verdict::Same
}
