-- American Desperado's sharp bot: each criminal walks the cheapest route (actions plus the
-- expected cost of failing what it fights) to its goal: loot lying in the building, else
-- the cheapest face-down tile to open; loot it carries goes to the crew's home exit (the
-- exit with loot lying on it), and once the loot there and carried is worth the target,
-- everyone gathers there. A face-down tile is scouted before it is stepped on.
--
-- It reads the question's kind and its options' ids and args (scripts/american_desperado/
-- questions.lua), never a prompt or a label; the board's shape from `setting.board` and
-- the heist's aims (target, exits) from `setting.aims`, so it plays any heist by its
-- declared aims. A kind it does not know is an error naming it.
--
-- Taking and dropping loot are free and offered again after each other: the bot decides
-- both by where the crew's home would be with the loot it carries lying on its space,
-- which neither a take nor a drop there changes, so it never undoes one in the same turn.
--
-- The crew's wins over seeds 0..199 (random crews: 0 of 200 each), before typed questions
-- and after: Tiny, 2 players, all sharp 34.0% and 33.5%; Medium, 1 player 12.5% and 12.0%;
-- Small, 1 player 36.5% and 34.5%; Medium, 4 players, seat 1 sharp 1.0% and 1.0%. On the
-- Back Door, a heist written after it (tests/it/american_desperado/sharp.rs: 5x4, loot
-- worth 4 out through E3 alone), 1 player: 15 of 40 (37.5%) against random crews' 0.
-- More in scripts/american_desperado/DECISIONS.md ("The sharp bot").

local map = require "american_desperado.bots.sharp.map"
local bot = require "lib.bot"

-- Options by id, and the best by a score (ties at random): lib.bot's.
local best, by_id = bot.best, bot.by_id

-- How much a goal is worth beyond its cost: loot to fetch outranks a tile to open.
local LOOT_GOAL = 6

---Option `i`'s argument `name` when it is a text (a cell, a criminal), else nil.
---@param q BotQuestion
---@param i integer
---@param name string
---@return string|nil
local function text(q, i, name)
  local v = q.args[i][name]
  return type(v) == "string" and v or nil
end

---Option `i`'s argument `name` when it is a whole number (every number this game's
---questions carry is), else nil.
---@param q BotQuestion
---@param i integer
---@param name string
---@return integer|nil
local function num(q, i, name)
  local v = q.args[i][name]
  if math.type(v) == "integer" then return v --[[@as integer]] end
  return nil
end


---The first option whose id is one of `ids` and whose args.cell is `key`, or nil.
---@param q BotQuestion
---@param key string
---@param ids table<string, true>
---@return integer|nil
local function option_at(q, key, ids)
  for i = 1, q.count do
    if ids[q.ids[i] or ""] and text(q, i, "cell") == key then return i end
  end
  return nil
end

---@param b american_desperado_sharp.Board
---@param id string
---@return sharp.Criminal|nil
local function criminal(b, id)
  for _, x in ipairs(b.crew) do
    if x.id == id then return x end
  end
  return nil
end

