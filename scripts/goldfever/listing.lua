-- Goldfever's action lists (actions.lua's `M.list`): the options a character has now, as
-- data, five slots an option (actions.lua says what they are), made stage by stage in the
-- order the question shows them: move, shoot, reload and un-jam, throw, attack and drink,
-- pick up and trade, then the ambush, the scenario's own actions and the jokers.
--
-- What a list reads first is kept for the character, with the change counts of the parts
-- of the game it came from (`posse.changes`, the engine's own record, whatever script made
-- a change), read once a list in one call: the board (where everyone stands: kept while
-- nobody moved), what he carries (kept while no gear, ammunition or jam changed), and his
-- moves (kept while he stands where he stood and no border changed, unless a scenario's
-- hook decides them: `max_moves`, `can_exit`), copied from his last list. The other stages
-- are made every time: kept too, with their keys checked (shots, reloads, throws, trades),
-- they cost more than they spared (goldfever/high_noon 96,738 instructions a decision with
-- the moves alone kept, 98,238 with every stage; 97,617 with the board read every time,
-- 99,117 with what he carries).

local posse = require "posse"
local cards = require "lib.cards"
local rules = require "goldfever.rules"
local game = require "goldfever.game"
local context = require "goldfever.context"

local D = game.data
local DEFS, def = cards.defs, cards.def

---@class goldfever.listing
local M = {}

-- The options' list with room for eight options made at once: a table filled one key at
-- a time from empty is grown by Lua at 1, 2, 4, 8, ... keys, which costs more than the
-- options themselves. Slots past the `n`-th option are not options.
---@return any[]
local function slots()
  return { nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil,
    nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil }
end

---Adds an option to `set`: its kind, its cost in AP and its arguments.
---@param set goldfever.Options
---@param kind string
---@param cost integer
---@param a any
---@param b any
---@param t Obj|false
function M.push(set, kind, cost, a, b, t)
  local n = set.n + 1
  set.n = n
  local o, k = set.o, n * 5
  o[k - 4], o[k - 3], o[k - 2], o[k - 1], o[k] = kind, cost, a, b, t
end
local push = M.push

------------------------------------------------------------------------ kept stages

-- A character's moves as a list made them: that list's slots (`src`, never written again
-- once the list is made; false: none kept), where they start (`at`, the slot before the
-- first) and how many (`n`), with where he stood and the map's change count then.
---@class goldfever.Kept
---@field src any[]|false
---@field at integer
---@field n integer
---@field here string|false
---@field map integer|false

