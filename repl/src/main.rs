//! The `posse` command: a game menu, the REPL to play in (`play`), and the tools around
//! it (`list`, `replay`, `sim`, `check`, `playthrough`, `trace`, `svg`, `init`, `serve`),
//! as `cli.rs` declares them for clap.
//!
//! This is the edge of the system: the only place that reads the clock (default seeds),
//! the terminal and the environment, and where errors become one message on stderr and
//! a non-zero exit. Everything below is plain functions on the engine's API; the REPL's
//! logic lives in [`session`] and runs the same on a terminal, a pipe or a test's lines.

// Lua allocates for every table and string a script makes: mimalloc makes a batch of
// simulated games about a sixth faster than the system allocator (docs/performance.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod answer;
mod bots;
mod check;
mod cli;
mod command;
mod coverage;
mod datatypes;
mod find;
mod fold;
mod games;
mod heatmap;
mod html;
mod init;
mod input;
mod leaks;
mod menu;
mod new;
mod play;
mod progress;
mod replay;
mod scripts;
mod serve;
mod session;
mod sim;
mod stepthrough;
mod svg;
mod sweep;
mod trace;
mod transcripts;
mod walk;
mod words;

use anyhow::Result;
use clap::Parser;
use cli::{Cli, Cmd};
use posse::Content;
use std::process::ExitCode;

