//! Pictures of a board: `:map` draws a zone map's town in characters and lists each zone
//! with what stands there, or a grid board's cells with the SVG's letters and legend;
//! `:svg FILE` writes a zone map or a grid as an SVG (all from `posse::picture`).
//!
//! Unlike the rest of `:map` (a board's places and roads, which are content), these show
//! the game's state, so they follow the viewer rules of `:as` and `:log`: at the table
//! they show the view of the person at the keyboard, never another seat's and never the
//! GOD VIEW; elsewhere the view on screen (`:as`, `:god`).

use super::Session;
use std::path::Path;

impl Session<'_> {
    /// Whose view a picture shows when `keyboard` is the person at the keyboard (None:
    /// the omniscient view), or why there is none to show.
    fn picture_seat(&self, keyboard: Option<usize>) -> Result<Option<usize>, String> {
        self.own_view(keyboard).ok_or_else(|| {
            "at the table the map is drawn as the person at the keyboard sees it, and no one has it".into()
        })
    }

    /// `:map` on a zone map (the grid, the legend and each zone with what stands there) or
    /// a grid board (its cells in characters, with the SVG's letters and legend), in the
    /// view of the seat [`Session::picture_seat`] says.
    pub(super) fn show_zone_map(&mut self, keyboard: Option<usize>) {
        let content = self.game.content().clone();
        let seat = match self.picture_seat(keyboard) {
            Ok(s) => s,
            Err(e) => return self.warn(format!(":map: {e}")),
        };
        let columns = self.width().min(79);
        let view = self.game.view(seat);
        let text = match (content.map.as_deref(), content.grid.as_deref()) {
            (Some(map), _) => posse::picture::text(map, &view, columns),
            (None, Some(grid)) => {
                posse::picture::grid_text(grid, &view, &posse::picture::Setting::of(&content), columns)
            }
            (None, None) => return,
        };
        self.say_paged(&text);
    }

    /// `:svg FILE`: writes the SVG of the board (a zone map or a grid) as the asker sees it.
    pub(super) fn write_svg(&mut self, file: &str, keyboard: Option<usize>) {
        let content = self.game.content().clone();
        if content.map.is_none() && content.grid.is_none() {
            return self.warn(format!(
                ":svg: {}'s board is neither a zone map nor a grid, so there is no picture to draw; :map shows it",
                content.id
            ));
        }
        let seat = match self.picture_seat(keyboard) {
            Ok(s) => s,
            Err(e) => return self.warn(format!(":svg: {e}")),
        };
        let text = crate::svg::picture(&content, &self.game.view(seat)).unwrap_or_default();
        let whose = match seat {
            Some(s) => format!("as {} sees it", self.seat_name(s)),
            None => "with everything, hidden things included (GOD VIEW),".into(),
        };
        match posse::savefile::write(Path::new(file), text.as_bytes()) {
            Ok(()) => self.say(format!("wrote the map {whose} to {file}")),
            Err(e) => self.warn(format!(":svg: cannot write {file}: {e}")),
        }
    }
}
