-- Text renderer of Desperados: one seat's view (or the omniscient view) as plain text for
-- a terminal of 80 columns and 24 rows (lib.text). It sees only the view and the game's
-- data: the positions are counters (towns numbered in the order of data.cities), the rows
-- of played cards are each seat's `display`.
--
-- What a player needs now comes first: the turn and the booty; the two coaches on this
-- turn's schedules (where they are marked); the Sheriffs; the seats, a table with a header
-- (pawn, the cards played this turn) and a legend, and the discs laid; the banks and the
-- poker tiles; the viewer's hand, said by what is missing from it, with how a card moves;
-- then the newest log lines that still fit in lib.text's ROWS. Where that is more than
-- ROWS (six players), parts take their short forms (lib.text's fit): the discs in a
-- column of the table, the banks and the poker tiles in one list, the hand without the
-- reminder of how a card moves (`:rules`; `:full` draws the long forms).
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

return function(view, data, how)
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
  local coaches = { {}, {} } ---@type string[][]

  -- The coaches: the route each follows this turn (brown the turn's schedule, blue the one
  -- before; before the first turn, brown's first), the town it is in between brackets.
  local turn = math.max(c.turn or 0, 1)
  for _, coach in ipairs({ { "brown", turn }, { "blue", turn - 1 } }) do
    local colour, k = coach[1], coach[2]
    local n = c[colour .. "_at"] or 0
    local s = k >= 1 and data.schedules[c["schedule_" .. k] or 0] or nil
    local held = (c[colour .. "_robbed"] or 0) > 0 and " (held up)" or ""
    local name = colour:sub(1, 1):upper() .. colour:sub(2)
    -- Long: the whole route; short: from the coach's town on ("... >" before it).
    for form, label in ipairs({ name .. " coach" .. held, name .. held }) do
      local lines = coaches[form]
      if s then
        local stops, from = {}, 1
        for i, id in ipairs(s.route) do
          if index[id] == n and form == 2 then from = i end
        end
        if from > 1 then stops[1] = "..." end
        for i = from, #s.route do
          local id = s.route[i]
          stops[#stops + 1] = index[id] == n and ("[" .. at(n) .. "]") or at(index[id] or 0)
        end
        text.items(lines, label .. ": ", stops, " > ", "    ")
      elseif n > 0 then
        lines[#lines + 1] = label .. ": in " .. at(n)
      else
        lines[#lines + 1] = label .. ": beside the board" .. (k < 1 and ", until turn 2." or ".")
      end
    end
  end
  -- Short, both coaches on one line when they fit there.
  local both = coaches[2]
  if #both == 2 and #both[1] + 2 + #both[2] <= text.WIDTH then coaches[2] = { both[1] .. "; " .. both[2] } end
  local law = {}
  for i = 1, desperadoes do
    local n = c["sheriff_" .. i] or 0
    if n > 0 then law[#law + 1] = "#" .. i .. " " .. at(n) end
  end

  -- The seats: the Marshal named as such, each pawn, and the cards played this turn as
  -- far as this view sees them; the discs laid this turn; a legend; then the Sheriffs and
  -- the towns: banks (the values this view knows), the poker tiles still there. Short: the
  -- discs in a column of the table, the rest in one list ("> whose turn, * you; ? ...;
  -- Sheriffs: #1 Payson, ...; banks: ...; poker tiles gone: ...; taken on arrests: ...").
  local rows, short_rows, discs = {}, {}, {}
  for s, sv in ipairs(view.seats) do
    local sc = sv.counters or {}
    local played = row_of(sv.zones and sv.zones.display)
    local disc = sv.role ~= "marshal" and (sc.disc or 0) > 0 and at(sc.disc) or ""
    rows[s] = { text.mark(view, s), sv.name .. (sv.role == "marshal" and " (Marshal)" or ""), at(sc.at or 0),
      #played > 0 and table.concat(played, ", ") or "" }
    short_rows[s] = { rows[s][1], rows[s][2], rows[s][3], disc, rows[s][4] }
    if disc ~= "" then discs[#discs + 1] = sv.name .. " in " .. disc end
  end
  local seats = { {}, {} } ---@type string[][]
  local legend = text.legend(view)
  text.table(seats[1], { "", "Player", "Pawn", "Cards played this turn" }, rows)
  if #discs > 0 then text.items(seats[1], "Discs laid this turn: ", discs, ", ", "  ") end
  text.wrap(seats[1], (legend ~= "" and (legend .. ". ") or "")
    .. "Pawns move at the examination; ? is a face-down card.", "", "  ")
  if #law > 0 then text.items(seats[1], "Sheriffs: ", law, ", ", "  ") end
  -- The discs in a column of their own, unless that makes the table longer than a line.
  text.table(seats[2], { "", "Player", "Pawn", "Cards played this turn" }, rows)
  if #discs > 0 then
    local column = {}
    text.table(column, { "", "Player", "Pawn", "Disc laid", "Cards played this turn" }, short_rows)
    if #column <= #seats[2] then
      seats[2] = column
    else
      text.items(seats[2], "Discs laid this turn: ", discs, ", ", "  ")
    end
  end
  local places = { { (legend ~= "" and (legend .. ", ") or "") .. "? a face-down card" } } ---@type {[1]: string, [2]: string[]|nil}[]
  if #law > 0 then places[#places + 1] = { "Sheriffs: ", law } end

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
  text.items(seats[1], "Banks: ", banks, ", ", "  ")
  places[#places + 1] = { "banks: ", banks }
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
    text.items(seats[1], "Poker tiles: in every town without a bank" .. (#gone > 0 and ", except " or "."), gone, ", ",
      "  ")
    places[#places + 1] = #gone > 0 and { "poker tiles gone: ", gone } or { "poker tiles in every town without a bank" }
  else
    text.items(seats[1], "Poker tiles: ", #poker > 0 and poker or { "none left" }, ", ", "  ")
    places[#places + 1] = #poker > 0 and { "poker tiles: ", poker } or { "no poker tile left" }
  end
  local lost = names_of(view.zones and view.zones.lost)
  if #lost > 0 then places[#places + 1] = { "taken on arrests: ", lost } end
  text.groups(seats[2], "", places, "  ")
  local stacks = {}
  if view.seat == nil then
    local zs = view.zones or {}
    for _, st in ipairs({ { "bank_stack", "Bank stack" }, { "coach_stack", "Coach stack" } }) do
      local tiles = names_of(zs[st[1]])
      if #tiles > 0 then text.items(stacks, st[2] .. " (top first): ", tiles, ", ", "  ") end
    end
  end
  local lost = names_of(view.zones and view.zones.lost)

  -- The cards the Marshal took on arrests; the hands this view may see, each said by what
  -- it lacks when it holds nothing but the towns' cards and the Saloon (every deck is one
  -- of each), and how a card moves. Short: the seat's hand, without how a card moves
  -- (`:rules`); the cards taken are in the list above.
  local hands = { {}, {} } ---@type string[][]
  if #lost > 0 then text.items(hands[1], "Cards the Marshal took on arrests: ", lost, ", ", "  ") end
  local deck = {}
  for i = 1, #town do deck[i] = town[i] end
  deck[#deck + 1] = "Saloon"
  local mine, shown = {}, false ---@type {[1]: string, [2]: string[]|nil}[], boolean
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
      local cards = text.count(#hand, "card") .. ": "
      if plain and #hand > #deck / 2 then
        local missing = {}
        for _, d in ipairs(deck) do
          if not held[d] then missing[#missing + 1] = d end
        end
        if view.seat == s then
          mine[1] = #missing == 0 and { "Your " .. cards .. "one of each town and the Saloon" }
            or { "Your " .. cards .. "all but ", { table.unpack(missing) } }
        end
        if #missing > 0 then missing[#missing] = missing[#missing] .. "." end
        text.items(hands[1], who .. (#missing == 0 and "one of each town and the Saloon." or "all but "), missing,
          ", ", "  ")
      else
        table.sort(hand)
        if view.seat == s then mine[1] = { "Your " .. cards, #hand > 0 and hand or { "none" } } end
        text.items(hands[1], who, #hand > 0 and hand or { "none" }, ", ", "  ")
      end
      shown = true
    end
  end
  if shown then
    hands[1][#hands[1] + 1] = "  A town's card rides one road to it; the Saloon stays where your cards lead."
  end
  if #mine > 0 then text.groups(hands[2], "", mine, "  ") end

  -- The parts in the forms that fit, the newest log lines that still fit, and the end.
  text.fit(out, { { forms = coaches }, { forms = seats }, stacks, { forms = hands } }, text.rows(view, how))
  text.ending(out, view)
  return table.concat(out, "\n")
end
