-- What the sharp bot knows of a Dice Town position, read from its seat's view, and what
-- an Action, a card or a die face is worth to it. Every value is in dollars of the bot's
-- own money: a rank turned is worth RANK, an opponent's dollar lost is worth less than one
-- of ours (he is one rival of several), a card in hand is worth CARD.

---@class sharp.Model
---@field me integer                          the bot's seat
---@field n integer                           seats in the game
---@field ranks table<integer, table<string, integer>>  ranks left, by seat then Desperado id
---@field money integer[]
---@field out boolean[]                       eliminated seats
---@field left integer[]                      ranks left in all, by seat
---@field centre integer
---@field ids string[]                        Desperado ids in data order (the dice's faces)
---@field attack table<string, integer>
---@field ability string                      the bot's Brain ability (gangs.yaml id)
---@field action string                       the Action face
---@field memo table<string, table<integer, number>|nil>
local M = {}
M.__index = M

M.RANK = 6        -- one rank turned toward the keys
M.CARD = 4.5      -- a Wild West card in hand
M.WIN = 500       -- a change that wins the game (or, negated, hands it to a rival)

---A copy of a list.
---@generic T
---@param list T[]
---@return T[]
function M.copy(list)
  local out = {}
  for i = 1, #list do out[i] = list[i] end
  return out
end

---Reads the view into a model.
---@param view View
---@param data table
---@return sharp.Model
function M.new(view, data)
  local m = setmetatable({ me = view.seat or 1, n = #view.seats, ranks = {}, money = {}, out = {},
    left = {}, ids = {}, attack = {}, memo = {}, action = data.action_face }, M)
  for i, d in ipairs(data.desperados) do
    m.ids[i], m.attack[d.id] = d.id, d.attack or 0
  end
  for s, sv in ipairs(view.seats) do
    local c = sv.counters
    m.money[s], m.out[s], m.ranks[s], m.left[s] = c.money or 0, sv.eliminated, {}, 0
    for _, id in ipairs(m.ids) do
      m.ranks[s][id] = c[id] or 0
      m.left[s] = m.left[s] + (c[id] or 0)
    end
  end
  local g = data.gangs[view.seats[m.me].counters.gang or 1]
  m.ability = g and g.ability or ""
  m.centre = view.counters.centre or 0
  return m
end

---The richest money among the seats still in other than `s`.
---@param money integer[]
---@param s integer
---@return integer
function M:richest_but(money, s)
  local top = -1
  for o = 1, self.n do
    if o ~= s and not self.out[o] and money[o] > top then top = money[o] end
  end
  return top
end

---How much a rival's dollar lost is worth to us: more the richer he is next to the others.
---@param money integer[]
---@param o integer
---@return number
function M:weight(money, o)
  local top = math.max(self:richest_but(money, self.me), 1)
  return 0.4 + 0.6 * money[o] / top
end

-- Whether some seat, with all of his gang free, is now the richest (E1): a win.
---@param money integer[]
---@return integer|nil
function M:winner(money)
  for s = 1, self.n do
    if not self.out[s] and self.left[s] == 0 and money[s] >= self:richest_but(money, s) then return s end
  end
  return nil
end

---One attack of our free Desperado `id` on `money` (changed in place): its worth.
---@param money integer[]
---@param id string
---@return number
function M:attack_once(money, id)
  local a = self.attack[id]
  local v = 0 ---@type number
  for o = 1, self.n do
    if o ~= self.me and not self.out[o] and self.ranks[o][id] > 0 and money[o] > 0 then
      local loss = math.min(a, money[o])
      v = v + loss * self:weight(money, o) + (loss == money[o] and 8 or 0)
      money[o] = money[o] - loss
    end
  end
  local w = self:winner(money)
  if w == nil then return v end
  return w == self.me and v + M.WIN or v - M.WIN
end

---One use of our free Brain: its worth.
---@return number
function M:brain_once()
  local ab = self.ability
  if ab == "centre_cash" then return math.min(3, self.centre) end
  if ab == "draw_card" then return M.CARD end
  if ab == "extort" then return 2 + 2 * self:weight(self.money, self:richest_rival()) end
  if ab == "rotate_own" then return self.left[self.me] > 0 and M.RANK or 0 end
  return 1
end

---The rival with the most money (ties: the first).
---@return integer
function M:richest_rival()
  local best, top = self.me, -1
  for o = 1, self.n do
    if o ~= self.me and not self.out[o] and self.money[o] > top then best, top = o, self.money[o] end
  end
  return best
end

---The worth of turning one rank of a Desperado with `r` ranks left: more when he escapes,
---for he is then safe from rivals' attacks of his kind and may attack himself.
---@param id string
---@param r integer
---@return number
function M:rank_once(id, r)
  if r > 1 then return M.RANK end
  local v = M.RANK + 2 + (id == "brain" and 3 or self.attack[id] * 0.6)
  if self.left[self.me] == 1 and self.money[self.me] >= self:richest_but(self.money, self.me) then
    v = v + M.WIN
  end
  return v
end

---The worth of `k` Actions for our Desperado `id`: ranks first, then attacks or the Brain's
---ability (memoised per pick).
---@param id string
---@param k integer
---@return number
function M:actions(id, k)
  local row = self.memo[id]
  if not row then
    row = {} ---@type table<integer, number>
    row[0] = 0
    self.memo[id] = row
    local r, money = self.ranks[self.me][id], M.copy(self.money)
    local v = 0 ---@type number
    for i = 1, 4 do
      if r > 0 then
        v, r = v + self:rank_once(id, r), r - 1
      elseif id == "brain" then
        v = v + self:brain_once()
      else
        v = v + self:attack_once(money, id)
      end
      row[i] = v
    end
  end
  return row[k]
end

---The worth of a draw: "four", "trio" or "misery".
---@param kind string
---@return number
function M.draw_value(kind)
  if kind == "four" then return 2 * M.CARD + 1.5 end
  if kind == "trio" then return M.CARD + 1.5 end
  return M.CARD
end

return M
