-- The threat meter (§5.9) and the police's arrivals (§5.10). Threat only rises, one level
-- at a time, and every level crossed fires what the track (data.tracks) says, in order:
-- the alarm, a unit called (placed at the next reinforcement step), the patrols' fall-back,
-- the National Guard (the crew loses). The reinforcement step places the called units by
-- the black die, with the street rule (§5.12).

local posse = require "posse"
local game = require "american_desperado.game"

---@class american_desperado.threat
local M = {}

local D = game.data
local TRACK = D.tracks[D.aims.track]
local POLICE_ZONE, ARRIVING = posse.zone("police"), posse.zone("arriving")
local DEFEATED, GONE = posse.zone("defeated"), posse.zone("gone")

---The level that ends the game.
---@return integer
function M.guard() return TRACK.guard end

-- The units of each kind, listed once a game (a unit's kind never changes).
---@type table<string, Obj[]>
local UNITS = {}

---The units of `kind` (patrol, swat, fbi, heavy), #1 first. The list is the same table
---every call: read it, never change it.
---@param kind string
---@return Obj[]
function M.units(kind)
  local out = UNITS[kind]
  if out == nil then
    out = {}
    for _, o in ipairs(game.police()) do
      if game.props(o).kind == kind then out[#out + 1] = o end
    end
    UNITS[kind] = out
  end
  return out
end

-- How many times `kind` was called by levels up to `level` (its unit's number, #1, #2).
---@param kind string
---@param level integer
---@return integer
local function call_number(kind, level)
  local n = 0
  for l = 1, level do
    for _, what in ipairs(TRACK.levels[tostring(l)] or {}) do
      if what == kind then n = n + 1 end
    end
  end
  return n
end

---Queues `unit` to arrive at the next reinforcement step (after those already called).
---@param unit Obj
function M.call(unit)
  game.put(unit, ARRIVING, "bottom")
  game.log(game.name(unit) .. " is on the way.")
end

-- What level `level` fires.
---@param level integer
local function fire(level)
  for _, what in ipairs(TRACK.levels[tostring(level)] or {}) do
    if what == "alarm" then
      game.log("The alarm is tripped!")
    elseif what == "fall_back" then
      posse.set("fell_back", 1)
      game.log("The patrols fall back; every specialist comes.")
      for _, p in ipairs(M.units("patrol")) do game.put(p, GONE) end
      for _, o in ipairs(game.police()) do
        local z = posse.zone_of(o)
        if game.props(o).specialist and (z == POLICE_ZONE or z == DEFEATED) then M.call(o) end
      end
    else
      -- A specialist: its unit #n, if it waits in the supply (on the board, called, or
      -- defeated: nothing happens, §5.10).
      local unit = M.units(what)[call_number(what, level)]
      if unit and posse.zone_of(unit) == POLICE_ZONE then M.call(unit) end
    end
  end
end

---Raises the threat by `n`, level by level (§5.9); the National Guard's level ends the
---game.
---@param n integer
---@param why string
function M.raise(n, why)
  if n <= 0 or game.over() then return end
  local from = posse.get("threat")
  game.log(("Threat +%d (%s): %d."):format(n, why, math.min(from + n, TRACK.guard)))
  for level = from + 1, from + n do
    posse.set("threat", level)
    if level >= TRACK.guard then
      game.decide(false, ("the threat reaches %d and the National Guard blockades the building"):format(level))
      return
    end
    fire(level)
  end
end

---Whether the alarm is tripped.
---@return boolean
function M.alarm() return posse.get("threat") >= 1 end

---The entrance the black die picks (§5.10): with 6 entrances n -> En; with fewer, a roll
---past their number is rolled again.
---@return integer
function M.roll_entrance()
  local n = #game.entrances
  while true do
    posse.roll({ 2 })
    local v = tonumber(posse.face(2)) --[[@as integer]]
    if v <= n then return v end
  end
end

return M
