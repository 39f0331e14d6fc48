//! Reading YAML that nobody vouches for: content files and saves.
//!
//! Two things are bounded before serde sees a byte. The size: a file is read only up to
//! its limit, so `/dev/zero` or a huge file is refused at once, and only regular files are
//! read (a FIFO would wait forever). The depth: the YAML parser's work grows with the
//! square of the nesting depth (every token looks at every open flow collection), so a
//! 200 KB file of `{a: {a: ...` takes it minutes; [`check_depth`] walks the parser's
//! events itself and stops at [`YAML_DEPTH`], having done work proportional to the file
//! times that depth at most.

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
}

/// Reads `path` as UTF-8 text of at most `limit` bytes.
pub fn read_limited(path: &Path, limit: u64) -> Result<String, ReadError> {
    let whole = |message: String| ReadError { line: 0, message };
    let file = std::fs::File::open(path).map_err(|e| whole(format!("cannot read: {e}")))?;
    let meta = file.metadata().map_err(|e| whole(format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(whole("cannot read: not a regular file".into()));
    }
    let too_big = |n: u64| whole(format!("{n} bytes is too large (at most {} MiB)", limit >> 20));
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
        ReadError { line, message: format!("not UTF-8 text (byte {column} of the line)") }
    })
}

/// Where a YAML text nests deeper than [`YAML_DEPTH`] collections: the 1-based line and
/// column of the collection that goes too deep. A text the parser rejects for another
/// reason passes: serde reports that error with its own message.
pub fn check_depth(text: &str) -> Result<(), (usize, usize)> {
    // SAFETY: the parser is initialised before use and deleted on every path out; the
    // input outlives it (it is borrowed for this call); every event parsed is deleted.
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
            unsafe_libyaml::yaml_event_delete(event);
            match kind {
                unsafe_libyaml::YAML_SEQUENCE_START_EVENT | unsafe_libyaml::YAML_MAPPING_START_EVENT => {
                    depth += 1;
                    if depth > YAML_DEPTH {
                        found = Err((mark.line as usize + 1, mark.column as usize + 1));
                        break;
                    }
                }
                unsafe_libyaml::YAML_SEQUENCE_END_EVENT | unsafe_libyaml::YAML_MAPPING_END_EVENT => {
                    depth = depth.saturating_sub(1)
                }
                unsafe_libyaml::YAML_STREAM_END_EVENT => break,
                _ => {}
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
}