-- What a list reads as it goes, in tables filled again for each question (a table made
-- costs more than most options): the board (`game.around`), what the character carries,
-- an enemy's range and sight; with what a character's last list worked out (`at`: the
-- change count of the board when `where` ... `friends` were read; `gear`, `ammo`, `jammed`:
-- those when `carried` ... `pockets` were; his moves).
-- None is in the list returned. A list asked for while another is being made (a
-- scenario's hook asking for one) gets tables of its own, and keeps nothing.
---@class goldfever.Scratch
---@field at integer|false
---@field gear integer|false
---@field ammo integer|false
---@field jammed integer|false
---@field where table<Obj, string|nil>
---@field occ table<string, boolean>
---@field enemies Obj[]
---@field friends Obj[]
---@field carried Obj[]
---@field jams integer[]
---@field guns any[]
---@field pockets any[]
---@field dist (integer|nil)[]
---@field seen (boolean|nil)[]
---@field moves goldfever.Kept|nil

---@param kept boolean  with his moves kept
---@return goldfever.Scratch
local function scratch(kept)
  local sc = { at = false, gear = false, ammo = false, jammed = false, where = {}, occ = {}, enemies = {}, friends = {}, carried = {},
    jams = {}, guns = {}, pockets = {}, dist = {}, seen = {} }
  if kept then
    sc.moves = { src = false, at = 0, n = 0, here = false, map = false }
  end
  return sc
end

-- Each character's tables, made at his first list in a game.
---@type table<Obj, goldfever.Scratch>
local KEPT = {}
local listing = false

------------------------------------------------------------------------ the list

---@param c Obj
---@param ap integer
---@param reaction boolean
---@param steady boolean|nil
---@param sc goldfever.Scratch
---@param add function   actions.lua's `M.add`, for the scenario's `actions` hook
---@return goldfever.Options
local function list(c, ap, reaction, steady, sc, add)
  if steady == nil then steady = reaction end
  ---@type goldfever.Options
  local set = { n = 0, c = c, steady = steady, o = slots(), x = false }
  if ap < 1 then return set end
  local H = game.hooks()
  -- One look at the board for the whole question: where everyone stands (kept while
  -- nobody moved), what he carries (kept while no gear, ammunition or jam changed).
  local at, map, gear, ammo, jammed = posse.changes("zone:at", "map", "zone:gear", "counter:ammo", "counter:jammed")
  local where, occ, enemies, friends = sc.where, sc.occ, sc.enemies, sc.friends
  if sc.at ~= at then
    game.around(c, where, occ, enemies, friends)
    sc.at = at
  end
  local here = where[c]
  if here == nil then return set end
  local carried, jams, guns, pockets = sc.carried, sc.jams, sc.guns, sc.pockets
  if sc.gear ~= gear or sc.ammo ~= ammo or sc.jammed ~= jammed then
    -- What he carries, each counter read once: `jams[i]`, the jam of carried[i]; the guns
    -- as (gun, its ammunition, its jam) in turn, the pockets as (object, its jam) in turn.
    -- Only a gun (events.resolve) or a stick of dynamite (a fizzled fuse,
    -- actions.throw_dynamite) is ever jammed (game.yaml's `jammed`): the others' jam is
    -- not asked of the engine.
    local now = posse.contents(game.gear(c))
    for i = #carried, #now + 1, -1 do carried[i] = nil end
    for i = #jams, 1, -1 do jams[i] = nil end
    for i = #guns, 1, -1 do guns[i] = nil end
    for i = #pockets, 1, -1 do pockets[i] = nil end
    for i = 1, #now do
      local o = now[i]
      carried[i] = o
      local kind = (DEFS[o] or def(o)).props.kind
      local jam = (kind == "gun" or kind == "dynamite") and posse.obj_get(o, "jammed") or 0
      jams[i] = jam
      if kind == "gun" then
        local n = #guns
        guns[n + 1], guns[n + 2], guns[n + 3] = o, posse.obj_get(o, "ammo"), jam
      else
        local n = #pockets
        pockets[n + 1], pockets[n + 2] = o, jam
      end
    end
    sc.gear, sc.ammo, sc.jammed = gear, ammo, jammed
  end

  -- Move (GF-R42); the Strongbox's carrier moves once a phase (scenario 4). Kept while he
  -- stands where he stood and the map is the same, unless a hook limits moves or exits.
  local max_moves, can_exit = H.max_moves, H.can_exit
  local moves = (max_moves == nil and can_exit == nil) and sc.moves or nil
  if moves and moves.src and moves.here == here and moves.map == map then
    local src, from, o, m, n = moves.src, moves.at, set.o, set.n * 5, moves.n
    for i = 1, n * 5 do o[m + i] = src[from + i] end
    set.n = set.n + n
  else
    local first = set.n
    -- (The hook asked first: with no limit for him, his moves are not asked of the engine.)
    local limit = max_moves and max_moves(game, c)
    local may_move = not (limit and posse.obj_get(c, "moves") >= limit)
    if may_move then
      -- (push's work written out: a move is the commonest option.)
      local o, m = set.o, set.n
      for _, n in ipairs(posse.neighbours(here)) do
        m = m + 1
        local k = m * 5
        o[k - 4], o[k - 3], o[k - 2], o[k - 1], o[k] = "move", 1, n, false, false
      end
      set.n = m
      -- GF-G63: exits.
      local exits = game.aim(c).exits
      if exits then
        for _, n in ipairs(exits) do
          if n == here and (can_exit == nil or can_exit(game, c)) then push(set, "exit", 1, n, false, false) end
        end
      end
    end
    if moves then moves.src, moves.at, moves.n, moves.here, moves.map = set.o, first * 5, set.n - first, here, map end
  end

  -- Shoot (GF-R43, §5.4): a gun, a visible enemy in range; a shotgun's double shot; Fan the
  -- Hammer with a Colt (J07).
  local may_shoot = H.may_shoot
  local barred = may_shoot ~= nil and not may_shoot(game, c) -- Saloon Brawl: knives and whisky only
  local fan = false
  local j = game.joker(c)
  if j and cards.def(j).props.fan then fan = true end
  -- The range to each enemy (`dist[i]`, enemies[i]'s) and whether he is seen from here
  -- (`seen[i]`), asked of the engine once a question, when a gun or the knife first needs it.
  local dist, seen = sc.dist, sc.seen
  for i = 1, #enemies do dist[i], seen[i] = nil, nil end
  if not barred then
    for gi = 1, #guns, 3 do
      local g, ammo = guns[gi], guns[gi + 1]
      if ammo > 0 and guns[gi + 2] == 0 then
        local d = DEFS[g] or def(g)
        local p = d.props
        for i = 1, #enemies do
          local v = enemies[i]
          local there = where[v] --[[@as string]]
          local r = dist[i]
          if r == nil then
            r = game.range(here, there)
            dist[i] = r
          end
          if r <= p.range then
            local s = seen[i]
            if s == nil then
              s = posse.visible(here, there, occ)
              seen[i] = s
            end
            if s then
              push(set, "shoot", 1, g, false, v)
              if p.double and ammo >= 2 then push(set, "double", 1, g, false, v) end
              if fan and d.id == "colt" then push(set, "fan", 1, g, false, v) end
            end
          end
        end
      end
    end
  end

  -- Reload, un-jam (GF-R44, GF-R45); with the Cartridge belt (O4), from the spare rounds.
  local spare = game.secrets.spare(c)
  for gi = 1, #guns, 3 do
    local g = guns[gi]
    if guns[gi + 1] < (DEFS[g] or def(g)).props.load and (spare == nil or spare > 0) then
      push(set, "reload", 1, g, false, false)
    end
  end
  for i = 1, #carried do
    if jams[i] > 0 then push(set, "unjam", 1, carried[i], false, false) end
  end

  -- Throw (§5.6), attack (§5.7), drink (GF-R52): what the pockets hold.
  ---@type Obj|nil, Obj|nil, Obj|nil, Obj|nil
  local knife, stick, rock, whisky
  for pi = 1, #pockets, 2 do
    local o = pockets[pi]
    local k = (DEFS[o] or def(o)).props.kind
    if k == "knife" and not knife then knife = o end
    if k == "dynamite" and not stick and pockets[pi + 1] == 0 then stick = o end
    if k == "rock" and not rock and posse.face_up(o) then rock = o end
    if k == "rock" and not rock and posse.knows(game.seat(c), o) then rock = o end
    if k == "whisky" and not whisky then whisky = o end
  end
  if knife then
    local reach = game.props(knife).range
    for i = 1, #enemies do
      local v = enemies[i]
      local there = where[v] --[[@as string]]
      local r = dist[i]
      if r == nil then
        r = game.range(here, there)
        dist[i] = r
      end
      if r <= reach then
        local s = seen[i]
        if s == nil then
          s = posse.visible(here, there, occ)
          seen[i] = s
        end
        if s then push(set, "knife", 1, knife, false, v) end
      end
      if there == here then push(set, "attack", 1, knife, false, v) end
    end
  end
  if barred then stick, rock = nil, nil end
  if stick then
    for _, n in ipairs(posse.in_sight(here, rules.reach(game.props(stick).bands), occ)) do
      push(set, "dynamite", 1, stick, n, false)
    end
  end
  if rock then
    for _, n in ipairs(posse.in_sight(here, game.props(rock).range, occ)) do push(set, "rock", 1, rock, n, false) end
  end
  if whisky then push(set, "drink", 1, whisky, false, false) end

  -- Pick up (GF-R47); with a friend in the zone: give him one thing, take one of his, or
  -- swap one for one (GF-G41; 1 AP each; whoever then carries too much drops what his
  -- player chooses, free).
  for _, o in ipairs(posse.contents(game.ground(here))) do push(set, "pickup", 1, o, false, false) end
  for _, f in ipairs(friends) do
    for _, o in ipairs(carried) do push(set, "give", 1, o, false, f) end
    for _, o in ipairs(posse.contents(game.gear(f))) do
      push(set, "take", 1, o, false, f)
      for _, m in ipairs(carried) do push(set, "swap", 1, m, o, f) end
    end
  end

  -- Lay an ambush (GF-R50, §5.10): 2 AP, never as a reaction; the phase ends.
  if not reaction and ap >= D.ambush_cost and posse.obj_get(c, "ambush") == 0 then
    local can = H.can_ambush
    if can == nil or can(game, c) then push(set, "ambush", D.ambush_cost, false, false, false) end
  end

  -- The scenario's own actions (keys and the cell door, ...).
  local extra = H.actions
  if extra then extra(game, c, set, add, reaction) end

  -- Jokers played in one's own phase (§5.11).
  if not reaction and j and cards.when(j) == "phase" then
    local ctx = context.new(c, j)
    ctx.event = { ap = ap }
    if cards.can(j, ctx) then
      local cost = cards.def(j).props.cost or 0
      if cost <= ap then push(set, "joker", cost, ctx, false, false) end
    end
  end
  return set
end

---The actions `c` may take now (actions.lua's `M.list`, which says what the arguments
---are); `add`, actions.lua's `M.add`, handed to the scenario's `actions` hook.
---@param c Obj
---@param ap integer
---@param reaction boolean
---@param steady boolean|nil
---@param add function
---@return goldfever.Options
function M.list(c, ap, reaction, steady, add)
  if listing then return list(c, ap, reaction, steady, scratch(false), add) end
  local sc = KEPT[c]
  if sc == nil then
    sc = scratch(true)
    KEPT[c] = sc
  end
  listing = true
  local set = list(c, ap, reaction, steady, sc, add)
  listing = false
  return set
end

return M
