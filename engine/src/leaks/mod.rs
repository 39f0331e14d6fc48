//! The metamorphic no-leak check (`posse check --leaks`, and every game's generic test):
//! change what a seat cannot see, and nothing the seat is shown may change.
//!
//! A game of deterministic random choices is played; at its first [`FIRST`] positions and
//! every [`EVERY`]-th after (or at every position: [`Positions`]), and for every seat,
//! [`perturb`] changes what that seat cannot see (hidden objects swapped among the places
//! they occupy, hidden counters and dice changed), and the check
//! compares, before and after: (a) the seat's view; (b) its pending question's prompt
//! and labels, which the game's Lua makes, so a label can leak ("Challenge (seat 2
//! holds three sixes)"); (c) the view drawn by the renderer. After every step, (d) a log
//! line a seat may read must name no component that seat cannot see, before or after the
//! step (log lines are the scripts' text: the engine cannot redact them). And (e), by
//! twin games (twins.rs), played after the game with its answers, in which what a seat
//! never sees differs from the start (cards dealt otherwise, dice and counters turned):
//! nothing the seat receives (log lines and their number, view, question with its ids,
//! tags and picks, who is asked, the result) may differ until it is shown to it ("You
//! roll 3 5 6" written to every seat; a public counter set from another seat's card; a
//! seat asked only when another holds a card: a tell).
//!
//! Labels are made by the script. Those it gives as functions (`lib/ask.lua`) are made
//! again from the perturbed state ([`Game::question_from`]). Those it gives as values
//! were made in the step before the question, so a twin game is replayed to the
//! position before that step, perturbed there (only what the seat cannot see before the
//! step nor after it, left in its zone, so that nothing the step shows it is changed),
//! and the step played in it: the seat's question in the twin must read the same.
//! A renderer runs in a VM of its own, given only the view and the game's public
//! `data:` (`crate::lua` has no `posse` module in it, no I/O, no randomness), so it can
//! only leak what the view already shows: (c) holds when (a) does, unless the renderer
//! is not a function of its view; it is compared all the same.
//!
//! Findings are values (seed, step, seat, what differed, the first differing line), not
//! panics: the tests assert there are none, `posse check` prints them.

mod twins;

use crate::content::Content;
use crate::diag::Result;
use crate::game::{Game, Setup};
use crate::limits::MAX_DECISIONS;
use crate::record::Record;
use crate::rng::Rng;
use crate::state::{names, State};
use crate::view::{self, View};
use std::collections::HashSet;
use std::sync::Arc;

/// The check looks at the first [`FIRST`] positions of a game and every `EVERY`-th after
/// ([`Positions::Sampled`]), or at every one ([`Positions::Every`]); at every step's log.
pub const EVERY: usize = 5;

/// Positions the sampled check always looks at, from the start: a leak in a game's first
/// questions (a deal shown in the first prompt) would otherwise show only at position 0.
pub const FIRST: usize = 10;

/// Which positions of a game the check compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Positions {
    /// The first [`FIRST`], then every [`EVERY`]-th (the default `posse check`).
    Sampled,
    /// Every position (`posse check --leaks`).
    Every,
}

impl Positions {
    fn includes(self, step: usize) -> bool {
        self == Positions::Every || step < FIRST || step.is_multiple_of(EVERY)
    }
}

/// What a seat was shown that changed with what it cannot see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Leak {
    /// The view the engine computed.
    View,
    /// The seat's pending question: its prompt or an option's label.
    Question,
    /// The view as the renderer draws it.
    Text,
    /// A log line the seat may read names a component it cannot see.
    Log,
    /// A log line the seat may read, or their number, changes with what it cannot see
    /// (twins.rs).
    LogValue,
    /// Who is asked, or the kind of their question, changes with what the seat cannot
    /// see: a tell at the table (twins.rs).
    Tell,
    /// The game's result changes with what the seat cannot see, before it is shown
    /// (twins.rs).
    Result,
}

impl Leak {
    pub fn name(self) -> &'static str {
        match self {
            Leak::View => "view",
            Leak::Question => "question",
            Leak::Text => "rendered view",
            Leak::Log => "log line's names",
            Leak::LogValue => "log line",
            Leak::Tell => "tell",
            Leak::Result => "result",
        }
    }
}

