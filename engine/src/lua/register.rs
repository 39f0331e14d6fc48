//! The registrar of `posse`'s Rust functions. Each is registered once, here, with the
//! name scripts know it by and whom it is for, and that registration is all there is:
//!
//! - [`Registrar::posse`]: a function of the module, `posse.NAME`, which prelude.lua
//!   copies into `posse` (and may wrap, keeping the name);
//! - [`Registrar::prelude`]: a helper of prelude.lua's alone, `raw.NAME`, never in `posse`:
//!   the engine's side of a `posse` function the prelude writes (counters by slot, dice
//!   by face number, in-flow batch bots' `auto_pick`), or of a global it gives scripts
//!   (`print`, `math.random`). It is registered with the name of the function scripts
//!   called, and its errors say that one.
//!
//! So which raw functions the module shows follows from how each was registered
//! (`__names`, which prelude.lua reads), not from a list kept beside them.
//!
//! Arguments are converted here, not by mlua: a body receives them typed ([`Param`]), and
//! one a script got wrong is an error that names the function, the argument and what it
//! takes (`posse.flip: argument 1: expected an object handle, got nil`). The name reaches
//! the body too ([`Call::f`]), for the errors it raises itself. Nothing is allocated but
//! on an error: each argument is read from the stack by mlua as its type or, when that
//! fails, as the value given (`Either`), which costs a batch of Goldfever about 2% more
//! instructions than mlua's conversion alone (callgrind, the games' part); prelude.lua's
//! slots, which no script gives, are read by mlua's conversion alone ([`Slot`]).
//!
//! The hottest functions also have a fast path ([`Registrar::posse_fast`],
//! [`Registrar::prelude_fast`]): a raw C function that reads its arguments off the Lua
//! stack ([`Stack`]) and pushes its results, without mlua's callback machinery. It does
//! the common case alone, with arguments of the plain types, and hands every other call,
//! before it changes anything, to the function registered beside it, which does
//! the same work or raises the same error: so a fast path never raises an error of its
//! own, and what a script sees (results, errors, their words) is the body's.

use super::Shared;
use mlua::{ffi, Either, FromLua, FromLuaMulti, Function, IntoLuaMulti, Lua, Result, Table, Value, Variadic};
use std::ffi::c_int;
use std::rc::Rc;

/// What a body is given besides the shared state and its arguments.
#[derive(Clone, Copy)]
pub(super) struct Call<'a> {
    pub lua: &'a Lua,
    /// The function's name as scripts call it (`posse.flip`, `print`): every error of the
    /// function starts with it.
    pub f: &'a str,
}

/// Registers the functions of one VM in the table prelude.lua builds `posse` from.
pub(super) struct Registrar<'a> {
    lua: &'a Lua,
    shared: &'a Rc<Shared>,
    raw: Table,
    /// The functions of the module (`__names`).
    posse: Vec<&'static str>,
}

