-- The engine's own Lua (trusted), run in every VM before any script: installs the
-- sandboxed `require` and removes what scripts may not reach (files, processes, the
-- network, code loading, the debug library, binary chunks, collector control, unseeded
-- randomness). `loaded` holds the modules the VM provides (`posse` in a game's VM).
local load_module, loaded = ...

function require(name)
  if type(name) ~= "string" then error("require: expected a module name", 2) end
  local m = loaded[name]
  if m ~= nil then return m end
  local f, err = load_module(name)
  if not f then error(err, 2) end
  m = f(name)
  if m == nil then m = true end
  loaded[name] = m
  return m
end

math.randomseed = nil
string.dump = nil
load, loadfile, dofile, collectgarbage, print = nil, nil, nil, nil, nil
