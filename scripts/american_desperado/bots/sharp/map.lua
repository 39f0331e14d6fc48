-- The sharp bot's reading of the board: its shape from the setting (the grid's size, the
-- movement graph `next_to` with the street and the entrances' links, cells named "c,r"),
-- what lies where from the seat's view (tiles, pieces, loot, lock-downs, the entrances'
-- numbers), the exits from the heist's aims; and the cheapest routes for one criminal,
-- where a step's cost is an action plus what a failure there is likely to cost the crew (a
-- guard subdues, a camera raises the threat by two and moves the police).

local M = {}

---@class sharp.Cell
---@field key string
---@field c integer
---@field r integer
---@field inside boolean
---@field next_to string[]       the cells one orthogonal step away (the street, the entrances' links)
---@field tile ObjectView|nil
---@field entrance integer|nil   the entrance's number on an entrance cell
---@field exit boolean           an entrance the crew may get away through (aims.exits)
---@field inward string|nil      an entrance's grid tile, or a grid tile's entrance
---@field locked boolean
---@field police ObjectView[]
---@field loot integer           the value of the loot lying there
---@field hostage boolean

---@class sharp.Criminal
---@field o ObjectView
---@field id string              its definition id (brains, thug, engineer, shadow)
---@field key string
---@field seat integer
---@field subdued boolean
---@field fatigue integer
---@field carry integer          the value it carries
---@field room integer           how many more pieces it can carry
---@field against table<string, boolean>
---@field diagonal boolean       it acts diagonally inside the building (the Shadow)
---@field reroll boolean         it may reroll a failed roll (the Engineer)

---@class american_desperado_sharp.Board
---@field cols integer
---@field rows integer
---@field cells table<string, sharp.Cell>
---@field crew sharp.Criminal[]
---@field threat integer
---@field bonus integer          a criminal's ability bonus (data.ability_bonus)

-- What a failure costs, in actions' worth: the threat it raises (a level is worth 1.5,
-- twelve end the heist) and the rest: a guard subdues the criminal, a camera moves the
-- police a step, a lock shuts the tiles ahead.
local FAIL = { guard = 12, camera = 4, bystander = 2, lock = 2.5 }
local SUBDUED = 10 -- losing a criminal to the police

---@param zone ZoneView|nil
---@return ObjectView[]
local function objects(zone) return zone and zone.objects or {} end

---"c,r" of a cell, as the board names it.
---@param c integer
---@param r integer
---@return string
function M.key(c, r) return c .. "," .. r end

---@param o ObjectView
---@param key string
---@return sharp.Criminal
local function criminal(o, key)
  local k, p = o.counters or {}, o.props or {} ---@type table<string, integer>, table
  local value, pieces = 0, 0
  for _, l in ipairs(objects((o.zones or {}).carry)) do
    value, pieces = value + ((l.props or {}).value or 0), pieces + 1
  end
  local against = {}
  for _, a in ipairs(p.against or {}) do against[a] = true end
  return {
    o = o, id = o.def, key = key, seat = k.seat or 0, subdued = (k.subdued or 0) > 0,
    fatigue = k.fatigue or 0, carry = value, room = (p.carry or 1) - pieces, against = against,
    diagonal = p.diagonal == true, reroll = p.reroll == true,
  }
end

