-- The dice of Desperados of Dice Town: their faces mirrored in Lua, the only functions
-- that roll or turn them, and what they show (effects, text, options).
--
-- Speed (random bots play thousands of games): `posse.face` makes a new string at every
-- call, so the faces are kept in a Lua table (DICE), written through by `roll` and
-- `set_face`, and compared with the engine by `verify` at the end of every game
-- (DECISIONS.md, "Speed"). The effects of the dice depend only on how many of each face
-- they show: each face has a weight such that the weights of the dice's faces sum to a key
-- unique to that multiset, and the effects are memoised by that key.

local posse = require "posse"
local rules = require "dice_town.rules"

---@class dice_town.dice
local M = {}

-- The number of dice and the Action face; DICE[i] = the face name of die i; MWEIGHT[face]
-- = (ND + 1) ^ (index of the face - 1); FACE_NAME[face] = "Action", "Lady"...; MKEY = the
-- key of the faces showing; BY_MKEY[key] = the effects they show; TEXT: scratch of `text`.
local ND = 0
local ACTION = "action"
local DICE = {} ---@type string[]
local MWEIGHT = {} ---@type table<string, integer>
local FACE_NAME = {} ---@type table<string, string>
local MKEY = 0
local BY_MKEY = {} ---@type table<integer, dice_town.Effect[]>
local TEXT = {} ---@type string[]

