//! Running a case where a crash or a hang cannot take the harness with it: in a child
//! process, under a memory limit, killed when its time is up.
//!
//! Two shapes. [`run_program`] runs a program once with bytes on its stdin (the REPL
//! target runs `posse` so). [`Worker`] keeps one child for many in-process cases: the test
//! binary itself, started again in serving mode ([`serve`]), reads cases from its stdin
//! and answers each with one line. The parent tells the outcomes apart as follows:
//! a panic is caught in the child (`catch_unwind`, with the hook's message) and answered;
//! an abort (an allocation failure, a signal, any exit) ends the child before it
//! answers, and the parent reads its exit status and the tail of its stderr; a hang is
//! no answer within the time limit, and the parent kills the child. A case that answers
//! but took longer than the limit went over it as much as one that never answers (the
//! harness runs either once more before it calls it a hang, `super::drive`). After a
//! failure the next case gets a fresh child.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a child may use: its time for one case and its address space.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub time: Duration,
    /// Bytes of address space (`RLIMIT_AS`): memory that grows without end becomes an
    /// allocation failure (an abort) instead of a machine out of memory.
    pub memory: u64,
}

/// How a case ended.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// It ended well within the limits; `note` says how (for statistics).
    Clean { elapsed: Duration, note: String },
    /// It ended, but broke a promise: `kind` says which, `message` what was seen.
    Failed { kind: Failure, elapsed: Duration, message: String },
}

/// The ways a case fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    Panic,
    /// The process died: an abort, a signal, an exit the program must not make.
    Abort,
    /// No answer within the time limit, or an answer after it.
    Hang,
    /// A clean end, but the result breaks the promise (an error naming no file, a game
    /// changed by a failing step).
    Property,
}

impl Outcome {
    pub fn elapsed(&self) -> Duration {
        match self {
            Outcome::Clean { elapsed, .. } | Outcome::Failed { elapsed, .. } => *elapsed,
        }
    }
}

/// What [`run_program`] saw.
pub struct Ran {
    /// None when the child was killed (it ran past its time, or went quiet too long).
    pub status: Option<ExitStatus>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub elapsed: Duration,
    /// The longest time the child went without writing to stdout (from its start to its
    /// first output, between two outputs, from its last output to its end).
    pub quiet: Duration,
}

/// Starts `cmd` with piped stdio under `limits.memory`.
fn spawn(cmd: &mut Command, limits: Limits) -> std::io::Result<Child> {
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let bytes = limits.memory as libc::rlim_t;
        // SAFETY: setrlimit is async-signal-safe and touches no memory of the parent.
        unsafe {
            cmd.pre_exec(move || {
                let lim = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
                if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    cmd.spawn()
}

/// Reads all of `r` on a thread (so that a child never blocks on a full pipe), noting in
/// `seen` when it last read something.
fn drain(mut r: impl Read + Send + 'static, seen: Option<Arc<Mutex<Progress>>>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let mut chunk = [0u8; 65536];
        loop {
            match r.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    buf.extend_from_slice(&chunk[..n]);
                    if let Some(p) = &seen {
                        p.lock().unwrap().saw();
                    }
                }
            }
        }
        buf
    })
}

/// When a child last wrote, and its longest silence so far.
struct Progress {
    last: Instant,
    longest: Duration,
}

impl Progress {
    fn saw(&mut self) {
        let now = Instant::now();
        self.longest = self.longest.max(now - self.last);
        self.last = now;
    }
}

