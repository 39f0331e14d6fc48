-- Text renderer of Desperados: one seat's view (or the omniscient view) as plain text for
-- a terminal of 80 columns and 24 rows (lib.text). It sees only the view and the game's
-- data: the positions are counters (towns numbered in the order of data.cities), the rows
-- of played cards are each seat's `display`.
--
-- What a player needs now comes first: the turn and the booty; the two coaches on this
-- turn's schedules (where they are marked); the Sheriffs; the seats, a table with a header
-- (pawn, the cards played this turn) and a legend, and the discs laid; the banks and the
-- poker tiles;
-- the viewer's hand, said by what is missing from it, with what a card does; then the
-- newest log lines that still fit in lib.text's ROWS.
--
-- The omniscient view (view.seat == nil) draws every secret: every seat's hand and row,
-- the banks' values and the stacks of bank and coach tiles; a seat's view is unchanged by
-- it. Lists of towns break between names, log lines between words.

local text = require "lib.text"

local names_of = text.names_of

local function count_of(zone) return zone and zone.count or 0 end

-- The names of a display's cards, oldest first (zones list the top, the newest, first).
local function row_of(zone)
  local cards = names_of(zone)
  local out = {}
  for i = #cards, 1, -1 do out[#out + 1] = cards[i] end
  return out
end

