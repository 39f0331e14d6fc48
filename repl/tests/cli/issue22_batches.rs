//! Issue 22 at the command line: a batch with failed games exits non-zero and every output
//! (text, JSON, CSV, HTML, shards, `merge`, `compare`, restricted play) counts the finished
//! and the failed games, which add up to the games asked for; `merge` refuses, by the
//! file's name, a shard of other content or one whose games were changed; and no CSV cell
//! that comes from a script is a formula in a spreadsheet.

use super::*;

/// The formula a spreadsheet would run, in the three places hilo's scripts put text.
const FORMULA: &str = "cmd|' /C calc'!A0";

/// A copy of the fixtures whose Hi-Lo fails one game in three (its error's message a
/// formula), names both seats' team, its reason and its discard option's tag formulas.
fn hostile_hilo(name: &str) -> PathBuf {
    let root = scratch(name);
    copy_dir(&fixtures(), &root);
    let main = root.join("scripts/hilo/main.lua");
    let text = std::fs::read_to_string(&main).expect("main.lua");
    let edited = text
        .replacen(
            "  local n = posse.players()\n",
            &format!(
                "  local n = posse.players()\n  if math.random(1, 3) == 1 then error(\"-{FORMULA}\", 0) end\n  for s = 1, n do posse.set_team(s, \"@SUM(1+1)*{FORMULA}\") end\n"
            ),
            1,
        )
        .replacen("reason = \"most points\"", &format!("reason = \"={FORMULA}\""), 1)
        .replacen("secret = true }", &format!("secret = true, tags = {{ \"+{FORMULA}\" }} }}"), 1);
    assert_eq!(edited.matches(FORMULA).count(), 4, "{edited}");
    std::fs::write(&main, edited).expect("written");
    root
}

/// The cells of a CSV (RFC 4180: quoted cells may hold commas, quotes doubled, line
/// breaks), a row at a time.
fn cells(csv: &str) -> Vec<Vec<String>> {
    let (mut rows, mut row, mut cell, mut quoted) = (Vec::new(), Vec::new(), String::new(), false);
    let mut chars = csv.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => row.push(std::mem::take(&mut cell)),
            ('\n', false) => {
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            _ => cell.push(c),
        }
    }
    rows
}

/// Checks that no cell of `csv` would be evaluated by a spreadsheet (a number may start
/// with `-`), and returns its cells.
fn safe(file: &Path) -> Vec<Vec<String>> {
    let csv = std::fs::read_to_string(file).expect("a CSV");
    let rows = cells(&csv);
    for cell in rows.iter().flatten() {
        let number = cell.parse::<f64>().is_ok() && !cell.contains(['e', 'E', 'i', 'n', 'N']);
        assert!(!cell.starts_with(['=', '+', '-', '@', '\t', '\r']) || number, "{}: {cell:?}\n{csv}", file.display());
    }
    rows
}

/// The cells of a column of rows whose first is the header.
fn column<'r>(rows: &'r [Vec<String>], name: &str) -> Vec<&'r str> {
    let i = rows[0].iter().position(|c| c == name).unwrap_or_else(|| panic!("no column {name}: {:?}", rows[0]));
    rows[1..].iter().map(|r| r[i].as_str()).collect()
}

