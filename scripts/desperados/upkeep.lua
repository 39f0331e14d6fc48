-- Desperados: the end of a turn and of the game (rulebook V's last part and VI, checklist
-- U1-U3, K5, W1-W2): cards and discs back, robbed banks refilled blind, the coaches to the
-- starts of their next schedules; after the last turn, the desperadoes' booty against
-- their target. Ids are those of shared/rules/desperados.gaps.md.

local posse = require "posse"
local game = require "desperados.game"

local M = {}

---U1-U3, K5, G-REFILL-ORDER: the end of turn `t`; `robbed` lists the banks robbed.
---@param t integer
---@param robbed string[]
function M.upkeep(t, robbed)
  for s = 1, game.players do
    local display, hand = game.zone("display", s), game.zone("hand", s)
    while posse.count(display) > 0 do
      local c = posse.at(display) --[[@as Obj]]
      posse.flip(c, false)
      posse.move(c, hand)
    end
    -- What was shown of these cards must not follow them into the next turn.
    posse.shuffle(hand)
    posse.set("disc", 0, s)
  end
  local stack = posse.zone("bank_stack")
  for _, town in ipairs(robbed) do
    local tile = posse.draw(stack, game.zone("bank", town))
    if tile then
      posse.reveal(tile, game.marshal)
      posse.log("The Marshal puts a new tile face down on the bank in " .. game.town_name(town) .. ".")
    else
      posse.log("The bank stack is empty: the bank in " .. game.town_name(town) .. " stays empty.")
    end
  end
  local turns = game.data.turns
  for _, colour in ipairs(game.COACHES) do
    local at_counter = game.counter.at[colour]
    posse.set(game.counter.robbed[colour], 0)
    local next_sched = t < turns and game.schedule_of(colour, t + 1) or nil
    local at = posse.get(at_counter)
    if next_sched then
      local start = next_sched.route[1]
      posse.set(at_counter, game.index(start))
      if at ~= 0 and at ~= game.index(start) then
        posse.log("The " .. colour .. " coach goes to " .. game.town_name(start) .. ", the start of its next schedule.")
      end
    end
  end
  if t == 1 and turns > 1 then
    posse.log("The blue coach enters in " .. game.town_name(game.towns[posse.get("blue_at")]) .. ".")
  end
end

---W1, W2, G-WIN-TIE: the result: the desperadoes win together with at least their target
---a desperado. The scores are the margin: every desperado scores the team's booty less the
---target, the Marshal the target less the booty (what the desperadoes lacked).
---@return Result
function M.result()
  local total = posse.get("booty_total")
  local desperadoes = game.desperadoes
  local goal = game.data.target_per_desperado * #desperadoes
  local scores = {}
  for s = 1, game.players do scores[s] = s == game.marshal and goal - total or total - goal end
  if total >= goal then
    posse.log(("The desperadoes have $%d of the $%d they needed: they win."):format(total, goal))
    return { winners = desperadoes, scores = scores, reason = "the desperadoes made their fortune" }
  end
  posse.log(("The desperadoes have $%d of the $%d they needed: the Marshal wins."):format(total, goal))
  return { winners = { game.marshal }, scores = scores, reason = "the Marshal kept the law" }
end

return M
