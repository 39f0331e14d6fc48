//! Checklist lines A, E, B, U, W and the gap decisions (G-...) of desperados.gaps.md.

use super::*;
