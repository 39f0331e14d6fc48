-- Text renderer of Desperados of Dice Town: one seat's view (or the omniscient view) as
-- plain text for a terminal of 80 columns and 24 rows (lib.text). It runs in its own
-- sandbox and sees only the view.
--
-- What a player needs now comes first: the turn, the dice and the piles; the gangs, one
-- row each with a header (money, the ranks each Desperado has left, cards in hand) and
-- under it what the gang's Brain does once free; a legend for the marks and for what a
-- free Desperado's Action takes; the viewer's own cards, one line each with a short form
-- of the card's rules text; then the newest log lines that still fit in lib.text's ROWS.
-- Where that is more than ROWS (four gangs), parts take their short forms (lib.text's
-- fit): only the viewer's Brain says what he does (the others' are named, `:card NAME`
-- reads one), and the cards are named with their timing on a line or two (`:card NAME`;
-- `:full` draws the long forms).
--
-- Gang, Brain, Desperado and face names come from the game's data (`data:` of
-- scenarios/dice_town/game.yaml), which the renderer receives with the view, and so does
-- what each Brain does (`data.brain_texts`, by ability id, the texts of gangs.yaml: the
-- Brains have no copies, so no view holds them). The omniscient view (view.seat == nil)
-- draws every secret: every seat's hand and drawn cards, and the draw pile in order.

local text = require "lib.text"

---A gang as `data.gangs` gives it.
---@class dice_town.ViewGang
---@field name string
---@field brain string
---@field ability string

---A Desperado as `data.desperados` gives him.
---@class dice_town.ViewDesperado
---@field id string
---@field name string
---@field attack integer|nil

-- Display names from `data` (set by the function below before anything is drawn).
local GANGS = {} ---@type dice_town.ViewGang[]
local BRAIN_TEXT = {} ---@type table<string, string>
local BRAINS = {} ---@type string[]
local DESPERADOS = {} ---@type dice_town.ViewDesperado[]
local FACES = {} ---@type table<string, string>
local function names_from(data)
  for i, g in ipairs(data.gangs) do GANGS[i], BRAINS[i] = g, (g.brain:gsub("^The ", "")) end
  BRAIN_TEXT = data.brain_texts or {}
  FACES[data.action_face] = "Action"
  for i, d in ipairs(data.desperados) do
    DESPERADOS[i] = d
    FACES[d.id] = d.name
  end
end

-- A card's timing (props.when), as a line of the hand says it before the card's effect.
local WHEN = {
  roll = "after your roll",
  own = "your turn",
  act = "your Actions",
  opp_roll = "after another's roll",
  opp_act = "another's Actions",
  loss = "when you lose $",
}

---An object as a view holds it (docs/authoring.md, "The renderer").
---@class dice_town.ViewObject
---@field hidden boolean|nil
---@field def string
---@field name string
---@field text string|nil
---@field props table|nil
---@field face_up boolean|nil

-- The effect part of a card's rules text: what follows its timing ("Play in your turn: ").
---@param o dice_town.ViewObject
---@return string
local function effect_of(o)
  local t = o.text or ""
  return t:match("^Play [^:]*: (.*)$") or t
end

