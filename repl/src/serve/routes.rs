//! The routes: each seat's page and API under `/seat/N` and `/api/seat/N/...`, the
//! designer's under `/designer` and `/api/designer/...`, every one behind its token.
//!
//! A request names its seat in the path and carries that seat's token (`?token=`); a
//! wrong or missing token is refused with 403 before anything else is read, and a seat's
//! routes give only what the host published for that seat ([`super::snapshot`]) or the
//! game's content (rules and card texts, the same for everyone). The designer's token
//! opens the god view, undo and save.
//!
//! Bad input is refused with a status and a JSON `{"error": ...}` saying what was
//! expected: a body that is not the JSON object asked for (400; 413 past [`BODY_LIMIT`]
//! bytes, 408 when it does not come), an answer to a question no longer asked (409) or
//! that the question does not take (422), more than [`READS_PER_SECOND`] reads or [`ASKS_PER_SECOND`] asks a second from
//! one token or more than [`STREAMS`] open event streams (429), a host too busy to queue
//! another ask (503). An ask the host has not replied to within a minute (a search bot
//! thinking) is answered 202: the host makes it when it comes to it, and the pages follow.
//!
//! Pages are one HTML file and one script (`page.html`, `page.js`, in the binary), sent
//! with a policy that runs no script but that one and sends no referrer (the token is
//! in the address).

use super::host::{Ask, Refusal};
use super::snapshot::Tables;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_stream::wrappers::WatchStream;
use tokio_stream::StreamExt;

/// The most requests one token makes in a second: reads (pages, states, texts), and
/// asks of the host (answers, undo, save), which a person makes a few a minute.
pub const READS_PER_SECOND: u32 = 200;
pub const ASKS_PER_SECOND: u32 = 20;
/// The most event streams one token holds open (tabs of one seat).
pub const STREAMS: usize = 8;
/// The largest request body taken.
pub const BODY_LIMIT: usize = 16 * 1024;
/// The most connections served at once, and how long a connection may take to send a
/// request's head: past them a connection waits, or is closed, so that idle or slow
/// connections cannot take the server from the players.
pub const CONNECTIONS: usize = 256;
/// The most connections one address holds at once (a browser opens six or so).
pub const PER_ADDRESS: usize = 32;
pub const HEAD_WAIT: Duration = Duration::from_secs(10);

/// How long a request waits for the host (a strategy bot thinking) before it is told so.
const HOST_WAIT: Duration = Duration::from_secs(60);

const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");

/// Who a token opens: a seat's page, or the designer's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Who {
    Seat(usize),
    Designer,
}

/// What every handler shares.
pub struct Shared {
    /// People's seats' tokens.
    pub tokens: BTreeMap<usize, String>,
    pub designer: Option<String>,
    pub tables: Arc<Tables>,
    pub asks: SyncSender<Ask>,
    pub content: Arc<posse::Content>,
    /// Requests in the current second, by token and whether they ask the host.
    limits: Mutex<HashMap<(Who, bool), (Instant, u32)>>,
    streams: Mutex<HashMap<Who, Arc<AtomicUsize>>>,
}

impl Shared {
    pub fn new(
        tokens: BTreeMap<usize, String>,
        designer: Option<String>,
        tables: Arc<Tables>,
        asks: SyncSender<Ask>,
        content: Arc<posse::Content>,
    ) -> Shared {
        Shared { tokens, designer, tables, asks, content, limits: Mutex::default(), streams: Mutex::default() }
    }

    /// Whom `token` opens as `who` for a read, checked and counted: 403 for a wrong or
    /// missing token, 429 past [`READS_PER_SECOND`].
    fn admit(&self, who: Who, token: Option<&str>) -> Result<Who, Refused> {
        self.admit_as(who, token, false)
    }

    /// As [`Shared::admit`] for an ask of the host (429 past [`ASKS_PER_SECOND`]).
    fn admit_ask(&self, who: Who, token: Option<&str>) -> Result<Who, Refused> {
        self.admit_as(who, token, true)
    }

