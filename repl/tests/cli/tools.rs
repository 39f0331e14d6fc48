//! The `posse` command: The tools around a game: sim, check, playthrough.

use super::*;

#[test]
fn sim_json_is_one_object() {
    let o = posse(&["sim", "hilo", "-n", "20", "--json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(v["finished"], 20);
    assert_eq!(v["games"], 20);
    let text = posse(&["sim", "hilo", "-n", "5", "--players", "3"], "");
    assert!(text.status.success());
    assert!(stdout(&text).contains("finished: 5 of 5"), "{}", stdout(&text));
    assert!(stdout(&text).contains("decisions per game: mean"), "{}", stdout(&text));
    // Piped, no progress bar: nothing on stderr.
    assert!(stderr(&text).is_empty(), "{}", stderr(&text));
}

#[test]
fn check_passes_on_the_fixtures() {
    let o = posse(&["check", "--seeds", "20"], "");
    assert!(o.status.success(), "{}\n{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).lines().any(|l| l.starts_with("hilo: ok (")), "{}", stdout(&o));
}

#[test]
fn check_prints_a_zone_maps_warnings_and_passes() {
    let root = fixtures().join("zonemap");
    let o = posse_in(&root, &["check", "grazing", "town", "--seeds", "20"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(
        out.contains("grazing: warning: scenarios/grazing/map.yaml:4: A - B is fragile: its sight changes"),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("grazing: ok (")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("town: ok (")), "{out}");
    assert!(!out.contains("town: warning"), "{out}");
    let o = posse_in(&root, &["check", "broken"], "");
    assert!(!o.status.success());
    assert!(stdout(&o).contains("broken: scenarios/broken/map.yaml:5: zone 'B' overlaps zone 'A'"), "{}", stdout(&o));
}

#[test]
fn check_and_sim_report_script_errors_with_file_line_and_seed() {
    let root = scratch("broken");
    copy_dir(&fixtures(), &root);
    let render = root.join("scripts/hilo/render.lua");
    let text = std::fs::read_to_string(&render).expect("render.lua");
    std::fs::write(
        &render,
        text.replacen("return function(view)", "return function(view)\n  if view.result then error(\"boom\") end", 1),
    )
    .expect("written");
    let o = posse_in(&root, &["check", "--seeds", "20"], "");
    assert!(!o.status.success());
    let out = stdout(&o);
    assert!(out.contains("scripts/hilo/render.lua:2"), "{out}");
    assert!(out.contains("seed 0, 2 players"), "{out}");
    let main = root.join("scripts/hilo/main.lua");
    let text = std::fs::read_to_string(&main).expect("main.lua");
    std::fs::write(
        &main,
        text.replacen("posse.roll()", "posse.roll() if posse.get(\"round\") == 3 then error(\"late\") end", 1),
    )
    .expect("written");
    let o = posse_in(&root, &["sim", "hilo", "-n", "3"], "");
    assert!(!o.status.success());
    assert!(stdout(&o).contains("seeds 0-2: scripts/hilo/main.lua:"), "{}", stdout(&o));
    // The failing seed replays in the REPL and stops, with the error, where it failed;
    // the exit says a script failed (issue 15).
    let o = posse_in(&root, &["play", "hilo", "--seed", "0", "--bot", "all=random"], "");
    assert!(!o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).ends_with("posse: 1 script error in this game\n"), "{}", stderr(&o));
    assert!(stderr(&o).contains("(bot) could not decide: scripts/hilo/main.lua:"), "{}", stderr(&o));
    assert!(stdout(&o).contains("unfinished: "), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn a_playthrough_starts_with_the_command_that_writes_it() {
    let o = posse(&["playthrough", "hilo", "--players", "2", "--seed", "3"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("# posse playthrough hilo --players 2 --seed 3\n"), "{out}");
    assert!(out.contains("\n== step 1: p1") && out.contains("\nstate-hash: "), "{out}");
    assert_eq!(posse(&["playthrough", "hilo", "--players", "2", "--seed", "3"], "").stdout, o.stdout);
}

/// Issue 14: `--set` in a batch (named in the report, a typo refused) and in a saved game
/// (kept in the save, so the replay is the same game).
#[test]
fn set_changes_a_value_for_a_batch_and_a_saved_game() {
    let o = posse(&["sim", "hilo", "-n", "10", "--set", "rounds=1"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("with: rounds=1"), "{}", stdout(&o));
    let json = posse(&["sim", "hilo", "-n", "10", "--set", "rounds=1", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(stdout(&json).trim()).expect("JSON");
    assert_eq!(v["sets"], serde_json::json!(["rounds=1"]));
    let typo = posse(&["sim", "hilo", "-n", "10", "--set", "round=1"], "");
    assert!(!typo.status.success());
    assert!(stderr(&typo).contains("--set round: no key 'round' in data of hilo (there: rounds)"), "{}", stderr(&typo));

    let dir = scratch("set-save");
    let save = dir.join("g.yaml");
    let save = save.to_str().unwrap();
    let args = ["play", "hilo", "--seed", "3", "--bot", "all=random", "--set", "rounds=1", "--save", save];
    let played = posse(&args, "");
    assert!(played.status.success(), "{}", stderr(&played));
    let text = std::fs::read_to_string(save).unwrap();
    assert!(text.contains("set: [\"rounds=1\"]"), "{text}");
    let hash = |out: &str| out.lines().find(|l| l.starts_with("state-hash: ")).map(str::to_string);
    let replayed = posse(&["replay", save], "");
    assert!(replayed.status.success(), "{}", stderr(&replayed));
    assert_eq!(hash(&stdout(&replayed)), hash(&stdout(&played)));
    assert!(!stderr(&replayed).contains("other content"), "{}", stderr(&replayed));
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 14: a CSV row a game, and a paired comparison read in the terminal.
#[test]
fn sim_writes_a_csv_row_a_game_and_compare_reads_differences() {
    let dir = scratch("csv");
    let file = dir.join("games.csv");
    let o = posse(&["sim", "hilo", "-n", "4", "--set", "rounds=1", "--csv", file.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let csv = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "seed,variant,bots,winners,crew,scores,decisions,length,reason,played,resolved,error,sides");
    assert_eq!(lines.len(), 5, "{csv}");
    assert!(lines[1].starts_with("0,hilo;rounds=1,random;random,"), "{csv}");
    // No tag chosen; the high card's bonus resolved (hilo's flow calls it).
    assert!(lines[1].ends_with(",most points,,high:1,,p1"), "the winners' side last: {csv}");
    let c = posse(&["compare", "hilo", "-n", "200", "--against", "rounds=1"], "");
    assert!(c.status.success(), "{}", stderr(&c));
    let out = stdout(&c);
    // Issue 28: each variant named whole (the game, its --sets, every seat's bot).
    let head = "A: hilo as it is; bots: 1=random, 2=random\nB: hilo, with rounds=1; bots: 1=random, 2=random\n\
                paired games: 200, played identically (same choices and results): ";
    assert!(out.contains(head), "{out}");
    let decisions = out.lines().find(|l| l.starts_with("decisions ")).unwrap_or_default();
    assert!(decisions.ends_with("significant") && decisions.contains(" -"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 14: shards of a batch (by flag, and from a Slurm array's variables) merged give
/// the one-machine report; issue 24: with the search player in a seat too.
#[test]
fn shards_merged_report_what_one_machine_does() {
    let dir = scratch("shards");
    let mut files = Vec::new();
    for k in 1..=3 {
        let file = dir.join(format!("s{k}.json"));
        let spec = format!("{k}/3");
        let o = posse(
            &["sim", "hilo", "-n", "50", "--players", "3", "--shard", &spec, "--out", file.to_str().unwrap()],
            "",
        );
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).starts_with(&format!("shard {k} of 3: ")), "{}", stdout(&o));
        files.push(file);
    }
    let mut args = vec!["merge"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let merged = posse(&args, "");
    assert!(merged.status.success(), "{}", stderr(&merged));
    let one = posse(&["sim", "hilo", "-n", "50", "--players", "3"], "");
    let body = |o: &Output| stdout(o).lines().filter(|l| !l.starts_with("speed:")).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&merged), body(&one));
    // The same slice from Slurm's variables.
    let slurm = dir.join("slurm.json");
    let o = Command::new(env!("CARGO_BIN_EXE_posse"))
        .args(["--root", fixtures().to_str().unwrap(), "sim", "hilo", "-n", "50", "--players", "3", "--out"])
        .arg(&slurm)
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env("SLURM_ARRAY_TASK_COUNT", "3")
        .env("SLURM_ARRAY_TASK_MIN", "0")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read(&slurm).unwrap(), std::fs::read(&files[1]).unwrap());
    // Issue 24: with the search player in a seat, too.
    let search = ["sim", "hilo", "-n", "16", "--bot", "2=search:iterations=4"];
    let mut args = vec!["merge".to_string()];
    for k in 1..=2 {
        let file = dir.join(format!("search{k}.json"));
        let spec = format!("{k}/2");
        let mut shard = search.to_vec();
        shard.extend(["--shard", &spec, "--out", file.to_str().unwrap()]);
        let o = posse(&shard, "");
        assert!(o.status.success(), "{}", stderr(&o));
        args.push(file.to_str().unwrap().to_string());
    }
    let merged = posse(&args.iter().map(String::as_str).collect::<Vec<_>>(), "");
    assert!(merged.status.success(), "{}", stderr(&merged));
    let one = posse(&search, "");
    assert_eq!(body(&merged), body(&one));
    assert!(body(&one).contains("search"), "the report names the bot: {}", body(&one));
    let mut single = search.to_vec();
    single.extend(["--jobs", "1"]);
    assert_eq!(body(&posse(&single, "")), body(&one), "the same report on one thread as on every core");
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 14: the HTML report of a batch and of a comparison, with their plots.
#[test]
fn html_reports_carry_their_plots() {
    let dir = scratch("html");
    let (page, cmp) = (dir.join("sim.html"), dir.join("cmp.html"));
    let o = posse(&["sim", "hilo", "-n", "40", "--html", page.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"), "{html}");
    assert_eq!(html.matches("<svg ").count(), 2, "win rates and lengths: {html}");
    assert_eq!(html.matches("class=\"ci\"").count(), 2, "an interval a seat: {html}");
    assert_eq!(html.matches("<text class=\"num\"").count(), 2, "each seat's rate written out: {html}");
    let o = posse(&["compare", "hilo", "-n", "40", "--against", "rounds=1", "--html", cmp.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let html = std::fs::read_to_string(&cmp).unwrap();
    assert!(
        html.contains("B: hilo, with rounds=1; bots: 1=random, 2=random.") && html.contains("class=\"zero\""),
        "{html}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Strategy bots (issue 14): listed by `posse bots`, played by `--bot SEAT=NAME` in `play`
/// and `sim` alike (game S of a batch is `play --seed S` with the same bots), kept in a
/// save and played again on `--load`.
#[test]
fn strategy_bots_play_the_same_games_in_play_sim_and_a_loaded_save() {
    let o = posse(&["bots", "hilo"], "");
    assert!(
        stdout(&o).starts_with("random: picks uniformly") && stdout(&o).contains("\nhigh: plays its higher card\n")
    );
    let dir = scratch("bots");
    let file = dir.join("games.csv");
    let s = posse(&["sim", "hilo", "-n", "6", "--bot", "1=high", "--csv", file.to_str().unwrap()], "");
    assert!(stdout(&s).contains("bots: 1=high, 2=random\n"), "{}", stdout(&s));
    let csv = std::fs::read_to_string(&file).unwrap();
    for seed in 0..6 {
        let p = posse(&["play", "hilo", "--seed", &seed.to_string(), "--bot", "all", "--bot", "1=high"], "");
        finished(&p);
        let out = stdout(&p);
        let result = out.lines().find(|l| l.starts_with("result: ")).unwrap();
        let row: Vec<&str> = csv.lines().nth(seed + 1).unwrap().split(',').collect();
        assert_eq!(row[2], "high;random");
        assert!(
            result.starts_with(&format!(
                "result: winners={} scores={}",
                row[3].replace(';', ","),
                row[5].replace(';', ",")
            )),
            "{result} / {row:?}"
        );
    }
    // A person against the bot: the save names it, and --load plays it again.
    let save = dir.join("g.yaml");
    let f = save.to_str().unwrap();
    let o = posse(&["play", "hilo", "--seed", "5", "--bot", "2=high", "--save", f], "1\n");
    assert!(stdout(&o).starts_with("Hi-Lo (hilo): p1, p2 (bot: high)"), "{}", stdout(&o));
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.contains("played_by: [\"person\",\"high\"]\n"), "{saved}");
    let rest = "-\n2\n1\n1\n\n";
    let straight = finished(&posse(&["play", "hilo", "--seed", "5", "--bot", "2=high"], &format!("1\n{rest}")));
    assert_eq!(finished(&posse(&["play", "--load", f], rest)), straight);
    // An unknown bot is refused with the game's bots.
    let e = posse(&["sim", "hilo", "--bot", "2=sharpest"], "");
    assert!(
        !e.status.success() && stderr(&e).contains("unknown bot 'sharpest' (bots: random, high, spy, search)"),
        "{}",
        stderr(&e)
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A paired comparison and restricted play, read in every output (issue 14): the
/// differences with their intervals in `--json`, the CSV (a row a measure, or a card with
/// its verdict) and the HTML report.
#[test]
fn differences_reach_the_json_the_csv_and_the_html() {
    let dir = scratch("differences");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let (csv, html) = (dir.join("games.csv"), dir.join("sim.html"));
    let args = ["sim", "dice_town", "-n", "30", "--jobs", "2", "--restricted", "--json"];
    let o =
        posse_in(&root, &[&args[..], &["--csv", csv.to_str().unwrap(), "--html", html.to_str().unwrap()]].concat(), "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    let restricted = v["restricted"].as_array().expect("restricted play in the object");
    assert_eq!(restricted.len(), v["cards"].as_array().unwrap().len());
    let table = std::fs::read_to_string(dir.join("games.restricted.csv")).expect("beside the games' CSV");
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[0],
        "measure,a,b,diff,low,high,significant,a_finished,a_failed,b_finished,b_failed,verdict,a_variant,a_bots,b_variant,b_bots,p,p_adjusted,correction"
    );
    assert_eq!(lines.len(), restricted.len() + 1);
    let first = &restricted[0];
    assert!(lines[1].starts_with(&format!("{},", first["tag"].as_str().unwrap())), "{table}");
    let verdict = first["verdict"].as_str().unwrap();
    let tail = format!(",{verdict},dice_town,random;random;random;random,dice_town,random;random;random;random,");
    assert!(lines[1].contains(&tail), "{table}");
    // Issue 28: the p-values and the correction over every card.
    assert!(lines[1].ends_with(&format!(",\"Holm, over {} cards\"", restricted.len())), "{table}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("Restricted play") && page.contains(first["tag"].as_str().unwrap()), "{page}");
    assert_eq!(page.matches("<svg ").count(), 3, "rates, lengths, restricted play");
    let cmp = dir.join("cmp.csv");
    let o = posse(&["compare", "hilo", "-n", "60", "--against", "rounds=1", "--csv", cmp.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let table = std::fs::read_to_string(&cmp).unwrap();
    let decisions = table.lines().find(|l| l.starts_with("decisions,")).expect("a row a measure");
    let cells: Vec<&str> = decisions.split(',').collect();
    assert_eq!(cells.len(), 15);
    assert_eq!(cells[7..11], ["60", "0", "60", "0"], "each variant's games finished and failed");
    // Issue 28: what each variant played: the variant with its --sets, each seat's bot.
    assert_eq!(cells[11..], ["hilo", "random;random", "hilo;rounds=1", "random;random"]);
    let (diff, low, high): (f64, f64, f64) =
        (cells[3].parse().unwrap(), cells[4].parse().unwrap(), cells[5].parse().unwrap());
    assert!(low <= diff && diff <= high && diff < 0.0 && cells[6] == "true", "{table}");
    // The same difference as the terminal's.
    let row = stdout(&o).lines().find(|l| l.starts_with("decisions ")).unwrap_or_default().to_string();
    // Issue 28: a mean to three decimals at most, its trailing zeros dropped.
    let three = |x: f64| {
        let t = format!("{x:+.3}");
        t.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    assert!(row.contains(&format!("{} ({} to {})", three(diff), three(low), three(high))), "{row}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `posse scripts --out DIR` (issue 15): every YAML `script:` block in a file of its own
/// whose lines are the YAML's, and the checker's configuration beside them.
#[test]
fn yaml_script_blocks_are_written_at_their_yaml_lines() {
    let dir = scratch("scripts");
    let o = posse(&["scripts", "--out", dir.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let yaml = std::fs::read_to_string(fixtures().join("scenarios/hilo/cards.yaml")).unwrap();
    let mut found = 0;
    for entry in std::fs::read_dir(dir.join("scenarios/hilo")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(line) = name.strip_prefix("cards.yaml.L").and_then(|r| r.strip_suffix(".lua")) else { continue };
        let line: usize = line.parse().unwrap();
        let lua = std::fs::read_to_string(dir.join("scenarios/hilo").join(&name)).unwrap();
        let (l, y) = (lua.lines().nth(line - 1).unwrap(), yaml.lines().nth(line - 1).unwrap());
        assert!(!l.trim().is_empty() && y.trim_start() == l.trim_start(), "line {line}: {l:?} / {y:?}");
        assert!(lua.lines().take(line - 1).all(|l| l.is_empty()));
        found += 1;
    }
    assert!(found > 0, "hilo's cards have script blocks");
    let rc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(".emmyrc.json")).unwrap()).unwrap();
    assert!(rc["workspace"]["library"][0].as_str().unwrap().ends_with("scripts/types"), "{rc}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A file's `returns:` types its blocks for the checker: the two lines above a block
/// declare a local of the game's card class, the block's top-level `return` assigns it,
/// and every other line is the YAML's own, at its line.
#[test]
fn a_files_returns_types_its_script_blocks() {
    let repo = project();
    let dir = scratch("scripts-typed");
    let o = posse_in(&repo, &["scripts", "--out", dir.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let yaml = std::fs::read_to_string(repo.join("scenarios/dice_town/cards.yaml")).unwrap();
    let at = yaml.lines().position(|l| l.trim() == "- id: marked_die").unwrap();
    let line = at + yaml.lines().skip(at).position(|l| l.trim() == "return {").unwrap() + 1;
    let lua = std::fs::read_to_string(dir.join(format!("scenarios/dice_town/cards.yaml.L{line}.lua"))).unwrap();
    let lines: Vec<&str> = lua.lines().collect();
    assert_eq!(lines[line - 3], "---@type dice_town.Card", "{lua}");
    assert_eq!(lines[line - 2], "local _script");
    assert_eq!(lines[line - 1], "_script = {");
    assert_eq!(lines.last(), Some(&"return _script"));
    let block = &yaml.lines().collect::<Vec<_>>()[line..];
    for (l, y) in lines[line..lines.len() - 1].iter().zip(block) {
        assert_eq!(l.trim(), y.trim(), "{lua}");
    }
    // A block of a file that declares no class is written as it is.
    let hilo = dir.join("scenarios/hilo");
    assert!(
        !hilo.exists()
            || std::fs::read_dir(&hilo)
                .unwrap()
                .all(|e| { !std::fs::read_to_string(e.unwrap().path()).unwrap().contains("_script") })
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `posse scripts --types` writes each game's `data:` as a class; the files in
/// scripts/types/data/ are what it writes for the shipped games today (run it again after
/// changing a game's data), and a misspelt key in a script is then a checker's error.
#[test]
fn the_data_classes_are_up_to_date() {
    let root = scratch("datatypes");
    copy_dir(&project().join("scenarios"), &root.join("scenarios"));
    copy_dir(&project().join("scripts"), &root.join("scripts"));
    std::fs::remove_dir_all(root.join("scripts/types/data")).unwrap();
    let o = posse_in(&root, &["scripts", "--types"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let mut n = 0;
    for e in std::fs::read_dir(project().join("scripts/types/data")).unwrap() {
        let name = e.unwrap().file_name();
        let made = std::fs::read_to_string(root.join("scripts/types/data").join(&name)).unwrap_or_default();
        let ours = std::fs::read_to_string(project().join("scripts/types/data").join(&name)).unwrap();
        assert!(made == ours, "scripts/types/data/{name:?} is out of date: run `posse scripts --types`");
        n += 1;
    }
    assert_eq!(n, stdout(&o).lines().count(), "{}", stdout(&o));
    let dice = std::fs::read_to_string(root.join("scripts/types/data/dice_town.lua")).unwrap();
    assert!(dice.contains("---@field start_money integer # S1: $50 each"), "{dice}");
    assert!(dice.contains("---@field draws table<string, dice_town.Data.draws>"), "{dice}");
    let gold = std::fs::read_to_string(root.join("scripts/types/data/goldfever.lua")).unwrap();
    assert!(gold.contains("---@field splits table<string, string[][]>"), "open in the schema: {gold}");
    assert!(gold.contains("---@field jail string # only in: jailbreak (nil in the others)"), "{gold}");
    let _ = std::fs::remove_dir_all(root);
}

/// `posse new GAME` (issue 15): a game that checks, plays, simulates and has a strategy
/// bot that beats random at once, typed from the start (issue 23: its question kinds
/// declared, every question of one of them), and that the search player (issue 24) plays
/// better than random; `posse new GAME/VARIANT`: a variant listed like a mode.
#[test]
fn a_new_game_plays_checks_and_simulates_at_once() {
    let root = scratch("new");
    std::fs::create_dir_all(root.join("scenarios")).unwrap();
    for dir in ["lib", "types"] {
        copy_dir(&project().join("scripts").join(dir), &root.join("scripts").join(dir));
    }
    let o = posse_in(&root, &["new", "high_card"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("scripts/high_card/main.lua"), "{}", stdout(&o));
    assert!(stdout(&o).contains("scripts/high_card/questions.lua"), "{}", stdout(&o));
    let types = std::fs::read_to_string(root.join("scripts/types/data/high_card.lua")).unwrap();
    assert!(types.contains("---@class high_card.Data\n---@field rounds integer # rounds in a game"), "{types}");
    // Made twice: refused, nothing overwritten.
    let again = posse_in(&root, &["new", "high_card"], "");
    assert!(!again.status.success() && stderr(&again).contains("already there"), "{}", stderr(&again));
    let c = posse_in(&root, &["check", "high_card", "--seeds", "20"], "");
    assert!(c.status.success() && stdout(&c).contains("high_card: ok"), "{}{}", stdout(&c), stderr(&c));
    let s = posse_in(&root, &["sim", "high_card", "-n", "300", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&s)).expect("one JSON object");
    assert_eq!(v["finished"], 300);
    assert!(v["cards"].as_array().unwrap().iter().any(|c| c["tag"] == "swap"), "its options carry tags");
    let kinds: Vec<&str> = v["questions"].as_array().unwrap().iter().filter_map(|q| q["kind"].as_str()).collect();
    assert_eq!(kinds, ["swap"], "every question has its declared kind");
    let p = posse_in(&root, &["play", "high_card", "--seed", "1", "--bot", "all"], "");
    finished(&p);
    let cmp = posse_in(&root, &["compare", "high_card", "-n", "300", "--against-bot", "1=keeper"], "");
    let row = stdout(&cmp).lines().find(|l| l.starts_with("seat 1 wins alone")).unwrap_or_default().to_string();
    assert!(row.ends_with("significant") && row.contains(" +"), "the bot beats random: {row}");
    // The search plays it too, with no code of the game's, and beats random.
    let cmp = posse_in(&root, &["compare", "high_card", "-n", "200", "--against-bot", "1=search:iterations=20"], "");
    let row = stdout(&cmp).lines().find(|l| l.starts_with("seat 1 wins alone")).unwrap_or_default().to_string();
    assert!(row.ends_with("significant") && row.contains(" +"), "the search beats random: {row}{}", stderr(&cmp));
    // A variant: its file, and its line in game.yaml.
    let o = posse_in(&root, &["new", "high_card/short"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let yaml = std::fs::read_to_string(root.join("scenarios/high_card/game.yaml")).unwrap();
    assert!(yaml.ends_with("scenarios:\n  short: short.yaml\n"), "{yaml}");
    let l = posse_in(&root, &["list"], "");
    assert_eq!(stdout(&l), "high_card\nhigh_card/short\n");
    assert!(posse_in(&root, &["check", "high_card/short", "--seeds", "20"], "").status.success());
    let bad = posse_in(&root, &["new", "High-Card"], "");
    assert!(stderr(&bad).contains("expected lowercase letters"), "{}", stderr(&bad));
    let _ = std::fs::remove_dir_all(root);
}
