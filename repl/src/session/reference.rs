//! What the rules say, from inside a game: `:card NAME` (a card's or an ability's rules
//! text), `:cards` (every name there is to ask about) and `:map` (the board: each place
//! and where its roads lead; a zone map is drawn instead, with what stands where, by
//! `pictures.rs`).
//!
//! Everything here is content, the same for every seat and every game of it (the text a
//! definition's YAML gives, the board its `game.yaml` declares, names from its `data:`),
//! so it is shown to anyone, at the table too: it holds nothing of the game's state.
//! Names are matched ignoring case: a whole name or id first, then names that start with
//! what was typed, then names that contain it; an ability is found by the names the
//! game's data gives beside its id too (a gang and its Brain). Definitions a scenario
//! leaves out (a count of 0 where the game has copies) are not listed; the game's
//! abilities (no copies) are. `:cards` puts the kinds of one card together (`Forest 1 to
//! 10`, `Clue (4 kinds)`) so that a deck of seventy-five lists in five lines.

use super::Session;
use crate::words::wrap;
use posse::content::Def;
use posse::Content;
use std::collections::BTreeMap;

impl Session<'_> {
    /// The names `:card` knows, in the order of the game's YAML, each once.
    pub(super) fn card_names(&self) -> Vec<String> {
        card_names(self.game.content())
    }

    /// `:card NAME`: the rules text of the card or ability named (see [`card_text`]).
    pub(super) fn show_card(&mut self, query: &str) {
        let width = self.width();
        match card_text(self.game.content(), query, width) {
            Ok(text) => self.say_paged(&text),
            Err(e) => self.warn(format!(":card: {e}")),
        }
    }

    /// `:cards`: every card and ability there is to read, by name (see [`cards_text`]).
    pub(super) fn show_cards(&mut self) {
        let width = self.width();
        let text = cards_text(self.game.content(), width);
        self.say_paged(&text);
    }

    /// `:rules`: the game's (or scenario's) rules in brief (see [`rules_text`]).
    pub(super) fn show_rules(&mut self) {
        let width = self.width();
        let text = rules_text(self.game.content(), width);
        self.say_paged(&text);
    }

    /// `:map`: the board, each place with the places its roads lead to (named as the
    /// game's data names them, where it does); a zone map is drawn as `keyboard`, the
    /// person at the keyboard, may see it (see `pictures.rs`).
    pub(super) fn show_map(&mut self, keyboard: Option<usize>) {
        let content = self.game.content().clone();
        if content.map.is_some() || content.grid.is_some() {
            return self.show_zone_map(keyboard);
        }
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
        self.say_paged(&out.join("\n"));
    }

    /// The width to wrap text at: the terminal's, else 80 columns.
    pub(super) fn width(&mut self) -> usize {
        self.io.input.size().map_or(80, |(cols, _)| cols).clamp(20, 100) - 1
    }
}

/// The names `:card` knows, in the order of the game's YAML, each once.
pub fn card_names(content: &Content) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for d in content.defs.iter().filter(|d| !d.left_out) {
        if !names.contains(&d.name) {
            names.push(d.name.clone());
        }
    }
    names
}

/// The rules text of the card or ability `query` names (of the first, with the names of
/// the others, when several match), wrapped at `width`; a name the game's data gives
/// beside an ability's id (a gang and its Brain beside the Brain's ability) finds it too.
/// What `:card NAME` shows, and the web table's card text.
pub fn card_text(content: &Content, query: &str, width: usize) -> Result<String, String> {
    let defs: Vec<&Def> = content.defs.iter().filter(|d| !d.left_out).collect();
    let aliases = aliases(&content.data, &defs);
    let q = query.trim().to_lowercase();
    let names = |d: &Def| -> Vec<String> {
        let mut n = vec![d.name.to_lowercase()];
        n.extend(aliases.get(&d.id).into_iter().flatten().map(|a| a.to_lowercase()));
        n
    };
    let by = |f: &dyn Fn(&str) -> bool| -> Vec<&Def> {
        defs.iter().copied().filter(|d| d.id == q || names(d).iter().any(|n| f(n))).collect()
    };
    let mut found = by(&|n| n == q);
    if found.is_empty() {
        found = by(&|n| n.starts_with(&q));
    }
    if found.is_empty() {
        found = by(&|n| n.contains(&q));
    }
    let Some(first) = found.first() else {
        return Err(format!("no card or ability is called '{query}' (:cards lists them)"));
    };
    // Components of one name and text are one card to a player (Marshals' basic mode
    // calls all its Ambushes "Ambush"): their copies are counted together.
    let same = |d: &Def| d.name == first.name && d.text == first.text;
    let copies: usize = defs.iter().filter(|d| same(d)).map(|d| d.count).sum();
    let mut title = match copies {
        0 => first.name.clone(),
        n => format!("{} ({n} in the game)", first.name),
    };
    if let Some(also) = aliases.get(&first.id) {
        title.push_str(&format!(" (the ability of: {})", also.join(", ")));
    }
    let mut out = wrap(&title, width);
    let text = first.text.as_deref().unwrap_or("(no rules text)");
    out.extend(wrap(text, width.saturating_sub(2)).into_iter().map(|l| format!("  {l}")));
    let others: Vec<&str> = found.iter().skip(1).map(|d| d.name.as_str()).filter(|n| *n != first.name).collect();
    if !others.is_empty() {
        let list = format!("Also '{query}': {} (:card NAME for one)", others.join(", "));
        out.extend(wrap(&list, width));
    }
    Ok(out.join("\n"))
}

