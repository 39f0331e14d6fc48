-- Where a hidden pawn probably is: a walk along the roads from its town at the start of the
-- turn, one step a card, each legal card as likely as the next (a town a road away, or the
-- Saloon while it is unused), narrowed by the cards the viewer has seen. The walk forgets
-- which towns were visited already (a card is once a turn): close enough, and cheap.

local board = require("desperados.bots.sharp.board")

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

---One card more, played blind.
---@param sp sharp.Spread
---@return sharp.Spread
function M.step(sp)
  local free, used = {}, {}
  for town, m in pairs(sp.free) do
    local roads = board.roads[town]
    local share = m / (#roads + 1)
    for _, n in ipairs(roads) do add(free, n, share) end
    add(used, town, share)
  end
  for town, m in pairs(sp.used) do
    local roads = board.roads[town]
    for _, n in ipairs(roads) do add(used, n, m / #roads) end
  end
  return { free = free, used = used }
end

---One card more, seen: `card` is a town's id or "saloon".
---@param sp sharp.Spread
---@param card string
---@return sharp.Spread
local function seen(sp, card)
  if card == "saloon" then
    local used = {}
    for town, m in pairs(sp.free) do add(used, town, m) end
    for town, m in pairs(sp.used) do add(used, town, m) end
    return { free = {}, used = used }
  end
  return { free = { [card] = sum(sp.free) }, used = { [card] = sum(sp.used) } }
end

---The spread after `steps` cards of `row` (row[k]: a seen card, or false) from `start`;
---`caught[k]`, when given, is a town where the pawn would have been arrested after card k.
---@param start string
---@param row (string|false)[]
---@param steps integer
---@param caught (string|nil)[]|nil
---@return sharp.Spread
function M.spread(start, row, steps, caught)
  local sp = { free = { [start] = 1 }, used = {} }
  for k = 1, steps do
    local card = row[k]
    if card then sp = seen(sp, card) else sp = M.step(sp) end
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