/// One leak: where it showed and what differed.
#[derive(Clone, Debug)]
pub struct Finding {
    pub seed: u64,
    /// Decisions made before the position (for [`Leak::Log`], the step that wrote the
    /// line: 0 also for lines written before the first decision).
    pub step: usize,
    /// The seat (1-based) shown what it should not see.
    pub seat: usize,
    pub leak: Leak,
    /// The first difference, one line each side (or the log line and what it names).
    pub diff: String,
}

/// What one game's check found, and how much it looked at.
#[derive(Debug, Default)]
pub struct Report {
    pub findings: Vec<Finding>,
    /// Positions and seats compared.
    pub checked: usize,
    /// Of those, the ones where the perturbation moved an object or turned a die (a game
    /// with none proves nothing).
    pub changed: usize,
    /// The script error that stopped the game before its end, if one did (the findings
    /// made until then stand).
    pub error: Option<String>,
}

/// The choice a deterministic random player makes at `step` of the game of `seed`: it
/// depends only on (seed, step), so a game can be stopped, saved and continued.
pub fn choice(game: &Game, seed: u64, step: usize) -> Option<(usize, Vec<u32>)> {
    let r = game.next_request()?;
    let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(step as u64));
    Some((r.seat, crate::bot::random_choice(r, &mut rng)))
}

/// Plays the game of `seed` with `players` seats by [`choice`] and checks it (see the
/// module's notes). An error in a step is the game's own (a script error): it stops the
/// game, and the report keeps what was found before it (`error`).
pub fn check(content: &Arc<Content>, seed: u64, players: usize, positions: Positions) -> Result<Report> {
    check_first(content, seed, players, MAX_DECISIONS, positions)
}

/// [`check`] over the first `steps` decisions of the game alone (the tests' bounded
/// budget: a long game's later positions are left unchecked).
pub fn check_first(
    content: &Arc<Content>,
    seed: u64,
    players: usize,
    steps: usize,
    positions: Positions,
) -> Result<Report> {
    let setup = Setup::new(content, seed, Some(players))?;
    let mut g = Game::watched(content.clone(), setup.clone())?;
    g.audit_log();
    let mut report = Report::default();
    // By seat, the objects it sees at some position before the game's last, or as a
    // line is logged before it (twins.rs).
    let mut seen: Vec<Vec<bool>> = vec![Vec::new(); players];
    let mut before = g.state_copy();
    let mut step = 0;
    while !g.is_over() && step < steps.min(MAX_DECISIONS) {
        let glimpses = g.take_glimpses();
        for (seat, seen) in seen.iter_mut().enumerate() {
            let now = g.sights(seat);
            seen.resize(now.len().max(seen.len()), false);
            for (o, (s, n)) in seen.iter_mut().zip(now).enumerate() {
                *s |= n.seen || glimpses.get(o).is_some_and(|m| seat < 64 && m & (1 << seat) != 0);
            }
        }
        if positions.includes(step) {
            position(&g, &before, seed, step, &mut report);
        }
        let Some((seat, picks)) = choice(&g, seed, step) else { break };
        if let Err(e) = g.choose(seat, &picks) {
            report.error = Some(e.to_string());
            break;
        }
        let after = g.state_copy();
        let unseen = g.unseen_when_logged();
        log_names_only_what_is_seen(content, (&before, &after), &unseen, seed, step, &mut report.findings);
        before = after;
        step += 1;
    }
    twins::check(content, &setup, g.choices(), &seen, positions, &mut report.findings)?;
    Ok(report)
}