impl<'a> Registrar<'a> {
    pub fn new(lua: &'a Lua, shared: &'a Rc<Shared>) -> Result<Registrar<'a>> {
        let sh = Rc::as_ptr(shared);
        let main = super::main_thread(lua)?;
        // SAFETY: writes the shared state's address in the main thread's extra space, which
        // Lua leaves to the host and mlua does not use; every thread made after this copies
        // it (lua_newthread), and the fast paths read it there (`run`). The state outlives
        // every call of a fast path: the functions registered beside them hold it.
        unsafe {
            *(ffi::lua_getextraspace(main) as *mut *const Shared) = sh;
        }
        Ok(Registrar { lua, shared, raw: lua.create_table()?, posse: Vec::new() })
    }

    /// The shared state the functions are registered for.
    pub fn shared(&self) -> &'a Rc<Shared> {
        self.shared
    }

    /// `posse.NAME`: a function of the module.
    pub fn posse<A, R, F>(&mut self, name: &'static str, body: F) -> Result<()>
    where
        A: Params,
        R: IntoLuaMulti,
        F: Fn(&Shared, Call, A) -> Result<R> + 'static,
    {
        self.posse.push(name);
        self.add(name, format!("posse.{name}"), body)
    }

    /// `raw.NAME`: a helper of prelude.lua's, never in `posse`, whose errors name `called`,
    /// the function scripts called (`posse.get`, `math.random`).
    pub fn prelude<A, R, F>(&mut self, name: &'static str, called: &str, body: F) -> Result<()>
    where
        A: Params,
        R: IntoLuaMulti,
        F: Fn(&Shared, Call, A) -> Result<R> + 'static,
    {
        self.add(name, called.to_string(), body)
    }

    /// `posse.NAME` with a fast path (`fast_path!(body)`): it does the calls it can, `body`
    /// the rest.
    pub fn posse_fast<A, R, F>(&mut self, name: &'static str, fast: ffi::lua_CFunction, body: F) -> Result<()>
    where
        A: Params,
        R: IntoLuaMulti,
        F: Fn(&Shared, Call, A) -> Result<R> + 'static,
    {
        self.posse(name, body)?;
        self.fast(name, fast)
    }

    /// `raw.NAME` (as [`Registrar::prelude`]) with a fast path: it does the calls it can,
    /// `body` the rest.
    pub fn prelude_fast<A, R, F>(
        &mut self,
        name: &'static str,
        called: &str,
        fast: ffi::lua_CFunction,
        body: F,
    ) -> Result<()>
    where
        A: Params,
        R: IntoLuaMulti,
        F: Fn(&Shared, Call, A) -> Result<R> + 'static,
    {
        self.prelude(name, called, body)?;
        self.fast(name, fast)
    }

    /// [`Registrar::prelude_fast`] for a fast path that reads the fields `keys` of a
    /// table: its upvalues 2.. are those keys, as Lua strings ([`Stack::push_field`]).
    pub fn prelude_fast_keys<A, R, F>(
        &mut self,
        name: &'static str,
        called: &str,
        fast: ffi::lua_CFunction,
        keys: &[&str],
        body: F,
    ) -> Result<()>
    where
        A: Params,
        R: IntoLuaMulti,
        F: Fn(&Shared, Call, A) -> Result<R> + 'static,
    {
        self.prelude(name, called, body)?;
        self.fast_with(name, fast, keys)
    }

    /// [`Registrar::posse_fast`] for a fast path that returns some of the strings `strs`:
    /// its upvalue 2 is the list of them, as Lua strings ([`Stack::push_listed`]).
    pub fn posse_fast_strs<A, R, F>(
        &mut self,
        name: &'static str,
        fast: ffi::lua_CFunction,
        strs: &[&str],
        body: F,
    ) -> Result<()>
    where
        A: Params,
        R: IntoLuaMulti,
        F: Fn(&Shared, Call, A) -> Result<R> + 'static,
    {
        self.posse(name, body)?;
        let list = self.lua.create_sequence_from(strs.iter().copied())?;
        let slow: Function = self.raw.raw_get(name)?;
        // SAFETY: exec_raw runs the closure in a protected call with `slow` and the list at
        // indices 1 and 2; it leaves exactly the new C closure on the stack.
        unsafe { self.lua.exec_raw::<Function>((slow, list), |l| ffi::lua_pushcclosure(l, fast, 2)) }
            .and_then(|f| self.raw.raw_set(name, f))
    }

    /// Puts the fast path in front of the function registered as `name`: a C closure whose
    /// first upvalue is that function.
    fn fast(&mut self, name: &'static str, fast: ffi::lua_CFunction) -> Result<()> {
        self.fast_with(name, fast, &[])
    }

    fn fast_with(&mut self, name: &'static str, fast: ffi::lua_CFunction, keys: &[&str]) -> Result<()> {
        let slow: Function = self.raw.raw_get(name)?;
        // SAFETY: exec_raw runs the closure in a protected call (a memory error pushing a
        // key is raised there) with `slow` at index 1; the stack is grown for the keys
        // first. It leaves exactly the new C closure on the stack.
        unsafe {
            self.lua.exec_raw::<Function>(slow, |l| {
                ffi::luaL_checkstack(l, keys.len() as c_int + 1, std::ptr::null());
                for k in keys {
                    ffi::lua_pushlstring(l, k.as_ptr() as *const _, k.len());
                }
                ffi::lua_pushcclosure(l, fast, 1 + keys.len() as c_int);
            })
        }
        .and_then(|f| self.raw.raw_set(name, f))
    }

    /// The table of the raw functions, with `__names`, the module's.
    pub fn finish(self) -> Result<Table> {
        self.raw.set("__names", self.lua.create_sequence_from(self.posse)?)?;
        Ok(self.raw)
    }

    fn add<A, R, F>(&mut self, name: &'static str, f: String, body: F) -> Result<()>
    where
        A: Params,
        R: IntoLuaMulti,
        F: Fn(&Shared, Call, A) -> Result<R> + 'static,
    {
        debug_assert!(!self.raw.contains_key(name)?, "posse: {name} registered twice");
        let sh = self.shared.clone();
        self.raw.set(name, function(self.lua, f, move |c, args| body(&sh, c, args))?)
    }
}

/// A Lua function whose arguments are read as the registrar reads them, its errors
/// naming `f`: what [`Registrar`] makes of every registration, and a VM without `posse`
/// uses alone (a strategy bot's `math.random`, the same as the game's).
pub(super) fn function<A, R, F>(lua: &Lua, f: String, body: F) -> Result<Function>
where
    A: Params,
    R: IntoLuaMulti,
    F: Fn(Call, A) -> Result<R> + 'static,
{
    lua.create_function(move |lua, values: A::Values| {
        let args = A::from_values(values, &f)?;
        body(Call { lua, f: &f }, args)
    })
}

/// A type a function takes as an argument, and what a script must give for it.
pub(super) trait Param: Sized {
    /// What mlua reads the argument as: a conversion that cannot fail, the type's own
    /// first (mlua's, from the stack) and what was given as it is when that fails.
    type Raw: FromLua;
    /// What the argument takes, as an error says it ("an integer").
    const WANTS: &'static str;
    /// Whether nil is also taken.
    const OPTIONAL: bool = false;
    /// The argument, or what was given instead.
    fn from_raw(raw: Self::Raw) -> std::result::Result<Self, Value>;
}

/// Types mlua converts, under the words an error uses for them.
macro_rules! params {
    ($($ty:ty => $wants:literal),* $(,)?) => {$(
        impl Param for $ty {
            type Raw = Either<$ty, Value>;
            const WANTS: &'static str = $wants;
            #[inline]
            fn from_raw(raw: Self::Raw) -> std::result::Result<Self, Value> {
                match raw {
                    Either::Left(v) => Ok(v),
                    Either::Right(given) => Err(given),
                }
            }
        }
    )*};
}

params! {
    i64 => "an integer",
    String => "a string",
    mlua::LuaString => "a string",
    Table => "a table",
}

/// Types mlua never refuses, as it reads them: `bool` is Lua's truth (nil and false are
/// false, anything else true), `Value` anything as it is.
macro_rules! as_read {
    ($($ty:ty => $wants:literal),* $(,)?) => {$(
        impl Param for $ty {
            type Raw = $ty;
            const WANTS: &'static str = $wants;
            #[inline]
            fn from_raw(raw: $ty) -> std::result::Result<Self, Value> {
                Ok(raw)
            }
        }
    )*};
}

as_read! {
    bool => "true or false",
    Value => "any value",
}

impl<T: Param> Param for Option<T> {
    type Raw = Option<T::Raw>;
    const WANTS: &'static str = T::WANTS;
    const OPTIONAL: bool = true;
    #[inline]
    fn from_raw(raw: Self::Raw) -> std::result::Result<Self, Value> {
        raw.map(T::from_raw).transpose()
    }
}

/// Handles: integers, under the name of what they stand for.
macro_rules! handles {
    ($($(#[$doc:meta])* $name:ident => $wants:literal),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub(super) struct $name(pub i64);
        impl Param for $name {
            type Raw = Either<i64, Value>;
            const WANTS: &'static str = $wants;
            #[inline]
            fn from_raw(raw: Self::Raw) -> std::result::Result<Self, Value> {
                i64::from_raw(raw).map($name)
            }
        }
    )*};
}

handles! {
    /// A seat number, 1-based.
    Seat => "a seat number",
    /// A zone handle (`posse.zone(name)`).
    ZoneHandle => "a zone handle (posse.zone(name))",
    /// An object handle.
    ObjHandle => "an object handle",
}

/// A slot of prelude.lua's counters (`counter_slot`, `object_slot`), which only the
/// prelude passes: read by mlua's own conversion, the cheapest, as no script gives it.
#[derive(Clone, Copy)]
pub(super) struct Slot(pub usize);

impl Param for Slot {
    type Raw = usize;
    const WANTS: &'static str = "a counter's slot";
    #[inline]
    fn from_raw(raw: usize) -> std::result::Result<Self, Value> {
        Ok(Slot(raw))
    }
}

/// The error of argument `pos` of `f`, which takes `T`, given `given`.
#[cold]
fn wrong<T: Param>(f: &str, pos: usize, given: &Value) -> mlua::Error {
    let or_nil = if T::OPTIONAL { " or nil" } else { "" };
    let given = match given {
        Value::Integer(i) => i.to_string(),
        Value::Number(n) => n.to_string(),
        v => v.type_name().to_string(),
    };
    mlua::Error::runtime(format!("{f}: argument {pos}: expected {}{or_nil}, got {given}", T::WANTS))
}

/// Argument `pos` of `f` as a `T`, from what mlua read.
#[inline]
fn param<T: Param>(raw: T::Raw, f: &str, pos: usize) -> Result<T> {
    T::from_raw(raw).map_err(|given| wrong::<T>(f, pos, &given))
}

/// Argument `pos` of `f` as a `T`, or the error that says so: what the registrar does with
/// every argument, for a body that converts one itself.
pub(super) fn arg<T: Param>(v: Value, lua: &Lua, f: &str, pos: usize) -> Result<T> {
    param(T::Raw::from_lua(v, lua)?, f, pos)
}

/// A function's arguments: `()`, a tuple of [`Param`]s (one argument is a 1-tuple), or
/// every argument as it is (`Variadic<Value>`).
pub(super) trait Params: Sized {
    /// What mlua reads them as (a conversion that cannot fail).
    type Values: FromLuaMulti;
    fn from_values(values: Self::Values, f: &str) -> Result<Self>;
}

impl Params for () {
    type Values = ();
    #[inline]
    fn from_values((): (), _: &str) -> Result<()> {
        Ok(())
    }
}

impl Params for Variadic<Value> {
    type Values = Variadic<Value>;
    #[inline]
    fn from_values(values: Self::Values, _: &str) -> Result<Self> {
        Ok(values)
    }
}

macro_rules! tuples {
    ($(($($t:ident $v:ident $pos:literal),+))*) => {$(
        impl<$($t: Param),+> Params for ($($t,)+) {
            type Values = ($($t::Raw,)+);
            #[inline]
            fn from_values(($($v,)+): Self::Values, f: &str) -> Result<Self> {
                Ok(($(param::<$t>($v, f, $pos)?,)+))
            }
        }
    )*};
}

tuples! {
    (A a 1)
    (A a 1, B b 2)
    (A a 1, B b 2, C c 3)
    (A a 1, B b 2, C c 3, D d 4)
    (A a 1, B b 2, C c 3, D d 4, E e 5)
    (A a 1, B b 2, C c 3, D d 4, E e 5, G g 6)
}

/// The C function of a fast path `body`, a `fn(&Shared, &Stack) -> Option<Ret>` that
/// returns the call's results or `None`, to hand the call, unchanged, to the body
/// registered with it. A fast path must return `None` before it changes anything, for
/// every call the registered body would refuse (a wrong argument, read-only mode) or treat
/// apart (twin mode, the leak check's audits, rigged dice); it pushes only what cannot
/// raise a Lua error (integers, booleans, nil, values its upvalues hold, after
/// [`Stack::room`]) and leaves lists to [`Ret::List`].
macro_rules! fast_path {
    ($body:path) => {{
        unsafe extern "C-unwind" fn c(l: *mut mlua::ffi::lua_State) -> std::ffi::c_int {
            // SAFETY: Lua calls it as the C closure `Registrar::fast` made (see `run`).
            unsafe { crate::lua::register::run(l, $body) }
        }
        c as mlua::ffi::lua_CFunction
    }};
}
pub(super) use fast_path;

/// What a fast path did.
#[derive(Clone, Copy)]
pub(super) enum Ret {
    /// Pushed this many values itself.
    Pushed(c_int),
    /// Pushed this many integers, to be returned as one list.
    List(usize),
}

/// The Lua stack of a fast path's call: its arguments, read as the plain types alone (a
/// value of another type is `None`, and the call goes to the body, which converts it or
/// says what was wrong).
pub(super) struct Stack(*mut ffi::lua_State);

impl Stack {
    /// Argument `i` as an integer: an integer, or a float with an integer value, as mlua
    /// reads one (a string is left to the body).
    #[inline]
    pub fn int(&self, i: c_int) -> Option<i64> {
        // SAFETY: `i` is an acceptable index of a C function's stack (arguments are read
        // at indices 1..=6, within the LUA_MINSTACK slots Lua gives every C function);
        // lua_type and lua_tointegerx on a number neither allocate nor raise.
        unsafe {
            if ffi::lua_type(self.0, i) != ffi::LUA_TNUMBER {
                return None;
            }
            let mut ok = 0;
            let n = ffi::lua_tointegerx(self.0, i, &mut ok);
            (ok != 0).then_some(n)
        }
    }

    /// How many arguments the call has.
    #[inline]
    pub fn top(&self) -> c_int {
        // SAFETY: lua_gettop only reads the stack's size.
        unsafe { ffi::lua_gettop(self.0) }
    }

    /// Whether argument `i` is nil or absent.
    #[inline]
    pub fn nil(&self, i: c_int) -> bool {
        // SAFETY: as in [`Stack::int`].
        unsafe { ffi::lua_type(self.0, i) <= ffi::LUA_TNIL }
    }

    /// Whether argument `i` is a table.
    #[inline]
    pub fn is_table(&self, i: c_int) -> bool {
        // SAFETY: as in [`Stack::int`].
        unsafe { ffi::lua_type(self.0, i) == ffi::LUA_TTABLE }
    }

    /// Element `k` of table argument `i` (read raw)'s bytes when it is a string: they live
    /// while the table holds the string, the call (the body changes no Lua value).
    #[inline]
    pub fn raw_bytes_at(&self, i: c_int, k: i64) -> Option<&[u8]> {
        // SAFETY: as in [`Stack::raw_int_at`]; the string popped stays in the table.
        unsafe {
            let mut v = None;
            if ffi::lua_rawgeti(self.0, i, k) == ffi::LUA_TSTRING {
                let mut len = 0usize;
                let p = ffi::lua_tolstring(self.0, -1, &mut len);
                v = Some(std::slice::from_raw_parts(p as *const u8, len));
            }
            ffi::lua_settop(self.0, -2);
            v
        }
    }

    /// Whether argument `i` is a table without a metatable (its fields read raw are what
    /// `t.k` reads).
    #[inline]
    pub fn is_plain_table(&self, i: c_int) -> bool {
        // SAFETY: as in [`Stack::plain_table_len`].
        unsafe {
            if ffi::lua_type(self.0, i) != ffi::LUA_TTABLE {
                return false;
            }
            if ffi::lua_getmetatable(self.0, i) != 0 {
                ffi::lua_settop(self.0, -2);
                return false;
            }
            true
        }
    }

    /// Whether argument `i` is the thread that is running this call.
    #[inline]
    pub fn is_running_thread(&self, i: c_int) -> bool {
        // SAFETY: as in [`Stack::int`]; lua_tothread neither allocates nor raises.
        unsafe { ffi::lua_tothread(self.0, i) == self.0 }
    }

    /// Sets the top of the stack (dropping the values above `n`, or filling up to it with
    /// nil): at most as far as the arguments and LUA_MINSTACK reach.
    #[inline]
    pub fn set_top(&self, n: c_int) {
        // SAFETY: the callers set at most 6 slots, within what Lua gives a C function.
        unsafe { ffi::lua_settop(self.0, n) }
    }

    /// Pushes the field of table `t` (a plain table, by [`Stack::is_plain_table`]) whose key
    /// is upvalue `up` of the running C closure (`Registrar::prelude_fast_keys`), read raw.
    #[inline]
    pub fn push_field(&self, t: c_int, up: c_int) {
        // SAFETY: `up` is one of the closure's upvalues, a string; lua_rawget neither
        // allocates nor raises, and it replaces the key it pops by the value it pushes,
        // within LUA_MINSTACK.
        unsafe {
            ffi::lua_pushvalue(self.0, ffi::lua_upvalueindex(up));
            ffi::lua_rawget(self.0, t);
        }
    }

    /// Whether `t[k]` (table `t` read raw, `k` the value at index `k`) is nil or false.
    #[inline]
    pub fn raw_get_is_falsy(&self, t: c_int, k: c_int) -> bool {
        // SAFETY: as in [`Stack::push_field`]; the value read is popped.
        unsafe {
            ffi::lua_pushvalue(self.0, k);
            let falsy = ffi::lua_rawget(self.0, t) == ffi::LUA_TNIL || ffi::lua_toboolean(self.0, -1) == 0;
            ffi::lua_settop(self.0, -2);
            falsy
        }
    }

    /// `t[k]` (read raw, `k` the value at index `k`) as an integer, if it is one.
    #[inline]
    pub fn raw_get_int(&self, t: c_int, k: c_int) -> Option<i64> {
        // SAFETY: as in [`Stack::push_field`]; the value read is popped.
        unsafe {
            ffi::lua_pushvalue(self.0, k);
            ffi::lua_rawget(self.0, t);
            let v = self.int(-1);
            ffi::lua_settop(self.0, -2);
            v
        }
    }

    /// Sets `t[k] = v` raw, where `t[k]` already holds a value ([`Stack::raw_get_int`]
    /// read it): a key already in a table takes a new value without allocating, so this
    /// cannot raise.
    #[inline]
    pub fn raw_set_int(&self, t: c_int, k: c_int, v: i64) {
        // SAFETY: as said; lua_rawset pops the key and the value it is given.
        unsafe {
            ffi::lua_pushvalue(self.0, k);
            ffi::lua_pushinteger(self.0, v);
            ffi::lua_rawset(self.0, t);
        }
    }

    /// Pushes string `k` (1-based) of the list in upvalue 2 (`Registrar::posse_fast_strs`).
    #[inline]
    pub fn push_listed(&self, k: usize) {
        // SAFETY: upvalue 2 of the running closure is that list, a table no script
        // reaches; lua_rawgeti neither allocates nor raises. The caller made `room`.
        unsafe {
            ffi::lua_rawgeti(self.0, ffi::lua_upvalueindex(2), k as ffi::lua_Integer);
        }
    }

    /// Argument `i` as Lua's truth (nil and false are false, anything else true), as mlua
    /// reads a `bool`.
    #[inline]
    pub fn truthy(&self, i: c_int) -> bool {
        // SAFETY: as in [`Stack::int`]; lua_toboolean neither allocates nor raises.
        unsafe { ffi::lua_toboolean(self.0, i) != 0 }
    }

    /// Whether argument `i` is a function.
    #[inline]
    pub fn is_function(&self, i: c_int) -> bool {
        // SAFETY: as in [`Stack::int`].
        unsafe { ffi::lua_type(self.0, i) == ffi::LUA_TFUNCTION }
    }

    /// Argument `i`'s bytes, when it is a string (a number is left to the body).
    #[inline]
    pub fn bytes(&self, i: c_int) -> Option<&[u8]> {
        // SAFETY: as in [`Stack::int`]; lua_tolstring of a string neither allocates nor
        // raises, and its bytes live while the argument stays on the stack, the call.
        unsafe {
            if ffi::lua_type(self.0, i) != ffi::LUA_TSTRING {
                return None;
            }
            let mut len = 0usize;
            let p = ffi::lua_tolstring(self.0, i, &mut len);
            Some(std::slice::from_raw_parts(p as *const u8, len))
        }
    }

    /// The length of argument `i` when it is a table without a metatable (so raw reads
    /// are what `t[k]` reads).
    #[inline]
    pub fn plain_table_len(&self, i: c_int) -> Option<usize> {
        // SAFETY: as in [`Stack::int`]; lua_getmetatable pushes nothing when there is no
        // metatable and pops nothing, and a found one is popped at once; lua_rawlen
        // neither allocates nor raises.
        unsafe {
            if ffi::lua_type(self.0, i) != ffi::LUA_TTABLE {
                return None;
            }
            if ffi::lua_getmetatable(self.0, i) != 0 {
                ffi::lua_settop(self.0, -2);
                return None;
            }
            Some(ffi::lua_rawlen(self.0, i))
        }
    }

    /// Element `k` of table argument `i` (read raw) as an integer; `Some(None)` when it is
    /// nil.
    #[inline]
    pub fn raw_int_at(&self, i: c_int, k: i64) -> Option<Option<i64>> {
        // SAFETY: `i` is a table (the caller checked it with `plain_table_len`); lua_rawgeti
        // pushes one value without metamethods, allocation or errors (the slot is one of
        // the LUA_MINSTACK), which is read and popped at once.
        unsafe {
            let t = ffi::lua_rawgeti(self.0, i, k);
            let v = match t {
                ffi::LUA_TNIL => Some(None),
                ffi::LUA_TNUMBER => self.int(-1).map(Some),
                _ => None,
            };
            ffi::lua_settop(self.0, -2);
            v
        }
    }

    /// Whether the stack has room for `n` more values (lua_checkstack: it grows the stack
    /// when it can, and says so instead of raising).
    #[inline]
    pub fn room(&self, n: usize) -> bool {
        // SAFETY: lua_checkstack never raises in Lua 5.4 (it returns 0 when it cannot grow).
        n < 1_000_000 && unsafe { ffi::lua_checkstack(self.0, n as c_int) != 0 }
    }

    #[inline]
    pub fn push_int(&self, n: i64) {
        // SAFETY: a C function may push LUA_MINSTACK values, more after `room`; pushing a
        // number neither allocates nor raises.
        unsafe { ffi::lua_pushinteger(self.0, n) }
    }

    #[inline]
    pub fn push_bool(&self, b: bool) {
        // SAFETY: as in [`Stack::push_int`].
        unsafe { ffi::lua_pushboolean(self.0, b as c_int) }
    }

    #[inline]
    pub fn push_nil(&self) {
        // SAFETY: as in [`Stack::push_int`].
        unsafe { ffi::lua_pushnil(self.0) }
    }
}

/// What a fast path's call came to, with nothing of the body's left to drop.
#[derive(Clone, Copy)]
enum Outcome {
    Done(Ret),
    Slow,
    Fault,
}

/// Runs a fast path `body` as the C function Lua called.
///
/// # Safety
/// `l` is the state of a call of the C closure `Registrar::fast` made for `body`.
#[inline(always)]
pub(super) unsafe fn run<F>(l: *mut ffi::lua_State, body: F) -> c_int
where
    F: FnOnce(&Shared, &Stack) -> Option<Ret>,
{
    // SAFETY: the extra space holds the shared state's address, written by
    // `Registrar::new` before any thread that calls a fast path was made (or null, on a
    // thread made before: the call goes to the body). The body runs inside catch_unwind,
    // so no panic leaves this function; it raises no Lua error (see `fast_path!`). Once it
    // has returned, this frame holds nothing with a destructor (`Outcome` is `Copy`), so a
    // Lua error raised after (a memory error making a list, the body's error on the slow
    // path) unwinds over no Rust value to drop.
    let sh = *(ffi::lua_getextraspace(l) as *const *const Shared);
    let out = if sh.is_null() {
        Outcome::Slow
    } else {
        let stack = Stack(l);
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(&*sh, &stack))) {
            Ok(Some(r)) => Outcome::Done(r),
            Ok(None) => Outcome::Slow,
            Err(_) => Outcome::Fault,
        }
    };
    match out {
        Outcome::Done(Ret::Pushed(n)) => n,
        Outcome::Done(Ret::List(n)) => {
            // The integers under the list are left for Lua to drop.
            let top = ffi::lua_gettop(l);
            ffi::lua_createtable(l, n as c_int, 0);
            for i in 1..=n as c_int {
                ffi::lua_pushvalue(l, top - n as c_int + i);
                ffi::lua_rawseti(l, -2, i as ffi::lua_Integer);
            }
            1
        }
        Outcome::Slow => {
            // The body, called with the same arguments, returns what this call returns.
            let n = ffi::lua_gettop(l);
            ffi::lua_pushvalue(l, ffi::lua_upvalueindex(1));
            ffi::lua_rotate(l, 1, 1);
            ffi::lua_callk(l, n, ffi::LUA_MULTRET, 0, None);
            ffi::lua_gettop(l)
        }
        Outcome::Fault => ffi::luaL_error(l, c"posse: internal error in the engine (a fast path panicked)".as_ptr()),
    }
}
