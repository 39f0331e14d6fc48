-- The sharp bot as the Marshal. The Sheriffs guard the richest banks (the Marshal knows
-- every tile on the board): a lone desperado cannot rob a guarded bank. The Marshal rides
-- where the desperadoes most likely are at this move (each one's walk from his pawn, narrowed
-- by the cards he proved with), since an arrest ends a desperado's turn: his later
-- activities, his hold-up and the card he was caught on are lost.

local bot = require("lib.bot")
local board = require("desperados.bots.sharp.board")
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
    local v = board.bank_value(view, town, 1900)
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
    if not skip[id] and #board.roads[id] > most then best, most = id, #board.roads[id] end
  end
  return best
end

---Setup: the Marshal in the hub, Sheriff i on the i-th richest bank.
---@param b desperados_sharp.Board
---@param view View
---@param q BotQuestion
---@return integer
local function place(b, view, q)
  local want
  local i = bot.number(q.prompt)
  if i then
    local list = banks(b, view)
    want = list[i] and list[i].town or hub(b, b.bank)
  else
    want = hub(b, {})
  end
  return bot.best(q, function(_, label)
    return b.by_name[(label:gsub(" %(bank%)$", ""))] == want and 1 or 0
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
      local dist = board.distances(bank.town)
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

---A Sheriff's ride: the option that brings him nearest his bank.
---@param b desperados_sharp.Board
---@param view View
---@param q BotQuestion
---@return integer
local function ride(b, view, q)
  local i = bot.number(q.prompt) or 1
  local dist = board.distances(post(b, view, i))
  return bot.best(q, function(_, label)
    local to = board.town_after(b, label, "Ride to ") or board.town_after(b, label, "Stay in ")
    return -(dist[to or ""] or 99)
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
  for j, card in ipairs(board.row(view, me)) do
    if card and card ~= "saloon" then pos = card end
    caught[j] = pos
  end
  local list = {} ---@type sharp.Suspect[]
  for s, sv in ipairs(view.seats) do
    local start = b.ids[sv.counters.at or 0]
    if s ~= me and start and not sv.eliminated then
      local sp = track.spread(start, board.row(view, s), k - 1, caught)
      list[#list + 1] = { seat = s, spread = track.step(sp) }
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
    local poker, robbery = board.poker(view, town) and 0.45 or 0, coach[town] and 1.0 or 0
    local n = 1 + (poker > 0 and 1 or 0) + (robbery > 0 and 1 or 0)
    v = v + (poker + robbery) / n
  end
  if k == b.data.moves and (law[town] or 0) == 0 then v = v + board.bank_value(view, town, 1900) / 1000 end
  return v
end

---The Marshal's card: the town (the Saloon: where his cards lead) where arrests are worth
---most now, plus half the best town a road further.
---@param b desperados_sharp.Board
---@param view View
---@param q BotQuestion
---@return integer
local function card(b, view, q)
  local k = bot.number(q.prompt:match("move %d+") or "") or 1
  local here = board.town_after(b, q.prompt, "lead to ") or b.ids[1]
  local law, coach = board.sheriffs(b, view), board.coaches(b, view)
  local now = suspects(b, view, k)
  local function worth(town)
    local v = 0.0
    for _, x in ipairs(now) do v = v + track.at(x.spread, town) * stake(b, view, x.seat, town, k, law, coach) end
    return v
  end
  local next = {}
  for i, x in ipairs(now) do next[i] = track.step(x.spread) end
  local function later(town)
    if k >= b.data.moves then return 0 end
    local best = 0.0
    for _, n in ipairs(board.roads[town]) do
      local v = 0.0
      for _, sp in ipairs(next) do v = v + track.at(sp, n) end
      if v > best then best = v end
    end
    return best
  end
  return bot.best(q, function(_, _, tag)
    local to = board.card_town(b, tag, here)
    if not to then return -1 end
    return worth(to) + AHEAD * later(to)
  end)
end

---@param view View
---@param q BotQuestion
---@param data table
---@return integer
function M.pick(view, q, data)
  local b = board.new(data)
  if q.prompt:find("^Setup") then return place(b, view, q) end
  if q.prompt:find("^Sheriff") then return ride(b, view, q) end
  if q.prompt:find("Play a card") then return card(b, view, q) end
  return math.random(q.count)
end

return M
