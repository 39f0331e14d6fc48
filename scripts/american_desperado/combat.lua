-- Combat (§5.7) and what it does to criminals (§5.12): the test (the criminal's d6 plus
-- its bonuses against a power or a strength), the Engineer's reroll, subdual, fatigue,
-- and an NPC's attack on a space, with the stack's fighter and covering fire.

local posse = require "posse"
local ask = require "lib.ask"
local game = require "american_desperado.game"

---@class american_desperado.combat
local M = {}

local D = game.data
local name = game.name

-- The Engineer's reroll question: reroll (his ability), or keep the roll.
---@type lib.ask.How
local REROLL = { tags = { "reroll", false } }

---A criminal's turn as combat sees it: the actions it has left (the Engineer's reroll
---spends one).
---@class american_desperado.Turn
---@field c Obj
---@field left integer

---@param c Obj
---@param what string  an obstacle class or a police kind
---@return integer
function M.bonus(c, what)
  for _, a in ipairs(game.props(c).against) do
    if a == what then return D.ability_bonus end
  end
  return 0
end

---@param total integer
---@param target integer
---@return boolean
local function passes(total, target)
  if D.success == "gt" then return total > target end
  return total >= target
end

---Rolls criminal `c`'s test against `target` with `bonus` (§5.7). In the Engineer's own
---turn, with an action left, a failed roll may be rolled again for an action (§5.5); the
---new result stands. Returns whether it succeeded.
---@param c Obj
---@param target integer
---@param bonus integer
---@param turn american_desperado.Turn|nil
---@param against string  what it fights, for the log
---@return boolean
function M.test(c, target, bonus, turn, against)
  posse.roll({ 1 })
  local roll = tonumber(posse.face(1)) --[[@as integer]]
  game.log(("%s rolls %d%s against %s (%d)."):format(name(c), roll, bonus > 0 and (" +" .. bonus) or "", against, target))
  if not passes(roll + bonus, target) and turn and turn.c == c and turn.left > 0 and game.props(c).reroll then
    local left = turn.left
    local again = ask.pick(game.seat(c), "reroll", function()
      return ("%s rolled %d + %d against %d. Reroll for an action (%d left)?"):format(name(c), roll, bonus, target, left)
    end, function()
      return {
        ask.option("reroll", "Reroll (1 action)", { roll = roll, bonus = bonus, power = target, left = left }),
        ask.option("keep", "Keep the roll"),
      }
    end, 2, REROLL)
    if again == 1 then
      turn.left = turn.left - 1
      posse.roll({ 1 })
      roll = tonumber(posse.face(1)) --[[@as integer]]
      game.log(("%s rerolls: %d."):format(name(c), roll))
    end
  end
  return passes(roll + bonus, target)
end

---Adds `n` fatigue to `c`.
---@param c Obj
---@param n integer
function M.tire(c, n)
  if n <= 0 then return end
  posse.obj_add(c, "fatigue", n)
  game.log(("%s takes %d fatigue (%d)."):format(name(c), n, posse.obj_get(c, "fatigue")))
end

---Criminal `c` is subdued where it stands (AD-R40): it drops its loot there; the crew
---loses when nobody is left standing.
---@param c Obj
function M.subdue(c)
  game.set_subdued(c, true)
  posse.obj_set(c, "exposed", 0)
  posse.obj_set(c, "must_attack", 0)
  posse.obj_set(c, "gift", 0)
  local cell = game.cell_of(c)
  game.log(name(c) .. " is subdued.", "fall", cell and game.key(cell))
  if cell then
    for _, l in ipairs(posse.contents(posse.zone("carry", c))) do
      posse.move(l, game.ground(cell))
      game.log(("%s drops the %s."):format(name(c), name(l)))
    end
  end
  game.check_end()
end

---An NPC is defeated: to the defeated pool (§5.10).
---@param npc Obj
function M.defeat(npc)
  local at = game.cell_of(npc)
  game.put(npc, posse.zone("defeated"))
  for _, c in ipairs(game.crew()) do
    if posse.obj_get(c, "must_attack") == npc then posse.obj_set(c, "must_attack", 0) end
  end
  game.log(name(npc) .. " is defeated.", "fall", at and game.key(at))
end

---Criminal `c` attacks `npc` (AD-R39): no fatigue but the Heavy's; success defeats it,
---failure subdues `c`.
---@param c Obj
---@param npc Obj
---@param turn american_desperado.Turn|nil
function M.attack(c, npc, turn)
  local p = game.props(npc)
  local at = game.cell_of(c)
  game.log(("%s attacks the %s."):format(name(c), name(npc)), "fight", at and game.key(at))
  if p.kind == "heavy" then M.tire(c, D.fatigue.heavy) end
  if posse.obj_get(c, "must_attack") == npc then posse.obj_set(c, "must_attack", 0) end
  if M.test(c, p.strength, M.bonus(c, p.kind), turn, name(npc)) then
    M.defeat(npc)
  else
    M.subdue(c)
  end
end

---`npc` attacks the criminals standing on `cell` (it entered or was placed there, AD-R39,
---§5.12): a lone criminal takes the aggressor's fatigue and defends; a stack chooses its
---fighter, the others take cover (+1 fatigue each) and the fighter rolls with covering
---fire. A fighter who loses is subdued and the NPC stays, engaged: the others there must
---attack it on their next turn. Returns whether the NPC was defeated.
---@param npc Obj
---@param cell Cell
---@return boolean
function M.npc_attacks(npc, cell)
  local stack = game.standing_on(cell)
  if #stack == 0 then return false end
  local p = game.props(npc)
  local aggressor = p.kind == "heavy" and D.fatigue.heavy or D.fatigue.defend
  local fighter, bonus = stack[1], 0
  if #stack > 1 then
    local seat = game.seat(stack[1])
    -- Each option names the criminal who fights, by its definition id.
    local tags = {}
    for k, c in ipairs(stack) do tags[k] = posse.def_id(c) end
    local i = ask.pick(seat, "fighter", function()
      return ("The %s attacks %s. Who fights (the others take cover)?"):format(name(npc), game.where(cell))
    end, function()
      local out = {} ---@type Option[]
      for k, c in ipairs(stack) do
        local f = posse.obj_get(c, "fatigue")
        out[k] = ask.option("criminal", ("%s fights (%d fatigue)"):format(name(c), f),
          { criminal = posse.def_id(c), fatigue = f, unit = p.kind --[[@as string]], strength = p.strength --[[@as integer]] })
      end
      return out
    end, #stack, { tags = tags })
    fighter, bonus = stack[i], D.cover_bonus
    for _, c in ipairs(stack) do
      if c ~= fighter then
        game.log(name(c) .. " takes cover.")
        M.tire(c, D.fatigue.cover)
      end
    end
  else
    M.tire(fighter, aggressor)
  end
  game.log(("The %s attacks %s at %s."):format(name(npc), name(fighter), game.where(cell)), "fight", game.key(cell))
  if M.test(fighter, p.strength, M.bonus(fighter, p.kind) + bonus, nil, name(npc)) then
    M.defeat(npc)
    return true
  end
  M.subdue(fighter)
  local rest = game.standing_on(cell)
  for _, c in ipairs(rest) do posse.obj_set(c, "must_attack", npc) end
  return false
end

return M
