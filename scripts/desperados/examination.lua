-- Desperados: the examination and the arrests (rulebook V, checklist E1-E7 and B1): the
-- cards are turned up move by move and the pawns follow them; the Marshal arrests every
-- desperado who ends a step in his town; the activities declared in that move succeed or
-- fail; then the banks are held up. What a card does when turned up or when its player is
-- arrested on it is the card's own (scripts/desperados/cards.lua). Ids are those of
-- shared/rules/desperados.gaps.md.

local posse = require "posse"
local cards = require "lib.cards"
local seats = require "lib.seats"
local game = require "desperados.game"
local rules = require "desperados.rules"

local M = {}

---Takes the top tile of `zone` as booty, face up; returns its value, or nil when the zone
---is empty.
---@param zone Zone
---@return integer|nil
local function take(zone)
  local tile = posse.at(zone)
  if not tile then return nil end
  posse.move(tile, posse.zone("booty"))
  posse.flip(tile, true)
  local v = posse.def(tile).props.value
  posse.add("booty_total", v)
  return v
end

---E1, E6: every seat still active turns up its card of move `k`; a seat whose card is
---impossible stops for this turn.
---@param k integer
---@param active table<Seat, boolean>
local function reveal(k, active)
  for s = 1, game.players do
    if active[s] then
      local p = game.plan[s]
      local card = p.cards[k]
      posse.flip(card, true)
      if p.bad and k >= p.bad then
        active[s] = false
        local who = seats.name(s)
        posse.log(("%s's card %d is %s: an impossible move. %s stops for this turn."):format(
          who, k, cards.name(card), who))
      else
        game.run(s, card, k, "revealed")
      end
    end
  end
end

---E2, E3, G-MARSHAL-STUCK: the Marshal, if still active, arrests every active desperado in
---his town after move `k`; the card that led there says what the arrest costs.
---@param k integer
---@param active table<Seat, boolean>
local function arrests(k, active)
  if not active[game.marshal] then return end
  local m = posse.get("at", game.marshal)
  for _, s in ipairs(game.desperadoes) do
    if active[s] and posse.get("at", s) == m then
      active[s] = false
      local card = game.plan[s].cards[k]
      game.run(s, card, k, "arrested")
    end
  end
end

---E4, E5: the activities declared in move `k` succeed where more of their desperadoes
---reached the town, still active, than Sheriffs stood there when the discs were laid.
---@param k integer
---@param active table<Seat, boolean>
local function activities(k, active)
  for _, a in ipairs(game.activities) do
    if a.move == k then
      local here = 0
      for _, s in ipairs(a.who) do
        if active[s] and game.where(s) == a.city then here = here + 1 end
      end
      local what = rules.activity_label(a, game.town_name)
      if here > a.sheriffs then
        local zone = a.kind == "poker" and game.zone("poker", a.city) or posse.zone("coach_stack")
        local v = take(zone)
        if v then
          posse.log(("%s succeeds (%d against %d): the desperadoes take $%d."):format(what, here, a.sheriffs, v))
        else
          posse.log(what .. " succeeds, but there is nothing left to take.")
        end
      else
        posse.log(("%s fails: %d desperado%s made it against %d Sheriff%s."):format(
          what, here, here == 1 and "" or "es", a.sheriffs, a.sheriffs == 1 and "" or "s"))
      end
    end
  end
end

---E1-E7: the cards revealed move by move, the arrests and the activities. Returns which
---seats are still active at the end (neither arrested nor stopped by an impossible move).
---@return table<Seat, boolean>
function M.examine()
  local active = {} ---@type table<Seat, boolean>
  for s = 1, game.players do active[s] = true end
  for k = 1, game.data.moves do
    reveal(k, active)
    arrests(k, active)
    activities(k, active)
  end
  return active
end

---B1: every bank with more active desperadoes than Sheriffs is robbed. Returns the towns
---robbed.
---@param active table<Seat, boolean>
---@return string[]
function M.hold_ups(active)
  local robbed = {}
  for _, town in ipairs(game.data.banks) do
    local bank = game.zone("bank", town)
    if posse.count(bank) > 0 then
      local here = 0
      for _, s in ipairs(game.desperadoes) do
        if active[s] and game.where(s) == town then here = here + 1 end
      end
      local law = game.sheriffs_in(town)
      if here > 0 and here > law then
        local v = take(bank)
        robbed[#robbed + 1] = town
        posse.log(("The bank in %s is robbed (%d against %d): the desperadoes take $%d."):format(
          game.town_name(town), here, law, v))
      elseif here > 0 then
        posse.log(("The hold-up in %s fails: %d against %d Sheriff%s."):format(
          game.town_name(town), here, law, law == 1 and "" or "s"))
      end
    end
  end
  return robbed
end

return M
