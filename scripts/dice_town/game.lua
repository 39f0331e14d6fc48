-- The table of Desperados of Dice Town: the turn state shared by the flow and the cards,
-- what the script mirrors of the engine's state (ranks, gangs, who is still in; the dice
-- in dice.lua, the hands in hands.lua), and the atomic changes of money and ranks, each
-- followed by the elimination and victory check the rules ask for after every change
-- (G-WIN-CHECK-TIME). The changes that open a window first (a loss an opponent causes:
-- Take Cover) are in context.lua, beside the windows; none here asks anything. `init`,
-- `resync` and `verify` cover every mirror, dice.lua's and hands.lua's too.
--
-- A victory ends the game at once, wherever the flow is: `finish` ends it by
-- `lib.ending.finish`, which `play` in main.lua runs the flow under (`lib.ending.run`).
--
-- Speed (random bots play thousands of games): the engine's state is the truth, but the
-- values read most (ranks and money here; the dice, the hands) are mirrored in Lua
-- tables, written through to the engine by the only functions that change them, so
-- reading costs no call into the engine (DECISIONS.md, "Speed", has the measurements
-- that justify each mirror). `verify` compares every mirror with the engine;
-- `play` runs it at the end of every game. Log lines are built by concatenation of
-- precomputed names and `NUM`, never `string.format`.

local posse = require "posse"
local rules = require "dice_town.rules"
local dice = require "dice_town.dice"
local hands = require "dice_town.hands"
local seats = require "lib.seats"
local ending = require "lib.ending"

---@class dice_town.game
local M = {}

---The state of the turn being played, read by the flow and the card context.
---@class dice_town.Turn
---@field number integer   turns played so far, this one included (W5 compares it)
---@field round integer
---@field active Seat      the seat whose turn it is
---@field rolls integer    rolls made this turn
---@field limit integer    rolls allowed this turn (Second Wind raises it)
---@field fixed boolean    no more rolls this turn (Marked Die played)
---@field acting boolean   the active seat is resolving Actions
---@field acts integer[]   acts[i]: Actions left for Desperado i (canonical index)

---@type dice_town.Turn
local turn = { number = 0, round = 0, active = 1, rolls = 0, limit = 0, fixed = false, acting = false, acts = {} }
M.turn = turn

---A shared empty list (read-only): what a menu offers when it offers nothing.
M.EMPTY = hands.EMPTY

---Decimal text of small integers without string.format: NUM[7] == "7".
---@type table<integer, string>
M.NUM = setmetatable({}, {
  __index = function(t, k)
    local s = tostring(k)
    t[k] = s
    return s
  end,
})
local NUM = M.NUM

---The game's data (read-only: `posse.data`), as every game keeps it; the flow reads the
---plain tables `rules.config()` makes of it once.
M.data = posse.data --[[@as dice_town.Data]]

local C = rules.config()
local N = 0                  -- seats
local IDS = C.ids
local NIDS = #IDS
local NAMES = {} ---@type string[] seat names

-- Mirrors of engine state (see the header): RANK[id][seat] = ranks left; JAILED[seat] =
-- how many of his Desperados are still In Jail; GANG[seat] = his gang, once dealt;
-- MONEY[seat] = his money; CENTRE = the money in the centre.
local RANK = {} ---@type table<string, integer[]>
local JAILED = {} ---@type integer[]
local GANG = {} ---@type table<Seat, dice_town.Gang|nil>
local MONEY = {} ---@type integer[]
local CENTRE = 0
-- Caches: who is still in (IN[seat]), how many are (LEFT) and each seat's opponents
-- (OPP[seat] = seats.clockwise(seat)) change only at an elimination; FREED = how many
-- seats still in have nobody In Jail (kept by `jail`).
local IN = {} ---@type boolean[]
local LEFT = 0
-- WHOSE[seat][id] = `whose(seat, id)`, made at its first use (forgotten when his gang is
-- dealt, which names his Brain).
local WHOSE = {} ---@type table<string, string>[]
local OPP = {} ---@type Seat[][]
local FREED = 0

