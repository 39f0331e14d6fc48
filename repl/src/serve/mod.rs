//! `posse serve`: the web table. One game served over HTTP, each person at their own
//! screen: a page a seat, behind a secret token, showing exactly that seat's view, its
//! question as buttons, the board's picture, the log it may read and the rules on
//! demand, updated as the others act (server-sent events); bots play their seats as in
//! the REPL; a designer's page (god view, undo, save) with a token of its own.
//!
//! The parts: `host.rs` is the game's own thread (the game never leaves it; every
//! change goes through it one at a time, checked), `snapshot.rs` what each page is sent
//! (built from its seat's view alone), `routes.rs` the HTTP side (axum: tokens, limits,
//! events), `page.html` and `page.js` the page, in the binary. This file starts a game
//! (new, or a save's, as `posse play` and `--load` do), makes the tokens, prints each
//! seat's address and serves until Ctrl-C.
//!
//! Saves are the REPL's (`--save FILE`: saved when the game starts and after every step,
//! each time replaced whole under the file's lock), so a game served can go on in the
//! REPL and the other way round, and a server killed at any moment starts again where
//! it was with `--load FILE` (which goes on saving to FILE unless `--save` names
//! another). Tokens are new at every start: the addresses are printed again.

mod host;
mod routes;
mod snapshot;

use crate::bots;
use crate::games;
use anyhow::{anyhow, bail, Context, Result};
use host::{Ask, Host};
use posse::record::BotsRecord;
use posse::savefile::SaveLock;
use posse::{Content, Record, Setup};
use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// Where the server listens unless `--listen` says: this machine only.
pub const LISTEN: &str = "127.0.0.1:8123";

/// How to serve a game.
pub struct ServeOptions {
    pub root: PathBuf,
    pub game: Option<String>,
    pub seed: Option<u64>,
    pub players: Option<usize>,
    /// `--bot` arguments, as typed.
    pub bots: Vec<String>,
    pub save: Option<PathBuf>,
    pub load: Option<PathBuf>,
    pub designer: bool,
    pub listen: String,
    /// `--set KEY=VALUE` arguments, as typed.
    pub sets: Vec<String>,
}

/// The game to start on the host's thread: everything it needs, none of it the game
/// itself (which cannot cross threads).
struct Start {
    content: Arc<Content>,
    setup: Setup,
    /// A save to replay, and its name.
    record: Option<(Record, String)>,
    kinds: BTreeMap<usize, String>,
    /// The bots' record of the save, and whether the save's bots play the same seats.
    saved: Option<(BotsRecord, bool)>,
    save: Option<SaveLock>,
}

