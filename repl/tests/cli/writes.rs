//! Issue 22, items 4 and 6 through the command: every file posse writes goes where it
//! should (a symlink written through, devices and FIFOs refused and left as they were,
//! `posse new` taking ids and never a path), and pictures are bounded whatever a map's
//! proportions (the `tallmap` fixture: a map 1 wide and 1000 high, and one 10^15 high).

use super::*;

fn is_link(p: &Path) -> bool {
    std::fs::symlink_metadata(p).expect("there").file_type().is_symlink()
}

#[cfg(unix)]
fn mkfifo(p: &Path) {
    let c = std::ffi::CString::new(p.to_str().expect("utf-8")).expect("no NUL");
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "mkfifo {}", p.display());
}

/// The FIFO at `p` opened for reading without waiting: while it is held, a write that
/// opened the FIFO (what posse must not do) would not block the test but leave its text
/// here to be found.
#[cfg(unix)]
fn reader(p: &Path) -> std::fs::File {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(p).expect("the FIFO opens")
}

/// What was written into a FIFO held by [`reader`].
#[cfg(unix)]
fn unread(r: &mut std::fs::File) -> Vec<u8> {
    use std::io::Read;
    let mut buf = vec![0; 1 << 16];
    match r.read(&mut buf) {
        Ok(n) => buf[..n].to_vec(),
        Err(_) => Vec::new(),
    }
}

#[cfg(unix)]
fn is_fifo(p: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(p).expect("there").file_type().is_fifo()
}

