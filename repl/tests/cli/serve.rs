//! `posse serve` (the web table) over HTTP, as a browser's page uses it: tokens, each
//! seat's state, answers, stale and malformed requests, floods, saves that the REPL and
//! a restarted server continue, and whole games of Dice Town and High Noon played by two
//! seats, each through its own token, to the end.

use super::{project, scratch, stdout};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `posse serve`, killed when dropped.
struct Server {
    child: Child,
    addr: String,
    /// Seat number -> token, as printed.
    tokens: Vec<(usize, String)>,
    designer: Option<String>,
    /// The lines printed before `serving on`.
    lines: Vec<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `posse --root <project> ARGS`, its output piped.
fn posse_cmd(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_posse"));
    c.arg("--root").arg(project()).args(args).env_remove("POSSE_ROOT");
    c.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    c
}

/// Runs `posse ARGS` with `input` on stdin to its end.
fn run_with(args: &[&str], input: &[u8]) -> std::process::Output {
    let mut child = posse_cmd(args).spawn().expect("posse starts");
    child.stdin.take().expect("stdin").write_all(input).expect("written");
    child.wait_with_output().expect("posse ends")
}

/// Starts `posse serve ARGS --listen 127.0.0.1:0` on the project's games and reads its
/// addresses.
fn serve(args: &[&str]) -> Server {
    let mut child = posse_cmd(&[&["serve"], args, &["--listen", "127.0.0.1:0"]].concat())
        .stdin(Stdio::null())
        .spawn()
        .expect("posse starts");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let (mut tokens, mut designer, mut lines) = (Vec::new(), None, Vec::new());
    let addr = loop {
        let mut line = String::new();
        if out.read_line(&mut line).expect("readable") == 0 {
            let mut err = String::new();
            let _ = child.stderr.take().expect("stderr").read_to_string(&mut err);
            panic!("posse serve ended before serving: {lines:?}\n{err}");
        }
        let line = line.trim_end().to_string();
        if let Some(rest) = line.strip_prefix("serving on ") {
            let addr = rest.split(';').next().unwrap_or_default().to_string();
            lines.push(line);
            break addr;
        }
        if let Some((who, url)) = line.split_once(": http://") {
            let token = url.split("token=").nth(1).expect("a token").to_string();
            match who.strip_prefix("seat ") {
                Some(n) => tokens.push((n.parse().expect("seat number"), token)),
                None => designer = Some(token),
            }
        }
        lines.push(line);
    };
    // The rest of stdout is drained so the server never blocks on a full pipe.
    std::thread::spawn(move || {
        let mut sink = String::new();
        let _ = out.read_to_string(&mut sink);
    });
    Server { child, addr, tokens, designer, lines }
}

impl Server {
    fn token(&self, seat: usize) -> &str {
        &self.tokens.iter().find(|(s, _)| *s == seat).expect("a person's seat").1
    }

    /// A GET; told to slow down (429), it waits a second and asks again, as a page would.
    fn get(&self, path: &str) -> (u16, String) {
        patient(|| http(&self.addr, "GET", path, None))
    }

    fn post(&self, path: &str, body: &str) -> (u16, String) {
        patient(|| http(&self.addr, "POST", path, Some(body)))
    }

    /// Seat `seat`'s state through `token`.
    fn state_as(&self, seat: usize, token: &str) -> (u16, String) {
        self.get(&format!("/api/seat/{seat}/state?token={token}"))
    }

    fn state(&self, seat: usize) -> Value {
        let (status, body) = self.state_as(seat, self.token(seat));
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).expect("JSON")
    }

    /// Seat `seat` answers its question of `state` with `picks`.
    fn answer(&self, seat: usize, state: &Value, picks: &[u32]) -> (u16, String) {
        let body = json!({"ask": state["ask"], "epoch": state["epoch"], "picks": picks}).to_string();
        self.post(&format!("/api/seat/{seat}/answer?token={}", self.token(seat)), &body)
    }
}

/// `request`'s answer, asked again after a second while it is 429 (at most a minute).
fn patient(request: impl Fn() -> (u16, String)) -> (u16, String) {
    for _ in 0..60 {
        let got = request();
        if got.0 != 429 {
            return got;
        }
        std::thread::sleep(Duration::from_secs(1));
    }
    request()
}

/// One HTTP/1.1 request (closed after it); the status and the body.
fn http(addr: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("the server listens");
    s.set_read_timeout(Some(Duration::from_secs(120))).expect("timeout");
    let body = body.unwrap_or("");
    let kind = if body.is_empty() { "" } else { "Content-Type: application/json\r\n" };
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{kind}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).expect("sent");
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

