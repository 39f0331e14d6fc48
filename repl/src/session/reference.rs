//! What the rules say, from inside a game: `:card NAME` (a card's or an ability's rules
//! text), `:cards` (every name there is to ask about) and `:map` (the board: each place
//! and where its roads lead).
//!
//! Everything here is content, the same for every seat and every game of it (the text a
//! definition's YAML gives, the board its `game.yaml` declares, names from its `data:`),
//! so it is shown to anyone, at the table too: it holds nothing of the game's state.
//! Names are matched ignoring case: a whole name or id first, then names that start with
//! what was typed, then names that contain it. Definitions a scenario leaves out (a count
//! of 0 where the game has copies) are not listed; the game's abilities (no copies) are.

use super::Session;
use posse::content::Def;
use std::collections::BTreeMap;

impl Session<'_> {
    /// The names `:card` knows, in the order of the game's YAML, each once.
    pub(super) fn card_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for d in self.game.content().defs.iter().filter(|d| !d.left_out) {
            if !names.contains(&d.name) {
                names.push(d.name.clone());
            }
        }
        names
    }

    /// `:card NAME`: the rules text of the card or ability named (of the first, with the
    /// names of the others, when several match).
    pub(super) fn show_card(&mut self, query: &str) {
        let content = self.game.content().clone();
        let defs: Vec<&Def> = content.defs.iter().filter(|d| !d.left_out).collect();
        let q = query.trim().to_lowercase();
        let by = |f: &dyn Fn(&Def) -> bool| -> Vec<&Def> { defs.iter().copied().filter(|d| f(d)).collect() };
        let mut found = by(&|d| d.name.to_lowercase() == q || d.id == q);
        if found.is_empty() {
            found = by(&|d| d.name.to_lowercase().starts_with(&q));
        }
        if found.is_empty() {
            found = by(&|d| d.name.to_lowercase().contains(&q));
        }
        let Some(first) = found.first() else {
            return self.warn(format!(":card: no card or ability is called '{query}' (:cards lists them)"));
        };
        let width = self.width();
        let mut out = vec![match first.count {
            0 => first.name.clone(),
            1 => format!("{} (1 in the game)", first.name),
            n => format!("{} ({n} in the game)", first.name),
        }];
        let text = first.text.as_deref().unwrap_or("(no rules text)");
        out.extend(wrap(text, width.saturating_sub(2)).into_iter().map(|l| format!("  {l}")));
        let others: Vec<&str> = found.iter().skip(1).map(|d| d.name.as_str()).filter(|n| *n != first.name).collect();
        if !others.is_empty() {
            let list = format!("Also '{query}': {} (:card NAME for one)", others.join(", "));
            out.extend(wrap(&list, width));
        }
        self.say(out.join("\n"));
    }

    /// `:cards`: every card and ability there is to read, by name.
    pub(super) fn show_cards(&mut self) {
        let names = self.card_names();
        if names.is_empty() {
            return self.say(format!("{} has no cards or abilities", self.game.content().name));
        }
        let mut out =
            vec![format!("{}: {} cards and abilities (:card NAME shows one)", self.game.content().name, names.len())];
        out.extend(wrap(&names.join(", "), self.width().saturating_sub(2)).into_iter().map(|l| format!("  {l}")));
        self.say(out.join("\n"));
    }

    /// `:map`: the board, each place with the places its roads lead to (named as the
    /// game's data names them, where it does).
    pub(super) fn show_map(&mut self) {
        let content = self.game.content().clone();
        let board = &content.board;
        if board.nodes().is_empty() {
            return self.say(format!("{} has no board (its view shows where things are)", content.name));
        }
        let names = place_names(&content.data);
        let name = |id: &str| names.get(id).cloned().unwrap_or_else(|| id.to_string());
        let width = self.width();
        let mut out = vec![format!(
            "{}: {} places, {} roads (each place: where its roads lead)",
            content.name,
            board.nodes().len(),
            board.edges()
        )];
        for node in board.nodes() {
            let next: Vec<String> = board.neighbours(node).unwrap_or_default().into_iter().map(name).collect();
            let line = format!("{}: {}", name(node), next.join(", "));
            let mut lines = wrap(&line, width.saturating_sub(4)).into_iter();
            out.extend(lines.next().map(|l| format!("  {l}")));
            out.extend(lines.map(|l| format!("      {l}")));
        }
        self.say(out.join("\n"));
    }

    /// The width to wrap text at: the terminal's, else 80 columns.
    pub(super) fn width(&mut self) -> usize {
        self.io.input.size().map_or(80, |(cols, _)| cols).clamp(20, 100) - 1
    }
}

/// Names the game's `data:` gives board places: any list of entries with an `id` and a
/// `name` (Desperados' `cities`), by id.
fn place_names(data: &serde_json::Value) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for list in data.as_object().into_iter().flat_map(|o| o.values()).filter_map(|v| v.as_array()) {
        for entry in list {
            if let (Some(id), Some(name)) = (entry["id"].as_str(), entry["name"].as_str()) {
                names.entry(id.to_string()).or_insert_with(|| name.to_string());
            }
        }
    }
    names
}

/// `text` broken between words into lines of at most `width` characters (a longer word
/// has a line of its own).
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_between_words() {
        assert_eq!(wrap("a bb ccc dddd", 6), vec!["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("abcdefgh ij", 4), vec!["abcdefgh", "ij"]);
        assert!(wrap("  ", 5).is_empty());
    }

    #[test]
    fn place_names_come_from_lists_of_ids_and_names() {
        let data = serde_json::json!({"cities": [{"id": "tuba_city", "name": "Tuba City"}], "rounds": 3, "x": [1]});
        assert_eq!(place_names(&data).get("tuba_city").map(String::as_str), Some("Tuba City"));
    }
}
