-- What the sharp bot knows of the board and reads from a view. A bot gets the view and the
-- game's `data:`, not the board: the roads are copied here from scenarios/desperados/game.yaml
-- (`board.edges`, gaps.md §5.1) and must follow it if the map changes. Towns are their node
-- ids; a position counter is a town's number in `data.cities`.

local M = {}

-- The 35 roads of game.yaml, both ends by node id.
local EDGES = {
  { "tuba_city", "flagstaff" }, { "tuba_city", "gallup" }, { "tuba_city", "shiprock" },
  { "shiprock", "aztec" }, { "shiprock", "gallup" }, { "aztec", "santa_fe" }, { "santa_fe", "los_lunas" },
  { "gallup", "los_lunas" }, { "gallup", "st_johns" }, { "st_johns", "flagstaff" }, { "st_johns", "payson" },
  { "st_johns", "globe" }, { "st_johns", "socorro" }, { "st_johns", "silver_city" }, { "flagstaff", "payson" },
  { "flagstaff", "phoenix" }, { "payson", "phoenix" }, { "payson", "globe" }, { "phoenix", "globe" },
  { "phoenix", "tucson" }, { "globe", "tucson" }, { "globe", "silver_city" }, { "tucson", "nogales" },
  { "nogales", "tombstone" }, { "tombstone", "silver_city" }, { "tucson", "silver_city" },
  { "silver_city", "salem" }, { "silver_city", "el_paso" }, { "salem", "socorro" }, { "salem", "la_luz" },
  { "salem", "el_paso" }, { "la_luz", "socorro" }, { "la_luz", "el_paso" }, { "la_luz", "los_lunas" },
  { "socorro", "los_lunas" },
}

---The towns a road away from each town.
---@type table<string, string[]>
M.roads = {}
for _, e in ipairs(EDGES) do
  local a, b = e[1], e[2]
  M.roads[a] = M.roads[a] or {}
  M.roads[b] = M.roads[b] or {}
  table.insert(M.roads[a], b)
  table.insert(M.roads[b], a)
end

---The board read once a pick: town ids by number and by name, and the banks.
---@class desperados_sharp.Board
---@field data table
---@field ids string[]                  ids[n] = the node id of town number n
---@field by_name table<string, string> by_name[display name] = node id
---@field town table<string, boolean>   the towns' node ids
---@field bank table<string, boolean>   the towns with a bank

---@param data table  the game's data
---@return desperados_sharp.Board
function M.new(data)
  local b = { data = data, ids = {}, by_name = {}, town = {}, bank = {} }
  for i, c in ipairs(data.cities) do
    b.ids[i] = c.id
    b.by_name[c.name] = c.id
    b.town[c.id] = true
  end
  for _, id in ipairs(data.banks) do b.bank[id] = true end
  return b
end

---The town a card option leads to, from its tag (the card's id: a town's card is named
---after its town's node id, scenarios/desperados/cards.yaml): the Saloon leads `here`; nil
---for no card.
---@param b desperados_sharp.Board
---@param tag string|false
---@param here string
---@return string|nil
function M.card_town(b, tag, here)
  if tag == "saloon" then return here end
  if tag and b.town[tag] then return tag end
  return nil
end

---The town a label or prompt names, found by its display name after `prefix` ("lead to ",
---"Ride to "); nil when none.
---@param b desperados_sharp.Board
---@param text string
---@param prefix string
---@return string|nil
function M.town_after(b, text, prefix)
  for name, id in pairs(b.by_name) do
    if string.find(text, prefix .. name, 1, true) then return id end
  end
  return nil
end

---Road distances from `from` to every town (breadth first).
---@param from string
---@return table<string, integer>
function M.distances(from)
  local dist, queue, i = { [from] = 0 }, { from }, 1
  while queue[i] do
    local here = queue[i]
    i = i + 1
    for _, n in ipairs(M.roads[here]) do
      if not dist[n] then
        dist[n] = dist[here] + 1
        queue[#queue + 1] = n
      end
    end
  end
  return dist
end

---How many Sheriffs stand in each town (view counters sheriff_1..5; 0 is out of play).
---@param b desperados_sharp.Board
---@param view View
---@return table<string, integer>
function M.sheriffs(b, view)
  local law = {}
  for i = 1, 5 do
    local id = b.ids[view.counters["sheriff_" .. i] or 0] ---@type string|nil
    if id then law[id] = (law[id] or 0) + 1 end
  end
  return law
end

---The value of the bank tile in `town` as the viewer knows it: its value when seen, `guess`
---when face down to him, 0 when the bank is empty.
---@param view View
---@param town string
---@param guess number
---@return number
function M.bank_value(view, town, guess)
  local z = view.board and view.board[town] and view.board[town].bank
  if not z or z.count == 0 then return 0 end
  local o = z.objects[1]
  if o.hidden or not o.props or not o.props.value then return guess end
  return o.props.value
end

---Whether a poker tile still lies in `town`.
---@param view View
---@param town string
---@return boolean
function M.poker(view, town)
  local z = view.board and view.board[town] and view.board[town].poker
  return z ~= nil and z.count > 0
end

---The towns where a coach stands now (coaches move before the cards of a move).
---@param b desperados_sharp.Board
---@param view View
---@return table<string, boolean>
function M.coaches(b, view)
  local at = {}
  for _, colour in ipairs({ "brown", "blue" }) do
    local id = b.ids[view.counters[colour .. "_at"] or 0] ---@type string|nil
    if id then at[id] = true end
  end
  return at
end

---The cards of seat `s`'s row this turn as the viewer sees them, in the order played:
---row[k] is the card's node id, "saloon", or false when face down.
---@param view View
---@param s integer
---@return (string|false)[]
function M.row(view, s)
  local z = view.seats[s].zones.display
  local row = {}
  if not z then return row end
  local n = z.count
  for i = n, 1, -1 do
    local o = z.objects[i]
    row[#row + 1] = (o and not o.hidden) and o.def or false
  end
  return row
end

return M