/// Checks one position (state `st`, `step` decisions in) for every seat.
fn position(g: &Game, st: &State, seed: u64, step: usize, report: &mut Report) {
    let c = g.content();
    for seat in 0..g.players() {
        let finding = |leak, diff| Finding { seed, step, seat: seat + 1, leak, diff };
        let (deciding, answers) = (g.deciding_for(Some(seat + 1)), g.answers_for(Some(seat + 1)));
        let show =
            |s: &State| view::compute(c, s, Some(seat), deciding.clone(), answers.clone(), g.result(), usize::MAX);
        let p = perturb(c, st, seat, seed.wrapping_mul(7919).wrapping_add(step as u64), None);
        report.checked += 1;
        let dice = p.dice != st.dice || p.seat_dice != st.seat_dice;
        if dice || p.zones.iter().zip(&st.zones).any(|(a, b)| a.objects != b.objects) {
            report.changed += 1;
        }
        let (a, b) = (show(st), show(&p));
        if a != b {
            report.findings.push(finding(Leak::View, difference(&json(&a), &json(&b))));
        } else if let (Ok(x), Ok(y)) = (g.render_view(&a), g.render_view(&b)) {
            // Render errors are `posse check`'s to report, not leaks.
            if x != y {
                report.findings.push(finding(Leak::Text, difference(&x, &y)));
            }
        }
        if let Some(diff) = question(g, st, seat, seed, step, &p) {
            report.findings.push(finding(Leak::Question, diff));
        }
    }
}

/// The difference of `seat`'s (0-based) pending question made from `st` and from the
/// perturbed `p`, if any (see the module's notes for questions made before the step).
fn question(g: &Game, st: &State, seat: usize, seed: u64, step: usize, p: &State) -> Option<String> {
    let r = g.pending().into_iter().find(|r| r.seat == seat + 1)?;
    let own = (r.try_prompt().ok()?, r.try_labels().ok()?);
    let other = if r.made_when_read() {
        g.question_from(seat + 1, p.clone())?.ok()?
    } else {
        twin_question(g, st, seat, seed, step)?
    };
    (own != other).then(|| difference(&question_text(&own), &question_text(&other)))
}

/// `seat`'s question after the last step played in a twin game perturbed before that
/// step (None when there is no step before, or the twin does not ask it).
fn twin_question(g: &Game, st: &State, seat: usize, seed: u64, step: usize) -> Option<(String, Vec<String>)> {
    let last = g.choices().last()?.clone();
    let mut record: Record = g.record();
    record.choices.pop();
    let (mut twin, div) = Game::from_record(g.content().clone(), &record).ok()?;
    if div.is_some() {
        return None;
    }
    let pre = twin.state_copy();
    let changed = perturb(g.content(), &pre, seat, seed.wrapping_mul(104_729).wrapping_add(step as u64), Some(st));
    twin.replace_state(changed);
    // The flow may trip over Lua values that no longer match the state: no claim then.
    twin.choose(last.seat, &last.picks).ok()?;
    let r = twin.pending().into_iter().find(|r| r.seat == seat + 1)?;
    Some((r.try_prompt().ok()?, r.try_labels().ok()?))
}

fn question_text((prompt, labels): &(String, Vec<String>)) -> String {
    let mut out = format!("prompt: {prompt}");
    for (i, l) in labels.iter().enumerate() {
        out.push_str(&format!("\noption {}: {l}", i + 1));
    }
    out
}

fn json(v: &View) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// The first line where `a` and `b` differ, as `line N: A | after: B` (short: a line is
/// cut at 160 characters).
pub fn difference(a: &str, b: &str) -> String {
    let (mut x, mut y) = (a.lines(), b.lines());
    let mut n = 1;
    loop {
        match (x.next(), y.next()) {
            (Some(p), Some(q)) if p == q => n += 1,
            (None, None) => return "the same text (differing only in line endings)".into(),
            (p, q) => {
                let side = |s: Option<&str>| s.map_or_else(|| "(nothing)".to_string(), cut);
                return format!("line {n}: {} | with the hidden things changed: {}", side(p), side(q));
            }
        }
    }
}