/// A legal answer to `q` drawn from `pick` (a number to vary it by): one option, or as
/// many as the question's least, at least one when it allows one.
fn some_answer(q: &Value, pick: usize) -> Vec<u32> {
    let n = q["options"].as_array().expect("options").len();
    if q["multi"] == json!(true) {
        let (min, max) = (q["min"].as_u64().unwrap_or(0) as usize, q["max"].as_u64().unwrap_or(0) as usize);
        let k = min.max(usize::from(max > 0 && pick.is_multiple_of(2))).min(n);
        (0..k).map(|i| ((pick + i) % n) as u32 + 1).collect::<std::collections::BTreeSet<_>>().into_iter().collect()
    } else {
        vec![(pick % n) as u32 + 1]
    }
}

/// The card names of a Dice Town view's own hand: `Your hand (2 cards):` and a line a
/// card (`  Name x2  when: effect`), or in the short form `Your hand (2 cards): A (when), B`.
fn hand(view: &str) -> Vec<String> {
    let mut lines = view.lines().skip_while(|l| !l.starts_with("Your hand ("));
    let Some(head) = lines.next() else { return Vec::new() };
    let name = |t: &str| {
        let t = t.split(" (").next().unwrap_or(t).trim();
        t.rsplit_once(" x").filter(|(_, n)| n.parse::<u32>().is_ok()).map_or(t, |(n, _)| n).to_string()
    };
    match head.split_once("): ") {
        Some((_, list)) => list.split(", ").filter(|c| !c.contains("hidden card")).map(name).collect(),
        None => lines
            .take_while(|l| l.starts_with("  ") && !l.starts_with("  ("))
            .map(|l| name(l.trim_start().split("  ").next().unwrap_or_default()))
            .collect(),
    }
}

/// Plays the served game to its end, each seat answering through its own token; calls
/// `each` with both seats' states before every answer. Returns the number of answers.
fn play_out(server: &Server, seats: &[usize], mut each: impl FnMut(&[Value])) -> usize {
    for made in 0..3_000 {
        let states: Vec<Value> = seats.iter().map(|&s| server.state(s)).collect();
        each(&states);
        if states.iter().all(|s| s["state"] == "over") {
            return made;
        }
        let Some((i, st)) = states.iter().enumerate().find(|(_, s)| s["state"] == "deciding") else {
            panic!("nobody decides and the game is not over: {states:?}");
        };
        let (status, body) = server.answer(seats[i], st, &some_answer(&st["question"], made));
        assert_eq!(status, 200, "seat {} answering {}: {body}", seats[i], st["question"]);
    }
    panic!("the game did not end in 3,000 answers");
}

#[test]
fn a_wrong_or_missing_token_is_refused_on_every_route() {
    let server = serve(&["dice_town", "--players", "2", "--seed", "7"]);
    assert_eq!(server.tokens.len(), 2, "{:?}", server.lines);
    assert!(server.designer.is_none(), "no designer's page without --designer");
    let other = server.token(2).to_string();
    for path in [
        "/seat/1".to_string(),
        "/seat/1?token=".to_string(),
        format!("/seat/1?token={other}"),
        format!("/api/seat/1/state?token={other}"),
        format!("/api/seat/1/events?token={other}"),
        format!("/api/seat/1/rules?token={other}"),
        format!("/api/seat/3/state?token={other}"),
        format!("/api/seat/x/state?token={other}"),
        format!("/api/designer/state?token={other}"),
        "/designer".to_string(),
        "/".to_string(),
    ] {
        let (status, body) = server.get(&path);
        assert_eq!(status, 403, "{path}: {body}");
        assert!(body.contains("token") || body.contains("link"), "{path}: {body}");
    }
    let (status, _) = server.post(&format!("/api/seat/1/answer?token={other}"), r#"{"ask":0,"epoch":0,"picks":[1]}"#);
    assert_eq!(status, 403);
    // The right token opens the page, with headers that keep the token and scripts in.
    let (status, page) = server.get(&format!("/seat/1?token={}", server.token(1)));
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/page.js\">"), "{page}");
}

