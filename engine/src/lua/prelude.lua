-- The engine's own Lua (trusted): builds the `posse` module from the raw Rust functions.
-- Runs before sandbox.lua, which installs `require` and removes what scripts may not use.
local raw, data, frozen = ...

local posse = {}
for _, k in ipairs(raw.__names) do posse[k] = raw[k] end
posse.__names = nil

-- posse.data, every definition and the scenario's table are read-only trees (freeze.lua).
local freeze = frozen.freeze
posse.data = freeze(data, "posse.data")

-- Counters: each (name, seat) is looked up in the engine once, then read and written by
-- slot number, which is all that crosses to Rust.
local counter_slot, slot_get, slot_set, slot_add = raw.counter_slot, raw.slot_get, raw.slot_set, raw.slot_add
local slots, slots_players = {}, raw.players()
-- What these caches keep lives across the games of a VM: filling them is not counted as
-- the step's work (lua/budget.rs), which must be the same in a fresh VM and a reused one.
local unmetered = raw.unmetered
local function new_table() return {} end
local function slot(name, seat, f)
  local by_seat = slots[name]
  if by_seat == nil then
    if type(name) ~= "string" then error("posse." .. f .. ": expected a counter name, got " .. type(name), 3) end
    by_seat = unmetered(new_table)
    slots[name] = by_seat
  end
  local i = by_seat[seat or 0]
  if i == nil then
    i = counter_slot(name, seat, f)
    by_seat[seat or 0] = i
  end
  return i
end
-- (The slot is read here first when it is known: a call saved.)
function posse.get(name, seat)
  local by_seat = slots[name]
  return slot_get(by_seat and by_seat[seat or 0] or slot(name, seat, "get"))
end
function posse.set(name, value, seat)
  local by_seat = slots[name]
  return slot_set(by_seat and by_seat[seat or 0] or slot(name, seat, "set"), value)
end
function posse.add(name, delta, seat)
  local by_seat = slots[name]
  return slot_add(by_seat and by_seat[seat or 0] or slot(name, seat, "add"), delta)
end

-- Zone handles and the board's nodes depend on the content and the number of seats alone
-- (every zone exists from the start), so each is asked of the engine once: a module that
-- names its zones at load pays nothing in the next game of a batch. Only lookups that
-- succeeded are kept; `nodes` gives a fresh list each call (a script may change it).
local raw_zone, raw_nodes, math_type = raw.zone, raw.nodes, math.type
local zones, node_list = {}, nil
function posse.zone(name, at)
  local by_at = zones[name]
  local key = at
  if key == nil then key = false end
  if by_at ~= nil then
    local z = by_at[key]
    if z ~= nil then return z end
  end
  local z = raw_zone(name, at)
  if type(name) == "string" and (at == nil or type(at) == "string" or math_type(at) == "integer") then
    if by_at == nil then
      by_at = unmetered(new_table)
      zones[name] = by_at
    end
    by_at[key] = z
  end
  return z
end
function posse.nodes()
  if node_list == nil then node_list = unmetered(raw_nodes) end
  local out = {}
  for i = 1, #node_list do out[i] = node_list[i] end
  return out
end

-- A zone's contents, a node's neighbours and the zones in sight come back as values, put
-- in a table here: the engine filling a table would protect every element it sets, which
-- costs more than the list.
local raw_contents, raw_neighbours, raw_in_sight = raw.contents, raw.neighbours, raw.in_sight
function posse.contents(zone) return { raw_contents(zone) } end
function posse.neighbours(node) return { raw_neighbours(node) } end
function posse.in_sight(a, reach, occupied) return { raw_in_sight(a, reach, occupied) } end
local raw_nodes_holding = raw.nodes_holding
function posse.nodes_holding(zone, face_up)
  local set = {}
  for _, n in ipairs({ raw_nodes_holding(zone, face_up) }) do set[n] = true end
  return set
end