/// Serves the game until Ctrl-C.
pub fn serve(opts: ServeOptions) -> Result<bool> {
    let expected = || anyhow!("--listen {}: expected ADDR:PORT, such as 127.0.0.1:8123 or 0.0.0.0:8123", opts.listen);
    let listen: SocketAddr =
        std::net::ToSocketAddrs::to_socket_addrs(&opts.listen).map_err(|_| expected())?.next().ok_or_else(expected)?;
    let start = match &opts.load {
        Some(file) => from_save(&opts, file)?,
        None => new_game(&opts)?,
    };
    let players = start.setup.seats.len();
    let bot_seats: BTreeSet<usize> = start.kinds.keys().copied().collect();
    let people = host::people(players, &bot_seats);
    if people.is_empty() && !opts.designer {
        bail!("every seat is played by a bot: there is no one to serve (--designer watches a bots' game)");
    }
    let content = start.content.clone();
    let seats = start.setup.seats.clone();
    let seed = start.setup.seed;
    let saving = start.save.as_ref().map(|l| l.save_path().display().to_string());
    let kinds = start.kinds.clone();

    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(listen))
        .with_context(|| format!("cannot listen on {listen} (--listen ADDR:PORT chooses another)"))?;
    let bound = listener.local_addr()?;

    let tables = Arc::new(snapshot::Tables::new(&people));
    let (asks, inbox) = std::sync::mpsc::sync_channel::<Ask>(32);
    let (ready_tx, ready) = std::sync::mpsc::channel::<Result<(), String>>();
    let host_tables = tables.clone();
    let game_thread = std::thread::Builder::new().name("posse-game".into()).spawn(move || match start_host(start) {
        Ok(mut host) => {
            host.start(&host_tables);
            let _ = ready_tx.send(Ok(()));
            host.run(inbox, &host_tables);
        }
        Err(e) => {
            let _ = ready_tx.send(Err(e));
        }
    })?;
    ready.recv().map_err(|_| anyhow!("the game's thread stopped"))?.map_err(|e| anyhow!(e))?;

    let stopped = {
        let _runtime = runtime.enter();
        stop_signal()?
    };
    let tokens: BTreeMap<usize, String> = people.iter().map(|&s| (s, token())).collect();
    let designer = opts.designer.then(token);
    let named: Vec<String> = (1..=players)
        .map(|s| match kinds.get(&s).map(String::as_str) {
            None => seats[s - 1].clone(),
            Some(bots::RANDOM) => format!("{} (bot)", seats[s - 1]),
            Some(kind) => format!("{} (bot: {kind})", seats[s - 1]),
        })
        .collect();
    println!("{} ({}): {}", content.name, content.id, named.join(", "));
    if opts.designer {
        println!("seed: {seed}");
    }
    let host = address(bound);
    for (seat, t) in &tokens {
        println!("seat {seat}: http://{host}/seat/{seat}?token={t}");
    }
    if let Some(t) = &designer {
        println!("designer: http://{host}/designer?token={t}");
    }
    let saved = saving.map(|f| format!("; saved in {f} after every step")).unwrap_or_default();
    println!("serving on {bound}{saved}; Ctrl-C stops");

    let shared = Arc::new(routes::Shared::new(tokens, designer, tables, asks, content));
    let app = routes::router(shared);
    // Until Ctrl-C. Pages' event streams never end by themselves, so the server does not
    // wait for them: it stops, and the runtime drops every connection. The game was saved
    // after its last step; the game's thread ends when the last handler lets go of it.
    let served = runtime.block_on(async move {
        tokio::select! {
            served = routes::serve(listener, app) => served,
            _ = stopped => Ok(()),
        }
    });
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    served?;
    // The game's thread ends with the last ask it was given; a bot still thinking is not
    // waited for long: the game is saved up to its last step.
    for _ in 0..50 {
        if game_thread.is_finished() {
            let _ = game_thread.join();
            println!("stopped");
            return Ok(true);
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    println!("stopped (a bot was still deciding; the game is saved up to the step before)");
    Ok(true)
}

/// The host of `start`'s game, made on the host's thread (a game stays on the thread
/// that made it).
fn start_host(start: Start) -> Result<Host, String> {
    let players = start.setup.seats.len();
    let picker = host::picker(&start.content, start.setup.seed, players, &start.kinds, start.saved)?;
    let bots: BTreeSet<usize> = start.kinds.keys().copied().collect();
    let (game, decided) = match &start.record {
        None => (posse::Game::new(start.content.clone(), start.setup.clone()).map_err(|e| e.to_string())?, Vec::new()),
        Some((record, file)) => {
            let (game, marks, divergence) =
                crate::session::replay(start.content.clone(), record).map_err(|e| format!("{file}: {e}"))?;
            if let Some(d) = divergence {
                let what = format!(
                    "{file}: choice {} ({}) no longer fits: {}",
                    d.index,
                    crate::session::describe_choice(&d.choice),
                    d.message
                );
                // Saving over the save would drop its choices from that one on.
                if start.save.as_ref().is_some_and(|l| l.guards(std::path::Path::new(file))) {
                    return Err(format!(
                        "{what}; serving it would save over {file} without them: `--save OTHER` goes on in \
                         another file and keeps {file} as it is"
                    ));
                }
                eprintln!("{what}; the game goes on from the choice before");
            }
            let decided =
                marks.iter().zip(game.choices()).map(|(m, c)| m.by_person && !bots.contains(&c.seat)).collect();
            (game, decided)
        }
    };
    let key = std::collections::hash_map::RandomState::new();
    let watching = bots.len() == players;
    Ok(Host {
        game,
        picker,
        bots,
        save: start.save,
        decided,
        epoch: 0,
        key,
        notice: None,
        stuck: None,
        watching,
        step: 0,
        script_errors: 0,
    })
}

/// A new game from the options (as `posse play` sets one up).
fn new_game(opts: &ServeOptions) -> Result<Start> {
    let Some(id) = opts.game.as_deref() else { bail!("name the game to serve (posse list), or --load FILE") };
    let content = games::load_with(&opts.root, id, &opts.sets)?;
    let setup = crate::play::setup(&content, opts.seed, opts.players)?;
    let kinds = bots::parse(&opts.bots, &setup.seats, &bots::kinds(&content)).map_err(|e| anyhow!(e))?;
    let save = opts.save.as_deref().map(SaveLock::acquire).transpose().map_err(|e| anyhow!("{e}"))?;
    // The same command again after a crash must not start a new game over the old one.
    if let Some(file) = opts.save.as_deref().filter(|f| holds_a_save(f)) {
        bail!(
            "{0} holds a saved game: `posse serve --load {0}` goes on with it (to start a new game there, \
             remove it first)",
            file.display()
        );
    }
    Ok(Start { content, setup, record: None, kinds, saved: None, save })
}

/// The game saved in `file`, its seats played as the save says (or as `--bot` says), to
/// go on saving in `--save`'s file, else in `file` itself.
fn from_save(opts: &ServeOptions, file: &std::path::Path) -> Result<Start> {
    let save = SaveLock::acquire(opts.save.as_deref().unwrap_or(file)).map_err(|e| anyhow!("{e}"))?;
    let record = Record::load(file).map_err(|e| anyhow!("{e}"))?;
    if let Some(id) = opts.game.as_deref().filter(|&id| id != record.game) {
        bail!("{} is a game of {}, not {id}", file.display(), record.game);
    }
    let content = games::load_with(&opts.root, &record.game, &record.set)?;
    let name = file.display().to_string();
    if record.content_hash != posse::hash::hex(content.hash) {
        eprintln!(
            "{name}: saved with other content (hash {}, now {}); the replay may diverge",
            record.content_hash,
            posse::hash::hex(content.hash)
        );
    }
    let kinds = if opts.bots.is_empty() {
        bots::saved(&record, &content, &name).map_err(|e| anyhow!(e))?
    } else {
        bots::parse(&opts.bots, &record.seats, &bots::kinds(&content)).map_err(|e| anyhow!(e))?
    };
    let same_bots = record.bot_seats().count() == kinds.len() && opts.bots.is_empty();
    let saved = record.bots.unwrap_or(BotsRecord { seed: record.seed, drawn: 0 });
    let setup = Setup { seed: record.seed, seats: record.seats.clone() };
    Ok(Start { content, setup, record: Some((record, name)), kinds, saved: Some((saved, same_bots)), save: Some(save) })
}

/// A seat's secret: 128 bits from the operating system, in hex.
fn token() -> String {
    use rand::TryRngCore;
    let mut bytes = [0u8; 16];
    if rand::rngs::OsRng.try_fill_bytes(&mut bytes).is_err() {
        // No randomness from the system: the thread's generator (seeded by it at first use).
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut bytes);
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The address people type: the one listened on, or for every interface
/// (`0.0.0.0`) this machine's address on its network, as far as it can tell.
fn address(bound: SocketAddr) -> String {
    if !bound.ip().is_unspecified() {
        return bound.to_string();
    }
    // The address a packet out would leave from (nothing is sent).
    let local = std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:80").map(|()| s))
        .and_then(|s| s.local_addr())
        .map(|a| a.ip());
    match local {
        Ok(ip) if !ip.is_unspecified() => SocketAddr::new(ip, bound.port()).to_string(),
        _ => SocketAddr::new([127, 0, 0, 1].into(), bound.port()).to_string(),
    }
}

/// Ctrl-C, or (on Unix) a polite kill (SIGTERM): made before the addresses are printed,
/// so that a signal sent as soon as they are is caught (must be made in the runtime).
fn stop_signal() -> Result<impl std::future::Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut int = signal(SignalKind::interrupt())?;
        let mut term = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = int.recv() => {}
                _ = term.recv() => {}
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            let _ = tokio::signal::ctrl_c().await;
        })
    }
}

/// Whether `file` is a posse save (it starts as one).
pub fn holds_a_save(file: &std::path::Path) -> bool {
    use std::io::Read;
    let mut head = Vec::new();
    let read = std::fs::File::open(file).and_then(|f| f.take(11).read_to_end(&mut head));
    read.is_ok() && head == b"posse_save:"
}