#[test]
fn seat_two_never_reads_seat_ones_hand_over_a_whole_game() {
    let server = serve(&["dice_town", "--players", "2", "--seed", "11"]);
    let mut seen_hands = 0;
    let made = play_out(&server, &[1, 2], |states| {
        let (one, two) = (&states[0], &states[1]);
        assert_eq!(one["seat"], 1);
        assert_eq!(two["seat"], 2);
        let two_text = two.to_string();
        let two_hand = hand(two["view"].as_str().unwrap_or_default());
        let public: String = two["log"].to_string();
        for card in hand(one["view"].as_str().unwrap_or_default()) {
            seen_hands += 1;
            // A card of seat 1's hand is in seat 2's page only where seat 2 holds one of
            // that name or the log it reads told it (a card played, revealed).
            if !two_hand.contains(&card) && !public.contains(&card) {
                assert!(!two_text.contains(&card), "seat 2's page names seat 1's card {card}: {two_text}");
            }
        }
        // Seat 2's page holds a question only when seat 2 is asked one.
        if two["state"] != "deciding" {
            assert_eq!(two["question"], Value::Null, "{two}");
        }
    });
    assert!(made > 10, "{made}");
    assert!(seen_hands > 0, "seat 1 never held a card: the check saw nothing");
    let (one, two) = (server.state(1), server.state(2));
    assert_eq!(one["result"], two["result"], "both read the same standings");
    assert!(one["result"].as_str().unwrap_or_default().contains("The game is over"), "{one}");
}

