//! docs/tutorial.md, run as a newcomer would follow it: in a fresh content root holding only
//! the shared Lua (`scripts/lib`, `scripts/types`), each of its code blocks written where it
//! says (`file=PATH` writes the file, `append=PATH` adds to it, `replace=PATH` puts the
//! block's functions in place of the file's functions of the same name and its `require`
//! lines after the file's own) and each `$` line of its `console` blocks run there, in
//! order (`> FILE` writes a command's output to FILE). A command must succeed (fail, when
//! `# fails` follows it) and print the lines shown under it: `...` stands for any
//! text within a line, and on a line of its own for any lines; other lines follow one
//! another as shown.

use super::*;

/// One step of the tutorial, in the order of the page.
enum Step {
    File { path: String, how: String, text: String },
    Command { line: String, expect: Vec<String> },
}

/// The steps of the page `doc`: its code blocks that write files and its commands.
fn steps(doc: &str) -> Vec<Step> {
    let mut out = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.strip_prefix("```") else { continue };
        let body: Vec<&str> = lines.by_ref().take_while(|l| !l.starts_with("```")).collect();
        let mut words = info.split_whitespace();
        let lang = words.next().unwrap_or("");
        if lang == "console" {
            for l in body {
                match l.strip_prefix("$ ") {
                    Some(cmd) => out.push(Step::Command { line: cmd.to_string(), expect: Vec::new() }),
                    None => match out.last_mut() {
                        Some(Step::Command { expect, .. }) => expect.push(l.to_string()),
                        _ => panic!("tutorial: output before any command: {l}"),
                    },
                }
            }
        } else if let Some((how, path)) = words.next().and_then(|w| w.split_once('=')) {
            let text = body.iter().map(|l| format!("{l}\n")).collect();
            out.push(Step::File { path: path.to_string(), how: how.to_string(), text });
        }
    }
    out
}