/// Every card and ability there is to read, by name; kinds of one card ("Forest 1" to
/// "Forest 10", "Clue (Forest)"...) listed together: what `:cards` shows.
pub fn cards_text(content: &Content, width: usize) -> String {
    let names = card_names(content);
    if names.is_empty() {
        return format!("{} has no cards or abilities", content.name);
    }
    let groups = grouped(&names);
    let head = format!("{}: {} cards and abilities (:card NAME shows one)", content.name, names.len());
    let mut out = vec![head];
    out.extend(wrap(&groups.join(", "), width.saturating_sub(2)).into_iter().map(|l| format!("  {l}")));
    out.join("\n")
}

/// The game's (or scenario's) rules in brief, from its YAML's `rules:`, then where to
/// read more (`:cards`, `:card NAME`): what `:rules` shows.
pub fn rules_text(content: &Content, width: usize) -> String {
    let r = &content.rules;
    let width = width.saturating_sub(2);
    let mut out = vec![format!("{} — the rules in brief", content.name)];
    let mut part = |title: &str, text: &str| {
        out.push(format!("{title}:"));
        out.extend(wrap(text, width).into_iter().map(|l| format!("  {l}")));
    };
    if let Some(t) = &r.win {
        part("To win", t);
    }
    if let Some(t) = &r.lose {
        part("The game is lost or ends", t);
    }
    if let Some(t) = &r.turn {
        part("A turn", t);
    }
    if let Some(list) = &r.numbers {
        out.push("Numbers that matter:".into());
        for n in list {
            for (i, l) in wrap(n, width.saturating_sub(2)).into_iter().enumerate() {
                out.push(format!("{}{l}", if i == 0 { "  - " } else { "    " }));
            }
        }
    }
    for more in r.more.iter().flatten() {
        out.extend(wrap(more, width + 2));
    }
    if out.len() == 1 {
        out.push("  (this game's YAML has no `rules:` section)".into());
    }
    out.push(":cards lists every card and ability; :card NAME shows one.".into());
    out.join("\n")
}

/// Other names of the definitions an entry of the game's `data:` lists names an ability
/// of (Dice Town's `{name: The Gamblers, brain: The Cardsharp, ability: draw_card}`), by
/// definition id: the entry's other texts.
fn aliases(data: &serde_json::Value, defs: &[&Def]) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for list in data.as_object().into_iter().flat_map(|o| o.values()).filter_map(|v| v.as_array()) {
        for entry in list.iter().filter_map(|e| e.as_object()) {
            let texts: Vec<&str> = entry.values().filter_map(|v| v.as_str()).collect();
            let Some(def) = defs.iter().find(|d| d.count == 0 && texts.contains(&d.id.as_str())) else { continue };
            let named = texts.iter().filter(|t| **t != def.id && t.contains(|c: char| c.is_uppercase()));
            out.entry(def.id.clone()).or_default().extend(named.map(|t| t.to_string()));
        }
    }
    out
}

/// Names with the kinds of one card put together: `Forest 1 to 10` for numbered names,
/// `Clue (4 kinds)` for names that differ in brackets; the others as they are.
fn grouped(names: &[String]) -> Vec<String> {
    let base = |n: &str| -> (String, Option<u32>) {
        if let Some((b, _)) = n.split_once(" (") {
            return (b.to_string(), None);
        }
        match n.rsplit_once(' ') {
            Some((b, num)) if num.parse::<u32>().is_ok() => (b.to_string(), num.parse().ok()),
            _ => (n.to_string(), None),
        }
    };
    let mut groups: Vec<(String, Vec<&String>, Vec<u32>)> = Vec::new();
    for n in names {
        let (b, num) = base(n);
        match groups.iter_mut().find(|g| g.0 == b) {
            Some(g) => {
                g.1.push(n);
                g.2.extend(num);
            }
            None => groups.push((b, vec![n], num.into_iter().collect())),
        }
    }
    groups
        .into_iter()
        .map(|(b, members, nums)| match members.as_slice() {
            [one] => one.to_string(),
            _ if nums.len() == members.len() => {
                format!("{b} {} to {}", nums.iter().min().unwrap_or(&0), nums.iter().max().unwrap_or(&0))
            }
            _ => format!("{b} ({} kinds)", members.len()),
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_one_card_are_listed_together() {
        let names: Vec<String> =
            ["Forest 1", "Forest 2", "Wild", "Clue (Forest)", "Clue (Desert)", "Sam Bass", "Forest 3"]
                .iter()
                .map(|s| s.to_string())
                .collect();
        assert_eq!(grouped(&names), vec!["Forest 1 to 3", "Wild", "Clue (2 kinds)", "Sam Bass"]);
    }

    #[test]
    fn place_names_come_from_lists_of_ids_and_names() {
        let data = serde_json::json!({"cities": [{"id": "tuba_city", "name": "Tuba City"}], "rounds": 3, "x": [1]});
        assert_eq!(place_names(&data).get("tuba_city").map(String::as_str), Some("Tuba City"));
    }
}