    fn admit_as(&self, who: Who, token: Option<&str>, asks: bool) -> Result<Who, Refused> {
        let expected = match who {
            Who::Seat(s) => self.tokens.get(&s),
            Who::Designer => self.designer.as_ref(),
        };
        let ok = matches!((expected, token), (Some(e), Some(t)) if same(e.as_bytes(), t.as_bytes()));
        if !ok {
            let what = match who {
                Who::Seat(s) => format!("seat {s}"),
                Who::Designer => "the designer".into(),
            };
            return Err(Box::new(refuse(
                StatusCode::FORBIDDEN,
                format!("wrong or missing token for {what}: open the link `posse serve` printed for it"),
            )));
        }
        let mut limits = self.limits.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        let window = limits.entry((who, asks)).or_insert((now, 0));
        if now.duration_since(window.0) >= Duration::from_secs(1) {
            *window = (now, 0);
        }
        window.1 += 1;
        let (most, what) = if asks { (ASKS_PER_SECOND, "answers") } else { (READS_PER_SECOND, "requests") };
        if window.1 > most {
            return Err(Box::new(refuse(
                StatusCode::TOO_MANY_REQUESTS,
                format!("more than {most} {what} a second from this page: slow down"),
            )));
        }
        Ok(who)
    }

    /// Sends `ask` to the host and waits for its reply.
    async fn ask(&self, ask: Ask, reply: tokio::sync::oneshot::Receiver<Result<String, Refusal>>) -> Response {
        match self.asks.try_send(ask) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                return refuse(StatusCode::SERVICE_UNAVAILABLE, "the table is busy: try again in a moment")
            }
            Err(TrySendError::Disconnected(_)) => {
                return refuse(StatusCode::SERVICE_UNAVAILABLE, "the game has stopped")
            }
        }
        match tokio::time::timeout(HOST_WAIT, reply).await {
            Ok(Ok(Ok(said))) => Json(serde_json::json!({ "ok": said })).into_response(),
            Ok(Ok(Err(r))) => refuse(StatusCode::from_u16(r.status).unwrap_or(StatusCode::CONFLICT), r.message),
            Ok(Err(_)) => refuse(StatusCode::SERVICE_UNAVAILABLE, "the game has stopped"),
            // The ask is with the host, which will make it: the page hears of it then.
            Err(_) => (
                StatusCode::ACCEPTED,
                Json(serde_json::json!({ "ok": "the game is still busy (a bot is thinking): the page follows when it is done" })),
            )
                .into_response(),
        }
    }
}

/// Whether `a` and `b` are equal, in a time that does not tell how much of them is.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A refusal: the status and `{"error": message}`. After a wrong token or an unknown
/// page the connection is closed: no one holds a connection open without a token.
fn refuse(status: StatusCode, message: impl Into<String>) -> Response {
    let mut r = (status, Json(serde_json::json!({ "error": message.into() }))).into_response();
    if status == StatusCode::FORBIDDEN || status == StatusCode::NOT_FOUND {
        r.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    r
}

type S = State<Arc<Shared>>;

/// A refusal made before the request is read (a token, a limit).
type Refused = Box<Response>;

#[derive(Deserialize)]
struct Params {
    token: Option<String>,
    name: Option<String>,
}

/// The query's token (and card name); a query that does not parse has neither.
fn params(q: Result<Query<Params>, axum::extract::rejection::QueryRejection>) -> Params {
    q.map(|Query(p)| p).unwrap_or(Params { token: None, name: None })
}

/// The seat number in a path, as written (a path that does not decode names none).
type SeatPath = Result<Path<String>, axum::extract::rejection::PathRejection>;

/// The seat the path names (403 for one that is not a number: no seat has it).
fn seat_of(n: SeatPath) -> Who {
    Who::Seat(n.ok().and_then(|Path(n)| n.parse().ok()).unwrap_or(0))
}

/// The router of a served game.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(root))
        .route("/page.js", get(script))
        .route("/seat/{n}", get(seat_page))
        .route("/designer", get(designer_page))
        .route("/api/seat/{n}/state", get(seat_state))
        .route("/api/seat/{n}/events", get(seat_events))
        .route("/api/seat/{n}/answer", post(answer))
        .route("/api/seat/{n}/card", get(card))
        .route("/api/seat/{n}/cards", get(cards))
        .route("/api/seat/{n}/rules", get(rules))
        .route("/api/designer/state", get(designer_state))
        .route("/api/designer/events", get(designer_events))
        .route("/api/designer/undo", post(undo))
        .route("/api/designer/save", post(save))
        .route("/api/designer/step", post(step))
        .fallback(not_found)
        .method_not_allowed_fallback(wrong_method)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(shared)
}

