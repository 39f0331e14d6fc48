-- The sharp bot as the Marshal. The Sheriffs guard the richest banks (the Marshal knows
-- every tile on the board): a lone desperado cannot rob a guarded bank. The Marshal rides
-- where the desperadoes most likely are at this move (each one's walk from his pawn, narrowed
-- by the cards he proved with), since an arrest ends a desperado's turn: his later
-- activities, his hold-up and the card he was caught on are lost. Questions are read by
-- their kind and their options' ids and args (questions.lua).

local bot = require("lib.bot")
local know = require("desperados.bots.sharp.know")
local track = require("desperados.bots.sharp.track")

local M = {}

-- What an arrest is worth, in thousands of dollars kept: the turn's rest of one desperado.
local ARREST = 1.0
-- How much the best town a road further counts beside this move's town.
local AHEAD = 0.5

---The banks that still hold a tile, richest first, with their values.
---@param b desperados_sharp.Board
---@param view View
---@return {town: string, value: number}[]
local function banks(b, view)
  local list = {}
  for _, town in ipairs(b.data.banks) do
    local v = know.bank_value(view, town, 1900)
    if v > 0 then list[#list + 1] = { town = town, value = v } end
  end
  table.sort(list, function(x, y) return x.value > y.value end)
  return list
end

---The town with the most roads (where the Marshal starts: every way is open to him).
---@param b desperados_sharp.Board
---@param skip table<string, boolean>
---@return string
local function hub(b, skip)
  local best, most = b.ids[1], -1
  for _, id in ipairs(b.ids) do
    if not skip[id] and #b.roads[id] > most then best, most = id, #b.roads[id] end
  end
  return best
end

---Setup (a `start` question, args.town): the Marshal in the hub, Sheriff i (args.sheriff)
---on the i-th richest bank.
---@param b desperados_sharp.Board
---@param view View
---@param q BotQuestion
---@return integer
local function place(b, view, q)
  local want
  if q.ids[1] == "sheriff" then
    local list = banks(b, view)
    local i = q.args[1].sheriff --[[@as integer]]
    want = list[i] and list[i].town or hub(b, b.bank)
  elseif q.ids[1] == "marshal" then
    want = hub(b, {})
  else
    error("sharp: no answer for a 'start' question of '" .. tostring(q.ids[1]) .. "' as the Marshal")
  end
  return bot.best(q, function(i)
    return q.args[i].town == want and 1 or 0
  end)
end

---Which bank each Sheriff should stand on: a bank already guarded keeps its first Sheriff;
---the richest unguarded banks take the nearest free Sheriffs; a Sheriff left over joins the
---richest bank. Returns the town of Sheriff `i`.
---@param b desperados_sharp.Board
---@param view View
---@param i integer
---@return string
local function post(b, view, i)
  local at = {}
  for k = 1, 5 do at[k] = b.ids[view.counters["sheriff_" .. k] or 0] end
  local list = banks(b, view)
  if #list == 0 then return at[i] end
  local guard, free, guarded = {}, {}, {} ---@type table<integer, string>, table<integer, string>, table<string, boolean>
  for k = 1, 5 do free[k] = at[k] end
  for _, bank in ipairs(list) do
    for k = 1, 5 do
      if free[k] == bank.town then
        guard[k], free[k], guarded[bank.town] = bank.town, nil, true
        break
      end
    end
  end
  for _, bank in ipairs(list) do
    if not guarded[bank.town] then
      local dist = know.distances(b, bank.town)
      local near, d = nil, math.huge
      for k = 1, 5 do
        local town = free[k]
        if town and dist[town] < d then near, d = k, dist[town] end
      end
      if near then guard[near], free[near] = bank.town, nil end
    end
  end
  return guard[i] or list[1].town
end

---A Sheriff's ride (a `sheriff` question: Sheriff args.sheriff stays or rides to
---args.town): the option that brings him nearest his bank.
---@param b desperados_sharp.Board
---@param view View
---@param q BotQuestion
---@return integer
local function ride(b, view, q)
  local i = q.args[1].sheriff --[[@as integer]]
  local dist = know.distances(b, post(b, view, i))
  return bot.best(q, function(j)
    return -(dist[q.args[j].town] or 99)
  end)
