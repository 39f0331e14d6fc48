-- Decisions whose prompt and labels are made only when someone reads them: a random bot
-- needs only the number of options, so in a batch of simulated games no question's text
-- is ever built. Every game asks through these (or `posse.choose` directly with a list).
--
-- Example:
--   local ask = require "lib.ask"
--   local i = ask.one(seat, function() return "Which die?" end, die_labels, 4)
--   local picks = ask.several(seat, "Which dice do you reroll?", die_labels, 4, 1, 4)
--   local c = ask.one(s, prompt, labels, #cards + 1, true)   -- secret: see below
--
-- A `secret` question is not shown to the other seats as pending: use it where being
-- asked at all would tell something (a seat that holds a card it could play now).

local posse = require "posse"

---@class lib.ask
local M = {}

-- One options table, reused: the engine reads it when the flow yields, before anything
-- else can ask.
local ONE = { count = 0, secret = false, tags = nil }

---Asks `seat` to choose one of `n` options; returns its index (1..n). `tags`, when given,
---names what option i plays or uses (`tags[i]`: a card's or an ability's definition id;
---nil for an option of no card): `posse sim` counts each tag's offers, plays and the wins
---of the seats that played it.
---@param seat Seat
---@param prompt string|fun(): string
---@param labels string[]|fun(): string[]
---@param n integer
---@param secret boolean|nil
---@param tags (string|false)[]|nil
---@return integer
function M.one(seat, prompt, labels, n, secret, tags)
  ONE.count, ONE.secret, ONE.tags = n, secret == true, tags
  return posse.choose(seat, prompt, labels, ONE) --[[@as integer]]
end

---Asks `seat` to choose between `min` and `max` of `n` options; returns their indices,
---sorted.
---@param seat Seat
---@param prompt string|fun(): string
---@param labels string[]|fun(): string[]
---@param n integer
---@param min integer
---@param max integer
---@param secret boolean|nil
---@return integer[]
function M.several(seat, prompt, labels, n, min, max, secret)
  return posse.choose(seat, prompt, labels, { count = n, min = min, max = max, secret = secret == true }) --[[@as integer[] ]]
end

return M