---Reads the view into cells, the crew and the threat, on the board of `setting`.
---@param view View
---@param data table
---@param setting BotSetting
---@return american_desperado_sharp.Board
function M.read(view, data, setting)
  local board = setting.board
  local grid = board.grid or { cols = 0, rows = 0 }
  local exits = {}
  for _, i in ipairs(setting.aims.exits or {}) do exits[i] = true end
  local b = {
    cols = grid.cols, rows = grid.rows, cells = {}, crew = {}, threat = (view.counters or {}).threat or 0,
    bonus = data.ability_bonus or 2,
  }
  local seen = view.board or {}
  for _, node in ipairs(board.nodes) do
    local cs, rs = node:match("^(-?%d+),(-?%d+)$")
    local c, r = tonumber(cs) --[[@as integer]], tonumber(rs) --[[@as integer]]
    local zs = seen[node] or {}
    ---@type sharp.Cell
    local cell = {
      key = node, c = c, r = r, inside = c >= 0 and r >= 0 and c < b.cols and r < b.rows,
      next_to = board.next_to[node] or {}, exit = false,
      tile = objects(zs.tile)[1], locked = #objects(zs.lockdown) > 0, police = {}, loot = 0, hostage = false,
    }
    local t = cell.tile
    if t and not t.hidden and (t.props or {}).class == "entrance" then
      cell.entrance = (t.counters or {}).number or 0
      cell.exit = exits[cell.entrance] == true
    end
    for _, o in ipairs(objects(zs.ground)) do
      local p = o.props or {}
      if p.value then cell.loot = cell.loot + p.value elseif p.letter == "h" then cell.hostage = true end
    end
    for _, o in ipairs(objects(zs.at)) do
      if (o.props or {}).kind then
        cell.police[#cell.police + 1] = o
      else
        b.crew[#b.crew + 1] = criminal(o, node)
      end
    end
    b.cells[node] = cell
  end
  -- An entrance is the street cell the board links to a grid tile, and back.
  for _, cell in pairs(b.cells) do
    if not cell.inside then
      for _, k in ipairs(cell.next_to) do
        local n = b.cells[k]
        if n and n.inside then cell.inward, n.inward = n.key, cell.key end
      end
    end
  end
  table.sort(b.crew, function(x, y) return x.id < y.id end)
  return b
end

---The cells a criminal reaches from `cell` in one action: the board's orthogonal steps
---(along the street and inside, in and out through entrances); with `diagonal`, the
---diagonals inside the building.
---@param b american_desperado_sharp.Board
---@param cell sharp.Cell
---@param diagonal boolean
---@return sharp.Cell[]
function M.reach(b, cell, diagonal)
  local out = {}
  for _, k in ipairs(cell.next_to) do out[#out + 1] = b.cells[k] end
  if diagonal and cell.inside then
    for _, dc in ipairs({ -1, 1 }) do
      for _, dr in ipairs({ -1, 1 }) do
        local n = b.cells[M.key(cell.c + dc, cell.r + dr)]
        if n and n.inside then out[#out + 1] = n end
      end
    end
  end
  return out
end

---The chance that a roll of d6 + `bonus` reaches `power`.
---@param power integer
---@param bonus integer
---@return number
function M.chance(power, bonus)
  return math.max(0, math.min(6, 7 - power + bonus)) / 6
end

---The expected extra cost of fighting an obstacle of `class` and `power` (nil: unknown).
---@param b american_desperado_sharp.Board
---@param who sharp.Criminal
---@param class string|nil
---@param power integer|nil
---@return number
local function risk(b, who, class, power)
  if class == nil then
    -- A face-down tile nobody showed us: any class, power 2 to 5, sometimes loot.
    local sum = 0.0
    for cl in pairs(FAIL) do
      for pw = 2, 5 do sum = sum + risk(b, who, cl, pw) end
    end
    return sum / 16 * 0.8
  end
  local p = M.chance(power or 5, who.against[class] and b.bonus or 0)
  if who.reroll then p = 1 - (1 - p) * (1 - p) end
  return (1 - p) * (FAIL[class] or 2)
end

---The risk of attacking a police unit of `kind` and `strength`.
---@param b american_desperado_sharp.Board
---@param who sharp.Criminal
---@param kind string|nil
---@param strength integer|nil
---@return number
function M.attack_risk(b, who, kind, strength)
  local win = M.chance(strength or 6, kind and who.against[kind] and b.bonus or 0)
  return (1 - win) * SUBDUED + (kind == "heavy" and 2 or 0)
end

---What stepping onto `cell` costs `who` (math.huge: it cannot).
---@param b american_desperado_sharp.Board
---@param who sharp.Criminal
---@param cell sharp.Cell
---@return number
function M.step_cost(b, who, cell)
  local cost = 1.0
  for _, u in ipairs(cell.police) do
    local p = u.props or {}
    cost = cost + M.attack_risk(b, who, p.kind, p.strength)
  end
  if not cell.inside then
    -- Out in the street after the alarm, arrivals and hunting patrols find it.
    return cost + (b.threat > 0 and 3 or 0)
  end
  if cell.locked then return math.huge end
  local t = cell.tile
  if t == nil then return cost end
  if t.hidden then return cost + risk(b, who, nil, nil) end
  local p = t.props or {}
  if p.class == "loot" or (t.face_up and (t.counters or {}).cleared == 1) then return cost end
  return cost + risk(b, who, p.class, p.power)
end

---The cheapest routes of `who` from its cell: each cell's cost and the first step to it.
---@param b american_desperado_sharp.Board
---@param who sharp.Criminal
---@return table<string, number> cost
---@return table<string, string> first
function M.routes(b, who)
  local cost, first, done = { [who.key] = 0 }, {}, {} ---@type table<string, number>, table<string, string>, table<string, boolean>
  while true do
    -- Few cells (at most 80): a plain scan for the nearest open one.
    local at, best = nil, math.huge ---@type string|nil, number
    for k, d in pairs(cost) do
      if not done[k] and d < best then at, best = k, d end
    end
    if at == nil then break end
    done[at] = true
    local cell = b.cells[at] --[[@as sharp.Cell]]
    -- A face-down tile is where a route stops: what lies beyond is not known yet.
    local open = at == who.key or not (cell.tile and cell.tile.hidden)
    if open then
      for _, n in ipairs(M.reach(b, cell, who.diagonal)) do
        local d = best + M.step_cost(b, who, n)
        if d < (cost[n.key] or math.huge) then
          cost[n.key] = d
          first[n.key] = at == who.key and n.key or first[at]
        end
      end
    end
  end
  return cost, first
end

return M