---Prepares the module for a new game (call first in `play`).
function M.init()
  N = posse.players()
  for s = 1, N do NAMES[s] = seats.name(s) end
  for i, g in ipairs(C.gangs) do
    local b = posse.def_by_id(g.ability)
    if b == nil or type(b.script) ~= "table" or b.script.play == nil then
      error(("data.gangs[%d] (%s): ability '%s' is not a Brain of gangs.yaml"):format(i, g.id, tostring(g.ability)), 0)
    end
  end
  dice.init(C)
  hands.init(turn, NAMES, NUM)
  M.resync()
  turn.number, turn.round, turn.active = 0, 0, 1
  turn.rolls, turn.limit, turn.fixed, turn.acting = 0, posse.get("roll_limit"), false, false
  for i = 1, NIDS do turn.acts[i] = 0 end
end

-- Who is still in, and each seat's opponents: read again at each elimination.
local function rebuild_seats()
  LEFT, FREED = 0, 0
  for s = 1, N do
    IN[s] = seats.live(s)
    if IN[s] then
      LEFT = LEFT + 1
      if JAILED[s] == 0 then FREED = FREED + 1 end
    end
  end
  for s = 1, N do OPP[s] = seats.clockwise(s) end
end

-- How many of `s`'s Desperados are In Jail changes by `d` (FREED follows).
---@param s Seat
---@param d integer
local function jail(s, d)
  local was = JAILED[s]
  JAILED[s] = was + d
  if IN[s] then
    if was == 0 then
      FREED = FREED - 1
    elseif was + d == 0 then
      FREED = FREED + 1
    end
  end
end

---Reads every mirror again from the engine. Tests that change the state behind the
---script's back (`Game::eval` with posse.set, posse.move, posse.set_face...) call
---`require("dice_town.game").resync()` afterwards.
function M.resync()
  dice.resync()
  hands.resync()
  for _, id in ipairs(IDS) do RANK[id] = {} end
  CENTRE = posse.get("centre")
  for s = 1, N do
    GANG[s], WHOSE[s] = C.gangs[posse.get("gang", s)], {}
    MONEY[s] = posse.get("money", s)
    JAILED[s] = 0
    for _, id in ipairs(IDS) do
      local r = posse.get(id, s)
      RANK[id][s] = r
      if r > 0 then JAILED[s] = JAILED[s] + 1 end
    end
  end
  rebuild_seats()
end

