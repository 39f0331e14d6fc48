-- The police, whom the game plays (§5.10, §5.11): deployment by the black die with the
-- street rule, the movement step after every criminal's slot (patrols along the ring, then
-- the trail of revealed tiles, then hunting; SWAT, FBI and the Heavy after the nearest
-- criminal or hostage), the camera's extra step, and the reinforcement step. Every choice
-- among equally short steps goes through `better`, so the same position always gives the
-- same moves. Distances are the engine's (posse.grid_distances), kept while what they
-- depend on stays (the passable spaces, the crew): a few calls a movement step.

local posse = require "posse"
local game = require "american_desperado.game"
local combat = require "american_desperado.combat"
local threat = require "american_desperado.threat"

---@class american_desperado.police
local M = {}

local name = game.name
local RING, TRAIL, HUNT = 0, 1, 2
-- Headings: 1 N, 2 E, 3 S, 4 W (N is the front, row - 1).
---@type integer[], integer[]
local DC, DR = { 0, 1, 0, -1 }, { -1, 0, 1, 0 }

------------------------------------------------------------------------ the board as the police see it

-- The last passable() and the board's epoch it was made at.
---@type table<Cell, boolean>|nil, integer|nil
local PASS, PASS_EPOCH = nil, nil

-- §5.11 npc_passable: the street, and revealed tiles not locked down (two calls into
-- the engine for the whole board), kept while the board's epoch stays (game.board_epoch:
-- it depends on the tiles' faces and the lock-down markers alone). Read it, never
-- change it.
---@return table<Cell, boolean>
local function passable()
  local epoch = game.board_epoch()
  if PASS ~= nil and PASS_EPOCH == epoch then return PASS end
  local out = posse.nodes_holding("tile", true)
  local locked = posse.nodes_holding("lockdown")
  if next(locked) ~= nil then
    for _, cell in ipairs(game.tiles) do
      if locked[cell] then out[cell] = nil end
    end
  end
  for _, cell in ipairs(game.street) do out[cell] = true end
  PASS, PASS_EPOCH = out, epoch
  return out
end

---Compares the passable spaces kept for the board's epoch with the board now, and fails
---the game when they differ: a tile turned or a lock-down marker moved without
---`game.board_changed` (see main.lua, which calls it at the end of every game).
function M.verify()
  if PASS == nil or PASS_EPOCH ~= game.board_epoch() then return end
  local kept = PASS
  PASS = nil
  local now = passable()
  for cell = 1, #game.cells do
    if (kept[cell] == true) ~= (now[cell] == true) then
      error(("american_desperado mirror out of step: %s passable is %s, the board says otherwise (game.board_changed)")
        :format(game.where(cell), tostring(kept[cell] == true)), 2)
    end
  end
end

-- Distance fields the police read, kept while they cannot change: every field is the
-- engine's `posse.grid_distances` over `pass` (passable(): one table while the board's
-- epoch stays, and no step of the police reveals or locks anything), so a field of one
-- target cell is good while `pass` is; the field of the standing criminals is good
-- while the crew's epoch (game.crew_epoch: a criminal moved, subdued or freed) stays too.
---@type table<Cell, boolean>|nil
local FIELDS_PASS = nil
---@type table<boolean, table<Cell, Field>>
local CELL_FIELDS = { [false] = {}, [true] = {} }
---@type table<boolean, {epoch: integer, field: Field}|false>
local CREW_FIELDS = { [false] = false, [true] = false }

-- Forgets the fields kept when `pass` is not the board they were made over.
---@param pass table<Cell, boolean>
local function fields_over(pass)
  if FIELDS_PASS ~= pass then
    FIELDS_PASS = pass
    CELL_FIELDS = { [false] = {}, [true] = {} }
    CREW_FIELDS = { [false] = false, [true] = false }
  end
end

---The distances to `cell` over `pass` (as posse.grid_distances(cell, {only = pass,
---diagonal = diagonal})).
---@param cell Cell
---@param pass table<Cell, boolean>
---@param diagonal boolean
---@return Field
local function field_to(cell, pass, diagonal)
  fields_over(pass)
  local by = CELL_FIELDS[diagonal]
  local f = by[cell]
  if f == nil then
    f = posse.grid_distances(cell, { only = pass, diagonal = diagonal })
    by[cell] = f
  end
  return f
