//! Every bound the engine puts on what it does not trust: content files, save files,
//! scripts, and everything that crosses from Lua into Rust.
//!
//! The design decision: whatever an author or a file can make large is bounded where it
//! enters, with a message that names the file (and line) or the script line, and the bound
//! is checked *before* the work or the copy it limits. Lua's own memory has its limit
//! ([`MEMORY_LIMIT`]); what Rust copies out of Lua lives outside that limit, so each copy
//! has a bound of its own here. `docs/sandbox.md` lists these with the Lua functions a
//! script can reach and the bound on each.

use std::time::Duration;

// ------------------------------------------------------------------------ files

/// The largest content file (YAML or Lua) the loader reads.
pub const CONTENT_FILE_BYTES: u64 = 8 << 20;
/// The most bytes of files one game (with its scenario) may be loaded from.
pub const CONTENT_BYTES: u64 = 64 << 20;
/// The largest save file read (a save is ~10 bytes a choice: millions of choices).
pub const SAVE_FILE_BYTES: u64 = 64 << 20;
/// The deepest nesting of collections in a YAML file. Content nests a few levels; the
/// YAML parser's work grows with the square of the depth, so depth is checked first.
pub const YAML_DEPTH: usize = 64;

// ---------------------------------------------------------------------- content

/// Seats in a game (the state keeps a set of seats in 64 bits).
pub const MAX_SEATS: usize = 64;
/// Bytes of a seat's name (names come from the command line and from saves).
pub const SEAT_NAME_BYTES: usize = 64;
/// Objects in a game: the sum of every component's `count`.
pub const MAX_OBJECTS: usize = 100_000;
/// Component definitions in a game.
pub const MAX_DEFS: usize = 100_000;
/// Zones in a game, counting one per seat (at the most seats) or per board node.
pub const MAX_ZONES: usize = 100_000;
/// Counters in a game, counting one per seat (at the most seats) for per-seat counters.
pub const MAX_COUNTERS: usize = 100_000;
/// Values of per-object counters in all (per-object counters times objects).
pub const MAX_OBJECT_COUNTERS: usize = 1_000_000;
/// Objects a view shows one inside another's zones: deeper ones are shown without their
/// zones. A view is built by recursion and handed to the renderer's Lua, whose conversion
/// nests at most 128 tables (four a level of objects).
pub const VIEW_DEPTH: usize = 16;
/// Nodes on the board (a grid counts width × height).
pub const MAX_NODES: usize = 100_000;
/// Edges on the board.
pub const MAX_EDGES: usize = 400_000;
/// Zones of a zone map: its tables hold a value for every pair, and deriving them
/// meets every pair's line with every wall and zone edge.
pub const MAP_ZONES: usize = 128;
/// Corners of all the zones of a zone map together (a rectangle has four).
pub const MAP_CORNERS: usize = 1_024;
/// Entries of a zone map: zones, walls, openings, trees and overrides together.
pub const MAP_ENTRIES: usize = 2_048;
/// Pieces the walls of a zone map are cut into where borders start and end (each line
/// between two centres is met with each piece).
pub const MAP_WALL_PIECES: usize = 8_192;
/// The largest width and height of a zone map, in its units (a town is 24 × 16): its
/// geometry is checked to fixed tolerances (a ten-millionth of a unit) and its pictures
/// are drawn to scale, so a board 10^15 units high is refused at load.
pub const MAP_EXTENT: f64 = 1_000.0;
/// The longest side, in pixels, an SVG of a board (`posse svg`, `:svg`) is shown at: a
/// larger drawing is shown smaller (its `viewBox` keeps every detail, for zooming).
pub const PICTURE_PIXELS: f64 = 16_384.0;
/// The most rows of `:map`'s grid of characters (its columns are the terminal's): a
/// taller board is drawn to a smaller scale, its proportions kept.
pub const PICTURE_ROWS: usize = 100;
/// Dice in a game (all kinds together).
pub const MAX_DICE: usize = 1_000;
/// Faces of one die.
pub const MAX_FACES: usize = 1_000;

// ----------------------------------------------------------------------- scripts

/// The work one step (from one decision to the next) may do, in units: a Lua instruction
/// is one, allocation and library work are charged at the rates below (lua/budget.rs). A
/// game's step does about a thousand, its setup about a hundred thousand: this is a
/// thousand times that, and ends an endless loop of plain Lua in a fifth of a second.
pub const STEP_WORK: u64 = 100_000_000;
/// Bytes of a new block of Lua memory that cost one unit of work.
pub const ALLOC_BYTES_PER_UNIT: usize = 8;
/// New blocks smaller than this cost nothing: their cost is bounded by the instruction
/// that made them, and Lua's small objects (interned short strings above all) depend on
/// what the VM did before, which the count must not.
pub const SMALL_ALLOC: usize = 128;
/// Library work (elements walked, bytes scanned) below this costs nothing in one call: at
/// most a constant more than the call's own instruction.
pub const FREE_WORK: usize = 64;
/// The wall-clock guard against an engine fault: a step that runs this long was not
/// stopped by its counted work, which is a fault of the engine's (or one of the costs
/// docs/sandbox.md names that Lua's VM does inside single instructions, where no count
/// reaches). It is reported as the engine's fault, never as the game's, and no shipped
/// game, test or fuzz case comes near it (steps take microseconds, a spent budget a
/// fraction of a second).
pub const ENGINE_FAULT_TIME: Duration = Duration::from_secs(60);
/// The most memory a game's (or a renderer's) Lua may hold.
pub const MEMORY_LIMIT: usize = 256 * 1024 * 1024;
/// The most text a game's log may hold: log lines live outside Lua's memory limit.
pub const LOG_BYTES: usize = 64 << 20;
/// The most lines scripts may `print` (debugging output) in a game.
pub const PRINT_LINES: usize = 100_000;
/// The most text scripts may `print` in a game: printed lines, like log lines, live
/// outside Lua's memory limit, and one string printed many times is copied each time.
pub const PRINT_BYTES: usize = 64 << 20;
/// The most options one decision may offer.
pub const MAX_OPTIONS: usize = 100_000;

/// An option's arguments (what its id leaves open: a zone, a card...): at most this many.
pub const MAX_ARGS: usize = 8;
/// The most decisions bots make in one game: a game of random bots that has not ended
/// after this many counts as endless (an error in `sim` and `check`).
pub const MAX_DECISIONS: usize = 100_000;
/// The most text the prompt and the labels of one decision may hold together. They are
/// copied out of Lua whenever someone reads them: a list that names one huge string many
/// times would take the host's memory. Generous for people, who read a prompt and a
/// screenful of labels.
pub const DECISION_TEXT_BYTES: usize = 1 << 20;
/// The most text a renderer may return for one view.
pub const VIEW_TEXT_BYTES: usize = 1 << 20;
/// Bytes of a name a script gives the engine: a seat's role or team.
pub const NAME_BYTES: usize = 256;
/// The longest `about:` line of a game or scenario (a menu shows it).
pub const ABOUT_BYTES: usize = 200;
/// Bytes of a game result's `reason`.
pub const REASON_BYTES: usize = 4096;
/// Bytes of a script error's message kept (the rest is cut, saying how much).
pub const ERROR_BYTES: usize = 4096;
/// Frames of the game's scripts a script error lists (the rest are counted).
pub const ERROR_FRAMES: usize = 10;
