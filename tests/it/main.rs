//! The one integration-test binary: engine behaviour on fixture games, the generic tests
//! every game gets, and each game's rule tests.

mod american_desperado;
mod bots;
mod content;
mod cooperative;
mod data_schema;
mod desperados;
mod dice_town;
mod engine;
mod fuzz;
mod generic;
mod golden;
mod goldfever;
mod grid;
mod grid_picture;
mod hardening;
mod issue11_views;
mod issue15_dice;
mod issue15_errors;
mod issue22_batches;
mod issue22_budget;
mod issue22_pictures;
mod issue22_writes;
mod issue9;
mod layers;
mod marshals;
mod modes;
mod objects;
mod playthrough;
mod sandbox;
mod sets;
mod shared_lua;
mod sim_report;
mod unread_data;
mod zonemap;
mod zonemap_queries;
