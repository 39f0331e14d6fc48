-- What Goldfever's characters carry (GF-R22-R24, GF-R47-R49): guns and pocket objects,
-- what a seat may call them, taking from the supply, carrying, dropping and the capacity.
-- The flow, the actions and the scenarios' hooks reach it as `game.things`.

local posse = require "posse"
local cards = require "lib.cards"
local ask = require "lib.ask"
local game = require "goldfever.game"

---@class goldfever.things
local M = {}
game.things = M

---The guns `c` carries (GF-R24), top first.
---@param c Obj
---@return Obj[]
function M.guns(c)
  local out = {}
  for _, o in ipairs(posse.contents(game.gear(c))) do
    if game.kind(o) == "gun" then out[#out + 1] = o end
  end
  return out
end

---The pocket objects `c` carries (GF-R22: everything but guns).
---@param c Obj
---@return Obj[]
function M.pockets(c)
  local out = {}
  for _, o in ipairs(posse.contents(game.gear(c))) do
    if game.kind(o) ~= "gun" then out[#out + 1] = o end
  end
  return out
end

---The first object of kind `kind` that `c` carries, or nil.
---@param c Obj
---@param kind string
---@return Obj|nil
function M.carried(c, kind)
  for _, o in ipairs(posse.contents(game.gear(c))) do
    if game.kind(o) == kind then return o end
  end
  return nil
end

---Whether `c` carries a face-down marker or a nugget (the Gold fever of scenario 8).
---@param c Obj
---@return boolean
function M.carries_gold(c)
  for _, o in ipairs(posse.contents(game.gear(c))) do
    local k = game.kind(o)
    if k == "nugget" or k == "rock" and not posse.face_up(o) then return true end
  end
  return false
end

---What `seat` may call an object: its name when it is face up or the seat knows it, else
---"a face-down marker".
---@param obj Obj
---@param seat Seat|nil
---@return string
function M.thing(obj, seat)
  if posse.face_up(obj) or (seat ~= nil and posse.knows(seat, obj)) then
    local n = cards.name(obj)
    if game.kind(obj) == "gun" then
      n = n .. " (" .. posse.obj_get(obj, "ammo") .. (posse.obj_get(obj, "jammed") > 0 and ", jammed)" or ")")
    elseif posse.obj_get(obj, "jammed") > 0 then
      n = n .. " (fizzled)"
    end
    return n
  end
  return "a face-down marker"
end

---What an option naming `obj` says of it to `seat` (questions.lua): `thing`, its definition
---id, its `kind`, a nugget's `value`, a gun's `ammo` and whether it is `jammed`, as far as
---`seat` may know them; a face-down marker `seat` does not know is `thing = "marker"` alone.
---Written into `into` (made when nil), which is returned.
---@param obj Obj
---@param seat Seat|nil
---@param into table<string, string|number|boolean>|nil
---@return table<string, string|number|boolean>
function M.args(obj, seat, into)
  local out = into or {}
  if not (posse.face_up(obj) or (seat ~= nil and posse.knows(seat, obj))) then
    out.thing = "marker"
    return out
  end
  local p = game.props(obj)
  out.thing, out.kind = cards.def(obj).id, p.kind
  if p.value then out.value = p.value end
  if p.kind == "gun" then out.ammo = posse.obj_get(obj, "ammo") end
  if posse.obj_get(obj, "jammed") > 0 then out.jammed = true end
  return out
end

---The tags of a question whose options are the objects of `list` (a drop, a gun to fill):
---each one's definition id when it is face up or `seat` knows it, else false (a face-down
---marker's tag would tell what it is).
---@param list Obj[]
---@param seat Seat
---@return (string|false)[]
function M.tags(list, seat)
  local out = {}
  for k, o in ipairs(list) do
    out[k] = (posse.face_up(o) or posse.knows(seat, o)) and cards.def(o).id or false
  end
  return out
end

-- While the set-up deals (`M.deal`): the supply as it was read once, by definition id,
-- each list in the supply's order (top first), and how many of each were taken.
---@type table<string, Obj[]>|nil, table<string, integer>
local DEALING, TAKEN = nil, {}

---Starts (`on`) or ends the set-up's deal: in between, `take` finds what it would find in
---the supply from one reading of it, which holds while only what `take` gave leaves the
---supply and nothing enters it (the equipment and the markers dealt).
---@param on boolean
function M.deal(on)
  DEALING, TAKEN = nil, {}
  if not on then return end
  local defs, pool = cards.defs, {}
  for _, o in ipairs(posse.contents(posse.zone("supply"))) do
    local id = (defs[o] or cards.def(o)).id
    local l = pool[id]
    if l == nil then
      l = {}
      pool[id] = l
    end
    l[#l + 1] = o
  end
  DEALING = pool
end

---Takes an object of definition `id` out of the supply, or nil when none is left.
---@param id string
---@return Obj|nil
function M.take(id)
  if DEALING then
    local l = DEALING[id]
    local k = (TAKEN[id] or 0) + 1
    local o = l and l[k]
    if o ~= nil then TAKEN[id] = k end
    return o
  end
  local defs = cards.defs
  for _, o in ipairs(posse.contents(posse.zone("supply"))) do
    if (defs[o] or cards.def(o)).id == id then return o end
  end
  return nil
end

---Gives `c` an object from the supply (setup, scenario equipment): face up, a gun loaded.
---@param c Obj
---@param id string
---@return Obj|nil
function M.equip(c, id)
  local o = M.take(id)
  if o == nil then error("the supply has no " .. id .. " left", 2) end
  posse.flip(o, true)
  posse.move(o, game.gear(c))
  return o
end

---The players of `c` (the audience of what only they may know).
---@param c Obj
---@return Seat[]
function M.players_of(c) return { game.seat(c) } end

---Puts `obj` in `c`'s gear; a face-down marker becomes known to his player (§5.12).
---@param c Obj
---@param obj Obj
function M.carry(c, obj)
  posse.move(obj, game.gear(c))
  if not posse.face_up(obj) then posse.reveal(obj, M.players_of(c)) end
end

---Drops `obj` where `c` stands (free, GF-R49); it keeps its ammo, jam and face.
---@param c Obj
---@param obj Obj
function M.drop(c, obj)
  local n = game.node(c)
  if n then posse.move(obj, game.ground(n)) end
end

local WHAT = { "guns", "objects" }

---Makes `c` drop what it carries beyond its capacity (GF-R49: 2 guns, 2 objects; free).
---Its player chooses what to drop.
---@param c Obj
function M.fit(c)
  -- One look at what he carries: dropping guns leaves his pocket objects as they were.
  ---@type Obj[], Obj[]
  local guns, pockets = {}, {}
  for _, o in ipairs(posse.contents(game.gear(c))) do
    if game.kind(o) == "gun" then guns[#guns + 1] = o else pockets[#pockets + 1] = o end
  end
  for _, what in ipairs(WHAT) do
    local list = what == "guns" and guns or pockets
    local cap = game.data.carry[what]
    while #list > cap do
      local seat = game.seat(c)
      local i = ask.pick(seat, "drop", function() return game.name(c) .. " carries too much: what does he drop?" end,
        function()
          local out = {}
          for k, o in ipairs(list) do
            out[k] = ask.option("thing", "Drop " .. M.thing(o, seat), M.args(o, seat, { who = posse.def_id(c) }))
          end
          return out
        end --[[@as Options]], #list, { tags = M.tags(list, seat) })
      M.drop(c, list[i])
      game.log(("%s drops %s."):format(game.name(c), M.thing(list[i], nil)))
      table.remove(list, i)
    end
  end
end

return M