async fn not_found() -> Response {
    refuse(StatusCode::NOT_FOUND, "no such page: open the link `posse serve` printed for your seat")
}

async fn wrong_method() -> Response {
    refuse(
        StatusCode::METHOD_NOT_ALLOWED,
        "not with this method: pages and states are read (GET), answers, undo and save sent (POST)",
    )
}

async fn root() -> Response {
    refuse(StatusCode::FORBIDDEN, "each player opens the link `posse serve` printed for their seat")
}

/// A page with the headers every page gets: no caching, no referrer, no frames, and no
/// script but `page.js`.
fn page(body: &'static str, kind: &'static str) -> Response {
    let mut r = body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src data:",
        ),
    );
    r
}

async fn script() -> Response {
    page(SCRIPT, "text/javascript; charset=utf-8")
}

async fn seat_page(
    State(s): S,
    n: SeatPath,
    q: Result<Query<Params>, axum::extract::rejection::QueryRejection>,
) -> Response {
    match s.admit(seat_of(n), params(q).token.as_deref()) {
        Ok(_) => page(PAGE, "text/html; charset=utf-8"),
        Err(r) => *r,
    }
}

async fn designer_page(State(s): S, q: Result<Query<Params>, axum::extract::rejection::QueryRejection>) -> Response {
    match s.admit(Who::Designer, params(q).token.as_deref()) {
        Ok(_) => page(PAGE, "text/html; charset=utf-8"),
        Err(r) => *r,
    }
}

