-- Goldfever's renderer: a view as text for 80 columns. The town first (data.layout: the
-- zones as rows, each with the codes of who stands there, "+" where something lies on the
-- ground), then one line a character (whose activation it is, player, zone, wounds, AP,
-- guns with ammunition and jams, objects, ambush), the ground, the viewer's jokers, and
-- the newest events. Where that is more than lib.text's ROWS (a large table), the other
-- players' characters take short forms (lib.text's fit), several to a line: first with
-- all they carry ("D4 Slim p8 1w: Rifle 8/9, Knife x2"), then with their guns and what
-- matters, the rest counted ("D4 Slim 1w: Rifle 8/9 +2"); the zone where the town's row
-- has no room for a code; `:full` draws every character in full.

local text = require "lib.text"

---@param o table
---@return string
local function thing(o)
  if o.hidden then return "?" end
  local c = o.counters or {}
  local s = o.name
  if o.props and o.props.kind == "gun" then
    s = ("%s %d/%d"):format(s, c.ammo or 0, o.props.load)
  end
  if (c.jammed or 0) > 0 then s = s .. (o.props and o.props.kind == "gun" and " jammed" or " fizzled") end
  return s
end

---The objects of a zone as text, guns first.
---@param z table|nil
---@return string[]
local function things(z)
  local guns, rest = {}, {}
  for _, o in ipairs(z and z.objects or {}) do
    if not o.hidden and o.props and o.props.kind == "gun" then guns[#guns + 1] = thing(o) else rest[#rest + 1] = thing(o) end
  end
  for _, x in ipairs(rest) do guns[#guns + 1] = x end
  return guns
end

-- What a character's short form counts rather than names: the things everyone carries.
local COMMON = { whisky = true, knife = true, rock = true }

---What a character carries, in one of the short forms: copies counted ("Knife x2");
---`brief`: guns and what is not common named, the rest counted ("+2").
---@param z table|nil
---@param brief boolean
---@return string
local function carried(z, brief)
  local names, n, counted = {}, {}, 0
  for _, o in ipairs(z and z.objects or {}) do
    local kind = not o.hidden and o.props and o.props.kind
    if brief and COMMON[kind] then
      counted = counted + 1
    else
      local t = thing(o)
      if not n[t] then names[#names + 1] = t end
      n[t] = (n[t] or 0) + 1
    end
  end
  local guns, rest = {}, {}
  for _, t in ipairs(names) do
    local s = t .. (n[t] > 1 and (" x" .. n[t]) or "")
    if t:match(" %d+/%d+") then guns[#guns + 1] = s else rest[#rest + 1] = s end
  end
  for _, x in ipairs(rest) do guns[#guns + 1] = x end
  local s = table.concat(guns, ", ")
  if counted > 0 then s = s .. (s ~= "" and " " or "") .. "+" .. counted end
  return s
end

-- O4: " (N spare)" for a character whose player's view holds his spare rounds.
---@param view table
---@param data table
---@param o table
---@param slot integer|nil
---@return string
local function spare_of(view, data, o, slot)
  local opts = data.options or {}
  if not opts.cartridge_belt or slot == nil then return "" end
  local s = (o.counters or {}).seat
  local sv = s and view.seats[s]
  local n = sv and sv.counters and sv.counters["spare_" .. slot]
  if n == nil then return "" end
  return (" (%d spare)"):format(n)
end

---@param view table
---@param data table
---@param how RenderHow
---@return string
return function(view, data, how)
  local out = {}
  local board = view.board or {}
  local counters = view.counters or {}
  local zones = view.zones or {}
  local teams = data.teams or {}

  -- Who stands where; the active character.
  local chars, active = {}, nil
  for node, zs in pairs(board) do
    for _, o in ipairs(zs.at and zs.at.objects or {}) do
      if not o.hidden then
        chars[#chars + 1] = { o = o, node = node }
        if (o.counters and o.counters.active or 0) > 0 then active = o end
      end
    end
  end
  table.sort(chars, function(a, b) return a.o.props.code < b.o.props.code end)

  local deck_counts = {}
  local read = data.deck_names or {} ---@type table<string, string>
  for _, d in ipairs(data.decks or {}) do
    deck_counts[#deck_counts + 1] = (read[d] or d) .. " " .. (zones[d] and zones[d].count or 0)
  end
  deck_counts[#deck_counts + 1] = (read.panique or "panique") .. " " .. (zones.panique and zones.panique.count or 0)
  text.wrap(out, ("%s, round %d/%d. Decks: %s."):format(data.scenario_name or "Goldfever", counters.round or 0,
    (data.aims or {}).round_limit or 0, table.concat(deck_counts, ", ")), "", "  ")

  -- The teams, by code.
  local teams_line = {}
  for side, t in ipairs(teams) do
    local codes = {}
    for _, ch in ipairs(chars) do
      if (ch.o.counters or {}).side == side then codes[#codes + 1] = ch.o.props.code end
    end
    teams_line[#teams_line + 1] = t.name .. ": " .. (#codes > 0 and table.concat(codes, " ") or "nobody")
  end
  local line = table.concat(teams_line, "; ") .. "."
  local legend = " (! in ambush, + on the ground)"
  if #line + #legend <= text.WIDTH then line = line .. legend end
  local sides = {} ---@type string[]
  text.wrap(sides, line, "", "  ")

  -- The town. A code the row has no room for is cut ("~"): the short forms say its zone.
  local town = {} ---@type string[]
  local cut = {}
  for _, row in ipairs(data.layout or {}) do
    local w = text.WIDTH // #row
    local cells = {}
    for i, node in ipairs(row) do
      local here = {}
      local zs = board[node] or {}
      for _, o in ipairs(zs.at and zs.at.objects or {}) do
        if not o.hidden then
          here[#here + 1] = o.props.code .. (((o.counters or {}).ambush or 0) > 0 and "!" or "")
        end
      end
      local cell = node .. (#here > 0 and (" " .. table.concat(here, " ")) or "")
      if zs.ground and zs.ground.count > 0 then cell = cell .. " +" end
      if #cell > w - 1 then
        cell = cell:sub(1, w - 2) .. "~"
        local to = #node
        for _, code in ipairs(here) do
          to = to + 1 + #code
          if to > w - 2 then cut[(code:gsub("!$", ""))] = true end
        end
      end
      cells[i] = text.pad(cell, w)
    end
    town[#town + 1] = (table.concat(cells):gsub("%s+$", ""))
  end

  -- The characters: whose activation it is (>), his player (* you), zone, wounds, AP,
  -- guns with ammunition and jams, objects, ambush.
  -- A character's place among his player's (code order): which of the player's counters
  -- (spare_N, O4; lurk_N, O5) are his. Every character counts, on the board or not.
  local all = {}
  for _, ch in ipairs(chars) do all[#all + 1] = ch.o end
  for _, zid in ipairs({ "dead", "escaped", "roster" }) do
    for _, o in ipairs(zones[zid] and zones[zid].objects or {}) do all[#all + 1] = o end
  end
  for _, sv in ipairs(view.seats or {}) do
    for _, o in ipairs(sv.zones and sv.zones.hideout and sv.zones.hideout.objects or {}) do all[#all + 1] = o end
  end
  local mine = {}
  for _, o in ipairs(all) do
    if not o.hidden and ((o.counters or {}).seat or 0) > 0 then mine[#mine + 1] = o end
  end
  table.sort(mine, function(a, b) return a.props.code < b.props.code end)
  local slot, seen = {}, {}
  for _, o in ipairs(mine) do
    local s = o.counters.seat
    seen[s] = (seen[s] or 0) + 1
    slot[o] = seen[s]
  end
  local rows, own, short, brief = {}, {}, {}, {}
  for _, ch in ipairs(chars) do
    local o, c = ch.o, ch.o.counters or {}
    local seat = c.seat and view.seats[c.seat]
    local gear = things(o.zones and o.zones.gear)
    local row = {
      (o == active and ">" or " ") .. o.props.code,
      o.name,
      seat and (seat.name .. (view.seat == c.seat and "*" or "")) or "",
      ch.node,
      ("%dw"):format(c.wounds or 0),
      o == active and (c.ap or 0) .. "AP" or "",
      table.concat(gear, ", ") .. ((c.ambush or 0) > 0 and " [ambush]" or "") .. spare_of(view, data, o, slot[o]),
    }
    rows[#rows + 1] = row
    if view.seat ~= nil and c.seat == view.seat then
      own[#own + 1] = row
    else
      -- ">D4! Slim p8 1w 2AP in S3: Rifle 8/9, Knife x2 (2 spare)"
      local code = (o == active and ">" or "") .. o.props.code .. ((c.ambush or 0) > 0 and "!" or "")
      local marks = ((c.wounds or 0) > 0 and (" " .. c.wounds .. "w") or "")
        .. (o == active and (" " .. (c.ap or 0) .. "AP") or "") .. (cut[o.props.code] and (" in " .. ch.node) or "")
      local spare = spare_of(view, data, o, slot[o])
      local function item(seat_name, brief_form)
        local has = carried(o.zones and o.zones.gear, brief_form) .. spare
        return code .. " " .. o.name .. seat_name .. marks .. (has ~= "" and (": " .. has) or "")
      end
      short[#short + 1] = item(seat and (" " .. seat.name) or "", false)
      brief[#brief + 1] = item("", true)
    end
  end
  -- Long: the sides, the town and a row each; short: the sides, the town, the viewer's
  -- rows, then the others several to a line, first with all they carry, then in brief.
  local people = { {}, {}, {} } ---@type string[][]
  for form = 1, 3 do
    local part = people[form]
    for _, l in ipairs(sides) do part[#part + 1] = l end
    for _, l in ipairs(town) do part[#part + 1] = l end
  end
  text.table(people[1], { "", "", "", "", "", "", "" }, rows, nil, "", text.WIDTH)
  table.remove(people[1], #sides + #town + 1) -- no header row: the columns speak for themselves
  for form = 2, 3 do
    local part = people[form]
    if #own > 0 then
      local lines = {}
      text.table(lines, { "", "", "", "", "", "", "" }, own, nil, "", text.WIDTH)
      for i = 2, #lines do part[#part + 1] = lines[i] end
    end
    local list = form == 2 and short or { table.unpack(brief) }
    if form == 3 then
      local counted = false
      for _, b in ipairs(brief) do counted = counted or b:match("%+%d+$") ~= nil end
      if counted then list[#list + 1] = "(+N: whisky, knives, rocks)" end
    end
    if #list > 0 then text.items(part, #own > 0 and "Others: " or "", list, "; ", "  ") end
  end

  -- What follows them: a line each (long), or one list (short: "Out: Slim (dead); jokers:
  -- D1 Hip Flask").
  local rest = {}
  local said = {} ---@type {[1]: string, [2]: string[]|nil}[]
  ---@param head string
  ---@param items string[]|nil
  local function say(head, items)
    said[#said + 1] = { #said == 0 and head or (head:sub(1, 1):lower() .. head:sub(2)), items }
  end
  -- The fallen and the gone.
  local gone = {}
  for _, o in ipairs(zones.dead and zones.dead.objects or {}) do gone[#gone + 1] = o.name .. " (dead)" end
  for _, o in ipairs(zones.escaped and zones.escaped.objects or {}) do gone[#gone + 1] = o.name .. " (left town)" end
  if #gone > 0 then
    text.items(rest, "Out: ", gone, ", ", "  ")
    say("Out: ", gone)
  end

  -- Characters deployed in secret (O5): who, for everyone; where, for their player.
  -- data.layout lists the zones in the map's order: a lurk counter is a place in it.
  local nodes = {}
  for _, row in ipairs(data.layout or {}) do
    for _, n in ipairs(row) do nodes[#nodes + 1] = n end
  end
  local hidden = {}
  for _, sv in ipairs(view.seats or {}) do
    for _, o in ipairs(sv.zones and sv.zones.hideout and sv.zones.hideout.objects or {}) do
      if not o.hidden then
        local where = sv.counters and sv.counters["lurk_" .. (slot[o] or 0)]
        hidden[#hidden + 1] = o.props.code .. " " .. o.name .. (where and (" in " .. (nodes[where] or "?")) or "")
      end
    end
  end
  table.sort(hidden)
  if #hidden > 0 then
    text.items(rest, "Hiding: ", hidden, ", ", "  ")
    say("Hiding: ", hidden)
  end

  -- The ground, zone by zone.
  local ground = {}
  for _, row in ipairs(data.layout or {}) do
    for _, node in ipairs(row) do
      local zs = board[node] or {}
      if zs.ground and zs.ground.count > 0 then
        for i, t in ipairs(things(zs.ground)) do ground[#ground + 1] = (i == 1 and (node .. ": ") or "") .. t end
      end
    end
  end
  if #ground > 0 then
    -- One row at most: beyond, the map's "+" marks say where (`:map` lists what).
    local lines = {}
    text.items(lines, "Ground: ", ground, ", ", "  ")
    if #lines > 1 then
      lines = { "Ground: things lie where the map shows +; :map lists them." }
      say("Ground: where the map shows + (:map lists it)")
    else
      say("Ground: ", ground)
    end
    for _, l in ipairs(lines) do rest[#rest + 1] = l end
  end

  -- The viewer's jokers (every one in the omniscient view): their names (`:card NAME`
  -- reads one). Others' played jokers are in the log.
  local everyone = {}
  for _, ch in ipairs(chars) do everyone[#everyone + 1] = ch.o end
  local waiting = {}
  for _, zid in ipairs({ "dead", "escaped", "roster" }) do
    for _, o in ipairs(zones[zid] and zones[zid].objects or {}) do
      if not o.hidden and ((o.counters or {}).seat or 0) > 0 then
        everyone[#everyone + 1] = o
        if zid == "roster" then waiting[#waiting + 1] = o.name end
      end
    end
  end
  for _, sv in ipairs(view.seats or {}) do
    for _, o in ipairs(sv.zones and sv.zones.hideout and sv.zones.hideout.objects or {}) do everyone[#everyone + 1] = o end
  end
  if #waiting > 0 then
    text.items(rest, "Still to come: ", waiting, ", ", "  ")
    say("Still to come: ", waiting)
  end
  local jokers = {}
  for _, o in ipairs(everyone) do
    local ch = { o = o }
    local mine = view.seat == nil or (o.counters or {}).seat == view.seat
    local j = mine and ch.o.zones and ch.o.zones.joker or nil
    for _, o in ipairs(j and j.objects or {}) do
      if not o.hidden then jokers[#jokers + 1] = ch.o.props.code .. " " .. o.name end
    end
  end
  if #jokers > 0 then
    text.items(rest, "Jokers: ", jokers, ", ", "  ")
    say("Jokers: ", jokers)
  end

  -- What the town's map keeps (a locked cell door, breaches).
  local map = view.map
  if map then
    local state = {}
    for _, p in ipairs(map.locked or {}) do state[#state + 1] = p[1] .. "|" .. p[2] .. " locked" end
    for _, p in ipairs(map.breached or {}) do state[#state + 1] = p[1] .. "|" .. p[2] .. " breached" end
    if #state > 0 then
      text.items(rest, "Doors and walls: ", state, ", ", "  ")
      say("Doors and walls: ", state)
    end
  end
  local brief = {}
  if #said > 0 then text.groups(brief, "", said, "  ") end

  text.fit(out, { { forms = people }, { forms = { rest, brief } } }, text.rows(view, how))
  text.ending(out, view)
  return table.concat(out, "\n")
end