---The standing criminals.
---@param b american_desperado_sharp.Board
---@return sharp.Criminal[]
local function standing(b)
  local out = {}
  for _, x in ipairs(b.crew) do
    if not x.subdued then out[#out + 1] = x end
  end
  return out
end

---The cheapest exit from `cost`, or nil.
---@param b american_desperado_sharp.Board
---@param cost table<string, number>
---@return string|nil
local function nearest_exit(b, cost)
  local top, at = math.huge, nil
  for k, cell in pairs(b.cells) do
    if cell.exit and (cost[k] or math.huge) < top then top, at = cost[k], k end
  end
  return at
end

---The crew's home exit: the exit with the most loot lying on it, else the exit nearest to
---the criminal carrying the most, else nil. Every criminal works it out the same.
---@param b american_desperado_sharp.Board
---@return string|nil
local function home(b)
  local most, at = 0, nil ---@type integer, string|nil
  for k, cell in pairs(b.cells) do
    if cell.exit and (cell.loot > most or (cell.loot == most and at and cell.loot > 0 and k < at)) then
      most, at = cell.loot, k
    end
  end
  if at then return at end
  local rich = nil ---@type sharp.Criminal|nil
  for _, x in ipairs(standing(b)) do
    if x.carry > 0 and (rich == nil or x.carry > rich.carry or (x.carry == rich.carry and x.id < rich.id)) then
      rich = x
    end
  end
  if rich == nil then return nil end
  return nearest_exit(b, (map.routes(b, rich)))
end

---Whether `me` would drop its loot where it stands: there is the crew's home.
---@param b american_desperado_sharp.Board
---@param me sharp.Criminal
---@return boolean
local function drops_here(b, me)
  return home(b) == me.key
end

---Whether `me` would drop loot worth `value` again once it took it from its space: taking
---it is then no use (and the two free actions would undo each other for ever).
---@param b american_desperado_sharp.Board
---@param me sharp.Criminal
---@param value integer
---@return boolean
local function drops_after_taking(b, me, value)
  local here = b.cells[me.key]
  here.loot, me.carry = here.loot - value, me.carry + value
  local again = drops_here(b, me)
  here.loot, me.carry = here.loot + value, me.carry - value
  return again
end

---The loot the crew could get away with now: lying at home and carried by those standing.
---@param b american_desperado_sharp.Board
---@param at string|nil
---@return integer
local function secured(b, at)
  local v = at and b.cells[at].loot or 0
  for _, x in ipairs(standing(b)) do v = v + x.carry end
  return v
end

---Where `me` heads: home with loot, or when the crew has enough; else the best of loot to
---fetch and face-down tiles to open. Returns the goal's cell key and the routes.
---@param b american_desperado_sharp.Board
---@param me sharp.Criminal
---@param target integer
---@return string|nil goal
---@return table<string, number> cost
---@return table<string, string> first
local function plan(b, me, target)
  local cost, first = map.routes(b, me)
  local at = home(b)
  if me.carry > 0 or secured(b, at) >= target then
    return at or nearest_exit(b, cost), cost, first
  end
  local goal, top = nil, math.huge
  for k, cell in pairs(b.cells) do
    local d = cost[k]
    if d and k ~= me.key then
      local t = cell.tile
      local score = math.huge
      if cell.loot > 0 and not cell.exit and me.room > 0 then
        score = d - LOOT_GOAL
      elseif t and not t.hidden and not t.face_up and (t.props or {}).class == "loot" then
        score = d - LOOT_GOAL -- a vault we scouted
      elseif t and t.hidden then
        score = d
      end
      if score < top then goal, top = k, score end
    end
  end
  if me.room > 0 and b.cells[me.key].loot > 0 and not b.cells[me.key].exit then goal = me.key end
  return goal or at or nearest_exit(b, cost), cost, first
end

-- The ids of a step to the next space: a move, onto a face-down tile, a fight with an
-- obstacle, an attack on the police there.
local STEP = { move = true, step = true, fight = true, attack = true }
local SCOUT = { scout = true }
-- The options that spend no action.
local FREE = { take_loot = true, drop_loot = true, gift = true, end_turn = true }

---A criminal's turn: free loot moves first, then a step along the route to its goal.
---@param view View
---@param q BotQuestion
---@param data table
---@param setting BotSetting
---@return integer
local function turn(view, q, data, setting)
  local b = map.read(view, data, setting)
  local who, left = text(q, 1, "who"), num(q, 1, "left") or 0
  local me = criminal(b, who or "")
  if me == nil then error("sharp: a turn of '" .. tostring(who) .. "', who is not on the board") end
  local rest, stop = by_id(q, "rest"), by_id(q, "end_turn")
  -- Loot: dropped at home, taken anywhere else, but never where taking it would make this
  -- the home to drop it at: a drop is never followed by a take of the same loot, nor a
  -- take by a drop, so the free actions end.
  local drop, take = by_id(q, "drop_loot"), by_id(q, "take_loot")
  if drop and drops_here(b, me) then return drop end
  if take and not drops_here(b, me) and not drops_after_taking(b, me, num(q, take, "value") or 0) then
    return take
  end
  if rest then return rest end
  local trade = by_id(q, "trade_hostage")
  if trade then return trade end
  -- Return fire, or a unit on its own space.
  local owed = option_at(q, me.key, { attack = true })
  if owed then return owed end
  local goal, cost, first = plan(b, me, setting.aims.target or 0)
  local next = goal and first[goal]
  if next then
    local cell = b.cells[next]
    -- Look before stepping onto a tile nobody showed us, while an action is left to step.
    if cell.tile and cell.tile.hidden and left >= 2 then
      local scout = option_at(q, next, SCOUT) or by_id(q, "scout_any")
      if scout then return scout end
    end
    local step = option_at(q, next, STEP)
    if step then return step end
  end
  if stop then return stop end
  -- The turn may not end (a gift to use) and the route's step is not offered: the action
  -- that leads nearest the goal's side, else the first that spends one.
  return best(q, function(i)
    if FREE[q.ids[i] or ""] then return -math.huge end
    local k = text(q, i, "cell")
    return -((k and cost[k]) or 1000)
  end)
end

---Brains scouts the face-down tile the crew would open most cheaply.
---@param view View
---@param q BotQuestion
---@param data table
---@param setting BotSetting
---@return integer
local function cheapest_tile(view, q, data, setting)
  local b = map.read(view, data, setting)
  local low = {}
  for _, x in ipairs(standing(b)) do
    for k, d in pairs((map.routes(b, x))) do
      if d < (low[k] or math.huge) then low[k] = d end
    end
  end
  return best(q, function(i)
    local k = text(q, i, "cell")
    if k == nil then return -1000 end -- no casing: only when nothing else is offered
    return -(low[k] or 99)
  end)
end

---Who fights for a stack: the one whose ability counts against the unit, the least tired.
---@param view View
---@param q BotQuestion
---@param data table
---@param setting BotSetting
---@return integer
local function fighter(view, q, data, setting)
  local b = map.read(view, data, setting)
  return best(q, function(i)
    local x = criminal(b, text(q, i, "criminal") or "")
    local score = -(num(q, i, "fatigue") or 0)
    if x and x.against[text(q, i, "unit") or ""] then score = score + 10 end
    return score
  end)
end

---Where a criminal starts: an exit (the crew gathers at one), one at random.
---@param q BotQuestion
---@param setting BotSetting
---@return integer
local function start(q, setting)
  local exits = {}
  for _, i in ipairs(setting.aims.exits or {}) do exits[i] = true end
  return best(q, function(i) return exits[num(q, i, "entrance") or 0] and 1 or 0 end)
end

---@type table<string, fun(view: View, q: BotQuestion, data: table, setting: BotSetting): integer>
local ANSWER = {
  turn = turn,
  scout = cheapest_tile,
  casing = cheapest_tile,
  fighter = fighter,
  start = function(_, q, _, setting) return start(q, setting) end,
  reroll = function(_, q) return by_id(q, "reroll") or by_id(q, "keep") --[[@as integer]] end,
  -- The Thug lifts the fatigue of the most tired teammate.
  relief = function(_, q)
    return best(q, function(i) return num(q, i, "fatigue") or -1 end)
  end,
}

-- The evaluation (game.yaml `evaluate:`): the crew's chances as the work left to get away,
-- in actions' worth, each step costed as `map.step_cost` costs it (an action and what a
-- failure there is likely to cost): the loot still to find (face-down tiles to open until
-- enough vaults turn up), the loot found to bring home (the cheapest pieces first, each by
-- the way from the nearest criminal with room and on home), and every standing criminal's
-- way home; then scaled down by the threat (its guard level ends the heist: the less of it
-- is left, the likelier the work left uses it up) and a little by the criminals subdued.
-- It is called once a playout: a few shortest ways over the board, not a route per
-- criminal as `plan` makes.

