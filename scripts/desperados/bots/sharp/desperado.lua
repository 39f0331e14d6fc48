-- The sharp bot as a desperado. The money is in the banks: by the last move he rides to
-- the richest bank no Sheriff guards (a lone desperado robs it). On the way he takes a town
-- where a coach stands or a poker tile lies while his disc is free, and he shuns the towns
-- the Marshal may reach at this move (a walk from his pawn: his cards are face down).

local bot = require("lib.bot")
local board = require("desperados.bots.sharp.board")
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

---Setup: a town two roads or more from the Marshal and his Sheriffs, best beside an
---unguarded bank.
---@param b desperados_sharp.Board
---@param view View
---@param q BotQuestion
---@return integer
local function place(b, view, q)
  local law = board.sheriffs(b, view)
  local from = board.distances(b.ids[view.seats[marshal_of(view)].counters.at or 0] or b.ids[1])
  return bot.best(q, function(_, label)
    local town = b.by_name[(label:gsub(" %(bank%)$", ""))]
    if not town or (from[town] or 9) < 2 then return -1 end
    local v = 0
    for _, n in ipairs(board.roads[town]) do
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
  local dist, best = board.distances(town), 0.0
  for _, bank in ipairs(b.data.banks) do
    if (law[bank] or 0) == 0 and dist[bank] <= left then
      best = math.max(best, board.bank_value(view, bank, GUESS) / 1000)
    end
  end
  return best
end

---His card: the town that keeps a free bank in reach, with an activity now, away from the
---Marshal.
---@param b desperados_sharp.Board
---@param view View
---@param q BotQuestion
---@return integer
local function card(b, view, q)
  local k = bot.number(q.prompt:match("move %d+") or "") or 1
  local here = board.town_after(b, q.prompt, "lead to ") or b.ids[1]
  local law, coach = board.sheriffs(b, view), board.coaches(b, view)
  local m = marshal_of(view)
  local hunt = track.spread(b.ids[view.seats[m].counters.at or 0] or here, {}, k)
  local disc = (bot.me(view).counters.disc or 0) == 0
  return bot.best(q, function(_, _, tag)
    local to = board.card_town(b, tag, here)
    if not to then return -9 end
    local v = bank_ahead(b, view, to, b.data.moves - k, law) - RISK * track.at(hunt, to)
    if disc and (law[to] or 0) == 0 then
      v = v + (coach[to] and 1.0 or 0) + (board.poker(view, to) and 0.45 or 0)
    end
    return v
  end)
end

---His activity: rob a coach, else cheat at poker, where no Sheriff stands (a lone disc
---needs no partner); never spy (the proof shows the Marshal where he is). The options are
---known by their tags; only the label says how many discs a guarded target needs.
---@param q BotQuestion
---@return integer
local function activity(q)
  return bot.best(q, function(_, label, tag)
    if label:find("needed", 1, true) then return 0 end
    if tag == "rob_coach" then return 2 end
    if tag == "poker" then return 1 end
    return 0
  end)
end

---@param view View
---@param q BotQuestion
---@param data table
---@return integer
function M.pick(view, q, data)
  local b = board.new(data)
  if q.prompt:find("^Setup") then return place(b, view, q) end
  if q.prompt:find("Play a card") then return card(b, view, q) end
  if q.prompt:find("an activity") then return activity(q) end
  return math.random(q.count)
end

return M
