-- How every game ends: the rules call `ending.finish(result)` where they decide the game
-- (a card, a window, the police's move, the check after an action, the last turn), and
-- the game's `play` is `ending.run(flow)`.
--
-- Example:
--   local ending = require "lib.ending"
--   -- wherever the rules decide it:
--   ending.finish({ winners = { s }, scores = scores, reason = "captured three Outlaws" })
--   -- main.lua:
--   function M.play() return ending.run(flow) end
--
-- `finish` ends the game at once, wherever the flow is: it records the result, clears
-- whose turn it is, and raises a value that only `run` catches, so nothing after it runs
-- (no turn goes on after a victory). Decisions yield on the Lua side, so they may be asked
-- inside `run`'s protected call. Any other error goes on as it was raised. A game whose
-- rules check the end at set times (after an action, at a round's end) calls `finish` at
-- those times; one that ends after a number of turns calls it after the last.

local posse = require "posse"

---@class lib.ending
local M = {}

-- The value `finish` raises: only `run` catches it.
local OVER = setmetatable({}, { __tostring = function() return "the game is over" end })

---@type Result|nil
local RESULT = nil

---Ends the game now with `result` ({winners, scores, reason}, or {won, reason} in a
---cooperative game). Does not return.
---@param result Result
function M.finish(result)
  RESULT = result
  posse.set_current(nil)
  error(OVER, 0)
end

---Plays `flow` (the whole game) to its end; returns the result `finish` was given. A flow
---that returns without calling `finish` is a script error: every game ends by `finish`.
---@param flow fun()
---@return Result
function M.run(flow)
  RESULT = nil
  local ok, err = pcall(flow)
  if not ok and err ~= OVER then error(err, 0) end
  local result = RESULT --[[@as Result|nil]]
  if result == nil then error("lib.ending: the game's flow returned without ending.finish(result)", 0) end
  return result
end

return M
