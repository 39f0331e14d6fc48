-- American Desperado's sharp bot: each criminal walks the cheapest route (actions plus the
-- expected cost of failing what it fights) to its goal: loot lying in the building, else
-- the cheapest face-down tile to open; loot it carries goes to the crew's home entrance
-- (the one with loot lying on it), and once the loot there and carried is worth the
-- target, everyone gathers there. A face-down tile is scouted before it is stepped on.

local bot = require "lib.bot"
local map = require "american_desperado.bots.sharp.map"

-- How much a goal is worth beyond its cost: loot to fetch outranks a tile to open.
local LOOT_GOAL = 6

---@param b american_desperado_sharp.Board
---@param name string
---@return sharp.Criminal|nil
local function criminal(b, name)
  for _, x in ipairs(b.crew) do
    if x.name == name then return x end
  end
  return nil
end

---The standing criminals.
---@param b american_desperado_sharp.Board
---@return sharp.Criminal[]
local function standing(b)
  local out = {}
  for _, x in ipairs(b.crew) do
    if not x.subdued then out[#out + 1] = x end
  end
  return out
end

---The cheapest entrance from `cost`, or nil.
---@param b american_desperado_sharp.Board
---@param cost table<string, number>
---@return string|nil
local function nearest_entrance(b, cost)
  local best, at = math.huge, nil
  for k, cell in pairs(b.cells) do
    if cell.entrance and (cost[k] or math.huge) < best then best, at = cost[k], k end
  end
  return at
end

---The crew's home entrance: where loot lies on an entrance (the most), else the entrance
---nearest to the criminal carrying the most, else nil. Every criminal works it out the same.
---@param b american_desperado_sharp.Board
---@return string|nil
local function home(b)
  local best, at = 0, nil ---@type integer, string|nil
  for k, cell in pairs(b.cells) do
    if cell.entrance and (cell.loot > best or (cell.loot == best and at and cell.loot > 0 and k < at)) then
      best, at = cell.loot, k
    end
  end
  if at then return at end
  local rich = nil ---@type sharp.Criminal|nil
  for _, x in ipairs(standing(b)) do
    if x.carry > 0 and (rich == nil or x.carry > rich.carry or (x.carry == rich.carry and x.name < rich.name)) then
      rich = x
    end
  end
  if rich == nil then return nil end
  return nearest_entrance(b, (map.routes(b, rich)))
end

---The loot the crew could get away with now: lying at home and carried by those standing.
---@param b american_desperado_sharp.Board
---@param at string|nil
---@return integer
local function secured(b, at)
  local v = at and b.cells[at].loot or 0
  for _, x in ipairs(standing(b)) do v = v + x.carry end
  return v
end

---Where `me` heads: home with loot, or when the crew has enough; else the best of loot to
---fetch and face-down tiles to open. Returns the goal's cell key and the routes.
---@param b american_desperado_sharp.Board
---@param me sharp.Criminal
---@param data table
---@return string|nil goal
---@return table<string, number> cost
---@return table<string, string> first
---@return string|nil home
local function plan(b, me, data)
  local cost, first = map.routes(b, me)
  local at = home(b)
  if me.carry > 0 or secured(b, at) >= (data.target or 0) then
    return at or nearest_entrance(b, cost), cost, first, at
  end
  local goal, best = nil, math.huge
  for k, cell in pairs(b.cells) do
    local d = cost[k]
    if d and k ~= me.key then
      local t = cell.tile
      local score = math.huge
      if cell.loot > 0 and not cell.entrance and me.room > 0 then
        score = d - LOOT_GOAL
      elseif t and not t.hidden and not t.face_up and (t.props or {}).class == "loot" then
        score = d - LOOT_GOAL -- a vault we scouted
      elseif t and t.hidden then
        score = d
      end
      if score < best then goal, best = k, score end
    end
  end
  if me.room > 0 and b.cells[me.key].loot > 0 and not b.cells[me.key].entrance then goal = me.key end
  return goal or at or nearest_entrance(b, cost), cost, first, at
end

---The option tagged one of `verbs` whose label names `key`, or nil.
---@param q BotQuestion
---@param key string
---@param verbs table<string, true>
---@return integer|nil
local function option_at(q, key, verbs)
  for i = 1, q.count do
    local t = q.tags[i]
    if t and verbs[t] and map.key_in(q.labels[i]) == key then return i end
  end
  return nil
end

-- The tags of a step to the next space: a move, onto a face-down tile, a fight with an
-- obstacle, an attack on the police there.
local STEP = { move = true, step = true, fight = true, attack = true }
local SCOUT = { scout = true }

---A criminal's turn: free loot moves first, then a step along the route to its goal.
---@param view View
---@param q BotQuestion
---@param data table
---@return integer
local function turn(view, q, data)
  local b = map.read(view)
  local me = criminal(b, q.prompt:match("^(%a+) at") or "")
  local rest, stop = bot.by_tag(q, "rest"), bot.by_label(q, "End the turn")
  if me == nil then return rest or stop or 1 end
  local goal, _, first, at = plan(b, me, data)
  local here = b.cells[me.key]
  -- Loot: dropped at home, taken anywhere else.
  if me.key == at then
    local drop = bot.by_tag(q, "drop_loot")
    if drop then return drop end
  elseif not (here.entrance and at == nil and me.carry > 0) then
    local take = bot.by_tag(q, "take_loot")
    if take then return take end
  end
  if rest then return rest end
  local trade = bot.by_tag(q, "trade_hostage")
  if trade then return trade end
  local owed = bot.by_tag(q, "attack")
  if owed and not map.key_in(q.labels[owed]) then return owed end
  local next = goal and first[goal]
  if next == nil then return stop or 1 end
  local left = tonumber(q.prompt:match("(%d+) actions? left")) or 0
  local cell = b.cells[next]
  -- Look before stepping onto a tile nobody showed us, while an action is left to step.
  if cell.tile and cell.tile.hidden and left >= 2 then
    local scout = option_at(q, next, SCOUT) or bot.by_tag(q, "scout_any")
    if scout then return scout end
  end
  return option_at(q, next, STEP) or stop or 1
end

---Brains scouts the face-down tile the crew would open most cheaply.
---@param view View
---@param q BotQuestion
---@return integer
local function scout_which(view, q)
  local b = map.read(view)
  local best = {}
  for _, x in ipairs(standing(b)) do
    for k, d in pairs((map.routes(b, x))) do
      if d < (best[k] or math.huge) then best[k] = d end
    end
  end
  return bot.best(q, function(_, label)
    return -(best[map.key_in(label) or ""] or 99)
  end)
end

---Who fights for a stack: the best odds against the police (the Thug), the least tired.
---@param view View
---@param q BotQuestion
---@return integer
local function fighter(view, q)
  local b = map.read(view)
  return bot.best(q, function(_, label)
    local x = criminal(b, label:match("^(%a+)") or "")
    local score = -(bot.number(label) or 0)
    if x and x.against.patrol then score = score + 10 end
    return score
  end)
end

---@type Bot
return {
  about = "Opens the cheapest tiles, scouts before stepping, brings the loot home and gathers there",
  pick = function(view, q, data)
    local p = q.prompt
    if q.multi then return { 1 } end
    if p:find(" action", 1, true) and p:find(" left.", 1, true) then return turn(view, q, data) end
    if p:find("scouts which tile") then return scout_which(view, q) end
    if p:find("Who fights") then return fighter(view, q) end
    if p:find("Reroll") then return bot.by_tag(q, "reroll") or 1 end
    if p:find("lift a teammate") then
      return bot.best(q, function(_, label) return bot.number(label) or -1 end)
    end
    if p:find("may case") then return 1 end
    return math.random(q.count)
  end,
}
