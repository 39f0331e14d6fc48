-- What only a character's player knows under the optional rules: O4's spare rounds and
-- O5's hiding places, kept in counters of his player's that only he reads (`spare_N`,
-- `lurk_N`, N his place among his characters: `game.slot`). The flow, the actions and
-- the scenarios' hooks reach it as `game.secrets`.

local posse = require "posse"
local game = require "goldfever.game"

---@class goldfever.secrets
local M = {}
game.secrets = M

---O4 Cartridge belt: the spare rounds of `c` (his player's secret), or nil when the rule
---is off.
---@param c Obj
---@return integer|nil
function M.spare(c)
  if not game.data.options.cartridge_belt then return nil end
  return posse.get("spare_" .. game.slot(c), game.seat(c))
end

---O4: `c` uses `n` of his spare rounds (nothing when the rule is off).
---@param c Obj
---@param n integer
function M.use_spare(c, n)
  if game.data.options.cartridge_belt then posse.add("spare_" .. game.slot(c), -n, game.seat(c)) end
end

---O4: `c` starts with `n` spare rounds (nothing when the rule is off).
---@param c Obj
---@param n integer
function M.set_spare(c, n)
  if game.data.options.cartridge_belt then posse.set("spare_" .. game.slot(c), n, game.seat(c)) end
end

---The zone a hidden character lurks in (known to his player alone).
---@param c Obj
---@return string
function M.lurk(c) return game.nodes[posse.get("lurk_" .. game.slot(c), game.seat(c))] end

---Hides `c` in zone `node` (O5): he leaves the board for his player's hideout (everyone
---sees who hides); where, his player alone reads (his counter lurk_N, N his place among
---his characters).
---@param c Obj
---@param node string
function M.hide(c, node)
  for i, n in ipairs(game.nodes) do
    if n == node then posse.set("lurk_" .. game.slot(c), i, game.seat(c)) end
  end
  posse.move(c, posse.zone("hideout", game.seat(c)))
  posse.log(("%s hides in %s."):format(game.name(c), game.zone_name(node)), game.seat(c))
  posse.log(game.name(c) .. " hides somewhere.", M.others(game.seat(c)))
end

---Shows a hidden character where he lurks (O5).
---@param c Obj
function M.unhide(c)
  if not game.hidden(c) then return end
  local n = M.lurk(c)
  posse.set("lurk_" .. game.slot(c), 0, game.seat(c))
  game.place(c, n)
  game.log(("%s was hiding in %s!"):format(game.name(c), game.zone_name(n)))
end

---The hidden characters (O5) whose zone a living character of team `side` sees now are
---shown (at the end of an action of that team).
---@param side integer
function M.spot(side)
  local where, occ = game.snapshot()
  for _, h in ipairs(game.chars()) do
    if game.side(h) ~= side and game.hidden(h) then
      local at = M.lurk(h)
      for _, c in ipairs(game.chars()) do
        local from = where[c]
        if from and game.side(c) == side and posse.visible(from, at, occ) then
          M.unhide(h)
          break
        end
      end
    end
  end
end

---Every seat but `s` (the audience of what all but him may read).
---@param s Seat
---@return Seat[]
function M.others(s)
  local out = {}
  for t = 1, posse.players() do
    if t ~= s then out[#out + 1] = t end
  end
  return out
end

return M
