-- The engine's own Lua (trusted), run in every VM before any script: installs the
-- sandboxed `require` and removes what scripts may not reach (files, processes, the
-- network, code loading, the debug library, binary chunks, collector control, unseeded
-- randomness). `provided` holds the modules the VM provides (`posse` in a game's VM).
--
-- It also lets the engine reuse a VM for the next game of a batch: `snapshot` records
-- the globals, the libraries and the provided modules once everything is set up, and
-- `reset` puts them back and forgets every loaded module, so the next game starts as in a
-- fresh VM. Compiled chunks are kept: running a chunk again makes fresh module state.
-- What a module builds from the content alone it may keep across those games instead:
-- `posse.once` (a game's VM, below "Kept tables"), frozen with freeze.lua's `freeze`
-- (`frozen`) and built through `seal` (lua/mod.rs), which runs the builder read-only.
local load_module, provided, exhausted, counted, charge, FREE, unmetered, frozen, seal = ...
local next, type, error, setmetatable, getmetatable = next, type, error, setmetatable, getmetatable
local rawequal = rawequal

local loaded, chunks = {}, {}
local function fresh_loaded()
  loaded = {}
  for k, v in next, provided do loaded[k] = v end
end
fresh_loaded()

function require(name)
  if type(name) ~= "string" then error("require: expected a module name", 2) end
  local m = loaded[name]
  if m ~= nil then return m end
  local f = chunks[name]
  if not f then
    local err
    f, err = load_module(name)
    if not f then error(err, 2) end
    chunks[name] = f
  end
  m = f(name)
  if m == nil then m = true end
  loaded[name] = m
  return m
end

math.randomseed = nil
string.dump = nil
load, loadfile, dofile, collectgarbage, print, warn = nil, nil, nil, nil, nil, nil

-- The step budget cannot be caught: once a step is over budget, whatever catches errors
-- passes them on, so `while true do pcall(f) end` still ends.
local raw_pcall, raw_xpcall, co_resume, co_close = pcall, xpcall, coroutine.resume, coroutine.close
local function pass(ok, ...)
  if not ok and exhausted() then error((...), 0) end
  return ok, ...
end
pcall = function(...) return pass(raw_pcall(...)) end
-- A message handler runs without the count hook when the hook itself raised the error:
-- once the budget is spent, the script's handler is not called at all.
xpcall = function(f, handler, ...)
  if type(handler) ~= "function" then return pass(raw_xpcall(f, handler, ...)) end
  return pass(raw_xpcall(f, function(e)
    if exhausted() then return e end
    return handler(e)
  end, ...))
end
coroutine.resume = function(...) return pass(co_resume(...)) end
coroutine.close = function(...) return pass(co_close(...)) end

-- Every coroutine a script makes runs under the step budget, also when the engine runs
-- the flow itself without it (batches, see watchdog.rs): `counted` arms it then.
local co_create, co_status = coroutine.create, coroutine.status
coroutine.create = function(f)
  if type(f) ~= "function" then
    error("bad argument #1 to 'create' (function expected, got " .. type(f) .. ")", 2)
  end
  return counted(co_create(f))
end
-- Lua's wrap, over the counted create: an error in the coroutine closes it (its error, or
-- the error of a closing `__close`, is raised with the caller's position when it is a
-- string), anything else (resuming a running or dead one) is raised as resume says it.
local function unwrap(co, ok, ...)
  if ok then return ... end
  local e = ...
  if exhausted() then error(e, 0) end
  if co_status(co) == "dead" then
    local closed, ce = co_close(co)
    if not closed then e = ce end
  end
  if type(e) == "string" and e ~= "not enough memory" then error(e, 2) end
  error(e, 0)
end
coroutine.wrap = function(f)
  if type(f) ~= "function" then
    error("bad argument #1 to 'wrap' (function expected, got " .. type(f) .. ")", 2)
  end
  local co = coroutine.create(f)
  return function(...) return unwrap(co, co_resume(co, ...)) end
end

-- Finalizers would run, and weak tables lose entries, at moments the collector chooses,
-- outside the order of the game (and differently in a VM that played a game before, or
-- in a live game whose prompts were read). Lua reads `__gc` when a metatable is set, but
-- `__mode` whenever the collector visits the table, so a metatable must never gain a
-- `__mode` afterwards either: a table becomes a metatable only with a guard of the
-- engine's as its own metatable, whose `__newindex` refuses the key (`rawset` refuses it
-- too). A metatable that has a metatable of its own (a class inheriting from another) is
-- not given to the value itself: the value gets a private copy of its metamethods, made
-- when setmetatable is called, and getmetatable still answers the script's table.
local raw_setmetatable, raw_getmetatable, rawget, rawset = setmetatable, getmetatable, rawget, rawset
local NO_MODE = "weak tables (__mode) are not allowed (what they hold would depend on when the collector runs)"
local NO_GC = "__gc finalizers are not allowed (they would run when the collector decides)"
-- What a metatable may not gain once it is one (Lua reads `__gc` when a metatable is set,
-- so a guarded table cannot gain one either: it is set again without being checked).
local function refused(k, v)
  if v == nil then return nil end
  if k == "__mode" then return NO_MODE end
  if k == "__gc" then return NO_GC end