---Compares every mirror with the engine; raises an error naming the first difference.
---Every game ends with it, so what a check is called is written only for a difference:
---`what` is a format for `...`.
function M.verify()
  ---@param what string
  ---@param a any
  ---@param b any
  ---@param ... any
  local function same(what, a, b, ...)
    if a ~= b then
      error(("dice_town mirror out of step: %s is %s, engine says %s"):format(what:format(...), tostring(a),
        tostring(b)), 2)
    end
  end
  dice.verify(same)
  hands.verify(same)
  for s = 1, N do
    same("gang of %d", GANG[s], C.gangs[posse.get("gang", s)], s)
    local jailed = 0
    for _, id in ipairs(IDS) do
      same("%s of %d", RANK[id][s], posse.get(id, s), id, s)
      if RANK[id][s] > 0 then jailed = jailed + 1 end
    end
    same("jailed of %d", JAILED[s], jailed, s)
    same("money of %d", MONEY[s], posse.get("money", s), s)
    same("in the game: %d", IN[s], seats.live(s), s)
    local opp = seats.clockwise(s)
    for k = 1, #opp do same("opponent %d of %d", OPP[s][k], opp[k], k, s) end
    same("opponents of %d", #OPP[s], #opp, s)
  end
  same("centre", CENTRE, posse.get("centre"))
  local left, freed = LEFT, FREED
  rebuild_seats()
  same("seats in the game", left, LEFT)
  same("seats in the game with nobody In Jail", freed, FREED)
end

----------------------------------------------------------------------- seats

---@return integer
function M.players() return N end

---Display name of seat `s` (cached).
---@param s Seat
---@return string
function M.seat_name(s) return NAMES[s] end

---Whether seat `s` is still in the game.
---@param s Seat
---@return boolean
function M.live(s) return IN[s] end

---Seats still in the game other than `s`, clockwise from `s`'s left (shared: do not modify).
---@param s Seat
---@return Seat[]
function M.opponents(s) return OPP[s] end

---The game's static facts (rules.config()).
---@return dice_town.Config
function M.config() return C end

----------------------------------------------------------------------- money

---Money of seat `s`.
---@param s Seat
---@return integer
function M.money(s) return MONEY[s] end

---Money in the centre of the table.
---@return integer
function M.centre() return CENTRE end

---Sets money (setup only; no check).
---@param s Seat
---@param v integer
function M.set_money(s, v)
  MONEY[s] = v
  posse.set("money", v, s)
end

----------------------------------------------------------------------- ranks

---Ranks left of Desperado `id` of seat `s` (0 = escaped).
---@param s Seat
---@param id string
---@return integer
function M.rank(s, id) return RANK[id][s] end

---Sets ranks (setup and rotations; no check).
---@param s Seat
---@param id string
---@param r integer
function M.set_rank(s, id, r)
  local old = RANK[id][s]
  if old > 0 and r == 0 then jail(s, -1) end
  if old == 0 and r > 0 then jail(s, 1) end
  RANK[id][s] = r
  posse.set(id, r, s)
end

---Ids of `s`'s Desperados still In Jail, in canonical order.
---@param s Seat
---@return string[]
function M.jailed(s)
  local out = { nil, nil, nil, nil } --[[@as string[] ]] -- room for four Desperados (lib/tables.lua)
  for i = 1, NIDS do
    local id = IDS[i]
    if RANK[id][s] > 0 then out[#out + 1] = id end
  end
  return out
end

---How many of `s`'s Desperados are still In Jail.
---@param s Seat
---@return integer
function M.jailed_count(s) return JAILED[s] end

---Whether an opponent of `s` still has Desperado `id` In Jail (D4: someone to attack).
---@param s Seat
---@param id string
---@return boolean
function M.has_victim(s, id)
  local opp, r = OPP[s], RANK[id]
  for k = 1, #opp do
    if r[opp[k]] > 0 then return true end
  end
  return false
end

---D4: opponents of `s` whose Desperado `id` is still In Jail, clockwise from `s`'s left.
---@param s Seat
---@param id string
---@return Seat[]
function M.victims(s, id)
  -- (out made with room for three opponents: lib/tables.lua)
  local out, opp, r = { nil, nil, nil } --[[@as Seat[] ]], OPP[s], RANK[id]
  for k = 1, #opp do
    if r[opp[k]] > 0 then out[#out + 1] = opp[k] end
  end
  return out
end

----------------------------------------------------------------------- names

---Display name of a seat's Desperado: the Brain goes by his gang's name for him, without
---a leading "The" so that "Ann's Forger" reads well.
---@param s Seat
---@param id string
---@return string
function M.desperado_name(s, id)
  if id == C.brain then
    local g = GANG[s]
    if g then return g.short end
  end
  return C.desp[id].name
end

---"Ann's Lady", "Ann's Forger".
---@param s Seat
---@param id string
---@return string
function M.whose(s, id)
  local by = WHOSE[s]
  local w = by[id]
  if w == nil then
    w = NAMES[s] .. "'s " .. M.desperado_name(s, id)
    by[id] = w
  end
  return w
end

-- RANKS_TEXT[r] = ranks_text(r), made at its first use.
---@type table<integer, string>
local RANKS_TEXT = setmetatable({ [0] = "escaped", [1] = "1 rank left" }, {
  __index = function(t, r)
    local s = NUM[r] .. " ranks left"
    t[r] = s
    return s
  end,
})

---"3 ranks left", "1 rank left", "escaped".
---@param r integer
---@return string
function M.ranks_text(r) return RANKS_TEXT[r] end

----------------------------------------------------------------------- gangs

---The gang of a seat (once gangs are dealt).
---@param s Seat
---@return dice_town.Gang
function M.gang(s) return GANG[s] --[[@as dice_town.Gang]] end

---Gives seat `s` gang number `g` (setup).
---@param s Seat
---@param g integer
function M.set_gang(s, g)
  posse.set("gang", g, s)
  GANG[s], WHOSE[s] = C.gangs[g], {}
end

---The definition of a gang's Brain (gangs.yaml): its text, props and script.
---@param g dice_town.Gang
---@return Def
function M.brain_def(g) return posse.def_by_id(g.ability) --[[@as Def]] end

------------------------------------------------------------------ end of game

---Money of every seat (0 once eliminated), for the result.
---@return table<Seat, integer>
function M.scores()
  local t = {}
  for s = 1, N do t[s] = MONEY[s] end
  return t
end

---Ends the game now.
---@param winners Seat[]
---@param reason string
function M.finish(winners, reason)
  posse.log(seats.joined(winners, " and ") .. " wins: " .. reason .. ".")
  ending.finish({ winners = winners, scores = M.scores(), reason = reason })
end

-- G-ELIMINATED: the seat leaves; its cards go to the discard pile.
---@param s Seat
local function eliminate(s)
  posse.eliminate(s)
  hands.discard_all(s)
  rebuild_seats()
  posse.log(NAMES[s] .. " has lost his last dollar and is eliminated.")
end

local OUT = {}   ---@type boolean[]
local FREE = {}  ---@type boolean[]

---The check after every atomic change: D7 eliminations (only a payment can leave a seat
---broke: `paid` says the change was one; clockwise from the active seat, himself first),
---then E1-E3 victory (G-RICHEST).
---@param paid boolean|nil
function M.check(paid)
  local a = turn.active
  if paid then
    for k = 0, N - 1 do
      local s = (a - 1 + k) % N + 1
      if IN[s] and MONEY[s] <= 0 then eliminate(s) end
    end
  end
  -- Nobody can win while two seats are in and none has freed all his Desperados.
  if FREED == 0 and LEFT > 1 then return end
  for s = 1, N do
    FREE[s], OUT[s] = IN[s] and JAILED[s] == 0, not IN[s]
  end
  local w, why = rules.winner_of(a, N, MONEY, FREE, OUT)
  if w then M.finish({ w }, why --[[@as string]]) end
end

---------------------------------------------------------------------- changes

---Victims pay `amount` each to the centre, all at once (one atomic change); each pays
---what he has at most (G-OVERKILL).
---@param victims Seat[]
---@param amount integer
---@param what string  the cause, for the log ("Ann's Lady")
function M.pay_centre(victims, amount, what)
  local total, line = 0, nil
  for k = 1, #victims do
    local v = victims[k]
    local p = rules.paid(MONEY[v], amount)
    if p > 0 then
      MONEY[v] = MONEY[v] - p
      posse.add("money", -p, v)
      total = total + p
      local part = NAMES[v] .. " pays $" .. NUM[p]
      line = line and (line .. ", " .. part) or part
    end
  end
  if total == 0 then return end
  CENTRE = CENTRE + total
  posse.add("centre", total)
  posse.log(what .. ": " .. line .. " to the centre.")
  M.check(true)
end

---`from` pays `to` up to `amount` (a transfer, not capped by the centre: G-CENTRE).
---@param from Seat
---@param to Seat
---@param amount integer
---@param what string
function M.transfer(from, to, amount, what)
  local p = rules.paid(MONEY[from], amount)
  if p == 0 then return end
  MONEY[from], MONEY[to] = MONEY[from] - p, MONEY[to] + p
  posse.add("money", -p, from)
  posse.add("money", p, to)
  posse.log(what .. ": " .. NAMES[from] .. " pays $" .. NUM[p] .. " to " .. NAMES[to] .. ".")
  M.check(true)
end

---`s` takes up to `amount` from the centre (M2: never more than it holds).
---@param s Seat
---@param amount integer
---@param what string
function M.gain(s, amount, what)
  local got = rules.paid(CENTRE, amount)
  if got == 0 then
    posse.log(what .. ": the centre is empty, " .. NAMES[s] .. " gets nothing.")
    return
  end
  CENTRE, MONEY[s] = CENTRE - got, MONEY[s] + got
  posse.add("centre", -got)
  posse.add("money", got, s)
  posse.log(what .. ": " .. NAMES[s] .. " takes $" .. NUM[got] .. " from the centre.")
  M.check()
end

---Rotates Desperado `id` of `s`: `steps` > 0 toward the keys (D3; reaching 0 = escaped),
---`steps` < 0 back toward his printed maximum (Snitch; never an escaped one).
---@param s Seat
---@param id string
---@param steps integer
---@param what string|nil the cause, for the log
function M.rotate(s, id, steps, what)
  local r = RANK[id][s]
  local nr
  if steps > 0 then
    if r == 0 then return end
    nr = r - steps
    if nr < 0 then nr = 0 end
  else
    local max = C.desp[id].ranks
    if r == 0 or r >= max then return end
    nr = r - steps
    if nr > max then nr = max end
  end
  M.set_rank(s, id, nr)
  local line
  if nr == 0 then
    line = M.whose(s, id) .. " escapes from jail!"
  elseif steps > 0 then
    line = M.whose(s, id) .. " turns one rank (" .. M.ranks_text(nr) .. ")."
  else
    line = M.whose(s, id) .. " turns back one rank (" .. M.ranks_text(nr) .. ")."
  end
  if what then line = what .. ": " .. line end
  posse.log(line)
  M.check()
end

return M
