-- Desperados of Dice Town: the game flow, read top-down like the rulebook. Setup (gangs,
-- money, setup rolls), then turns clockwise: the roll phase (T1, roll.lua, with the
-- OPP-ROLL window), one effect (T2: act or draw, effect.lua), the end-of-turn OWN window.
-- The table and its atomic changes and the victory check are in game.lua, cards and
-- Brains in play and the windows in context.lua, pure rules in rules.lua; the cards are in
-- cards.yaml and the gangs' Brains in gangs.yaml.
--
-- Exports `play` (the flow, run by the engine as a coroutine) and the pure helpers of
-- rules.lua for tests: effects_for, assignments, combo, tally, setup_rerolls, setup_ranks,
-- winner_of, paid (see rules.lua for their contracts).

local posse = require "posse"
local ask = require "lib.ask"
local seats = require "lib.seats"
local ending = require "lib.ending"
local rules = require "dice_town.rules"
local game = require "dice_town.game"
local hands = require "dice_town.hands"
local dice = require "dice_town.dice"
local context = require "dice_town.context"
local roll = require "dice_town.roll"
local effect = require "dice_town.effect"

local turn, NUM, C = game.turn, game.NUM, game.config()

------------------------------------------------------------------------ setup

-- The rules text of a gang's Brain (gangs.yaml).
---@param g dice_town.Gang
---@return string
local function brain_text(g) return game.brain_def(g).text or "" end

-- G-GANGS: random by default; data.gang_assignment "seat" or "choose" for variants.
local function assign_gangs()
  local mode, gangs, n = C.gang_assignment, C.gangs, game.players()
  if #gangs < n then error("data.gangs: need one gang per seat", 0) end
  local pool = {} ---@type integer[]
  for i = 1, #gangs do pool[i] = i end
  for s = 1, n do
    local g = s
    if mode ~= "seat" then
      local k ---@type integer
      if mode ~= "choose" then
        k = posse.random(#pool)
      elseif #pool == 1 then
        k = 1
      else
        k = ask.pick(s, "gang", "Choose your gang.", function()
          local opts = {} ---@type Option[]
          for i, gi in ipairs(pool) do
            local row = gangs[gi]
            opts[i] = { id = "gang", label = row.name .. " (" .. row.brain .. ": " .. brain_text(row) .. ")",
              args = { gang = row.id, ability = row.ability } }
          end
          return opts
        end, #pool)
      end
      g = pool[k]
      table.remove(pool, k)
    end
    game.set_gang(s, g)
    local row = gangs[g]
    posse.log(game.seat_name(s) .. " leads " .. row.name .. "; their Brain, " .. row.brain .. ": " .. brain_text(row))
  end
end

-- S3, S4, G-SETUP-REROLL: reroll until valid (no roll limit), then rotate.
---@param s Seat
local function setup_roll(s)
  dice.roll()
  for _ = 1, 10000 do
    local faces = dice.faces()
    local again = rules.setup_rerolls(faces)
    if #again == 0 then
      local ranks = rules.setup_ranks(faces)
      local parts = {}
      for i, id in ipairs(C.ids) do
        game.set_rank(s, id, ranks[id])
        parts[i] = C.desp[id].name .. " " .. (ranks[id] == 0 and "free" or NUM[ranks[id]])
      end
      posse.log(game.seat_name(s) .. "'s setup roll: " .. dice.text() .. ". Ranks left: " .. table.concat(parts, ", ")
        .. ".")
      return
    end
    dice.roll(again)
  end
  error("setup roll: no valid roll after 10000 tries; check data.setup", 0)
end

local function setup()
  posse.shuffle(posse.zone("draw"))
  assign_gangs()
  for s = 1, game.players() do game.set_money(s, C.start_money) end
  for s = 1, game.players() do setup_roll(s) end
end

------------------------------------------------------------------------- turn

-- OWN cards after the effect, until the player ends his turn. Asked only when he holds
-- one, so others must not see that he is asked.
local OWN = hands.timings("own")
---@type lib.InTurn
local end_window = {
  kind = "end_turn", seats = { 1 }, again = true, pass = "End turn",
  prompt = "Play a card before ending your turn?",
  offer = function(s) return context.playable(s, OWN) end,
  play = function(s, card) context.play(s, card) end,
}

---@param p Seat
local function take_turn(p)
  turn.number = turn.number + 1
  posse.set("turn", turn.number)
  turn.active = p
  posse.set_current(p)
  local limit = C.roll_limit
  if turn.limit ~= limit then posse.set("roll_limit", limit) end
  -- The "roll" counter is set by the first roll, before anyone is asked anything.
  turn.rolls, turn.limit, turn.fixed, turn.acting = 0, limit, false, false
  posse.log("Round " .. NUM[turn.round] .. ": " .. game.seat_name(p) .. "'s turn.")
  effect.apply(p, roll.phase(p))
  if hands.holds(p, OWN) then
    end_window.seats[1] = p
    context.in_turn(end_window)
  end
end

-- The guard against endless games: after data.max_rounds rounds the richest gangs still
-- in the game win together (DECISIONS.md).
local function turn_limit()
  local top, winners = nil, {}
  for s = 1, game.players() do
    if game.live(s) then
      local m = game.money(s)
      if top == nil or m > top then
        top, winners = m, { s }
      elseif m == top then
        winners[#winners + 1] = s
      end
    end
  end
  posse.log("Round limit (" .. NUM[C.max_rounds] .. ") reached: the richest gang wins.")
  ending.finish({ winners = winners, scores = game.scores(), reason = "turn limit" })
end

local function run()
  setup()
  local n = game.players()
  local first = C.first_player
  if first == 0 then first = posse.random(n) end
  if math.type(first) ~= "integer" or first < 1 or first > n then
    error(("data.first_player: expected 0 or a seat 1..%d, got %s"):format(n, tostring(first)), 0)
  end
  local order = seats.from(first)
  turn.round = 1
  posse.set("round", 1)
  while true do
    for k = 1, n do
      local s = order[k]
      if game.live(s) then take_turn(s) end
    end
    if turn.round >= C.max_rounds then turn_limit() end
    turn.round = turn.round + 1
    posse.set("round", turn.round)
  end
end

---Plays a whole game; returns {winners, scores, reason}. The mirrors of game.lua and
---dice.lua are compared with the engine at the end of every game.
---@return Result
local function play()
  game.init()
  local result = ending.run(run)
  game.verify()
  return result
end

---@class dice_town.main
local M = {}
M.play = play
-- The pure rules, for tests.
M.effects_for = rules.effects_for
M.assignments = rules.assignments
M.combo = rules.combo
M.tally = rules.tally
M.setup_rerolls = rules.setup_rerolls
M.setup_ranks = rules.setup_ranks
M.winner_of = rules.winner_of
M.paid = rules.paid
return M