end

-- The last targets() and the crew's epoch they were listed at.
---@type Obj[], Cell[], integer|nil
local TARGETS_CREW, TARGETS_CELLS, TARGETS_EPOCH = {}, {}, nil

---The criminals standing (targets), with their cells. The lists are kept while the
---crew's epoch stays (they depend on the crew alone): read them, never change them.
---@return Obj[], Cell[]
local function targets()
  local epoch = game.crew_epoch()
  if TARGETS_EPOCH == epoch then return TARGETS_CREW, TARGETS_CELLS end
  local crew, cells = {}, {}
  for _, c in ipairs(game.crew()) do
    local cell = game.cell_of(c)
    if cell and not game.subdued(c) then
      crew[#crew + 1] = c
      cells[#cells + 1] = cell
    end
  end
  TARGETS_CREW, TARGETS_CELLS, TARGETS_EPOCH = crew, cells, epoch
  return crew, cells
end

-- A criminal's place in the crew (the "seat number" of the tie-breaks).
---@param c Obj
---@return integer
local function order(c)
  for i, x in ipairs(game.crew()) do
    if x == c then return i end
  end
  return 99
end

---The distances to the standing criminals' cells `cells` (targets()) over `pass`.
---@param cells Cell[]
---@param pass table<Cell, boolean>
---@param diagonal boolean
---@return Field
local function crew_field(cells, pass, diagonal)
  fields_over(pass)
  local epoch = game.crew_epoch()
  local kept = CREW_FIELDS[diagonal]
  if kept and kept.epoch == epoch then return kept.field end
  local f = posse.grid_distances(cells, { only = pass, diagonal = diagonal })
  CREW_FIELDS[diagonal] = { epoch = epoch, field = f }
  return f
end

---@param c Obj
---@return integer
local function loot_value(c)
  local _, v = game.carried(c)
  return v
end

------------------------------------------------------------------------ moving and fighting

---Puts `unit` on `cell`; when criminals stand there, it attacks (NPC aggressor). Returns
---whether it met criminals.
---@param unit Obj
---@param cell Cell
---@return boolean
local function enter(unit, cell)
  game.put(unit, game.at_zone(cell))
  if not game.anyone_on(cell) then return false end
  combat.npc_attacks(unit, cell)
  return true
end

---Whether `unit` shares its space with a standing criminal (engaged: it does not move).
---@param unit Obj
---@return boolean
local function engaged(unit)
  local cell = game.cell_of(unit)
  return cell ~= nil and game.anyone_on(cell)
end

-- The tie-breaks of §5.11 between candidate first steps (already in direction order, so a
-- stable choice of the first best keeps tie-break (4)). `key(n)` gives a list compared
-- item by item, greater first.
---@param cands Cell[]
---@param key fun(n: Cell): number[]
---@return Cell|nil
local function better(cands, key)
  ---@type Cell|nil, number[]|nil
  local best, best_key = nil, nil
  for _, n in ipairs(cands) do
    local k = key(n)
    local wins = best_key == nil
    if best_key ~= nil then
      for i = 1, #k do
        if k[i] ~= best_key[i] then
          wins = k[i] > best_key[i]
          break
        end
      end
    end
    if wins then best, best_key = n, k end
  end
  return best
end

-- The criminal a step to `n` heads for: the nearest from `n` (of the given fields), the
-- most loot, then the lowest in the crew. Returns its loot value and order, or 0, 99.
---@param n Cell
---@param crew Obj[]
---@param fields table[]
---@return integer, integer
local function targeted(n, crew, fields)
  local best_d, value, ord = math.huge, 0, 99
  for i, c in ipairs(crew) do
    local d = fields[i][n]
    if d then
      local v, o = loot_value(c), order(c)
      if d < best_d or (d == best_d and (v > value or (v == value and o < ord))) then
        best_d, value, ord = d, v, o
      end
    end
  end
  return value, ord
end

-- The street fallback of a hunter with nothing to chase (§5.11): towards the nearest
-- entrance whose inward tile is revealed; with none, clockwise along the ring (a unit
-- inside the building with nowhere to go stays).
---@param unit Obj
---@param pos Cell
---@param pass table<Cell, boolean>
---@param diagonal boolean
---@return Cell|nil
local function fallback(unit, pos, pass, diagonal)
  local doors = {}
  for i, e in ipairs(game.entrances) do
    if game.revealed(game.inward(i)) then doors[#doors + 1] = e end
  end
  if #doors > 0 then
    local step = posse.grid_step(posse.grid_distances(doors, { only = pass, diagonal = diagonal }), pos, diagonal)
    if step then return step end
    for _, e in ipairs(doors) do
      if e == pos then return nil end
    end
  end
  if posse.on_ring(pos) then return posse.grid_clockwise(pos) end
  game.log(name(unit) .. " holds its position.")
  return nil
end

------------------------------------------------------------------------ the four kinds

-- One step of a patrol (§5.11 PATROL).
---@param p Obj
---@param pass table<Cell, boolean>
local function patrol_step(p, pass)
  local pos = game.cell_of(p) --[[@as Cell]]
  if threat.alarm() then posse.obj_set(p, "mode", HUNT) end
  local mode = posse.obj_get(p, "mode")
  if mode == RING then
    local e = game.entrance_no(pos)
    local inward = e and game.inward(e)
    if inward and game.revealed(inward) and not game.locked(inward) then
      posse.obj_set(p, "mode", TRAIL)
      posse.obj_set(p, "visited", M.bit(inward))
      local ic, ir = posse.coords(inward)
      local pc, pr = posse.coords(pos)
      for h = 1, 4 do
        if DC[h] == ic - pc and DR[h] == ir - pr then posse.obj_set(p, "heading", h) end
      end
      enter(p, inward)
    else
      enter(p, posse.grid_clockwise(pos))
    end
    return
  end
  if mode == TRAIL then
    local visited = posse.obj_get(p, "visited")
    ---@type Cell[]
    local cands = {}
    for _, n in ipairs(posse.grid_neighbours(pos, false)) do
      if game.inside(n) and game.revealed(n) and not game.locked(n) and visited & M.bit(n) == 0 then
        cands[#cands + 1] = n
      end
    end
    ---@type Cell|nil
    local pick
    for _, n in ipairs(cands) do
      if pick == nil and game.anyone_on(n) then pick = n end
    end
    if pick == nil and #cands > 0 then
      -- Straight, then a right (clockwise) turn, then left.
      local h = posse.obj_get(p, "heading")
      local pc, pr = posse.coords(pos)
      for _, turn in ipairs({ h, h % 4 + 1, (h + 2) % 4 + 1 }) do
        local n = posse.cell(pc + (DC[turn] or 0), pr + (DR[turn] or 0))
        for _, x in ipairs(cands) do
          if pick == nil and x == n then pick, h = n, turn end
        end
      end
      posse.obj_set(p, "heading", h)
    end
    if pick == nil then
      game.log(name(p) .. " reaches a dead end.")
      posse.obj_set(p, "mode", HUNT)
      threat.raise(game.data.threat.dead_end, "a patrol's dead end")
      return
    end
    posse.obj_set(p, "visited", visited | M.bit(pick))
    enter(p, pick)
    return
  end
  -- HUNT: the nearest criminal reachable, orthogonally.
  local crew, cells = targets()
  local field = crew_field(cells, pass, false)
  local cands = #cells > 0 and field[pos] and posse.grid_steps(field, pos) or {}
  local step
  if #cands == 1 then
    step = cands[1]
  elseif #cands > 1 then
    local fields = {}
    for i, cell in ipairs(cells) do fields[i] = field_to(cell, pass, false) end
    step = better(cands, function(n)
      local v, o = targeted(n, crew, fields)
      return { game.anyone_on(n) and 1 or 0, v, -o }
    end)
  else
    step = fallback(p, pos, pass, false)
  end
  if step then enter(p, step) end
end

-- One step of a specialist (§5.11 SWAT, FBI, HEAVY) with `left` steps left this movement
-- step (this one included). Returns whether it must stop (combat, a rescued hostage).
---@param u Obj
---@param pass table<Cell, boolean>
---@param left integer
---@return boolean
local function specialist_step(u, pass, left)
  local kind = game.props(u).kind
  local diagonal = game.props(u).diagonal == true
  local pos = game.cell_of(u) --[[@as Cell]]
  local crew, cells = targets()
  local cfield = crew_field(cells, pass, diagonal)
  -- SWAT puts hostages first (§5.11): the tokens it can reach.
  local hostages = {}
  if kind == "swat" then
    -- Only a space with something on its ground can hold a token (one call for the board).
    local lying = posse.nodes_holding("ground")
    for _, cell in ipairs(game.cells) do
      if lying[cell] and #game.hostages_on(cell) > 0 then hostages[#hostages + 1] = cell end
    end
  end
  local hfield = #hostages > 0 and posse.grid_distances(hostages, { only = pass }) or nil
  local field, for_hostages = cfield, false
  if hfield and hfield[pos] then field, for_hostages = hfield, true end
  local cands = (for_hostages or (#cells > 0 and cfield[pos])) and posse.grid_steps(field, pos, diagonal) or {}
  local step
  if #cands == 0 then
    step = fallback(u, pos, pass, diagonal)
  elseif #cands == 1 then
    step = cands[1]
  else
    -- One field a target: the criminal (or hostage) each first step heads for.
    local fields = {}
    for i, cell in ipairs(for_hostages and hostages or cells) do fields[i] = field_to(cell, pass, diagonal) end
    step = better(cands, function(n)
      -- (1) a criminal's space can be entered with the steps left (not for the Heavy).
      local fight = 0
      if kind ~= "heavy" and (game.anyone_on(n) or (cfield[n] and cfield[n] <= left - 1)) then fight = 1 end
      if for_hostages then
        -- (3) for hostages: the nearest from `n`, the lower (row, col) first.
        local best_d, br, bc = math.huge, math.huge, math.huge
        for i, h in ipairs(hostages) do
          local d = fields[i][n]
          local c, r = posse.coords(h)
          if d and (d < best_d or (d == best_d and (r < br or (r == br and c < bc)))) then
            best_d, br, bc = d, r, c
          end
        end
        return { fight, -br, -bc }
      end
      local v, o = targeted(n, crew, fields)
      return { fight, v, -o }
    end)
  end
  if step == nil then return true end
  if enter(u, step) then return true end
  local tokens = game.hostages_on(step)
  if kind == "swat" and #tokens > 0 then
    posse.move(tokens[1], posse.zone("hostages"))
    game.log(("%s rescues a hostage at %s."):format(name(u), game.where(step)))
    return true
  end
  return false
end

---The bit of a grid tile in a patrol's `visited` set.
---@param cell Cell
---@return integer
function M.bit(cell)
  local c, r = posse.coords(cell)
  return 1 << (r * game.cols + c)
end

---One single step of `unit`'s algorithm (a camera's extra step, or one of its moves).
---Returns whether it must stop for this movement step.
---@param unit Obj
---@param pass table<Cell, boolean>
---@param left integer
---@return boolean
local function step(unit, pass, left)
  if game.over() or game.cell_of(unit) == nil or engaged(unit) then return true end
  if game.props(unit).kind == "patrol" then
    patrol_step(unit, pass)
    return true
  end
  return specialist_step(unit, pass, left)
end

---The units on the board in the order they move: the patrols (A, B), then the
---specialists in the order they arrived.
---@return Obj[]
function M.movers()
  local patrols, others = {}, {}
  for _, o in ipairs(game.on_board()) do
    if game.props(o).kind == "patrol" then patrols[#patrols + 1] = o else others[#others + 1] = o end
  end
  local arrival = {}
  for _, o in ipairs(others) do arrival[o] = posse.obj_get(o, "arrival") end
  table.sort(others, function(a, b) return arrival[a] < arrival[b] end)
  for _, o in ipairs(others) do patrols[#patrols + 1] = o end
  return patrols
end

---The movement step after a criminal's slot (§5.6): every unit on the board moves, each
---its number of single steps, but one placed since the last reinforcement step.
function M.movement()
  -- Moving reveals and locks nothing: one look at the board serves the whole step.
  local pass = passable()
  for _, u in ipairs(M.movers()) do
    local fresh = posse.obj_get(u, "fresh")
    if fresh > 0 then posse.obj_set(u, "fresh", fresh - 1) end
    if fresh <= 1 then
      local moves = game.props(u).moves --[[@as integer]]
      for k = 1, moves do
        if step(u, pass, moves - k + 1) then break end
        if game.check_end() then return end
      end
    end
    if game.check_end() then return end
  end
end

---A camera's extra step (§5.8): one single step for every unit already on the board (not
---those placed since the last criminal's turn), in the usual order.
function M.extra_step()
  game.log("The police move at once.")
  local pass = passable()
  for _, u in ipairs(M.movers()) do
    if posse.obj_get(u, "fresh") == 0 then step(u, pass, 1) end
    if game.check_end() then return end
  end
end

-- Along the ring from `a` to `b`, the shorter way round (math.huge off the ring).
---@param a Cell
---@param b Cell
---@return number
local function ring_distance(a, b)
  local ring = posse.grid_ring()
  local ia, ib
  for i, cell in ipairs(ring) do
    if cell == a then ia = i end
    if cell == b then ib = i end
  end
  if ia == nil or ib == nil then return math.huge end
  local d = math.abs(ia - ib)
  return math.min(d, #ring - d)
end

---Places `unit` by the black die (§5.10) with the street rule (§5.12): on the rolled
---entrance, or, when an exposed criminal stands on that side, on its space (threat +1).
---It attacks whoever stands where it lands. `during_turn`: placed in a criminal's turn
---(a bystander), so it first moves a movement step later.
---@param unit Obj
---@param during_turn boolean|nil
function M.deploy(unit, during_turn)
  local e = threat.roll_entrance()
  local door = game.entrances[e]
  local sides = game.sides(door)
  ---@type Obj|nil, number, integer
  local spotted, best_d, best_o = nil, math.huge, 0
  for i, c in ipairs(game.crew()) do
    local cell = game.cell_of(c)
    if cell and not game.subdued(c) and posse.obj_get(c, "exposed") > 0 then
      local on_side = false
      for s in pairs(game.sides(cell)) do
        if sides[s] then on_side = true end
      end
      local d = on_side and ring_distance(door, cell) or math.huge
      if on_side and (spotted == nil or d < best_d or (d == best_d and i < best_o)) then
        spotted, best_d, best_o = c, d, i
      end
    end
  end
  posse.add("arrivals", 1)
  posse.obj_set(unit, "arrival", posse.get("arrivals"))
  posse.obj_set(unit, "fresh", during_turn and 2 or 1)
  posse.obj_set(unit, "mode", HUNT)
  if spotted then
    local cell = game.cell_of(spotted) --[[@as Cell]]
    game.log(("%s arrives at E%d and spots %s in the street."):format(name(unit), e, name(spotted)))
    threat.raise(game.data.threat.street, "spotted in the street")
    if game.over() then return end
    enter(unit, cell)
    return
  end
  game.log(("%s arrives at E%d."):format(name(unit), e))
  enter(unit, door)
end

---The reinforcement step (§5.9, §5.10): after the alarm and until the fall-back, a patrol
---when fewer than two are on the board; then every unit called, in order.
function M.reinforce()
  if threat.alarm() and posse.get("fell_back") == 0 then
    local on = 0
    for _, p in ipairs(threat.units("patrol")) do
      if game.cell_of(p) then on = on + 1 end
    end
    if on < 2 then
      for _, p in ipairs(threat.units("patrol")) do
        local z = posse.zone_of(p)
        if on < 2 and (z == posse.zone("police") or z == posse.zone("defeated")) then
          on = 2 -- one a step
          M.deploy(p)
          if game.over() then return end
        end
      end
    end
  end
  local queue = posse.zone("arriving")
  while posse.count(queue) > 0 and not game.over() do
    M.deploy(posse.at(queue) --[[@as Obj]])
    game.check_end()
  end
end

return M
