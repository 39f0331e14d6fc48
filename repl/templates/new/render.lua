-- {{name}}: what a seat sees, drawn from its view (never from the game's state: the
-- engine has already hidden what the seat may not see).
---@param view View
---@return string
return function(view)
  local out = { "{{name}}, round " .. (view.counters.round or 0) }
  for s, seat in ipairs(view.seats) do
    local cards = {}
    for _, o in ipairs(seat.zones.hand.objects) do cards[#cards + 1] = o.hidden and "?" or o.name end
    local you = view.seat == s and " (you)" or ""
    out[#out + 1] = string.format("%d %s%s: %d points, hand [%s]", s, seat.name, you, seat.counters.score or 0,
      table.concat(cards, ", "))
  end
  for _, line in ipairs(view.log) do out[#out + 1] = "  " .. line end
  return table.concat(out, "\n")
end
