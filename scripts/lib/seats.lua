-- Seats, as every game needs them: names, who is still in, the order around the table,
-- and asking a player to pick one of them.
--
-- Example:
--   local seats = require "lib.seats"
--   for _, s in ipairs(seats.clockwise(active)) do ... end      -- his left first
--   local victim = seats.choose(active, "Who pays you?", seats.clockwise(active),
--     { describe = function(s) return "$" .. posse.get("money", s) end })   -- "p2 ($12)"
--   -- typed (kind "payer" declared with the id "seat"): options {id = "seat", args = {seat = 2}}
--   local payer = seats.choose(active, "Who pays you?", rivals, { describe = money_of, kind = "payer", tags = "rob" })
--
-- Seats are 1-based. "Clockwise from `a`" starts at `a`'s left (the seat after `a`) and
-- goes round the table, skipping eliminated seats.

local posse = require "posse"

---@class lib.seats
local M = {}

---Display name of a seat.
---@param s Seat
---@return string
function M.name(s) return posse.seat_name(s) end

---Display names of `list`, in order.
---@param list Seat[]
---@return string[]
function M.names(list)
  local out = {}
  for i = 1, #list do out[i] = posse.seat_name(list[i]) end
  return out
end

---Names of `list` joined by `sep` (default ", "): "Ann, Bob".
---@param list Seat[]
---@param sep string|nil
---@return string
function M.joined(list, sep) return table.concat(M.names(list), sep or ", ") end

---Whether seat `s` is still in the game.
---@param s Seat
---@return boolean
function M.live(s) return not posse.is_eliminated(s) end

---How many seats are still in the game.
---@return integer
function M.live_count()
  local n = 0
  for s = 1, posse.players() do
    if not posse.is_eliminated(s) then n = n + 1 end
  end
  return n
end

---Live seats clockwise from `a`'s left; `a` itself last when `with_self` (and live).
---@param a Seat
---@param with_self boolean|nil
---@return Seat[]
function M.clockwise(a, with_self)
  -- (out made with room for four: lib/tables.lua)
  local n, out = posse.players(), { nil, nil, nil, nil } --[[@as Seat[] ]]
  for k = 1, n - 1 do
    local s = (a - 1 + k) % n + 1
    if not posse.is_eliminated(s) then out[#out + 1] = s end
  end
  if with_self and not posse.is_eliminated(a) then out[#out + 1] = a end
  return out
end

---Every seat in play order from `first` (`first` included), live or not.
---@param first Seat
---@return Seat[]
function M.from(first)
  local n, out = posse.players(), {}
  for k = 0, n - 1 do out[k + 1] = (first - 1 + k) % n + 1 end
  return out
end

---How `choose` asks: what the asker is told of each candidate, the question's kind, the
---options' id and tags.
---@class lib.seats.How
---@field describe (fun(s: Seat): string)|nil  what the asker needs to know of each, e.g. his money
---@field kind string|nil  the question's kind (typed games; declared in questions.lua)
---@field id string|nil    the options' id (default "seat")
---@field tags string|(fun(s: Seat): string|false)|nil  each option's tag (`posse sim`'s numbers): one for every option, or by seat

---Asks `asker` to pick one of `candidates` (labels: their names, each followed by
---`how.describe(seat)` in brackets when given: "p2 ($12)"); returns the seat. With one
---candidate nobody is asked (there is nothing to choose); with none, nil. The labels are
---made only when someone reads them.
---
---In a game that declares its question kinds, `how.kind` is the question's and each
---option a record: id `how.id` (default "seat") with args `{seat = <the seat>}`. Without a
---kind the options are plain labels (an untyped game). `how.tags` tags the options, as
---`lib.ask.pick`'s do.
---@param asker Seat
---@param prompt string|fun(): string
---@param candidates Seat[]
---@param how lib.seats.How|nil
---@return Seat|nil
function M.choose(asker, prompt, candidates, how)
  local n = #candidates
  if n <= 1 then return candidates[1] end
  how = how or {}
  local describe = how.describe
  local function labels()
    local names = M.names(candidates)
    if describe then
      for i, s in ipairs(candidates) do names[i] = names[i] .. " (" .. describe(s) .. ")" end
    end
    return names
  end
  local tags = nil ---@type (string|false)[]|nil
  if how.tags ~= nil then
    tags = {}
    for i, s in ipairs(candidates) do
      local t = how.tags
      if type(t) == "function" then tags[i] = t(s) else tags[i] = t end
    end
  end
  if how.kind == nil then return candidates[posse.choose(asker, prompt, labels, { count = n, tags = tags })] end
  local function options()
    local names, out, oid = labels(), {}, how.id or "seat" ---@type string[], Option[], string
    for i, s in ipairs(candidates) do out[i] = { id = oid, label = names[i], args = { seat = s } } end
    return out
  end
  return candidates[posse.choose(asker, prompt, options, { count = n, kind = how.kind, tags = tags })]
end

return M
