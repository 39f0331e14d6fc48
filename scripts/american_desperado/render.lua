-- American Desperado's renderer: the building and the street as a grid of 3-character
-- spaces (front at the top), then the threat meter, the crew (fatigue, loot, state), the
-- police, and the newest events, within 80 columns.
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
  -- A heist whose exits are not all of its entrances says which they are (data.aims.exits).
  local doors, exits = 0, {}
  for _, zs in pairs(board) do
    local t = objects(zs.tile)[1] --[[@as table|nil]]
    if t and not t.hidden and (t.props or {}).class == "entrance" then doors = doors + 1 end
  end
  for _, i in ipairs(aims.exits or {}) do exits[#exits + 1] = "E" .. i end
  if #exits > 0 and #exits < doors then
    out[#out + 1] = "The crew gets away only through " .. table.concat(exits, ", ") .. "."
  end
  out[#out + 1] = "### face down, g4? known to you, G4! obstacle (Camera Guard bYstander locK),"
  out[#out + 1] = " .  cleared, $2 loot, h hostage, xxx locked down, E1 entrance; b t e s: subdued"

  table.sort(crew, function(a, b) return a.o.name < b.o.name end)
  for _, x in ipairs(crew) do
    local o, k = x.o, x.o.counters or {}
    local loot = {}
    for _, l in ipairs(objects((o.zones or {}).carry)) do loot[#loot + 1] = (l.props or {}).value or "?" end
    local state = {}
    if (k.subdued or 0) > 0 then state[#state + 1] = "subdued" end
    if (k.exposed or 0) > 0 then state[#state + 1] = "exposed" end
    if (k.gift or 0) > 0 then state[#state + 1] = "+" .. k.gift .. " action" end
    out[#out + 1] = ((("%s (%s) p%d at (%s): fatigue %d, loot [%s] %s"):format(o.name, (o.props or {}).letter,
      k.seat or 0, x.at, k.fatigue or 0, table.concat(loot, " "), table.concat(state, ", "))):gsub("%s+$", ""))
  end
  local ps = {}
  for _, x in ipairs(police) do ps[#ps + 1] = ("%s (%s)"):format(x.o.name, x.at) end
  table.sort(ps)
  if #ps > 0 then text.items(out, "Police: ", ps, ", ", "  ") end
  text.ending(out, view)
  return table.concat(out, "\n")
end
