//! Compiles the engine's own Lua (`src/lua/prelude.lua`, `sandbox.lua`, `freeze.lua`) to
//! bytecode at build time, with its debug information (file and line in tracebacks), so
//! that a process does not parse it: every VM loads it as lua/compile.rs's `engine_chunk`
//! does. The compiler is the Lua the engine runs (mlua-sys, vendored, the same version);
//! a VM that cannot load the bytecode (another Lua's format) compiles the text. A file
//! that does not compile gives no bytecode, and the VM reports its error as before.

use mlua_sys as ffi;
use std::ffi::{c_int, c_void, CString};
use std::path::Path;

/// The engine's chunks: file under src/lua/, and the chunk name their errors give.
const CHUNKS: [(&str, &str); 3] =
    [("prelude.lua", "=posse"), ("sandbox.lua", "=posse.sandbox"), ("freeze.lua", "=posse.freeze")];

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for (file, name) in CHUNKS {
        let src = Path::new("src/lua").join(file);
        println!("cargo:rerun-if-changed={}", src.display());
        let code = std::fs::read(&src).expect("the engine's Lua is readable");
        let bytecode = compile(&code, name).unwrap_or_else(|e| {
            println!("cargo:warning={file} does not compile ({e}): the engine will compile its text");
            Vec::new()
        });
        std::fs::write(Path::new(&out).join(format!("{file}c")), bytecode).expect("OUT_DIR is writable");
    }
}

/// `code` compiled as text under chunk name `name`, dumped with its debug information.
fn compile(code: &[u8], name: &str) -> Result<Vec<u8>, String> {
    unsafe extern "C-unwind" fn write(
        _: *mut ffi::lua_State,
        p: *const c_void,
        size: usize,
        out: *mut c_void,
    ) -> c_int {
        // SAFETY: `out` is the Vec given to lua_dump below, `p` holds `size` bytes.
        unsafe { (*(out as *mut Vec<u8>)).extend_from_slice(std::slice::from_raw_parts(p as *const u8, size)) };
        0
    }
    let name = CString::new(name).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    // SAFETY: a fresh state, used on this thread only and closed on every path; the
    // buffers outlive the calls that read them.
    unsafe {
        let l = ffi::luaL_newstate();
        if l.is_null() {
            return Err("no Lua state".into());
        }
        let loaded = ffi::luaL_loadbufferx(l, code.as_ptr().cast(), code.len(), name.as_ptr(), c"t".as_ptr());
        let result = if loaded != ffi::LUA_OK {
            let msg = ffi::lua_tolstring(l, -1, std::ptr::null_mut());
            Err(if msg.is_null() {
                "error".into()
            } else {
                std::ffi::CStr::from_ptr(msg).to_string_lossy().into_owned()
            })
        } else if ffi::lua_dump(l, write, (&mut out as *mut Vec<u8>).cast(), 0) != 0 {
            Err("lua_dump failed".into())
        } else {
            Ok(())
        };
        ffi::lua_close(l);
        result.map(|()| out)
    }
}