end
local GUARD = {
  __newindex = function(t, k, v)
    local why = refused(k, v)
    if why then error("a metatable cannot gain " .. k .. ": " .. why, 2) end
    rawset(t, k, v)
  end,
}
local EVENTS = {
  "__index", "__newindex", "__len", "__eq", "__lt", "__le", "__concat", "__call", "__close",
  "__tostring", "__name", "__pairs", "__unm", "__add", "__sub", "__mul", "__div", "__mod",
  "__pow", "__idiv", "__band", "__bor", "__bxor", "__shl", "__shr", "__bnot",
}
-- Private copies of inheriting metatables (value's metatable -> the script's), and the
-- copy last made of each script metatable. Engine-internal weak tables, only ever asked
-- about values that are alive, so what they answer never depends on the collector.
local ORIGINAL = raw_setmetatable({}, { __mode = "k" })
local COPY = raw_setmetatable({}, { __mode = "k" })
local function make_copy(mt)
  local c = {}
  for i = 1, #EVENTS do
    local e = EVENTS[i]
    rawset(c, e, rawget(mt, e))
  end
  return c
end
local function copy_of(mt)
  local c = COPY[mt]
  if c ~= nil then
    for i = 1, #EVENTS do
      local e = EVENTS[i]
      if rawget(c, e) ~= rawget(mt, e) then c = nil break end
    end
    if c ~= nil then return c end
  end
  -- Kept across the games of a VM: made uncounted (lua/budget.rs).
  c = unmetered(make_copy, mt)
  COPY[mt], ORIGINAL[c] = c, mt
  return c
end

-- The metatable a script sees: its own table, whatever the engine put in its place.
local function script_metatable(v)
  local m = raw_getmetatable(v)
  if m == GUARD then return nil end
  local original = ORIGINAL[m]
  if original ~= nil then
    local protected = rawget(original, "__metatable")
    if protected ~= nil then return protected end
    return original
  end
  return m
end
_G.getmetatable = script_metatable

-- Called as a tail call from setmetatable, so level 2 of an error is the script's.
local function set_metatable(t, mt)
  if type(t) ~= "table" then
    error("bad argument #1 to 'setmetatable' (table expected, got " .. (t == nil and "no value" or type(t)) .. ")", 2)
  end
  if mt ~= nil and type(mt) ~= "table" then
    error("bad argument #2 to 'setmetatable' (nil or table expected)", 2)
  end
  local now = raw_getmetatable(t)
  if ORIGINAL[now] ~= nil and rawget(ORIGINAL[now], "__metatable") ~= nil then
    error("cannot change a protected metatable", 2)
  end
  if now == GUARD then
    -- `t` is some value's metatable: it keeps its guard.
    if mt == nil then return t end
    error("setmetatable: this table is already the metatable of another table, so it cannot be given one " ..
      "now (the engine guards it: " .. NO_MODE .. "); give it its metatable before using it as one", 2)
  end
  if mt == nil then
    return raw_setmetatable(t, nil)
  end
  if rawget(mt, "__gc") ~= nil then error("setmetatable: " .. NO_GC, 2) end
  if rawget(mt, "__mode") ~= nil then error("setmetatable: " .. NO_MODE, 2) end
  local its = raw_getmetatable(mt)
  if its == nil then
    raw_setmetatable(mt, GUARD)
  elseif its ~= GUARD then
    mt = copy_of(mt)
  end
  return raw_setmetatable(t, mt)
