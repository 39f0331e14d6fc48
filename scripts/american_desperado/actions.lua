-- A criminal's turn (§5.6): its actions (two, and Brains' gifts), each a choice among the
-- options listed here as data (kind, what, where), with the mandatory Rest of a tired
-- criminal (AD-R37), the return fire a stack owes (AD-R41), the free actions (loot, the
-- gift), and what ends the turn: the Thug's relief and the street rule.

local posse = require "posse"
local text = require "lib.text"
local ask = require "lib.ask"
local game = require "american_desperado.game"
local combat = require "american_desperado.combat"
local obstacles = require "american_desperado.obstacles"

---@class american_desperado.actions
local M = {}

local D = game.data
local name, where = game.name, game.where

---An option of a criminal's turn: `cost` actions (0: free); `what` an object (an NPC, a
---loot piece, a teammate, a subdued criminal), `cell` a space.
---@class american_desperado.Option
---@field kind string
---@field cost integer
---@field what Obj|nil
---@field cell Cell|nil

-- No police on a space (police_by_cell leaves it out).
---@type Obj[]
local NONE = {}

---@param out american_desperado.Option[]
---@param kind string
---@param cost integer
---@param what Obj|nil
---@param cell Cell|nil
local function add(out, kind, cost, what, cell)
  out[#out + 1] = { kind = kind, cost = cost, what = what, cell = cell }
end

-- The hostage token `c` could trade from `cell` (on its space or one it reaches), or nil.
---@param c Obj
---@param cell Cell
---@return Obj|nil
local function hostage_near(c, cell)
  local here = game.hostages_on(cell)
  if #here > 0 then return here[1] end
  for _, n in ipairs(obstacles.reach(c, cell)) do
    local t = game.hostages_on(n)
    if #t > 0 then return t[1] end
  end
  return nil
end

---The face-down tiles `c` could scout from `cell` that its player does not know yet.
---@param c Obj
---@param cell Cell
---@return Cell[]
function M.unknown(c, cell)
  local out, seat = {}, game.seat(c)
  for _, n in ipairs(obstacles.scoutable(c, cell)) do
    if not posse.knows(seat, game.tile(n) --[[@as Obj]]) then out[#out + 1] = n end
  end
  return out
end

---Whether `c` could scout a tile from `cell` that its player does not know yet (as
---`#M.unknown(c, cell) > 0`, asking the engine only until the first is found).
---@param c Obj
---@param cell Cell
---@return boolean
function M.any_unknown(c, cell)
  local seat = game.seat(c)
  for _, n in ipairs(obstacles.scoutable(c, cell)) do
    if not posse.knows(seat, game.tile(n) --[[@as Obj]]) then return true end
  end
  return false
end

---The options of `c` now, `left` actions left; `may_end`: the turn may end before its
---actions are spent (false for a criminal given an extra action, AD-T25).
---@param c Obj
---@param left integer
---@param may_end boolean
---@return american_desperado.Option[]
function M.list(c, left, may_end)
  local out = {}
  local cell = game.cell_of(c) --[[@as Cell]]
  local owed = posse.obj_get(c, "must_attack")
  local owes = owed ~= 0 and game.cell_of(owed) == cell
  local tired = posse.obj_get(c, "fatigue") > 0
  if left > 0 then
    if tired then
      add(out, "rest", 1)
    elseif owes then
      add(out, "attack", 1, owed, cell)
    else
      local cops = game.police_by_cell()
      for _, npc in ipairs(cops[cell] or NONE) do add(out, "attack", 1, npc, cell) end
      for _, n in ipairs(obstacles.reach(c, cell)) do
        if not (game.inside(n) and game.locked(n)) then
          local npcs = cops[n] or NONE
          if #npcs > 0 then
            for _, npc in ipairs(npcs) do add(out, "attack", 1, npc, n) end
          else
            add(out, "move", 1, nil, n)
          end
        end
      end
      -- Brains scouts any tile (§5.5): one option, then which tile.
      if game.props(c).scout_any then
        if M.any_unknown(c, cell) then add(out, "scout_any", 1) end
      else
        for _, n in ipairs(M.unknown(c, cell)) do add(out, "scout", 1, nil, n) end
      end
      -- A trade frees a subdued teammate: only then is a hostage near looked for.
      local down = false
      for _, x in ipairs(game.crew()) do
        if game.subdued(x) then down = true end
      end
      if down and hostage_near(c, cell) then
        for _, x in ipairs(game.crew()) do
          if game.subdued(x) then add(out, "trade", 1, x, cell) end
        end
      end
    end
  end
  -- Free: loot on its own space, Brains' gift.
  if game.room(c) > 0 then
    for _, l in ipairs((game.loot_on(cell))) do add(out, "take", 0, l, cell) end
  end
  for _, l in ipairs((game.carried(c))) do add(out, "drop", 0, l, cell) end
  if game.props(c).gifts and posse.get("gifts") > 0 then
    for _, x in ipairs(game.crew()) do
      if x ~= c and not game.subdued(x) and posse.obj_get(x, "gift") == 0 then add(out, "gift", 0, x) end
    end
  end
  -- A tired criminal rests and a stack returns fire before its turn may end (AD-R37, AD-R41);
  -- a gifted one uses all its actions (AD-T25) unless none is left to take.
  local paid = false
  for _, o in ipairs(out) do
    if o.cost > 0 then paid = true end
  end
  if left == 0 or not paid or (may_end and not owes and not tired) then add(out, "end", 0) end
  return out
end

-- What a step onto `n` is, for its label.
---@param n Cell
---@return string
local function step_label(n)
  local e = game.entrance_no(n)
  if e then return ("Move to E%d %s"):format(e, where(n)) end
  if not game.inside(n) then return "Move to " .. where(n) .. " (street)" end
  local t = game.tile(n) --[[@as Obj]]
  if not posse.face_up(t) then return "Step onto " .. where(n) .. " (face down)" end
  if game.obstacle(n) then return ("Fight the %s at %s"):format(name(t), where(n)) end
  return "Move to " .. where(n)
end

-- What a step onto `n` is, as a tag: `move` (an entrance, the street, a revealed tile),
-- `step` (onto a face-down tile), `fight` (a revealed obstacle); as step_label says.
---@param n Cell
---@return string
local function step_tag(n)
  if game.entrance_no(n) or not game.inside(n) then return "move" end
  local t = game.tile(n) --[[@as Obj]]
  if not posse.face_up(t) then return "step" end
  if game.standing(t) then return "fight" end
  return "move"
end

-- The tag of each kind of option but a step (step_tag): the action or ability it uses.
---@type table<string, string|false>
local KIND_TAG = {
  rest = "rest", attack = "attack", scout = "scout", scout_any = "scout_any",
  trade = "trade_hostage", take = "take_loot", drop = "drop_loot", gift = "gift", ["end"] = false,
}

-- The tags of the last turn's question (M.tags), and how many it holds.
---@type (string|false)[]
local TAGS = {}
local TAGS_N = 0

---The tags of the options `opts`, for `posse sim`'s numbers and the bots (Tags in
---DECISIONS.md). One table serves every question: it is good until the next call.
---@param opts american_desperado.Option[]
---@return (string|false)[]
function M.tags(opts)
  local n = #opts
  for i = 1, n do
    local o = opts[i]
    if o.kind == "move" then
      TAGS[i] = step_tag(o.cell --[[@as Cell]])
    else
      TAGS[i] = KIND_TAG[o.kind] or false
    end
  end
  for i = n + 1, TAGS_N do TAGS[i] = nil end
  TAGS_N = n
  return TAGS
end

---The label of option `o` of criminal `c`.
---@param c Obj
---@param o american_desperado.Option
---@return string
function M.label(c, o)
  local k = o.kind
  if k == "rest" then return ("Rest (%d fatigue)"):format(posse.obj_get(c, "fatigue")) end
  if k == "attack" then
    local npc = o.what --[[@as Obj]]
    local at = o.cell == game.cell_of(c) and "here" or ("at " .. where(o.cell --[[@as Cell]]))
    return ("Attack the %s %s (strength %d)"):format(name(npc), at, game.props(npc).strength)
  end
  if k == "move" then return step_label(o.cell --[[@as Cell]]) end
  if k == "scout" then return "Scout " .. where(o.cell --[[@as Cell]]) end
  if k == "scout_any" then return "Scout any tile (then choose which)" end
  if k == "trade" then return "Trade a hostage to free " .. name(o.what --[[@as Obj]]) end
  if k == "take" then return "Take the " .. name(o.what --[[@as Obj]]) .. " (free)" end
  if k == "drop" then return "Drop the " .. name(o.what --[[@as Obj]]) .. " (free)" end
  if k == "gift" then return ("Give %s an extra action (free; %s left)"):format(name(o.what --[[@as Obj]]), text.count(posse.get("gifts"), "gift")) end
  return "End the turn"
end

---Option `o` of criminal `c` as the question offers it (questions.lua, kind `turn`): its
---id (its tag, or `end_turn`), its label, and its args (`who` and `left` on every one).
---@param c Obj
---@param o american_desperado.Option
---@param left integer  the actions `c` has left
---@return Option
function M.option(c, o, left)
  local k = o.kind
  local args = { who = posse.def_id(c), left = left } ---@type table<string, string|number|boolean>
  local id = KIND_TAG[k] or "end_turn"
  if k == "move" then
    local n = o.cell --[[@as Cell]]
    id = step_tag(n)
    args.cell = game.key(n)
    if id == "fight" then
      local p = game.props(game.tile(n) --[[@as Obj]])
      args.class, args.power = p.class, p.power
    end
  elseif k == "attack" then
    local p = game.props(o.what --[[@as Obj]])
    args.cell, args.unit, args.strength = game.key(o.cell --[[@as Cell]]), p.kind, p.strength
  elseif k == "scout" then
    args.cell = game.key(o.cell --[[@as Cell]])
  elseif k == "trade" or k == "gift" then
    args.criminal = posse.def_id(o.what --[[@as Obj]])
  elseif k == "take" or k == "drop" then
    args.piece, args.value = posse.def_id(o.what --[[@as Obj]]), game.props(o.what --[[@as Obj]]).value
  end
  return ask.option(id, M.label(c, o), args)
end

---Does option `o` of `c` (its cost already spent from `turn`).
---@param c Obj
---@param o american_desperado.Option
---@param turn american_desperado.Turn
function M.run(c, o, turn)
  local k = o.kind
  local cell = game.cell_of(c) --[[@as Cell]]
  if k == "rest" then
    posse.obj_add(c, "fatigue", -1)
    game.log(("%s rests (%d fatigue)."):format(name(c), posse.obj_get(c, "fatigue")))
  elseif k == "attack" then
    combat.attack(c, o.what --[[@as Obj]], turn)
  elseif k == "move" then
    local n = o.cell --[[@as Cell]]
    game.put(c, game.at_zone(n))
    if game.inside(n) and (not game.revealed(n) or game.obstacle(n)) then
      -- A failure that does not hold it there sends it back to `cell` (obstacles.meet).
      obstacles.meet(c, cell, n, turn)
    else
      game.log(("%s moves to %s."):format(name(c), where(n)))
    end
  elseif k == "scout" then
    obstacles.peek(c, o.cell --[[@as Cell]])
  elseif k == "scout_any" then
    local can = M.unknown(c, cell)
    local i = ask.pick(game.seat(c), "scout", function() return name(c) .. " scouts which tile?" end, function()
      local out, who = {}, posse.def_id(c) ---@type Option[], string
      for j, n in ipairs(can) do out[j] = ask.option("tile", "Scout " .. where(n), { cell = game.key(n), who = who }) end
      return out
    end, #can)
    obstacles.peek(c, can[i])
  elseif k == "trade" then
    local token = hostage_near(c, cell) --[[@as Obj]]
    local x = o.what --[[@as Obj]]
    posse.move(token, posse.zone("hostages"))
    game.set_subdued(x, false)
    posse.obj_set(x, "skip", 1)
    game.put(x, game.at_zone(cell))
    game.log(("%s trades a hostage: %s is free at %s."):format(name(c), name(x), where(cell)))
  elseif k == "take" then
    posse.move(o.what --[[@as Obj]], posse.zone("carry", c))
    game.log(("%s takes the %s."):format(name(c), name(o.what --[[@as Obj]])))
  elseif k == "drop" then
    posse.move(o.what --[[@as Obj]], game.ground(cell))
    game.log(("%s drops the %s."):format(name(c), name(o.what --[[@as Obj]])))
  elseif k == "gift" then
    posse.add("gifts", -1)
    posse.obj_add(o.what --[[@as Obj]], "gift", 1)
    game.log(("%s gives %s an extra action."):format(name(c), name(o.what --[[@as Obj]])))
  end
end

-- The Thug's relief (§5.5): at the end of his turn, free, one fatigue off a teammate on
-- his space or next to it (orthogonally).
---@param c Obj
local function relief(c)
  local cell = game.cell_of(c) --[[@as Cell]]
  local near = { [cell] = true }
  for _, n in ipairs(posse.grid_neighbours(cell, false)) do near[n] = true end
  local tired = {}
  for _, x in ipairs(game.crew()) do
    local xc = game.cell_of(x)
    if x ~= c and not game.subdued(x) and xc and near[xc] and posse.obj_get(x, "fatigue") > 0 then
      tired[#tired + 1] = x
    end
  end
  if #tired == 0 then return end
  local tags = {}
  for k = 1, #tired do tags[k] = "relief" end
  tags[#tired + 1] = false
  local i = ask.pick(game.seat(c), "relief", function() return name(c) .. " ends his turn: lift a teammate's fatigue?" end,
    function()
      local out = {} ---@type Option[]
      for k, x in ipairs(tired) do
        local f = posse.obj_get(x, "fatigue")
        out[k] = ask.option("teammate", ("%s (%d fatigue)"):format(name(x), f), { criminal = posse.def_id(x), fatigue = f })
      end
      out[#tired + 1] = ask.option("nobody", "Nobody")
      return out
    end, #tired + 1, { tags = tags })
  if i <= #tired then
    posse.obj_add(tired[i], "fatigue", -1)
    game.log(("%s helps %s (%d fatigue)."):format(name(c), name(tired[i]), posse.obj_get(tired[i], "fatigue")))
  end
end

---Criminal `c`'s turn: its actions, then the end of its turn.
---@param c Obj
function M.turn(c)
  local seat = game.seat(c)
  posse.obj_set(c, "exposed", 0)
  local gifted = posse.obj_get(c, "gift")
  posse.obj_set(c, "gift", 0)
  ---@type american_desperado.Turn
  local turn = { c = c, left = D.actions + gifted }
  posse.set_current(seat)
  local n = name(c)
  game.log(n .. (n:sub(-1) == "s" and "' turn." or "'s turn."))
  while not game.over() and not game.subdued(c) do
    -- AD-T25: a criminal given an extra action must use all of its actions (Rest counts).
    local opts = M.list(c, turn.left, gifted == 0)
    -- Nothing left but to end: no question.
    if #opts == 0 or (#opts == 1 and opts[1].kind == "end" and turn.left == 0) then break end
    local left = turn.left
    local i = ask.pick(seat, "turn", function()
      return ("%s at %s: %d action%s left."):format(name(c), where(game.cell_of(c) --[[@as Cell]]), left,
        left == 1 and "" or "s")
    end, function()
      local out = {} ---@type Option[]
      for k, o in ipairs(opts) do out[k] = M.option(c, o, left) end
      return out
    end, #opts, { tags = M.tags(opts) })
    local o = opts[i]
    if o.kind == "end" then break end
    turn.left = turn.left - o.cost
    M.run(c, o, turn)
    game.check_end()
  end
  if not game.over() and not game.subdued(c) then
    if game.props(c).relief then relief(c) end
    local cell = game.cell_of(c) --[[@as Cell]]
    if not game.inside(cell) and posse.get("threat") > 0 then posse.obj_set(c, "exposed", 1) end
  end
  posse.set_current(nil)
end

return M
