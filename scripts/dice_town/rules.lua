-- Pure rules of Desperados of Dice Town: functions of dice faces and plain values that
-- change no state, so tests can call them directly. The only thing they read is the
-- game's static `posse.data` (ranks, attacks, gangs, setup constants), turned once into
-- `config()`.
--
-- Faces are the die face names of game.yaml ("action", "brain", "ugly", "bad", "lady",
-- "boss"); a character face is named after its Desperado's id.

local posse = require "posse"

---@class dice_town.Desperado
---@field index integer   position in the canonical order
---@field id string       the rank counter and the die face
---@field name string
---@field ranks integer   printed ranks (G-RANKS)
---@field attack integer  attack amount (0 for the Brain)
---@field brain boolean

---A gang of `data.gangs`: what the renderer and the log show, and its Brain's ability.
---@class dice_town.Gang
---@field id string
---@field name string     "Los Bandidos"
---@field colour string|nil
---@field brain string    the Brain's name, "El Contador"
---@field short string    the Brain's name without a leading "The": "Ann's Forger"
---@field ability string  id of the Brain's definition in gangs.yaml

---@class dice_town.Draw
---@field draw integer
---@field keep integer

---@class dice_town.Setup
---@field max_same integer
---@field reroll string   "surplus" | "all"
---@field two_brains_free boolean

-- The game's `data:` is `dice_town.Data` (scripts/types/data/dice_town.lua, written by
-- `posse scripts --types` from game.yaml).

---The game's static facts, built once from `posse.data`.
---@class dice_town.Config
---@field start_money integer                    S1
---@field roll_limit integer                     T1
---@field max_rounds integer                     the guard against endless games
---@field first_player integer                   S7: a seat, or 0 for a random one
---@field gang_assignment string                 G-GANGS: random | seat | choose
---@field ids string[]                           Desperado ids in canonical order
---@field desp table<string, dice_town.Desperado>
---@field brain string                           the Brain's id
---@field action string                          the Action face
---@field gangs dice_town.Gang[]
---@field draws table<string, dice_town.Draw>    by kind: trio, four, misery
---@field setup dice_town.Setup

---An effect the dice offer (T2-T4): Actions (`acts`, one id per Action face, canonical
---order) or a draw combination.
---@class dice_town.Effect
---@field kind "act"|"trio"|"four"|"misery"
---@field acts string[]|nil

---@class dice_town.rules
local M = {}

---@type dice_town.Config|nil
local conf

---The game's static facts from `posse.data`, as plain Lua tables (built once).
---@return dice_town.Config
function M.config()
  if conf then return conf end
  local d = posse.data --[[@as dice_town.Data]]
  ---@type dice_town.Config
  local c = {
    start_money = d.start_money, roll_limit = d.roll_limit, max_rounds = d.max_rounds,
    first_player = d.first_player, gang_assignment = d.gang_assignment,
    ids = {}, desp = {}, gangs = {}, draws = {}, brain = "", action = d.action_face or "action",
    setup = { max_same = d.setup.max_same, reroll = d.setup.reroll, two_brains_free = d.setup.two_brains_free == true },
  }
  for i, row in ipairs(d.desperados) do
    c.ids[i] = row.id
    c.desp[row.id] = {
      index = i, id = row.id, name = row.name, ranks = row.ranks,
      attack = row.attack or 0, brain = row.brain == true,
    }
    if row.brain then c.brain = row.id end
  end
  for i, g in ipairs(d.gangs) do
    c.gangs[i] = {
      id = g.id, name = g.name, colour = g.colour, brain = g.brain, ability = g.ability,
      short = g.brain:sub(1, 4) == "The " and g.brain:sub(5) or g.brain,
    }
  end
  for _, kind in ipairs { "trio", "four", "misery" } do
    local r = d.draws[kind]
    c.draws[kind] = { draw = r.draw, keep = r.keep }
  end
  conf = c
  return c
end

