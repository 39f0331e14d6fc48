-- Text renderer of Desperados: one seat's view (or the omniscient view) as plain text.
-- It sees only the view and the game's data: the positions are counters (towns numbered
-- in the order of data.cities), the rows of played cards are each seat's `display`.
-- The omniscient view (view.seat == nil) draws every secret: every seat's hand, the poker
-- tiles' values and the stacks of bank and coach tiles; a seat's view is unchanged by it.
-- Lines are kept within text.WIDTH columns: the seats are a table, lists of names break
-- between names, log lines between words.

local text = require "lib.text"

local names_of = text.names_of

local function count_of(zone) return zone and zone.count or 0 end

-- The cards of a display, oldest first (zones list the top, the newest, first), "[Salem]".
local function row_of(zone)
  local cards = names_of(zone)
  local out = {}
  for i = #cards, 1, -1 do out[#out + 1] = "[" .. cards[i] .. "]" end
  return out
end

return function(view, data)
  local town = {}
  for i, c in ipairs(data.cities) do town[i] = c.name end
  local function at(n) return town[n] or "-" end
  local c = view.counters or {}
  local out = {}
  local desperadoes = view.players - 1
  local goal = data.target_per_desperado * desperadoes
  out[#out + 1] = ("== Desperados ==  Turn %d of %d%s   Booty $%d of $%d"):format(
    c.turn or 0, data.turns, (c.move or 0) > 0 and (", move " .. c.move .. " of " .. data.moves) or "",
    c.booty_total or 0, goal)

  -- Schedules and coaches.
  local sched = {}
  for i = 1, #data.schedules do
    local s = data.schedules[c["schedule_" .. i] or 0]
    if s then
      local stops = {}
      for k, id in ipairs(s.route) do
        for j, city in ipairs(data.cities) do
          if city.id == id then stops[k] = town[j] end
        end
      end
      sched[#sched + 1] = ("  %d. %s: %s"):format(i, s.id, table.concat(stops, " > "))
    end
  end
  out[#out + 1] = "Schedules (brown follows the turn's, blue the one before):"
  for _, l in ipairs(sched) do out[#out + 1] = l end
  local coaches = {}
  for _, colour in ipairs({ "brown", "blue" }) do
    local n = c[colour .. "_at"] or 0
    if n > 0 then
      coaches[#coaches + 1] = colour .. " in " .. at(n) .. ((c[colour .. "_robbed"] or 0) > 0 and " (held up)" or "")
    else
      coaches[#coaches + 1] = colour .. " beside the board"
    end
  end
  out[#out + 1] = "Coaches: " .. table.concat(coaches, "; ")
  local law = {}
  for i = 1, 5 do
    local n = c["sheriff_" .. i] or 0
    if n > 0 then law[#law + 1] = i .. " " .. at(n) end
  end
  text.items(out, "Sheriffs: ", law, ", ", "  ")

  -- Seats: pawn and disc, then the rows of cards played (what this view may see of them)
  -- and the hands it may see.
  out[#out + 1] = ""
  local rows = {}
  for s, sv in ipairs(view.seats) do
    local sc = sv.counters or {}
    local disc = ""
    if sv.role ~= "marshal" then
      disc = (sc.disc or 0) > 0 and ("disc in " .. at(sc.disc)) or "disc on poster"
    end
    rows[s] = { view.seat == s and "*" or "", sv.name, sv.role == "marshal" and "Marshal" or "desperado",
      at(sc.at or 0), disc }
  end
  text.table(out, { "", "Player", "Role", "Pawn", "" }, rows)
  for _, sv in ipairs(view.seats) do
    local row = sv.zones and sv.zones.display
    if count_of(row) > 0 then text.items(out, "  " .. sv.name .. " played: ", row_of(row), " ", "    ") end
  end
  for s, sv in ipairs(view.seats) do
    if view.seat == s or view.seat == nil then
      local hand = names_of(sv.zones and sv.zones.hand)
      table.sort(hand)
      text.items(out, "  " .. sv.name .. "'s hand: ", hand, ", ", "    ")
    end
  end

  -- The towns: banks (values this seat knows), poker tiles still there.
  out[#out + 1] = ""
  local banks = {}
  for _, id in ipairs(data.banks) do
    local z = view.board and view.board[id] and view.board[id].bank
    local label
    for j, city in ipairs(data.cities) do
      if city.id == id then label = town[j] end
    end
    if count_of(z) == 0 then
      banks[#banks + 1] = label .. " (empty)"
    else
      local o = z.objects[1]
      banks[#banks + 1] = label .. (o.hidden and " (?)" or (" ($" .. o.props.value .. ")"))
    end
  end
  text.items(out, "Banks: ", banks, ", ", "  ")
  local poker = {}
  for j, city in ipairs(data.cities) do
    local z = view.board and view.board[city.id] and view.board[city.id].poker
    if count_of(z) > 0 then
      local o = z.objects[1]
      poker[#poker + 1] = town[j] .. ((o.hidden or not o.props) and "" or (" ($" .. o.props.value .. ")"))
    end
  end
  text.items(out, "Poker tiles: ", #poker > 0 and poker or { "none left" }, ", ", "  ")
  if view.seat == nil then
    local zs = view.zones or {}
    for _, st in ipairs({ { "bank_stack", "Bank stack" }, { "coach_stack", "Coach stack" } }) do
      local tiles = names_of(zs[st[1]])
      if #tiles > 0 then text.items(out, st[2] .. " (top first): ", tiles, ", ", "  ") end
    end
  end
  local zones = view.zones or {}
  local booty = names_of(zones.booty)
  text.items(out, "Booty: ", #booty > 0 and booty or { "none yet" }, ", ", "  ")
  local lost = names_of(zones.lost)
  if #lost > 0 then text.items(out, "Cards handed to the Marshal: ", lost, ", ", "  ") end

  if view.log and #view.log > 0 then
    out[#out + 1] = ""
    out[#out + 1] = "Log:"
    local from = math.max(1, #view.log - 7)
    for i = from, #view.log do text.wrap(out, view.log[i], "  ", "    ") end
  end
  return table.concat(out, "\n")
end