end
_G.setmetatable = function(t, mt)
  -- The common case first: a table without a metatable given one already in use (checked
  -- then, and guarded since).
  if raw_getmetatable(mt) == GUARD and type(t) == "table" and raw_getmetatable(t) == nil then
    return raw_setmetatable(t, mt)
  end
  return set_metatable(t, mt)
end

_G.rawset = function(t, k, v)
  local why = raw_getmetatable(t) == GUARD and refused(k, v)
  if why then error("rawset: a metatable cannot gain " .. k .. ": " .. why, 2) end
  return rawset(t, k, v)
end

-- Addresses differ from run to run: tostring of a table, function, coroutine or userdata
-- shows its type (or __name) alone, and string.format converts such values the same way
-- and refuses %p.
local raw_tostring, select, str_match, rawequal = tostring, select, string.match, rawequal
local ADDRESSED = { table = true, ["function"] = true, thread = true, userdata = true }
local function addressless(v)
  local s = raw_tostring(v)
  if ADDRESSED[type(v)] then
    local head = str_match(s, "^(.-): 0x%x+$")
    if head then return head end
  end
  return s
end
tostring = addressless

-- C loops do not count instructions, so the library functions that loop inside C charge
-- the step budget for their work before they run (`charge`, lua/budget.rs; docs/sandbox.md
-- lists every function a script can reach and its charge). Work under FREE units in one
-- call costs nothing (at most a constant more than the call itself); allocation is charged
-- by the VM's allocator, so what a function builds (a string, a table) is paid for there.
-- Patterns are charged their worst case, (subject length + 1)^(quantifiers + 1) x (pattern
-- length + 1) (one start position, not subject length + 1 of them, when anchored with ^),
-- a unit for every PATTERN_STEPS of it, and a worst case over PATTERN_WORK is refused:
-- backtracking grows with the subject's length to the power of the pattern's quantifiers
-- and %b items. A plain find is the same with no quantifiers; gsub's replacement string is
-- walked once a match.
local find, match, gmatch, gsub, byte = string.find, string.match, string.gmatch, string.gsub, string.byte
local PATTERN_WORK, PATTERN_STEPS = 5e7, 16
local function guard(s, p, f, plain)
  if type(s) ~= "string" or type(p) ~= "string" then return end
  local q, i, n = 0, 1, #p
  local starts = #s + 1
  if not plain then
    -- A leading ^ anchors find, match and gsub (gmatch tries every position all the same).
    if byte(p, 1) == 94 and f ~= "gmatch" then starts, i = 1, 2 end
    while i <= n do
      local c = byte(p, i)
      if c == 37 then
        if byte(p, i + 1) == 98 then q = q + 1 end -- %b
        i = i + 2
      else
        if c == 42 or c == 43 or c == 45 or c == 63 then q = q + 1 end
        i = i + 1
      end
    end
  end
  local work = starts * (#s + 1) ^ q * (n + 1)
  if work > PATTERN_WORK then
    local what = plain and "a plain search for " .. n .. " characters"
      or "a pattern of " .. n .. " characters with " .. q .. " quantifiers"
    error("string." .. f .. ": " .. what .. " in " .. #s ..
      " characters could run past the step budget; use a shorter string or a simpler pattern", 3)
  end
  if work > FREE * PATTERN_STEPS then charge(work // PATTERN_STEPS) end
end
string.find = function(s, p, init, plain)
  guard(s, p, "find", plain)
  return find(s, p, init, plain)
end
string.match = function(s, p, init) guard(s, p, "match") return match(s, p, init) end
string.gmatch = function(s, p, init) guard(s, p, "gmatch") return gmatch(s, p, init) end
string.gsub = function(s, p, r, n)
  guard(s, p, "gsub")
  -- The replacement string is walked once a match, even where it adds nothing ("%0" of
  -- an empty match): at most one match a position.
  if type(s) == "string" and type(r) == "string" then
    local work = (#s + 1) * #r
    if work > PATTERN_WORK then
      error("string.gsub: a replacement of " .. #r .. " characters for up to " .. (#s + 1) ..
        " matches could run past the step budget; use a shorter string or replacement", 2)
    end
    if work > FREE * PATTERN_STEPS then charge(work // PATTERN_STEPS) end
  end
  return gsub(s, p, r, n)
end
-- Lua copies the string once a repetition; nothing copied makes no allocation fail.
local rep, tointeger, tonumber_ = string.rep, math.tointeger, tonumber
string.rep = function(s, n, sep)
  if s == "" and (sep == nil or sep == "") then
    local times = tointeger(n) or (type(n) == "string" and tointeger(tonumber_(n) or 0))
    if times and times > 1 then n = 1 end
  end
  return rep(s, n, sep)
end

-- table.concat, unpack, insert, remove and move walk a table element by element in C.
-- On a plain table each step is a raw access and the walk ends at the table's end (or a
-- bounded count); through metamethods each step may call C functions again, with no
-- instruction counted. So a table with a metatable (other than the engine's guard) is
-- walked by these functions written in Lua, where every step counts. (A value without a
-- metatable that is not a table goes to the C function, which refuses it.)
local concat, unpack, insert, remove, move = table.concat, table.unpack, table.insert, table.remove, table.move
local maxinteger = math.maxinteger
local function plain(t)
  local m = raw_getmetatable(t)
  return m == nil or m == GUARD
end
-- What the C functions require of their first argument (a table, or a value with
-- metamethods, as a string has).
local function walkable(t, f)
  if type(t) ~= "table" and raw_getmetatable(t) == nil then
    error("bad argument #1 to '" .. f .. "' (table expected, got " .. (t == nil and "no value" or type(t)) .. ")", 3)
  end
end
local function integer(v, n, f)
  local i = tointeger(v)
  if i == nil then
    local got = v == nil and "no value" or type(v)
    if type(v) == "number" or (type(v) == "string" and tonumber_(v)) then
      error("bad argument #" .. n .. " to '" .. f .. "' (number has no integer representation)", 3)
    end
    error("bad argument #" .. n .. " to '" .. f .. "' (number expected, got " .. got .. ")", 3)
  end
  return i
end
local function concat_counted(t, sep, i, j)
  walkable(t, "concat")
  if sep == nil then sep = "" end
  i = i == nil and 1 or integer(i, 3, "concat")
  j = j == nil and #t or integer(j, 4, "concat")
  local parts, n = {}, 0
  for k = i, j do
    local v = t[k]
    if type(v) ~= "string" and type(v) ~= "number" then
      error("invalid value (at index " .. k .. ") in table for 'concat'", 2)
    end
    n = n + 1
    parts[n] = v
  end
  return concat(parts, sep, 1, n)
end
local function unpack_counted(t, i, j)
  walkable(t, "unpack")
  i = i == nil and 1 or integer(i, 2, "unpack")
  j = j == nil and #t or integer(j, 3, "unpack")
  if i > j then return end
  if j - i < 0 or j - i >= 1e6 then error("too many results to unpack", 2) end
  local c = {}
  for k = i, j do c[k - i + 1] = t[k] end
  return unpack(c, 1, j - i + 1)
end
local function insert_counted(t, pos, v)
  walkable(t, "insert")
  local e = #t + 1
  pos = integer(pos, 2, "insert")
  if pos < 1 or pos > e then error("bad argument #2 to 'insert' (position out of bounds)", 2) end
  for i = e, pos + 1, -1 do t[i] = t[i - 1] end
  t[pos] = v
end
local function remove_counted(t, pos)
  walkable(t, "remove")
  local size = #t
  pos = integer(pos, 2, "remove")
  if pos ~= size and (pos < 1 or pos > size + 1) then
    error("bad argument #2 to 'remove' (position out of bounds)", 2)
  end
  local v = t[pos]
  while pos < size do
    t[pos] = t[pos + 1]
    pos = pos + 1
  end
  t[pos] = nil
  return v
end
local function move_counted(a1, f, e, t, a2)
  if a2 == nil then a2 = a1 end
  walkable(a1, "move")
  walkable(a2, "move")
  f, e, t = integer(f, 2, "move"), integer(e, 3, "move"), integer(t, 4, "move")
  if e >= f then
    if not (f > 0 or e < maxinteger + f) then error("bad argument #3 to 'move' (too many elements to move)", 2) end
    if t > maxinteger - (e - f) then error("bad argument #4 to 'move' (destination wrap around)", 2) end
    if t > e or t <= f or not rawequal(a1, a2) then
      for i = 0, e - f do a2[t + i] = a1[f + i] end
    else
      for i = e - f, 0, -1 do a2[t + i] = a1[f + i] end
    end
  end
  return a2
end
-- On a plain table the C functions walk raw: each charges the elements it will walk.
-- Positions that are not integers go to the C function as they are, which refuses them.
local function span(a, b)
  a, b = tointeger(a), tointeger(b)
  if a == nil or b == nil or b < a then return 0 end
  local n = b - a
  if n < 0 then return maxinteger end -- wrapped: as many as there could be
  return n + 1
end
local function walk(n)
  if n > FREE then charge(n) end
end
table.concat = function(t, sep, i, j)
  local m = raw_getmetatable(t)
  if m == nil or m == GUARD then
    -- It stops at the first element missing, past the table's border at the latest.
    if type(t) == "table" then
      if j ~= nil then
        -- Elements past the border may be there: as many as asked.
        walk(span(i == nil and 1 or i, j))
      elseif #t >= FREE then
        walk(span(i == nil and 1 or i, #t + 1))
      end
    end
    return concat(t, sep, i, j)
  end
  return concat_counted(t, sep, i, j)
end
table.unpack = function(t, i, j)
  local m = raw_getmetatable(t)
  if m == nil or m == GUARD then
    if type(t) == "table" and (j ~= nil or #t > FREE) then
      local n = span(i == nil and 1 or i, j == nil and #t or j)
      -- More than the stack holds is refused by the C function before any work.
      if n < 1e6 then walk(n) end
    end
    return unpack(t, i, j)
  end
  return unpack_counted(t, i, j)
end
-- Appending (two arguments) and removing the last element do not walk the table.
table.insert = function(t, ...)
  if select("#", ...) == 2 then
    if not plain(t) then return insert_counted(t, ...) end
    if type(t) == "table" and #t > FREE then walk(span(..., #t)) end
  end
  return insert(t, ...)
end
table.remove = function(t, pos)
  if pos ~= nil then
    local m = raw_getmetatable(t)
    if m ~= nil and m ~= GUARD then return remove_counted(t, pos) end
    if type(t) == "table" and #t > FREE then walk(span(pos, #t)) end
  end
  return remove(t, pos)
end
table.move = function(a1, f, e, t, a2)
  if not plain(a1) or (a2 ~= nil and not plain(a2)) then return move_counted(a1, f, e, t, a2) end
  local n = span(f, e)
  if n > 1e7 then error("table.move: at most 10,000,000 elements at once", 2) end
  walk(n)
  return move(a1, f, e, t, a2)
end

-- Functions that return a value per element, or scan their subject: charged their count.
local s_byte, cp, u_len, u_offset = string.byte, utf8.codepoint, utf8.len, utf8.offset
local function position(i, len, default)
  i = i == nil and default or tointeger(i)
  if i == nil then return nil end
  if i < 0 then i = len + i + 1 end
  return i
end
-- string.byte(s, i, j) and utf8.codepoint(s, i, j): a value per byte of i..j.
local function per_byte(f)
  return function(s, i, j, ...)
    if type(s) == "string" and #s > FREE then
      local a = position(i, #s, 1)
      local b = j == nil and a or position(j, #s, a)
      if a and b then walk(span(a < 1 and 1 or a, b > #s and #s or b)) end
    end
    return f(s, i, j, ...)
  end
end
string.byte, utf8.codepoint = per_byte(s_byte), per_byte(cp)
-- utf8.len and utf8.offset scan their subject.
local function scans(f)
  return function(s, ...)
    if type(s) == "string" and #s > FREE then charge(#s) end
    return f(s, ...)
  end
end
utf8.len, utf8.offset = scans(u_len), scans(u_offset)
-- string.pack, packsize and unpack walk their format (spaces and alignments make no output).
local pack, packsize, unpack_s = string.pack, string.packsize, string.unpack
string.pack = function(fmt, ...)
  if type(fmt) == "string" then walk(#fmt) end
  return pack(fmt, ...)
end
string.packsize = function(fmt)
  if type(fmt) == "string" then walk(#fmt) end
  return packsize(fmt)
end
string.unpack = function(fmt, s, ...)
  if type(fmt) == "string" then
    walk(#fmt)
    -- A zero-terminated string is looked for to the subject's end.
    if type(s) == "string" and #s > FREE and find(fmt, "z", 1, true) then charge(#s) end
  end
  return unpack_s(fmt, s, ...)
end
-- A number read from a string scans all of it: tonumber, and arithmetic on strings
-- (the string metatable's metamethods).
tonumber = function(v, base)
  if type(v) == "string" and #v > FREE then charge(#v) end
  return tonumber_(v, base)
end
do
  local string_meta = getmetatable("")
  for _, event in next, { "__add", "__sub", "__mul", "__div", "__mod", "__pow", "__unm", "__idiv" } do
    local f = string_meta[event]
    if f then
      string_meta[event] = function(a, b)
        local n = (type(a) == "string" and #a or 0) + (type(b) == "string" and #b or 0)
        if n > FREE then charge(n) end
        return f(a, b)
      end
    end
  end
end

local raw_format = string.format
local function has_p(fmt)
  local i = 1
  while true do
    local at = find(fmt, "%", i, true)
    if not at then return false end
    if byte(fmt, at + 1) == 37 then
      i = at + 2
    else
      local _, e, conv = find(fmt, "^[-+ #0-9.]*(%a)", at + 1)
      if conv == "p" then return true end
      i = (e or at) + 1
    end
  end
end
local function unaddressed(n, ...)
  if n == 0 then return end
  return addressless((...)), unaddressed(n - 1, select(2, ...))
end
-- Format strings are mostly literals, so what has_p says of each is remembered (it never
-- changes, and no script can reach it).
local WITH_P = {}
string.format = function(fmt, ...)
  if type(fmt) == "string" then
    local p = WITH_P[fmt]
    if p == nil then
      p = find(fmt, "p", 1, true) ~= nil and has_p(fmt)
      WITH_P[fmt] = p
    end
    if p then error("string.format: %p is not available (addresses differ from run to run)", 2) end
  end
  -- A string argument is measured (strlen) whatever its conversion: charged its length.
  local n = select("#", ...)
  if n <= 4 then
    -- Most calls: a few arguments, looked at without a call each.
    local a, b, c, d = ...
    local ta, tb, tc, td = type(a), type(b), type(c), type(d)
    if ta == "string" and #a > FREE then charge(#a) end
    if tb == "string" and #b > FREE then charge(#b) end
    if tc == "string" and #c > FREE then charge(#c) end
    if td == "string" and #d > FREE then charge(#d) end
    if not (ADDRESSED[ta] or ADDRESSED[tb] or ADDRESSED[tc] or ADDRESSED[td]) then
      return raw_format(fmt, ...)
    end
    return raw_format(fmt, unaddressed(n, ...))
  end
  local addressed = false
  for i = 1, n do
    local v = (select(i, ...))
    if type(v) == "string" and #v > FREE then charge(#v) end
    if ADDRESSED[type(v)] then addressed = true end
  end
  if addressed then return raw_format(fmt, unaddressed(n, ...)) end
  return raw_format(fmt, ...)
end

-- Lua's own table.sort (ltablib.c), always pivoting on the middle element: the C one
-- takes a pivot from the clock when a partition comes out unbalanced, which could order
-- equal elements differently from run to run. In Lua, its work counts for the budget.
local SORT_ERROR = "invalid order function for sorting"
local function raw_less(a, b) return a < b end
local function less(a, b)
  local ta, tb = type(a), type(b)
  if ta == tb and (ta == "number" or ta == "string") then return a < b end
  -- Other values compare through __lt, or fail with Lua's message (without this file's line).
  local ok, r = pcall(raw_less, a, b)
  if ok then return r end
  if type(r) == "string" then r = gsub(r, "^posse%.sandbox:%d+: ", "") end
  error(r, 0)
end
local function auxsort(t, lo, up, lt)
  while lo < up do
    local a, b = t[lo], t[up]
    if lt(b, a) then t[lo] = b; t[up] = a end
    if up - lo == 1 then return end
    local p = (lo + up) // 2
    local ap, alo = t[p], t[lo]
    if lt(ap, alo) then
      t[p] = alo; t[lo] = ap
    else
      local aup = t[up]
      if lt(aup, ap) then t[p] = aup; t[up] = ap end
    end
    if up - lo == 2 then return end
    local pivot, last = t[p], t[up - 1]
    t[p] = last; t[up - 1] = pivot
    local i, j = lo, up - 1
    while true do
      i = i + 1
      local ai = t[i]
      while lt(ai, pivot) do
        if i == up - 1 then error(SORT_ERROR, 0) end
        i = i + 1
        ai = t[i]
      end
      j = j - 1
      local aj = t[j]
      while lt(pivot, aj) do
        if j < i then error(SORT_ERROR, 0) end
        j = j - 1
        aj = t[j]
      end
      if j < i then
        t[up - 1] = ai; t[i] = pivot
        p = i
        break
      end
      t[i] = aj; t[j] = ai
    end
    if p - lo < up - p then
      auxsort(t, lo, p - 1, lt)
      lo = p + 1
    else
      auxsort(t, p + 1, up, lt)
      up = p - 1
    end
  end
end
table.sort = function(t, lt)
  if type(t) ~= "table" then
    error("bad argument #1 to 'sort' (table expected, got " .. (t == nil and "no value" or type(t)) .. ")", 2)
  end
  if lt ~= nil and type(lt) ~= "function" then
    error("bad argument #2 to 'sort' (function expected, got " .. type(lt) .. ")", 2)
  end
  local n = #t
  if n > 1 then auxsort(t, 1, n, lt or less) end
end

-- pairs and next walk a table in an order of its keys' values, never of where Lua's
-- hash put them (which depends on the process's string hash seed and, for keys that are
-- tables or functions, on memory addresses): booleans (false first), then numbers, then
-- strings, each in ascending order. A key of another type has no such order, so walking
-- a table that holds one is an error that says so.
local raw_next, raw_pairs = next, pairs
local RANK = { boolean = 1, number = 2, string = 3 }
-- `level` is where the error is raised, as for `error`, counted from the caller.
local function unordered(k, f, level)
  error(f .. ": a table with a key of type " .. type(k) .. " has no fixed order (it would depend on " ..
    "memory addresses): key it by numbers or strings, or keep such keys in a list", level + 1)
end
local function before(a, b)
  local ra, rb = RANK[type(a)], RANK[type(b)]
  if ra ~= rb then return ra < rb end
  if ra == 1 then return b and not a end
  return a < b
end
-- The keys of `t` in order, for `f` (its name in messages).
local function ordered_keys(t, f, level)
  local keys, n = {}, 0
  for k in raw_next, t do
    if RANK[type(k)] == nil then unordered(k, f, level + 1) end
    n = n + 1
    keys[n] = k
  end
  if n > 1 then auxsort(keys, 1, n, before) end
  return keys, n
end
-- An iterator over `t` in key order, skipping keys removed while it walks.
local function ordered(t, f, level)
  local keys, n = ordered_keys(t, f, (level or 1) + 1)
  local i = 0
  return function()
    while i < n do
      i = i + 1
      local k = keys[i]
      local v = rawget(t, k)
      if v ~= nil then return k, v end
    end
  end
end
_G.pairs = function(t)
  local f, s, c = raw_pairs(t)
  if f ~= raw_next then return f, s, c end -- a __pairs metamethod's own iteration
  if type(t) ~= "table" then error("bad argument #1 to 'pairs' (table expected, got " .. type(t) .. ")", 2) end
  return ordered(t, "pairs", 2), t, nil
end
_G.next = function(t, k)
  if type(t) ~= "table" then
    error("bad argument #1 to 'next' (table expected, got " .. (t == nil and "no value" or type(t)) .. ")", 2)
  end
  if k == nil and raw_next(t) == nil then return nil end
  if k ~= nil and RANK[type(k)] == nil then unordered(k, "next", 2) end
  local best
  for key in raw_next, t do
    if RANK[type(key)] == nil then unordered(key, "next", 2) end
    if (k == nil or before(k, key)) and (best == nil or before(key, best)) then best = key end
  end
  if best == nil then return nil end
  return best, rawget(t, best)
end

local function copy(t)
  local c = {}
  for k, v in next, t do c[k] = v end
  return c
end

------------------------------------------------------------------------ Kept tables

-- `posse.once(name, builder)`: a table a module builds from the content alone (lookups
-- from posse.data, the board's zones, constant lists), built the first time a VM loads
-- the module and the same read-only table in every later game of that VM, so a reused VM
-- does not build it again. What makes it safe to keep, so that a game in a reused VM is
-- the game a fresh VM plays:
-- - It is built while the engine loads the game's modules (`Vm::require`, before the
--   game's first step), when the state is the game's fresh state, which every game of
--   the VM shares (the same content and seats; the seed aside, which the builder cannot
--   draw from), and the builder runs read-only (`seal`): it may read the game, never
--   change it or draw a random number. A VM given other seats forgets what it kept
--   (`forget_kept`). A module first required later (in the middle of a game) gets a
--   table built then and kept for that game alone.
-- - What the builder returns is copied, key by key in key order, into tables nothing else
--   holds (so no module keeps a way to write into it), and frozen (freeze.lua): a game
--   cannot change it, nor `rawset` into it. It may hold tables, strings, numbers and
--   booleans (and posse.data's own read-only tables), keyed by strings, numbers and
--   booleans: no function, whose upvalues could carry one game's state into the next.
-- Its builder runs under the step's budget like any code of the module; the copy and the
-- freeze are the engine's, made once a VM, and uncounted.
local KEPT = {}
local VALUE = { string = true, number = true, boolean = true }
local math_type = math.type
local function refuse(name, what)
  error("posse.once: the table '" .. name .. "' holds " .. what ..
    "; a kept table holds tables, strings, numbers and booleans only, keyed by strings, numbers and booleans", 0)
end
local function kept_copy(v, name, seen)
  if VALUE[type(v)] then return v end
  if type(v) ~= "table" then refuse(name, "a " .. type(v)) end
  if frozen.frozen(v) then return v end
  local c = seen[v]
  if c ~= nil then return c end
  if raw_getmetatable(v) ~= nil then refuse(name, "a table with a metatable") end
  c = {}
  seen[v] = c
  -- A list (keys 1..n and no other) is copied in order; a table with no whole-number key
  -- as the walk finds its keys (its length is 0 whatever the order, and pairs and next
  -- walk in key order: nothing a script reaches depends on the order it was filled in);
  -- any other table in key order, so that its length is the same in every process.
  local n, list, whole = 0, true, false
  for k in next, v do
    if not VALUE[type(k)] then refuse(name, "a key of type " .. type(k)) end
    n = n + 1
    if math_type(k) == "integer" then
      whole = true
      if k < 1 then list = false end
    else
      list = false
    end
  end
  if not whole then
    for k, x in next, v do c[k] = kept_copy(x, name, seen) end
    return c
  end
  -- (n distinct keys, all whole numbers from 1, and 1..n all there: the keys are 1..n.)
  for i = 1, list and n or 0 do
    if rawget(v, i) == nil then
      list = false
      break
    end
  end
  if list then
    for i = 1, n do c[i] = kept_copy(rawget(v, i), name, seen) end
    return c
  end
  local keys
  keys, n = ordered_keys(v, "posse.once", 1)
  for i = 1, n do
    local k = keys[i]
    c[k] = kept_copy(rawget(v, k), name, seen)
  end
  return c
end
local function kept(v, name)
  return frozen.freeze(kept_copy(v, name, {}), "a kept table (posse.once '" .. name .. "')")
end
local function once(name, builder)
  if type(name) ~= "string" then error("posse.once: expected a name (a string), got " .. type(name), 2) end
  local t = KEPT[name]
  if t ~= nil then return t end
  if type(builder) ~= "function" then
    error("posse.once: expected a builder (a function) for '" .. name .. "', got " .. type(builder), 2)
  end
  local v, keep = seal(builder)
  if type(v) ~= "table" then error("posse.once: the builder of '" .. name .. "' returned a " .. type(v) .. ", not a table", 2) end
  t = unmetered(kept, v, name)
  if keep then KEPT[name] = t end
  return t
end
local function forget_kept() KEPT = {} end
if seal ~= nil and type(provided.posse) == "table" then provided.posse.once = once end

-- Returns the tables it saves and a copy of each (the engine keeps both, out of every
-- script's reach, records their metatables, and puts them back between games: `reset` in
-- lua/mod.rs, then `fresh_loaded`).
local function snapshot()
  local tables = { _G, string, table, math, utf8, coroutine, getmetatable("") }
  for _, v in next, provided do
    if type(v) == "table" then tables[#tables + 1] = v end
  end
  local copies = {}
  for i, t in next, tables do copies[i] = copy(t) end
  return tables, copies
end

-- `ordered` serves posse.data's own pairs (prelude.lua), which walks a table no script can reach.
-- `forget_kept`: what posse.once kept, forgotten (a VM given other seats, lua/mod.rs).
return { snapshot = snapshot, fresh_loaded = fresh_loaded, ordered = ordered, forget_kept = forget_kept }
