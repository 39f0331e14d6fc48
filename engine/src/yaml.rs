//! Reading YAML that nobody vouches for: content files and saves.
//!
//! Two things are bounded before serde sees a byte. The size: a file is read only up to
//! its limit, so `/dev/zero` or a huge file is refused at once, and only regular files are
//! read (a FIFO would wait forever). The depth: the YAML parser's work grows with the
//! square of the nesting depth (every token looks at every open flow collection), so a
//! 200 KB file of `{a: {a: ...` takes it minutes; [`check_depth`] walks the parser's
//! events itself and stops at [`YAML_DEPTH`], having done work proportional to the file
//! times that depth at most.
//!
//! The same walk gives positions: [`Positions`] maps each node's path (`counters`, item 3,
//! `visibility`) to where the parser saw its key and its value, built once per file, so a
//! problem found in a value serde read is reported where that value is written, never at
//! a line found by searching the text for a word.

use crate::limits::YAML_DEPTH;
use std::io::Read;
use std::mem::MaybeUninit;
use std::path::Path;
use unsafe_libyaml_norway as unsafe_libyaml;

/// Why a file could not be read as text: the 1-based line at fault (0: the whole file)
/// and what is wrong, without the file's name (the caller names it as its messages do).
#[derive(Debug)]
pub struct ReadError {
    pub line: usize,
    pub message: String,
    pub kind: ReadFault,
}

/// What kind of problem a [`ReadError`] is, for callers that treat one apart (a file too
/// large for what is left of a game's budget).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadFault {
    /// It cannot be opened or read, or it is not a regular file.
    Unreadable,
    /// It is longer than the limit.
    TooLarge,
    /// It is not UTF-8.
    NotText,
}