/// Runs `cmd` with `input` on its stdin; kills it when it runs past `total`, or when it
/// writes nothing to stdout for longer than `limits.time` (a step that does not end: the
/// REPL writes at least the echo of every line it reads). A child that exits before
/// reading all its input is fine (the rest is dropped).
pub fn run_program(cmd: &mut Command, input: &[u8], limits: Limits, total: Duration) -> std::io::Result<Ran> {
    let start = Instant::now();
    let mut child = spawn(cmd, limits)?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let progress = Arc::new(Mutex::new(Progress { last: start, longest: Duration::ZERO }));
    let out = drain(child.stdout.take().expect("piped stdout"), Some(progress.clone()));
    let err = drain(child.stderr.take().expect("piped stderr"), None);
    let status = loop {
        if let Some(s) = child.try_wait()? {
            break Some(s);
        }
        let quiet = progress.lock().unwrap().last.elapsed();
        if start.elapsed() > total || quiet > limits.time {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let elapsed = start.elapsed();
    let _ = writer.join();
    let (stdout, stderr) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
    let mut p = progress.lock().unwrap();
    p.saw();
    Ok(Ran { status, stdout, stderr, elapsed, quiet: p.longest })
}

/// How a child's end reads in a report: its exit code or signal.
pub fn describe_status(status: &ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            let name = match sig {
                libc::SIGABRT => "SIGABRT",
                libc::SIGSEGV => "SIGSEGV",
                libc::SIGKILL => "SIGKILL",
                libc::SIGBUS => "SIGBUS",
                libc::SIGILL => "SIGILL",
                _ => "a signal",
            };
            return format!("killed by {name} ({sig})");
        }
    }
    match status.code() {
        Some(c) => format!("exit code {c}"),
        None => "no exit code".into(),
    }
}

/// The last `n` bytes of a child's output, as text.
pub fn tail(bytes: &[u8], n: usize) -> String {
    String::from_utf8_lossy(&bytes[bytes.len().saturating_sub(n)..]).into_owned()
}

/// The prefix of the child's answer lines (anything else on its stdout is the test
/// harness talking).
const ANSWER: &str = "POSSE-FUZZ ";

/// A child process that runs in-process cases one after another (see the module doc).
pub struct Worker {
    command: Box<dyn Fn() -> Command + Send>,
    limits: Limits,
    live: Option<Live>,
}

struct Live {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<String>,
    stderr: Arc<Mutex<Vec<u8>>>,
}

impl Worker {
    /// A worker that starts its child with `command` (again after every failure).
    pub fn new(command: impl Fn() -> Command + Send + 'static, limits: Limits) -> Worker {
        Worker { command: Box::new(command), limits, live: None }
    }