return function(view, data)
  local town, index = {}, {}
  for i, c in ipairs(data.cities) do town[i], index[c.id] = c.name, i end
  local function at(n) return town[n] or "-" end
  local c = view.counters or {}
  local out = {}
  local desperadoes = view.players - 1
  local goal = data.target_per_desperado * desperadoes

  -- The turn and the booty.
  local head = { "Desperados" }
  if (c.turn or 0) > 0 then
    head[#head + 1] = ("turn %d of %d"):format(c.turn, data.turns)
    if (c.move or 0) > 0 then head[#head + 1] = ("move %d of %d"):format(c.move, data.moves) end
  else
    head[#head + 1] = "setup"
  end
  head[#head + 1] = ("booty $%d of $%d"):format(c.booty_total or 0, goal)
  local waiting = {}
  for _, s in ipairs(view.deciding or {}) do
    if s ~= view.current then waiting[#waiting + 1] = s end
  end
  if #waiting > 0 then
    head[#head + 1] = #waiting == view.players and "everyone plays" or ("waiting for " .. text.seat_names(view, waiting))
  end
  text.items(out, "", head, " - ", "  ")

  -- The coaches: the route each follows this turn (brown the turn's schedule, blue the one
  -- before; before the first turn, brown's first), the town it is in between brackets.
  local turn = math.max(c.turn or 0, 1)
  for _, coach in ipairs({ { "brown", turn }, { "blue", turn - 1 } }) do
    local colour, k = coach[1], coach[2]
    local n = c[colour .. "_at"] or 0
    local s = k >= 1 and data.schedules[c["schedule_" .. k] or 0] or nil
    local label = colour:sub(1, 1):upper() .. colour:sub(2) .. " coach"
    if (c[colour .. "_robbed"] or 0) > 0 then label = label .. " (held up)" end
    if s then
      local stops = {}
      for i, id in ipairs(s.route) do
        stops[i] = index[id] == n and ("[" .. at(n) .. "]") or at(index[id] or 0)
      end
      text.items(out, label .. ": ", stops, " > ", "    ")
    elseif n > 0 then
      out[#out + 1] = label .. ": in " .. at(n)
    else
      out[#out + 1] = label .. ": beside the board" .. (k < 1 and ", until turn 2." or ".")
    end
  end
  local law = {}
  for i = 1, desperadoes do
    local n = c["sheriff_" .. i] or 0
    if n > 0 then law[#law + 1] = "#" .. i .. " " .. at(n) end
  end
  if #law > 0 then text.items(out, "Sheriffs: ", law, ", ", "  ") end

  -- The seats: the Marshal named as such, each pawn, and the cards played this turn as
  -- far as this view sees them; then the discs laid this turn.
  local rows, discs = {}, {}
  for s, sv in ipairs(view.seats) do
    local sc = sv.counters or {}
    local played = row_of(sv.zones and sv.zones.display)
    rows[s] = { text.mark(view, s), sv.name .. (sv.role == "marshal" and " (Marshal)" or ""), at(sc.at or 0),
      #played > 0 and table.concat(played, ", ") or "" }
    if sv.role ~= "marshal" and (sc.disc or 0) > 0 then discs[#discs + 1] = sv.name .. " in " .. at(sc.disc) end
  end
  text.table(out, { "", "Player", "Pawn", "Cards played this turn" }, rows)
  if #discs > 0 then text.items(out, "Discs laid this turn: ", discs, ", ", "  ") end
  local legend = text.legend(view)
  text.wrap(out, (legend ~= "" and (legend .. ". ") or "") .. "Pawns move at the examination; ? is a face-down card.",
    "", "  ")

  -- The towns: banks (the values this view knows), the poker tiles still there.
  local banks, is_bank = {}, {}
  for _, id in ipairs(data.banks) do
    is_bank[id] = true
    local z = view.board and view.board[id] and view.board[id].bank
    local label = at(index[id] or 0)
    if count_of(z) == 0 then
      banks[#banks + 1] = label .. " empty"
    else
      local o = z.objects[1]
      banks[#banks + 1] = label .. (o.hidden and " ?" or (" $" .. o.props.value))
    end
  end
  text.items(out, "Banks: ", banks, ", ", "  ")
  local poker, gone = {}, {}
  for j, city in ipairs(data.cities) do
    local z = view.board and view.board[city.id] and view.board[city.id].poker
    if count_of(z) > 0 then
      local o = z.objects[1]
      poker[#poker + 1] = town[j] .. ((o.hidden or not o.props) and "" or (" $" .. o.props.value))
    elseif not is_bank[city.id] then
      gone[#gone + 1] = town[j]
    end
  end
  if view.seat ~= nil and #poker > 0 and #gone < #poker then
    -- Most poker tiles are still there: name the towns whose tile is gone.
    text.items(out, "Poker tiles: in every town without a bank" .. (#gone > 0 and ", except " or "."), gone, ", ", "  ")
  else
    text.items(out, "Poker tiles: ", #poker > 0 and poker or { "none left" }, ", ", "  ")
  end
  if view.seat == nil then
    local zs = view.zones or {}
    for _, st in ipairs({ { "bank_stack", "Bank stack" }, { "coach_stack", "Coach stack" } }) do
      local tiles = names_of(zs[st[1]])
      if #tiles > 0 then text.items(out, st[2] .. " (top first): ", tiles, ", ", "  ") end
    end
  end
  local lost = names_of(view.zones and view.zones.lost)
  if #lost > 0 then text.items(out, "Cards the Marshal took on arrests: ", lost, ", ", "  ") end

  -- The hands this view may see, each said by what it lacks when it holds nothing but the
  -- towns' cards and the Saloon (every deck is one of each), and what a card does.
  local deck = {}
  for i = 1, #town do deck[i] = town[i] end
  deck[#deck + 1] = "Saloon"
  local shown = false
  for s, sv in ipairs(view.seats) do
    if view.seat == s or view.seat == nil then
      local hand = names_of(sv.zones and sv.zones.hand)
      local held, plain = {}, true
      for _, name in ipairs(hand) do held[name] = true end
      for name in pairs(held) do
        local known = false
        for _, d in ipairs(deck) do
          if d == name then known = true end
        end
        if not known then plain = false end
      end
      local who = (view.seat == s and "Your" or (sv.name .. "'s")) .. " hand (" .. text.count(#hand, "card") .. "): "
      if plain and #hand > #deck / 2 then
        local missing = {}
        for _, d in ipairs(deck) do
          if not held[d] then missing[#missing + 1] = d end
        end
        if #missing > 0 then missing[#missing] = missing[#missing] .. "." end
        text.items(out, who .. (#missing == 0 and "one of each town and the Saloon." or "all but "), missing, ", ",
          "  ")
      else
        table.sort(hand)
        text.items(out, who, #hand > 0 and hand or { "none" }, ", ", "  ")
      end
      shown = true
    end
  end
  if shown then
    out[#out + 1] = "  A town's card rides one road to it; the Saloon stays where your cards lead."
  end

  -- The newest log lines that still fit, and the end.
  text.ending(out, view)
  return table.concat(out, "\n")
end
