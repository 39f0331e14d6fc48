-- The renderer's sandbox: no posse module, no state, only the view it is given.
math.randomseed, math.random = nil, nil
string.dump = nil
load, loadfile, dofile, collectgarbage, print = nil, nil, nil, nil, nil
local loaded = {}
local load_module = ...
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