    fn start(&mut self) -> std::io::Result<&mut Live> {
        if self.live.is_none() {
            let mut child = spawn(&mut (self.command)(), self.limits)?;
            let stdin = child.stdin.take().expect("piped stdin");
            let (tx, answers) = mpsc::channel();
            let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
            std::thread::spawn(move || {
                for line in stdout.lines() {
                    let Ok(line) = line else { break };
                    // The test harness may have begun a line of its own before it.
                    if let Some(at) = line.find(ANSWER) {
                        if tx.send(line[at + ANSWER.len()..].to_string()).is_err() {
                            break;
                        }
                    }
                }
            });
            // Only the tail of stderr is kept: what a dying child said last.
            let stderr = Arc::new(Mutex::new(Vec::new()));
            let keep = stderr.clone();
            let mut err = child.stderr.take().expect("piped stderr");
            std::thread::spawn(move || {
                let mut buf = [0u8; 8192];
                while let Ok(n) = err.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    let mut k = keep.lock().unwrap();
                    k.extend_from_slice(&buf[..n]);
                    let over = k.len().saturating_sub(64 << 10);
                    k.drain(..over);
                }
            });
            self.live = Some(Live { child, stdin, answers, stderr });
        }
        Ok(self.live.as_mut().expect("started"))
    }

    /// Runs one case: `target` names the case function on the child's side, `header`
    /// is one line of parameters, `body` the input bytes.
    pub fn run(&mut self, target: &str, header: &str, body: &[u8]) -> Outcome {
        let limit = self.limits.time;
        let start = Instant::now();
        let live = match self.start() {
            Ok(l) => l,
            Err(e) => panic!("the fuzz worker does not start: {e}"),
        };
        live.stderr.lock().unwrap().clear();
        let sent = writeln!(live.stdin, "{target} {} {header}", body.len())
            .and_then(|()| live.stdin.write_all(body))
            .and_then(|()| live.stdin.flush());
        let answer = match sent {
            Ok(()) => live.answers.recv_timeout(limit),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        };
        let elapsed = start.elapsed();
        match answer {
            Ok(line) => {
                let outcome = parse_answer(&line, elapsed);
                if matches!(outcome, Outcome::Failed { .. }) {
                    self.stop();
                }
                outcome
            }
            Err(RecvTimeoutError::Timeout) => {
                self.stop();
                Outcome::Failed {
                    kind: Failure::Hang,
                    elapsed,
                    message: format!("no answer within {} ms; the worker was killed", limit.as_millis()),
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                let mut live = self.live.take().expect("started");
                let status = live.child.wait().map(|s| describe_status(&s)).unwrap_or_else(|e| e.to_string());
                // Give the stderr reader a moment to take the last words.
                std::thread::sleep(Duration::from_millis(50));
                let said = tail(&live.stderr.lock().unwrap(), 2000);
                Outcome::Failed {
                    kind: Failure::Abort,
                    elapsed,
                    message: format!("the worker died ({status}): {said}"),
                }
            }
        }
    }

    fn stop(&mut self) {
        if let Some(mut live) = self.live.take() {
            let _ = live.child.kill();
            let _ = live.child.wait();
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Reads `ok|fail|panic MICROS MESSAGE`; an answer later than the limit is checked by the
/// caller (it has the clock).
fn parse_answer(line: &str, elapsed: Duration) -> Outcome {
    let mut parts = line.splitn(3, ' ');
    let (status, _micros, message) =
        (parts.next().unwrap_or(""), parts.next().unwrap_or("0"), unescape(parts.next().unwrap_or("")));
    match status {
        "ok" => Outcome::Clean { elapsed, note: message },
        "panic" => Outcome::Failed { kind: Failure::Panic, elapsed, message },
        _ => Outcome::Failed { kind: Failure::Property, elapsed, message },
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\n', "\\n").replace('\r', "\\r")
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some(o) => out.push(o),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A case function: the header's parameters and the input bytes in; a note on how it
/// ended (Ok) or the promise it broke (Err) out. Panics are caught around it.
pub type Case = fn(&str, &[u8]) -> Result<String, String>;

/// The child's side: reads cases from stdin until it ends, runs each with the function
/// `cases` names for its target, and answers each on stdout.
pub fn serve(cases: &dyn Fn(&str) -> Option<Case>) {
    let last_panic: Arc<Mutex<String>> = Arc::new(Mutex::new(String::new()));
    let keep = last_panic.clone();
    std::panic::set_hook(Box::new(move |info| {
        *keep.lock().unwrap() = info.to_string();
    }));
    let mut input = BufReader::new(std::io::stdin().lock());
    let mut out = std::io::stdout().lock();
    loop {
        let mut line = String::new();
        if input.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let mut words = line.trim_end_matches('\n').splitn(3, ' ');
        let (target, len, header) =
            (words.next().unwrap_or(""), words.next().unwrap_or(""), words.next().unwrap_or(""));
        let len: usize = len.parse().expect("a case length");
        let mut body = vec![0; len];
        input.read_exact(&mut body).expect("a case body");
        let case = cases(target).unwrap_or_else(|| panic!("no fuzz target '{target}'"));
        let start = Instant::now();
        let result = std::panic::catch_unwind(|| case(header, &body));
        let micros = start.elapsed().as_micros();
        let (status, message) = match result {
            Ok(Ok(note)) => ("ok", note),
            Ok(Err(broken)) => ("fail", broken),
            Err(_) => ("panic", std::mem::take(&mut *last_panic.lock().unwrap())),
        };
        let _ = writeln!(out, "{ANSWER}{status} {micros} {}", escape(&message));
        let _ = out.flush();
    }
}
