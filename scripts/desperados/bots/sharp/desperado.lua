-- The sharp bot as a desperado. The money is in the banks: by the last move he rides to
-- the richest bank no Sheriff guards (a lone desperado robs it). On the way he takes a town
-- where a coach stands or a poker tile lies while his disc is free, and he shuns the towns
-- the Marshal may reach at this move (a walk from his pawn: his cards are face down).
-- Questions are read by their kind and their options' ids and args (questions.lua).

local bot = require("lib.bot")
local know = require("desperados.bots.sharp.know")
local track = require("desperados.bots.sharp.track")

local M = {}

-- What a face-down bank tile is worth on average (gaps.md C6), and the risk of meeting the
-- Marshal, in thousands of dollars.
local GUESS, RISK = 1900, 2.0

---The Marshal's seat.
---@param view View
---@return integer
local function marshal_of(view)
  for s, sv in ipairs(view.seats) do
    if sv.role == "marshal" then return s end
  end
  return 1
end

---Setup (a `start` question, args.town): a town two roads or more from the Marshal, best
---beside unguarded banks.
---@param b desperados_sharp.Board
---@param view View
---@param q BotQuestion
---@return integer
local function place(b, view, q)
  local law = know.sheriffs(b, view)
  local from = know.distances(b, b.ids[view.seats[marshal_of(view)].counters.at or 0] or b.ids[1])
  return bot.best(q, function(i)
    local town = q.args[i].town --[[@as string|nil]]
    if not town or (from[town] or 9) < 2 then return -1 end
    local v = 0
    for _, n in ipairs(b.roads[town]) do
      if b.bank[n] and not law[n] then v = v + 1 end
    end
    return v
  end)
end

---The best bank he can still reach by the last move from `town`, in thousands.
---@param b desperados_sharp.Board
---@param view View
---@param town string
---@param left number  moves left after this one
---@param law table<string, integer>
---@return number
local function bank_ahead(b, view, town, left, law)
  local dist, best = know.distances(b, town), 0.0
  for _, bank in ipairs(b.data.banks) do
    if (law[bank] or 0) == 0 and dist[bank] <= left then
      best = math.max(best, know.bank_value(view, bank, GUESS) / 1000)
    end
  end
  return best
end

---His card (a `card` question: the town each card leads to is its args.town): the town
---that keeps a free bank in reach, with an activity now, away from the Marshal.
---@param b desperados_sharp.Board
---@param view View
---@param q BotQuestion
---@return integer
local function card(b, view, q)
  local k = view.counters.move or 1
  local law, coach = know.sheriffs(b, view), know.coaches(b, view)
  local m = marshal_of(view)
  local start = b.ids[view.seats[m].counters.at or 0] or b.ids[1]
  local hunt = track.spread(b.roads, start, {}, k)
  local disc = (bot.me(view).counters.disc or 0) == 0
  return bot.best(q, function(i)
    local to = know.card_town(q, i)
    if not to then return -9 end
    local v = bank_ahead(b, view, to, b.data.moves - k, law) - RISK * track.at(hunt, to)
    if disc and (law[to] or 0) == 0 then
      v = v + (coach[to] and 1.0 or 0) + (know.poker(view, to) and 0.45 or 0)
    end
    return v
  end)
end

-- What each activity is worth where no Sheriff stands (a lone disc needs no partner): rob a
-- coach, else cheat at poker; never spy (the proof shows the Marshal where he is).
local ACTIVITY = { none = 0, spy = 0, poker = 1, rob_coach = 2 }

---His activity (an `activity` question): the best one whose town has no Sheriff
---(args.sheriffs).
---@param q BotQuestion
---@return integer
local function activity(q)
  return bot.best(q, function(i)
    local id = q.ids[i]
    local v = ACTIVITY[id]
    if not v then error("sharp: no answer for an 'activity' option '" .. tostring(id) .. "'") end
    if ((q.args[i].sheriffs or 0) --[[@as integer]]) > 0 then return 0 end
    return v
  end)
end

---@param b desperados_sharp.Board
---@param view View
---@param q BotQuestion
---@return integer
function M.pick(b, view, q)
  if q.kind == "start" then return place(b, view, q) end
  if q.kind == "card" then return card(b, view, q) end
  if q.kind == "activity" then return activity(q) end
  error("sharp: no answer for a '" .. tostring(q.kind) .. "' question as a desperado")
end

return M
