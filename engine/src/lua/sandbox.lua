-- The engine's own Lua (trusted), run in every VM before any script: installs the
-- sandboxed `require` and removes what scripts may not reach (files, processes, the
-- network, code loading, the debug library, binary chunks, collector control, unseeded
-- randomness). `provided` holds the modules the VM provides (`posse` in a game's VM).
--
-- It also lets the engine reuse a VM for the next game of a batch: `snapshot` records
-- the globals, the libraries and the provided modules once everything is set up, and
-- `reset` puts them back and forgets every loaded module, so the next game starts as in a
-- fresh VM. Compiled chunks are kept: running a chunk again makes fresh module state.
local load_module, provided, exhausted, counted = ...
local next, type, error, setmetatable, getmetatable = next, type, error, setmetatable, getmetatable

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
load, loadfile, dofile, collectgarbage, print = nil, nil, nil, nil, nil

-- The step budget cannot be caught: once a step is over budget, whatever catches errors
-- passes them on, so `while true do pcall(f) end` still ends.
local raw_pcall, raw_xpcall, co_resume, co_close = pcall, xpcall, coroutine.resume, coroutine.close
local function pass(ok, ...)
  if not ok and exhausted() then error((...), 0) end
  return ok, ...
end
pcall = function(...) return pass(raw_pcall(...)) end
xpcall = function(...) return pass(raw_xpcall(...)) end
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
-- outside the order of the game (and differently in a VM that played a game before).
local raw_setmetatable, rawget, rawset = setmetatable, rawget, rawset
_G.setmetatable = function(t, mt)
  if type(mt) == "table" then
    if rawget(mt, "__gc") ~= nil then
      error("setmetatable: __gc finalizers are not allowed (they would run when the collector decides)", 2)
    end
    if rawget(mt, "__mode") ~= nil then
      error("setmetatable: weak tables (__mode) are not allowed (what they hold would depend on when the collector runs)", 2)
    end
  end
  return raw_setmetatable(t, mt)
end

-- Addresses differ from run to run: tostring of a table, function, coroutine or userdata
-- shows its type (or __name) alone, and string.format converts such values the same way
-- and refuses %p.
local raw_tostring, select, str_match = tostring, select, string.match
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

-- C loops do not count instructions, so the library functions that could loop for very
-- long inside C are bounded: patterns (tried at every position of the subject, each try
-- walking the pattern, and backtracking grows with the subject's length to the power of
-- the pattern's quantifiers and %b items), plain finds (subject times needle), table.move
-- and table.sort (below, in Lua).
local find, match, gmatch, gsub, byte = string.find, string.match, string.gmatch, string.gsub, string.byte
local PATTERN_WORK = 5e7
local function guard(s, p, f, plain)
  if type(s) ~= "string" or type(p) ~= "string" then return end
  local q, i, n = 0, 1, #p
  if not plain then
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
  if (#s + 1) ^ (q + 1) * (n + 1) > PATTERN_WORK then
    local what = plain and "a plain search for " .. n .. " characters"
      or "a pattern of " .. n .. " characters with " .. q .. " quantifiers"
    error("string." .. f .. ": " .. what .. " in " .. #s ..
      " characters could run past the step budget; use a shorter string or a simpler pattern", 3)
  end
end
string.find = function(s, p, init, plain)
  guard(s, p, "find", plain)
  return find(s, p, init, plain)
end
string.match = function(s, p, init) guard(s, p, "match") return match(s, p, init) end
string.gmatch = function(s, p, init) guard(s, p, "gmatch") return gmatch(s, p, init) end
string.gsub = function(s, p, r, n) guard(s, p, "gsub") return gsub(s, p, r, n) end
local move = table.move
table.move = function(a1, f, e, t, a2)
  if type(f) == "number" and type(e) == "number" and e - f > 1e7 then
    error("table.move: at most 10,000,000 elements at once", 2)
  end
  return move(a1, f, e, t, a2)
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
  local n = select("#", ...)
  for i = 1, n do
    if ADDRESSED[type((select(i, ...)))] then return raw_format(fmt, unaddressed(n, ...)) end
  end
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

local saved = {}
local function copy(t)
  local c = {}
  for k, v in next, t do c[k] = v end
  return c
end

-- Returns the tables it saved, so the engine can record and restore their metatables
-- (raw, whatever a script did to protect them).
local function snapshot()
  local tables = { _G, string, table, math, utf8, coroutine, getmetatable("") }
  for _, v in next, provided do
    if type(v) == "table" then tables[#tables + 1] = v end
  end
  for _, t in next, tables do saved[t] = copy(t) end
  return tables
end

local function reset()
  for t, was in next, saved do
    for k in next, t do
      if was[k] == nil then rawset(t, k, nil) end
    end
    for k, v in next, was do rawset(t, k, v) end
  end
  fresh_loaded()
end

return { snapshot = snapshot, reset = reset }
