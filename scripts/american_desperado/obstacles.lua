-- A tile revealed and fought (§5.8): loot, or an obstacle whose class says what success
-- and failure do. The outcomes are data (OUTCOME); what they share is here: threat, the
-- camera's extra police step, subdual on a guard, the strongest defeated specialist sent
-- back by a bystander, a lock's lock-down of the tiles ahead, and the Engineer's casing.

local posse = require "posse"
local ask = require "lib.ask"
local game = require "american_desperado.game"
local combat = require "american_desperado.combat"
local threat = require "american_desperado.threat"

---@class american_desperado.obstacles
local M = {}

local D = game.data
local name = game.name

-- The police's part, set by main (police.lua needs combat, which needs this module).
---@class american_desperado.PoliceHooks
---@field extra_step fun()
---@field deploy fun(unit: Obj)

---@type american_desperado.PoliceHooks
local police

---@param p american_desperado.PoliceHooks
function M.set_police(p) police = p end

---The tiles a lock on `lock_cell` locks down when a criminal stepped onto it in direction
---(dc, dr) (§5.8): every unrevealed grid neighbour n (8 of them) with (n - L) . d >= 0.
---@param lock_cell Cell
---@param dc integer
---@param dr integer
---@return Cell[]
function M.ahead(lock_cell, dc, dr)
  local out = {}
  for _, n in ipairs(posse.grid_neighbours(lock_cell, true)) do
    if game.inside(n) and not game.revealed(n) then
      local lc, lr = posse.coords(lock_cell)
      local nc, nr = posse.coords(n)
      if (nc - lc) * dc + (nr - lr) * dr >= 0 then out[#out + 1] = n end
    end
  end
  return out
end

-- Locks `cells` down with markers of `lock`.
---@param lock Obj
---@param cells Cell[]
local function lock_down(lock, cells)
  local supply = posse.zone("markers")
  local where = {}
  for _, n in ipairs(cells) do
    local m = posse.at(supply)
    if m == nil then break end
    posse.move(m, game.locks(n))
    game.board_changed()
    posse.obj_set(m, "by", lock)
    where[#where + 1] = game.where(n)
  end
  if #where > 0 then game.log("Locked down: " .. table.concat(where, ", ") .. ".") end
end

---Lifts the lock-down of `lock` (its markers go back; a tile another lock also holds
---stays locked).
---@param lock Obj
function M.unlock(lock)
  local supply = posse.zone("markers")
  for _, cell in ipairs(game.cells) do
    for _, m in ipairs(posse.contents(game.locks(cell))) do
      if posse.obj_get(m, "by") == lock then
        posse.obj_set(m, "by", 0)
        posse.move(m, supply)
        game.board_changed()
      end
    end
  end
end

---A private look at a face-down tile (Scout, casing, AD-R34): only `c`'s player learns it.
---@param c Obj
---@param cell Cell
function M.peek(c, cell)
  local t = game.tile(cell) --[[@as Obj]]
  local seat = game.seat(c)
  posse.reveal(t, { seat })
  game.log(("%s scouts %s."):format(name(c), game.where(cell)))
  posse.log(("%s sees %s at %s."):format(name(c), name(t), game.where(cell)), { seat })
end

---The face-down tiles `c` could scout from `cell` (Brains: any, §5.5; Shadow: 8 neighbours).
---@param c Obj
---@param cell Cell
---@return Cell[]
function M.scoutable(c, cell)
  local out = {}
  local p = game.props(c)
  if p.scout_any then
    -- Which tiles are face up, in one call for the board (as game.revealed says).
    local up = posse.nodes_holding("tile", true)
    for _, n in ipairs(game.tiles) do
      if not up[n] then out[#out + 1] = n end
    end
    return out
  end
  for _, n in ipairs(M.reach(c, cell)) do
    if game.inside(n) and not game.revealed(n) then out[#out + 1] = n end
  end
  return out
end

-- The spaces reached from a cell, orthogonally (false) and as the Shadow does inside the
-- grid (true): they depend on the board alone, so each is listed once a game.
---@type table<boolean, table<Cell, Cell[]>>
local REACH = { [false] = {}, [true] = {} }

---The spaces `c` reaches from `cell` in one action (§5.6): orthogonal neighbours (in and
---out only through an entrance), and for the Shadow the diagonals inside the grid. The
---list is the same table every call for the same cell and kind of reach: read it, never
---change it.
---@param c Obj
---@param cell Cell
---@return Cell[]
function M.reach(c, cell)
  ---@type boolean
  local diagonal = false
  if game.props(c).diagonal and game.inside(cell) then diagonal = true end
  local by = REACH[diagonal]
  local out = by[cell]
  if out ~= nil then return out end
  if diagonal then
    out = {}
    for _, n in ipairs(posse.grid_neighbours(cell, true)) do
      local nc, nr = posse.coords(n)
      local cc, cr = posse.coords(cell)
      if game.inside(n) or nc == cc or nr == cr then out[#out + 1] = n end
    end
  else
    out = posse.grid_neighbours(cell, false)
  end
  by[cell] = out
  return out
end

-- The Engineer's casing (§5.5): a free peek at one adjacent face-down tile.
---@param c Obj
---@param cell Cell
local function casing(c, cell)
  local can = {}
  for _, n in ipairs(posse.grid_neighbours(cell, false)) do
    if game.inside(n) and not game.revealed(n) and not posse.knows(game.seat(c), game.tile(n) --[[@as Obj]]) then
      can[#can + 1] = n
    end
  end
  if #can == 0 then return end
  local tags = {}
  for k = 1, #can do tags[k] = "casing" end
  tags[#can + 1] = false
  local i = ask.pick(game.seat(c), "casing", function() return name(c) .. " may case an adjacent tile." end, function()
    local out, who = {}, posse.def_id(c) ---@type Option[], string
    for k, n in ipairs(can) do out[k] = ask.option("tile", "Case " .. game.where(n), { cell = game.key(n), who = who }) end
    out[#can + 1] = ask.option("none", "No casing")
    return out
  end, #can + 1, { tags = tags })
  if i <= #can then M.peek(c, can[i]) end
end

-- The strongest defeated specialist comes back by the die (a bystander's failure).
local function strongest_back()
  ---@type Obj|nil
  local best
  for _, o in ipairs(posse.contents(posse.zone("defeated"))) do
    local p = game.props(o)
    local b = best and game.props(best).rank or -1
    if p.specialist and (best == nil or p.rank > b or (p.rank == b and o < best)) then
      best = o
    end
  end
  if best then police.deploy(best) end
end

-- What success and failure do, by class (§5.8). `fail` returns whether the criminal stays
-- on the tile (`stays`: a guard subdues it there); otherwise it went back where it came
-- from before `fail` ran.
---@class american_desperado.Outcome
---@field stays boolean|nil
---@field win fun(c: Obj, cell: Cell, tile: Obj)|nil
---@field fail fun(c: Obj, cell: Cell, tile: Obj, dc: integer, dr: integer): boolean

---@type table<string, american_desperado.Outcome>
local OUTCOME = {
  camera = {
    fail = function()
      threat.raise(D.threat.camera, "a camera")
      if not game.over() then police.extra_step() end
      return false
    end,
  },
  guard = {
    stays = true,
    fail = function(c)
      threat.raise(D.threat.guard, "a guard")
      combat.subdue(c)
      return true
    end,
  },
  bystander = {
    win = function(_, cell)
      local token = posse.at(posse.zone("hostages"))
      if token then
        posse.move(token, game.ground(cell))
        game.log("A hostage is taken at " .. game.where(cell) .. ".")
      end
    end,
    fail = function()
      threat.raise(D.threat.bystander, "a bystander")
      if not game.over() then strongest_back() end
      return false
    end,
  },
  lock = {
    win = function(c, cell, tile)
      M.unlock(tile)
      if game.props(c).casing then casing(c, cell) end
    end,
    fail = function(_, cell, tile, dc, dr)
      threat.raise(D.threat.lock, "a lock")
      lock_down(tile, M.ahead(cell, dc, dr))
      return false
    end,
  },
}

---Criminal `c`, stepping from `from` onto grid cell `cell`, meets its tile: a face-down one
---is revealed to all; loot puts its piece on the space; an obstacle is fought (§5.7,
---§5.8). Returns whether `c` stays on `cell` (else it went back to `from`).
---@param c Obj
---@param from Cell
---@param cell Cell
---@param turn american_desperado.Turn
---@return boolean
function M.meet(c, from, cell, turn)
  local tile = game.tile(cell) --[[@as Obj]]
  local p = game.props(tile)
  if not posse.face_up(tile) then
    posse.flip(tile, true)
    game.board_changed()
    game.log(("%s reveals %s at %s."):format(name(c), name(tile), game.where(cell)))
    if p.class == "loot" then
      local piece = posse.def_by_id(p.piece)
      for _, o in ipairs(posse.contents(posse.zone("loot_side"))) do
        if piece and posse.def_id(o) == p.piece then posse.move(o, game.ground(cell)) end
      end
      return true
    end
  end
  if p.class == "loot" or posse.obj_get(tile, "cleared") > 0 then return true end
  local o = OUTCOME[p.class --[[@as string]]] --[[@as american_desperado.Outcome]]
  if combat.test(c, p.power, combat.bonus(c, p.class), turn, name(tile)) then
    posse.obj_set(tile, "cleared", 1)
    game.log(("%s overcomes the %s."):format(name(c), name(tile)))
    if o.win then o.win(c, cell, tile) end
    return true
  end
  local fc, fr = posse.coords(from)
  local cc, cr = posse.coords(cell)
  -- §5.8: unless the obstacle holds it, the criminal goes back first; what the failure
  -- sets off (the camera's police step, an arrival) finds it there, not on the tile.
  if not o.stays then
    game.put(c, game.at_zone(from))
    game.log(("%s falls back to %s."):format(name(c), game.where(from)))
  end
  return o.fail(c, cell, tile, cc - fc, cr - fr)
end

return M
