-- What the sharp bot knows, read once a pick: the board the engine gives every bot
-- (`setting.board`: the towns in board order and their roads), the game's `data:` (the
-- banks, the number of moves) and what it reads from the seat's view (Sheriffs, coaches,
-- bank and poker tiles, the rows of cards played). Towns are their node ids; a position
-- counter is a town's number in board order (scripts/desperados/game.lua numbers them so).

local M = {}

---The board and the data, read once a pick.
---@class desperados_sharp.Board
---@field data table
---@field ids string[]                  ids[n] = the node id of town number n (board order)
---@field roads table<string, string[]> roads[town] = the towns a road away
---@field town table<string, boolean>   the towns' node ids
---@field bank table<string, boolean>   the towns with a bank

---@param data table      the game's data
---@param board BotBoard  the board as the engine gives it
---@return desperados_sharp.Board
function M.new(data, board)
  local b = { data = data, ids = {}, roads = {}, town = {}, bank = {} }
  -- Plain copies: the walks read the roads many times a pick, and the engine's tables
  -- are read-only proxies.
  for i, id in ipairs(board.nodes) do
    b.ids[i], b.town[id] = id, true
    local roads = {}
    for j, n in ipairs(board.next_to[id]) do roads[j] = n end
    b.roads[id] = roads
  end
  for _, id in ipairs(data.banks) do b.bank[id] = true end
  return b
end

---The town card option `i` of a `card` question leads to (its args.town: one road away for
---a town's card, where the cards lead for the Saloon); nil for an impossible move.
---@param q BotQuestion
---@param i integer
---@return string|nil
function M.card_town(q, i)
  local id = q.ids[i]
  if id == "ride" or id == "stay" then return q.args[i].town --[[@as string]] end
  if id == "impossible" then return nil end
  error("sharp: no answer for a 'card' option '" .. tostring(id) .. "'")
end

---Road distances from `from` to every town (breadth first).
---@param b desperados_sharp.Board
---@param from string
---@return table<string, integer>
function M.distances(b, from)
  local dist, queue, i = { [from] = 0 }, { from }, 1
  while queue[i] do
    local here = queue[i]
    i = i + 1
    for _, n in ipairs(b.roads[here]) do
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

-- A card seen in a row that leads nowhere new (no town in its props: the Saloon). Not a
-- node id.
M.STAY = "(stay)"

---The cards of seat `s`'s row this turn as the viewer sees them, in the order played:
---row[k] is the town the card leads to (its props.city), STAY for a card with no town (the
---Saloon), or false when face down.
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
    if o and not o.hidden then
      row[#row + 1] = o.props and o.props.city or M.STAY
    else
      row[#row + 1] = false
    end
  end
  return row
end

return M
