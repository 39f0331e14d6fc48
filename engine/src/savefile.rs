//! Every file posse writes, written whole and only where it should go; save files that
//! survive a second writer.
//!
//! [`write`] is the one way posse writes a file: saves, SVGs, CSV, HTML and JSON reports,
//! shards, a new game's files, the Lua checker's files. A file is replaced, never
//! rewritten in place: the new text goes in a temporary file in the file's folder, is
//! flushed and synced, and is renamed over the file (then the folder is synced, on Unix).
//! A rename within a folder is atomic, so whoever reads the file, and whatever kills the
//! writer at whatever moment, finds the old file or the new one, never an empty or
//! half-written file. Each write has a temporary file of its own (the process id and a
//! counter in its name, created exclusively), so a temporary file left by a killed run
//! never stands in the way of the next write.
//!
//! Only regular files are written. A symbolic link is followed (every link of a chain) to
//! the file it names, and that file is replaced in its own folder, so the link stays a
//! link and the file it names gets the text. A path that is, or leads to, anything else
//! (a device such as `/dev/stdout` or `/dev/null`, a FIFO, a socket, a folder) is refused
//! with an error saying what it is, and is left as it was: a rename over it would replace
//! the device itself, which as root is the machine's. [`target`] says where a write to a
//! path would land, or why it would be refused. A file replaced keeps its permissions.
//!
//! Two processes writing one save would each replace the other's game. A [`SaveLock`]
//! prevents that: an exclusive lock (`File::try_lock`) on a lock file beside the save,
//! `NAME.lock` for `NAME` (the save itself is replaced by every write, so it cannot
//! carry a lock; for a link, beside the file it leads to, so two links to one save share
//! a lock). A path [`write`] would refuse is refused before any lock file is made, and
//! the lock file itself is never opened through a link nor used unless it is a regular
//! file. The REPL holds it for the whole life of a `--save` session and takes it for the
//! moment of a `:save`; a second writer is refused with a message naming the file. The operating system releases the lock when its holder dies, so a lock file
//! left by a killed run is only a file: the next run opens it and locks it.
//!
//! On Unix the lock file is removed when the lock is dropped, so finished games leave no
//! trace. Removing it opens a race: a second process may have opened the file before it
//! was removed and lock it after, while a third creates a new file under the name and
//! locks that one too. So a lock is only taken once the path still names the very file
//! locked (same device and inode); otherwise the file was removed meanwhile and the
//! lock is taken again on the file the path names now. Elsewhere the lock file is left
//! in place (it blocks nothing) rather than removed without that check.

use crate::diag::Error;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to the file at `path`, as every file posse writes is written: crash-safely
/// (after a crash at any moment the file holds either its old text or `bytes`, never a part
/// of either), and only to a regular file. A symbolic link is written through: the file it
/// leads to is replaced in its own folder and the link stays. A path that is or leads to a
/// device, a FIFO, a socket or a folder is refused with an error saying so, and nothing is
/// written. Errors do not name `path`: callers say `PATH: cannot write: ERROR`.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = target(path)?;
    let (dir, name) = split(&target)?;
    let (tmp, mut file) = temporary(&dir, &name).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => io::Error::new(e.kind(), format!("there is no folder {}", dir.display())),
        _ => e,
    })?;
    let written = (|| {
        // A file replaced keeps its permissions (a private save stays private).
        if let Ok(m) = std::fs::metadata(&target) {
            file.set_permissions(m.permissions())?;
        }
        file.write_all(bytes)?;
        file.flush()?;
        // Durability against power loss: without this sync the rename may reach the disk
        // before the data, and a machine that loses power can come back with an empty
        // save. A killed process needs only the rename (the kernel keeps what it was
        // given). Measured (docs/performance.md, "Saving"): the syncs cost about a quarter
        // of a millisecond a save, which no person notices; an all-bot game with `--save`
        // takes about twice as long (0.26 s instead of 0.12 s for 600 decisions), and a
        // batch that wants speed does not save every step. So every save is synced.
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, &target)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    sync_folder(&dir);
    Ok(())
}

