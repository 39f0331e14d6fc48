//! Issue 22, item 4: every file posse writes goes where it should. `savefile::write` (the
//! one write every command uses) writes a regular file crash-safely, writes through a
//! symbolic link to the file it leads to, and refuses devices, FIFOs and folders, leaving
//! them as they were; a save's lock is refused for them before any lock file is made.

use posse::savefile::{self, SaveLock};
use std::path::{Path, PathBuf};

/// A scratch folder for one test, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("issue22-writes-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(dir).expect("listed").flatten().map(|e| e.file_name().to_string_lossy().into()).collect();
    v.sort();
    v
}

fn is_link(p: &Path) -> bool {
    std::fs::symlink_metadata(p).expect("there").file_type().is_symlink()
}

#[cfg(unix)]
fn symlink(to: &str, at: &Path) {
    std::os::unix::fs::symlink(to, at).expect("link made");
}

#[cfg(unix)]
#[test]
fn a_symlink_is_written_through_and_stays_a_link() {
    let dir = scratch("link");
    std::fs::create_dir(dir.join("saves")).expect("folder");
    std::fs::write(dir.join("saves/game.yaml"), b"old\n").expect("written");
    // A relative link in another folder, read from the link's own folder.
    symlink("saves/game.yaml", &dir.join("latest.yaml"));
    savefile::write(&dir.join("latest.yaml"), b"new\n").expect("written through");
    assert!(is_link(&dir.join("latest.yaml")), "the link must stay a link");
    assert_eq!(std::fs::read(dir.join("saves/game.yaml")).expect("read"), b"new\n");
    // The temporary file was made and renamed in the target's folder: nothing is left.
    assert_eq!(names(&dir), ["latest.yaml", "saves"]);
    assert_eq!(names(&dir.join("saves")), ["game.yaml"]);
}

#[cfg(unix)]
#[test]
fn a_chain_of_links_and_a_link_to_nothing_yet_lead_to_their_file() {
    let dir = scratch("chain");
    std::fs::write(dir.join("real.svg"), b"old").expect("written");
    symlink("real.svg", &dir.join("b"));
    symlink("b", &dir.join("a"));
    savefile::write(&dir.join("a"), b"new").expect("written through");
    assert!(is_link(&dir.join("a")) && is_link(&dir.join("b")));
    assert_eq!(std::fs::read(dir.join("real.svg")).expect("read"), b"new");
    // A link to a file not yet made: the write makes it, as a shell's `>` does.
    symlink("later.csv", &dir.join("c"));
    savefile::write(&dir.join("c"), b"x,y\n").expect("written through");
    assert!(is_link(&dir.join("c")));
    assert_eq!(std::fs::read(dir.join("later.csv")).expect("read"), b"x,y\n");
    assert_eq!(names(&dir), ["a", "b", "c", "later.csv", "real.svg"]);
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_and_left_as_it_was() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("fifo");
    let fifo = dir.join("pipe");
    let c = std::ffi::CString::new(fifo.to_str().expect("utf-8")).expect("no NUL");
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "mkfifo");
    let e = savefile::write(&fifo, b"new\n").expect_err("a FIFO is refused").to_string();
    assert!(e.contains("a FIFO") && e.contains("not a regular file"), "{e}");
    assert!(std::fs::symlink_metadata(&fifo).expect("there").file_type().is_fifo(), "the FIFO is left as it was");
    // Through a link too, and the message says where the link leads.
    symlink("pipe", &dir.join("out.csv"));
    let e = savefile::write(&dir.join("out.csv"), b"new\n").expect_err("refused").to_string();
    assert!(e.contains("it leads to") && e.contains("pipe, a FIFO"), "{e}");
    assert!(is_link(&dir.join("out.csv")));
    // A save's lock is refused before a lock file is made beside it.
    let e = SaveLock::acquire(&fifo).expect_err("refused").to_string();
    assert!(e.contains("pipe: cannot save here: it is a FIFO"), "{e}");
    assert_eq!(names(&dir), ["out.csv", "pipe"]);
}

/// A device node in the scratch folder (a copy of `/dev/null`, made as root); `None` where
/// devices cannot be made.
#[cfg(unix)]
fn device(dir: &Path) -> Option<PathBuf> {
    let node = dir.join("null");
    let c = std::ffi::CString::new(node.to_str()?).ok()?;
    let made = unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 3)) };
    (made == 0).then_some(node)
}

