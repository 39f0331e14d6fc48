//! The worked examples of the Desperados rulebook (T1-T6 of desperados.gaps.md).

use super::*;