/// Where [`write`] would put a file written to `path`: `path` itself when it is a regular
/// file or nothing yet; the end of its chain of symbolic links when it is one (a regular
/// file, or nothing yet); otherwise an error that says what the path is or leads to
/// (a device, a FIFO, a socket, a folder, a loop of links).
pub fn target(path: &Path) -> io::Result<PathBuf> {
    let refuse = |msg: String| io::Error::new(io::ErrorKind::InvalidInput, msg);
    let only = "not a regular file; posse writes only regular files";
    let kind = match std::fs::symlink_metadata(path) {
        Ok(m) => m.file_type(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(path.to_path_buf()),
        Err(e) => return Err(e),
    };
    if kind.is_file() {
        return Ok(path.to_path_buf());
    }
    if !kind.is_symlink() {
        return Err(refuse(format!("it is {}, {only}", describe(&kind))));
    }
    // A link: what the system finds at its end (this also reads links such as
    // `/dev/stdout` that name an open file rather than a path).
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => std::fs::canonicalize(path),
        Ok(m) => {
            let what = describe(&m.file_type());
            Err(refuse(match std::fs::canonicalize(path) {
                Ok(end) => format!("it leads to {}, {what}, {only}", end.display()),
                Err(_) => format!("it leads to {what}, {only}"),
            }))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => dangling(path),
        Err(e) => Err(e),
    }
}

/// The path at the end of the chain of links from `path`, where nothing is yet: a write
/// there makes the file the links lead to.
fn dangling(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {}
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(at),
            Err(e) => return Err(e),
        }
        let to = std::fs::read_link(&at)?;
        // A relative link is read from the folder the link is in.
        at = match at.parent() {
            Some(dir) if to.is_relative() => dir.join(to),
            _ => to,
        };
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("its links lead nowhere a file can be written ({})", at.display()),
    ))
}

/// The most symbolic links [`target`] follows (what Linux follows in one path).
const MAX_LINKS: usize = 40;

/// What a file that is neither a regular file nor a link is, for a person.
fn describe(kind: &std::fs::FileType) -> &'static str {
    if kind.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_fifo() {
            return "a FIFO (a named pipe)";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "not a file"
}

/// An exclusive lock on a save file, held until dropped. See the module's notes.
#[derive(Debug)]
pub struct SaveLock {
    save: PathBuf,
    /// The lock file, its folder made absolute (to compare locks on one save).
    lock: PathBuf,
    file: File,
}

impl SaveLock {
    /// Locks the save at `save` for this process, or says why not: another process holds
    /// it (an [`Error::Save`] naming the save and the lock file), or the lock file cannot
    /// be made. Leftover temporary files of killed writers beside the save are removed.
    pub fn acquire(save: &Path) -> Result<SaveLock, Error> {
        let cannot = |e: io::Error| Error::Save(format!("{}: cannot lock the save: {e}", save.display()));
        // Refused before a lock file is made: no `/dev/stdout.lock` beside a device.
        let file = target(save).map_err(|e| Error::Save(format!("{}: cannot save here: {e}", save.display())))?;
        let (dir, name) = split(&file).map_err(cannot)?;
        // A save over a lock file would take another save's lock away from its holder.
        if name.ends_with(".lock") {
            return Err(Error::Save(format!(
                "{}: a NAME.lock file is the lock of the save NAME, not a save: save under another name",
                save.display()
            )));
        }
        let dir = dir.canonicalize().map_err(cannot)?;
        let lock = dir.join(format!("{name}.lock"));
        // A handful of tries: each retry means a holder removed the file just then.
        for _ in 0..16 {
            let file = open_lock(&lock).map_err(|e| {
                Error::Save(format!("{}: cannot make the lock file {}: {e}", save.display(), lock.display()))
            })?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    return Err(Error::Save(format!(
                        "{}: another posse is saving to this file (it holds {}); end that game or save elsewhere",
                        save.display(),
                        lock.display()
                    )))
                }
                Err(TryLockError::Error(e)) => return Err(cannot(e)),
            }
            if names_file(&lock, &file) {
                remove_leftovers(&dir, &name);
                return Ok(SaveLock { save: save.to_path_buf(), lock, file });
            }
        }
        Err(Error::Save(format!(
            "{}: cannot lock the save: its lock file {} keeps changing",
            save.display(),
            lock.display()
        )))
    }

    /// The save this lock guards, as given to [`SaveLock::acquire`].
    pub fn save_path(&self) -> &Path {
        &self.save
    }

    /// Whether `path` names the save this lock guards (the same folder and file name, once
    /// links are followed).
    pub fn guards(&self, path: &Path) -> bool {
        match target(path).and_then(|t| split(&t)) {
            Ok((dir, name)) => dir.canonicalize().is_ok_and(|d| d.join(format!("{name}.lock")) == self.lock),
            Err(_) => false,
        }
    }
}