/// `s` trimmed and cut at 160 characters.
fn cut(s: &str) -> String {
    let s = s.trim();
    match s.char_indices().nth(160) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

/// Moves every object `seat` (0-based) cannot see among the places such objects occupy,
/// changes every counter it cannot read (per-seat and single ones, the per-object
/// counters of the objects it cannot see, and the hidden per-object counters of every
/// object), and turns every die whose face it cannot see to another face.
///
/// With `after` (the state after a step from `state`), only what the seat can see
/// neither in `state` nor in `after`, and (objects) what stays in its zone, is changed:
/// so a step played from the perturbed state shows the seat nothing different.
pub fn perturb(content: &Content, state: &State, seat: usize, seed: u64, after: Option<&State>) -> State {
    let hidden = |o: usize| {
        !state.visible(content, o, seat)
            && after.is_none_or(|a| !a.visible(content, o, seat) && a.objects[o].zone == state.objects[o].zone)
    };
    let mut s = state.clone();
    let mut slots = Vec::new();
    let mut objs = Vec::new();
    for (z, zone) in state.zones.iter().enumerate() {
        for (i, &o) in zone.objects.iter().enumerate() {
            if hidden(o) {
                slots.push((z, i));
                objs.push(o);
            }
        }
    }
    let mut rng = Rng::new(seed);
    rng.shuffle(&mut objs);
    for (&(z, i), &o) in slots.iter().zip(&objs) {
        s.zones[z].objects[i] = o;
        s.objects[o].zone = z;
    }
    for (d, decl) in content.counters.iter().enumerate() {
        let slot = state.counter_index[&decl.id];
        if decl.per_object {
            for o in 0..state.objects.len() {
                if hidden(o) || !State::object_counter_visible(content, d) {
                    let v = &mut s.object_counters[o * state.object_width + slot.first];
                    *v = v.wrapping_add(1 + rng.below(7) as i64);
                }
            }
            continue;
        }
        let owners: Vec<Option<usize>> =
            if decl.per_seat { (0..state.players()).map(Some).collect() } else { vec![None] };
        for (k, owner) in owners.into_iter().enumerate() {
            if !State::counter_visible(content, d, owner, seat) {
                let v = &mut s.counters[slot.first + k];
                *v = v.wrapping_add(1 + rng.below(7) as i64);
            }
        }
    }
    // Another face, never the same one (a die of one face stays).
    let turn = |f: &mut usize, faces: usize, rng: &mut Rng| {
        if faces > 1 {
            *f = (*f + 1 + rng.below(faces as u64 - 1) as usize) % faces;
        }
    };
    for (d, die) in content.dice.iter().enumerate() {
        if !state.die_visible(content, d, seat) && after.is_none_or(|a| !a.die_visible(content, d, seat)) {
            turn(&mut s.dice[d], die.faces.len(), &mut rng);
        }
    }
    for owner in 0..state.players() {
        for (d, die) in content.seat_dice.iter().enumerate() {
            let unseen = |st: &State| !st.seat_die_visible(content, owner, d, seat);
            if unseen(state) && after.is_none_or(unseen) {
                turn(&mut s.seat_dice[state.seat_die(content, owner, d)], die.faces.len(), &mut rng);
            }
        }
    }
    s
}

/// (d): a log line the step from `before` to `after` wrote, which a seat may read, names
/// no component that seat cannot see, before the step, after it, or as the line was
/// written (`unseen`, the game's log audit: a card logged to all as it goes into a hidden
/// hand is a leak; one shown to all, named and put away again within the step is not).
pub fn log_names_only_what_is_seen(
    c: &Content,
    (before, after): (&State, &State),
    unseen: &HashSet<(usize, usize, usize)>,
    seed: u64,
    step: usize,
    out: &mut Vec<Finding>,
) {
    let first = before.log.len().min(after.log.len());
    for (at, line) in after.log.iter().enumerate().skip(first) {
        for seat in 0..after.players() {
            if !line.audience.admits(Some(seat)) {
                continue;
            }
            for (d, def) in c.defs.iter().enumerate() {
                // A definition with no copies (an ability, a role) is rules text, public
                // like the rulebook: nothing of it is anyone's to hide.
                if def.count == 0 || !names(&line.text, &def.name) || !unseen.contains(&(at, seat, d)) {
                    continue;
                }
                // (Components that share a name are one name to a reader.)
                let named = |st: &State, o: usize| st.objects[o].def == d || c.defs[st.objects[o].def].name == def.name;
                let seen = |st: &State| (0..st.objects.len()).any(|o| named(st, o) && st.visible(c, o, seat));
                if !seen(before) && !seen(after) {
                    let diff = format!("{:?} names {}, which the seat cannot see", line.text, def.name);
                    out.push(Finding { seed, step, seat: seat + 1, leak: Leak::Log, diff });
                }
            }
        }
    }
}