-- Every face of the dice, each once, in the order first met (the content's alone: made
-- once a VM, posse.once).
local FACES = posse.once("dice_town.dice.faces", function()
  local out, seen = {}, {} ---@type string[], table<string, boolean>
  for i = 1, posse.dice() do
    for _, f in ipairs(posse.faces(i)) do
      if not seen[f] then seen[f], out[#out + 1] = true, f end
    end
  end
  return out
end)

local function rekey()
  local m = 0
  for i = 1, ND do m = m + MWEIGHT[DICE[i]] end
  MKEY = m
end

---Prepares the dice for a new game (game.init calls it).
---@param c dice_town.Config
function M.init(c)
  ND, ACTION = posse.dice(), c.action
  MWEIGHT, FACE_NAME, BY_MKEY = {}, {}, {}
  local w = 1
  for k = 1, #FACES do
    local f = FACES[k]
    local d = c.desp[f]
    MWEIGHT[f], FACE_NAME[f], w = w, d and d.name or "Action", w * (ND + 1)
  end
  M.resync()
end

---Reads the faces again from the engine (see game.resync).
function M.resync()
  for i = 1, ND do DICE[i] = posse.face(i) end
  rekey()
end

---Compares the mirror with the engine; `same(what, mine, engine's, ...)` raises on a
---difference (`what` is a format for `...`).
---@param same fun(what: string, a: any, b: any, ...: any)
function M.verify(same)
  for i = 1, ND do same("die %d", DICE[i], posse.face(i), i) end
  local key = MKEY
  rekey()
  same("dice key", key, MKEY)
end

---Number of dice.
---@return integer
function M.count() return ND end

---Face name of die `i`.
---@param i integer
---@return string
function M.face(i) return DICE[i] end

---The current faces (the mirror itself: do not modify).
---@return string[]
function M.faces() return DICE end

---Rolls the listed dice (all when nil). `posse.roll` returns the faces they show, in the
---order rolled, so the mirror is written without reading them back one by one.
---@param which integer[]|nil
function M.roll(which)
  if which == nil then
    if ND == 4 then
      local a, b, c, d = posse.roll()
      DICE[1], DICE[2], DICE[3], DICE[4] = a, b, c, d
      MKEY = MWEIGHT[a] + MWEIGHT[b] + MWEIGHT[c] + MWEIGHT[d]
      return
    end
    local faces, m = { posse.roll() }, 0
    for i = 1, ND do
      local f = faces[i]
      DICE[i], m = f, m + MWEIGHT[f]
    end
    MKEY = m
    return
  end
  local n, m = #which, MKEY
  if n > 4 then
    local faces = { posse.roll(which) }
    for k = 1, n do
      local i, f = which[k], faces[k]
      m = m - MWEIGHT[DICE[i]] + MWEIGHT[f]
      DICE[i] = f
    end
    MKEY = m
    return
  end
  -- At most four dice: each rolled die's old face out of the key, its new one in.
  local f1, f2, f3, f4 = posse.roll(which)
  if n >= 1 then
    local i = which[1]
    m, DICE[i] = m - MWEIGHT[DICE[i]] + MWEIGHT[f1], f1
  end
  if n >= 2 then
    local i = which[2]
    m, DICE[i] = m - MWEIGHT[DICE[i]] + MWEIGHT[f2], f2
  end
  if n >= 3 then
    local i = which[3]
    m, DICE[i] = m - MWEIGHT[DICE[i]] + MWEIGHT[f3], f3
  end
  if n == 4 then
    local i = which[4]
    m, DICE[i] = m - MWEIGHT[DICE[i]] + MWEIGHT[f4], f4
  end
  MKEY = m
end

---Turns die `i` to `face`.
---@param i integer
---@param face string
function M.set_face(i, face)
  posse.set_face(i, face)
  DICE[i] = face
  rekey()
end

---Display name of a die face ("Action", "Lady", ...).
---@param face string
---@return string
function M.face_name(face) return FACE_NAME[face] end

---The effects the dice show now (rules.effects_for), memoised per combination of faces
---(read-only).
---@return dice_town.Effect[]
function M.effects()
  local r = BY_MKEY[MKEY] ---@type dice_town.Effect[]|nil
  if r then return r end
  r = rules.effects_for(DICE)
  BY_MKEY[MKEY] = r
  return r
end

---Whether some dice show the Action face and some do not: the key's digit of the Action
---face (base ND + 1) is how many dice show it.
---@return boolean
function M.mixed()
  local w = MWEIGHT[ACTION]
  local actions = w and MKEY // w % (ND + 1) or 0
  return actions > 0 and actions < ND
end

---Whether a die shows a character face (not Action).
---@return boolean
function M.any_character()
  for i = 1, ND do
    if DICE[i] ~= ACTION then return true end
  end
  return false
end

---Indices of the dice not showing the Action face.
---@return integer[]
function M.non_action()
  local out = { nil, nil, nil, nil } --[[@as integer[] ]] -- room for four dice (lib/tables.lua)
  for i = 1, ND do
    if DICE[i] ~= ACTION then out[#out + 1] = i end
  end
  return out
end

---The faces of die `i` other than the one it shows, in YAML order.
---@param i integer
---@return string[]
function M.other_faces(i)
  local now, out = DICE[i], { nil, nil, nil, nil, nil, nil } --[[@as string[] ]] -- room for a die's faces
  for _, f in ipairs(posse.faces(i)) do
    if f ~= now then out[#out + 1] = f end
  end
  return out
end

---"Action, Lady, Lady, Boss", after `before` and before `after` when given. Every roll
---logs it, so the game's four dice and what surrounds them are one concatenation:
---`table.concat` is a Lua function in the sandbox, and the loop and the call cost this
---game 2.8% of its instructions (DECISIONS.md, "Speed").
---@param before string|nil
---@param after string|nil
---@return string
function M.text(before, after)
  before, after = before or "", after or ""
  if ND == 4 then
    local n, d = FACE_NAME, DICE
    return before .. n[d[1]] .. ", " .. n[d[2]] .. ", " .. n[d[3]] .. ", " .. n[d[4]] .. after
  end
  for i = 1, ND do TEXT[i] = FACE_NAME[DICE[i]] end
  return before .. table.concat(TEXT, ", ") .. after
end

---The options of a question on the dice, one per die: id "die", labelled "Die 1: Lady",
---args `{die = 1, face = "lady"}` (questions.lua: reroll, marked_die, jinx).
---@return Option[]
function M.options()
  local opts = {} ---@type Option[]
  for i = 1, ND do
    local f = DICE[i]
    opts[i] = { id = "die", label = "Die " .. i .. ": " .. FACE_NAME[f], args = { die = i, face = f } }
  end
  return opts
end

return M
