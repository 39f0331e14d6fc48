-- What the sharp bot reads out of a view: the characters on the board (where, whose,
-- how hurt, what they carry), the ground's objects, and the board's breaches and locks.

local town = require "goldfever.bots.sharp.town"

local M = {}

---@class SharpChar
---@field name string
---@field def string
---@field node string
---@field side integer
---@field seat integer
---@field wounds integer
---@field ambush boolean
---@field gear ObjectView[]

---@class SharpBoard
---@field chars SharpChar[]
---@field by_name table<string, SharpChar>
---@field ground table<string, ObjectView[]>  node -> what lies there
---@field extra table<string, string[]>       breached borders as extra neighbours
---@field locked table<string, table<string, boolean>>

---Reads the board out of `view`.
---@param view View
---@return SharpBoard
function M.board(view)
  local b = { chars = {}, by_name = {}, ground = {}, extra = {}, locked = {} }
  for node, zs in pairs(view.board or {}) do
    for _, o in ipairs(zs.at and zs.at.objects or {}) do
      if not o.hidden then
        local c = o.counters or {}
        local gear = o.zones and o.zones.gear and o.zones.gear.objects or {}
        local ch = { name = o.name, def = o.def, node = node, side = c.side or 0, seat = c.seat or 0,
          wounds = c.wounds or 0, ambush = (c.ambush or 0) > 0, gear = gear }
        b.chars[#b.chars + 1] = ch
        b.by_name[o.name] = ch
      end
    end
    b.ground[node] = zs.ground and zs.ground.objects or {}
  end
  local map = view.map or {}
  for _, p in ipairs(map.breached or {}) do
    local x, y = p[1], p[2]
    b.extra[x] = b.extra[x] or {}
    b.extra[y] = b.extra[y] or {}
    table.insert(b.extra[x], y)
    table.insert(b.extra[y], x)
  end
  for _, p in ipairs(map.locked or {}) do
    b.locked[p[1]] = b.locked[p[1]] or {}
    b.locked[p[1]][p[2]] = true
    b.locked[p[2]] = b.locked[p[2]] or {}
    b.locked[p[2]][p[1]] = true
  end
  return b
end

---The character whose name begins `prompt` (the longest such name), or nil.
---@param b SharpBoard
---@param prompt string
---@return SharpChar|nil
function M.named(b, prompt)
  local best = nil ---@type SharpChar|nil
  for name, ch in pairs(b.by_name) do
    if prompt:sub(1, #name) == name and (best == nil or #name > #best.name) then best = ch end
  end
  return best
end

---The first gun `ch` carries that can fire, and its props; else any gun, else nil.
---@param ch SharpChar
---@return ObjectView|nil
function M.gun(ch)
  local any = nil
  for _, o in ipairs(ch.gear) do
    if o.props and o.props.kind == "gun" then
      local c = o.counters or {}
      if (c.ammo or 0) > 0 and (c.jammed or 0) == 0 then return o end
      any = any or o
    end
  end
  return any
end

---Does `ch` carry something of `kind`?
---@param ch SharpChar
---@param kind string
---@return boolean
function M.carries(ch, kind)
  for _, o in ipairs(ch.gear) do
    if o.props and o.props.kind == kind then return true end
  end
  return false
end

---The value of the gold `ch` knows he carries (nuggets), and how many face-down markers.
---@param ch SharpChar
---@return integer, integer
function M.gold(ch)
  local v, unknown = 0, 0
  for _, o in ipairs(ch.gear) do
    if o.hidden or (o.face_up == false and not o.props) then
      unknown = unknown + 1
    elseif o.props and o.props.kind == "nugget" then
      v = v + (o.props.value or 0)
    end
  end
  return v, unknown
end

---The longest reach of the guns `ch` carries (0 without one).
---@param ch SharpChar
---@return integer
function M.reach(ch)
  local r = 0
  for _, o in ipairs(ch.gear) do
    if o.props and o.props.kind == "gun" and (o.props.range or 0) > r then r = o.props.range end
  end
  return r
end

---The zones from which `ch` could shoot one of `foes` (static sight within his reach).
---@param ch SharpChar
---@param foes SharpChar[]
---@return table<string, boolean>
function M.firing_spots(ch, foes)
  local reach, spots = M.reach(ch), {}
  for _, z in ipairs(town.order) do
    for _, f in ipairs(foes) do
      local r = town.range[z][f.node]
      if r and r <= reach then spots[z] = true end
    end
  end
  return spots
end

return M
