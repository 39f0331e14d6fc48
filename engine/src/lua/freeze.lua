-- The engine's own Lua (trusted): read-only trees. posse.data, every definition
-- (posse.def), a scenario's table and a strategy bot's `data` are trees of empty proxies
-- over tables no script can reach: their metatables are hidden, pairs() walks them in key
-- order with an iterator of its own (handing the loop the proxy, not the table behind
-- it), and rawset refuses them. A table met twice (a behaviour many cards share) gets
-- one proxy. Runs before sandbox.lua, whose `ordered` it is given later.
local setmetatable_, next_, type_, error_, rawset_ = setmetatable, next, type, error, rawset

-- Walks a table in key order (sandbox.lua's).
local ORDERED
local FROZEN, PROXY = {}, {}
local function freeze(t, what)
  if type_(t) ~= "table" or FROZEN[t] then return t end
  local proxy = PROXY[t]
  if proxy then return proxy end
  proxy = setmetatable_({}, {
    __index = t,
    __newindex = function() error_(what .. " is read-only", 2) end,
    __len = function() return #t end,
    __pairs = function(p) return ORDERED(t, "pairs"), p, nil end,
    __metatable = false,
  })
  FROZEN[proxy], PROXY[t] = what, proxy
  for k, v in next_, t do t[k] = freeze(v, what) end
  return proxy
end

rawset = function(t, k, v)
  if FROZEN[t] then error(FROZEN[t] .. " is read-only", 2) end
  return rawset_(t, k, v)
end

return {
  freeze = freeze,
  set_ordered = function(ordered) ORDERED = ordered end,
  frozen = function(t) return FROZEN[t] ~= nil end,
}
