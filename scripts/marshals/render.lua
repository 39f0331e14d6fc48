-- Text renderer of Marshals: one seat's view (or the omniscient view) as plain text for a
-- terminal of 80 columns and 24 rows (lib.text). It sees only the view and the game's
-- data.
--
-- What a player needs now comes first: the turn, the deck and the top of the discard pile
-- (an Ambush or Camping there lets the next Outlaw escape, R30); the map from west to
-- east with the Marshals on it; the Marshals, a table with a header (where each is, his
-- own terrain, his resources, his cards) and a legend, and the Outlaws each captured; the
-- Outlaws that escaped, by name; the viewer's hand, the Movement cards on one line and
-- every other card with a short summary of what it does (made from its props: the rules
-- texts are long); then the newest log lines that still fit in lib.text's ROWS. Where
-- that is more than ROWS, parts take their short forms (lib.text's fit): the turn and the
-- deck on one line, the legend, the notes, the captures and the escapes in one paragraph,
-- the hand as a list of its kinds without what they do (`:card NAME`; `:full` draws the
-- long forms).
--
-- The omniscient view (view.seat == nil) draws every secret: every seat's hand and the
-- cards it is looking at, and the Far West deck in order.

local text = require "lib.text"
local names_of = text.names_of

-- What a card does, from its props (the rules text of the YAML is the whole rule):
-- SUMMARY[kind](props, basic) -> string. A card of a kind not here shows the start of its
-- rules text.
local SUMMARY = {
  movement = function() return "go there when next to you, then draw again" end,
  wild = function() return "go next door, either way, then draw again" end,
  ambush = function(_, basic)
    if basic then return "take a card at random from a rival's hand" end
    return "the other Marshals here pay that many Bullets"
  end,
  camping = function(_, basic)
    if basic then return "a rival skips his next turn" end
    return "the other Marshals here pay that many Provisions"
  end,
  clue = function(p) return "see the top " .. p.look .. " cards, put them back in any order" end,
  hideout = function(p)
    return ("draw %d keep %d, or see %d of a rival's hand and keep 1"):format(p.draw, p.keep, p.peek)
  end,
  jurisdiction = function() return "in another's turn, cancel his Clue or Hideout and take it" end,
  border = function() return "Event: a new map, and every Marshal back to his own terrain" end,
  train = function(p) return ("Event: pay $%d to ride %s"):format(p.cost, p.direction > 0 and "east" or "west") end,
  village = function(p) return ("Event: the Marshals here buy Bullets and Provisions at $%d"):format(p.price) end,
  outlaw = function(p) return ("Outlaw: a capture pays $%d, double in your own terrain"):format(p.danger) end,
  corrupt = function(p) return ("you secretly help the Outlaws: each you draw escapes and pays you $%d"):format(p.payout) end,
}

-- The kinds a hand groups, one line each, and what names each card of the kind on that
-- line (its terrain, and its cost when it has one): "Ambush (Forest 2, Plain 1): ...".
local GROUPED = { movement = "Movement", wild = "Wild", ambush = "Ambush", camping = "Camping", clue = "Clue",
  hideout = "Hideout" }

---An object as a view holds it (docs/authoring.md, "The renderer").
---@class marshals.ViewObject
---@field hidden boolean|nil
---@field def string
---@field name string
---@field text string|nil
---@field props table|nil

-- The lines of a hand: a line a kind of card (the Movement cards together, the Ambushes
-- together...) or a card of its own kind (copies counted), each with what it does; with
-- `head`, short: the kinds in one list after it, without what they do.
---@param out string[]
---@param z {objects: marshals.ViewObject[]}
---@param data table
---@param head string|nil
local function hand_lines(out, z, data, head)
  local basic = data.mode == "basic"
  local order, lines, hidden = {}, {}, 0 ---@type string[], table<string, {head: string, items: string[], o: marshals.ViewObject, n: integer}>, integer
  local sorted = {} ---@type marshals.ViewObject[]
  for _, o in ipairs(z.objects) do
    if o.hidden then hidden = hidden + 1 else sorted[#sorted + 1] = o end
  end
  -- By terrain, then value or cost: "Desert 2, Desert 10, Plain 4".
  table.sort(sorted, function(a, b)
    local pa, pb = a.props or {}, b.props or {}
    if (pa.terrain or "") ~= (pb.terrain or "") then return (pa.terrain or "") < (pb.terrain or "") end
    return (pa.value or pa.cost or 0) < (pb.value or pb.cost or 0)
  end)
  for _, o in ipairs(sorted) do
    local p = o.props or {}
    local kind = GROUPED[p.kind] and p.kind or o.def
    local line = lines[kind]
    if not line then
      line = { head = GROUPED[p.kind] or o.name, items = {}, o = o, n = 0 }
      lines[kind] = line
      order[#order + 1] = kind
    end
    line.n = line.n + 1
    local where = p.terrain and data.terrain_names[p.terrain]
    if p.kind == "movement" then
      line.items[#line.items + 1] = o.name
    elseif where and not (basic and (p.kind == "ambush" or p.kind == "camping")) then
      -- (in basic mode an Ambush's or a Camping's terrain and cost mean nothing: Z40)
      line.items[#line.items + 1] = where .. (p.cost and (" " .. p.cost) or "")
    end
  end
  if head then
    -- "Village; Movement Desert 4, Forest 2; Clue Forest": a line may break inside a kind.
    local groups = {}
    for k, kind in ipairs(order) do
      local line = lines[kind]
      if #line.items > 0 then
        groups[k] = { line.head .. " ", line.items }
      else
        groups[k] = { line.head .. (line.n > 1 and (" x" .. line.n) or "") }
      end
    end
    if hidden > 0 then groups[#groups + 1] = { text.count(hidden, "hidden card") } end
    text.groups(out, head, groups, "  ")
    return
  end
  for _, kind in ipairs(order) do
    local line = lines[kind]
    local p = line.o.props or {}
    local f = SUMMARY[p.kind]
    local what = f and f(p, basic) or text.short(line.o.text or "", 60)
    if #line.items > 0 then
      -- "Ambush (Desert 1, Plain 2): the other Marshals here pay that many Bullets", never
      -- broken inside a card's name.
      local head = "  " .. line.head .. " ("
      local whole = head .. table.concat(line.items, ", ") .. "): " .. what
      if #whole <= text.WIDTH then
        out[#out + 1] = whole
      else
        local items = {}
        for i, item in ipairs(line.items) do items[i] = item end
        items[#items] = items[#items] .. "):"
        text.items(out, head, items, ", ", "    ")
        if #out[#out] + 1 + #what <= text.WIDTH then
          out[#out] = out[#out] .. " " .. what
        else
          text.wrap(out, what, "    ", "    ")
        end
      end
    else
      text.wrap(out, line.head .. (line.n > 1 and (" x" .. line.n) or "") .. ": " .. what, "  ", "    ")
    end
  end
  if hidden > 0 then out[#out + 1] = "  (" .. text.count(hidden, "hidden card") .. ")" end
end

return function(view, data, how)
  local c = view.counters or {}
  local out = {}
  local basic = data.mode == "basic"
  local function terrain(n) return data.terrain_names[data.terrains[n] or ""] or "?" end
  local zones = view.zones or {}

  -- The turn; the deck and the discard pile.
  local head = { "Marshals" .. (data.mode ~= "std" and (" (" .. data.mode .. " mode)") or "") }
  if (c.turn or 0) > 0 then head[#head + 1] = "turn " .. c.turn end
  local cur = view.current and view.seats[view.current]
  if cur then head[#head + 1] = cur.name .. "'s turn" end
  local waiting = {}
  for _, s in ipairs(view.deciding or {}) do
    if s ~= view.current then waiting[#waiting + 1] = s end
  end
  if #waiting > 0 then head[#head + 1] = "waiting for " .. text.seat_names(view, waiting) end
  local deck = zones.deck and zones.deck.count or 0
  local discard = zones.discard and zones.discard.objects or {}
  local top = discard[1]
  local pile = "Discard pile empty"
  if top and not top.hidden then
    local kind = top.props and top.props.kind
    local warn = (kind == "ambush" or kind == "camping") and ": an Outlaw drawn now escapes" or ""
    pile = "Discard " .. #discard .. ", " .. top.name .. " on top" .. warn
  end
  -- Long: the turn on a line, the deck on the next; short: one list.
  local turn = { {}, {} } ---@type string[][]
  text.items(turn[1], "", head, " - ", "  ")
  text.wrap(turn[1], "Far West deck " .. text.count(deck, "card") .. " - " .. pile, "", "  ")
  local all = {}
  for i, h in ipairs(head) do all[i] = h end
  all[#all + 1] = "Far West deck " .. text.count(deck, "card")
  all[#all + 1] = pile
  text.wrap(turn[2], table.concat(all, " - "), "", "  ")

  -- The map, west to east, with the Marshals at each place.
  local map = {}
  local places = {}
  for p = 1, #data.terrains do
    local here = {}
    for s, sv in ipairs(view.seats) do
      if (sv.counters.pos or 0) == p then here[#here + 1] = s end
    end
    places[p] = terrain(c["map_" .. p] or 0) .. (#here > 0 and (" (" .. text.seat_names(view, here) .. ")") or "")
  end
  text.items(map, "Map, west to east: ", places, " - ", "  ")

  -- The Marshals; then the legend, the notes, the captures and the escapes (short: in one
  -- paragraph).
  local header = { "", "Player", "At", "Own terrain" }
  local align = { "left", "left", "left", "left" }
  if data.resources then
    for _, h in ipairs({ "$", "Bullets", "Provisions" }) do header[#header + 1], align[#align + 1] = h, "right" end
  end
  header[#header + 1], align[#align + 1] = "Cards", "right"
  local rows, notes, captured = {}, {}, {}
  for s, sv in ipairs(view.seats) do
    local sc = sv.counters or {}
    local where = sv.eliminated and "(eliminated)" or ((sc.pos or 0) > 0 and terrain(c["map_" .. sc.pos] or 0) or "-")
    local row = { text.mark(view, s), sv.name, where, terrain(sc.character or 0) }
    if data.resources then
      -- R25, Z07: every full money bag ($30) is shown.
      local coins = sc.coins or 0
      local bags = coins // data.money_bag
      row[#row + 1] = coins .. (bags > 0 and (" (" .. text.count(bags, "bag") .. ")") or "")
      row[#row + 1] = sc.bullets or 0
      row[#row + 1] = sc.provisions or 0
    end
    row[#row + 1] = sv.zones.hand and sv.zones.hand.count or 0
    rows[s] = row
    local trophies = names_of(sv.zones.trophies)
    if #trophies > 0 then captured[#captured + 1] = sv.name .. ": " .. table.concat(trophies, ", ") end
    if #names_of(sv.zones.badge) > 0 then notes[#notes + 1] = sv.name .. " is the Corrupt Marshal: he helps the Outlaws." end
    if (sc.skip or 0) > 0 then
      local turns = sc.skip == 1 and "turn" or text.count(sc.skip, "turn")
      notes[#notes + 1] = sv.name .. " skips his next " .. turns .. "."
    end
  end
  local marshals = { {}, {} } ---@type string[][]
  text.table(marshals[1], header, rows, align)
  for _, l in ipairs(marshals[1]) do marshals[2][#marshals[2] + 1] = l end
  local legend = text.legend(view)
  local own = basic and "Own terrain: his Character's, where he starts."
    or "Own terrain: his Character's; a capture there pays double."
  text.wrap(marshals[1], (legend ~= "" and (legend .. ". ") or "") .. own, "", "  ")
  local said = { (legend ~= "" and (legend .. "; ") or "")
    .. (basic and "own terrain: his Character's." or "a capture in his own terrain pays double.") }
  for _, n in ipairs(notes) do
    text.wrap(marshals[1], n, "", "  ")
    said[#said + 1] = n
  end
  if #captured > 0 then
    text.items(marshals[1], "Captured: ", captured, "; ", "  ")
    said[#said + 1] = "Captured: " .. table.concat(captured, "; ") .. "."
  end

  -- The Outlaws that escaped, by name: a name is read from wherever this view sees that
  -- Outlaw (an escaped one is known at the bottom of the deck until a shuffle).
  local outlaw = {}
  local function learn(z)
    for _, o in ipairs(z and z.objects or {}) do
      if not o.hidden and o.props and o.props.kind == "outlaw" then outlaw[o.props.number] = o.name end
    end
  end
  for _, z in pairs(zones) do learn(z) end
  for _, sv in ipairs(view.seats) do
    for _, z in pairs(sv.zones or {}) do learn(z) end
  end
  local escapes = {}
  for i = 1, 4 do
    local n = c["escapes_" .. i] or 0
    if n > 0 then
      escapes[#escapes + 1] = (outlaw[i] or ("Outlaw " .. i)) .. (n == 1 and " once" or (n == 2 and " twice" or (" " .. n .. " times")))
    end
  end
  if #escapes > 0 then
    text.items(marshals[1], "Escaped: ", escapes, ", ", "  ")
    said[#said + 1] = "Escaped: " .. table.concat(escapes, ", ") .. "."
  end
  text.wrap(marshals[2], table.concat(said, " "), "", "  ")

  -- The cards this view may see: the viewer's hand, or every seat's in the omniscient view
  -- (short: the kinds in a list).
  local cards = { {}, {} } ---@type string[][]
  for s, sv in ipairs(view.seats) do
    if view.seat == s or view.seat == nil then
      local hand = sv.zones.hand
      local who = view.seat == s and "Your" or (sv.name .. "'s")
      if hand and hand.count > 0 then
        local rule = basic and "" or "; an Action is played in its terrain and ends the turn"
        cards[1][#cards[1] + 1] = who .. " hand (" .. text.count(hand.count, "card") .. rule .. "):"
        hand_lines(cards[1], hand, data)
        hand_lines(cards[2], hand, data, who .. " hand (" .. text.count(hand.count, "card") .. "): ")
      elseif view.seat == s then
        for form = 1, 2 do cards[form][#cards[form] + 1] = "Your hand is empty." end
      end
      local look = names_of(sv.zones.look)
      if #look > 0 then
        for form = 1, 2 do
          text.items(cards[form], "  " .. (view.seat == s and "You are" or "He is") .. " looking at: ", look, ", ", "    ")
        end
      end
    end
  end
  local far = {}
  if view.seat == nil and deck > 0 then
    text.items(far, "Far West deck (top first): ", names_of(zones.deck), ", ", "  ")
  end

  -- The parts in the forms that fit, the newest log lines that still fit, and the end.
  text.fit(out, { { forms = turn }, map, { forms = marshals }, { forms = cards }, far }, text.rows(view, how))
  text.ending(out, view)
  return table.concat(out, "\n")
end
