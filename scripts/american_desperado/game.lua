-- American Desperado: what every module reads of the board, in one place. The engine owns
-- the state (zones per cell, counters per object); this module only names it: cells and
-- their zones, the crew and the police, tiles and loot, and the end of the game.
--
-- Cells are the grid board's integers (posse.cell). A grid cell holds its tile in zone
-- `tile` (face down until revealed), its pieces in `at` (criminals and police), loot lying
-- there and hostage tokens in `ground`, and lock-down markers in `lockdown`.
--
-- Three rules keep the engine's state and this module's copies of it alike, so the hottest
-- reads (where a piece stands, who is subdued) cross into the engine not at all: every
-- piece moves by `M.put`, every criminal is subdued or freed by `M.set_subdued`, and
-- whatever turns a tile or moves a lock-down marker calls `M.board_changed` (the police
-- keep their passable spaces while the board's epoch stays). Arranging a position by hand
-- (the rule tests) follows them too.

local posse = require "posse"
local cards = require "lib.cards"

---@class american_desperado.game
local M = {}

local D = posse.data --[[@as american_desperado.Data]]
---The game's data (read-only: `posse.data`), as every module reads it: `game.data`.
M.data = D

local GRID = posse.grid() --[[@as GridInfo]]
M.cols, M.rows = GRID.cols, GRID.rows

------------------------------------------------------------------------ cells

---The cell at column `c`, row `r` (nil off the board).
---@param c integer
---@param r integer
---@return Cell|nil
function M.cell(c, r) return posse.cell(c, r) end

---A cell as the players read it: "(c,r)".
---@param cell Cell
---@return string
function M.where(cell)
  local c, r = posse.coords(cell)
  return ("(%d,%d)"):format(c, r)
end

---A cell as the board names it (and questions' args): "c,r".
---@param cell Cell
---@return string
function M.key(cell)
  local c, r = posse.coords(cell)
  return c .. "," .. r
end

-- Zone handles by cell, each asked the first time a game needs it (most games never look
-- at most spaces), and which cells are inside the building.
---@type table<Cell, Zone>, table<Cell, Zone>, table<Cell, Zone>, table<Cell, Zone>
local TILE, AT, GROUND, LOCKS = {}, {}, {}, {}
-- The cell of each `at` zone asked so far (every `at` zone a piece is put in comes from
-- M.at_zone).
---@type table<Zone, Cell>
local CELL_OF = {}
---@type table<Cell, boolean>
local INSIDE = {}
---@type Cell[]
local CELLS = {}
do
  local ring = {}
  for _, cell in ipairs(posse.grid_ring()) do ring[cell] = true end
  for cell = 1, GRID.cells do
    CELLS[cell] = cell
    INSIDE[cell] = not ring[cell]
  end
end
M.cells = CELLS
-- The building's tiles and the street, each a list of cells.
---@type Cell[], Cell[]
M.tiles, M.street = {}, {}
for cell = 1, GRID.cells do
  local list = INSIDE[cell] and M.tiles or M.street
  list[#list + 1] = cell
end

---The handle of cell `cell`'s zone `name`, asked of the engine and kept in `cache`.
---@param cache table<Cell, Zone>
---@param name string
---@param cell Cell
---@return Zone
local function asked(cache, name, cell)
  local z = posse.zone(name, cell)
  cache[cell] = z
  return z
end

---@param cell Cell
---@return Zone
function M.at_zone(cell)
  local z = AT[cell]
  if z == nil then
    z = asked(AT, "at", cell)
    CELL_OF[z] = cell
  end
  return z
end

---@param cell Cell
---@return Zone
function M.ground(cell) return GROUND[cell] or asked(GROUND, "ground", cell) end

---@param cell Cell
---@return Zone
function M.locks(cell) return LOCKS[cell] or asked(LOCKS, "lockdown", cell) end

---@param cell Cell
---@return Zone
function M.tile_zone(cell) return TILE[cell] or asked(TILE, "tile", cell) end

---Whether `cell` is a grid tile (not the street).
---@param cell Cell
---@return boolean
function M.inside(cell) return INSIDE[cell] == true end

---The tile of a cell (a grid cell's, an entrance's), or nil.
---@param cell Cell
---@return Obj|nil
function M.tile(cell) return posse.at(TILE[cell] or M.tile_zone(cell)) end


-- Where each piece (criminal, police unit) stands, mirrored here: pieces move only by
-- `M.put`, so POS[piece] is always CELL_OF[posse.zone_of(piece)] (every piece starts the
-- game off the board, and this module runs again for every game). Reading the mirror
-- saves a call into the engine on the hottest reads of the police's steps.
---@type table<Obj, Cell|nil>
local POS = {}
-- Which objects are criminals (set below), and the crew's epoch (M.crew_epoch).
---@type table<Obj, boolean>
local IS_CREW = {}
local CREW_EPOCH = 0

---The cell a piece (criminal, police unit) stands on, or nil off the board.
---@param piece Obj
---@return Cell|nil
function M.cell_of(piece) return POS[piece] end

---Moves a piece (criminal, police unit) to `zone` (`at`: its bottom, as posse.move); every
---move of a piece goes through here (see POS).
---@param piece Obj
---@param zone Zone
---@param at "top"|"bottom"|nil
function M.put(piece, zone, at)
  posse.move(piece, zone, at)
  POS[piece] = CELL_OF[zone]
  if IS_CREW[piece] then CREW_EPOCH = CREW_EPOCH + 1 end
end

---A number that changes whenever a criminal moves or is subdued or stands up again (by
---`M.put`, `M.set_subdued`): what depends on the crew alone (the police's targets) is
---the same while it is.
---@return integer
function M.crew_epoch() return CREW_EPOCH end

-- The board's epoch: a number that changes whenever a tile may have turned face up or a
-- lock-down marker moved (`M.board_changed`, which every such change calls: the deal,
-- the entrance tiles, a tile revealed, a lock-down laid or lifted). What depends on the
-- tiles' faces and the markers alone (the police's passable spaces) is the same while
-- it is.
local BOARD_EPOCH = 0

---The board's epoch (see BOARD_EPOCH).
---@return integer
function M.board_epoch() return BOARD_EPOCH end

---Notes that a tile may have turned or a lock-down marker moved.
function M.board_changed() BOARD_EPOCH = BOARD_EPOCH + 1 end

---Whether a grid cell's tile is revealed.
---@param cell Cell
---@return boolean
function M.revealed(cell)
  local t = M.tile(cell)
  return t ~= nil and posse.face_up(t)
end

---Whether a grid cell is locked down (AD-R19): a marker of an undefeated lock lies on it.
---@param cell Cell
---@return boolean
function M.locked(cell) return posse.count(LOCKS[cell] or M.locks(cell)) > 0 end

---The revealed obstacle on `cell` that still stands, or nil (loot tiles and cleared
---obstacles are floor).
---@param cell Cell
---@return Obj|nil
function M.obstacle(cell)
  local t = M.tile(cell)
  if t == nil or not posse.face_up(t) then return nil end
  return M.standing(t)
end

---Tile `t`, face up, if it is an obstacle that still stands (as M.obstacle of its cell).
---@param t Obj
---@return Obj|nil
function M.standing(t)
  if posse.obj_get(t, "cleared") > 0 then return nil end
  local class = M.props(t).class
  if class == "loot" or class == "entrance" then return nil end
  return t
end

------------------------------------------------------------------------ the crew

-- Each object's props, asked once a game (a definition never changes: lib.cards keeps
-- it as this does).
---@type table<Obj, table>
local PROPS = {}

---@param obj Obj
---@return table
function M.props(obj)
  local p = PROPS[obj]
  if p == nil then
    p = cards.def(obj).props
    PROPS[obj] = p
  end
  return p
end

---@param obj Obj
---@return string
function M.name(obj) return cards.name(obj) end

-- The criminals in turn order (data.crew), and the police.
---@type Obj[]
local CREW = {}
for _, o in ipairs(posse.contents(posse.zone("crew"))) do
  CREW[#CREW + 1] = o
  IS_CREW[o] = true
end
do
  local order, rank = {}, {}
  for i, id in ipairs(D.crew) do order[id] = i end
  for _, c in ipairs(CREW) do rank[c] = order[posse.def_id(c)] or 99 end
  table.sort(CREW, function(a, b) return rank[a] < rank[b] end)
end
---@type Obj[]
local POLICE = posse.contents(posse.zone("police"))
table.sort(POLICE, function(a, b) return a < b end)

-- Which criminals play (data.crew, in order); the others stay out of the game.
---@type Obj[]
local PLAYING = {}
do
  local wanted = {}
  for _, id in ipairs(D.crew) do wanted[id] = true end
  for _, c in ipairs(CREW) do
    if wanted[posse.def_id(c)] then PLAYING[#PLAYING + 1] = c end
  end
end

---The criminals that play, in turn order (C1..Cn).
---@return Obj[]
function M.crew() return PLAYING end

---Every police unit, in handle order.
---@return Obj[]
function M.police() return POLICE end

---The criminal whose definition is `id` (brains, thug, engineer, shadow), or nil.
---@param id string
---@return Obj|nil
function M.criminal(id)
  for _, c in ipairs(PLAYING) do
    if posse.def_id(c) == id then return c end
  end
  return nil
end

-- Each criminal's seat once read (the counter `seat` is set only by M.set_seat).
---@type table<Obj, Seat>
local SEAT = {}

---The seat that plays criminal `c`.
---@param c Obj
---@return Seat
function M.seat(c)
  local s = SEAT[c]
  if s == nil then
    s = posse.obj_get(c, "seat")
    SEAT[c] = s
  end
  return s
end

---Gives criminal `c` to `seat` (the set-up): its counter `seat`.
---@param c Obj
---@param seat Seat
function M.set_seat(c, seat)
  posse.obj_set(c, "seat", seat)
  SEAT[c] = seat
end

-- The criminals subdued, mirrored here: the counter `subdued` is set only by
-- `M.set_subdued` (every criminal starts the game standing).
---@type table<Obj, boolean>
local SUBDUED = {}

---Whether criminal `c` is subdued (AD-R40).
---@param c Obj
---@return boolean
function M.subdued(c) return SUBDUED[c] == true end

---Subdues criminal `c` (true) or stands it up again (false): its counter `subdued`.
---@param c Obj
---@param on boolean
function M.set_subdued(c, on)
  posse.obj_set(c, "subdued", on and 1 or 0)
  SUBDUED[c] = on or nil
  CREW_EPOCH = CREW_EPOCH + 1
end

---Compares the mirrors (where each piece stands, who is subdued) with the engine, and
---fails the game, naming what is out of step, when they differ: a piece moved or a
---criminal subdued behind `M.put` and `M.set_subdued` (content that moves pieces by
---`posse.move`, say) shows in every batch and `posse check` instead of playing on with
---wrong positions. main.lua calls it at the end of every game, police.verify beside it.
function M.verify()
  -- The `at` zones that hold anything: every piece on the board is in one of them.
  local on_board = {}
  for cell in pairs(posse.nodes_holding("at")) do on_board[M.at_zone(cell)] = cell end
  ---@param list Obj[]
  local function pieces(list)
    for _, p in ipairs(list) do
      local cell = on_board[posse.zone_of(p)]
      if POS[p] ~= cell then
        error(("american_desperado mirror out of step: %s stands on %s, the engine says %s (pieces move by game.put)")
          :format(posse.def_id(p), POS[p] and M.where(POS[p]) or "no cell", cell and M.where(cell) or "no cell"), 2)
      end
    end
  end
  pieces(PLAYING)
  pieces(POLICE)
  for _, c in ipairs(PLAYING) do
    if (SUBDUED[c] == true) ~= (posse.obj_get(c, "subdued") > 0) then
      error(("american_desperado mirror out of step: %s subdued is %s, the engine says otherwise (game.set_subdued)")
        :format(posse.def_id(c), tostring(SUBDUED[c] == true)), 2)
    end
  end
end

---The criminals standing (not subdued) on `cell`, in turn order.
---@param cell Cell
---@return Obj[]
function M.standing_on(cell)
  local out = {}
  for i = 1, #PLAYING do
    local c = PLAYING[i]
    if POS[c] == cell and not SUBDUED[c] then out[#out + 1] = c end
  end
  return out
end

---Whether a criminal stands (not subdued) on `cell` (`#M.standing_on(cell) > 0`).
---@param cell Cell
---@return boolean
function M.anyone_on(cell)
  for i = 1, #PLAYING do
    local c = PLAYING[i]
    if POS[c] == cell and not SUBDUED[c] then return true end
  end
  return false
end

---The police units on `cell`, in handle order.
---@param cell Cell
---@return Obj[]
function M.police_on(cell)
  local out = {}
  for _, o in ipairs(POLICE) do
    if POS[o] == cell then out[#out + 1] = o end
  end
  return out
end

---The police units on the board by cell, each cell's in handle order (as `M.police_on`);
---a cell with none is left out.
---@return table<Cell, Obj[]>
function M.police_by_cell()
  local out = {}
  for i = 1, #POLICE do
    local o = POLICE[i]
    local cell = POS[o]
    if cell then
      local list = out[cell]
      if list == nil then
        out[cell] = { o }
      else
        list[#list + 1] = o
      end
    end
  end
  return out
end

---The police units on the board, in the order they move (§5.11): the patrols, then the
---specialists in the order they arrived (the `at` zones know no order, so each unit's
---`fresh` counter keeps an arrival number: see police.lua).
---@return Obj[]
function M.on_board()
  local out = {}
  for i = 1, #POLICE do
    local o = POLICE[i]
    if POS[o] then out[#out + 1] = o end
  end
  return out
end

---The loot `c` carries, and its value.
---@param c Obj
---@return Obj[], integer
function M.carried(c)
  local list, value = posse.contents(posse.zone("carry", c)), 0
  for _, l in ipairs(list) do value = value + M.props(l).value end
  return list, value
end

---How much more loot `c` may carry.
---@param c Obj
---@return integer
function M.room(c) return M.props(c).carry - posse.count(posse.zone("carry", c)) end

---The loot lying on `cell`, and its value.
---@param cell Cell
---@return Obj[], integer
function M.loot_on(cell)
  local list, value = {}, 0
  for _, o in ipairs(posse.contents(GROUND[cell] or M.ground(cell))) do
    local v = M.props(o).value ---@type integer|nil
    if v then
      list[#list + 1] = o
      value = value + v
    end
  end
  return list, value
end

---The hostage tokens on `cell`.
---@param cell Cell
---@return Obj[]
function M.hostages_on(cell)
  local out = {}
  for _, o in ipairs(posse.contents(GROUND[cell] or M.ground(cell))) do
    if posse.def_id(o) == "hostage" then out[#out + 1] = o end
  end
  return out
end

------------------------------------------------------------------------ entrances

-- The entrances E1..En: the links, in the ring's clockwise order (§5.2 numbering).
---@type Cell[], Cell[]
local ENTRANCE, INWARD = {}, {}
for i, l in ipairs(posse.grid_links()) do ENTRANCE[i], INWARD[i] = l[1], l[2] end
M.entrances = ENTRANCE
-- The number of the entrance at each cell (the first, should two links share a cell).
---@type table<Cell, integer>
local ENTRANCE_NO = {}
for i = #ENTRANCE, 1, -1 do ENTRANCE_NO[ENTRANCE[i]] = i end

-- The heist's aims (data.aims): the crew gets away through the exits, the entrances whose
-- numbers `aims.exits` lists.
---@type table<Cell, boolean>
local EXIT = {}
for _, i in ipairs(D.aims.exits) do
  local e = ENTRANCE[i]
  if e == nil then
    error(("data.aims.exits: no entrance E%d in the %s heist (it has %d)"):format(i, D.heist_name, #ENTRANCE))
  end
  EXIT[e] = true
end

---Whether `cell` is an exit of the heist (data.aims.exits).
---@param cell Cell
---@return boolean
function M.exit(cell) return EXIT[cell] == true end

---The number of the entrance at `cell` (1..n), or nil.
---@param cell Cell
---@return integer|nil
function M.entrance_no(cell) return ENTRANCE_NO[cell] end

---The grid tile an entrance leads to.
---@param i integer
---@return Cell
function M.inward(i) return INWARD[i] end

---The sides of the building a ring cell lies on (a corner: two), as a set of
---"front", "right", "rear", "left".
---@param cell Cell
---@return table<string, boolean>
function M.sides(cell)
  local c, r = posse.coords(cell)
  local s = {}
  if r == -1 then s.front = true end
  if r == M.rows then s.rear = true end
  if c == -1 then s.left = true end
  if c == M.cols then s.right = true end
  return s
end

------------------------------------------------------------------------ log, end

---A public log line; `event` and `at` mark it for the designer's heat map (`fight` or
---`fall` at a board place: docs/authoring.md, "Marks"); a mark changes nothing in play.
---@param text string
---@param event? string
---@param at? string
function M.log(text, event, at)
  if event and at then posse.log(text, nil, { mark = event, at = at }) else posse.log(text) end
end

-- The outcome, once decided.
---@type {won: boolean, reason: string}|nil
local OUTCOME = nil

---Decides the game: the crew won (true) or lost, for `reason`. What is under way stops
---at its next `over()` (the police's steps, an action's rest) and the game ends at the
---round's next check (main.lua, by `lib.ending`).
---@param won boolean
---@param reason string
function M.decide(won, reason)
  if OUTCOME == nil then OUTCOME = { won = won, reason = reason } end
end

---Whether the game is decided.
---@return boolean
function M.over() return OUTCOME ~= nil end

---The result for the engine.
---@return Result
function M.result()
  local o = OUTCOME or { won = false, reason = "no result" }
  return { won = o.won, reason = o.reason }
end

---Checks the end (§5.13): every criminal subdued loses at once; the crew wins when every
---standing criminal is on one exit (data.aims.exits) with loot (carried, or lying there)
---worth the target (data.aims.target). Returns whether the game is over.
---@return boolean
function M.check_end()
  if OUTCOME then return true end
  -- The first criminal standing: none, the crew lost; off an exit, or with a criminal
  -- elsewhere, nothing is decided (asked before the loot is counted: a few calls saved).
  ---@type Obj|nil
  local first = nil
  for i = 1, #PLAYING do
    if not SUBDUED[PLAYING[i]] then
      first = PLAYING[i]
      break
    end
  end
  if first == nil then
    M.decide(false, "every criminal is subdued")
    return true
  end
  local cell = POS[first]
  if cell == nil or not EXIT[cell] then return false end
  local standing = {}
  for _, c in ipairs(PLAYING) do
    if not SUBDUED[c] then
      if POS[c] ~= cell then return false end
      standing[#standing + 1] = c
    end
  end
  local _, value = M.loot_on(cell)
  for _, c in ipairs(standing) do
    local _, v = M.carried(c)
    value = value + v
  end
  if value >= D.aims.target then
    M.decide(true, ("the crew gets away through E%d with loot worth %d of the %d needed"):format(ENTRANCE_NO[cell], value,
      D.aims.target))
    return true
  end
  return false
end

return M
