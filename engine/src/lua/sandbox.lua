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

-- Finalizers would run at moments the collector chooses, outside the order of the game.
local raw_setmetatable, rawget, rawset = setmetatable, rawget, rawset
_G.setmetatable = function(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: __gc finalizers are not allowed (they would run when the collector decides)", 2)
  end
  return raw_setmetatable(t, mt)
end

-- C loops do not count instructions, so the library functions that could loop for very
-- long inside C are bounded: patterns (backtracking grows with the subject's length to
-- the power of the pattern's quantifiers) and table.move.
local find, match, gmatch, gsub, byte = string.find, string.match, string.gmatch, string.gsub, string.byte
local function guard(s, p, f)
  if type(s) ~= "string" or type(p) ~= "string" then return end
  local q, i, n = 0, 1, #p
  while i <= n do
    local c = byte(p, i)
    if c == 37 then
      i = i + 2
    else
      if c == 42 or c == 43 or c == 45 or c == 63 then q = q + 1 end
      i = i + 1
    end
  end
  if q > 0 and (#s + 1) ^ (q + 1) > 1e9 then
    error("string." .. f .. ": a pattern with " .. q .. " quantifiers on " .. #s ..
      " characters could run past the step budget; use a shorter string or a simpler pattern", 3)
  end
end
string.find = function(s, p, init, plain)
  if not plain then guard(s, p, "find") end
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