#[cfg(unix)]
#[test]
fn save_writes_through_a_symlink_and_refuses_a_fifo_and_dev_null() {
    let dir = scratch("writes-save");
    std::fs::write(dir.join("real.yaml"), "old\n").unwrap();
    std::os::unix::fs::symlink("real.yaml", dir.join("link.yaml")).unwrap();
    mkfifo(&dir.join("pipe"));
    let (link, pipe) = (dir.join("link.yaml"), dir.join("pipe"));
    let mut held = reader(&pipe);
    let input = format!(":save {}\n:save {}\n:save /dev/null\n:quit\n", link.display(), pipe.display());
    let o = posse(&["play", "hilo", "--seed", "1", "--bot", "2=random"], &input);
    let (out, err) = (stdout(&o), stderr(&o));
    assert!(out.contains(&format!("saved 0 choices to {}", link.display())), "{out}{err}");
    assert!(is_link(&link), "the link stays a link");
    let saved = std::fs::read_to_string(dir.join("real.yaml")).unwrap();
    assert!(saved.starts_with("posse_save:") && saved.contains("game: hilo"), "{saved}");
    assert!(
        err.contains(&format!("{}: cannot save here: it is a FIFO (a named pipe), not a regular file", pipe.display())),
        "{err}"
    );
    assert!(err.contains("/dev/null: cannot save here: it is a device, not a regular file"), "{err}");
    assert!(is_fifo(&pipe), "the FIFO is left as it was");
    assert!(unread(&mut held).is_empty(), "nothing was written into the FIFO");
    // No lock file and no temporary file beside any of them.
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into()).collect();
    names.sort();
    assert_eq!(names, ["link.yaml", "pipe", "real.yaml"]);
    // --save: refused before the game starts.
    let o = posse(&["play", "hilo", "--seed", "1", "--save", pipe.to_str().unwrap()], "");
    assert!(!o.status.success(), "{}", stdout(&o));
    assert!(stderr(&o).contains("cannot save here: it is a FIFO"), "{}", stderr(&o));
    assert!(is_fifo(&pipe));
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(unix)]
#[test]
fn svg_writes_through_a_symlink_and_refuses_a_fifo() {
    let dir = scratch("writes-svg");
    let town = fixtures().join("zonemap");
    mkfifo(&dir.join("pipe"));
    std::os::unix::fs::symlink("pictures/town.svg", dir.join("latest.svg")).unwrap();
    std::fs::create_dir(dir.join("pictures")).unwrap();
    let (pipe, latest) = (dir.join("pipe"), dir.join("latest.svg"));
    let mut held = reader(&pipe);
    let o = posse_in(&town, &["svg", "town", "--output", pipe.to_str().unwrap()], "");
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("pipe: cannot write: it is a FIFO (a named pipe), not a regular file"),
        "{}",
        stderr(&o)
    );
    assert!(is_fifo(&pipe));
    let o = posse_in(&town, &["svg", "town", "--output", latest.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(is_link(&latest));
    assert!(std::fs::read_to_string(dir.join("pictures/town.svg")).unwrap().contains("<svg "));
    // :svg in the REPL: the same.
    std::fs::remove_file(dir.join("pictures/town.svg")).unwrap();
    let input = format!(":svg {}\n:svg {}\n4\n", pipe.display(), latest.display());
    let o = posse_in(&town, &["play", "town", "--seed", "1"], &input);
    assert!(stderr(&o).contains(&format!(":svg: cannot write {}: it is a FIFO", pipe.display())), "{}", stderr(&o));
    assert!(is_fifo(&pipe) && is_link(&latest));
    assert!(std::fs::read_to_string(dir.join("pictures/town.svg")).unwrap().contains("<svg "));
    assert!(unread(&mut held).is_empty(), "nothing was written into the FIFO");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn new_takes_ids_never_a_path() {
    let dir = scratch("writes-new");
    let root = dir.join("root");
    std::fs::create_dir_all(root.join("scenarios")).unwrap();
    copy_dir(&project().join("scripts/lib"), &root.join("scripts/lib"));
    // What `posse new ../evil` edited: a game.yaml one folder above scenarios/.
    std::fs::write(root.join("game.yaml"), "id: mine\n").unwrap();
    std::fs::write(dir.join("game.yaml"), "id: mine\n").unwrap();
    for spec in ["../evil", "evil/../x", "/tmp/evil", "/evil", "x/", "", "a/b/c", "./x", "..\\evil"] {
        let o = posse_in(&root, &["new", spec], "");
        assert!(!o.status.success(), "{spec}: {}", stdout(&o));
        assert!(
            stderr(&o).contains(&format!("'{spec}': expected GAME or GAME/VARIANT"))
                && stderr(&o).contains("not a path"),
            "{spec}: {}",
            stderr(&o)
        );
    }
    // A game id the loader would refuse, as GAME or as the game of GAME/VARIANT.
    for spec in ["Evil", "1x", "evil-game", "Evil/quick"] {
        let o = posse_in(&root, &["new", spec], "");
        assert!(stderr(&o).contains("expected lowercase letters, digits and _"), "{spec}: {}", stderr(&o));
    }
    assert_eq!(std::fs::read_to_string(root.join("game.yaml")).unwrap(), "id: mine\n");
    assert_eq!(std::fs::read_to_string(dir.join("game.yaml")).unwrap(), "id: mine\n");
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into()).collect();
    names.sort();
    assert_eq!(names, ["game.yaml", "root"], "nothing written beside the root");
    assert_eq!(std::fs::read_dir(root.join("scenarios")).unwrap().count(), 0, "nothing written under it");
    let _ = std::fs::remove_dir_all(dir);
}

/// `posse new` writes two files outside the new game's folders (its data's class and its
/// golden playthrough): a file or a link already at either path is another game's, and
/// the new game is refused before anything is written.
#[test]
fn new_replaces_no_file_of_another_game() {
    let dir = scratch("writes-new-taken");
    let root = dir.join("root");
    std::fs::create_dir_all(root.join("scenarios")).unwrap();
    copy_dir(&project().join("scripts/lib"), &root.join("scripts/lib"));
    let precious = dir.join("precious.txt");
    std::fs::write(&precious, "keep me\n").unwrap();
    for (id, taken) in [("first", "tests/playthroughs/first-2p-seed1.txt"), ("second", "scripts/types/data/second.lua")]
    {
        let link = root.join(taken);
        std::fs::create_dir_all(link.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(&precious, &link).unwrap();
        let o = posse_in(&root, &["new", id], "");
        assert!(!o.status.success(), "{id}: {}", stdout(&o));
        assert!(stderr(&o).contains("already there; a new game needs a new id"), "{id}: {}", stderr(&o));
        assert!(!root.join("scenarios").join(id).exists() && !root.join("scripts").join(id).exists(), "{id}");
    }
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me\n");
    let _ = std::fs::remove_dir_all(dir);
}

fn tallmap(args: &[&str], input: &str) -> Output {
    posse_in(&fixtures().join("tallmap"), args, input)
}

/// The shown `width` and `height` of an SVG's root element.
fn shown_size(svg: &str) -> (f64, f64) {
    let head = &svg[svg.find("<svg ").expect("an svg")..];
    let head = &head[..head.find('>').expect("closed")];
    let attr = |name: &str| -> f64 {
        let at = head.find(&format!(" {name}=\"")).unwrap_or_else(|| panic!("{name}: {head}")) + name.len() + 3;
        head[at..at + head[at..].find('"').unwrap()].parse().unwrap_or_else(|_| panic!("a number: {head}"))
    };
    (attr("width"), attr("height"))
}

#[test]
fn a_map_10_to_the_15_high_is_refused_at_load_by_every_command() {
    for args in [&["svg", "towering"][..], &["play", "towering", "--seed", "1"], &["check", "towering"]] {
        let o = tallmap(args, ":map\n");
        assert!(!o.status.success(), "{args:?}");
        let err = stderr(&o) + &stdout(&o);
        assert!(
            err.contains(
                "scenarios/towering/map.yaml:2: board: 1 x 1000000000000000: a zone map is at most 1000 units"
            ),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_map_1_wide_and_1000_high_draws_bounded_pictures() {
    let dir = scratch("writes-tall");
    let file = dir.join("tall.svg");
    let o = tallmap(&["play", "tall", "--seed", "1"], &format!(":map\n:svg {}\n2\n", file.display()));
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let top = lines.iter().position(|l| l.ends_with("tall: tall (2 zones), the view of p1")).expect("the title");
    let legend = lines.iter().position(|l| l.starts_with("= | wall")).expect("the legend");
    assert!(legend - top - 1 <= 100, "{} rows of grid:\n{out}", legend - top - 1);
    assert!(lines[top + 1..legend].iter().all(|l| l.chars().count() <= 80), "{out}");
    let svg = std::fs::read_to_string(&file).expect("written");
    let (w, h) = shown_size(&svg);
    assert!(w <= 16384.0 && h <= 16384.0, "{w} x {h}");
    let o = tallmap(&["svg", "tall"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let (w, h) = shown_size(&stdout(&o));
    assert!(w <= 16384.0 && h <= 16384.0, "{w} x {h}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `posse scripts --out DIR` empties DIR first: only of what an earlier run wrote.
#[test]
fn scripts_out_empties_only_its_own_folder() {
    let dir = scratch("writes-scripts");
    let (out, other) = (dir.join("blocks"), dir.join("notes"));
    std::fs::create_dir_all(other.join("deep")).unwrap();
    std::fs::write(other.join("deep/precious.txt"), "keep me\n").unwrap();
    let o = posse_in(&project(), &["scripts", "--out", other.to_str().unwrap()], "");
    assert!(!o.status.success(), "{}", stdout(&o));
    assert!(stderr(&o).contains("precious.txt, which posse scripts does not write"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(other.join("deep/precious.txt")).unwrap(), "keep me\n");
    // Its own folder, written twice: the second run empties the first's files.
    for _ in 0..2 {
        let o = posse_in(&project(), &["scripts", "--out", out.to_str().unwrap()], "");
        assert!(o.status.success(), "{}", stderr(&o));
    }
    assert!(out.join(".emmyrc.json").is_file());
    let o = posse_in(&project(), &["scripts", "--out", dir.join("notes/deep/precious.txt").to_str().unwrap()], "");
    assert!(stderr(&o).contains("precious.txt: not a folder"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(dir);
}
