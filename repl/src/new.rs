//! `posse new GAME`: a small game that plays at once, to start a new one from (its YAML,
//! its question kinds (`questions.lua`: typed from the start, every question with a kind
//! and every option an id), its rules, a renderer, a strategy bot that answers by kind and
//! id, its DECISIONS.md, its data's class for the Lua checker and a golden playthrough that
//! `posse check` plays again); `posse new GAME/VARIANT`:
//! an overlay file for a variant of a game, listed in its `game.yaml` like its modes.

use anyhow::{bail, Context as _, Result};
use std::path::Path;

/// The files of a new game: where each goes (under the root) and its template.
const GAME: [(&str, &str); 7] = [
    ("scenarios/{{id}}/game.yaml", include_str!("../templates/new/game.yaml")),
    ("scenarios/{{id}}/cards.yaml", include_str!("../templates/new/cards.yaml")),
    ("scripts/{{id}}/questions.lua", include_str!("../templates/new/questions.lua")),
    ("scripts/{{id}}/main.lua", include_str!("../templates/new/main.lua")),
    ("scripts/{{id}}/render.lua", include_str!("../templates/new/render.lua")),
    ("scripts/{{id}}/bots/keeper.lua", include_str!("../templates/new/bot.lua")),
    ("scripts/{{id}}/DECISIONS.md", include_str!("../templates/new/DECISIONS.md")),
];

/// Creates game `spec` (`GAME`) or variant `GAME/VARIANT` under `root`; returns the files
/// written. Nothing is overwritten. `spec` is ids, never a path: `..`, an absolute path,
/// an empty part or a third part is refused before anything is read or written.
pub fn run(root: &Path, spec: &str) -> Result<Vec<String>> {
    let parts: Vec<&str> = spec.split(['/', '\\']).collect();
    if parts.len() > 2 || parts.iter().any(|p| p.is_empty() || *p == "." || *p == "..") {
        bail!(
            "'{spec}': expected GAME or GAME/VARIANT, ids such as `high_card` or `high_card/quick`, \
             not a path (the files go under scenarios/ and scripts/ of the root)"
        );
    }
    match parts[..] {
        [game] => new_game(root, game),
        [game, variant] => new_variant(root, game, variant),
        _ => unreachable!("one or two parts, checked above"),
    }
}

/// An id, as the loader checks one (`posse::content::is_id`: snake_case letters, digits and
/// `_`), starting with a letter and at most 40 bytes, since it names folders and files.
fn check_id(id: &str, what: &str) -> Result<()> {
    let ok = id.len() <= 40 && id.starts_with(|c: char| c.is_ascii_lowercase()) && posse::content::is_id(id);
    if !ok {
        bail!("{what} '{id}': expected lowercase letters, digits and _, starting with a letter (at most 40)");
    }
    Ok(())
}

/// `high_card` -> `High Card`.
fn title(id: &str) -> String {
    id.split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn fill(template: &str, pairs: &[(&str, &str)]) -> String {
    pairs.iter().fold(template.to_string(), |t, (k, v)| t.replace(&format!("{{{{{k}}}}}"), v))
}

fn new_game(root: &Path, id: &str) -> Result<Vec<String>> {
    check_id(id, "game")?;
    // The shared Lua may come from the shipped root this one stands on (`posse init`).
    if !posse::content::stack(root).iter().any(|r| r.join("scripts/lib").is_dir()) {
        bail!(
            "{}: no scripts/lib here or in the installed posse (the Lua every game shares): is this a posse \
             content root? (`posse init DIR` makes one)",
            root.display()
        );
    }
    // Nothing of another game's is replaced: its folders, its data's class for the Lua
    // checker and its golden playthrough (the two files outside its folders) included,
    // and a link at any of these paths counts as there.
    for path in [
        format!("scenarios/{id}"),
        format!("scripts/{id}"),
        format!("scripts/types/data/{id}.lua"),
        format!("tests/playthroughs/{id}-2p-seed1.txt"),
    ] {
        if std::fs::symlink_metadata(root.join(&path)).is_ok() {
            bail!("{}: already there; a new game needs a new id", root.join(path).display());
        }
    }
    let name = title(id);
    let pairs = [("id", id), ("name", name.as_str())];
    let mut written = Vec::new();
    for (path, template) in GAME {
        let rel = fill(path, &pairs);
        let file = root.join(&rel);
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("{}: cannot create it", dir.display()))?;
        }
        posse::savefile::write(&file, fill(template, &pairs).as_bytes())
            .with_context(|| format!("{}: cannot write it", file.display()))?;
        written.push(rel);
    }
    // Its data's class for the Lua checker (`posse scripts --types`), which main.lua reads.
    for file in crate::datatypes::write(root, Some(id))? {
        written.push(file.strip_prefix(root).unwrap_or(&file).display().to_string());
    }
    // A golden playthrough, which `posse check` plays again: a change shows as a diff.
    written.push(crate::transcripts::write_new(root, id, 2)?);
    Ok(written)
}

