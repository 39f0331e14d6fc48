//! The command line: `posse`'s options and commands as clap reads them, with their help
//! texts; `main.rs` runs them.

use crate::{progress, serve, sim};
use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "posse", version, about = "Play, replay, simulate and check tabletop games.")]
#[command(long_about = "Play, replay, simulate and check tabletop games.\n\nWith no command: a menu of games.")]
pub struct Cli {
    /// Content root holding scenarios/ and scripts/ [default: $POSSE_ROOT, else the
    /// content found from the current folder upwards]; one without scripts/lib/ of its
    /// own (`posse init`) stands on the installed posse's games (docs/authoring.md)
    #[arg(long, global = true, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Run the overlay file FILE, from anywhere, on the game named (play, serve, sim,
    /// compare, check, trace, svg, bots, playthrough), as if its game.yaml listed it: as
    /// GAME/STEM, its problems at FILE's own lines
    #[arg(long, global = true, value_name = "FILE")]
    pub variant: Option<PathBuf>,
    /// Designer mode (play and the menu): any seat's view (:as), the GOD VIEW (:god), any
    /// :undo, and the seed printed, even when two or more people share the screen; with
    /// serve, a designer's page (god view, undo, save) and the seed printed
    #[arg(long, global = true)]
    pub designer: bool,
    #[command(subcommand)]
    pub command: Option<Cmd>,
}

/// What every batch of games is asked: its first seed, its players, its threads.
#[derive(clap::Args)]
pub struct Batch {
    /// Seed of the first game; game i has seed S + i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Number of players [default: the game's]
    #[arg(long)]
    pub players: Option<usize>,
    /// Threads to spread the games over (the report is the same for any number)
    /// [default: the machine's cores]
    #[arg(long)]
    pub jobs: Option<usize>,
    /// A seat played by a bot other than the random one: SEAT=NAME, SEAT a number from
    /// 1, a seat name or `all`, NAME `random` or one of the game's strategy bots
    /// (scripts/<game>/bots/NAME.lua); repeatable, the other seats play `random`.
    #[arg(long = "bot", value_name = "SEAT=NAME")]
    pub bots: Vec<String>,
    /// Progress on stderr: a line every N games, or bare a line every few seconds [default:
    /// a bar on a terminal, else a line every few seconds; none with POSSE_PROGRESS=off]
    #[arg(long, value_name = "N", num_args = 0..=1)]
    pub progress: Option<Option<usize>>,
}

impl Batch {
    /// The options of a batch of `games` games of `game` with `sets`.
    pub fn options(self, game: String, sets: Vec<String>, games: usize, json: bool) -> sim::SimOptions {
        let jobs = self.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let progress = progress::Mode::of(self.progress, json);
        sim::SimOptions {
            game,
            sets,
            games,
            seed: self.seed,
            players: self.players,
            jobs,
            json,
            bots: self.bots,
            progress,
        }
    }
}

