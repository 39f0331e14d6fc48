//! Hardening found by review: the renderer VM, host memory, messages to seats.

use posse_tests::*;
