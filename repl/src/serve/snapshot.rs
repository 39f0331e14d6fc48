//! What a page is sent: a seat's state, made from that seat's view alone, and the
//! designer's, made from the god view.
//!
//! A seat's state is built from what the engine gives that seat and nothing else: its
//! view drawn by the game's renderer ([`Game::render_full`]), the board's picture drawn
//! from its view (as the REPL's `:svg`), the log lines it may read, the seats its view
//! shows deciding (a secret question's seat only to itself), the answers it may see and
//! its own question. So no route can hand one seat another's secrets: there is nothing
//! of theirs in what it is sent. The standings at the end are the result's, which the
//! game makes public.
//!
//! A seat's question is named to it by `ask`, an opaque name the host makes
//! ([`Host::ask_id`]), only while it is asked something: never by the number of choices
//! in the game, which would tell a seat how many decisions the others made in secret. A state is published
//! only when it differs from the one the page has (its `version` then counts up), so a
//! seat is not woken when another answers a secret question.

use super::host::Host;
use posse::Game;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use tokio::sync::watch;

/// The most log lines a page is sent (the newest).
const LOG_LINES: usize = 200;

/// Where the host publishes each page's state, and what it last published.
pub struct Tables {
    seats: BTreeMap<usize, Channel>,
    designer: Channel,
}

struct Channel {
    tx: watch::Sender<Arc<str>>,
    /// The last state published, without its version; and the version.
    last: std::sync::Mutex<(String, u64)>,
}

impl Channel {
    fn new() -> Channel {
        let (tx, _) = watch::channel(Arc::from("{}"));
        Channel { tx, last: std::sync::Mutex::new((String::new(), 0)) }
    }

    /// Publishes `state` (a JSON object without its version) when it differs from the last.
    fn publish(&self, state: serde_json::Value) {
        let body = state.to_string();
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if last.0 == body {
            return;
        }
        last.1 += 1;
        let mut state = state;
        state["version"] = serde_json::json!(last.1);
        last.0 = body;
        self.tx.send_replace(Arc::from(state.to_string()));
    }
}

impl Tables {
    /// A channel for each of `seats` (people's seats) and the designer's.
    pub fn new(seats: &[usize]) -> Tables {
        Tables { seats: seats.iter().map(|&s| (s, Channel::new())).collect(), designer: Channel::new() }
    }

    /// The states of `seat`'s page (None: not a person's seat).
    pub fn seat(&self, seat: usize) -> Option<watch::Receiver<Arc<str>>> {
        self.seats.get(&seat).map(|c| c.tx.subscribe())
    }

    pub fn designer(&self) -> watch::Receiver<Arc<str>> {
        self.designer.tx.subscribe()
    }
}

/// A seat's question, as its page shows it.
#[derive(Serialize)]
struct Question {
    prompt: String,
    options: Vec<String>,
    multi: bool,
    min: usize,
    max: usize,
}

/// A seat as every page lists it.
#[derive(Serialize)]
struct SeatLine {
    seat: usize,
    name: String,
    /// The kind of bot playing it, when one does.
    bot: Option<String>,
}

/// A seat's page.
#[derive(Serialize)]
struct SeatState {
    game: String,
    seat: usize,
    name: String,
    seats: Vec<SeatLine>,
    /// The name of the question this seat is asked, or of the answer it may change
    /// (none when it is asked nothing): what its answer names ([`Host::ask_id`]); and the
    /// designer's undos.
    ask: Option<String>,
    epoch: u64,
    /// `deciding`, `waiting` or `over`.
    state: &'static str,
    turn: String,
    view: String,
    svg: Option<String>,
    log: Vec<String>,
    log_total: usize,
    question: Option<Question>,
    answered: Vec<String>,
    /// The question this seat answered and may answer again until the others have.
    change: Option<Question>,
    /// Why the game cannot go on, when a script fails on every answer (never the error).
    stuck: Option<String>,
    result: Option<String>,
}

/// The designer's page.
#[derive(Serialize)]
struct DesignerState {
    game: String,
    seed: u64,
    seats: Vec<SeatLine>,
    choices: usize,
    /// The state's hash, as `play` and `replay` print it.
    state_hash: String,
    epoch: u64,
    state: &'static str,
    turn: String,
    /// Each question waiting, with its seat and its options.
    questions: Vec<String>,
    view: String,
    svg: Option<String>,
    log: Vec<String>,
    log_total: usize,
    save: Option<String>,
    notice: Option<String>,
    stuck: Option<String>,
    /// A game of bots alone, which the designer steps through.
    watching: bool,
    script_errors: usize,
    result: Option<String>,
}

/// Publishes every page's state.
pub fn publish(host: &Host, tables: &Tables) {
    for (&seat, channel) in &tables.seats {
        channel.publish(serde_json::to_value(seat_state(host, seat)).unwrap_or_default());
    }
    tables.designer.publish(serde_json::to_value(designer_state(host)).unwrap_or_default());
}

