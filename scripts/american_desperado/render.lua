-- American Desperado's renderer: the threat meter, then the building and the street as a
-- grid of 3-character spaces (front at the top) with, beside it, the key to the grid, the
-- crew (fatigue, loot, state) and the police, then the newest events, within 80 columns
-- (the grid takes 35 at most, the column beside it the rest: a large heist fits in 14 rows).
--
-- A space shows who stands there (criminals B T E S, lower case when subdued; police P W F
-- H), else its tile: `###` face down, `g4?` a face-down tile you know (scouted), `G4!` a
-- revealed obstacle still standing, ` . ` a cleared one, `$2` loot lying there, `h` a
-- hostage, `xxx` locked down; on the street `E1`..`E6` the entrances and ` . ` the rest.

local text = require "lib.text"

---@param zone table|nil
---@return table[]
local function objects(zone) return zone and zone.objects or {} end

---@param o table  a tile's view
---@return string
local function tile(o)
  if o.hidden then return "###" end
  local p = o.props or {}
  if p.class == "entrance" then return "E" .. ((o.counters or {}).number or "?") end
  local class = p.letter or "?" -- the tile's letter (obstacles.yaml, loot.yaml), as the pictures draw it
  if not o.face_up then return (class:lower() .. (p.power or "")):sub(1, 2) .. "?" end
  if p.class == "loot" then return " . " end
  if (o.counters or {}).cleared == 1 then return " . " end
  return class .. (p.power or "") .. "!"
end

---@param view table
---@param data table
---@return string
return function(view, data)
  local out = {}
  local board = view.board or {}
  local counters = view.counters or {}
  local cols, rows = 0, 0
  for node in pairs(board) do
    local c, r = node:match("^(-?%d+),(-?%d+)$")
    if c then
      cols, rows = math.max(cols, tonumber(c) --[[@as integer]]), math.max(rows, tonumber(r) --[[@as integer]])
    end
  end
  -- The ring's right column and rear row are cols and rows: the grid is one less.
  local aims = data.aims or {}
  local track = data.tracks and data.tracks[aims.track] or { guard = 12 }
  local threat = counters.threat or 0 ---@type integer
  -- The threat meter: a mark a level, up to the National Guard's.
  local meter = ("#"):rep(threat) .. ("."):rep(math.max(0, track.guard - threat) --[[@as integer]])
  out[#out + 1] = ("%s heist, round %d. Threat [%s] %d/%d%s. Get away with %d."):format(data.heist_name or "The",
    counters.round or 0, meter, threat, track.guard, threat >= 1 and " ALARM" or "", aims.target or 0)
  -- Column numbers over the grid, row numbers before it.
  local head = { "    " }
  for c = -1, cols do head[#head + 1] = text.pad(("%2d"):format(c), 4) end
  out[#out + 1] = (table.concat(head):gsub("%s+$", ""))

  local crew, police = {}, {}
  for r = -1, rows do
    local line = {}
    for c = -1, cols do
      local key = c .. "," .. r
      local zs = board[key] or {}
      local pieces = {}
      for _, o in ipairs(objects(zs.at)) do
        local p = o.props or {}
        local letter = p.letter or "?"
        if p.kind then
          police[#police + 1] = { o = o, at = key }
        else
          if ((o.counters or {}).subdued or 0) > 0 then letter = letter:lower() end
          crew[#crew + 1] = { o = o, at = key }
        end
        pieces[#pieces + 1] = letter
      end
      local s
      if #pieces > 0 then
        s = table.concat(pieces)
        if #s > 3 then s = s:sub(1, 2) .. "+" end
      else
        local ground = objects(zs.ground)
        local t = objects(zs.tile)[1] --[[@as table|nil]]
        if #objects(zs.lockdown) > 0 then
          s = "xxx"
        elseif #ground > 0 then
          local loot, hostage = 0, false
          for _, o in ipairs(ground) do
            local p = o.props or {}
            if p.value then loot = loot + p.value elseif p.letter == "h" then hostage = true end
          end
          s = loot > 0 and ("$" .. loot) or ""
          if hostage then s = s .. "h" end
        elseif t then
          s = tile(t)
        else
          s = "."
        end
      end
      line[#line + 1] = text.pad(s, 3)
    end
    out[#out + 1] = ((("%2d  "):format(r) .. table.concat(line, " ")):gsub("%s+$", ""))
  end
  -- Beside the grid: the exits when they are not all the entrances (data.aims.exits), the
  -- key, the crew and the police, each wrapped within the columns the grid leaves.
  local side = {}
  local doors, exits = 0, {}
  for _, zs in pairs(board) do
    local t = objects(zs.tile)[1] --[[@as table|nil]]
    if t and not t.hidden and (t.props or {}).class == "entrance" then doors = doors + 1 end
  end
  for _, i in ipairs(aims.exits or {}) do exits[#exits + 1] = "E" .. i end
  local gridw = 0
  for i = 2, #out do gridw = math.max(gridw, #out[i]) end
  local width = text.WIDTH - gridw - 2
  if #exits > 0 and #exits < doors then
    text.wrap(side, "The crew gets away only through " .. table.concat(exits, ", ") .. ".", "", "  ", width)
  end
  text.items(side, "", { "### face down", "g4? known to you", "G4! obstacle: Camera Guard bYstander locK",
    ". cleared", "$2 loot", "h hostage", "xxx locked down", "E1 entrance", "b t e s: subdued" }, ", ", "", width)

  table.sort(crew, function(a, b) return a.o.name < b.o.name end)
  for _, x in ipairs(crew) do
    local o, k = x.o, x.o.counters or {}
    local said = { ("fatigue %d"):format(k.fatigue or 0) }
    local loot = {}
    for _, l in ipairs(objects((o.zones or {}).carry)) do loot[#loot + 1] = "$" .. ((l.props or {}).value or "?") end
    if #loot > 0 then said[#said + 1] = "loot " .. table.concat(loot, " ") end
    if (k.subdued or 0) > 0 then said[#said + 1] = "subdued" end
    if (k.exposed or 0) > 0 then said[#said + 1] = "exposed" end
    if (k.gift or 0) > 0 then said[#said + 1] = "+" .. k.gift .. " action" end
    text.wrap(side, ("%s %s p%d (%s): %s"):format((o.props or {}).letter, o.name, k.seat or 0, x.at,
      table.concat(said, ", ")), "", "  ", width)
  end
  local ps = {}
  for _, x in ipairs(police) do ps[#ps + 1] = ("%s (%s)"):format(x.o.name, x.at) end
  table.sort(ps)
  if #ps > 0 then text.items(side, "Police: ", ps, ", ", "  ", width) end
  -- The column beside the grid starts at the row of the column numbers; what is longer
  -- than the grid goes on under it, in the same column.
  local pad = string.rep(" ", gridw + 2)
  for i, l in ipairs(side) do
    local at = i + 1
    if out[at] then
      out[at] = text.pad(out[at], gridw) .. "  " .. l
    else
      out[at] = pad .. l
    end
  end
  text.ending(out, view)
  return table.concat(out, "\n")
end