#[derive(Subcommand)]
pub enum Cmd {
    /// List the games, one id per line.
    List,
    /// Make DIR a content root of your own (new or empty): it stands on the installed
    /// posse's games and shared Lua, copying nothing (docs/authoring.md).
    Init {
        /// The folder to make.
        dir: PathBuf,
    },
    /// Play a game in the REPL (answers from the terminal, or piped in).
    Play {
        /// Game id, as `posse list` prints it (with --load: the save's).
        #[arg(required_unless_present = "load")]
        game: Option<String>,
        /// Continue a saved game (from --save or :save) exactly as it was being played:
        /// its seed, seats, bots and choices come from the save.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "players"])]
        load: Option<PathBuf>,
        /// Seed of the game [default: from the clock, printed as `seed: N` except when two or
        /// more people share the screen without --designer]
        #[arg(long)]
        seed: Option<u64>,
        /// Number of players [default: the game's]
        #[arg(long)]
        players: Option<usize>,
        /// A seat played by a bot: SEAT=NAME, SEAT a number from 1, a seat name or `all`,
        /// NAME `random` (the default) or one of the game's strategy bots (`posse bots
        /// GAME`); with --load: instead of the save's seats.
        #[arg(long = "bot", value_name = "SEAT=NAME")]
        bots: Vec<String>,
        /// Save the game to FILE when it starts and after every step, replacing it whole
        /// each time; FILE.lock beside it keeps a second posse from saving there too.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Change a value of the game's data (KEY) or a component's props (ID.props.KEY)
        /// for this game, recorded in its save; repeatable (docs/sim.md).
        #[arg(long = "set", value_name = "KEY=VALUE", conflicts_with = "load")]
        sets: Vec<String>,
    },
    /// Serve a game to people at their own screens (the web table): prints each person's
    /// seat's address (`seat N: URL`, with its secret token), then serves until Ctrl-C.
    /// With --designer also the designer's page (god view, undo, save).
    Serve {
        /// Game id, as `posse list` prints it (with --load: the save's).
        #[arg(required_unless_present = "load")]
        game: Option<String>,
        /// Continue a saved game (from --save, :save or the designer's page); it goes on
        /// saving to FILE unless --save names another file.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "players", "sets"])]
        load: Option<PathBuf>,
        /// Seed of the game [default: from the clock; printed only with --designer]
        #[arg(long)]
        seed: Option<u64>,
        /// Number of players [default: the game's]
        #[arg(long)]
        players: Option<usize>,
        /// A seat played by a bot: SEAT=NAME as for `play` (the others are people's).
        #[arg(long = "bot", value_name = "SEAT=NAME")]
        bots: Vec<String>,
        /// Save the game to FILE when it starts and after every step (the REPL's save:
        /// `posse play --load FILE` or `posse serve --load FILE` goes on with it); a FILE
        /// holding a save already is refused, never started over.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Where to listen: ADDR:PORT; 0.0.0.0:PORT for other machines on the network.
        #[arg(long, value_name = "ADDR:PORT", default_value = serve::LISTEN)]
        listen: String,
        /// Change a value of the game's data for this game, as for `play`.
        #[arg(long = "set", value_name = "KEY=VALUE")]
        sets: Vec<String>,
    },
    /// Replay a saved game; print its result (or how far it got) and its state hash.
    Replay {
        /// A save file (from `--save` or `:save`).
        file: PathBuf,
        /// Step through the record in the REPL: Enter makes the next choice.
        #[arg(long, conflicts_with = "log")]
        step: bool,
        /// Print every log line of the game in order, each after who may read it (the
        /// god view), then the result and the state hash, as `posse trace` does.
        #[arg(long)]
        log: bool,
        /// With --log: only the lines this seat may read (a number from 1 or a name);
        /// with --html: the page of this seat's view (also --seat).
        #[arg(long = "as", visible_alias = "seat", value_name = "SEAT", conflicts_with = "god")]
        seat: Option<String>,
        /// With --log: each decision as a line too (`p3 chose: Play Telegraph`).
        #[arg(long, requires = "log")]
        decisions: bool,
        /// Write the game as a page that steps through it (pictures, log) to OUT, as
        /// --seat SEAT sees it or with --god (docs/sim.md).
        #[arg(long, value_name = "OUT", conflicts_with_all = ["log", "step"])]
        html: Option<PathBuf>,
        /// With --html: the god view, every secret shown.
        #[arg(long, requires = "html")]
        god: bool,
    },
    /// Play one game with bots and print every log line, each with who may read it.
    ///
    /// Every log line in order, each after who may read it (`[all]` or the seats'
    /// names): the god view, or with --as SEAT what that seat reads; --decisions adds
    /// each decision. The game is `play GAME --seed S --bot all` and game S of `sim`.
    Trace {
        /// Game id, as `posse list` prints it.
        game: String,
        /// Seed of the game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of players [default: the game's]
        #[arg(long)]
        players: Option<usize>,
        /// A seat played by another bot than the random one: SEAT=NAME as in `play`
        /// (repeatable; the other seats play `random`).
        #[arg(long = "bot", value_name = "SEAT=NAME")]
        bots: Vec<String>,
        /// Change a value of the game's data or a component's props, as in `play`
        /// (repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        sets: Vec<String>,
        /// Only the lines this seat may read (a number from 1 or a seat name); with
        /// --html, the page of this seat's view (also --seat).
        #[arg(long = "as", visible_alias = "seat", value_name = "SEAT", conflicts_with = "god")]
        seat: Option<String>,
        /// Each decision as a line too (`p3 chose: Play Telegraph`); with --as, the
        /// seat's own.
        #[arg(long)]
        decisions: bool,
        /// Write the game as a page that steps through it (pictures, log) to OUT, as
        /// --seat SEAT sees it or with --god (docs/sim.md).
        #[arg(long, value_name = "OUT")]
        html: Option<PathBuf>,
        /// With --html: the god view, every secret shown.
        #[arg(long, requires = "html")]
        god: bool,
    },
    /// Where things stand, move, fight and fall over a batch of games, by zone or cell,
    /// drawn over the board (a designer's tool: it sees everything; docs/sim.md).
    Heatmap {
        /// Game id, as `posse list` prints it (a zone-map or grid game).
        game: String,
        /// Number of games.
        #[arg(short = 'n', long = "games", default_value_t = 20)]
        n: usize,
        /// The first game's seed; the games are seeds S, S+1, ... (as in `sim`)
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Number of players [default: the game's]
        #[arg(long)]
        players: Option<usize>,
        /// A seat played by another bot than the random one: SEAT=NAME (repeatable).
        #[arg(long = "bot", value_name = "SEAT=NAME")]
        bots: Vec<String>,
        /// Change a value of the game's data or a component's props (repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        sets: Vec<String>,
        /// Write the heat map as an HTML page to FILE.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// Write the counts to FILE (CSV: place, event, count).
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// Write the counts to FILE (JSON).
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
    },
    /// Two variants of a game on the same seeds and bots' streams: each measure's
    /// difference with its 95% interval (docs/sim.md).
    Compare {
        /// Game id, as `posse list` prints it.
        game: String,
        /// Number of games a variant.
        #[arg(short = 'n', long = "games", default_value_t = 1000)]
        n: usize,
        #[command(flatten)]
        batch: Batch,
        /// Variant A: the game with these values changed (repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        sets: Vec<String>,
        /// Variant B: variant A with these values changed too (repeatable).
        #[arg(long = "against", value_name = "KEY=VALUE", required_unless_present_any = ["against_bots", "against_variant"])]
        against: Vec<String>,
        /// Variant B: another variant (mode) of the game, such as `dice_town/short`, or an
        /// overlay file of it from anywhere (FILE.yaml), with the same --set values: two
        /// overlays compared on the same seeds.
        #[arg(long = "against-variant", value_name = "GAME/VARIANT|FILE")]
        against_variant: Option<String>,
        /// Variant B: variant A with this seat played by another bot, SEAT=NAME as in
        /// --bot (repeatable): two line-ups compared on the same seeds.
        #[arg(long = "against-bot", value_name = "SEAT=NAME")]
        against_bots: Vec<String>,
        /// Print the comparison as one JSON object.
        #[arg(long)]
        json: bool,
        /// Also write the comparison as an HTML page with its plot to FILE.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// Also write the differences to FILE (CSV: measure, a, b, diff, low, high,
        /// significant, and each variant's games finished and failed; a row a measure).
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// Compare A and B at each value of a --set key (set in both), on the same seeds:
        /// KEY=V1,V2,... or KEY=FROM..TO[:STEP]; every difference against the value
        /// (--csv: a row a value; --html: a plot a measure).
        #[arg(long, value_name = "KEY=VALUES")]
        sweep: Option<String>,
    },
    /// Play many games between random bots and summarise them.
    Sim {
        /// Game id, as `posse list` prints it.
        game: String,
        /// Number of games.
        #[arg(short = 'n', long = "games", default_value_t = 100)]
        n: usize,
        #[command(flatten)]
        batch: Batch,
        /// Print the report as one JSON object.
        #[arg(long)]
        json: bool,
        /// Change a value of the game's data (KEY) or a component's props (ID.props.KEY)
        /// for this batch, named in the report; repeatable (docs/sim.md).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        sets: Vec<String>,
        /// Also write one row a game to FILE (CSV: seed, variant, bots, winners, crew,
        /// scores, decisions, length, reason, the tags chosen, the definitions resolved,
        /// and a failed game's error).
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// Also write the report as an HTML page with its plots to FILE.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// Restricted play: for each card (option tag) named, or every one when none is,
        /// the same seeds with seat 1 never playing it; prints each card's contribution to
        /// seat 1's wins, the verdicts corrected for the many cards (Holm) (also in --json,
        /// --html, and with --csv FILE in FILE.restricted.csv).
        #[arg(long, value_name = "TAG,...", num_args = 0..=1)]
        restricted: Option<Option<String>>,
        /// A batch at each value of a --set key, on the same seeds and bots: KEY=V1,V2,...
        /// or KEY=FROM..TO[:STEP]; every measure against the value (--csv: a row a value;
        /// --html: a plot a measure).
        #[arg(long, value_name = "KEY=VALUES", conflicts_with_all = ["restricted", "shard", "out"])]
        sweep: Option<String>,
        /// Play only the K-th of N slices of the seeds (1-based) and write its games raw
        /// to --out, for `posse merge`; with --out and no --shard, the slice comes from
        /// Slurm (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) or Kubernetes
        /// (JOB_COMPLETION_INDEX, and POSSE_SHARDS for N).
        #[arg(long, value_name = "K/N", requires = "out")]
        shard: Option<String>,
        /// Where a shard's raw games go (JSON).
        #[arg(long, value_name = "FILE", conflicts_with_all = ["csv", "json", "html"])]
        out: Option<PathBuf>,
        /// List the seeds of the games that match EXPR, such as `winner=2 and
        /// decisions<40` (docs/sim.md).
        #[arg(long, value_name = "EXPR", conflicts_with_all = ["out", "json"])]
        find: Option<String>,
        /// Also write the heat map of the batch's games to FILE (HTML, as `posse heatmap
        /// --html`: the same games played again, one after another).
        #[arg(long, value_name = "FILE", conflicts_with = "out")]
        heatmap: Option<PathBuf>,
    },
    /// Start a new game that plays at once (GAME), or a variant of a game (GAME/VARIANT,
    /// listed in its game.yaml like its modes), under the content root.
    New {
        /// A new game's id, or GAME/VARIANT.
        spec: String,
    },
    /// For the Lua checker: write the Lua of every YAML `script:` block under the root to
    /// DIR, each in a file whose lines are the YAML's (`emmylua_check DIR`), and/or each
    /// game's `data:` as a class (`--types`).
    Scripts {
        /// Where the blocks' files go (emptied first).
        #[arg(long, value_name = "DIR", required_unless_present = "types")]
        out: Option<PathBuf>,
        /// Write each game's `data:` as a class, `GAME.Data`, to scripts/types/data/GAME.lua.
        #[arg(long)]
        types: bool,
    },
    /// List a game's bots: the random one and its strategy bots, each with its `about`.
    Bots {
        /// Game id, as `posse list` prints it.
        game: String,
    },
    /// Merge the shards of a batch (`sim --shard K/N --out FILE`) into its report.
    Merge {
        /// The shards' files, every one of the batch.
        files: Vec<PathBuf>,
        /// Print the report as one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Print the playthrough of one seeded game between random bots: every step's
    /// question, options and pick, who reads each log line, and every seat's view at the
    /// start and the end (what tests/playthroughs/ holds).
    Playthrough {
        /// Game id, as `posse list` prints it.
        game: String,
        /// Number of players [default: the game's]
        #[arg(long)]
        players: Option<usize>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Draw a zone-map board as SVG, as one seat sees the game: at its start, or where a
    /// saved game stands (--load).
    Svg {
        /// Game id, as `posse list` prints it (with --load: the save's).
        #[arg(required_unless_present = "load")]
        game: Option<String>,
        /// Seed of the game.
        #[arg(long, default_value_t = 1, conflicts_with = "load")]
        seed: u64,
        /// Number of players [default: the game's]
        #[arg(long, conflicts_with = "load")]
        players: Option<usize>,
        /// Draw the game a save holds (from --save or :save), where it stands.
        #[arg(long, value_name = "SAVE")]
        load: Option<PathBuf>,
        /// The seat whose view is drawn, from 1 [default: 1]
        #[arg(long, conflicts_with = "god")]
        seat: Option<usize>,
        /// Draw everything, hidden things included (the omniscient view), instead of a seat's
        #[arg(long)]
        god: bool,
        /// Write the SVG to FILE [default: stdout]
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Load every game (or those named), play random games, replay them and draw every view.
    Check {
        /// Game ids [default: every game]
        games: Vec<String>,
        /// Random games per number of players: seeds 0..N [default: at least 20, then
        /// more while their decisions number fewer than 10000 (20000 while a card or
        /// ability has not run), up to 1000: the same games on every run]
        #[arg(long, conflicts_with = "time")]
        seeds: Option<u64>,
        /// Play seeds beyond the first 20 for SECS seconds a game and mode instead of by
        /// their decisions: the games played, and so the output, then depend on the
        /// machine and its load
        #[arg(long, value_name = "SECS")]
        time: Option<f64>,
        /// Play more games with the no-leak check: what a seat is shown (view, question,
        /// rendered view, log lines, who is asked) must not change with what it cannot
        /// see, at a position or in twin games where it differs from the start. It costs
        /// about 20 times a check of the same games, so by default it plays games while
        /// they compare fewer than 500 positions and seats (at least one game; with --time,
        /// a third of it), each at its first 10 positions and every 5th after; --leaks
        /// plays the --seeds N seeds, else the first 4, with every number of players, at
        /// every position
        #[arg(long, conflicts_with = "no_leaks")]
        leaks: bool,
        /// No no-leak check
        #[arg(long)]
        no_leaks: bool,
        /// Print each game's full coverage table: every definition with how often it was
        /// offered, chosen, resolved and drawn; with DEF, that definition's row alone (a
        /// row a game or mode checked)
        #[arg(long, value_name = "DEF", num_args = 0..=1)]
        coverage: Option<Option<String>>,
        /// Stop playing seeds (beyond the first 20) once every card and ability with a
        /// script has run, instead of when their decisions reach 10000 (or --time ends)
        #[arg(long, conflicts_with = "seeds")]
        until_covered: bool,
    },
}
