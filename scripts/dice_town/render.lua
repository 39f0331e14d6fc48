-- Text renderer of Desperados of Dice Town: one seat's view (or the omniscient view) as
-- plain text within 80 columns. It runs in its own sandbox and sees only the view.
--
-- Gang, Brain, Desperado and face names come from the game's data (`data:` of
-- scenarios/dice_town/game.yaml), which the renderer receives with the view. The
-- omniscient view (view.seat == nil) draws every secret: every seat's hand and drawn
-- cards, and the draw pile in order.

local text = require "lib.text"

local pad, lpad = text.pad, text.lpad

-- Display names from `data` (set by the function below before anything is drawn).
local GANGS, BRAINS, DESPERADOS, FACES = {}, {}, {}, {} ---@type string[], string[], {id: string, name: string}[], table<string, string>
local function names_from(data)
  for i, g in ipairs(data.gangs) do GANGS[i], BRAINS[i] = g.name, g.brain end
  FACES[data.action_face] = "Action"
  for i, d in ipairs(data.desperados) do
    DESPERADOS[i] = { id = d.id, name = d.name }
    FACES[d.id] = d.name
  end
end
local WHEN = {
  roll = "your turn, after a roll",
  own = "any time in your turn",
  act = "your turn, while resolving Actions",
  opp_roll = "another's turn, after his roll",
  opp_act = "another's turn, after he declares Actions",
  loss = "when you are about to lose money",
}

---An object as a view holds it (docs/authoring.md, "The renderer").
---@class dice_town.ViewObject
---@field hidden boolean|nil
---@field def string
---@field name string
---@field text string|nil
---@field props table|nil
---@field face_up boolean|nil

-- Cards of a zone, copies of one card grouped ("Take Cover x2"), in first-seen order.
---@param out string[]
---@param z {objects: dice_town.ViewObject[]}
local function card_lines(out, z)
  local order, hidden = {}, 0 ---@type string[], integer
  local count = {} ---@type table<string, integer>
  local first = {} ---@type table<string, dice_town.ViewObject>
  for _, o in ipairs(z.objects) do
    if o.hidden then
      hidden = hidden + 1
    else
      if not count[o.def] then
        order[#order + 1] = o.def
        count[o.def], first[o.def] = 0, o
      end
      count[o.def] = count[o.def] + 1
    end
  end
  for _, id in ipairs(order) do
    local o, n = first[id], count[id]
    local when = o.props and WHEN[o.props.when]
    out[#out + 1] = "  " .. o.name .. (n > 1 and (" x" .. n) or "") .. (when and (" - " .. when) or "")
    if o.text then text.wrap(out, o.text, "      ", "      ") end
  end
  if hidden > 0 then out[#out + 1] = ("  (%d hidden card%s)"):format(hidden, hidden > 1 and "s" or "") end
end

return function(view, data)
  names_from(data)
  local out = {}
  local c = view.counters or {}
  local head = "== Desperados of Dice Town =="
  if c.round and c.round > 0 then head = head .. "  Round " .. c.round end
  if view.current and view.seats[view.current] then
    head = head .. ", " .. view.seats[view.current].name .. "'s turn"
    if c.roll and c.roll > 0 then head = head .. (" (roll %d/%d)"):format(c.roll, c.roll_limit or 3) end
  end
  out[#out + 1] = head

  local draw, discard = view.zones.draw, view.zones.discard
  local line = ("Centre $%d   Draw pile %d   Discard %d"):format(c.centre or 0, draw and draw.count or 0,
    discard and discard.count or 0)
  local top = discard and discard.objects[1]
  if top and not top.hidden then line = line .. " (top: " .. top.name .. ")" end
  out[#out + 1] = line
  if view.seat == nil and draw and draw.count > 0 then
    text.wrap(out, table.concat(text.names_of(draw), ", "), "Draw pile (top first): ", "  ")
  end
  out[#out + 1] = ""

  -- Gangs: ranks left per Desperado ("free" = escaped), money, hand size.
  local hdr = pad("", 2) .. pad("Player", 11) .. pad("Gang", 18) .. lpad("$", 4)
  for _, d in ipairs(DESPERADOS) do hdr = hdr .. lpad(d.name, 6) end
  out[#out + 1] = hdr .. lpad("Cards", 7)
  for s, sv in ipairs(view.seats) do
    local k = sv.counters or {}
    local mark = (s == view.current and ">" or " ") .. (s == view.seat and "*" or " ")
    local row = mark .. pad(sv.name, 10) .. " " .. pad(GANGS[k.gang or 0] or "-", 17) .. " "
    if sv.eliminated then
      row = row .. lpad("out", 4) .. "  (eliminated)"
    else
      row = row .. lpad(k.money or 0, 4)
      for _, d in ipairs(DESPERADOS) do
        local r = k[d.id]
        row = row .. lpad(r == nil and "?" or (r == 0 and "free" or r), 6)
      end
      local hand = sv.zones and sv.zones.hand
      row = row .. lpad(hand and hand.count or 0, 7)
    end
    out[#out + 1] = row
  end
  local brains = {}
  for _, sv in ipairs(view.seats) do
    local g = sv.counters and sv.counters.gang
    if g and BRAINS[g] then brains[#brains + 1] = sv.name .. ": " .. BRAINS[g] end
  end
  out[#out + 1] = "  (ranks each Desperado has left to go in jail; free = escaped)"
  if #brains > 0 then text.wrap(out, table.concat(brains, "; "), "  Brains: ", "    ") end
  out[#out + 1] = ""

  local dice = {}
  for i, f in ipairs(view.dice or {}) do dice[i] = "[" .. (FACES[f] or f) .. "]" end
  out[#out + 1] = "Dice: " .. table.concat(dice, " ")

  -- Cards this view may see: the viewer's own, or every seat's in the omniscient view.
  for s, sv in ipairs(view.seats) do
    if view.seat == nil or view.seat == s then
      local who = view.seat and "Your" or (sv.name .. "'s")
      local pick = sv.zones and sv.zones.pick
      if pick and pick.count > 0 then
        out[#out + 1] = who .. " drawn cards (choose which to keep):"
        card_lines(out, pick)
      end
      local hand = sv.zones and sv.zones.hand
      if hand then
        if hand.count == 0 then
          if view.seat then out[#out + 1] = "Your hand is empty." end
        else
          out[#out + 1] = ("%s cards (%d):"):format(who, hand.count)
          card_lines(out, hand)
        end
      end
    end
  end
  out[#out + 1] = ""

  local log = view.log or {}
  out[#out + 1] = "Log:"
  for i = math.max(1, #log - 7), #log do text.wrap(out, log[i], "  ", "    ") end

  if view.result then
    out[#out + 1] = ""
    local r = view.result
    local why = r.reason and (" (" .. r.reason .. ")") or ""
    text.wrap(out, "GAME OVER: " .. text.seat_names(view, r.winners) .. " win" .. (#(r.winners or {}) == 1 and "s" or "") .. why,
      "", "  ")
  elseif view.deciding and #view.deciding > 0 then
    out[#out + 1] = ""
    out[#out + 1] = "Waiting for: " .. text.seat_names(view, view.deciding)
  end
  return table.concat(out, "\n")
end
