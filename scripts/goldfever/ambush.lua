-- Ambush as an interrupt (GF-R50, gaps §5.10): after each AP-costing action of a character,
-- every opposing character lying in ambush that sees him may react with one 1-AP action.
-- The players of the ambushers answer at once and secretly (react or pass); the reactions
-- resolve in code order; a reaction with nothing left to do is cancelled and its ambusher
-- keeps the marker. Who lies in ambush is public (the marker is on the board, §5.12); what
-- each will do is not, until it is done.

local posse = require "posse"
local ask = require "lib.ask"
local game = require "goldfever.game"
local events = require "goldfever.events"
local actions = require "goldfever.actions"

---@class goldfever.ambush
local M = {}

local name = game.name

local HOLD = { "hold_fire", "Hold fire (stay in ambush)" }

-- Option `i` of ambusher `a`'s reaction, with Sixth Sense (J04) for its target.
---@param a Obj
---@param set goldfever.Options
---@param i integer
local function run(a, set, i)
  local target = actions.target(set, i)
  if target and events.react(target, "ambushed", function()
        return ("%s's ambush targets %s. Play a joker?"):format(name(a), name(target))
      end) then
    game.log(name(a) .. "'s reaction is cancelled.")
    return
  end
  actions.run(set, i)
end

-- Ambusher `a`'s player picks one 1-AP action (§5.10 step 4), or holds fire when what he
-- meant to do is no longer worth it (a reaction made pointless by an earlier one is
-- cancelled and the marker stays); Double Trouble (J12) adds a second. Returns whether it
-- acted.
---@param a Obj
---@return boolean
local function react(a)
  local set = actions.list(a, 1, true)
  local n = set.n
  if n == 0 then
    game.log(name(a) .. " has nothing to do and stays in ambush.")
    return false
  end
  local seat = game.seat(a)
  local i = ask.pick(seat, "reaction", function() return name(a) .. " springs the ambush: which action?" end,
    function() return actions.options(set, seat, false, HOLD) end --[[@as Options]], n + 1, { tags = actions.tags(set, 1) })
  if i > n then
    game.log(name(a) .. " holds fire and stays in ambush.")
    return false
  end
  posse.obj_set(a, "ambush", 0)
  game.secrets.unhide(a) -- O5: reacting shows him
  game.log(name(a) .. " springs the ambush!")
  run(a, set, i)
  if game.alive(a) and events.react(a, "reaction", function()
        return name(a) .. " has reacted. Play a joker?"
      end) then
    local more = actions.list(a, 1, true)
    if more.n > 0 then
      local k = ask.pick(seat, "reaction", function() return name(a) .. ": the second action?" end,
        function() return actions.options(more, seat, false) end --[[@as Options]], more.n, { tags = actions.tags(more, 0) })
      run(a, more, k)
    end
  end
  return true
end

-- Asks the players of `ambushers` at once, secretly, which of theirs react; returns the
-- reacting ones in code order.
---@param ambushers Obj[]
---@param prompt string
---@return Obj[]
local function commit(ambushers, prompt)
  local seats, by_seat = game.by_seat(ambushers)
  local reqs = {}
  for i, s in ipairs(seats) do
    local mine = by_seat[s]
    local tags = {}
    for k = 1, #mine do tags[k] = "spring_ambush" end
    -- The options' labels are made only when someone reads the question.
    reqs[i] = { seat = s, kind = "spring", prompt = prompt, count = #mine, min = 0, max = #mine, secret = true,
      tags = tags, options = function()
        local options = {}
        for k, a in ipairs(mine) do
          options[k] = ask.option("spring", "Spring the ambush with " .. name(a), { who = posse.def_id(a) })
        end
        return options
      end }
  end
  local answers = posse.choose_each(reqs)
  local out = {}
  for i, s in ipairs(seats) do
    for _, k in ipairs(answers[i] --[[@as integer[] ]]) do out[#out + 1] = by_seat[s][k] end
  end
  table.sort(out, function(x, y) return game.code(x) < game.code(y) end)
  return out
end

-- Per team, the change count of the ambush markers (posse.changes) when none of its
-- opponents lay in ambush: while it is the same, none does.
---@type table<integer, integer>
local CALM = {}

---The window after `actor`'s action (§5.10 steps 2-5).
---@param actor Obj
function M.window(actor)
  local side = game.side(actor)
  local markers = posse.changes("counter:ambush")
  if CALM[side] == markers then return end
  local chars = game.chars()
  -- Only an opponent lying in ambush may react: without one, the board is not looked at.
  local any = false
  for i = 1, #chars do
    local a = chars[i]
    if game.side(a) ~= side and posse.obj_get(a, "ambush") > 0 then
      any = true
      break
    end
  end
  if not any then
    CALM[side] = markers
    return
  end
  local where, occ = game.snapshot()
  local at = where[actor]
  if at == nil then return end
  local eligible = {}
  -- The cheap tests first (all of them reads): the team, then where he stands or lurks,
  -- then his marker, then sight.
  for i = 1, #chars do
    local a = chars[i]
    if game.side(a) ~= side then
      local from = where[a] or (game.hidden(a) and game.secrets.lurk(a)) or nil
      if from and posse.obj_get(a, "ambush") > 0 and posse.visible(from, at, occ) then
        eligible[#eligible + 1] = a
      end
    end
  end
  if #eligible == 0 then return end
  local prompt = name(actor) .. " is in sight. Spring the ambush?"
  for _, a in ipairs(commit(eligible, prompt)) do
    if game.alive(a) and posse.obj_get(a, "ambush") > 0 then react(a) end
    if game.over() then return end
  end
end

---A rock lands in `zone` (§5.6): every ambusher opposing `thrower` that sees the zone
---reacts now or gives up its ambush.
---@param thrower Obj
---@param zone string
function M.flush(thrower, zone)
  local occ = game.occupied()
  local eligible = {}
  for _, a in ipairs(game.living()) do
    local from = game.node(a) or game.secrets.lurk(a)
    if posse.obj_get(a, "ambush") > 0 and game.enemies(a, thrower) and posse.visible(from, zone, occ) then
      eligible[#eligible + 1] = a
    end
  end
  if #eligible == 0 then return end
  local reacting = commit(eligible, "A rock lands in " .. game.zone_name(zone) .. ". Spring the ambush now (or give it up)?")
  local set = {}
  for _, a in ipairs(reacting) do set[a] = true end
  for _, a in ipairs(eligible) do
    if not set[a] then
      posse.obj_set(a, "ambush", 0)
      game.log(name(a) .. " gives up the ambush.")
    end
  end
  for _, a in ipairs(reacting) do
    if game.alive(a) and posse.obj_get(a, "ambush") > 0 then
      if not react(a) then
        posse.obj_set(a, "ambush", 0)
        game.log(name(a) .. " gives up the ambush.")
      end
    end
    if game.over() then return end
  end
end

return M
