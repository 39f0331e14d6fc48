-- The sharp bot's dice: what stopping on some faces is worth (the best effect they offer),
-- and which dice to keep, by an exact expectation over the rolls left. The four dice are
-- looked at as a multiset of faces (counts per face), so there are 126 outcomes of four
-- dice and 210 sets of kept dice: the whole table fits in a pick.

local model = require "dice_town.bots.sharp.model"

local M = {}

local FACES = 6     -- the Action face, then the five Desperados in data order
local DICE = 4

---A multiset of faces: counts[f] for f in 1..FACES.
---@alias sharp.Counts integer[]

-- A multiset's key: its counts in base DICE + 1.
---@param c sharp.Counts
---@return integer
local function key(c)
  local k = 0
  for f = FACES, 1, -1 do k = k * (DICE + 1) + c[f] end
  return k
end

-- Every multiset of `n` faces with its probability when `n` dice are rolled.
---@param n integer
---@return {c: sharp.Counts, p: number}[]
local function outcomes(n)
  local out, c = {}, {}
  for f = 1, FACES do c[f] = 0 end
  local fact = { 1, 1, 2, 6, 24 } ---@type integer[] fact[k + 1] = k!
  local function walk(f, left, ways)
    if f == FACES then
      c[f] = left
      out[#out + 1] = { c = { table.unpack(c) }, p = ways / fact[left + 1] / FACES ^ n }
      return
    end
    for k = 0, left do
      c[f] = k
      walk(f + 1, left - k, ways / fact[k + 1])
    end
  end
  walk(1, n, fact[n + 1])
  return out
end

local ROLLS = {} ---@type table<integer, {c: sharp.Counts, p: number}[]>
for n = 0, DICE do ROLLS[n] = outcomes(n) end

---The counts of a list of face ids.
---@param m sharp.Model
---@param faces string[]
---@return sharp.Counts
function M.counts(m, faces)
  local index = { [m.action] = 1 }
  for i, id in ipairs(m.ids) do index[id] = i + 1 end
  local c = {}
  for f = 1, FACES do c[f] = 0 end
  for _, f in ipairs(faces) do c[index[f]] = c[index[f]] + 1 end
  return c
end

-- The best split of `a` Actions among the Desperados `chars` (ids), from `from` on.
---@param m sharp.Model
---@param chars string[]
---@param from integer
---@param a integer
---@return number
local function best_split(m, chars, from, a)
  if from == #chars then return m:actions(chars[from], a) end
  local best = -math.huge
  for k = 0, a do
    local v = m:actions(chars[from], k) + best_split(m, chars, from + 1, a - k)
    if v > best then best = v end
  end
  return best
end

---What stopping on the faces `c` is worth: the best of their effects (T2-T4).
---@param m sharp.Model
---@param c sharp.Counts
---@return number
function M.stop(m, c)
  local a, top, chars = c[1], 0, {}
  for f = 1, FACES do
    if c[f] > top then top = c[f] end
    if f > 1 and c[f] > 0 then chars[#chars + 1] = m.ids[f - 1] end
  end
  local best = -math.huge
  if a > 0 and #chars > 0 then best = best_split(m, chars, 1, a) end
  local combo = top >= 4 and "four" or top == 3 and "trio" or a == 0 and "misery" or nil
  if combo then best = math.max(best, model.draw_value(combo)) end
  return best
end

---A table of values for the faces in hand, the rolls left and the dice to keep.
---@class sharp.Table
---@field m sharp.Model
---@field stops table<integer, number>
---@field keeps table<integer, table<integer, number|nil>>  rolls left after this one -> kept key -> expectation
---@field values table<integer, table<integer, number|nil>> rolls left -> faces' key -> value
local T = {}
T.__index = T

---@param m sharp.Model
---@return sharp.Table
function M.table(m)
  return setmetatable({ m = m, stops = {}, keeps = {}, values = {} }, T)
end

---What stopping on `c` is worth (memoised).
---@param c sharp.Counts
---@return number
function T:stop(c)
  local k = key(c)
  local v = self.stops[k]
  if not v then
    v = M.stop(self.m, c)
    self.stops[k] = v
  end
  return v
end

---The sub-multisets of `c` with fewer than DICE faces (the dice one may keep and reroll
---the others), each once.
---@param c sharp.Counts
---@return sharp.Counts[]
function M.kept_sets(c)
  local out, cur = {}, {}
  local function walk(f, size)
    if f > FACES then
      if size < DICE then out[#out + 1] = { table.unpack(cur) } end
      return
    end
    for k = 0, c[f] do
      cur[f] = k
      walk(f + 1, size + k)
    end
  end
  walk(1, 0)
  return out
end

---The expected value of keeping `kept` and rolling the others, with `left` rolls after.
---@param kept sharp.Counts
---@param left integer
---@return number
function T:keep(kept, left)
  local row = self.keeps[left]
  if not row then
    row = {}
    self.keeps[left] = row
  end
  local k = key(kept)
  local known = row[k]
  if known then return known end
  local n = 0
  for f = 1, FACES do n = n + kept[f] end
  local sum, c = 0.0, {}
  for _, o in ipairs(ROLLS[DICE - n]) do
    for f = 1, FACES do c[f] = kept[f] + o.c[f] end
    sum = sum + o.p * self:value(c, left)
  end
  row[k] = sum
  return sum
end

---The value of holding faces `c` with `left` rolls still allowed: stop or reroll, the best.
---@param c sharp.Counts
---@param left integer
---@return number
function T:value(c, left)
  if left == 0 then return self:stop(c) end
  local row = self.values[left]
  if not row then
    row = {}
    self.values[left] = row
  end
  local k = key(c)
  local known = row[k]
  if known then return known end
  local best = self:stop(c)
  for _, kept in ipairs(M.kept_sets(c)) do
    local v = self:keep(kept, left - 1)
    if v > best then best = v end
  end
  row[k] = best
  return best
end

---The best dice to keep from `c` with `left` rolls allowed (this one included), and the
---expectation of rolling the others.
---@param c sharp.Counts
---@param left integer
---@return sharp.Counts, number
function T:best_keep(c, left)
  local best, at = -math.huge, c
  for _, kept in ipairs(M.kept_sets(c)) do
    local v = self:keep(kept, left - 1)
    if v > best then best, at = v, kept end
  end
  return at, best
end

return M
