-- Where a character of the sharp bot wants to go: its team's aim, as the scenario states it
-- in `data.aims` (scripts/goldfever/DECISIONS.md, "Aims"), when it has one (the thing to
-- carry and where to, the character to get out and the wall to blast for him, the gold
-- lying about and the exits to carry it off by, the guns lying about when he has none),
-- else a spot from which he can shoot an enemy.

local read = require "goldfever.bots.sharp.read"

local M = {}

---@class SharpCtx
---@field b SharpBoard
---@field side integer            the bot's team
---@field team string             its id (law, desperados, town...)
---@field aims table              the scenario's data.aims (setting.aims)
---@field aim table               its team's: aims.teams[team], or an empty table
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

---A face-down marker (a nugget or a rock nobody has shown), or a nugget.
---@param o ObjectView
---@return boolean
function M.marker(o)
  return o.hidden == true or (o.props ~= nil and o.props.kind == "nugget")
end

---@param list string[]|nil
---@return table<string, boolean>
local function set_of(list)
  local s = {}
  for _, z in ipairs(list or {}) do s[z] = true end
  return s
end

---Does the gold carried (or carried off) count for the bot's team?
---@param ctx SharpCtx
---@return boolean
function M.gold_matters(ctx)
  return ctx.aim.gold ~= nil
end

---The thing the team plays for (aims `carry`: an object's kind), or nil.
---@param ctx SharpCtx
---@return string|nil
function M.prize(ctx)
  return ctx.aim.carry
end

---The building (a zone of aims.breach) where `ch` stands, shut in: his way out through
---its door is locked and no wall is breached yet. Nil when he is not shut in.
---@param ctx SharpCtx
---@param ch SharpChar
---@return string|nil
function M.shut_in(ctx, ch)
  local borders = (ctx.aims.breach or {})[ch.node]
  if borders == nil then return nil end
  for _, n in ipairs(ctx.b.town.next_to[ch.node] or {}) do
    if not (ctx.b.locked[ch.node] and ctx.b.locked[ch.node][n]) then return nil end
  end
  for _, n in ipairs(borders) do
    if ctx.b.breached[ch.node] and ctx.b.breached[ch.node][n] then return nil end
  end
  return ch.node
end

---The team's escapee (aims `escape`) when he is shut in a building a blast can open, and
---that building.
---@param ctx SharpCtx
---@return SharpChar|nil, string|nil
function M.jailed(ctx)
  local who = ctx.aim.escape and ctx.b.by_def[ctx.aim.escape]
  if who == nil or who.side ~= ctx.side then return nil, nil end
  local at = M.shut_in(ctx, who)
  if at == nil then return nil, nil end
  return who, at
end

---The border zone of `building` whose blast frees the escapee best (the nearest to the
---team's exits), and its distance from them.
---@param ctx SharpCtx
---@param building string
---@return string|nil, number
function M.breach_zone(ctx, building)
  local dist = read.distances(ctx.b, set_of(ctx.aim.exits))
  local best, far = nil, math.huge
  for _, n in ipairs(ctx.aims.breach[building] or {}) do
    local d = dist[n] or math.huge
    if d < far then best, far = n, d end
  end
  return best, far
end

---The zones from which a stick of `ch`'s reaches zone `z` (in sight, within its reach).
---@param ctx SharpCtx
---@param ch SharpChar
---@param z string
---@return table<string, boolean>
local function throw_spots(ctx, ch, z)
  local reach = 0 ---@type number
  for _, o in ipairs(ch.gear) do
    if o.props and o.props.kind == "dynamite" then
      for _, r in pairs(o.props.bands or {}) do
        if type(r) == "number" and r > reach then reach = r end
      end
    end
  end
  local out = {}
  for _, s in ipairs(ctx.b.town.nodes) do
    local r = read.range(ctx.b, s, z)
    if s ~= z and r and r <= reach and r >= 1 then out[s] = true end
  end
  return out
end

---The goal zones of `ch`, and whether they are the scenario's aim (not just a firing spot).
---@param ctx SharpCtx
---@param ch SharpChar
---@return table<string, boolean>, boolean
function M.goals(ctx, ch)
  local aim = ctx.aim
  local exits = aim.exits and set_of(aim.exits) or nil ---@type table<string, boolean>|nil
  -- Get the escapee out: he heads for the exits; a friend with dynamite goes where he can
  -- blast the building's wall nearest the exits.
  if aim.escape then
    if ch.def == aim.escape and exits then return exits, true end
    local _, at = M.jailed(ctx)
    if at and read.carries(ch, "dynamite") then
      local z = M.breach_zone(ctx, at)
      if z then return throw_spots(ctx, ch, z), true end
    end
  end
  -- The prize: its carrier takes it where it counts; the others go where it lies.
  local prize = M.prize(ctx)
  if prize then
    if read.carries(ch, prize) then
      if aim.to then return { [aim.to] = true }, true end
      if exits then return exits, true end
    end
    local at, any = ground_with(ctx.b, function(o) return o.props ~= nil and o.props.kind == prize end)
    if any then return at, true end
  end
  -- The gold: picked up; carried off over the exits when it counts only there.
  if M.gold_matters(ctx) then
    local at, any = ground_with(ctx.b, M.marker)
    if aim.gold == "off" and exits then
      local v, unknown = read.gold(ch)
      if (v > 0 or unknown > 0) and (not any or not at[ch.node]) then return exits, true end
    end
    if any then return at, true end
  end
  if read.gun(ch) == nil then
    local at, any = ground_with(ctx.b, function(o) return o.props ~= nil and o.props.kind == "gun" end)
    if any then return at, true end
  end
  -- Buildings that score for the team holding them (aims.hold): one held by no friend
  -- yet, else any.
  local hold = ctx.aims.hold
  if hold and hold.buildings then
    local free, all, any = {}, {}, false
    for _, b in ipairs(hold.buildings) do
      local mine = false
      for _, z in ipairs(b.zones or {}) do
        for _, f in ipairs(ctx.friends) do
          if f.node == z and f ~= ch then mine = true end
        end
      end
      for _, z in ipairs(b.zones or {}) do
        all[z] = true
        if not mine then free[z], any = true, true end
      end
    end
    return any and free or all, true
  end
  return read.firing_spots(ctx.b, ch, ctx.foes), false
end

---Moves from each zone to `ch`'s goals, with the view's breaches.
---@param ctx SharpCtx
---@param ch SharpChar
---@return table<string, integer>, boolean
function M.distances(ctx, ch)
  local goals, aim = M.goals(ctx, ch)
  return read.distances(ctx.b, goals), aim
end

return M
