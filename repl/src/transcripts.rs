//! A game's golden playthroughs (`tests/playthroughs/*.txt` under the content root): one
//! seeded game of random bots written out step by step, whose first line is the command
//! that writes it (`# posse playthrough GAME --players P --seed S`). `posse new` writes one
//! for a new game and `posse check` plays each game's again, so a change of behaviour
//! shows as the first line that differs; `cargo test` compares the project's own too
//! (tests/it/playthrough.rs).

use crate::games;
use anyhow::{Context as _, Result};
use std::path::{Path, PathBuf};

/// The folder of the playthroughs under `root`.
pub fn folder(root: &Path) -> PathBuf {
    root.join("tests/playthroughs")
}

/// The playthroughs of game or mode `id`: each file with its players and seed, in file order.
pub fn of(root: &Path, id: &str) -> Vec<(PathBuf, usize, u64)> {
    let Ok(dir) = std::fs::read_dir(folder(root)) else { return Vec::new() };
    let mut out: Vec<_> = dir
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .filter_map(|p| {
            let first = std::fs::read_to_string(&p).ok()?.lines().next()?.to_string();
            let (game, players, seed) = posse::playthrough::parse_header(&first)?;
            (game == id).then_some((p, players, seed))
        })
        .collect();
    out.sort();
    out
}

/// Plays the playthrough of `file` again: None when it is the same, else what differs.
pub fn differs(root: &Path, file: &Path, game: &str, players: usize, seed: u64) -> Result<Option<String>> {
    let want = std::fs::read_to_string(file).with_context(|| format!("{}", file.display()))?;
    let content = games::load(root, game)?;
    let got = posse::playthrough::write(content, players, seed).map_err(|e| anyhow::anyhow!("{e}"))?;
    // Line by line, so that a file saved with other line endings is the same file.
    if got.lines().map(|l| l.trim_end_matches('\r')).eq(want.lines().map(|l| l.trim_end_matches('\r'))) {
        return Ok(None);
    }
    let (mut a, mut b) = (want.lines(), got.lines());
    let mut line = 1;
    let (was, now) = loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x.trim_end_matches('\r') == y => line += 1,
            (x, y) => break (x.unwrap_or("(the end)"), y.unwrap_or("(the end)")),
        }
    };
    let name = file.strip_prefix(root).unwrap_or(file).display();
    Ok(Some(format!(
        "{name}:{line}: the game plays differently: it says {was:?}, the game now {now:?} (if the change is meant: {} > {name})",
        posse::playthrough::header(game, players, seed).trim_start_matches("# ")
    )))
}

/// Writes the playthrough of game `id` with `players` and seed 1 for a new game; returns
/// its path under `root`.
pub fn write_new(root: &Path, id: &str, players: usize) -> Result<String> {
    let content = games::load(root, id)?;
    let text = posse::playthrough::write(content, players, 1).map_err(|e| anyhow::anyhow!("{e}"))?;
    std::fs::create_dir_all(folder(root)).with_context(|| format!("{}: cannot create it", folder(root).display()))?;
    let rel = format!("tests/playthroughs/{id}-{players}p-seed1.txt");
    posse::savefile::write(&root.join(&rel), text.as_bytes()).with_context(|| format!("{rel}: cannot write it"))?;
    Ok(rel)
}
