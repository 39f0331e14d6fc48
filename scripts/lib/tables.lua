-- Tables made with room for what they will hold. A table filled one key at a time from
-- empty is made again at 1, 2, 4 and 8 keys, which costs more than the keys themselves; a
-- constructor sizes the table once, even for fields it leaves nil. For the hottest paths
-- of a game's rules (Goldfever's view of the board at every question).

---@class lib.tables
local M = {}

---A new empty table with room for `n` keys in its hash part (for up to 16; more grow it).
---@param n integer
---@return table
function M.hashed(n)
  if n <= 2 then return { _1 = nil, _2 = nil } end
  if n <= 4 then return { _1 = nil, _2 = nil, _3 = nil, _4 = nil } end
  if n <= 8 then return { _1 = nil, _2 = nil, _3 = nil, _4 = nil, _5 = nil, _6 = nil, _7 = nil, _8 = nil } end
  return { _1 = nil, _2 = nil, _3 = nil, _4 = nil, _5 = nil, _6 = nil, _7 = nil, _8 = nil, _9 = nil, _10 = nil,
    _11 = nil, _12 = nil, _13 = nil, _14 = nil, _15 = nil, _16 = nil }
end

---A new empty list with room for `n` elements (for up to 16; more grow it), as `hashed`.
---@param n integer
---@return any[]
function M.listed(n)
  if n <= 2 then return { nil, nil } end
  if n <= 4 then return { nil, nil, nil, nil } end
  if n <= 8 then return { nil, nil, nil, nil, nil, nil, nil, nil } end
  return { nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil }
end

---A new empty table put at `t[k]` and returned: the miss of a memo's row, read as
---`local row = t[k] or tables.new_at(t, k)` (no call when the row is there).
---@param t table
---@param k any
---@return table
function M.new_at(t, k)
  local r = {}
  t[k] = r
  return r
end

return M