impl Drop for SaveLock {
    fn drop(&mut self) {
        // Removed while still locked; see the module's notes for why that is safe.
        if cfg!(unix) && names_file(&self.lock, &self.file) {
            let _ = std::fs::remove_file(&self.lock);
        }
        let _ = self.file.unlock();
    }
}

/// Opens (or makes) the lock file at `lock`, never truncated. It must be a regular file of
/// its own: on Unix a link in its place is not followed (a planted link would have the
/// lock make or, when dropped, remove nothing of posse's), and anything but a regular
/// file is refused.
fn open_lock(lock: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(lock)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "it is not a regular file"));
    }
    Ok(file)
}

/// The folder of `path` (`.` for a bare name) and its file name.
fn split(path: &Path) -> io::Result<(PathBuf, String)> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((dir, name.to_string()))
}

/// Numbers the temporary files of this process.
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// A new temporary file beside the save: `.NAME.PID-N.tmp`, created exclusively.
fn temporary(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            // A leftover of a killed run that had this process's id: take the next name.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1 << 20 => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Whether `name` is one of the temporary files [`temporary`] makes for `save`.
fn is_temporary(name: &str, save: &str) -> bool {
    let Some(rest) = name.strip_prefix('.').and_then(|r| r.strip_prefix(save)) else { return false };
    let Some(tail) = rest.strip_prefix('.').and_then(|r| r.strip_suffix(".tmp")) else { return false };
    let Some((pid, n)) = tail.split_once('-') else { return false };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(pid) && digits(n)
}

/// Removes temporary files of `save` left by killed writers. Called with the lock held:
/// every posse writing this save holds the lock, so none of them is writing now.
fn remove_leftovers(dir: &Path, save: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        if e.file_name().to_str().is_some_and(|n| is_temporary(n, save)) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Whether `path` still names `file` (Unix: the same device and inode). Elsewhere the
/// lock file is never removed, so it always does.
#[cfg(unix)]
fn names_file(path: &Path, file: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(path), file.metadata()) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn names_file(_path: &Path, _file: &File) -> bool {
    true
}

/// Syncs the folder, so the rename itself survives a power loss (Unix; elsewhere a
/// folder cannot be opened as a file). A failure here loses nothing a crash would not.
fn sync_folder(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch folder for one test, emptied first.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("posse-savefile-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        dir
    }

    fn files(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> =
            std::fs::read_dir(dir).expect("listed").flatten().map(|e| e.file_name().to_string_lossy().into()).collect();
        v.sort();
        v
    }

    #[test]
    fn a_write_replaces_the_file_and_leaves_nothing_else() {
        let dir = scratch("replace");
        let save = dir.join("g.yaml");
        write(&save, b"first\n").expect("written");
        write(&save, b"second, longer\n").expect("written");
        write(&save, b"3\n").expect("written");
        assert_eq!(std::fs::read(&save).expect("read"), b"3\n");
        assert_eq!(files(&dir), ["g.yaml"]);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_leftover_temporary_file_does_not_stop_the_next_write() {
        let dir = scratch("leftover");
        let save = dir.join("g.yaml");
        write(&save, b"old\n").expect("written");
        // What a run killed mid-write leaves, under the very names this process uses next.
        let next = COUNTER.load(Ordering::Relaxed);
        for n in next..next + 8 {
            std::fs::write(dir.join(format!(".g.yaml.{}-{n}.tmp", std::process::id())), b"half").expect("written");
        }
        std::fs::write(dir.join(".g.yaml.1-0.tmp"), b"ha").expect("written");
        write(&save, b"new\n").expect("written");
        assert_eq!(std::fs::read(&save).expect("read"), b"new\n");
        // Taking the lock clears them away (no writer can be using them then).
        let lock = SaveLock::acquire(&save).expect("locked");
        assert_eq!(files(&dir), ["g.yaml", "g.yaml.lock"]);
        drop(lock);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = scratch("failed");
        let save = dir.join("g.yaml");
        write(&save, b"old\n").expect("written");
        // A folder in the save's place: the rename fails, the temporary file goes away.
        let blocked = dir.join("sub");
        std::fs::create_dir_all(blocked.join("x")).expect("folder");
        assert!(write(&blocked, b"new\n").is_err());
        assert!(write(&dir.join("missing/g.yaml"), b"new\n").is_err());
        assert_eq!(std::fs::read(&save).expect("read"), b"old\n");
        assert_eq!(files(&dir), ["g.yaml", "sub"]);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn temporary_names_are_recognised_exactly() {
        assert!(is_temporary(".g.yaml.12-0.tmp", "g.yaml"));
        assert!(!is_temporary(".g.yaml.12-0.tmp", "g.yam"));
        assert!(!is_temporary(".g.yaml.12.tmp", "g.yaml"));
        assert!(!is_temporary("g.yaml.12-0.tmp", "g.yaml"));
        assert!(!is_temporary(".g.yaml.x-0.tmp", "g.yaml"));
        assert!(!is_temporary(".g.yaml.lock", "g.yaml"));
    }

    #[test]
    fn a_second_lock_is_refused_until_the_first_is_dropped() {
        let dir = scratch("lock");
        let save = dir.join("g.yaml");
        let first = SaveLock::acquire(&save).expect("locked");
        assert!(first.guards(&save));
        assert!(first.guards(&dir.join(".").join("g.yaml")));
        assert!(!first.guards(&dir.join("h.yaml")));
        // A lock is per open file, so a second one is refused in this process too.
        let e = SaveLock::acquire(&save).expect_err("refused").to_string();
        assert!(e.contains("g.yaml: another posse is saving to this file"), "{e}");
        assert!(e.contains("g.yaml.lock"), "{e}");
        assert_eq!(e.lines().count(), 1, "{e}");
        drop(first);
        assert_eq!(files(&dir), Vec::<String>::new(), "the lock file goes with the lock");
        let again = SaveLock::acquire(&save).expect("free again");
        drop(again);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_stale_lock_file_blocks_nothing() {
        let dir = scratch("stale");
        let save = dir.join("g.yaml");
        // What a killed run leaves: the file, without the lock (the OS released it).
        std::fs::write(dir.join("g.yaml.lock"), b"").expect("written");
        let lock = SaveLock::acquire(&save).expect("locked");
        drop(lock);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_on_a_file_removed_meanwhile_is_taken_again() {
        let dir = scratch("race");
        let save = dir.join("g.yaml");
        let lock = dir.join("g.yaml.lock");
        // The race: this process opened the lock file, then its holder removed it.
        let opened = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&lock).expect("made");
        std::fs::remove_file(&lock).expect("removed");
        opened.try_lock().expect("the removed file locks");
        assert!(!names_file(&lock, &opened));
        // Acquiring makes and locks the file the path names now, despite the other lock.
        let held = SaveLock::acquire(&save).expect("locked");
        assert!(names_file(&lock, &held.file));
        drop(held);
        drop(opened);
        let _ = std::fs::remove_dir_all(dir);
    }
}