-- The actions' worth of work that halves the crew's chances.
local HALF = 10
-- The threat's levels a piece of work of one action's worth is likely to raise.
local HEAT = 0.15
-- What opening one face-down tile costs, travel and risk included.
local OPEN = 3.5

---@class american_desperado_sharp.Graph
---@field nodes string[]        the board's cells, in the board's order
---@field index table<string, integer>
---@field near integer[][]      each cell's neighbours, by index
---@field enter number[]        what stepping onto each cell costs (math.huge: no way)

---The board as a graph of numbered cells, with what stepping onto each costs a criminal
---with no ability (`map.step_cost`: an action and what a failure there risks). Arrays,
---not `pairs`: the sandbox's `pairs` sorts the keys at every call.
---@param b american_desperado_sharp.Board
---@param nodes string[]
---@return american_desperado_sharp.Graph
local function graph(b, nodes)
  ---@diagnostic disable-next-line: missing-fields
  local nobody = { against = {}, diagonal = false, reroll = false } ---@type sharp.Criminal
  local g = { nodes = nodes, index = {}, near = {}, enter = {} }
  for i, k in ipairs(nodes) do g.index[k] = i end
  for i, k in ipairs(nodes) do
    local out = {}
    for _, n in ipairs(b.cells[k].next_to) do out[#out + 1] = g.index[n] end
    g.near[i], g.enter[i] = out, map.step_cost(b, nobody, b.cells[k])
  end
  return g
end

---The cost of the cheapest way from every cell (by index) to the nearest of `goals`,
---through face-down tiles too (at what opening them risks); math.huge: none.
---@param g american_desperado_sharp.Graph
---@param goals string[]
---@return number[]
local function ways(g, goals)
  local n, dist, done = #g.nodes, {}, {} ---@type integer, number[], boolean[]
  for i = 1, n do dist[i], done[i] = math.huge, false end
  for _, k in ipairs(goals) do dist[g.index[k]] = 0 end
  for _ = 1, n do
    -- Few cells (at most 80): a plain scan for the nearest open one.
    local at, low = 0, math.huge
    for i = 1, n do
      if not done[i] and dist[i] < low then at, low = i, dist[i] end
    end
    if at == 0 then break end
    done[at] = true
    -- A step from a neighbour onto `at` costs entering `at`.
    local d = low + g.enter[at]
    for _, j in ipairs(g.near[at]) do
      if d < dist[j] then dist[j] = d end
    end
  end
  return dist
end

-- What loot lying away from home, and loot carried at home, cost beyond their ways.
local UNTAKEN, UNDROPPED = 2.0, 0.9
-- A way the board does not give (shut in by lock-downs): this much.
local FAR = 40.0

---The work left to get away with the heist's target, in actions' worth (math.huge: the
---loot left in the game is not worth the target).
---@param b american_desperado_sharp.Board
---@param view View
---@param nodes string[]
---@param target integer
---@return number
local function work_left(b, view, nodes, target)
  local crew = standing(b)
  local g = graph(b, nodes)
  -- Home: the exit with the most loot on it, lying there or carried by those standing
  -- there (so that taking or dropping it there, both free, changes nothing).
  local held = {} ---@type table<string, integer>
  for _, x in ipairs(crew) do held[x.key] = (held[x.key] or 0) + x.carry end
  local most, at = 0, nil ---@type integer, string|nil
  local exits, hidden = {}, {} ---@type string[], string[]
  for _, k in ipairs(nodes) do
    local cell = b.cells[k]
    if cell.exit then
      exits[#exits + 1] = k
      local here = cell.loot + (held[k] or 0)
      if here > most then most, at = here, k end
    end
    if cell.tile and cell.tile.hidden then hidden[#hidden + 1] = k end
  end
  if at == nil then
    -- No loot on an exit: the exit nearest the criminal carrying the most (as `home`), so
    -- that his stepping onto another exit does not move home.
    local rich = nil ---@type sharp.Criminal|nil
    for _, x in ipairs(crew) do
      if x.carry > 0 and (rich == nil or x.carry > rich.carry) then rich = x end
    end
    if rich then
      local from, low = ways(g, { rich.key }), math.huge
      for _, k in ipairs(exits) do
        if from[g.index[k]] < low then at, low = k, from[g.index[k]] end
      end
    end
  end
  local home_way = ways(g, at and { at } or exits)
  ---@param k string
  ---@return number
  local function going_home(k) return math.min(home_way[g.index[k]], FAR) end
  -- The loot the crew may get away with: each piece's value and the work to get it home.
  -- Taking and dropping are free and may follow each other for ever: loot is worth more
  -- carried than lying away from home, and lying at home than carried there, so that the
  -- search is drawn to one of each pair and does not go back and forth between them.
  local pieces = {} ---@type {value: number, cost: number}[]
  for _, x in ipairs(crew) do
    if x.carry > 0 then
      local cost = UNDROPPED
      if x.key ~= at then cost = going_home(x.key) end
      pieces[#pieces + 1] = { value = x.carry, cost = cost }
    end
  end
  -- Loot lying about, piece by piece: a criminal carries as many pieces as he has room
  -- for, so the pieces of one space go to the nearest criminals with room, one each, or
  -- wait for one to come back from home.
  local seen = view.board or {}
  for _, k in ipairs(nodes) do
    local values = {} ---@type number[]
    for _, o in ipairs((((seen[k] or {}).ground or {}).objects) or {}) do
      local v = (o.props or {}).value
      if type(v) == "number" and v > 0 then values[#values + 1] = v end
    end
    local t = b.cells[k].tile
    local vault = t and not t.hidden and not t.face_up and (t.props or {}).class == "loot"
    if vault then
      -- A vault someone scouted: its piece's value is in its name (loot_2g: 2).
      values[#values + 1] = tonumber(tostring((t --[[@as ObjectView]]).props.piece or ""):match("%d+")) or 1
    end
    if #values > 0 then
      table.sort(values, function(x, y) return x > y end)
      local to_it, hands = nil, {} ---@type number[]|nil, number[]
      if k ~= at then
        to_it = ways(g, { k })
        for _, x in ipairs(crew) do
          for _ = 1, math.max(x.room, 0) do hands[#hands + 1] = to_it[g.index[x.key]] end
        end
        table.sort(hands)
      end
      local back = 2 * going_home(k)
      for i, v in ipairs(values) do
        local cost = 0.0
        if to_it then
          local fetch = math.min(hands[i] or FAR, (hands[1] or back) + back * (i - 1))
          cost = math.min(fetch, FAR) + UNTAKEN + going_home(k) + (vault and OPEN or 0)
        end
        pieces[#pieces + 1] = { value = v, cost = cost }
      end
    end
  end
  table.sort(pieces, function(x, y) return x.cost * y.value < y.cost * x.value end)
  local got, work = 0.0, 0.0
  for _, p in ipairs(pieces) do
    if got >= target then break end
    got, work = got + p.value, work + p.cost
  end
  if got < target then
    -- The loot beside the board is what the face-down tiles still hide: open tiles until
    -- enough of it turns up (k vaults of v among h tiles: k(h+1)/(v+1) tiles on average).
    local side = (((view.zones or {}).loot_side or {}).objects) or {}
    local values = {} ---@type number[]
    for _, o in ipairs(side) do values[#values + 1] = (o.props or {}).value or 0 end
    table.sort(values, function(x, y) return x > y end)
    local k = 0
    for _, v in ipairs(values) do
      if got >= target then break end
      got, k = got + v, k + 1
    end
    if got < target then return math.huge end
    work = work + OPEN * k * (math.max(#hidden, k) + 1) / (#values + 1)
    -- The crew's hands go to the face-down tiles: the nearest criminal's way to one, and
    -- a little of everyone's.
    local to_tiles, near = ways(g, hidden), FAR
    for _, x in ipairs(crew) do
      local d = math.min(to_tiles[g.index[x.key]], FAR)
      near = math.min(near, d)
      work = work + 0.2 * d
    end
    work = work + near
  else
    -- Enough loot is found: everyone gathers at home.
    for _, x in ipairs(crew) do
      if x.carry == 0 then work = work + 0.5 * going_home(x.key) end
    end
  end
  -- A police unit next to a criminal is a fight to come.
  for _, x in ipairs(crew) do
    for _, n in ipairs(b.cells[x.key].next_to) do
      if #b.cells[n].police > 0 then work = work + 2 end
    end
  end
  return work
end

---The crew's chances, from 0 (lost) to 1 (away with the loot), as `view` shows the heist.
---@param view View
---@param data table
---@param setting BotSetting
---@return number
local function evaluate(view, data, setting)
  local b = map.read(view, data, setting)
  -- Before the crew takes its entrances: the heist as it starts.
  if #b.crew == 0 then return 0.2 end
  local up = #standing(b)
  if up == 0 then return 0 end
  local work = work_left(b, view, setting.board.nodes, setting.aims.target or 0)
  if work == math.huge then return 0.01 end
  local track = (data.tracks or {})[setting.aims.track or ""] or {}
  local margin = (track.guard or 12) - b.threat
  if margin <= 0 then return 0 end
  local v = HALF / (HALF + work) * margin / (margin + HEAT * work) * (0.8 + 0.2 * up / #b.crew)
  return math.max(0, math.min(1, 0.02 + 0.96 * v))
end

---@class american_desperado_sharp.Bot: Bot
---@field evaluate fun(view: View, seat: integer, data: table, setting: BotSetting): number

---@type american_desperado_sharp.Bot
return {
  about = "Opens the cheapest tiles, scouts before stepping, brings the loot to an exit and gathers there",
  pick = function(view, q, data, setting)
    local answer = ANSWER[q.kind or ""]
    if answer == nil or q.multi then error("sharp: no answer for a '" .. tostring(q.kind) .. "' question") end
    return answer(view, q, data, setting)
  end,
  -- The crew wins or loses together: every seat's chances are the crew's.
  evaluate = function(view, _, data, setting) return evaluate(view, data, setting) end,
}