#[test]
fn csv_cells_from_scripts_are_never_formulas() {
    let root = hostile_hilo("csv-formulas");
    let (games, html) = (root.join("games.csv"), root.join("games.html"));
    let o = posse_in(
        &root,
        &[
            "sim",
            "hilo",
            "-n",
            "12",
            "--restricted",
            "--csv",
            games.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
        ],
        "",
    );
    assert!(!o.status.success(), "one game in three fails: {}", stdout(&o));
    // A game a row: the reason, the tags played and the error neutralised.
    let rows = safe(&games);
    assert_eq!(rows.len(), 13);
    assert!(column(&rows, "reason").contains(&format!("'={FORMULA}").as_str()), "{rows:?}");
    assert!(column(&rows, "played").iter().any(|c| c.starts_with(&format!("'+{FORMULA}:"))), "{rows:?}");
    assert!(column(&rows, "error").iter().any(|c| c.starts_with(&format!("'-{FORMULA}\n  at "))), "{rows:?}");
    // Restricted play's table: the measure is the tag.
    let restricted = safe(&root.join("games.restricted.csv"));
    assert_eq!(column(&restricted, "measure"), [format!("'+{FORMULA}")]);
    // A comparison's: a side's wins are named after the team; negative numbers stay numbers.
    let cmp = root.join("cmp.csv");
    let o =
        posse_in(&root, &["compare", "hilo", "-n", "12", "--against", "rounds=1", "--csv", cmp.to_str().unwrap()], "");
    assert!(!o.status.success(), "{}", stdout(&o));
    let rows = safe(&cmp);
    assert!(column(&rows, "measure").contains(&format!("'@SUM(1+1)*{FORMULA} wins").as_str()), "{rows:?}");
    assert!(column(&rows, "diff").iter().any(|c| c.starts_with('-') && c.parse::<f64>().is_ok()), "{rows:?}");
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn failed_games_fail_the_command_and_every_output_counts_them() {
    let root = hostile_hilo("failed-counted");
    let (csv, html) = (root.join("games.csv"), root.join("games.html"));
    let args = ["sim", "hilo", "-n", "12", "--csv", csv.to_str().unwrap(), "--html", html.to_str().unwrap()];
    let o = posse_in(&root, &args, "");
    assert!(!o.status.success());
    let text = stdout(&o);
    let failed_line = text.lines().find(|l| l.starts_with("failed: ")).expect("a failed line").to_string();
    let finished: usize = text
        .lines()
        .find_map(|l| l.strip_prefix("finished: ")?.strip_suffix(" of 12"))
        .and_then(|n| n.parse().ok())
        .expect("finished: N of 12");
    let failed = 12 - finished;
    assert!(failed > 0 && failed < 12, "{text}");
    assert_eq!(failed_line, format!("failed: {failed} (script errors: {failed}, engine faults: 0)"));
    // JSON.
    let j = posse_in(&root, &["sim", "hilo", "-n", "12", "--json"], "");
    assert!(!j.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&j)).expect("JSON");
    assert_eq!((v["finished"].as_u64(), v["failed"].as_u64()), (Some(finished as u64), Some(failed as u64)));
    assert_eq!(v["errors"][0]["kind"], "script error");
    // CSV: a row a game asked for, the failed ones with their error alone.
    let rows = cells(&std::fs::read_to_string(&csv).unwrap());
    assert_eq!(rows.len(), 13);
    assert_eq!(column(&rows, "error").iter().filter(|c| !c.is_empty()).count(), failed);
    assert_eq!(column(&rows, "seed"), (0..12).map(|s| s.to_string()).collect::<Vec<_>>());
    // HTML.
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains(&format!("; {finished} finished, {failed} failed.</p>")), "{page}");
    assert!(page.contains("<h2>Failed games</h2>"), "{page}");
    // Shards: each fails when a game of its slice failed, and says how many; the merge too.
    let mut files = Vec::new();
    let mut shard_failed = 0;
    for k in 1..=2 {
        let file = root.join(format!("s{k}.json"));
        let spec = format!("{k}/2");
        let o = posse_in(&root, &["sim", "hilo", "-n", "12", "--shard", &spec, "--out", file.to_str().unwrap()], "");
        let out = stdout(&o);
        let n: usize = out
            .lines()
            .find_map(|l| l.strip_prefix("failed: ")?.split(' ').next()?.parse().ok())
            .unwrap_or_else(|| panic!("{out}"));
        assert!(out.contains(&format!("finished: {} of 6\n", 6 - n)), "{out}");
        assert_eq!(o.status.success(), n == 0, "{out}");
        shard_failed += n;
        files.push(file);
    }
    assert_eq!(shard_failed, failed);
    let m = posse_in(&root, &["merge", files[0].to_str().unwrap(), files[1].to_str().unwrap()], "");
    assert!(!m.status.success());
    assert!(stdout(&m).contains(&format!("finished: {finished} of 12\n{failed_line}\n")), "{}", stdout(&m));
    // Restricted play's batches: their failed games fail the command too.
    let r = posse_in(&root, &["sim", "hilo", "-n", "12", "--restricted"], "");
    assert!(!r.status.success());
    assert!(stdout(&r).contains(&format!("    without it: finished {finished} of 12\n")), "{}", stdout(&r));
    let _ = std::fs::remove_dir_all(root);
}

/// Shards of hilo, 2 of a batch of 12 from seed 0: the first from the fixtures, the second
/// from `root`.
fn shards(root: &Path, dir: &Path) -> (PathBuf, PathBuf) {
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    for (from, spec, file) in [(fixtures(), "1/2", &a), (root.to_path_buf(), "2/2", &b)] {
        let o = posse_in(&from, &["sim", "hilo", "-n", "12", "--shard", spec, "--out", file.to_str().unwrap()], "");
        assert!(o.status.success(), "{}", stderr(&o));
    }
    (a, b)
}

fn merge(a: &Path, b: &Path) -> Output {
    posse(&["merge", a.to_str().unwrap(), b.to_str().unwrap()], "")
}

#[test]
fn merge_names_the_shard_of_other_content_or_changed_games() {
    let root = scratch("merge-refusals");
    copy_dir(&fixtures(), &root);
    let game = root.join("scenarios/hilo/game.yaml");
    std::fs::write(&game, std::fs::read_to_string(&game).unwrap().replacen("rounds: 3", "rounds: 9", 1)).unwrap();
    let (a, b) = shards(&root, &root);
    let o = merge(&a, &b);
    assert!(!o.status.success());
    let want = format!("posse: {}: not a shard of the batch of {}: content hash ", b.display(), a.display());
    assert!(stderr(&o).starts_with(&want), "{}", stderr(&o));
    // Shards of the same content, one changed by hand.
    let (a, b) = shards(&fixtures(), &root);
    assert!(merge(&a, &b).status.success());
    let text = std::fs::read_to_string(&b).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["rows"][0]["winners"] = serde_json::json!([99]);
    std::fs::write(&b, v.to_string()).unwrap();
    let o = merge(&a, &b);
    assert!(!o.status.success());
    let want = format!("posse: {}: the game of seed 6: winner seat 99, but the batch has seats 1 to 2\n", b.display());
    assert_eq!(stderr(&o), want);
    // A row of the first shard added to the second: "finished: 13 of 12" before.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let first: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&a).unwrap()).unwrap();
    v["rows"].as_array_mut().unwrap().push(first["rows"][0].clone());
    std::fs::write(&b, v.to_string()).unwrap();
    let o = merge(&a, &b);
    assert!(!o.status.success() && stdout(&o).is_empty());
    assert_eq!(stderr(&o), format!("posse: {}: seed 0 is not of shard 2 of 2 (seeds 6 to 11)\n", b.display()));
    let _ = std::fs::remove_dir_all(root);
}