-- Grid boards (board/grid.rs has the rules). A cell's number and its column and row are
-- worked out here from the grid's size, asked once; a cell's neighbours are asked of the
-- engine once a VM (they depend on the content alone) and kept, so `grid_steps` never
-- crosses into Rust: a mover needs one `grid_distances` a target set, then steps here.
local tointeger = math.tointeger
local GRID_COLS, GRID_ROWS, GRID_RING = raw.grid_info()
local GRID_O = GRID_RING and 1 or 0
local GRID_STRIDE = GRID_COLS and GRID_COLS + 2 * GRID_O
local GRID_CELLS = GRID_COLS and GRID_STRIDE * (GRID_ROWS + 2 * GRID_O)
local function not_grid(f)
  error("posse." .. f .. ": the board is not a grid (game.yaml: board: {grid: ...})", 3)
end
local function grid_coords(cell, f)
  if GRID_COLS == nil then not_grid(f) end
  local i = tointeger(cell)
  if i == nil or i < 1 or i > GRID_CELLS then
    local what = type(cell) == "number" and tostring(cell) or "a " .. type(cell)
    error("posse." .. f .. ": " .. what .. " is not a cell (cells are 1.." .. GRID_CELLS .. ")", 3)
  end
  i = i - 1
  return i % GRID_STRIDE - GRID_O, i // GRID_STRIDE - GRID_O
end
function posse.grid()
  if GRID_COLS == nil then return nil end
  return { cols = GRID_COLS, rows = GRID_ROWS, ring = GRID_RING, cells = GRID_CELLS }
end
function posse.cell(c, r)
  if GRID_COLS == nil then not_grid("cell") end
  local ci, ri = tointeger(c), tointeger(r)
  if ci == nil or ri == nil then error("posse.cell: expected a column and a row (integers)", 2) end
  if ci < -GRID_O or ci >= GRID_COLS + GRID_O or ri < -GRID_O or ri >= GRID_ROWS + GRID_O then return nil end
  return (ri + GRID_O) * GRID_STRIDE + ci + GRID_O + 1
end
function posse.coords(cell) return grid_coords(cell, "coords") end
function posse.on_ring(cell)
  local c, r = grid_coords(cell, "on_ring")
  return c < 0 or r < 0 or c >= GRID_COLS or r >= GRID_ROWS
end
local raw_grid_neighbours, raw_grid_distances, raw_grid_path = raw.grid_neighbours, raw.grid_distances, raw.grid_path
local raw_grid_ring, raw_grid_links = raw.grid_ring, raw.grid_links
local NEIGHBOURS = { [false] = {}, [true] = {} }
local function neighbours_of(cell, diagonal) return { raw_grid_neighbours(cell, diagonal) } end
local function grid_neighbours(cell, diagonal, f)
  local by = NEIGHBOURS[diagonal == true]
  local ns = by[cell]
  if ns == nil then
    grid_coords(cell, f)
    ns = unmetered(neighbours_of, cell, diagonal == true)
    by[cell] = ns
  end
  return ns
end
function posse.grid_neighbours(cell, diagonal)
  local ns, out = grid_neighbours(cell, diagonal, "grid_neighbours"), {}
  for i = 1, #ns do out[i] = ns[i] end
  return out
end
local function query(opts, f)
  if opts == nil then return nil, nil, nil end
  if type(opts) ~= "table" then error("posse." .. f .. ": expected a table of options or nil, got " .. type(opts), 3) end
  return opts.avoid, opts.only, opts.diagonal == true
end
function posse.grid_distances(targets, opts)
  return { raw_grid_distances(targets, query(opts, "grid_distances")) }
end
function posse.grid_path(from, targets, opts)
  local path = { raw_grid_path(from, targets, query(opts, "grid_path")) }
  if path[1] == nil then return nil end
  return path
