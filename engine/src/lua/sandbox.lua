-- The engine's own Lua (trusted), run in every VM before any script: installs the
-- sandboxed `require` and removes what scripts may not reach (files, processes, the
-- network, code loading, the debug library, binary chunks, collector control, unseeded
-- randomness). `provided` holds the modules the VM provides (`posse` in a game's VM).
--
-- It also lets the engine reuse a VM for the next game of a batch: `snapshot` records
-- the globals, the libraries and the provided modules once everything is set up, and
-- `reset` puts them back and forgets every loaded module, so the next game starts as in a
-- fresh VM. Compiled chunks are kept: running a chunk again makes fresh module state.
local load_module, provided = ...
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

local saved = {}
local function copy(t)
  local c = {}
  for k, v in next, t do c[k] = v end
  return c
end

local function snapshot()
  local tables = { _G, string, table, math, utf8, coroutine, getmetatable("") }
  for _, v in next, provided do
    if type(v) == "table" then tables[#tables + 1] = v end
  end
  for _, t in next, tables do saved[t] = { copy(t), getmetatable(t) } end
end

local function reset()
  for t, s in next, saved do
    local was, meta = s[1], s[2]
    for k in next, t do
      if was[k] == nil then t[k] = nil end
    end
    for k, v in next, was do t[k] = v end
    if getmetatable(t) ~= meta then setmetatable(t, meta) end
  end
  fresh_loaded()
end

return { snapshot = snapshot, reset = reset }