/// Reads `path` as UTF-8 text of at most `limit` bytes.
pub fn read_limited(path: &Path, limit: u64) -> Result<String, ReadError> {
    let whole = |message: String| ReadError { line: 0, message, kind: ReadFault::Unreadable };
    let file = std::fs::File::open(path).map_err(|e| whole(format!("cannot read: {e}")))?;
    let meta = file.metadata().map_err(|e| whole(format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(whole("cannot read: not a regular file".into()));
    }
    let too_big = |n: u64| ReadError {
        kind: ReadFault::TooLarge,
        ..whole(format!("{n} bytes is too large (at most {} MiB)", limit >> 20))
    };
    if meta.len() > limit {
        return Err(too_big(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(|e| whole(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(too_big(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = at - before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
        ReadError { line, message: format!("not UTF-8 text (byte {column} of the line)"), kind: ReadFault::NotText }
    })
}

/// Where a YAML text nests deeper than [`YAML_DEPTH`] collections: the 1-based line and
/// column of the collection that goes too deep. A text the parser rejects for another
/// reason passes: serde reports that error with its own message.
pub fn check_depth(text: &str) -> Result<(), (usize, usize)> {
    walk(text, |_| {})
}

/// A position in a YAML text: 1-based line and column (both 0: nowhere, the whole file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

/// One step of a path into a YAML document: a map's key, or a list's item by index. A
/// key made of digits also names an item of a list (data paths write indices so).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<'a> {
    Key(&'a str),
    Item(usize),
}

/// Where the parser saw each node of a YAML document, by path: built once per file from
/// the parser's events ([`Positions::new`]), then looked up for every problem found.
#[derive(Debug, Clone, Default)]
pub struct Positions {
    nodes: Vec<Node>,
    /// Each map's keys: (the map's node, the key's text in `names`, the key's node),
    /// sorted by map and text, a key written twice first where it is first written.
    keys: Vec<(usize, (usize, usize), usize)>,
    /// The keys' texts, one after the other.
    names: String,
    /// Each list's items: ((the list's node, the index), the item's node), sorted.
    items: Vec<((usize, usize), usize)>,
}

/// A node: where its key is (a list item's is where the item starts), where its value
/// starts, whether it is a list, and whether it is a block scalar (`|` or `>`), whose text
/// starts on the line after its indicator.
#[derive(Debug, Clone, Copy)]
struct Node {
    key: Pos,
    value: Pos,
    list: bool,
    block: bool,
}

impl Positions {
    /// The positions of the first document of `text`, or where it nests too deep (as
    /// [`check_depth`]). Where the parser fails, the positions end: serde reports that.
    pub fn new(text: &str) -> Result<Positions, (usize, usize)> {
        let mut b = Builder::default();
        walk(text, |e| b.event(e))?;
        Ok(b.out.sorted())
    }

    /// Where the key of the node at `path` is written (a list item's start), or, when the
    /// path goes further than the document, the key of the deepest node on it that is
    /// there ([`Pos::default`] for none).
    pub fn key(&self, path: &[Step<'_>]) -> Pos {
        let (node, _) = self.deepest(path);
        self.nodes.get(node).map(|n| n.key).unwrap_or_default()
    }

    /// Where the value at `path` starts, or, when it is not in the document, the key of
    /// the deepest node on the path that is ([`Positions::key`]).
    pub fn value(&self, path: &[Step<'_>]) -> Pos {
        match self.deepest(path) {
            (node, true) => self.nodes.get(node).map(|n| n.value).unwrap_or_default(),
            _ => self.key(path),
        }
    }

    /// The line on which the text of the scalar at `path` starts: the line after `|` or
    /// `>` for a block scalar, its own line otherwise; None when it is not there.
    pub fn text_line(&self, path: &[Step<'_>]) -> Option<usize> {
        match self.deepest(path) {
            (node, true) => self.nodes.get(node).map(|n| n.value.line + usize::from(n.block)),
            _ => None,
        }
    }

    /// Item `i` of list node `list`.
    fn item(&self, list: usize, i: usize) -> Option<usize> {
        self.items.binary_search_by_key(&(list, i), |e| e.0).ok().map(|k| self.items[k].1)
    }

    /// The value of key `key` of map node `map` (where the key is first written).
    fn child(&self, map: usize, key: &str) -> Option<usize> {
        let name = |&(_, (from, to), _): &(usize, (usize, usize), usize)| &self.names[from..to];
        let k = self.keys.partition_point(|e| (e.0, name(e)) < (map, key));
        self.keys.get(k).filter(|e| e.0 == map && name(e) == key).map(|e| e.2)
    }

    /// Sorts the keys and items for lookup, once the document is walked; of a key written
    /// twice in a map, the first stays first (a stable sort).
    fn sorted(mut self) -> Positions {
        let names = std::mem::take(&mut self.names);
        self.keys.sort_by(|x, y| (x.0, &names[x.1 .0..x.1 .1]).cmp(&(y.0, &names[y.1 .0..y.1 .1])));
        self.names = names;
        self.items.sort_unstable();
        self
    }

    /// The deepest node on `path` in the document (the root, 0, when none) and whether it
    /// is the whole path's.
    fn deepest(&self, path: &[Step<'_>]) -> (usize, bool) {
        let mut at = 0;
        for step in path {
            let next = match (*step, self.nodes.get(at)) {
                (Step::Item(i), _) => self.item(at, i),
                (Step::Key(k), Some(n)) if n.list => k.parse().ok().and_then(|i: usize| self.item(at, i)),
                (Step::Key(k), _) => self.child(at, k),
            };
            match next {
                Some(n) => at = n,
                None => return (at, false),
            }
        }
        (at, !self.nodes.is_empty())
    }
}

/// A parser event as [`walk`] hands it on: a node starts (a scalar with its text, a
/// collection, an alias), or a collection ends.
enum Event<'a> {
    Scalar { at: Pos, text: &'a [u8], block: bool },
    Start { at: Pos, list: bool },
    Alias { at: Pos },
    End,
}

/// Builds [`Positions`] from the events of one document.
#[derive(Default)]
struct Builder {
    out: Positions,
    /// The collections open around the next event.
    open: Vec<Open>,
    /// The depth of a subtree being passed over (a key that is itself a collection).
    skip: usize,
    /// The first document is complete: later ones are serde's to refuse.
    done: bool,
}

/// An open collection: a map, with the key whose value comes next, or a list, with the
/// index of its next item.
enum Open {
    Map { node: usize, key: Key },
    List { node: usize, next: usize },
}

/// What a map expects next: a key, the value of a key (its text's place in the names and
/// its position), or the value of a key that is no text (a collection or an alias), which
/// is passed over.
enum Key {
    Next,
    Text((usize, usize), Pos),
    Other,
}

impl Builder {
    fn event(&mut self, e: Event<'_>) {
        if self.done {
            return;
        }
        if self.skip > 0 {
            match e {
                Event::Start { .. } => self.skip += 1,
                Event::End => self.skip -= 1,
                _ => {}
            }
            return;
        }
        let (at, text, block, list) = match e {
            Event::End => {
                self.open.pop();
                self.done = self.open.is_empty();
                return;
            }
            Event::Scalar { at, text, block } => (at, Some(text), block, None),
            Event::Start { at, list } => (at, None, false, Some(list)),
            Event::Alias { at } => (at, None, false, None),
        };
        let node = self.out.nodes.len();
        let new = |key: Pos| Node { key, value: at, list: list == Some(true), block };
        match self.open.last_mut() {
            None => self.out.nodes.push(new(Pos::default())),
            Some(Open::Map { key: k @ Key::Next, .. }) => {
                *k = match text {
                    Some(t) => {
                        let names = &mut self.out.names;
                        let from = names.len();
                        names.push_str(&String::from_utf8_lossy(t));
                        Key::Text((from, names.len()), at)
                    }
                    None => Key::Other,
                };
                self.skip = usize::from(list.is_some());
                return;
            }
            Some(Open::Map { node: parent, key }) => {
                let parent = *parent;
                match std::mem::replace(key, Key::Next) {
                    Key::Text(name, key_at) => {
                        self.out.nodes.push(new(key_at));
                        self.out.keys.push((parent, name, node));
                    }
                    _ => {
                        self.skip = usize::from(list.is_some());
                        return;
                    }
                }
            }
            Some(Open::List { node: parent, next }) => {
                self.out.nodes.push(new(at));
                self.out.items.push(((*parent, *next), node));
                *next += 1;
            }
        }
        match list {
            Some(true) => self.open.push(Open::List { node, next: 0 }),
            Some(false) => self.open.push(Open::Map { node, key: Key::Next }),
            None => self.done = self.open.is_empty(),
        }
    }
}

/// Walks the parser's events of `text`, handing each node's start and each collection's
/// end to `f`, until the stream ends, the parser fails, or collections nest deeper than
/// [`YAML_DEPTH`] (then the line and column of the one too deep).
fn walk(text: &str, mut f: impl FnMut(Event<'_>)) -> Result<(), (usize, usize)> {
    use unsafe_libyaml::{yaml_event_type_t as T, yaml_scalar_style_t as S};
    // SAFETY: the parser is initialised before use and deleted on every path out; the
    // input outlives it (it is borrowed for this call); every event parsed is deleted,
    // and a scalar's text is read (and handed on) before its event is.
    unsafe {
        let mut parser = MaybeUninit::<unsafe_libyaml::yaml_parser_t>::uninit();
        if unsafe_libyaml::yaml_parser_initialize(parser.as_mut_ptr()).fail {
            return Ok(());
        }
        let parser = parser.as_mut_ptr();
        unsafe_libyaml::yaml_parser_set_input_string(parser, text.as_ptr(), text.len() as u64);
        let mut depth = 0usize;
        let mut found = Ok(());
        loop {
            let mut event = MaybeUninit::<unsafe_libyaml::yaml_event_t>::uninit();
            if unsafe_libyaml::yaml_parser_parse(parser, event.as_mut_ptr()).fail {
                break;
            }
            let event = event.as_mut_ptr();
            let kind = (*event).type_;
            let mark = (*event).start_mark;
            let at = Pos { line: mark.line as usize + 1, column: mark.column as usize + 1 };
            match kind {
                T::YAML_SCALAR_EVENT => {
                    let s = (*event).data.scalar;
                    let bytes = std::slice::from_raw_parts(s.value, s.length as usize);
                    let block = matches!(s.style, S::YAML_LITERAL_SCALAR_STYLE | S::YAML_FOLDED_SCALAR_STYLE);
                    f(Event::Scalar { at, text: bytes, block });
                }
                T::YAML_ALIAS_EVENT => f(Event::Alias { at }),
                T::YAML_SEQUENCE_START_EVENT | T::YAML_MAPPING_START_EVENT => {
                    depth += 1;
                    if depth > YAML_DEPTH {
                        found = Err((at.line, at.column));
                    } else {
                        f(Event::Start { at, list: kind == T::YAML_SEQUENCE_START_EVENT });
                    }
                }
                T::YAML_SEQUENCE_END_EVENT | T::YAML_MAPPING_END_EVENT => {
                    depth = depth.saturating_sub(1);
                    f(Event::End);
                }
                _ => {}
            }
            unsafe_libyaml::yaml_event_delete(event);
            if found.is_err() || kind == T::YAML_STREAM_END_EVENT {
                break;
            }
        }
        unsafe_libyaml::yaml_parser_delete(parser);
        found
    }
}

/// The message for a text that nests too deep, at `(line, column)`.
pub fn too_deep((line, column): (usize, usize)) -> (usize, usize, String) {
    (line, column, format!("nested more than {YAML_DEPTH} levels deep (lists and maps inside each other)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_is_counted_in_flow_and_block_collections() {
        assert_eq!(check_depth("a: [1, {b: [2]}]\nc:\n  d:\n    - e\n"), Ok(()));
        let deep = "[".repeat(YAML_DEPTH) + &"]".repeat(YAML_DEPTH);
        assert_eq!(check_depth(&deep), Ok(()));
        let deeper = "{a: ".repeat(YAML_DEPTH + 1) + &"}".repeat(YAML_DEPTH + 1);
        assert_eq!(check_depth(&deeper), Err((1, 4 * YAML_DEPTH + 1)));
        let block: String = (0..=YAML_DEPTH).map(|i| format!("{}k:\n", " ".repeat(i))).collect();
        assert_eq!(check_depth(&block), Err((YAML_DEPTH + 1, YAML_DEPTH + 1)));
        // Text the parser rejects is left to serde's message.
        assert_eq!(check_depth("a: [b"), Ok(()));
    }

    fn at(line: usize, column: usize) -> Pos {
        Pos { line, column }
    }

    #[test]
    fn positions_are_where_the_parser_saw_keys_and_values() {
        use Step::{Item, Key};
        let text = "# counters: gold\nid: x\ncounters:\n  - id: gold\n    visibility: owner\n  - {id: silver, per_seat: true}\nscript: |\n  return 1\ndata:\n  \"3\": [a, b]\n  ? [complex]\n  : 1\n  after: 2\n";
        let p = Positions::new(text).unwrap();
        assert_eq!(p.key(&[Key("counters")]), at(3, 1));
        assert_eq!(p.value(&[Key("counters")]), at(4, 3));
        assert_eq!(p.key(&[Key("counters"), Item(0)]), at(4, 5));
        assert_eq!(p.value(&[Key("counters"), Item(0), Key("visibility")]), at(5, 17));
        assert_eq!(p.key(&[Key("counters"), Item(0), Key("visibility")]), at(5, 5));
        assert_eq!(p.value(&[Key("counters"), Item(1), Key("per_seat")]), at(6, 28));
        // A path that goes further than the document: the deepest key on it.
        assert_eq!(p.value(&[Key("counters"), Item(1), Key("initial")]), at(6, 5));
        assert_eq!(p.value(&[Key("zones"), Item(2)]), Pos::default());
        assert_eq!(p.text_line(&[Key("script")]), Some(8));
        assert_eq!(p.text_line(&[Key("id")]), Some(2));
        // A quoted key of digits, a list's item by a key of digits, past a complex key.
        assert_eq!(p.value(&[Key("data"), Key("3"), Key("1")]), at(10, 12));
        assert_eq!(p.key(&[Key("data"), Key("after")]), at(13, 3));
    }
}
