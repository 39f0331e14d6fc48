-- Where a hidden pawn probably is: a walk along the roads from its town at the start of the
-- turn, one step a card, each legal card as likely as the next (a town a road away, or the
-- Saloon while it is unused), narrowed by the cards the viewer has seen. The walk forgets
-- which towns were visited already (a card is once a turn): close enough, and cheap.

local know = require("desperados.bots.sharp.know")

local M = {}

---A spread of a pawn over the towns: `free` while its Saloon is unused, `used` after. The
---masses sum to the chance that the pawn is still moving (not arrested).
---@class sharp.Spread
---@field free table<string, number>
---@field used table<string, number>

---@param into table<string, number>
---@param town string
---@param mass number
local function add(into, town, mass)
  into[town] = (into[town] or 0) + mass
end

---@param t table<string, number>
---@return number
local function sum(t)
  local s = 0.0
  for _, m in pairs(t) do s = s + m end
  return s
end

---One card more, played blind, along `roads` (roads[town]: the towns a road away).
---@param sp sharp.Spread
---@param roads table<string, string[]>
---@return sharp.Spread
function M.step(sp, roads)
  local free, used = {}, {}
  for town, m in pairs(sp.free) do
    local near = roads[town]
    local share = m / (#near + 1)
    for _, n in ipairs(near) do add(free, n, share) end
    add(used, town, share)
  end
  for town, m in pairs(sp.used) do
    local near = roads[town]
    for _, n in ipairs(near) do add(used, n, m / #near) end
  end
  return { free = free, used = used }
end

---One card more, seen: `card` is the town it leads to, or know.STAY.
---@param sp sharp.Spread
---@param card string
---@return sharp.Spread
local function seen(sp, card)
  if card == know.STAY then
    local used = {}
    for town, m in pairs(sp.free) do add(used, town, m) end
    for town, m in pairs(sp.used) do add(used, town, m) end
    return { free = {}, used = used }
  end
  return { free = { [card] = sum(sp.free) }, used = { [card] = sum(sp.used) } }
end

---The spread after `steps` cards of `row` (row[k]: a seen card, or false) from `start`
---along `roads`; `caught[k]`, when given, is a town where the pawn would have been
---arrested after card k.
---@param roads table<string, string[]>
---@param start string
---@param row (string|false)[]
---@param steps integer
---@param caught (string|nil)[]|nil
---@return sharp.Spread
function M.spread(roads, start, row, steps, caught)
  local sp = { free = { [start] = 1 }, used = {} }
  for k = 1, steps do
    local card = row[k]
    if card then sp = seen(sp, card) else sp = M.step(sp, roads) end
    local town = caught and caught[k]
    if town then sp.free[town], sp.used[town] = nil, nil end
  end
  return sp
end

---The chance that the pawn is in `town`.
---@param sp sharp.Spread
---@param town string
---@return number
function M.at(sp, town)
  return (sp.free[town] or 0) + (sp.used[town] or 0)
end

return M
