-- The town of goldfever_town.yaml as the bot knows it: the zones' movement neighbours and
-- the static sight and range between zones (shared/rules/goldfever.gaps.md §5.2, the
-- reference output the engine's derived board agrees with). The view holds no geometry, so
-- the bot carries the board's; a breach (Jailbreak, The Bank Job) adds a neighbour.

local M = {}

---The zones in the order of the range table's rows and columns.
M.order = { "```", "N1", "N2", "N3", "N4", "LIV", "BAR", "TAB", "BNK", "HOT", "CHU", "S1", "S2", "S3", "S4", "S5", "S6", "SHF", "JAL", "STO", "UND", "TEL", "COR", "R1", "R2", "R3" }

---Movement neighbours (the cell door locked or not: the bot does not rely on JAL's exit).
M.next_to = {
  N1 = { "LIV", "N2" },
  N2 = { "N1", "N3", "TAB" },
  N3 = { "HOT", "N2", "N4" },
  N4 = { "N3" },
  LIV = { "N1", "S1" },
  BAR = { "S2", "TAB" },
  TAB = { "BAR", "N2", "S3" },
  BNK = { "S3", "S4" },
  HOT = { "N3", "S4", "S5" },
  CHU = { "S5", "S6" },
  S1 = { "LIV", "S2", "SHF" },
  S2 = { "BAR", "S1", "S3", "STO" },
  S3 = { "BNK", "S2", "S4", "STO", "TAB", "UND" },
  S4 = { "BNK", "HOT", "S3", "S5", "TEL", "UND" },
  S5 = { "CHU", "HOT", "S4", "S6", "TEL" },
  S6 = { "CHU", "COR", "S5" },
  SHF = { "JAL", "S1" },
  JAL = { "SHF" },
  STO = { "R2", "S2", "S3" },
  UND = { "S3", "S4" },
  TEL = { "R3", "S4", "S5" },
  COR = { "R4", "S6" },
  R1 = { "R2" },
  R2 = { "R1", "R3", "STO" },
  R3 = { "R2", "R4", "TEL" },
  R4 = { "COR", "R3" },
}

---Indoor zones: a shot into one from outside is one deck harder (§5.4 cover).
M.indoor = { LIV = true, BAR = true, TAB = true, BNK = true, HOT = true, CHU = true, SHF = true, JAL = true,
  STO = true, UND = true, TEL = true }

-- Row r, column c: the range from zone r to zone c, "." where there is no static sight.
local RANGES = [[
    -- ```
  0 1 2 3 1 . . . . . . . . . . . . . . . . . . . . .  -- N1
  1 0 1 2 . . 1 . . . . . 2 . . . . . 3 . . . . . . .  -- N2
  2 1 0 1 . . . . . . . . . . . . . . . . . . . . . .  -- N3
  3 2 1 0 . . . . . . . . . . . . . . . . . . . . . .  -- N4
  1 . . . 0 . . . . . 1 . . . . . 2 . . . . . . . . .  -- LIV
  . . . . . 0 1 . . . . 1 . 3 . . . 2 . . . . . . . .  -- BAR
  . 1 . . . 1 0 . . . 3 . 1 . . . . . 2 2 . . . . . .  -- TAB
  . . . . . . . 0 . . . . 1 1 . . . . . 2 2 . . . . .  -- BNK
  . . . . . . . . 0 . . . . 1 1 . . . . 2 1 . . . . .  -- HOT
  . . . . . . . . . 0 . . . . 1 1 . . . . 2 2 . . . .  -- CHU
  . . . . 1 . 3 . . . 0 1 2 3 4 5 1 . . . . . . . . .  -- S1
  . . . . . 1 . . . . 1 0 1 2 3 4 . . 1 . . . . . . .  -- S2
  . 2 . . . . 1 1 . . 2 1 0 1 2 3 . . . 1 . . . 2 . .  -- S3
  . . . . . 3 . 1 1 . 3 2 1 0 1 2 . . . 1 1 . . . . .  -- S4
  . . . . . . . . 1 1 4 3 2 1 0 1 . . . . 1 . . . . .  -- S5
  . . . . . . . . . 1 5 4 3 2 1 0 . . . . . 1 . . . .  -- S6
  . . . . 2 . . . . . 1 . . . . . 0 1 . . . . . . . .  -- SHF
  . . . . . 2 . . . . . . . . . . 1 0 . . . . . . . .  -- JAL
  . 3 . . . . 2 . . . . 1 . . . . . . 0 . . . . . . .  -- STO
  . . . . . . 2 2 2 . . . 1 1 . . . . . 0 . . . . . .  -- UND
  . . . . . . . 2 1 2 . . . 1 1 . . . . . 0 . . . . .  -- TEL
  . . . . . . . . . 2 . . . . . 1 . . . . . 0 . . . .  -- COR
  . . . . . . . . . . . . . . . . . . . . . . 0 1 2 3  -- R1
  . . . . . . . . . . . . 2 . . . . . . . . . 1 0 1 2  -- R2
  . . . . . . . . . . . . . . . . . . . . . . 2 1 0 1  -- R3
]]

---Static sight: range[a][b] is the range from a to b, nil where a cannot see b.
---@type table<string, table<string, integer>>
M.range = {}
do
  local r = 0
  for line in RANGES:gmatch("[^\n]+") do
    r = r + 1
    local row, c = {}, 0
    for cell in line:gmatch("%S+") do
      if cell == "--" then break end
      c = c + 1
      if cell ~= "." then row[M.order[c]] = tonumber(cell) end
    end
    local zone = M.order[r] --[[@as string]]
    M.range[zone] = row
  end
end

---The number of moves from every zone to the nearest of `goals` (a set of zones), with the
---view's breaches as extra neighbours; zones that cannot reach a goal are absent.
---@param goals table<string, boolean>
---@param extra table<string, string[]>|nil  more neighbours (breaches)
---@return table<string, integer>
function M.distances(goals, extra)
  local dist, queue, head = {}, {}, 1
  for z in pairs(goals) do
    dist[z] = 0
    queue[#queue + 1] = z
  end
  while queue[head] do
    local z = queue[head]
    head = head + 1
    local function visit(n)
      if dist[n] == nil then
        dist[n] = dist[z] + 1
        queue[#queue + 1] = n
      end
    end
    for _, n in ipairs(M.next_to[z] or {}) do visit(n) end
    for _, n in ipairs(extra and extra[z] or {}) do visit(n) end
  end
  return dist
end

return M
