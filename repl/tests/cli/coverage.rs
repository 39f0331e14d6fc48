//! Issue 15, coverage: `check` says how often each definition was offered, chosen and
//! resolved in its games, warns (naming its YAML line) about a card or ability whose
//! behaviour never ran, and with `--coverage` prints a line for every definition.

use super::*;

/// hilo with an ability nothing ever calls: a definition with no copies and a script.
fn with_unused_ability(name: &str) -> PathBuf {
    let root = scratch(name);
    copy_dir(&fixtures(), &root);
    let p = root.join("scenarios/hilo/cards.yaml");
    let text = std::fs::read_to_string(&p).expect("readable");
    let extra = "  - id: lost_trick\n    name: Lost Trick\n    count: 0\n    script: |\n      return { play = function(ctx) end, can = function(ctx) return true end }\n";
    std::fs::write(&p, format!("{text}{extra}")).expect("written");
    root
}

#[test]
fn check_warns_about_an_ability_that_never_ran_at_its_yaml_line() {
    let root = with_unused_ability("coverage");
    let line = std::fs::read_to_string(root.join("scenarios/hilo/cards.yaml"))
        .expect("readable")
        .lines()
        .position(|l| l.contains("id: lost_trick"))
        .expect("there")
        + 1;
    let o = posse_in(&root, &["check", "hilo", "--seeds", "10"], "");
    let out = stdout(&o);
    // A warning, not a failure.
    assert!(o.status.success(), "{out}");
    let warning = format!(
        "hilo: warning: lost_trick (scenarios/hilo/cards.yaml:{line}) never ran in 20 games (never offered or drawn)"
    );
    assert!(out.contains(&warning), "{out}");
    assert!(out.contains("hilo: coverage: 1 of 2 definitions ran; never ran: lost_trick\n"), "{out}");
    // The high card's script ran; low and middle cards are data alone.
    let o = posse_in(&root, &["check", "hilo", "--seeds", "10", "--coverage"], "");
    let out = stdout(&o);
    let row = |id: &str| out.lines().find(|l| l.trim_start().starts_with(&format!("{id} "))).unwrap_or_default();
    assert!(row("high").ends_with(" ran"), "{out}");
    assert!(row("low").ends_with(" data") && row("mid").ends_with(" data"), "{out}");
    assert!(row("lost_trick").ends_with(" NEVER RAN"), "{out}");
    // Without the ability, nothing is missing, and --until-covered stops after the first
    // 20 seeds, however long a budget (the default plays far more).
    for args in [&["check", "hilo", "--until-covered"][..], &["check", "hilo", "--until-covered", "--time", "60"]] {
        let out = stdout(&posse(args, ""));
        assert!(out.contains("hilo: coverage: 1 of 1 definitions ran (all by seed 0)\n"), "{out}");
        assert!(out.contains("(seeds 0-19)"), "{out}");
    }
    let _ = std::fs::remove_dir_all(root);
}

/// Issue 22: `check` plays as many games as their work decides, not the clock, so two
/// runs print the same lines, warnings and coverage included; while a definition has not
/// run it plays on, to twice the work: far more than the 20 seeds it starts with.
#[test]
fn check_prints_the_same_games_and_warnings_on_every_run() {
    let root = with_unused_ability("repeat");
    // hilo alone: its mode `short` would double the work and say nothing more here.
    let yaml = root.join("scenarios/hilo/game.yaml");
    let text = std::fs::read_to_string(&yaml).expect("readable").replace("scenarios:\n  short: short.yaml\n", "");
    assert!(!text.contains("short.yaml"), "the mode is gone");
    std::fs::write(&yaml, text).expect("written");
    // The two runs at once: each loads the machine while the other counts.
    let runs: Vec<String> = std::thread::scope(|s| {
        let runs: Vec<_> = (0..2).map(|_| s.spawn(|| stdout(&posse_in(&root, &["check", "hilo"], "")))).collect();
        runs.into_iter().map(|r| r.join().expect("a run")).collect()
    });
    assert_eq!(runs[0], runs[1]);
    let out = &runs[0];
    assert!(out.contains("hilo: warning: lost_trick (scenarios/hilo/cards.yaml:"), "{out}");
    assert!(out.contains(") never ran in 1906 games (never offered or drawn)"), "{out}");
    assert!(out.contains("\nhilo: ok (1906 random games with 2-3 players (seeds 0-952), "), "{out}");
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn check_coverage_lists_every_definition_of_a_shipped_game() {
    let o = posse_in(&project(), &["check", "dice_town", "--seeds", "3", "--coverage"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    let content = posse::Content::load(&project(), "dice_town").expect("dice_town loads");
    let table: Vec<&str> = out.lines().skip_while(|l| !l.starts_with("dice_town: coverage over")).skip(3).collect();
    assert_eq!(table.len(), content.defs.len(), "{out}");
    for (d, line) in content.defs.iter().zip(&table) {
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cols[0], d.id, "{out}");
        assert!(cols[1].starts_with("scenarios/dice_town/") && cols[1].contains(".yaml:"), "{out}");
        // Every card and Brain of Dice Town has a script that runs within 9 games.
        assert_eq!(cols.last(), Some(&"ran"), "{line}");
    }
}
