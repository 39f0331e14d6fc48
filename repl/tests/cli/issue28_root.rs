//! Issue 28, "A designer's own folder": `posse init`, a designer's root stacked on the
//! shipped games, and `--variant FILE`.

use super::*;
use std::collections::BTreeMap;

/// A new Goldfever scenario in the shape of High Noon: the duel, six rounds, its own name.
fn stagecoach() -> String {
    let text = std::fs::read_to_string(project().join("scenarios/goldfever/high_noon.yaml")).expect("high_noon.yaml");
    assert!(text.contains("round_limit: 8") && text.contains("name: \"Goldfever: High Noon\""));
    text.replace("round_limit: 8", "round_limit: 6").replace("High Noon", "Stagecoach")
}

/// Every file under `dir` with its size and time of change: what a write would change.
fn snapshot(dir: &Path, out: &mut BTreeMap<PathBuf, (u64, std::time::SystemTime)>) {
    for e in std::fs::read_dir(dir).expect("readable").flatten() {
        let p = e.path();
        let m = std::fs::symlink_metadata(&p).expect("metadata");
        if m.is_dir() {
            snapshot(&p, out);
        } else {
            out.insert(p, (m.len(), m.modified().expect("mtime")));
        }
    }
}

fn shipped_files() -> BTreeMap<PathBuf, (u64, std::time::SystemTime)> {
    let mut out = BTreeMap::new();
    for dir in ["scenarios", "scripts"] {
        snapshot(&project().join(dir), &mut out);
    }
    out
}

/// A comparison of High Noon (8 rounds) against the Stagecoach (6) in JSON: B plays fewer
/// rounds, so B is the overlay.
fn assert_fewer_rounds(o: &Output) {
    assert!(o.status.success(), "{}", stderr(o));
    let v: serde_json::Value = serde_json::from_str(stdout(o).trim()).expect("JSON");
    let measures = v["comparison"]["measures"].as_array().expect("measures");
    let rounds = measures.iter().find(|m| m["measure"] == "rounds").expect("a rounds measure");
    assert!(rounds["b"].as_f64() < rounds["a"].as_f64() && rounds["b"].as_f64() <= Some(6.0), "{v}");
}

/// `posse init DIR` in a scratch folder; returns DIR.
fn init(name: &str) -> PathBuf {
    let dir = scratch(name).join("mine");
    let o = posse_in(&project(), &["init", dir.to_str().expect("utf8")], "");
    assert!(o.status.success(), "{}", stderr(&o));
    dir
}