/// Whether `line` is what `pattern` shows, `...` standing for any text.
fn shows(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("...").collect();
    let [first, middle @ .., last] = &parts[..] else { return line == pattern };
    let fits = line.len() >= first.len() + last.len() && line.starts_with(first) && line.ends_with(last);
    if !fits {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in middle {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether `output` shows the `expect`ed lines: in order, one after another but where a
/// line `...` lets any lines pass.
fn matches(expect: &[String], output: &str) -> Result<(), String> {
    let lines: Vec<&str> = output.lines().collect();
    let mut at = 0;
    let mut skip = false;
    for pattern in expect {
        if pattern == "..." {
            skip = true;
            continue;
        }
        let found = if skip {
            lines[at..].iter().position(|l| shows(pattern, l)).map(|i| at + i)
        } else {
            lines.get(at).filter(|l| shows(pattern, l)).map(|_| at)
        };
        match found {
            Some(i) => at = i + 1,
            None => return Err(format!("no line shows {pattern:?} (after line {at})")),
        }
        skip = false;
    }
    Ok(())
}

/// The top-level functions of Lua `text`, each with the comment lines just above it, by
/// its first line up to the `(`; and the lines before the first of them.
fn functions(text: &str) -> (Vec<String>, Vec<(String, Vec<String>)>) {
    let lines: Vec<&str> = text.lines().collect();
    let header = |l: &str| l.starts_with("local function ") || l.starts_with("function ");
    let (mut before, mut out) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < lines.len() {
        let starts = lines[i].starts_with("---") || header(lines[i]);
        let Some(h) = starts.then(|| (i..lines.len()).find(|&j| header(lines[j]))).flatten() else {
            if out.is_empty() {
                before.push(lines[i].to_string());
            }
            i += 1;
            continue;
        };
        let end = (h..lines.len()).find(|&j| lines[j] == "end").expect("a function's end at column 0");
        let name = lines[h].split('(').next().unwrap_or_default().to_string();
        out.push((name, lines[i..=end].iter().map(|l| l.to_string()).collect()));
        i = end + 1;
    }
    (before, out)
}

/// `file` with the functions of `block` in place of its own of the same names, and the
/// block's other lines (its `require`s) after the file's last `require` line.
fn replace(file: &str, block: &str) -> String {
    let mut lines: Vec<String> = file.lines().map(str::to_string).collect();
    let (before, funcs) = functions(block);
    for (name, body) in funcs {
        let h = lines
            .iter()
            .position(|l| l.split('(').next() == Some(name.as_str()))
            .unwrap_or_else(|| panic!("tutorial: no function {name} to replace"));
        let start = (0..h).rev().take_while(|&j| lines[j].starts_with("---")).last().unwrap_or(h);
        let end = (h..lines.len()).find(|&j| lines[j] == "end").expect("its end");
        lines.splice(start..=end, body);
    }
    let requires: Vec<String> = before.into_iter().filter(|l| !l.trim().is_empty()).collect();
    let last = lines.iter().rposition(|l| l.starts_with("local ") && l.contains("= require")).expect("requires");
    lines.splice(last + 1..last + 1, requires);
    lines.join("\n") + "\n"
}

/// The tutorial's commands that only read the game (its checks, batches and traces), dealt
/// among [`PARTS`] tests so that none takes long: every part writes every file and runs
/// every command that writes one (`posse new`, `> FILE`, `--types`), in the page's order,
/// and runs its own share of the reading ones.
const PARTS: usize = 3;

fn reads_only(args: &[&str]) -> bool {
    matches!(args.first(), Some(&("check" | "sim" | "compare" | "trace")))
}

#[test]
fn the_tutorial_runs_as_written_part_1() {
    tutorial_part(0);
}

#[test]
fn the_tutorial_runs_as_written_part_2() {
    tutorial_part(1);
}

#[test]
fn the_tutorial_runs_as_written_part_3() {
    tutorial_part(2);
}

fn tutorial_part(part: usize) {
    let doc = std::fs::read_to_string(project().join("docs/tutorial.md")).expect("docs/tutorial.md");
    let root = scratch(&format!("tutorial_{part}"));
    std::fs::create_dir_all(root.join("scenarios")).unwrap();
    for dir in ["lib", "types"] {
        copy_dir(&project().join("scripts").join(dir), &root.join("scripts").join(dir));
    }
    let steps = steps(&doc);
    assert!(steps.len() > 10, "the tutorial's steps were not found");
    let (mut commands, mut reading) = (0, 0);
    for step in steps {
        match step {
            Step::File { path, how, text } => {
                let p = root.join(&path);
                let text = match how.as_str() {
                    "file" => text,
                    "append" => std::fs::read_to_string(&p).unwrap() + &text,
                    "replace" => replace(&std::fs::read_to_string(&p).unwrap(), &text),
                    _ => panic!("tutorial: unknown block {how}={path}"),
                };
                std::fs::write(&p, text).unwrap_or_else(|e| panic!("{path}: {e}"));
            }
            Step::Command { line, expect } => {
                // `# fails` after a command: it is meant to fail (a leak planted on purpose).
                let (line, fails) = match line.split_once(" # ") {
                    Some((cmd, note)) => (cmd.trim().to_string(), note.trim() == "fails"),
                    None => (line, false),
                };
                let words: Vec<&str> = line.split_whitespace().collect();
                match words[..] {
                    ["rm", path] => std::fs::remove_file(root.join(path)).unwrap_or_else(|e| panic!("{line}: {e}")),
                    ["posse", ref args @ ..] => {
                        // `posse ... > FILE` writes its output to FILE.
                        let (args, to) = match args.iter().position(|&a| a == ">") {
                            Some(i) => (&args[..i], args.get(i + 1)),
                            None => (args, None),
                        };
                        if reads_only(args) && to.is_none() {
                            reading += 1;
                            if (reading - 1) % PARTS != part {
                                continue;
                            }
                        }
                        let o = Command::new(env!("CARGO_BIN_EXE_posse"))
                            .args(args)
                            .current_dir(&root)
                            .env_remove("POSSE_ROOT")
                            .stdin(Stdio::null())
                            .output()
                            .expect("posse runs");
                        let out = stdout(&o);
                        let how = if fails { "did not fail" } else { "failed" };
                        assert!(o.status.success() != fails, "tutorial: `{line}` {how}:\n{out}{}", stderr(&o));
                        if let Some(file) = to {
                            std::fs::write(root.join(file), &o.stdout).unwrap();
                        }
                        if let Err(e) = matches(&expect, &out) {
                            panic!("tutorial: `{line}`: {e}; it printed:\n{out}");
                        }
                        commands += 1;
                    }
                    _ => panic!("tutorial: a command the test does not know: {line}"),
                }
            }
        }
    }
    assert!(commands >= 3, "part {part}: {commands} commands");
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn output_patterns_match_as_the_page_says() {
    let out = "a\nliars_dice: ok (20 games)\nb\nc\n";
    let lines = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(matches(&lines(&["a", "liars_dice: ok (...)"]), out).is_ok());
    assert!(matches(&lines(&["liars_dice: ok (...)"]), out).is_err(), "the first line is a");
    assert!(matches(&lines(&["...", "c"]), out).is_ok());
    assert!(matches(&lines(&["a", "c"]), out).is_err(), "b comes between");
    assert!(matches(&lines(&["...", "...ok (2..."]), out).is_ok());
    assert!(matches(&lines(&["...", "...ok (3..."]), out).is_err());
}
