-- Typed decisions whose prompt and options are made only when someone reads them: a
-- random bot needs only the number of options, so in a batch of simulated games no
-- question's text is ever built. Every game asks through these (or `posse.choose`
-- directly).
--
-- A question has a kind, and each option an id (and arguments), declared in the game's
-- `questions.lua`: bots and tests read those, people read the prompt and labels.
--
-- Example:
--   local ask = require "lib.ask"
--   local i = ask.pick(seat, "die", function() return "Which die?" end, function()
--     local out = {}
--     for d = 1, 4 do out[d] = ask.option("die", "Die " .. d, { die = d }) end
--     return out
--   end, 4)
--   local picks = ask.picks(seat, "reroll", "Which dice do you reroll?", die_options, 4, 1, 4)
--   local c = ask.pick(s, "react", prompt, options, #cards + 1, { secret = true, tags = tags })
--
-- A `secret` question is not shown to the other seats as pending: use it where being
-- asked at all would tell something (a seat that holds a card it could play now).

local posse = require "posse"

---@class lib.ask
local M = {}

---An option of a typed question: its `id` (declared for the kind), its label for people
---and its arguments (what the id leaves open: a zone, a card's id...).
---@param id string
---@param label string
---@param args table<string, string|number|boolean>|nil
---@return Option
function M.option(id, label, args)
  return { id = id, label = label, args = args }
end

---@class lib.ask.How
---@field secret boolean|nil   others do not see that the seat is asked
---@field tags (string|false)[]|nil  what option i plays or uses (a card's definition id)

-- One options table for `pick`, reused: the engine reads it when the flow yields, before
-- anything else can ask.
local PICK = { kind = "", count = 0, secret = false, tags = nil }

---Asks `seat` a question of `kind` (declared in the game's questions.lua): one of `n`
---options, each a record `{id, label, args}` (`ask.option`); returns its index (1..n).
---`how.tags[i]` names what option i plays or uses: `posse sim` counts each tag's offers,
---plays and the wins of the seats that played it.
---@param seat Seat
---@param kind string
---@param prompt string|fun(): string
---@param options Options
---@param n integer
---@param how lib.ask.How|nil
---@return integer
function M.pick(seat, kind, prompt, options, n, how)
  PICK.kind, PICK.count = kind, n
  PICK.secret, PICK.tags = how ~= nil and how.secret == true, how and how.tags
  return posse.choose(seat, prompt, options, PICK) --[[@as integer]]
end

---Asks `seat` a question of `kind`: between `min` and `max` of `n` options; returns
---their indices, sorted.
---@param seat Seat
---@param kind string
---@param prompt string|fun(): string
---@param options Options
---@param n integer
---@param min integer
---@param max integer
---@param how lib.ask.How|nil
---@return integer[]
function M.picks(seat, kind, prompt, options, n, min, max, how)
  -- (secret and tags in the constructor: room for them, lib/tables.lua.)
  local opts = { kind = kind, count = n, min = min, max = max, secret = nil, tags = nil }
  if how then opts.secret, opts.tags = how.secret == true, how.tags end
  return posse.choose(seat, prompt, options, opts) --[[@as integer[] ]]
end

return M