-- Cards of a zone, copies of one card grouped ("Take Cover x2"), in first-seen order, one
-- line each: the name, then its timing and a short form of its effect; `short`: in one
-- list after `head`, each with its timing ("Jailbreak (your turn)").
---@param out string[]
---@param z {objects: dice_town.ViewObject[]}
---@param short boolean|nil
---@param head string|nil
local function card_lines(out, z, short, head)
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
  local names, w = {}, 0
  for i, id in ipairs(order) do
    names[i] = first[id].name .. (count[id] > 1 and (" x" .. count[id]) or "")
    if #names[i] > w then w = #names[i] end
  end
  if short then
    local items = {}
    for i, id in ipairs(order) do
      local when = first[id].props and WHEN[first[id].props.when]
      items[i] = names[i] .. (when and (" (" .. when .. ")") or "")
    end
    if hidden > 0 then items[#items + 1] = text.count(hidden, "hidden card") end
    text.items(out, head or "", items, ", ", "  ")
    return
  end
  for i, id in ipairs(order) do
    local o = first[id]
    local when = o.props and WHEN[o.props.when]
    local lead = "  " .. text.pad(names[i], w) .. "  "
    local what = (when and (when .. ": ") or "") .. effect_of(o)
    out[#out + 1] = lead .. text.short(what, text.WIDTH - #lead)
  end
  if hidden > 0 then out[#out + 1] = "  (" .. text.count(hidden, "hidden card") .. ")" end
end

return function(view, data, how)
  names_from(data)
  local out = {}
  local c = view.counters or {}

  -- The round and the piles; whose turn, and his dice.
  local draw, discard = view.zones.draw, view.zones.discard
  local head = { "Desperados of Dice Town" .. ((c.round or 0) > 0 and (", round " .. c.round) or "") }
  head[#head + 1] = "Centre $" .. (c.centre or 0)
  head[#head + 1] = "Draw pile " .. (draw and draw.count or 0)
  head[#head + 1] = "Discard " .. (discard and discard.count or 0)
  text.items(out, "", head, " - ", "  ")
  local dice = {}
  for i, f in ipairs(view.dice or {}) do dice[i] = "[" .. (FACES[f] or f) .. "]" end
  local turn = { "Dice" } ---@type string[]
  local cur = view.current and view.seats[view.current]
  if cur then
    turn[1] = cur.name .. "'s turn"
    if c.roll and c.roll > 0 then turn[1] = turn[1] .. (", roll %d of %d"):format(c.roll, c.roll_limit or 3) end
  end
  turn[1] = turn[1] .. ": " .. table.concat(dice, " ")
  local waiting = {}
  for _, s in ipairs(view.deciding or {}) do
    if s ~= view.current then waiting[#waiting + 1] = s end
  end
  if #waiting > 0 then turn[2] = "waiting for " .. text.seat_names(view, waiting) end
  text.items(out, "", turn, " - ", "  ")
  if view.seat == nil and draw and draw.count > 0 then
    text.items(out, "Draw pile (top first): ", text.names_of(draw), ", ", "  ")
  end

  -- The gangs: a row each (the ranks each Desperado has left; free = escaped), and under
  -- it what the gang's Brain does once free.
  local header = { "", "Player", "Gang", "$" }
  local align = { "left", "left", "left", "right" }
  for _, d in ipairs(DESPERADOS) do
    header[#header + 1], align[#align + 1] = d.name, "right"
  end
  header[#header + 1], align[#align + 1] = "Cards", "right"
  local rows = {}
  for s, sv in ipairs(view.seats) do
    local k = sv.counters or {}
    local g = GANGS[k.gang or 0]
    local row = { text.mark(view, s), sv.name, g and g.name or "-", sv.eliminated and "out" or (k.money or 0) }
    for _, d in ipairs(DESPERADOS) do
      local r = k[d.id]
      row[#row + 1] = sv.eliminated and "" or (r == nil and "?" or (r == 0 and "free" or r))
    end
    local hand = sv.zones and sv.zones.hand
    row[#row + 1] = sv.eliminated and "" or (hand and hand.count or 0)
    rows[s] = row
  end
  local lines = {}
  text.table(lines, header, rows, align)
  -- Long: under each gang what its Brain does once free; short: the viewer's Brain alone,
  -- the others named on a line.
  local gangs = { { lines[1] }, { lines[1] } } ---@type string[][]
  local others = {}
  for s, sv in ipairs(view.seats) do
    local g = (sv.counters or {}).gang or 0 ---@type integer
    for form = 1, 2 do
      local part = gangs[form]
      if sv.eliminated then
        part[#part + 1] = lines[s + 1] .. "  (eliminated)"
      else
        part[#part + 1] = lines[s + 1]
        local gang = GANGS[g] ---@type dice_town.ViewGang|nil
        if gang and (form == 1 or s == view.seat) then
          local t = BRAIN_TEXT[gang.ability]
          local does = t and (" when free: " .. t) or ""
          text.wrap(part, "Brain " .. BRAINS[g] .. does, "      ", "        ")
        elseif gang and form == 2 then
          others[#others + 1] = BRAINS[g] .. " (" .. sv.name .. ")"
        end
      end
    end
  end
  if #others > 0 then
    text.items(gangs[2], "Their Brains (:card NAME): ", others, ", ", "  ")
  end
  local legend = text.legend(view)
  local attacks = {}
  for _, d in ipairs(DESPERADOS) do
    if d.attack then attacks[#attacks + 1] = d.name .. " $" .. d.attack end
  end
  local key = {}
  text.wrap(key, (legend ~= "" and (legend .. ". ") or "") .. "Ranks left in jail (free: escaped); a free one's "
    .. "Action takes " .. table.concat(attacks, ", ") .. " from each opponent with his in jail.", "", "  ")

  -- Cards this view may see: the viewer's own, or every seat's in the omniscient view
  -- (short: named, with their timing).
  local cards = { {}, {} } ---@type string[][]
  for s, sv in ipairs(view.seats) do
    if view.seat == nil or view.seat == s then
      local who = view.seat and "Your" or (sv.name .. "'s")
      local pick = sv.zones and sv.zones.pick
      if pick and pick.count > 0 then
        local head = who .. " drawn cards, to keep or discard (" .. text.count(pick.count, "card") .. ")"
        cards[1][#cards[1] + 1] = head .. ":"
        card_lines(cards[1], pick)
        card_lines(cards[2], pick, true, head .. ": ")
      end
      local hand = sv.zones and sv.zones.hand
      if hand then
        if hand.count == 0 then
          if view.seat then
            for form = 1, 2 do cards[form][#cards[form] + 1] = "Your hand is empty." end
          end
        else
          local head = who .. " hand (" .. text.count(hand.count, "card") .. ")"
          cards[1][#cards[1] + 1] = head .. ":"
          card_lines(cards[1], hand)
          card_lines(cards[2], hand, true, head .. ": ")
        end
      end
    end
  end
  text.fit(out, { { forms = gangs }, key, { forms = cards } }, text.rows(view, how))

  -- The newest log lines that still fit, and the end.
  text.ending(out, view)
  return table.concat(out, "\n")
end
