-- Where a character of the sharp bot wants to go: the scenario's aim for his team when it
-- has one (the bank's markers and the north edge, the Kid's way out of the jail, the
-- strongbox, the gold lying about, the guns at the sheriff's), else a spot from which he
-- can shoot an enemy.

local read = require "goldfever.bots.sharp.read"
local town = require "goldfever.bots.sharp.town"

local M = {}

---@class SharpCtx
---@field b SharpBoard
---@field side integer            the bot's team
---@field team string             its id (law, desperados, town...)
---@field scenario string
---@field data table
---@field foes SharpChar[]
---@field friends SharpChar[]

---The set of zones holding `pred`-matching objects on the ground.
---@param b SharpBoard
---@param pred fun(o: ObjectView): boolean
---@return table<string, boolean>, boolean
local function ground_with(b, pred)
  local set, any = {}, false
  for node, objs in pairs(b.ground) do
    for _, o in ipairs(objs) do
      if pred(o) then set[node], any = true, true end
    end
  end
  return set, any
end

---A face-down marker (a nugget or a rock nobody has shown).
---@param o ObjectView
---@return boolean
function M.marker(o)
  return o.hidden == true or (o.props ~= nil and o.props.kind == "nugget")
end

---@param list string[]
---@return table<string, boolean>
local function set_of(list)
  local s = {}
  for _, z in ipairs(list) do s[z] = true end
  return s
end

---Does the scenario reward the gold carried (or carried off) by the bot's team?
---@param ctx SharpCtx
---@return boolean
function M.gold_matters(ctx)
  local s = ctx.scenario
  return s == "claim_jumpers" or s == "goldfever" or (s == "bank_job" and ctx.team == "desperados")
end

---Is the Kid still behind bars (Jailbreak)?
---@param ctx SharpCtx
---@return boolean
function M.kid_jailed(ctx)
  for _, c in ipairs(ctx.b.chars) do
    if c.def == "kid" and c.node == "JAL" then return true end
  end
  return false
end

---Is the border between `a` and `b` breached?
---@param ctx SharpCtx
---@param a string
---@param z string
---@return boolean
function M.breached(ctx, a, z)
  for _, n in ipairs(ctx.b.extra[a] or {}) do
    if n == z then return true end
  end
  return false
end

---The goal zones of `ch`, and whether they are the scenario's aim (not just a firing spot).
---@param ctx SharpCtx
---@param ch SharpChar
---@return table<string, boolean>, boolean
function M.goals(ctx, ch)
  local s, team = ctx.scenario, ctx.team
  local exits = ctx.data.exits and ctx.data.exits[team]
  if s == "jailbreak" and team == "desperados" then
    if ch.def == "kid" then return set_of(exits or {}), true end
    if M.kid_jailed(ctx) and read.carries(ch, "dynamite") and not M.breached(ctx, "JAL", "R1") then
      return { R2 = true }, true -- throw the stick into R1 from there: the cell opens on the creek
    end
  end
  if s == "payroll" then
    if read.carries(ch, "strongbox") then
      if team == "law" then return { BNK = true }, true end
      return set_of(exits or {}), true
    end
    local at, any = ground_with(ctx.b, function(o) return o.def == "strongbox" end)
    if any then return at, true end
  end
  if s == "bank_job" and team == "desperados" then
    local v, unknown = read.gold(ch)
    local at, any = ground_with(ctx.b, M.marker)
    if (v > 0 or unknown > 0) and (not any or not at[ch.node]) then return set_of(exits or {}), true end
    if any then return at, true end
  end
  if M.gold_matters(ctx) then
    local at, any = ground_with(ctx.b, M.marker)
    if any then return at, true end
  end
  if read.gun(ch) == nil then
    local at, any = ground_with(ctx.b, function(o) return o.props ~= nil and o.props.kind == "gun" end)
    if any then return at, true end
  end
  return read.firing_spots(ch, ctx.foes), false
end

---Moves from each zone to `ch`'s goals, with the view's breaches.
---@param ctx SharpCtx
---@param ch SharpChar
---@return table<string, integer>, boolean
function M.distances(ctx, ch)
  local goals, aim = M.goals(ctx, ch)
  return town.distances(goals, ctx.b.extra), aim
end

return M