end
-- The neighbours of `from` of the least distance in `field`, when less than its own.
local function steps(field, from, diagonal, f)
  if type(field) ~= "table" then error("posse." .. f .. ": expected a field of posse.grid_distances", 3) end
  local ns = grid_neighbours(from, diagonal, f)
  local least
  for i = 1, #ns do
    local d = field[ns[i]]
    if d and (least == nil or d < least) then least = d end
  end
  local own, out = field[from], {}
  if least == nil or (own and own <= least) then return out end
  for i = 1, #ns do
    if field[ns[i]] == least then out[#out + 1] = ns[i] end
  end
  return out
end
function posse.grid_steps(field, from, diagonal) return steps(field, from, diagonal, "grid_steps") end
function posse.grid_step(field, from, diagonal) return steps(field, from, diagonal, "grid_step")[1] end
function posse.grid_ring() return { raw_grid_ring() } end
function posse.grid_links()
  local flat, out = { raw_grid_links() }, {}
  for i = 1, #flat, 2 do out[#out + 1] = { flat[i], flat[i + 1] } end
  return out
end

-- Per-object counters: each name is looked up in the engine once (slots depend on the
-- content alone), then the object and the slot number are all that crosses to Rust.
local object_slot, object_get, object_set, object_add = raw.object_slot, raw.object_get, raw.object_set, raw.object_add
local OBJECT_SLOTS = {}
local function oslot(name, f)
  local i = OBJECT_SLOTS[name]
  if i == nil then
    if type(name) ~= "string" then error("posse." .. f .. ": expected a counter name, got " .. type(name), 3) end
    i = object_slot(name, f)
    OBJECT_SLOTS[name] = i
  end
  return i
end
-- (The slot is read here first: a call saved on the hottest reads of a game.)
function posse.obj_get(obj, name) return object_get(obj, OBJECT_SLOTS[name] or oslot(name, "obj_get")) end
function posse.obj_set(obj, name, value)
  return object_set(obj, OBJECT_SLOTS[name] or oslot(name, "obj_set"), value)
end
function posse.obj_add(obj, name, delta)
  return object_add(obj, OBJECT_SLOTS[name] or oslot(name, "obj_add"), delta)
end

-- Dice faces: names come from the content, so only the face number crosses. A seat's
-- own dice (`per_seat`) are the same for every seat: seat 1's faces stand for all.
local face_index, FACES, SEAT_FACES = raw.face_index, {}, {}
for i = 1, raw.dice() do FACES[i] = raw.faces(i) end
for i = 1, raw.dice(1) do SEAT_FACES[i] = raw.faces(i, 1) end
function posse.face(i, seat)
  if seat == nil then return FACES[i][face_index(i)] end
  local f = face_index(i, seat)
  return SEAT_FACES[i][f]
end

local DEFS, DEFS_BY_ID = {}, {}
function posse.def(obj) return DEFS[raw.def_index(obj)] end

-- RESOLVED[i]: how many times the behaviour of definition i ran in this game (its `play`,
-- `drawn`, or any other part a game calls, but `can` and `label`, which only ask). Every
-- such part of a definition's script is wrapped once per VM, when the definition is made,
-- so every game's every card is counted without the game's help: `posse check` and
-- `posse sim` read it (coverage). A behaviour table many definitions share is copied for
-- each, so each counts its own; what the table holds is shared as before.
-- PARTS[i]: how many parts of definition i are counted (0: nothing of it can run).
local RESOLVED, PARTS, ASKS = {}, {}, { can = true, label = true }
local next_, type_, setmetatable_ = next, type, setmetatable
local getmetatable_ = getmetatable
-- A wrapper calls the part through a local of the part's name (not a tail call, which
-- would lose it), so an error's traceback still says "in play" (errors.rs); the wrapper's
-- own frame is the engine's and left out. One maker a part name, compiled here, before
-- sandbox.lua takes `load` away.
local load_, match_ = load, string.match
local KEYWORDS = {}
for w in ("and break do else elseif end false for function goto if in local nil not or repeat return then true until while"):gmatch("%a+") do
  KEYWORDS[w] = true