#[test]
fn issue28_a_designers_root_holding_one_scenario_plays_it_beside_the_shipped_ones() {
    let before = shipped_files();
    let root = init("designer_root");
    // What init wrote: folders, a README of the next commands, the checker's configuration
    // reading the shipped types; no copy of the shared Lua.
    assert!(root.join("scenarios").is_dir() && root.join("scripts").is_dir());
    assert!(!root.join("scripts/lib").exists(), "the shared Lua is not copied");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    assert!(readme.contains("posse new my_game") && readme.contains("--variant"), "{readme}");
    let rc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("scripts/.emmyrc.json")).expect("rc")).expect("JSON");
    let library: Vec<PathBuf> = rc["workspace"]["library"]
        .as_array()
        .expect("a library")
        .iter()
        .map(|p| PathBuf::from(p.as_str().expect("a path")))
        .collect();
    assert!(library.iter().any(|p| p.ends_with("scripts/types") && p.join("posse.lua").is_file()), "{library:?}");

    // Only the new scenario, written beside nothing else of Goldfever's.
    std::fs::create_dir_all(root.join("scenarios/goldfever")).expect("folder");
    std::fs::write(root.join("scenarios/goldfever/stagecoach.yaml"), stagecoach()).expect("written");

    let o = posse_in(&root, &["list"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let ids: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    let at = |id: &str| ids.iter().position(|i| i == id).unwrap_or_else(|| panic!("{id} not listed: {ids:?}"));
    assert!(at("goldfever/high_noon") < at("goldfever/stagecoach"), "beside the shipped scenarios: {ids:?}");
    assert!(at("goldfever") < at("goldfever/stagecoach") && at("dice_town") < at("goldfever"), "{ids:?}");

    let o = posse_in(&root, &["sim", "goldfever/stagecoach", "-n", "20", "--json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(v["finished"], 20, "{v}");

    // `check` with no game checks the root's own: the new scenario, not the shipped games.
    let o = posse_in(&root, &["check", "--seeds", "2"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(out.lines().any(|l| l.starts_with("goldfever/stagecoach: ok (")), "{out}");
    assert!(!out.contains("dice_town") && !out.contains("goldfever/high_noon:"), "{out}");

    // Six rounds against the shipped eight, on the same seeds.
    let o = posse_in(
        &root,
        &["compare", "goldfever/high_noon", "--against-variant", "goldfever/stagecoach", "-n", "20", "--json"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_fewer_rounds(&o);

    let o = posse_in(&root, &["play", "goldfever/stagecoach", "--seed", "1"], "1\n");
    let out = stdout(&o);
    assert!(out.contains("Goldfever: Stagecoach (goldfever/stagecoach)"), "{out}\n{}", stderr(&o));
    assert!(out.contains("Stagecoach, round 0/6"), "{out}");

    // A save of it loads again from the same root.
    let save = root.join("game.yaml.save");
    let save_arg = save.to_str().expect("utf8");
    let o = posse_in(&root, &["play", "goldfever/stagecoach", "--seed", "2", "--save", save_arg], "1\n");
    assert!(save.is_file(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&save).expect("the save");
    assert!(text.contains("game: goldfever/stagecoach"), "{text}");
    let o = posse_in(&root, &["play", "--load", save_arg], ":quit\n");
    assert!(stdout(&o).contains("goldfever/stagecoach, replayed 1 of 1 choice"), "{}\n{}", stdout(&o), stderr(&o));

    // The overlay has its own hash: not the shipped scenario's, nor the game's.
    let hash = |id: &str| {
        let o = posse_in(&root, &["trace", id, "--seed", "1"], "");
        assert!(o.status.success(), "{}", stderr(&o));
        finished(&o)
    };
    assert_ne!(hash("goldfever/stagecoach"), hash("goldfever/high_noon"));

    // Nothing of the shipped root was written.
    assert_eq!(before, shipped_files(), "the shipped scenarios/ and scripts/ changed");
}

#[test]
fn issue28_a_designers_scenario_with_a_problem_is_named_by_its_real_path() {
    let root = init("designer_error");
    std::fs::create_dir_all(root.join("scenarios/goldfever")).expect("folder");
    let file = root.join("scenarios/goldfever/stagecoach.yaml");
    std::fs::write(&file, stagecoach().replacen("about:", "abuot: typo\nabout:", 1)).expect("written");
    let line = stagecoach().lines().position(|l| l.starts_with("about:")).expect("about") + 1;
    let o = posse_in(&root, &["sim", "goldfever/stagecoach", "-n", "2"], "");
    assert!(!o.status.success());
    let want = format!("{}:{line}:1: unknown field `abuot`", file.display());
    assert!(stderr(&o).contains(&want), "{want}\n{}", stderr(&o));
}

#[test]
fn issue28_variant_file_runs_from_anywhere_and_names_its_file() {
    let before = shipped_files();
    let dir = scratch("variant_file");
    let file = dir.join("stagecoach.yaml");
    std::fs::write(&file, stagecoach()).expect("written");
    let f = file.to_str().expect("utf8");
    // On the shipped root itself.
    let o = posse_in(&project(), &["sim", "goldfever", "--variant", f, "-n", "20", "--json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(v["finished"], 20, "{v}");
    let o = posse_in(&project(), &["check", "goldfever", "--variant", f, "--seeds", "2"], "");
    assert!(stdout(&o).lines().any(|l| l.starts_with("goldfever/stagecoach: ok (")), "{}\n{}", stdout(&o), stderr(&o));
    let o = posse_in(&project(), &["play", "goldfever", "--variant", f, "--seed", "1"], "1\n");
    assert!(stdout(&o).contains("(goldfever/stagecoach)"), "{}", stderr(&o));
    // A save of it loads again with the same --variant.
    let save = dir.join("save.yaml");
    let save_arg = save.to_str().expect("utf8");
    let o = posse_in(&project(), &["play", "goldfever", "--variant", f, "--seed", "2", "--save", save_arg], "1\n");
    assert!(save.is_file(), "{}", stderr(&o));
    let o = posse_in(&project(), &["play", "--load", save_arg, "--variant", f], ":quit\n");
    assert!(stdout(&o).contains("goldfever/stagecoach, replayed 1 of 1 choice"), "{}\n{}", stdout(&o), stderr(&o));
    let o = posse_in(&project(), &["replay", save_arg, "--variant", f], "");
    assert!(o.status.success() && stdout(&o).contains("state-hash:"), "{}\n{}", stdout(&o), stderr(&o));
    // compare --against-variant takes a file too.
    let o = posse_in(&project(), &["compare", "goldfever/high_noon", "--against-variant", f, "-n", "10", "--json"], "");
    assert_fewer_rounds(&o);

    // A problem in it: at its own path and line.
    let bad = dir.join("dusk.yaml");
    std::fs::write(&bad, stagecoach().replace("round_limit: 6", "round_limit: six")).expect("written");
    let line = stagecoach().lines().position(|l| l.contains("round_limit: 6")).expect("the limit") + 1;
    let o = posse_in(&project(), &["sim", "goldfever", "--variant", bad.to_str().expect("utf8"), "-n", "2"], "");
    assert!(!o.status.success());
    let want = format!("{}:{line}:", bad.display());
    assert!(stderr(&o).contains(&want) && stderr(&o).contains("round_limit"), "{want}\n{}", stderr(&o));
    // Not a game: said so.
    let o = posse_in(&project(), &["list", "--variant", f], "");
    assert!(!o.status.success() && stderr(&o).contains("--variant FILE runs on one game"), "{}", stderr(&o));
    assert_eq!(before, shipped_files(), "the shipped scenarios/ and scripts/ changed");
}

#[test]
fn issue28_init_refuses_a_folder_with_anything_in_it_and_new_works_there() {
    let dir = scratch("init_refuses");
    std::fs::write(dir.join("notes.txt"), "mine").expect("written");
    let o = posse_in(&project(), &["init", dir.to_str().expect("utf8")], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not empty (it holds notes.txt)"), "{}", stderr(&o));
    assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 1, "nothing written");
    assert_eq!(std::fs::read_to_string(dir.join("notes.txt")).expect("kept"), "mine");

    // A new game in a new root: it plays with the shipped shared Lua.
    let root = init("init_new_game");
    let o = posse_in(&root, &["new", "my_game"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let o = posse_in(&root, &["check", "my_game", "--seeds", "2"], "");
    assert!(stdout(&o).lines().any(|l| l.starts_with("my_game: ok (")), "{}\n{}", stdout(&o), stderr(&o));
    // A variant of a shipped game: its file alone, in this root.
    let o = posse_in(&root, &["new", "goldfever/quick"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(root.join("scenarios/goldfever/quick.yaml").is_file());
    assert!(!root.join("scenarios/goldfever/game.yaml").exists());
    let o = posse_in(&root, &["list"], "");
    assert!(stdout(&o).lines().any(|l| l == "goldfever/quick") && stdout(&o).lines().any(|l| l == "my_game"));
}

#[test]
fn issue28_a_scenarios_content_hash_is_its_own_wherever_its_root_is() {
    // The same scenario in two roots: one hash, so a save moves with its folder; another
    // text: another hash.
    let content_hash = |root: &Path, id: &str, save: &Path| {
        let file = save.to_path_buf();
        let o = posse_in(root, &["play", id, "--seed", "1", "--save", file.to_str().expect("utf8")], "");
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}: {}", stderr(&o)));
        text.lines().find(|l| l.starts_with("content_hash:")).expect("a content hash").to_string()
    };
    let mut hashes = Vec::new();
    for (name, text) in [
        ("hash_a", stagecoach()),
        ("hash_b", stagecoach()),
        ("hash_c", stagecoach().replace("round_limit: 6", "round_limit: 5")),
    ] {
        let root = init(name);
        std::fs::create_dir_all(root.join("scenarios/goldfever")).expect("folder");
        std::fs::write(root.join("scenarios/goldfever/stagecoach.yaml"), text).expect("written");
        hashes.push(content_hash(&root, "goldfever/stagecoach", &root.join("s.yaml")));
    }
    assert_eq!(hashes[0], hashes[1]);
    assert_ne!(hashes[0], hashes[2]);
    // Not the shipped High Noon's either.
    let save = scratch("hash_shipped").join("s.yaml");
    assert_ne!(hashes[0], content_hash(&project(), "goldfever/high_noon", &save));
}

#[test]
fn issue28_a_designers_scenario_may_require_a_module_of_its_own_root() {
    let root = init("designer_module");
    std::fs::create_dir_all(root.join("scenarios/goldfever")).expect("folder");
    std::fs::create_dir_all(root.join("scripts/goldfever")).expect("folder");
    let script = "script: |\n  return { escort = require('goldfever.escort').route }\n";
    std::fs::write(root.join("scenarios/goldfever/stagecoach.yaml"), stagecoach() + script).expect("written");
    let module = root.join("scripts/goldfever/escort.lua");
    std::fs::write(&module, "local M = {}\nM.route = 'back lots'\nreturn M\n").expect("written");
    let o = posse_in(&root, &["check", "goldfever/stagecoach", "--seeds", "1"], "");
    assert!(stdout(&o).lines().any(|l| l.starts_with("goldfever/stagecoach: ok (")), "{}\n{}", stdout(&o), stderr(&o));
    // Its syntax error at its real path and line, however long the path.
    std::fs::write(&module, "local M = {}\nM.route = = 'back lots'\nreturn M\n").expect("written");
    let o = posse_in(&root, &["sim", "goldfever/stagecoach", "-n", "1"], "");
    let want = format!("{}:2: unexpected symbol", module.display());
    assert!(!o.status.success() && stderr(&o).contains(&want), "{want}\n{}", stderr(&o));
    // A module of the game's own name is refused, not put in its place.
    std::fs::write(&module, "return {}\n").expect("written");
    std::fs::write(root.join("scripts/goldfever/main.lua"), "return {}\n").expect("written");
    let o = posse_in(&root, &["sim", "goldfever/stagecoach", "-n", "1"], "");
    assert!(
        !o.status.success() && stderr(&o).contains("module goldfever.main is the game's own already"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn issue28_a_designers_root_is_found_from_posse_root_and_from_the_current_folder() {
    let root = init("found_root");
    std::fs::create_dir_all(root.join("scenarios/goldfever")).expect("folder");
    std::fs::write(root.join("scenarios/goldfever/stagecoach.yaml"), stagecoach()).expect("written");
    let listed = |cmd: &mut Command| {
        let o = cmd.arg("list").stdin(Stdio::null()).output().expect("posse runs");
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o).lines().any(|l| l == "goldfever/stagecoach")
    };
    let posse = || {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_posse"));
        cmd.env_remove("POSSE_ROOT");
        cmd
    };
    // From the folder itself, or one below it: no flag.
    std::fs::create_dir_all(root.join("notes")).expect("folder");
    assert!(listed(posse().current_dir(&root)));
    assert!(listed(posse().current_dir(root.join("notes"))));
    // From elsewhere: POSSE_ROOT.
    assert!(listed(posse().current_dir(std::env::temp_dir()).env("POSSE_ROOT", &root)));
    // And a scenario's problem, from inside, is named by its path from there.
    std::fs::write(root.join("scenarios/goldfever/stagecoach.yaml"), stagecoach() + "bogus: 1\n").expect("written");
    let o = posse().current_dir(&root).args(["sim", "goldfever/stagecoach", "-n", "1"]).output().expect("runs");
    let line = stagecoach().lines().count() + 1;
    let want = format!("posse: scenarios/goldfever/stagecoach.yaml:{line}:1: unknown field `bogus`");
    assert!(stderr(&o).contains(&want), "{want}\n{}", stderr(&o));
}
