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

use super::Shared;
use mlua::{Either, FromLua, FromLuaMulti, Function, IntoLuaMulti, Lua, Result, Table, Value, Variadic};
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
        Ok(Registrar { lua, shared, raw: lua.create_table()?, posse: Vec::new() })
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
