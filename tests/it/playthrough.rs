//! Golden playthroughs: every file in `tests/playthroughs/` is one seeded game written out
//! step by step (engine/src/playthrough.rs). Each is played again and compared line by
//! line, so a change of behaviour shows as a readable diff. When a change is meant, write
//! them all again and read the diff before committing it:
//! `POSSE_BLESS=1 cargo test -p posse-tests --test it playthrough` (or, for one file, the
//! command on its first line, `posse playthrough ... > tests/playthroughs/FILE`).

use posse_tests::*;
use std::path::PathBuf;

fn folder() -> PathBuf {
    root().join("tests/playthroughs")
}

#[test]
fn every_golden_playthrough_plays_the_same() {
    let bless = std::env::var("POSSE_BLESS").is_ok_and(|v| v == "1");
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder())
        .expect("tests/playthroughs")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "a playthrough per game and mode: {files:?}");
    let mut changed = Vec::new();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let want = std::fs::read_to_string(&file).unwrap();
        let first = want.lines().next().unwrap_or_default();
        let (id, players, seed) =
            posse::playthrough::parse_header(first).unwrap_or_else(|| panic!("{name}: first line {first:?}"));
        let got = posse::playthrough::write(load(&id), players, seed).unwrap_or_else(|e| panic!("{name}: {e}"));
        if got == want {
            continue;
        }
        if bless {
            std::fs::write(&file, &got).unwrap();
            continue;
        }
        let at = got
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(got.lines().count().min(want.lines().count()));
        let show = |t: &str| t.lines().skip(at.saturating_sub(3)).take(7).collect::<Vec<_>>().join("\n");
        changed.push(format!(
            "{name}: line {} differs\n--- checked in:\n{}\n--- now:\n{}",
            at + 1,
            show(&want),
            show(&got)
        ));
    }
    assert!(
        changed.is_empty(),
        "{}\n\nIf the change is meant: POSSE_BLESS=1 cargo test -p posse-tests --test it playthrough, then read the diff",
        changed.join("\n\n")
    );
}
