//! Checklist lines C, R, S, G, K, H, M of desperados.gaps.md, one test each.

use super::*;
