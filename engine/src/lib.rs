//! The posse rules engine.
//!
//! The design decision everything else follows: **the engine owns state, Lua owns rules.**
//! Seats, zones, objects, counters, dice, the board and the one seeded RNG live in Rust
//! ([`state`]); a game's rules are a Lua coroutine ([`game`]) that changes that state only
//! through the `posse` module and yields at every decision. Because every decision is a
//! choice among listed options and all randomness comes from the seed, a game is fully
//! described by its content, seed and choices ([`record`]): save, load, undo, replay and
//! hot reload are all replays of that log. What a seat may see is computed by the engine
//! ([`view`]), never by the script, and renderers only ever receive such views.
//!
//! The modules are layers, and each names only modules below its own (ARCHITECTURE.md,
//! "Layers"; `tests/it/layers.rs` enforces it): foundations (`limits`, `diag`, `hash`,
//! `rng`, `board`), files (`yaml`, `savefile`), data ([`content`], [`record`],
//! [`decision`]), what is made from data ([`state`], [`bot`]), [`view`], pictures of a
//! view ([`picture`]), the Lua bridge (`lua`), [`game`], and batches and tools ([`sim`], [`playthrough`], the leak check
//! [`leaks`]). This root only declares them and re-exports
//! the API; it sits above them all. The `test-hooks` feature adds what only tests may
//! use (`Game::state`, `Game::rig_dice`, `Game::eval`...).

pub mod board;
pub mod bot;
pub mod content;
pub mod decision;
pub mod diag;
pub mod game;
pub mod hash;
pub mod leaks;
pub mod limits;
mod lua;
pub mod picture;
pub mod playthrough;
pub mod record;
pub mod rng;
pub mod savefile;
pub mod sim;
pub mod state;
pub mod stats;
pub mod view;
mod yaml;
pub mod zonemap;

pub use content::{Content, API_VERSION};
pub use decision::GameResult;
pub use diag::{Diagnostic, Error};
pub use game::{Game, Player, Request, Search, Searcher, Setup, MARKS};
pub use lua::{bot_names, Strategy};
pub use record::{Choice, Record};
pub use view::View;
