//! Docs that cannot drift (issue 23): ARCHITECTURE.md names files and folders, and each
//! module's `//!` owns the list of its files. Here: every file or folder ARCHITECTURE.md
//! names in backquotes exists in the tree, and every module folder of the engine and the
//! CLI (a folder with a `mod.rs`) names each of its files in its `//!` doc.

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every file and folder under `dir` (but `target/` and hidden ones), as paths relative
/// to the repository with `/` separators; folders end with `/`.
fn tree(dir: &Path, prefix: &str, out: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        if name == ".git" || name == "target" {
            continue;
        }
        if p.is_dir() {
            out.push(format!("{prefix}{name}/"));
            tree(&p, &format!("{prefix}{name}/"), out);
        } else {
            out.push(format!("{prefix}{name}"));
        }
    }
}

/// A backquoted word that names a file or a folder: a path with one of the tree's
/// extensions, or ending in `/`; placeholders (`<game>`, `NAME`, `GAME`, `FILE`...) and
/// globs are words of a pattern, matched as any name.
fn names_a_path(word: &str) -> bool {
    let exts = [".rs", ".lua", ".yaml", ".md", ".toml", ".sh", ".txt", ".json"];
    !word.contains(' ')
        && !word.starts_with('-')
        && !word.contains("://")
        && (exts.iter().any(|e| word.ends_with(e)) || (word.ends_with('/') && word.len() > 1))
}

/// Whether some path of the tree ends with `word` (as whole names), placeholders
/// matching any one name.
fn found(word: &str, paths: &[String]) -> bool {
    let parts: Vec<&str> = word.trim_start_matches("./").split('/').collect();
    let wild = |p: &str| {
        p.contains('<') || p.contains('*') || p.chars().any(|c| c.is_ascii_uppercase()) && p.to_uppercase() == p
    };
    let fits = |name: &str, pat: &str| {
        if wild(pat.split('.').next().unwrap_or(pat)) {
            // `NAME.lua`, `<game>.yaml`, `*.txt`: any name with that extension.
            pat.find('.').is_none_or(|i| name.ends_with(&pat[i..]))
        } else {
            name == pat
        }
    };
    paths.iter().any(|p| {
        let names: Vec<&str> = p.split('/').collect();
        names.len() >= parts.len() && names[names.len() - parts.len()..].iter().zip(&parts).all(|(n, pat)| fits(n, pat))
    })
}

#[test]
fn every_file_architecture_md_names_exists() {
    let root = repo();
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut paths = Vec::new();
    tree(&root, "", &mut paths);
    let mut missing = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for (k, word) in line.split('`').enumerate() {
            if k % 2 == 1 && names_a_path(word) && !found(word, &paths) {
                missing.push(format!("ARCHITECTURE.md:{}: `{word}`", i + 1));
            }
        }
    }
    assert!(missing.is_empty(), "names of files that are not in the tree:\n{}", missing.join("\n"));
}

#[test]
fn every_module_doc_names_its_files() {
    let root = repo();
    let mut missing = Vec::new();
    for src in ["engine/src", "repl/src"] {
        let mut dirs = vec![root.join(src)];
        while let Some(dir) = dirs.pop() {
            let mut files = Vec::new();
            for e in std::fs::read_dir(&dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    dirs.push(p);
                } else {
                    files.push(p);
                }
            }
            let Some(module) = files.iter().find(|p| p.ends_with("mod.rs")) else { continue };
            let doc: String = std::fs::read_to_string(module)
                .unwrap()
                .lines()
                .filter_map(|l| l.trim_start().strip_prefix("//!"))
                .collect::<Vec<_>>()
                .join(" ");
            for f in &files {
                let name = f.file_name().unwrap().to_str().unwrap();
                let code = name.ends_with(".rs") || name.ends_with(".lua");
                if code && name != "mod.rs" && !name.starts_with("tests") && !doc.contains(name) {
                    missing.push(format!(
                        "{}: its //! does not name {name}",
                        module.strip_prefix(&root).unwrap().display()
                    ));
                }
            }
        }
    }
    missing.sort();
    assert!(missing.is_empty(), "module docs that do not list their files:\n{}", missing.join("\n"));
}

/// Every shipped game's DECISIONS.md has a "Files" section that names each Lua file of its
/// folder (a helper under a folder it names, such as `bots/sharp/`, counts as named).
#[test]
fn every_games_files_section_names_its_files() {
    let scripts = repo().join("scripts");
    let mut missing = Vec::new();
    for e in std::fs::read_dir(&scripts).unwrap() {
        let dir = e.unwrap().path();
        let game = dir.file_name().unwrap().to_str().unwrap().to_string();
        if !dir.is_dir() || game == "lib" || game == "types" {
            continue;
        }
        let text = std::fs::read_to_string(dir.join("DECISIONS.md")).unwrap_or_default();
        let Some(at) = text.find("\n## Files") else {
            missing.push(format!("scripts/{game}/DECISIONS.md: no \"## Files\" section"));
            continue;
        };
        let rest = &text[at + 1..];
        let section = &rest[..rest[1..].find("\n## ").map_or(rest.len(), |i| i + 1)];
        let mut files = Vec::new();
        tree(&dir, "", &mut files);
        for f in files.iter().filter(|f| f.ends_with(".lua")) {
            let name = f.rsplit('/').next().unwrap();
            let folder = f.rfind('/').map(|i| &f[..=i]);
            let named = section.contains(f.as_str())
                || section.contains(&format!("`{name}`"))
                || section.contains(&format!("/{name}`"))
                || folder.is_some_and(|d| section.contains(d));
            if !named {
                missing.push(format!("scripts/{game}/DECISIONS.md: Files does not name {f}"));
            }
        }
    }
    missing.sort();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
