-- What the sharp bot reads out of a view and the board: the characters on the board (who,
-- where, whose, how hurt, what they carry), the ground's objects, the board's breaches and
-- locks, and the town's static sight and range (setting.board).

local M = {}

---@class SharpChar
---@field def string              the character's id (ted, fred...)
---@field node string
---@field side integer
---@field seat integer
---@field wounds integer
---@field ap integer
---@field ambush boolean
---@field gear ObjectView[]

---@class SharpBoard
---@field chars SharpChar[]
---@field by_def table<string, SharpChar|nil>
---@field ground table<string, ObjectView[]>  node -> what lies there
---@field extra table<string, string[]>       breached borders as extra neighbours
---@field breached table<string, table<string, boolean>>
---@field locked table<string, table<string, boolean>>
---@field town BotBoard                       the board at the game's start (setting.board)

---@param set table<string, table<string, boolean>>
---@param x string
---@param y string
local function pair(set, x, y)
  set[x] = set[x] or {}
  set[x][y] = true
  set[y] = set[y] or {}
  set[y][x] = true
end

---Reads the board out of `view`, on the town `town`.
---@param view View
---@param town BotBoard
---@return SharpBoard
function M.board(view, town)
  local b = { chars = {}, by_def = {}, ground = {}, extra = {}, breached = {}, locked = {}, town = town }
  for node, zs in pairs(view.board or {}) do
    for _, o in ipairs(zs.at and zs.at.objects or {}) do
      if not o.hidden then
        local c = o.counters or {}
        local gear = o.zones and o.zones.gear and o.zones.gear.objects or {}
        local ch = { def = o.def, node = node, side = c.side or 0, seat = c.seat or 0, wounds = c.wounds or 0,
          ap = c.ap or 0, ambush = (c.ambush or 0) > 0, gear = gear }
        b.chars[#b.chars + 1] = ch
        b.by_def[o.def] = ch
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
    pair(b.breached, x, y)
  end
  for _, p in ipairs(map.locked or {}) do pair(b.locked, p[1], p[2]) end
  return b
end

---Whether zone `z` is indoors (a shot into it from elsewhere is one deck harder).
---@param b SharpBoard
---@param z string
---@return boolean
function M.indoor(b, z)
  local zones = b.town.zones
  return zones ~= nil and zones[z] ~= nil and zones[z].indoor == true
end

---The static range from `a` to `b`, nil where `a` cannot see `b`.
---@param b SharpBoard
---@param x string
---@param y string
---@return integer|nil
function M.range(b, x, y)
  local sight, range = b.town.sight or {}, b.town.range or {}
  if x ~= y and not (sight[x] and sight[x][y]) then return nil end
  return range[x] and range[x][y] or (x == y and 0 or nil)
end

---The number of moves from every zone to the nearest of `goals` (a set of zones), with the
---view's breaches as extra neighbours; zones that cannot reach a goal are absent.
---@param b SharpBoard
---@param goals table<string, boolean>
---@return table<string, integer>
function M.distances(b, goals)
  local dist, queue, head = {}, {}, 1
  for _, z in ipairs(b.town.nodes) do
    if goals[z] then
      dist[z] = 0
      queue[#queue + 1] = z
    end
  end
  local next_to = b.town.next_to
  while queue[head] do
    local z = queue[head]
    head = head + 1
    local function visit(n)
      if dist[n] == nil then
        dist[n] = dist[z] + 1
        queue[#queue + 1] = n
      end
    end
    for _, n in ipairs(next_to[z] or {}) do visit(n) end
    for _, n in ipairs(b.extra[z] or {}) do visit(n) end
  end
  return dist
end

---The first gun `ch` carries that can fire; else any gun, else nil.
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

---The object of `ch`'s whose id is `def`, or nil.
---@param ch SharpChar
---@param def string
---@return ObjectView|nil
function M.carried(ch, def)
  for _, o in ipairs(ch.gear) do
    if o.def == def then return o end
  end
  return nil
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

---The farthest range of the easiest deck among the guns `ch` carries (0 without one).
---@param ch SharpChar
---@return integer
function M.close(ch)
  local r = 0
  for _, o in ipairs(ch.gear) do
    local bands = o.props and o.props.kind == "gun" and o.props.bands or {}
    local near = bands.facile or bands.moyen or 0
    if near > r then r = near end
  end
  return r
end

---The zones from which `ch` could shoot one of `foes` (static sight) from the easiest deck
---of his guns; where there are none, within his reach.
---@param b SharpBoard
---@param ch SharpChar
---@param foes SharpChar[]
---@return table<string, boolean>
function M.firing_spots(b, ch, foes)
  for _, reach in ipairs({ M.close(ch), M.reach(ch) }) do
    local spots, any = {}, false
    for _, z in ipairs(b.town.nodes) do
      for _, f in ipairs(foes) do
        local r = M.range(b, z, f.node)
        if r and r <= reach then spots[z], any = true, true end
      end
    end
    if any then return spots end
  end
  return {}
end

return M
