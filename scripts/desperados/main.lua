-- Desperados (Florian Racky): the game flow, read top-down like the rulebook. Setup, then
-- five turns of five moves (coaches, Sheriffs, hidden cards, activities), each turn closed
-- by the examination, the bank hold-ups and the upkeep. Each part of the rulebook is a file
-- of its own (the list is in scripts/desperados/DECISIONS.md, "Files"). Check-list ids
-- (S2, M3, E4, ...) and decisions (G-...) are those of shared/rules/desperados.gaps.md;
-- ours are in scripts/desperados/DECISIONS.md.
--
-- What is hidden is held by the engine: each seat's row of played cards is a `display`
-- zone that the desperadoes' team sees and the Marshal does not; bank tiles are revealed
-- to the Marshal and to the team of a spy; poker tiles to nobody. The scripts keep only
-- what follows from the cards played (where each seat's cards lead), rebuilt by replay.

local posse = require "posse"
local ending = require "lib.ending"
local game = require "desperados.game"
local setup = require "desperados.setup"
local movement = require "desperados.movement"
local activities = require "desperados.activities"
local examination = require "desperados.examination"
local upkeep = require "desperados.upkeep"

---One turn: five moves, then the examination, the hold-ups and the upkeep.
---@param t integer
local function turn(t)
  posse.set("turn", t)
  game.new_turn()
  posse.log("Turn " .. t .. " begins.")
  for k = 1, game.data.moves do
    posse.set("move", k)
    posse.set_current(game.marshal)
    movement.move_coaches(t, k)
    movement.move_sheriffs()
    posse.set_current(nil)
    movement.play_cards(t, k)
    activities.declare(k)
  end
  posse.set("move", 0)
  posse.log("Turn " .. t .. ": the examination.")
  local active = examination.examine()
  local robbed = examination.hold_ups(active)
  upkeep.upkeep(t, robbed)
end

local M = {}

-- The game: the set-up, then the turns; it ends after the last (`lib.ending`).
local function flow()
  game.init()
  setup.setup()
  for t = 1, game.data.turns do turn(t) end
  ending.finish(upkeep.result())
end

---Plays a whole game; returns {winners, scores, reason}.
---@return Result
function M.play() return ending.run(flow) end

return M
