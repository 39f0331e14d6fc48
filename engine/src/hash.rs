//! A small, stable, portable hash (64-bit FNV-1a) for content and state fingerprints.
//! Not for security: only to tell "same" from "different" across processes and machines.

/// Incremental FNV-1a.
#[derive(Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub fn finish(self) -> u64 {
        self.0
    }
}

/// Hash of a byte string.
pub fn fnv(bytes: &[u8]) -> u64 {
    let mut h = Fnv::default();
    h.write(bytes);
    h.finish()
}

/// Lower-case hex, 16 digits.
pub fn hex(h: u64) -> String {
    format!("{h:016x}")
}