end
local function pass(...) return ... end
local MAKERS = {}
local function counted(f, i, k)
  local named = type_(k) == "string" and match_(k, "^[%a_][%w_]*$") ~= nil and not KEYWORDS[k]
    and match_(k, "^__") == nil
  local key = named and k or false
  local make = MAKERS[key]
  if make == nil then
    local body = named and ("return __pass(" .. k .. "(...))") or "return " .. "__f(...)"
    local src = "local __R, __i, __pass, " .. (named and k or "__f") .. " = ...\n"
      .. "return function(...) __R[__i] = __R[__i] + 1 " .. body .. " end"
    make = assert(load_(src, "=posse", "t"))
    MAKERS[key] = make
  end
  return make(RESOLVED, i, pass, f)
end
local function counting(script, i)
  if type_(script) == "function" then
    PARTS[i] = 1
    return counted(script, i, nil)
  end
  if type_(script) ~= "table" then return script end
  -- A protected table (another definition's frozen behaviour, `def_by_id(x).script`)
  -- cannot be walked: kept as it is, its runs count for the definition it belongs to.
  local mt = getmetatable_(script)
  if mt ~= nil and type_(mt) ~= "table" then return script end
  local copy = {}
  for k, v in next_, script do
    if type_(v) == "function" and not ASKS[k] then
      v = counted(v, i, k)
      PARTS[i] = PARTS[i] + 1
    end
    copy[k] = v
  end
  if mt ~= nil then setmetatable_(copy, mt) end
  return copy
end
function posse.def_by_id(id) return DEFS_BY_ID[id] end

-- What the scenario's own script returned (made once per VM and frozen, like the
-- definitions), or nil.
local SCENARIO
function posse.scenario() return SCENARIO end

local yield, running = coroutine.yield, coroutine.running
local auto_pick, auto_group, auto_choose = raw.auto_pick, raw.auto_group, raw.auto_choose
local FLOW
-- When every seat is a random bot (batches), decisions are answered right here instead of
-- yielding to the engine: the same picks from the same RNG, without the round trip.
local AUTO = false
-- Seats whose decisions yield to the engine even then (a batch's strategy bots): seat -> true.
local YIELDS = {}

-- The flow is resumed by the engine alone (it resumes it through the C API): script code
-- that kept it cannot answer a decision behind the engine's back, or end the game's flow.
-- Errors name the script's line: three levels up, past sandbox.lua's own wrapper.
local co_resume, co_close = coroutine.resume, coroutine.close
coroutine.resume = function(co, ...)
  if co == FLOW and co ~= nil then error("coroutine.resume: the game flow is resumed by the engine alone", 3) end
  return co_resume(co, ...)
end
coroutine.close = function(co)
  if co == FLOW and co ~= nil then error("coroutine.close: the game flow is resumed by the engine alone", 3) end
  return co_close(co)
end

-- The game's declared question kinds (scripts/<game>/questions.lua: kind -> its option
-- ids), or nil when the game declares none; and how many times each kind was asked in
-- this game (read by the engine for check's and sim's tallies).
local KINDS, ASKED, QUESTIONS_FILE = nil, {}, nil
local function typed(kind, f)
  if KINDS == nil then
    if type(kind) == "string" then ASKED[kind] = (ASKED[kind] or 0) + 1 end
    return
  end
  if type(kind) ~= "string" then
    error(f .. ": every question of this game says its kind (opts.kind, declared in " .. QUESTIONS_FILE .. ")", 3)
  end
  if KINDS[kind] == nil then
    error(f .. ": question kind '" .. kind .. "' is not declared in " .. QUESTIONS_FILE, 3)
  end
  ASKED[kind] = (ASKED[kind] or 0) + 1
end