fn main() -> ExitCode {
    // A reader that goes away (`posse check | head`) ends posse as it ends any Unix tool,
    // rather than as a panic in the next `println!` (Rust ignores SIGPIPE by default).
    #[cfg(unix)]
    // SAFETY: called first thing, before any thread starts; SIG_DFL is a valid handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match run(cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        // The reader went away (`posse trace ... | head`): what it wanted, it has.
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("posse: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the command. Ok(false) means it ran and found problems (sim errors, check failures).
fn run(cli: Cli) -> Result<bool> {
    let root = cli.root.unwrap_or_else(Content::default_root);
    let mut command = cli.command;
    if let Some(file) = &cli.variant {
        on_variant(&mut command, file)?;
    }
    if let Some(Cmd::Compare { game, against_variant: Some(b), .. }) = &mut command {
        if init::is_file(b) {
            *b = init::variant(game.split('/').next().unwrap_or_default(), std::path::Path::new(b))?;
        }
    }
    match command {
        None => menu::run(&root, input::stdin_source().as_mut(), cli.designer).map(|()| true),
        Some(Cmd::Init { dir }) => {
            let files = init::run(&dir)?;
            for f in &files {
                println!("{}", f.display());
            }
            println!("next: cd {}; posse new GAME (or GAME/VARIANT of a shipped game); see README.md", dir.display());
            Ok(true)
        }
        Some(Cmd::List) => {
            for id in games::list(&root)? {
                println!("{id}");
            }
            Ok(true)
        }
        Some(Cmd::Play { game, load, seed, players, bots, save, sets }) => {
            let opts = play::PlayOptions { root, seed, players, bots, save, designer: cli.designer, sets };
            let mut input = input::stdin_source();
            match load {
                Some(file) => play::resume(&file, game.as_deref(), opts, input.as_mut()),
                None => play::play(game.as_deref().unwrap_or_default(), opts, input.as_mut()),
            }
        }
        Some(Cmd::Serve { game, load, seed, players, bots, save, listen, sets }) => {
            let designer = cli.designer;
            serve::serve(serve::ServeOptions { root, game, seed, players, bots, save, load, designer, listen, sets })
        }
        Some(Cmd::Replay { file, html: Some(out), seat, god, .. }) => {
            stepthrough::replay(&root, &file, &stepthrough::PageOptions::new(seat, god, out)?)
        }
        Some(Cmd::Replay { seat: Some(_), log: false, .. }) => {
            anyhow::bail!("--as/--seat goes with --log or --html")
        }
        Some(Cmd::Replay { file, log: true, seat, decisions, .. }) => {
            trace::replay(&root, &file, seat.as_deref(), decisions)
        }
        Some(Cmd::Replay { file, step, .. }) => replay::run(&root, &file, step).map(|()| true),
        Some(Cmd::Trace { game, seed, players, bots, sets, seat, html: Some(out), god, .. }) => {
            let page = stepthrough::PageOptions::new(seat, god, out)?;
            stepthrough::trace(&root, &game, seed, players, &bots, &sets, &page)
        }
        Some(Cmd::Trace { game, seed, players, bots, sets, seat, decisions, .. }) => {
            trace::run(&game, trace::TraceOptions { root, seed, players, bots, sets, seat, decisions })
        }
        Some(Cmd::Sim { game, n, batch, json, sets, csv, html, sweep: Some(spec), .. }) => {
            posse::sim::leave_last_games_to_exit();
            let s = sweep::sim(&root, batch.options(game, sets, n, json), &spec)?;
            sweep::output(&s, json, csv.as_deref(), html.as_deref())
        }
        Some(Cmd::Heatmap { game, n, seed, players, bots, sets, html, csv, json }) => {
            let batch = heatmap::HeatOptions::batch(root, game, n, seed, players, bots, sets);
            heatmap::run(heatmap::HeatOptions { html, csv, json, ..batch })
        }
        Some(Cmd::Sim {
            game, n, batch, json, sets, csv: _, html: _, restricted: _, shard, out: Some(out), ..
        }) => sim::shard(&root, batch.options(game, sets, n, json), shard.as_deref(), &out),
        Some(Cmd::Merge { files, json }) => sim::merge(&files, json),
        Some(Cmd::Sim {
            game,
            n,
            batch,
            json,
            sets,
            csv,
            html,
            restricted,
            shard: _,
            out: None,
            find,
            heatmap,
            ..
        }) => {
            let opts = batch.options(game, sets, n, json);
            let find = find.map(|f| find::parse(&f).map(|t| (f, t))).transpose()?;
            let (game, sets, players, bots) = (opts.game.clone(), opts.sets.clone(), opts.players, opts.bots.clone());
            let seed = opts.seed;
            let (jobs, progress) = (opts.jobs, opts.progress);
            // The process ends with this command: its batch's last games go with it.
            posse::sim::leave_last_games_to_exit();
            let report = sim::run(&root, opts)?;
            let restricted = match restricted {
                Some(only) => Some(sim::restricted(&root, &report, jobs, only.as_deref(), progress)?),
                None => None,
            };
            sim::print(&report, restricted.as_deref(), json)?;
            let write = |file: &std::path::Path, text: String| {
                posse::savefile::write(file, text.as_bytes())
                    .map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", file.display()))
            };
            if let Some(file) = csv {
                write(&file, sim::csv(&report))?;
                // Restricted play's table beside the games: FILE.restricted.csv.
                if let Some(r) = &restricted {
                    write(&file.with_extension("restricted.csv"), sim::restricted_csv(&report, r))?;
                }
            }
            if let Some(file) = html {
                write(&file, html::report(&report, restricted.as_deref()))?;
            }
            if let Some((expr, terms)) = find {
                let b = find::Batch { root: &root, game: &game, sets: &sets, players, bots: &bots };
                find::print(&expr, &terms, &report.rows, &b)?;
            }
            if let Some(file) = heatmap {
                let batch = heatmap::HeatOptions::batch(root.clone(), game, n, seed, players, bots, sets);
                heatmap::run(heatmap::HeatOptions { html: Some(file), quiet: true, ..batch })?;
            }
            Ok(report.errors.is_empty() && sim::all_finished(restricted.as_deref()))
        }
        Some(Cmd::Compare { game, n, batch, sets, against, against_bots, against_variant, json, html, csv, sweep }) => {
            let b = sim::VariantB { sets: against, bots: against_bots, game: against_variant };
            if let Some(spec) = sweep {
                let s = sweep::compare(&root, batch.options(game, sets, n, json), &b, &spec)?;
                return sweep::output(&s, json, csv.as_deref(), html.as_deref());
            }
            sim::compare(&root, batch.options(game, sets, n, json), &b, html.as_deref(), csv.as_deref())
        }
        Some(Cmd::Bots { game }) => sim::list_bots(&root, &game).map(|()| true),
        Some(Cmd::New { spec }) => new::run(&root, &spec).map(|files| {
            for f in &files {
                println!("{}", root.join(f).display());
            }
            // The new game's own bot; a variant's game may have others, or none.
            let bot = if spec.contains('/') { String::new() } else { " --bot 1=keeper".to_string() };
            println!("next: posse check {spec}; posse play {spec}; posse sim {spec}{bot}");
            true
        }),
        Some(Cmd::Scripts { out, types }) => {
            if types {
                for f in datatypes::write(&root, None)? {
                    println!("{}", f.display());
                }
            }
            if let Some(out) = out {
                let n = scripts::run(&root, &out)?;
                println!("{n} script blocks written to {}", out.display());
            }
            Ok(true)
        }
        Some(Cmd::Check { games, seeds, time, leaks, no_leaks, coverage, until_covered }) => {
            let seeds = match (seeds, time) {
                (Some(n), _) => check::Seeds::Exactly(n),
                (None, Some(time)) => {
                    let budget = std::time::Duration::try_from_secs_f64(time)
                        .map_err(|_| anyhow::anyhow!("--time {time}: expected a number of seconds, 0 or more"))?;
                    check::Seeds::Time { budget, until_covered }
                }
                (None, None) => check::Seeds::Work { until_covered },
            };
            let leaks = match (leaks, no_leaks) {
                (true, _) => check::Leaks::Full,
                (_, true) => check::Leaks::Off,
                _ => check::Leaks::Quick,
            };
            check::run(&root, &games, seeds, leaks, coverage)
        }
        Some(Cmd::Svg { game, seed, players, load, seat, god, out }) => {
            svg::run(&root, svg::SvgOptions { game, seed, players, load, seat, god, out }).map(|()| true)
        }
        Some(Cmd::Playthrough { game, players, seed }) => {
            let content = games::load(&root, &game)?;
            let players = players.unwrap_or(content.players.default.unwrap_or(content.players.min));
            let text = posse::playthrough::write(content, players, seed).map_err(|e| anyhow::anyhow!("{e}"))?;
            print!("{text}");
            Ok(true)
        }
    }
}

/// `--variant FILE`: the command's game becomes the variant FILE registers on it (with
/// `--load SAVE` and no game, the save's game: a save of a variant loads again so).
fn on_variant(command: &mut Option<Cmd>, file: &std::path::Path) -> Result<()> {
    if let Some(
        Cmd::Play { game: None, load: Some(save), .. }
        | Cmd::Serve { game: None, load: Some(save), .. }
        | Cmd::Svg { game: None, load: Some(save), .. }
        | Cmd::Replay { file: save, .. },
    ) = command
    {
        let record = posse::record::Record::load(save).map_err(|e| anyhow::anyhow!("{e}"))?;
        let game = record.game.split('/').next().unwrap_or_default();
        init::variant(game, file)?;
        return Ok(());
    }
    let game = match command {
        Some(
            Cmd::Play { game: Some(game), .. }
            | Cmd::Serve { game: Some(game), .. }
            | Cmd::Svg { game: Some(game), .. }
            | Cmd::Sim { game, .. }
            | Cmd::Compare { game, .. }
            | Cmd::Trace { game, .. }
            | Cmd::Bots { game }
            | Cmd::Playthrough { game, .. },
        ) => game,
        Some(Cmd::Check { games, .. }) if games.len() == 1 => &mut games[0],
        _ => anyhow::bail!(
            "--variant FILE runs on one game named: play, serve, sim, compare, check, trace, svg, bots or playthrough \
             GAME (or play, svg or replay of a save of it)"
        ),
    };
    *game = init::variant(game, file)?;
    Ok(())
}