fn new_variant(root: &Path, game: &str, variant: &str) -> Result<Vec<String>> {
    check_id(game, "game")?;
    check_id(variant, "variant")?;
    let yaml_rel = format!("scenarios/{game}/game.yaml");
    let yaml = root.join(&yaml_rel);
    // A game of the shipped root below this one: the variant is a file of this root's
    // `scenarios/<game>/`, a scenario of the game without a line in its game.yaml.
    let below = posse::content::stack(root).iter().skip(1).any(|r| r.join(&yaml_rel).is_file());
    if !yaml.is_file() && below {
        return new_overlay(root, game, variant);
    }
    let text = std::fs::read_to_string(&yaml).with_context(|| format!("{}: no game '{game}' here", yaml.display()))?;
    let rel = format!("scenarios/{game}/{variant}.yaml");
    if std::fs::symlink_metadata(root.join(&rel)).is_ok() {
        bail!("{}: already there", root.join(&rel).display());
    }
    let entry = format!("  {variant}: {variant}.yaml");
    let lines: Vec<&str> = text.lines().collect();
    let listed = match lines.iter().position(|l| l.trim_end() == "scenarios:") {
        Some(at) => {
            if lines[at + 1..]
                .iter()
                .take_while(|l| l.starts_with("  "))
                .any(|l| l.trim_start().starts_with(&format!("{variant}:")))
            {
                bail!("{yaml_rel}: a variant '{variant}' is listed already");
            }
            let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            out.insert(at + 1, entry);
            out.join("\n") + "\n"
        }
        None if text.lines().any(|l| l.starts_with("scenarios:")) => {
            bail!("{yaml_rel}: its scenarios are not a block list (`scenarios:` then `  name: file.yaml` lines): add `{variant}: {variant}.yaml` by hand")
        }
        None => format!("{}{}scenarios:\n{entry}\n", text, if text.ends_with('\n') { "" } else { "\n" }),
    };
    let name = format!("{} ({})", title(game), title(variant));
    let body =
        fill(include_str!("../templates/new/scenario.yaml"), &[("game", game), ("id", variant), ("name", &name)]);
    posse::savefile::write(&root.join(&rel), body.as_bytes())
        .with_context(|| format!("{}: cannot write it", root.join(&rel).display()))?;
    posse::savefile::write(&yaml, listed.as_bytes()).with_context(|| format!("{}: cannot write it", yaml.display()))?;
    Ok(vec![rel, yaml_rel])
}

/// Variant `variant` of `game`, a game of the root below `root`: the overlay file alone, in
/// `root`'s `scenarios/<game>/`, which makes it a scenario of the game (content/roots.rs).
fn new_overlay(root: &Path, game: &str, variant: &str) -> Result<Vec<String>> {
    let rel = format!("scenarios/{game}/{variant}.yaml");
    let file = root.join(&rel);
    if std::fs::symlink_metadata(&file).is_ok() {
        bail!("{}: already there", file.display());
    }
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("{}: cannot create it", dir.display()))?;
    }
    let name = format!("{} ({})", title(game), title(variant));
    let body =
        fill(include_str!("../templates/new/scenario.yaml"), &[("game", game), ("id", variant), ("name", &name)]);
    posse::savefile::write(&file, body.as_bytes()).with_context(|| format!("{}: cannot write it", file.display()))?;
    Ok(vec![rel])
}
