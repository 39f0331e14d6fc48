-- American Desperado: set-up (the deal, the patrols, the crew on its entrances) and the
-- order of play (AD-R45): each criminal's slot, then the police's movement step, then the
-- reinforcement step; after the last slot the crew's cards are refreshed. The crew wins or
-- loses together (game.yaml: cooperative).

local posse = require "posse"
local ask = require "lib.ask"
local ending = require "lib.ending"
local game = require "american_desperado.game"
local actions = require "american_desperado.actions"
local obstacles = require "american_desperado.obstacles"
local police = require "american_desperado.police"

local D = game.data
local name, where = game.name, game.where

obstacles.set_police({ extra_step = police.extra_step, deploy = function(u) police.deploy(u, true) end })

-- The deal (§5.4): `obstacles` tiles drawn from the shuffled obstacle deck of
-- `obstacle_copies` a kind (or evenly by
-- class with `stratified_deal`), the loot tiles added, shuffled again, dealt row by row
-- face down.
local function deal()
  local bag, unused = posse.zone("bag"), posse.zone("unused")
  local loot = {}
  for _, t in ipairs(posse.contents(bag)) do
    if game.props(t).class == "loot" then loot[#loot + 1] = t end
  end
  for _, t in ipairs(loot) do posse.move(t, unused) end
  -- The deck (§5.1): `obstacle_copies` of each obstacle, 3 (48 tiles) or 4 (64).
  local copies = {}
  for _, t in ipairs(posse.contents(bag)) do
    local id = posse.def_id(t)
    copies[id] = (copies[id] or 0) + 1
    if copies[id] > D.obstacle_copies then posse.move(t, posse.zone("box")) end
  end
  posse.shuffle(bag)
  local keep = D.obstacles
  if D.stratified_deal then
    -- ⌊N/4⌋ of each class from the top of the shuffled deck, the rest at random.
    local quota, kept, rest = keep // 4, {}, {}
    local taken = {}
    for _, t in ipairs(posse.contents(bag)) do
      local class = game.props(t).class
      if (taken[class] or 0) < quota then
        taken[class] = (taken[class] or 0) + 1
        kept[#kept + 1] = t
      else
        rest[#rest + 1] = t
      end
    end
    for i = 1, keep - #kept do kept[#kept + 1] = rest[i] end
    for _, t in ipairs(posse.contents(bag)) do posse.move(t, unused) end
    for _, t in ipairs(kept) do posse.move(t, bag) end
  else
    while posse.count(bag) > keep do posse.draw(bag, unused) end
  end
  for _, t in ipairs(loot) do posse.move(t, bag) end
  posse.shuffle(bag)
  for r = 0, game.rows - 1 do
    for c = 0, game.cols - 1 do
      posse.draw(bag, game.tile_zone(posse.cell(c, r) --[[@as Cell]]))
    end
  end
  game.board_changed()
end

-- §5.2: patrols A and B where the heist says (data.patrols); the others wait.
local function patrols()
  local k = 0
  for _, o in ipairs(game.police()) do
    local at = D.patrols[k + 1]
    if game.props(o).kind == "patrol" and at then
      k = k + 1
      game.put(o, game.at_zone(posse.cell(at[1], at[2]) --[[@as Cell]]))
    end
  end
end

-- AD-R08: each criminal, in turn order, takes a free entrance, at most two a side.
local function place_crew()
  local taken, per_side = {}, {}
  for _, c in ipairs(game.crew()) do
    local free = {}
    for i, e in ipairs(game.entrances) do
      local ok = not taken[e]
      for s in pairs(game.sides(e)) do
        if (per_side[s] or 0) >= 2 then ok = false end
      end
      if ok then free[#free + 1] = i end
    end
    local k = ask.pick(game.seat(c), "start", function() return "Where does " .. name(c) .. " start?" end, function()
      local out, who = {}, posse.def_id(c) ---@type Option[], string
      for j, i in ipairs(free) do
        local e = game.entrances[i] --[[@as Cell]]
        out[j] = ask.option("entrance", ("E%d %s"):format(i, where(e)), { entrance = i, cell = game.key(e), who = who })
      end
      return out
    end, #free)
    local e = game.entrances[free[k] --[[@as integer]]] --[[@as Cell]]
    taken[e] = true
    for s in pairs(game.sides(e)) do per_side[s] = (per_side[s] or 0) + 1 end
    game.put(c, game.at_zone(e))
    game.log(("%s starts at E%d %s."):format(name(c), free[k], where(e)))
  end
end

-- The entrance tiles on the heist's entrances, numbered (§5.2).
local function entrances()
  local pile = posse.zone("entrance_tiles")
  for i, e in ipairs(game.entrances) do
    local t = posse.at(pile) --[[@as Obj]]
    posse.move(t, game.tile_zone(e))
    posse.flip(t, true)
    posse.obj_set(t, "number", i)
  end
  game.board_changed()
end

local function setup()
  -- Pawns, loot pieces and tokens are face up: everyone sees what they are.
  for _, z in ipairs({ "crew", "police", "loot_side", "markers", "hostages" }) do
    for _, o in ipairs(posse.contents(posse.zone(z))) do posse.flip(o, true) end
  end
  -- The criminals are shared among the players in turn order (a player alone runs all).
  local players = posse.players()
  for i, c in ipairs(game.crew()) do game.set_seat(c, (i - 1) % players + 1) end
  posse.set("gifts", D.brains_gifts)
  game.log(("The %s heist: a %dx%d building, loot worth %d to get away with."):format(D.heist_name, game.cols, game.rows,
    D.aims.target))
  deal()
  entrances()
  patrols()
  place_crew()
end

-- The game: the set-up, then rounds until the end is checked (§5.13: after each
-- criminal's turn, the police's movement and the reinforcements) or the round limit or the
-- threat ends it (`game.finish`); it ends by `lib.ending`.
local function flow()
  setup()
  local round = 0
  while not game.over() do
    round = round + 1
    if D.aims.rounds > 0 and round > D.aims.rounds then
      game.decide(false, ("time runs out after round %d and the police wait the crew out"):format(D.aims.rounds))
      break
    end
    posse.set("round", round)
    game.log("Round " .. round .. ".")
    for _, c in ipairs(game.crew()) do
      if not game.subdued(c) and posse.obj_get(c, "skip") == 0 then actions.turn(c) end
      if game.check_end() then break end
      police.movement()
      if game.check_end() then break end
      police.reinforce()
      if game.check_end() then break end
    end
    -- The cards are refreshed: a criminal revived this round plays the next.
    for _, c in ipairs(game.crew()) do posse.obj_set(c, "skip", 0) end
  end
  -- The last line of the log says how the heist ended, in the words the end screen shows.
  local result = game.result()
  game.log((result.won and "The crew wins: " or "The crew loses: ") .. (result.reason or "the heist is over") .. ".")
  ending.finish(result)
end

local M = {}

---Plays a whole game; returns {won, reason}. The mirrors of game.lua and police.lua are
---compared with the engine at the end of every game.
---@return Result
function M.play()
  local result = ending.run(flow)
  game.verify()
  police.verify()
  return result
end

return M
