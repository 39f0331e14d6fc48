//! Issue 23, typed questions at the command line: `check` warns of a declared kind that
//! no game asked, `sim` counts the questions of each kind, `trace --decisions` names the
//! kind of each decision.

use super::*;

/// hilo typed (its kinds declared, its questions given them), with a kind nothing asks.
pub(super) fn typed_hilo(name: &str) -> PathBuf {
    let root = scratch(name);
    copy_dir(&fixtures(), &root);
    let decl = "return {\n  play = { asks = \"Which card the seat plays.\", ids = { first = \"its first\", second = \"its second\" } },\n  discard = { asks = \"Whether seat 1 discards.\", ids = { discard = \"discards it\" } },\n  bet = { asks = \"How much the seat bets.\", ids = { chips = \"args.n chips\" } },\n}\n";
    std::fs::write(root.join("scripts/hilo/questions.lua"), decl).expect("written");
    let main = root.join("scripts/hilo/main.lua");
    let text = std::fs::read_to_string(&main).expect("readable");
    let text = text
        .replacen(
            r#"prompt = "Play which card?", options = { "first", "second" } }"#,
            r#"kind = "play", prompt = "Play which card?", options = { { id = "first", label = "first" }, { id = "second", label = "second" } } }"#,
            1,
        )
        .replacen(
            r#"function() return { "discard it" } end, { min = 0"#,
            r#"function() return { { id = "discard", label = "discard it" } } end, { kind = "discard", min = 0"#,
            1,
        );
    std::fs::write(&main, text).expect("written");
    root
}

#[test]
fn check_warns_of_a_declared_kind_no_game_asked_and_sim_counts_each_kind() {
    let root = typed_hilo("typed_check");
    let o = posse_in(&root, &["check", "hilo", "--seeds", "3"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert!(
        out.contains("hilo: warning: question kind 'bet' (scripts/hilo/questions.lua) was never asked in 9 games\n"),
        "{out}"
    );
    assert!(!out.contains("kind 'play'") && !out.contains("kind 'discard'"), "{out}");
    let o = posse_in(&root, &["sim", "hilo", "-n", "10"], "");
    let out = stdout(&o);
    assert!(out.contains("questions by kind (asked in all, per game; games that asked it):\n"), "{out}");
    assert!(out.contains("  discard  30, 3.0; 10 of 10\n  play     60, 6.0; 10 of 10\n"), "{out}");
    let o = posse_in(&root, &["trace", "hilo", "--decisions"], "");
    let out = stdout(&o);
    assert!(out.contains("p1 [play] chose: ") && out.contains("p1 [discard] chose: "), "{out}");
}