#[test]
fn stale_repeated_foreign_and_malformed_answers_are_refused_and_the_game_moves_once() {
    let dir = scratch("serve-stale");
    let save = dir.join("game.yaml");
    let server = serve(&["dice_town", "--players", "2", "--seed", "7", "--save", save.to_str().expect("utf8")]);
    let st = server.state(1);
    assert_eq!(st["state"], "deciding", "{st}");
    let choices = |p: &Path| {
        std::fs::read_to_string(p).expect("saved").lines().filter(|l| l.trim_start().starts_with("- [")).count()
    };
    let before = choices(&save);
    // Malformed bodies: clear errors, the game as it was.
    let url = format!("/api/seat/1/answer?token={}", server.token(1));
    let ask = st["ask"].as_str().expect("the question's name");
    for (body, want) in [
        ("not json".to_string(), 400),
        (r#"{"ask": "x"}"#.to_string(), 400),
        (format!(r#"{{"ask": "{ask}", "epoch": 0, "picks": [1], "extra": 1}}"#), 400),
        (format!(r#"["{ask}", 0, [1]]"#), 400),
        (r#"{"ask": 0, "epoch": 0, "picks": [1]}"#.to_string(), 400),
        (format!(r#"{{"ask": "{ask}", "epoch": 0, "picks": [-1]}}"#), 400),
        (format!(r#"{{"ask": "{ask}", "epoch": 0, "picks": [99]}}"#), 422),
        (format!(r#"{{"ask": "{ask}", "epoch": 0, "picks": [1, 2]}}"#), 422),
        (format!(r#"{{"ask": "{ask}", "epoch": 5, "picks": [1]}}"#), 409),
        (r#"{"ask": "0123456789abcdef", "epoch": 0, "picks": [1]}"#.to_string(), 409),
    ] {
        let (status, text) = server.post(&url, &body);
        assert_eq!(status, want, "{body}: {text}");
        assert!(text.contains("\"error\""), "{body}: {text}");
    }
    let (status, text) = server.post(&url, &format!("{{\"pad\": \"{}\"}}", "x".repeat(40_000)));
    assert_eq!(status, 413, "a body past the limit: {text}");
    assert_eq!(choices(&save), before, "no refused answer was made");
    // Seat 2, asked nothing, answering with its own token (its page names no question;
    // seat 1's name of its question is not seat 2's).
    assert_eq!(server.state(2)["ask"], Value::Null);
    let (status, text) = server.answer(2, &st, &[1]);
    assert_eq!(status, 409, "{text}");
    // The answer, then the same again (a second click, a reload's repeat): made once.
    let (status, text) = server.answer(1, &st, &[1]);
    assert_eq!(status, 200, "{text}");
    let after = choices(&save);
    assert!(after > before, "the answer was saved");
    let (status, text) = server.answer(1, &st, &[1]);
    assert_eq!(status, 409, "{text}");
    assert!(text.contains("answered already"), "{text}");
    assert_eq!(choices(&save), after, "the repeat changed nothing");
    // A flood of answers: past the limit, refused with 429; the game unchanged.
    let stale = json!({"ask": st["ask"], "epoch": st["epoch"], "picks": [1]}).to_string();
    let statuses: Vec<u16> = (0..60).map(|_| http(&server.addr, "POST", &url, Some(&stale)).0).collect();
    assert!(statuses.contains(&429), "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 409 || *s == 429), "{statuses:?}");
    assert_eq!(choices(&save), after);
}

#[test]
fn a_served_game_goes_on_in_the_repl_and_after_kill_9_on_a_new_server() {
    let dir = scratch("serve-resume");
    let save = dir.join("game.yaml");
    let path = save.to_str().expect("utf8");
    let server = serve(&["dice_town", "--players", "2", "--seed", "5", "--save", path]);
    for i in 0..6 {
        let st = [1, 2].map(|s| server.state(s));
        let Some((seat, s)) = st.iter().enumerate().find(|(_, s)| s["state"] == "deciding") else { break };
        let (status, body) = server.answer(seat + 1, s, &some_answer(&s["question"], i));
        assert_eq!(status, 200, "{body}");
    }
    let before = [server.state(1), server.state(2)];
    let mut server = server;
    // kill -9: no chance to save anything more.
    let _ = Command::new("kill").args(["-9", &server.child.id().to_string()]).status();
    let _ = server.child.wait();
    drop(server);
    // The REPL continues the save: its replay reaches the same position.
    let replayed = run_with(&["replay", path], b"");
    assert!(replayed.status.success(), "{}", stdout(&replayed));
    // And `play --load` at a terminal goes on with it.
    let played = run_with(&["play", "--load", path], b":quit\n");
    assert!(played.status.success(), "{}", stdout(&played));
    assert!(stdout(&played).contains(&format!("loaded {path}")), "{}", stdout(&played));
    // A new server on the save: each seat's page as it was, but for the new tokens.
    let again = serve(&["--load", path]);
    assert_eq!(again.tokens.len(), 2, "{:?}", again.lines);
    for (seat, old) in [1, 2].iter().zip(&before) {
        let now = again.state(*seat);
        for key in ["view", "question", "log", "state", "turn"] {
            assert_eq!(now[key], old[key], "seat {seat}'s {key} after the restart");
        }
    }
}

#[test]
fn the_designers_page_sees_everything_undoes_and_saves_for_the_repl() {
    let dir = scratch("serve-designer");
    let server = serve(&["dice_town", "--players", "2", "--seed", "7", "--designer"]);
    let token = server.designer.clone().expect("a designer's token");
    assert!(server.lines.iter().any(|l| l == "seed: 7"), "{:?}", server.lines);
    let (status, body) = server.get(&format!("/api/designer/state?token={token}"));
    assert_eq!(status, 200);
    let god: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(god["choices"], 0);
    // A seat's token does not open the designer's page, nor the designer's a seat's.
    assert_eq!(server.get(&format!("/api/designer/state?token={}", server.token(1))).0, 403);
    assert_eq!(server.get(&format!("/api/seat/1/state?token={token}")).0, 403);
    let st = server.state(1);
    assert_eq!(server.answer(1, &st, &[1]).0, 200);
    let moved = server.state(1);
    let (_, body) = server.get(&format!("/api/designer/state?token={token}"));
    let god: Value = serde_json::from_str(&body).expect("JSON");
    let undo = json!({"epoch": god["epoch"], "choices": god["choices"]}).to_string();
    let (status, body) = server.post(&format!("/api/designer/undo?token={token}"), &undo);
    assert_eq!(status, 200, "{body}");
    // The same undo again (a double click) takes back nothing more.
    let (status, body) = server.post(&format!("/api/designer/undo?token={token}"), &undo);
    assert_eq!(status, 409, "{body}");
    let back = server.state(1);
    assert_eq!(back["view"], st["view"], "undo took the answer back");
    assert_ne!(back["epoch"], st["epoch"]);
    // The tab that answered before the undo is refused: it names an older course.
    assert_eq!(server.answer(1, &st, &[1]).0, 409);
    assert_ne!(moved["view"], st["view"]);
    let file = dir.join("kept.yaml");
    let body = json!({"file": file.to_str().expect("utf8")}).to_string();
    let (status, text) = server.post(&format!("/api/designer/save?token={token}"), &body);
    assert_eq!(status, 200, "{text}");
    let saved = std::fs::read_to_string(&file).expect("saved");
    assert!(saved.contains("game: dice_town"), "{saved}");
    assert!(saved.contains("person"), "the save says who plays each seat: {saved}");
    // A file that is not a save is never replaced from the page; nor is a lock file.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "mine\n").expect("written");
    for (target, why) in [(notes.clone(), "not a posse save"), (dir.join("kept.yaml.lock"), "is the lock of")] {
        let body = json!({"file": target.to_str().expect("utf8")}).to_string();
        let (status, text) = server.post(&format!("/api/designer/save?token={token}"), &body);
        assert_eq!(status, 422, "{text}");
        assert!(text.contains(why), "{text}");
    }
    assert_eq!(std::fs::read_to_string(&notes).expect("there"), "mine\n");
}

#[test]
fn two_people_play_high_noon_to_the_end_each_with_the_map() {
    let server = serve(&["goldfever/high_noon", "--players", "2", "--seed", "3"]);
    let first = server.state(1);
    let svg = first["svg"].as_str().expect("a zone map's picture");
    assert!(svg.contains("<svg") && svg.matches("<polygon").count() + svg.matches("<path").count() > 10);
    let made = play_out(&server, &[1, 2], |_| {});
    assert!(made > 5, "{made}");
    let (one, two) = (server.state(1), server.state(2));
    assert_eq!(one["state"], "over");
    assert_eq!(one["result"], two["result"]);
}

#[test]
fn an_event_stream_sends_the_state_at_once() {
    let server = serve(&["dice_town", "--players", "2", "--seed", "7"]);
    let mut s = TcpStream::connect(&server.addr).expect("listens");
    s.set_read_timeout(Some(Duration::from_secs(60))).expect("timeout");
    let req = format!(
        "GET /api/seat/2/events?token={} HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
        server.token(2),
        server.addr
    );
    s.write_all(req.as_bytes()).expect("sent");
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&got).contains("\"seat\":2") {
        let n = s.read(&mut buf).expect("an event");
        assert!(n > 0, "the stream ended: {}", String::from_utf8_lossy(&got));
        got.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&got);
    assert!(text.contains("text/event-stream"), "{text}");
    assert!(text.contains("event: state"), "{text}");
}

#[test]
fn bots_play_their_seats_and_only_peoples_seats_get_an_address() {
    let server = serve(&["dice_town", "--players", "3", "--seed", "9", "--bot", "2=sharp", "--bot", "3=random"]);
    assert_eq!(server.tokens.iter().map(|(s, _)| *s).collect::<Vec<_>>(), vec![1], "{:?}", server.lines);
    assert!(server.lines[0].contains("p2 (bot: sharp)") && server.lines[0].contains("p3 (bot)"), "{:?}", server.lines);
    // Seat 2 is a bot's: no token opens a page for it.
    assert_eq!(server.get(&format!("/api/seat/2/state?token={}", server.token(1))).0, 403);
    let st = server.state(1);
    assert_eq!(st["seats"][1]["bot"], "sharp", "{st}");
    let made = play_out(&server, &[1], |_| {});
    assert!(made > 3, "{made}");
    let end = server.state(1);
    assert_eq!(end["state"], "over");
    assert!(end["log_total"].as_u64().unwrap_or(0) > 20, "the bots' turns are in seat 1's log: {end}");
}

#[test]
fn a_variant_file_is_served_as_play_runs_it() {
    let dir = scratch("serve-variant");
    let file = dir.join("rich.yaml");
    std::fs::write(&file, "name: Rich start\ndata:\n  start_money: 80\n").expect("written");
    let path = file.to_str().expect("utf8");
    let args = ["--variant", path, "serve", "dice_town", "--players", "2", "--seed", "1", "--listen", "127.0.0.1:0"];
    let mut child = posse_cmd(&args).stdin(Stdio::null()).spawn().expect("posse starts");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    out.read_line(&mut first).expect("a line");
    let _ = child.kill();
    let _ = child.wait();
    assert!(first.contains("dice_town/rich"), "{first}");
}

#[test]
fn a_revisable_answer_is_changed_from_the_page_until_the_others_answer() {
    // Desperados' desperadoes move in secret at once, each answer revisable (rule M6).
    let server = serve(&["desperados", "--players", "3", "--seed", "4"]);
    let seats = [1, 2, 3];
    for made in 0..400 {
        let states: Vec<Value> = seats.iter().map(|&s| server.state(s)).collect();
        if let Some((i, st)) = states.iter().enumerate().find(|(_, s)| s["change"] != Value::Null) {
            let seat = seats[i];
            let before = st["answered"].clone();
            let change = &st["change"];
            let n = change["options"].as_array().expect("options").len() as u32;
            let given = before.to_string();
            // Another option than the one given, when there is one.
            let pick = (1..=n)
                .find(|k| !given.contains(change["options"][(*k - 1) as usize].as_str().unwrap_or_default()))
                .unwrap_or(1);
            let picks = if change["multi"] == json!(true) { some_answer(change, made) } else { vec![pick] };
            let (status, body) = server.answer(seat, st, &picks);
            assert_eq!(status, 200, "changing seat {seat}'s answer: {body}");
            let after = server.state(seat);
            assert_eq!(after["state"], st["state"], "the decision still waits for the others");
            // The other seats asked do not see the change of a secret answer.
            for (j, other) in states.iter().enumerate().filter(|(j, _)| *j != i) {
                let now = server.state(seats[j]);
                assert_eq!(now["answered"], other["answered"], "seat {} sees seat {seat}'s answer", seats[j]);
            }
            return;
        }
        if states.iter().all(|s| s["state"] == "over") {
            break;
        }
        let (i, st) = states.iter().enumerate().find(|(_, s)| s["state"] == "deciding").expect("someone decides");
        let (status, body) = server.answer(seats[i], st, &some_answer(&st["question"], made));
        assert_eq!(status, 200, "{body}");
    }
    panic!("no revisable answer was met");
}

#[test]
fn a_game_saved_in_the_repl_is_served_where_it_stopped() {
    let dir = scratch("serve-from-repl");
    let save = dir.join("game.yaml");
    let path = save.to_str().expect("utf8");
    let played = run_with(&["play", "dice_town", "--players", "2", "--seed", "5", "--save", path], b"1\n1\n:quit\n");
    assert!(played.status.success(), "{}", stdout(&played));
    let saved = std::fs::read_to_string(&save).expect("saved");
    let made = saved.lines().filter(|l| l.trim_start().starts_with("- [")).count();
    assert!(made >= 2, "{saved}");
    let hash = stdout(&played).lines().find_map(|l| l.strip_prefix("state-hash: ").map(str::to_string));
    let server = serve(&["--load", path, "--designer"]);
    let token = server.designer.clone().expect("the designer's token");
    let (status, body) = server.get(&format!("/api/designer/state?token={token}"));
    assert_eq!(status, 200, "{body}");
    let god: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(god["choices"], json!(made), "{god}");
    assert_eq!(god["state_hash"].as_str().map(str::to_string), hash, "the game where the REPL left it: {god}");
}

#[test]
fn ctrl_c_stops_the_server_with_pages_open_and_lets_go_of_the_save() {
    let dir = scratch("serve-stop");
    let save = dir.join("game.yaml");
    let mut server = serve(&["dice_town", "--players", "2", "--seed", "7", "--save", save.to_str().expect("utf8")]);
    let lock = dir.join("game.yaml.lock");
    assert!(lock.exists(), "the save is locked while served");
    // A page's event stream, open.
    let mut stream = TcpStream::connect(&server.addr).expect("listens");
    let req = format!("GET /api/seat/1/events?token={} HTTP/1.1\r\nHost: x\r\n\r\n", server.token(1));
    stream.write_all(req.as_bytes()).expect("sent");
    let mut first = [0u8; 64];
    let _ = stream.read(&mut first).expect("the stream answers");
    // Wrong methods and unknown routes are told so.
    let (status, body) = server.get(&format!("/api/seat/1/answer?token={}", server.token(1)));
    assert_eq!(status, 405, "{body}");
    assert!(body.contains("POST"), "{body}");
    assert_eq!(server.get("/nowhere").0, 404);
    let _ = Command::new("kill").args(["-INT", &server.child.id().to_string()]).status();
    let status = server.child.wait().expect("the server ends");
    assert!(status.success(), "{status:?}");
    assert!(!lock.exists(), "the lock is let go");
    let saved = std::fs::read_to_string(&save).expect("saved");
    assert!(saved.contains("game: dice_town"), "{saved}");
}

#[test]
fn a_cooperative_heist_and_marshals_are_played_to_the_end_by_two_pages() {
    let heist = serve(&["american_desperado/tiny", "--players", "2", "--seed", "2"]);
    let first = heist.state(1);
    assert!(first["svg"].as_str().is_some_and(|s| s.contains("<svg")), "a grid's picture: {first}");
    play_out(&heist, &[1, 2], |_| {});
    let end = heist.state(2);
    let result = end["result"].as_str().unwrap_or_default();
    assert!(result.contains("The crew"), "{result}");
    let marshals = serve(&["marshals/duo", "--players", "2", "--seed", "2"]);
    play_out(&marshals, &[1, 2], |_| {});
    assert_eq!(marshals.state(1)["result"], marshals.state(2)["result"]);
}

#[test]
fn a_late_change_of_an_answer_never_answers_the_seats_next_question() {
    let server = serve(&["desperados", "--players", "3", "--seed", "5"]);
    let seats = [1, 2, 3];
    let mut old: Option<(usize, Value)> = None;
    for made in 0..600 {
        let states: Vec<Value> = seats.iter().map(|&s| server.state(s)).collect();
        if old.is_none() {
            old =
                states.iter().enumerate().find(|(_, s)| s["change"] != Value::Null).map(|(i, s)| (seats[i], s.clone()));
        }
        if let Some((seat, page)) = &old {
            // The page that offered the change, once its seat is asked something new.
            if states[seat - 1]["state"] == "deciding" {
                let (status, body) = server.answer(*seat, page, &[2]);
                assert_eq!(status, 409, "a change sent late answered the next question: {body}");
                return;
            }
        }
        let asked = states
            .iter()
            .enumerate()
            .find(|(i, s)| s["state"] == "deciding" && old.as_ref().is_none_or(|(seat, _)| seats[*i] != *seat));
        let Some((i, st)) = asked else { panic!("nobody but the seat that may change is asked: {states:?}") };
        let (status, body) = server.answer(seats[i], st, &some_answer(&st["question"], made));
        assert_eq!(status, 200, "{body}");
    }
    panic!("no revisable answer was met, or its seat was never asked again");
}

#[test]
fn a_save_that_no_longer_replays_is_never_saved_over() {
    let dir = scratch("serve-diverged");
    let save = dir.join("game.yaml");
    let path = save.to_str().expect("utf8");
    let played = run_with(&["play", "dice_town", "--players", "2", "--seed", "7", "--save", path], b"2\n2\n1\n:quit\n");
    assert!(played.status.success(), "{}", stdout(&played));
    // The first choice made one that no option of its question has.
    let text = std::fs::read_to_string(&save).expect("saved");
    let first = text.lines().find(|l| l.trim_start().starts_with("- [")).expect("a choice").to_string();
    let broken = text.replacen(&first, "  - [1, 99]", 1);
    std::fs::write(&save, &broken).expect("written");
    let out = posse_cmd(&["serve", "--load", path, "--listen", "127.0.0.1:0"]).output().expect("runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no longer fits") && err.contains("--save OTHER"), "{err}");
    assert_eq!(std::fs::read_to_string(&save).expect("there"), broken, "the save is as it was");
    // With --save elsewhere it is served from the choice before, and the save kept.
    let other = dir.join("other.yaml");
    let server = serve(&["--load", path, "--save", other.to_str().expect("utf8")]);
    assert_eq!(server.tokens.len(), 2);
    assert_eq!(std::fs::read_to_string(&save).expect("there"), broken);
}

#[test]
fn a_polite_kill_stops_the_server_too_and_a_host_name_is_listened_on() {
    let dir = scratch("serve-term");
    let save = dir.join("game.yaml");
    let mut child = posse_cmd(&[
        "serve",
        "dice_town",
        "--players",
        "2",
        "--save",
        save.to_str().expect("utf8"),
        "--listen",
        "localhost:0",
    ])
    .stdin(Stdio::null())
    .spawn()
    .expect("posse starts");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut lines = String::new();
    while !lines.contains("serving on") {
        assert!(out.read_line(&mut lines).expect("readable") > 0, "ended: {lines}");
    }
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let status = child.wait().expect("the server ends");
    assert!(status.success(), "{status:?}");
    assert!(!dir.join("game.yaml.lock").exists(), "the lock is let go");
}

#[test]
fn a_game_with_a_search_bot_of_its_own_settings_is_served_again_from_its_save() {
    let dir = scratch("serve-search-save");
    let save = dir.join("game.yaml");
    let path = save.to_str().expect("utf8");
    let mut server =
        serve(&["dice_town", "--players", "2", "--seed", "5", "--bot", "2=search:iterations=3", "--save", path]);
    let st = server.state(1);
    assert_eq!(server.answer(1, &st, &some_answer(&st["question"], 0)).0, 200);
    let _ = Command::new("kill").args(["-9", &server.child.id().to_string()]).status();
    let _ = server.child.wait();
    drop(server);
    let again = serve(&["--load", path]);
    assert_eq!(again.tokens.len(), 1, "{:?}", again.lines);
    assert!(again.lines[0].contains("(bot: search:iterations=3)"), "{:?}", again.lines);
    let played = run_with(&["play", "--load", path], b":quit\n");
    assert!(stdout(&played).contains(&format!("loaded {path}")), "{}", stdout(&played));
}

/// A copy of the fixtures' root whose Hi-Lo fails where `line` says (Lua, put after
/// `after` in its main.lua).
fn broken_hilo(name: &str, after: &str, line: &str) -> std::path::PathBuf {
    let root = scratch(name);
    super::copy_dir(&super::fixtures(), &root);
    let main = root.join("scripts/hilo/main.lua");
    let text = std::fs::read_to_string(&main).expect("main.lua");
    assert!(text.contains(after), "{after}");
    std::fs::write(&main, text.replacen(after, &format!("{after}\n{line}"), 1)).expect("written");
    root
}

/// `posse serve` on another root.
fn serve_in(root: &Path, args: &[&str]) -> Server {
    let root = root.to_str().expect("utf8");
    serve(&[&["--root", root], args].concat())
}

#[test]
fn a_bots_answer_a_script_fails_on_is_answered_another_way_and_the_designer_told() {
    let root = broken_hilo(
        "serve-bot-fails",
        "if #mover == 1 then posse.move(posse.at(posse.zone(\"hand\", 1)), discard) end",
        "if #mover == 1 then error(\"the discard broke\") end",
    );
    let mut failed = 0;
    for seed in 1..=12 {
        let seed = seed.to_string();
        let server = serve_in(&root, &["hilo", "--players", "2", "--seed", &seed, "--bot", "1=random", "--designer"]);
        play_out(&server, &[2], |_| {});
        let token = server.designer.clone().expect("designer");
        let god: Value =
            serde_json::from_str(&server.get(&format!("/api/designer/state?token={token}")).1).expect("JSON");
        assert_eq!(god["state"], "over", "seed {seed}: the game went on to its end: {god}");
        failed += god["script_errors"].as_u64().unwrap_or(0);
    }
    assert!(failed > 0, "no seed met the broken discard: the test saw nothing");
}

#[test]
fn a_script_failing_on_a_persons_answer_tells_no_one_why_but_the_designer() {
    let root = broken_hilo(
        "serve-person-fails",
        "local answers = posse.choose_each(reqs)",
        "if answers[2] == 2 then error(\"seat 2 played its second card\") end",
    );
    let server = serve_in(&root, &["hilo", "--players", "2", "--seed", "1", "--designer"]);
    let two = server.state(2);
    assert_eq!(server.answer(2, &two, &[2]).0, 200);
    let one = server.state(1);
    let (status, body) = server.answer(1, &one, &[1]);
    assert_eq!(status, 500, "{body}");
    assert!(body.contains("script failed") && !body.contains("second card"), "{body}");
    for seat in [1, 2] {
        let st = server.state(seat);
        let stuck = st["stuck"].as_str().unwrap_or_default();
        assert!(!stuck.is_empty() && !stuck.contains("second card"), "seat {seat}: {st}");
    }
    let token = server.designer.clone().expect("designer");
    let god: Value = serde_json::from_str(&server.get(&format!("/api/designer/state?token={token}")).1).expect("JSON");
    assert!(god["notice"].as_str().unwrap_or_default().contains("second card"), "{god}");
}

#[test]
fn a_bots_game_is_stepped_through_by_the_designer_and_an_old_save_is_not_started_over() {
    let server = serve(&["dice_town", "--players", "2", "--bot", "all=random", "--designer", "--seed", "3"]);
    let token = server.designer.clone().expect("designer");
    let state = || -> Value {
        serde_json::from_str(&server.get(&format!("/api/designer/state?token={token}")).1).expect("JSON")
    };
    let first = state();
    assert_eq!(first["choices"], 0, "nothing played before the page is open: {first}");
    assert_eq!(first["watching"], true);
    let step = |n: usize| server.post(&format!("/api/designer/step?token={token}"), &json!({"count": n}).to_string());
    assert_eq!(step(1).0, 200);
    assert_eq!(state()["choices"], 1);
    assert_eq!(step(1_000_000).0, 200);
    assert_eq!(state()["state"], "over");
    assert_eq!(step(1).0, 409, "nothing to step once over");
    // A save is never started over by `--save`: `--load` goes on with it.
    let dir = scratch("serve-old-save");
    let save = dir.join("game.yaml");
    let played = run_with(
        &["play", "dice_town", "--players", "2", "--seed", "5", "--save", save.to_str().expect("utf8")],
        b"1\n:quit\n",
    );
    assert!(played.status.success());
    let before = std::fs::read_to_string(&save).expect("saved");
    let out = posse_cmd(&["serve", "dice_town", "--players", "2", "--save", save.to_str().expect("utf8")])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("holds a saved game"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&save).expect("there"), before);
}
