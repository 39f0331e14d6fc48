//! Finding and loading games under the content root, with errors that name the root and
//! the games there, and the one place that reads the clock (for default seeds).

use anyhow::{bail, Context as _, Result};
use posse::Content;
use std::path::Path;
use std::sync::Arc;

/// The ids of the games under `root`.
pub fn list(root: &Path) -> Result<Vec<String>> {
    Content::list(root)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("no games under {}", root.display()))
}

/// Loads game `id`; an unknown id is a one-line error listing the games there are.
pub fn load(root: &Path, id: &str) -> Result<Arc<Content>> {
    let ids = list(root)?;
    if !ids.iter().any(|g| g == id) {
        let known = if ids.is_empty() { "none".to_string() } else { ids.join(", ") };
        bail!("unknown game '{id}' under {} (games: {known})", root.display());
    }
    Content::load(root, id).map(Arc::new).map_err(|e| anyhow::anyhow!("{e}"))
}

/// A seed from the clock, for games started without `--seed` (printed, so they replay).
pub fn time_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    // Keep it short enough to type back.
    (now.as_nanos() as u64 ^ u64::from(std::process::id())) % 1_000_000_000
}