#[cfg(unix)]
#[test]
fn a_device_is_refused_and_left_as_it_was() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("device");
    let is_device = |p: &Path| std::fs::symlink_metadata(p).expect("there").file_type().is_char_device();
    if let Some(node) = device(&dir) {
        let e = savefile::write(&node, b"new\n").expect_err("a device is refused").to_string();
        assert!(e.contains("it is a device, not a regular file"), "{e}");
        assert!(is_device(&node), "the device is left as it was");
        assert_eq!(names(&dir), ["null"]);
    }
}

#[cfg(unix)]
#[test]
fn the_machines_dev_null_and_dev_stdout_are_refused() {
    use std::os::unix::fs::FileTypeExt;
    let is_device = |p: &Path| std::fs::symlink_metadata(p).expect("there").file_type().is_char_device();
    // The machine's own: refused before anything is tried (as root a rename would replace it).
    let e = savefile::write(Path::new("/dev/null"), b"new\n").expect_err("refused").to_string();
    assert!(e.contains("it is a device, not a regular file"), "{e}");
    assert!(is_device(Path::new("/dev/null")));
    // `/dev/stdout` is a link to whatever standard output is: never a regular file here
    // unless redirected to one, and then the write goes to that file.
    if std::fs::metadata("/dev/stdout").is_ok_and(|m| !m.is_file()) {
        let e = savefile::write(Path::new("/dev/stdout"), b"new\n").expect_err("refused").to_string();
        assert!(e.contains("it leads to") && e.contains("not a regular file"), "{e}");
        let e = SaveLock::acquire(Path::new("/dev/stdout")).expect_err("refused").to_string();
        assert!(e.starts_with("/dev/stdout: cannot save here: it leads to"), "{e}");
        assert!(std::fs::symlink_metadata("/dev/stdout.lock").is_err(), "no lock file beside a device");
    }
}

#[test]
fn a_folder_is_refused_and_left_as_it_was() {
    let dir = scratch("folder");
    std::fs::create_dir(dir.join("out.html")).expect("folder");
    let e = savefile::write(&dir.join("out.html"), b"<html>").expect_err("refused").to_string();
    assert!(e.contains("it is a folder, not a regular file"), "{e}");
    assert!(dir.join("out.html").is_dir());
    assert_eq!(names(&dir), ["out.html"]);
}

#[cfg(unix)]
#[test]
fn a_replaced_file_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("mode");
    let save = dir.join("private.yaml");
    std::fs::write(&save, b"old\n").expect("written");
    std::fs::set_permissions(&save, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    savefile::write(&save, b"new\n").expect("written");
    assert_eq!(std::fs::metadata(&save).expect("there").permissions().mode() & 0o777, 0o600);
}

#[cfg(unix)]
#[test]
fn two_links_to_one_save_share_its_lock() {
    let dir = scratch("locks");
    std::fs::write(dir.join("game.yaml"), b"old\n").expect("written");
    symlink("game.yaml", &dir.join("other.yaml"));
    let held = SaveLock::acquire(&dir.join("other.yaml")).expect("locked");
    assert!(held.guards(&dir.join("game.yaml")), "the link and its file are one save");
    let e = SaveLock::acquire(&dir.join("game.yaml")).expect_err("a second writer").to_string();
    assert!(e.contains("another posse is saving to this file"), "{e}");
    drop(held);
    assert_eq!(names(&dir), ["game.yaml", "other.yaml"]);
}

#[cfg(unix)]
#[test]
fn a_link_in_the_lock_files_place_is_refused_and_left() {
    let dir = scratch("lock-link");
    std::fs::write(dir.join("elsewhere"), b"keep\n").expect("written");
    symlink("elsewhere", &dir.join("game.yaml.lock"));
    let e = SaveLock::acquire(&dir.join("game.yaml")).expect_err("refused").to_string();
    assert!(e.contains("cannot make the lock file") && e.contains("game.yaml.lock"), "{e}");
    assert!(is_link(&dir.join("game.yaml.lock")), "the link is left as it was");
    assert_eq!(std::fs::read(dir.join("elsewhere")).expect("read"), b"keep\n");
    assert_eq!(names(&dir), ["elsewhere", "game.yaml.lock"]);
}

#[test]
fn a_save_over_a_lock_file_is_refused_and_the_lock_stays_held() {
    let dir = scratch("lock-as-save");
    let held = SaveLock::acquire(&dir.join("game.yaml")).expect("locked");
    let e = SaveLock::acquire(&dir.join("game.yaml.lock")).expect_err("a lock file is no save").to_string();
    assert!(e.contains("is the lock of the save"), "{e}");
    let e = SaveLock::acquire(&dir.join("game.yaml")).expect_err("still held").to_string();
    assert!(e.contains("another posse is saving to this file"), "{e}");
    drop(held);
}
