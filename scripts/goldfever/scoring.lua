-- What the scenarios score: the gold the living carry, the dead, the wounds, and a
-- comparison that decides a game. The scenarios' hooks reach it as `game.scoring`.

local posse = require "posse"
local cards = require "lib.cards"
local game = require "goldfever.game"

---@class goldfever.scoring
local M = {}
game.scoring = M

---The value of the nuggets carried by team `side`'s living characters (§5.14).
---@param side integer
---@return integer
function M.gold(side)
  local v = 0
  for _, c in ipairs(game.chars()) do
    if game.side(c) == side and game.alive(c) then
      for _, o in ipairs(game.things.pockets(c)) do v = v + (game.props(o).value or 0) end
    end
  end
  return v
end

---Shows every face-down marker carried by a living character to everyone (scoring).
function M.show_gold()
  for _, c in ipairs(game.chars()) do
    if game.alive(c) then
      for _, o in ipairs(game.things.pockets(c)) do
        if not posse.face_up(o) then
          posse.flip(o, true)
          game.log(("%s carries %s."):format(game.name(c), cards.name(o)))
        end
      end
    end
  end
end

---How many characters of team `side` are dead.
---@param side integer
---@return integer
function M.dead(side)
  local n = 0
  for _, c in ipairs(game.chars()) do
    if game.side(c) == side and posse.zone_of(c) == posse.zone("dead") then n = n + 1 end
  end
  return n
end

---The total wounds of team `side`'s living characters.
---@param side integer
---@return integer
function M.hurt(side)
  local n = 0
  for _, c in ipairs(game.chars()) do
    if game.side(c) == side and game.alive(c) then n = n + game.wounds(c) end
  end
  return n
end

---Decides the game by comparing numbers (higher wins), one after the other: `keys` is a
---list of {team 1's, team 2's, what it is}; all equal: a draw.
---@param keys {[1]: integer, [2]: integer, [3]: string}[]
function M.compare(keys)
  for _, k in ipairs(keys) do
    if k[1] > k[2] then return game.win(1, k[3]) end
    if k[2] > k[1] then return game.win(2, k[3]) end
  end
  game.win(0, "the teams are even")
end


return M