/// The state last published for `who`, as JSON.
fn latest(s: &Shared, who: Who) -> Response {
    let rx = match who {
        Who::Seat(n) => s.tables.seat(n),
        Who::Designer => Some(s.tables.designer()),
    };
    let Some(rx) = rx else { return refuse(StatusCode::FORBIDDEN, "no such seat") };
    let body = rx.borrow().clone();
    let mut r = body.to_string().into_response();
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// Server-sent events of `who`'s states: the one there is now, then each new one.
fn events(s: &Shared, who: Who) -> Response {
    let rx = match who {
        Who::Seat(n) => s.tables.seat(n),
        Who::Designer => Some(s.tables.designer()),
    };
    let Some(rx) = rx else { return refuse(StatusCode::FORBIDDEN, "no such seat") };
    let open = s.streams.lock().unwrap_or_else(|e| e.into_inner()).entry(who).or_default().clone();
    if open.fetch_add(1, Ordering::SeqCst) >= STREAMS {
        open.fetch_sub(1, Ordering::SeqCst);
        return refuse(
            StatusCode::TOO_MANY_REQUESTS,
            format!("{STREAMS} pages of this seat are open already: close one"),
        );
    }
    let guard = StreamGuard(open);
    let stream = WatchStream::new(rx).map(move |state| {
        let _held = &guard;
        Ok::<_, std::convert::Infallible>(Event::default().event("state").data(&*state))
    });
    let mut r = Sse::new(stream).keep_alive(KeepAlive::default()).into_response();
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// Counts an open event stream down when the stream is dropped.
struct StreamGuard(Arc<AtomicUsize>);

impl Drop for StreamGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

type Q = Result<Query<Params>, axum::extract::rejection::QueryRejection>;

async fn seat_state(State(s): S, n: SeatPath, q: Q) -> Response {
    match s.admit(seat_of(n), params(q).token.as_deref()) {
        Ok(who) => latest(&s, who),
        Err(r) => *r,
    }
}

async fn seat_events(State(s): S, n: SeatPath, q: Q) -> Response {
    match s.admit(seat_of(n), params(q).token.as_deref()) {
        Ok(who) => events(&s, who),
        Err(r) => *r,
    }
}

async fn designer_state(State(s): S, q: Q) -> Response {
    match s.admit(Who::Designer, params(q).token.as_deref()) {
        Ok(who) => latest(&s, who),
        Err(r) => *r,
    }
}

async fn designer_events(State(s): S, q: Q) -> Response {
    match s.admit(Who::Designer, params(q).token.as_deref()) {
        Ok(who) => events(&s, who),
        Err(r) => *r,
    }
}

/// An answer: the question it answers (`ask`, `epoch`, from the seat's state) and the
/// options picked, numbered from 1.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnswerBody {
    ask: String,
    epoch: u64,
    picks: Vec<u32>,
}

/// How long a request's body may take to arrive.
const BODY_WAIT: Duration = Duration::from_secs(10);

/// The request's body read as the JSON object `T`, or the refusal that says what was
/// expected: 413 for a body past [`BODY_LIMIT`] (by its announced length, before any of
/// it is read), 408 for one that does not arrive in [`BODY_WAIT`], 400 for anything but
/// a JSON object of `T`'s fields.
async fn json_body<T: serde::de::DeserializeOwned>(
    headers: &HeaderMap,
    body: Body,
    expected: &str,
) -> Result<T, Response> {
    let bad = |why: String| refuse(StatusCode::BAD_REQUEST, format!("{why}; expected a JSON body {expected}"));
    let announced = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    let too_long = || refuse(StatusCode::PAYLOAD_TOO_LARGE, format!("a body of at most {BODY_LIMIT} bytes"));
    if announced.is_some_and(|n| n > BODY_LIMIT as u64) {
        return Err(too_long());
    }
    let bytes = match tokio::time::timeout(BODY_WAIT, axum::body::to_bytes(body, BODY_LIMIT)).await {
        Ok(Ok(b)) => b,
        Ok(Err(_)) => return Err(too_long()),
        Err(_) => return Err(refuse(StatusCode::REQUEST_TIMEOUT, "the request's body did not arrive")),
    };
    let value: serde_json::Value = serde_json::from_slice(&bytes).map_err(|e| bad(format!("not JSON: {e}")))?;
    if !value.is_object() {
        return Err(bad("not a JSON object".into()));
    }
    serde_json::from_value(value).map_err(|e| bad(e.to_string()))
}

async fn answer(State(s): S, n: SeatPath, q: Q, headers: HeaderMap, body: Body) -> Response {
    let who = match s.admit_ask(seat_of(n), params(q).token.as_deref()) {
        Ok(who) => who,
        Err(r) => return *r,
    };
    let Who::Seat(seat) = who else { return refuse(StatusCode::FORBIDDEN, "no such seat") };
    let body: AnswerBody = match json_body(&headers, body, r#"{"ask": "...", "epoch": N, "picks": [N, ...]}"#).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    let (tx, rx) = tokio::sync::oneshot::channel();
    s.ask(Ask::Answer { seat, ask: body.ask, epoch: body.epoch, picks: body.picks, reply: tx }, rx).await
}

/// A text for a page: `{"text": ...}`.
fn text(t: String) -> Response {
    Json(serde_json::json!({ "text": t })).into_response()
}

/// The width reference texts are wrapped at.
const WIDTH: usize = 78;

async fn card(State(s): S, n: SeatPath, q: Q) -> Response {
    let p = params(q);
    if let Err(r) = s.admit(seat_of(n), p.token.as_deref()) {
        return *r;
    }
    let name = p.name.unwrap_or_default();
    if name.trim().is_empty() {
        return text(crate::session::cards_text(&s.content, WIDTH));
    }
    match crate::session::card_text(&s.content, &name, WIDTH) {
        Ok(t) => text(t),
        Err(e) => refuse(StatusCode::NOT_FOUND, e),
    }
}

async fn cards(State(s): S, n: SeatPath, q: Q) -> Response {
    match s.admit(seat_of(n), params(q).token.as_deref()) {
        Ok(_) => text(crate::session::cards_text(&s.content, WIDTH)),
        Err(r) => *r,
    }
}

async fn rules(State(s): S, n: SeatPath, q: Q) -> Response {
    match s.admit(seat_of(n), params(q).token.as_deref()) {
        Ok(_) => text(crate::session::rules_text(&s.content, WIDTH)),
        Err(r) => *r,
    }
}

/// An undo: the game it takes a decision back from, as the designer's page showed it (its
/// undos and its choices), so that a second click takes back nothing more.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    epoch: u64,
    choices: usize,
}

async fn undo(State(s): S, q: Q, headers: HeaderMap, body: Body) -> Response {
    if let Err(r) = s.admit_ask(Who::Designer, params(q).token.as_deref()) {
        return *r;
    }
    let body: UndoBody = match json_body(&headers, body, r#"{"epoch": N, "choices": N}"#).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    let (tx, rx) = tokio::sync::oneshot::channel();
    s.ask(Ask::Undo { epoch: body.epoch, choices: body.choices, reply: tx }, rx).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveBody {
    file: String,
}

async fn save(State(s): S, q: Q, headers: HeaderMap, body: Body) -> Response {
    if let Err(r) = s.admit_ask(Who::Designer, params(q).token.as_deref()) {
        return *r;
    }
    let body: SaveBody = match json_body(&headers, body, r#"{"file": "NAME.yaml"}"#).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    let (tx, rx) = tokio::sync::oneshot::channel();
    s.ask(Ask::Save { file: body.file.into(), reply: tx }, rx).await
}

/// The designer's step through a game of bots alone: how many decisions.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepBody {
    count: usize,
}

async fn step(State(s): S, q: Q, headers: HeaderMap, body: Body) -> Response {
    if let Err(r) = s.admit_ask(Who::Designer, params(q).token.as_deref()) {
        return *r;
    }
    let body: StepBody = match json_body(&headers, body, r#"{"count": N}"#).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    let (tx, rx) = tokio::sync::oneshot::channel();
    s.ask(Ask::Step { count: body.count.min(posse::limits::MAX_DECISIONS), reply: tx }, rx).await
}

/// Serves `app` on `listener`'s connections, at most [`CONNECTIONS`] at once and
/// [`PER_ADDRESS`] from one address (more are closed at once), each given [`HEAD_WAIT`]
/// to send a request's head (axum's own `serve` sets no such time).
pub async fn serve(listener: tokio::net::TcpListener, app: Router) -> std::io::Result<()> {
    let open = Arc::new(tokio::sync::Semaphore::new(CONNECTIONS));
    let by_address: Arc<Mutex<HashMap<std::net::IpAddr, usize>>> = Arc::default();
    loop {
        let permit = open.clone().acquire_owned().await.map_err(std::io::Error::other)?;
        let (stream, from) = match listener.accept().await {
            Ok(c) => c,
            // Out of file descriptors, a connection reset before it was taken: a moment, and on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let ip = from.ip();
        {
            let mut counts = by_address.lock().unwrap_or_else(|e| e.into_inner());
            let n = counts.entry(ip).or_insert(0);
            if *n >= PER_ADDRESS {
                continue;
            }
            *n += 1;
        }
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        let counts = by_address.clone();
        tokio::spawn(async move {
            let _held = permit;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new()).header_read_timeout(HEAD_WAIT);
            let _ = http.serve_connection(hyper_util::rt::TokioIo::new(stream), service).await;
            let mut counts = counts.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(n) = counts.get_mut(&ip) {
                *n -= 1;
                if *n == 0 {
                    counts.remove(&ip);
                }
            }
        });
    }
}