-- The question's fields are read once each. A kind already asked in this game passed
-- typed() then (the kinds are declared once a VM): it is only counted again.
function posse.choose(seat, prompt, options, opts)
  -- A batch's random bots answer at once what they can, all of the rest done as below
  -- (lua/api.rs, `auto_choose`); anything else comes back unanswered and goes that way.
  if AUTO then
    local answer = auto_choose(seat, options, opts, FLOW, YIELDS, ASKED)
    if answer ~= nil then return answer end
  end
  if running() ~= FLOW then error("posse.choose: decisions can only be made from the game flow", 2) end
  local kind, count, min, max, tags
  if opts ~= nil then
    kind, count, min, max, tags = opts.kind, opts.count, opts.min, opts.max, opts.tags
  end
  local n = ASKED[kind]
  if n then ASKED[kind] = n + 1 else typed(kind, "posse.choose") end
  if min ~= nil or max ~= nil then
    min = min or 1
    max = max or min
  end
  if AUTO and not YIELDS[seat] then
    local answer = auto_pick(seat, options, count, min, max, tags)
    if answer ~= nil then return answer end
  end
  if opts == nil then return yield(seat, prompt, options) end
  return yield(seat, prompt, options, min, max, count, opts.secret, tags, kind)
end

-- The same function, for the reader (and the type checker): an answer that is a list.
posse.choose_several = posse.choose

function posse.choose_each(requests)
  if running() ~= FLOW then error("posse.choose_each: decisions can only be made from the game flow", 2) end
  if type(requests) ~= "table" then error("posse.choose_each: expected a list of requests", 2) end
  for _, r in ipairs(requests) do
    if type(r) == "table" then typed(r.kind, "posse.choose_each") end
  end
  local auto = AUTO
  if auto and next(YIELDS) ~= nil then
    for _, r in ipairs(requests) do
      if type(r) == "table" and YIELDS[r.seat] then auto = false end
    end
  end
  if auto then
    local seats = {}
    for i, r in ipairs(requests) do
      if type(r) ~= "table" or math_type(r.seat) ~= "integer" or r.seat < 1 then break end
      seats[i] = r.seat
    end
    auto = auto_group(seats)
  end
  if auto then
    local answers, asked = {}, {}
    for i, r in ipairs(requests) do
      if asked[r.seat] then error("posse.choose_each: at most one request per seat", 2) end
      asked[r.seat] = true
      local min, max = r.min, r.max
      if min == nil and max ~= nil then min = 1 elseif max == nil and min ~= nil then max = min end
      answers[i] = auto_pick(r.seat, r.options, r.count, min, max, r.tags)
    end
    if #answers == 0 then error("posse.choose_each: expected at least one request", 2) end
    return answers
  end
  return yield(requests)
end

-- The game's seeded stream, for every argument (lua/api.rs: `math_random`, which strategy
-- bots' VMs share).
math.random = raw.math_random

-- Engine-side hooks, not part of the module.
return {
  posse = posse,
  print = raw.print,
  set_flow = function(co) FLOW = co end,
  set_auto = function(on, yields) AUTO, YIELDS = on, yields or {} end,
  -- Definitions are made once per VM (their scripts run once) and frozen: every game of
  -- the VM reads the same ones.
  set_def = function(i, def)
    RESOLVED[i], PARTS[i] = 0, 0
    if def.script ~= nil then def.script = counting(def.script, i) end
    def = freeze(def, "a definition (posse.def)")
    DEFS[i], DEFS_BY_ID[def.id] = def, def
  end,
  -- Coverage: the counts of this game so far (the engine reads them raw), and a new game's
  -- start at zero.
  resolved = RESOLVED,
  parts = PARTS,
  zero_resolved = function()
    for i = 1, #RESOLVED do RESOLVED[i] = 0 end
    ASKED = {}
  end,
  -- The game's declared kinds (kind -> {id -> true}) and the file that declares them.
  set_kinds = function(kinds, file)
    KINDS, QUESTIONS_FILE, ASKED = freeze(kinds, "the question kinds"), file, {}
  end,
  asked = function() return ASKED end,
  set_scenario = function(v) SCENARIO = freeze(v, "posse.scenario()") end,
  -- pairs walks every table in key order (sandbox.lua): posse.spairs, kept for the
  -- scripts written when pairs did not, is pairs.
  set_ordered = function(ordered)
    frozen.set_ordered(ordered)
    posse.spairs = pairs
  end,
  -- Slots depend on the content and the number of seats: a new game with another number
  -- of seats looks them up again.
  new_players = function(n)
    if n ~= slots_players then slots, slots_players, zones = {}, n, {} end
  end,
}
