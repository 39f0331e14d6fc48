-- Text renderer of Marshals: one seat's view (or the omniscient view) as plain text. It sees
-- only the view and the game's data. The omniscient view (view.seat == nil) draws every
-- secret: every seat's hand and the cards it is looking at, and the Far West deck in order.

local text = require "lib.text"
local names_of = text.names_of

return function(view, data)
  local c = view.counters or {}
  local out = {}
  local function terrain(n) return data.terrain_names[data.terrains[n] or ""] or "?" end
  out[#out + 1] = ("== Marshals ==  %s mode, turn %d"):format(data.mode, c.turn or 0)
  -- The map: the four terrains left to right, with the Marshals on each.
  local row = {}
  for p = 1, #data.terrains do
    local here = {}
    for s, sv in ipairs(view.seats) do
      if (sv.counters.pos or 0) == p then here[#here + 1] = s end
    end
    row[p] = ("[%d %s: %s]"):format(p, terrain(c["map_" .. p] or 0), #here > 0 and text.seat_names(view, here, ",") or "-")
  end
  out[#out + 1] = "Map: " .. table.concat(row, " ")
  local zones = view.zones or {}
  local deck = zones.deck and zones.deck.count or 0
  local discard = names_of(zones.discard)
  out[#out + 1] = ("Far West deck: %d cards. Discard pile: %s"):format(deck,
    #discard > 0 and (discard[1] .. " on top (" .. #discard .. " cards)") or "empty")
  local escapes = {}
  for i = 1, 4 do
    if (c["escapes_" .. i] or 0) > 0 then escapes[#escapes + 1] = "Outlaw " .. i .. " x" .. c["escapes_" .. i] end
  end
  if #escapes > 0 then out[#out + 1] = "Escapes: " .. table.concat(escapes, ", ") end
  if view.seat == nil and deck > 0 then
    text.items(out, "Far West deck (top first): ", names_of(zones.deck), ", ", "  ")
  end
  out[#out + 1] = ""
  for s, sv in ipairs(view.seats) do
    local sc = sv.counters or {}
    local me = view.seat == s and "*" or " "
    -- R25, Z07: every full money bag ($30) is shown.
    local coins = sc.coins or 0
    local bags = coins // data.money_bag
    local res = data.resources and ("  $%d%s  bullets %d  provisions %d"):format(coins,
      bags > 0 and (" (" .. text.count(bags, "bag") .. ")") or "", sc.bullets or 0,
      sc.provisions or 0) or ""
    local status = sv.eliminated and "  (eliminated)" or ""
    out[#out + 1] = ("%s%-8s %-8s%s  outlaws %d  hand %d%s"):format(me, sv.name, terrain(sc.character or 0), res,
      sc.captures or 0, sv.zones.hand and sv.zones.hand.count or 0, status)
    local badge = names_of(sv.zones.badge)
    if #badge > 0 then out[#out + 1] = "           revealed: " .. table.concat(badge, ", ") end
    local trophies = names_of(sv.zones.trophies)
    if #trophies > 0 then out[#out + 1] = "           captured: " .. table.concat(trophies, ", ") end
    if view.seat == s then
      out[#out + 1] = "           your hand: " .. table.concat(names_of(sv.zones.hand), ", ")
    elseif view.seat == nil then
      out[#out + 1] = "           hand: " .. table.concat(names_of(sv.zones.hand), ", ")
      local look = names_of(sv.zones.look)
      if #look > 0 then out[#out + 1] = "           looking at: " .. table.concat(look, ", ") end
    end
  end
  if view.log and #view.log > 0 then
    out[#out + 1] = ""
    out[#out + 1] = "Log:"
    for i = math.max(1, #view.log - 7), #view.log do out[#out + 1] = "  " .. view.log[i] end
  end
  return table.concat(out, "\n")
end