---Counts of each face in `faces`: returns counts (face -> n), the number of Action faces,
---the largest count of one face, and the distinct character ids rolled, in canonical order.
---@param faces string[]
---@return table<string, integer> counts, integer actions, integer top, string[] chars
function M.tally(faces)
  local c = M.config()
  -- Made with room for four faces and four ids (lib/tables.lua).
  local counts, top = { _1 = nil, _2 = nil, _3 = nil, _4 = nil } --[[@as table<string, integer|nil> ]], 0
  for i = 1, #faces do
    local f = faces[i]
    local n = (counts[f] or 0) + 1
    counts[f] = n
    if n > top then top = n end
  end
  local chars, ids = { nil, nil, nil, nil } --[[@as string[] ]], c.ids
  for i = 1, #ids do
    if counts[ids[i]] then chars[#chars + 1] = ids[i] end
  end
  return counts --[[@as table<string, integer> ]], counts[c.action] or 0, top, chars
end

---@param actions integer
---@param top integer
---@return "four"|"trio"|"misery"|nil
local function combo_of(actions, top)
  if top >= 4 then return "four" end
  if top == 3 then return "trio" end
  if actions == 0 then return "misery" end
  return nil
end

---The draw combination shown by the dice (T4): "four" (four identical faces, four Action
---faces included), "trio" (exactly three identical), "misery" (no Action face and neither
---of those), or nil.
---@param faces string[]
---@return "four"|"trio"|"misery"|nil
function M.combo(faces)
  local _, actions, top = M.tally(faces)
  return combo_of(actions, top)
end

---Every legal assignment of the Action faces (D1, D2): multisets of rolled Desperado ids,
---one per Action face, each a list in canonical order; the list of assignments is in
---lexicographic order. DT4: {action, action, ugly, boss} -> {ugly, ugly}, {ugly, boss}, {boss, boss}.
---@param faces string[]
---@return string[][]
function M.assignments(faces)
  local out = {}
  for _, e in ipairs(M.effects_for(faces)) do
    if e.kind == "act" then out[#out + 1] = e.acts end
  end
  return out
end

-- Scratch tables of effects_for (COUNT is zeroed after each use; CHARS, CIDX and AT are
-- read only as far as each use fills them): a table that keeps its slots costs nothing to
-- fill again. COUNT[j] counts the face of index FACE[f] = j: a Desperado's index in
-- config.ids, the Action face next, then any other face in the order first met (an
-- array, which never rehashes as a table keyed by the faces would).
local COUNT = {} ---@type integer[]
local FACE = nil ---@type table<string, integer>|nil
local CHARS = {}  ---@type string[]
local CIDX = {}   ---@type integer[]
local AT = {}     ---@type integer[]
-- The Action effects made so far, by their multiset of ids: the index in config.ids of
-- each id acted, in canonical order, as the digits of one number (base #ids + 1). A game
-- meets about a hundred combinations of dice but only a few dozen assignments, so each
-- is made once and shared by every list that offers it.
local ACT_OF = {} ---@type table<integer, dice_town.Effect>
-- The draw combinations' effects (read-only, shared by every list effects_for returns),
-- and the lists of one of them alone: what dice with no Action face, or with no other
-- face, show (about half of the combinations a game meets; each then costs no list).
local COMBO = { four = { kind = "four" }, trio = { kind = "trio" }, misery = { kind = "misery" } }
local ALONE = { four = { COMBO.four }, trio = { COMBO.trio }, misery = { COMBO.misery } }

---The effects the player may choose from the final dice (T2-T4, G-ACTION-TRIO): one
---{kind = "act", acts = {...}} per assignment, then {kind = "four"|"trio"|"misery"} when the
---dice show that combination. Never empty: four Action faces are a Set of four. Read-only:
---the effects, and a list of one draw combination alone, are shared.
---@param faces string[]
---@return dice_town.Effect[]
function M.effects_for(faces)
  local c = conf or M.config()
  local ids, count, chars, face = c.ids, COUNT, CHARS, FACE
  local nids = #ids
  if not face then
    face = {}
    for i = 1, nids do face[ids[i]] = i end
    face[c.action] = face[c.action] or nids + 1
    for j = 1, nids + 1 do count[j] = 0 end
    FACE = face
  end
  local nf, top = #faces, 0
  for i = 1, nf do
    local f = faces[i]
    local j = face[f]
    if not j then
      j = #count + 1
      face[f], count[j] = j, 0
    end
    local n = count[j] + 1
    count[j] = n
    if n > top then top = n end
  end
  -- The distinct ids rolled (chars[1..nc], canonical order), needed only for Actions.
  local actions, nc = count[face[c.action]], 0
  if actions > 0 then
    for i = 1, nids do
      if count[i] > 0 then
        nc = nc + 1
        chars[nc], CIDX[nc] = ids[i], i
      end
    end
  end
  for i = 1, nf do count[face[faces[i]]] = 0 end
  if nc == 0 then
    local combo = combo_of(actions, top)
    if combo then return ALONE[combo] end
  end
  -- The lists are made with room for what four dice give (tables.lua: a list grown from
  -- empty is made again at 1, 2 and 4 elements); more dice grow them.
  local out, n = (nc > 0 and { nil, nil, nil, nil } or {}) --[[@as dice_town.Effect[] ]], 0
  if nc > 0 then
    -- The multisets of `actions` ids among chars, in lexicographic order: the positions
    -- `at` never decrease; the next one bumps the last position that can move and levels
    -- the ones after it.
    local at, base, memo = AT, #ids + 1, ACT_OF
    -- (digits past 2^53 would collide: many dice are made every time)
    if base ^ actions >= 2 ^ 53 then memo = {} end
    for i = 1, actions do at[i] = 1 end
    while true do
      local key = 0
      for i = 1, actions do key = key * base + CIDX[at[i]] end
      local e = memo[key]
      if not e then
        local a = { nil, nil, nil, nil } --[[@as string[] ]]
        for i = 1, actions do a[i] = chars[at[i]] end
        e = { kind = "act", acts = a }
        memo[key] = e
      end
      n = n + 1
      out[n] = e
      local i = actions
      while i > 0 and at[i] == nc do i = i - 1 end
      if i == 0 then break end
      local v = at[i] + 1
      for j = i, actions do at[j] = v end
    end
  end
  local combo = combo_of(actions, top)
  if combo then out[n + 1] = COMBO[combo] end
  return out
end

---Which dice of a setup roll must be rerolled (S3, G-SETUP-REROLL): every Action die and,
---for a face shown k > max_same times, k - max_same of those dice (the last ones) with
---reroll = "surplus", or all k with reroll = "all". Empty when the roll is valid.
---@param faces string[]
---@return integer[]
function M.setup_rerolls(faces)
  local c = M.config()
  local counts = M.tally(faces)
  local max_same, all = c.setup.max_same, c.setup.reroll == "all"
  local out, seen = {}, {}
  -- Walk from the last die so that "surplus" keeps the first max_same dice of a face.
  for i = #faces, 1, -1 do
    local f = faces[i]
    if f == c.action then
      out[#out + 1] = i
    elseif counts[f] > max_same then
      local s = (seen[f] or 0) + 1
      seen[f] = s
      if all or s <= counts[f] - max_same then out[#out + 1] = i end
    end
  end
  table.sort(out)
  return out
end

---Ranks each Desperado starts with after a valid setup roll (S2-S4, DT1, DT2):
---id -> ranks left (0 = escaped). Each character face rotates its Desperado one rank;
---two Brain faces free the Brain when setup.two_brains_free.
---@param faces string[]
---@return table<string, integer>
function M.setup_ranks(faces)
  local c = M.config()
  local counts = M.tally(faces)
  local out = {}
  for _, id in ipairs(c.ids) do
    local r = c.desp[id].ranks - (counts[id] or 0)
    if r < 0 then r = 0 end
    out[id] = r
  end
  if c.setup.two_brains_free and (counts[c.brain] or 0) >= 2 then out[c.brain] = 0 end
  return out
end

---The winner after a change, if any (E1-E3, G-RICHEST): the last seat not out, else the
---qualifying seat (all Desperados escaped and money >= every seat not out) first from
---`active` clockwise. Arguments are arrays indexed by seat. Returns seat, reason or nil.
---@param active integer
---@param n integer
---@param money integer[]
---@param free boolean[]
---@param out boolean[]
---@return integer|nil, string|nil
function M.winner_of(active, n, money, free, out)
  local left, last, top = 0, nil, nil
  for s = 1, n do
    if not out[s] then
      left, last = left + 1, s
      if top == nil or money[s] > top then top = money[s] end
    end
  end
  if left == 1 then return last, "last gang standing" end
  if left == 0 then return nil end
  for k = 0, n - 1 do
    local s = (active - 1 + k) % n + 1
    if not out[s] and free[s] and money[s] >= top then
      return s, "all Desperados free and richest"
    end
  end
  return nil
end

---What a player really pays when asked for `amount` while holding `money` (G-OVERKILL).
---@param money integer
---@param amount integer
---@return integer
function M.paid(money, amount)
  if amount > money then return money end
  if amount < 0 then return 0 end
  return amount
end

return M
