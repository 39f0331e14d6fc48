-- Phase 1 of a turn of Desperados of Dice Town: roll the dice (T1-T4). After each roll the
-- opponents may react (the OPP-ROLL window: Jinx), then the roller chooses from one menu:
-- stop with an effect the dice show, reroll, or play a ROLL/OWN card.
--
-- The roll menu is the question asked most: what it offers is kept in one table, and its
-- prompt and options are functions of that table that run only when someone reads them (a
-- random bot needs only the number of options).

local posse = require "posse"
local ask = require "lib.ask"
local cards = require "lib.cards"
local tables = require "lib.tables"
local game = require "dice_town.game"
local hands = require "dice_town.hands"
local dice = require "dice_town.dice"
local context = require "dice_town.context"
local effect = require "dice_town.effect"

---@class dice_town.roll
local M = {}

local turn, NUM, EMPTY = game.turn, game.NUM, game.EMPTY

-- Card timings accepted by the windows of this phase (props.when of cards.yaml).
local ROLL_OWN = hands.timings("roll", "own")
local OPP_ROLL = hands.timings("opp_roll")

-- ROLLS[p][limit][r] = "Ann rolls (2/3): ", made at its first use in the game: the start
-- of every roll's log line, which the dice's text then ends in one concatenation.
local ROLLS = {} ---@type table<integer, string>[][]
---@param p Seat
---@param r integer
---@param limit integer
---@return string
local function rolls_text(p, r, limit)
  local by_limit = ROLLS[p] or tables.new_at(ROLLS, p)
  local texts = by_limit[limit] or tables.new_at(by_limit, limit)
  local text = texts[r]
  if text == nil then
    text = game.seat_name(p) .. " rolls (" .. NUM[r] .. "/" .. NUM[limit] .. "): "
    texts[r] = text
  end
  return text
end

---Rolls the listed dice (all when nil) as one of `p`'s rolls this turn, and logs it.
---@param p Seat
---@param which integer[]|nil
function M.roll(p, which)
  dice.roll(which)
  local r = turn.rolls + 1
  turn.rolls = r
  posse.set("roll", r)
  posse.log(dice.text(rolls_text(p, r, turn.limit), "."))
end

-- The OPP-ROLL window's question, and its pass option's args (whose roll it is).
---@return string
local function rolled_prompt()
  return game.seat_name(turn.active) .. " rolled " .. dice.text() .. ". Play a card?"
end
local function rolled_args() return { seat = turn.active } end

-- The roll menu (T1-T4), one at a time: `effects` (the dice's, stop and apply one), the
-- rerolls offered (`rolls`: 0 or the number of reroll options; `keep`: whether keeping
-- the Action dice is one, when some dice show Action and some don't) and the ROLL/OWN
-- cards playable.
---@class dice_town.RollMenu
---@field p Seat
---@field effects dice_town.Effect[]
---@field keep boolean
---@field rolls integer
---@field cards Obj[]
---@type dice_town.RollMenu
local menu = { p = 1, effects = EMPTY, keep = false, rolls = 0, cards = EMPTY }

---@return string
local function menu_prompt()
  return "Roll " .. NUM[turn.rolls] .. " of " .. NUM[turn.limit] .. ": " .. dice.text()
    .. ". Stop, reroll or play a card?"
end

---@return Option[]
local function menu_options()
  local opts = {} ---@type Option[]
  for i, e in ipairs(menu.effects) do opts[i] = effect.option(menu.p, e) end
  if menu.rolls > 0 then
    if menu.keep then opts[#opts + 1] = { id = "keep_actions", label = "Keep the Action dice, reroll the others" } end
    opts[#opts + 1] = { id = "reroll_all", label = "Reroll all the dice" }
    opts[#opts + 1] = { id = "reroll_some", label = "Choose which dice to reroll" }
  end
  return context.options(opts, menu.cards, menu.p)
end

-- The roll menu's question as `posse.choose` takes it (the question asked most, so asked
-- directly, not through lib.ask.pick), reused: read when the flow yields.
local ASK = { kind = "roll", count = 0, secret = false, tags = nil }

---T1-T4: roll all dice, then reroll any dice up to the limit, or stop by choosing one of
---the effects the dice show now. After each roll the opponents may react (Jinx), then the
---roller may play ROLL/OWN cards or go on. The menu offers the two usual rerolls directly
---(keep the Actions; all dice) and any other set of dice through a second question.
---Returns the chosen effect.
---@param p Seat
---@return dice_town.Effect
function M.phase(p)
  M.roll(p, nil)
  while true do
    -- (hands.held_by_others and context.playable's first test, read here: the menu is
    -- asked most, and most seats hold no card of its timings.)
    if OPP_ROLL.total > OPP_ROLL.held[p] then context.window("opp_roll", OPP_ROLL, rolled_prompt, rolled_args) end
    local rerolled = false
    repeat
      local list = EMPTY ---@type Obj[]
      if ROLL_OWN.held[p] ~= 0 then list = context.playable(p, ROLL_OWN) end
      local can_roll = not turn.fixed and turn.rolls < turn.limit
      local effects = dice.effects()
      local ne = #effects
      if not can_roll and #list == 0 and ne == 1 then return effects[1] end
      local keep = can_roll and dice.mixed()
      local nr = can_roll and (keep and 3 or 2) or 0
      menu.p, menu.effects, menu.keep, menu.rolls, menu.cards = p, effects, keep, nr, list
      -- Asked only because of the cards he holds: others must not see that he is asked.
      ASK.count, ASK.secret = ne + nr + #list, not can_roll and ne == 1
      ASK.tags = #list > 0 and cards.tags(list, ne + nr) or nil
      local c = posse.choose(p, menu_prompt, menu_options, ASK) --[[@as integer]]
      if c <= ne then return effects[c] end
      c = c - ne
      if c <= nr then
        if keep and c == 1 then
          M.roll(p, dice.non_action())
        elseif c == nr then
          local n = dice.count()
          M.roll(p, ask.picks(p, "reroll", "Reroll which dice?", dice.options, n, 1, n))
        else
          M.roll(p, nil)
        end
        rerolled = true
      else
        context.play(p, list[c - nr])
      end
    until rerolled
  end
end

return M
