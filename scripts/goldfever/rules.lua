-- Goldfever's pure rules: numbers in, numbers out, no state. Ids (GF-..) are those of
-- shared/rules/goldfever.gaps.md.

---@class goldfever.rules
local M = {}

---The hit deck a weapon uses at `range` (§5.4 "weapon bands"): the first of `decks`
---(easiest first) whose farthest range in `bands` reaches it; nil when none does (out of
---range, or a band the weapon does not have).
---@param bands table<string, integer>
---@param decks string[]
---@param range integer
---@return integer|nil  the deck's index in `decks`
function M.band(bands, decks, range)
  for i = 1, #decks do
    local far = bands[decks[i]]
    if far ~= nil and range <= far then return i end
  end
  return nil
end

---A deck `steps` harder than deck `i` (§5.4 shifts: never past the hardest; a negative
---step is easier, never past the easiest).
---@param i integer
---@param steps integer
---@param n integer  how many decks
---@return integer
function M.shift(i, steps, n)
  local j = i + steps
  if j > n then j = n end
  if j < 1 then j = 1 end
  return j
end

---The farthest range of a weapon's bands (its range as a thrown or fired weapon).
---@param bands table<string, integer>
---@return integer
function M.reach(bands)
  local far = -1
  for _, r in pairs(bands) do
    if r > far then far = r end
  end
  return far
end

---Wounds a hit card deals (§5.4): its wounds, doubled by a shotgun's double shot, HIT2
---killing outright under Lethal West (O3).
---@param wounds integer
---@param face string
---@param double boolean
---@param lethal boolean
---@param deadly integer
---@return integer
function M.wounds(wounds, face, double, lethal, deadly)
  if face == "hit2" and lethal then return deadly end
  if double then return wounds * 2 end
  return wounds
end

---AP of an action phase (GF-R38, §5.9 statuses, J01): `base`, 2 when frozen, less the AP a
---character lost hitting the dirt; never below 0.
---@param base integer
---@param frozen boolean
---@param lost integer
---@return integer
function M.phase_ap(base, frozen, lost)
  local ap = base
  if frozen and ap > 2 then ap = 2 end
  ap = ap - lost
  if ap < 0 then ap = 0 end
  return ap
end

return M
