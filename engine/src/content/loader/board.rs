//! `board:` of `game.yaml` (or of a scenario, which replaces its game's): none, a zone
//! map in a file of its own (content/mapfile.rs), or nodes, edges and a grid
//! (content/grid.rs), which a map excludes.

use super::{Doc, Loader};
use crate::board::grid::Grid;
use crate::board::Board;
use crate::content::schema::BoardDecl;
use crate::yaml::Step::Key;
use crate::zonemap::ZoneMap;
use std::sync::Arc;

impl Loader<'_> {
    /// The board `decl` of `doc` declares for game `id` (an empty one when it declares
    /// none or too much), the zone map it is drawn from, if any, and its grid, if any.
    pub(in crate::content) fn board(
        &mut self,
        id: &str,
        doc: &Doc,
        decl: Option<&BoardDecl>,
    ) -> (Board, Option<Arc<ZoneMap>>, Option<Arc<Grid>>) {
        let Some(b) = decl else {
            return (Board::default(), None, None);
        };
        let Some(file) = b.map.as_deref() else {
            let (board, grid) = self.graph_board(doc, b);
            return (board, None, grid);
        };
        if !b.nodes.is_empty() || !b.edges.is_empty() || b.grid.is_some() {
            self.at(doc, doc.at.key(&[Key("board"), Key("map")]), "board: map excludes nodes, edges and grid");
        }
        if !file.ends_with(".yaml") || file.contains('/') || file.contains('\\') || file == "game.yaml" {
            let msg = format!("board: map: expected a .yaml file of this folder, not '{file}'");
            self.at(doc, doc.at.value(&[Key("board"), Key("map")]), msg);
            return (Board::default(), None, None);
        }
        match self.zone_map(&format!("scenarios/{id}/{file}")) {
            Some(map) => (map.board().clone(), Some(map), None),
            None => (Board::default(), None, None),
        }
    }
}