fn seats(host: &Host) -> Vec<SeatLine> {
    (1..=host.game.players())
        .map(|s| SeatLine { seat: s, name: host.seat_name(s), bot: host.bot_kind(s).map(str::to_string) })
        .collect()
}

/// `seat`'s view drawn by the renderer, or, when it fails, the last log lines it reads.
fn drawn(game: &Game, seat: Option<usize>) -> String {
    match game.render_full(seat) {
        Ok(text) => text.trim_end().to_string(),
        Err(e) => {
            let lines = game.log_lines(seat);
            let tail = &lines[lines.len().saturating_sub(12)..];
            format!("(the renderer failed: {e})\n{}", tail.join("\n"))
        }
    }
}

/// The board's picture as `seat` sees it (as the REPL's `:svg` draws it), for a page:
/// without the XML declaration a file starts with.
fn picture(game: &Game, seat: Option<usize>) -> Option<String> {
    let svg = crate::svg::picture(game.content(), &game.view(seat))?;
    Some(svg.find("<svg").map_or(svg.clone(), |i| svg[i..].to_string()))
}

fn log_tail(game: &Game, seat: Option<usize>) -> (Vec<String>, usize) {
    let lines = game.log_lines(seat);
    let total = lines.len();
    (lines[total.saturating_sub(LOG_LINES)..].to_vec(), total)
}

fn seat_state(host: &Host, seat: usize) -> SeatState {
    let game = &host.game;
    let over = game.is_over();
    let request = game.pending().into_iter().find(|r| r.seat == seat);
    let question = request.map(question_of);
    let state = if over {
        "over"
    } else if question.is_some() {
        "deciding"
    } else {
        "waiting"
    };
    let turn = if over {
        "The game is over".to_string()
    } else if question.is_some() {
        "Your turn".to_string()
    } else {
        let shown: Vec<String> = game.deciding_for(Some(seat)).iter().map(|s| host.seat_name(s + 1)).collect();
        if shown.is_empty() {
            "Waiting for another player".to_string()
        } else {
            format!("Waiting for {}", shown.join(", "))
        }
    };
    let answered = game
        .answers_for(Some(seat))
        .into_iter()
        .map(|a| {
            let who = if a.seat == seat { "You".to_string() } else { host.seat_name(a.seat) };
            format!("{who} answered: {}", a.labels.join(", "))
        })
        .collect();
    let change = game.revisable(seat).map(|(r, _)| question_of(r));
    let (log, log_total) = log_tail(game, Some(seat));
    SeatState {
        game: game.content().name.clone(),
        seat,
        name: host.seat_name(seat),
        seats: seats(host),
        ask: (question.is_some() || change.is_some()).then(|| host.ask_id(seat)),
        epoch: host.epoch,
        state,
        turn,
        view: drawn(game, Some(seat)),
        svg: picture(game, Some(seat)),
        log,
        log_total,
        question,
        answered,
        change,
        stuck: host.stuck.clone(),
        result: over.then(|| crate::session::standings(game)),
    }
}

/// A request as its seat's page shows it (its texts made now; a text that fails is said).
fn question_of(r: &posse::Request) -> Question {
    let prompt = r.try_prompt().unwrap_or_else(|e| format!("(the question's text failed: {e})"));
    let options = r.try_labels().unwrap_or_else(|_| (1..=r.count).map(|i| format!("option {i}")).collect());
    Question { prompt, options, multi: r.multi, min: r.min, max: r.max }
}

fn designer_state(host: &Host) -> DesignerState {
    let game = &host.game;
    let over = game.is_over();
    let deciding: Vec<String> = game.pending().iter().map(|r| host.seat_name(r.seat)).collect();
    let turn = if over {
        "The game is over".to_string()
    } else if deciding.is_empty() {
        "Nobody is asked anything".to_string()
    } else {
        format!("{} to decide (decision {})", deciding.join(", "), host.at() + 1)
    };
    let questions = game
        .pending()
        .iter()
        .map(|r| {
            let q = crate::answer::Question::of(r);
            let secret = if q.secret { " (secret)" } else { "" };
            format!("{}{secret}: {}\n{}", host.seat_name(r.seat), q.prompt, q.options(78))
        })
        .collect();
    let (log, log_total) = log_tail(game, None);
    DesignerState {
        game: game.content().name.clone(),
        seed: game.setup().seed,
        seats: seats(host),
        choices: game.choices().len(),
        state_hash: posse::hash::hex(game.state_hash()),
        epoch: host.epoch,
        state: if over { "over" } else { "waiting" },
        turn,
        questions,
        view: drawn(game, None),
        svg: picture(game, None),
        log,
        log_total,
        save: host.save.as_ref().map(|l| l.save_path().display().to_string()),
        notice: host.notice.clone(),
        stuck: host.stuck.clone(),
        watching: host.watching,
        script_errors: host.script_errors,
        result: over.then(|| crate::session::standings(game)),
    }
}