end

---A desperado and where he probably is.
---@class sharp.Suspect
---@field seat integer
---@field spread sharp.Spread

---Where each desperado probably is after `k` cards, arrests by the Marshal's own cards so
---far taken out.
---@param b desperados_sharp.Board
---@param view View
---@param k integer
---@return sharp.Suspect[]
local function suspects(b, view, k)
  local me = view.seat or 1
  local caught, pos = {}, b.ids[view.seats[me].counters.at or 0]
  for j, card in ipairs(know.row(view, me)) do
    if card and card ~= know.STAY then pos = card end
    caught[j] = pos
  end
  local list = {} ---@type sharp.Suspect[]
  for s, sv in ipairs(view.seats) do
    local start = b.ids[sv.counters.at or 0]
    if s ~= me and start and not sv.eliminated then
      local sp = track.spread(b.roads, start, know.row(view, s), k - 1, caught)
      list[#list + 1] = { seat = s, spread = track.step(sp, b.roads) }
    end
  end
  return list
end

---What stopping desperado `s` in `town` at this move saves, in thousands: the rest of his
---turn, the activity he may start here, and at the last move the bank he would rob.
---@param b desperados_sharp.Board
---@param view View
---@param s integer
---@param town string
---@param k integer
---@param law table<string, integer>
---@param coach table<string, boolean>
---@return number
local function stake(b, view, s, town, k, law, coach)
  local v = ARREST
  if (law[town] or 0) == 0 and (view.seats[s].counters.disc or 0) == 0 then
    -- A desperado picks among "No activity" and what the town offers.
    local poker, robbery = know.poker(view, town) and 0.45 or 0, coach[town] and 1.0 or 0
    local n = 1 + (poker > 0 and 1 or 0) + (robbery > 0 and 1 or 0)
    v = v + (poker + robbery) / n
  end
  if k == b.data.moves and (law[town] or 0) == 0 then v = v + know.bank_value(view, town, 1900) / 1000 end
  return v
end

---The Marshal's card: the town (the Saloon: where his cards lead) where arrests are worth
---most now, plus half the best town a road further.
---@param b desperados_sharp.Board
---@param view View
---@param q BotQuestion
---@return integer
local function card(b, view, q)
  local k = view.counters.move or 1
  local law, coach = know.sheriffs(b, view), know.coaches(b, view)
  local now = suspects(b, view, k)
  local function worth(town)
    local v = 0.0
    for _, x in ipairs(now) do v = v + track.at(x.spread, town) * stake(b, view, x.seat, town, k, law, coach) end
    return v
  end
  local next = {}
  for i, x in ipairs(now) do next[i] = track.step(x.spread, b.roads) end
  local function later(town)
    if k >= b.data.moves then return 0 end
    local best = 0.0
    for _, n in ipairs(b.roads[town]) do
      local v = 0.0
      for _, sp in ipairs(next) do v = v + track.at(sp, n) end
      if v > best then best = v end
    end
    return best
  end
  return bot.best(q, function(i)
    local to = know.card_town(q, i)
    if not to then return -1 end
    return worth(to) + AHEAD * later(to)
  end)
end

---@param b desperados_sharp.Board
---@param view View
---@param q BotQuestion
---@return integer
function M.pick(b, view, q)
  if q.kind == "start" then return place(b, view, q) end
  if q.kind == "sheriff" then return ride(b, view, q) end
  if q.kind == "card" then return card(b, view, q) end
  error("sharp: no answer for a '" .. tostring(q.kind) .. "' question as the Marshal")
end

return M
