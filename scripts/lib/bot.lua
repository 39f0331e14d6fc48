-- What strategy bots share: finding a question's options by id or tag, and picking the
-- best option by a score (ties broken at random). A bot sees only its seat's view and the
-- question (docs/authoring.md, "Strategy bots").

local M = {}

---The first option whose tag is `tag`, or nil.
---@param q BotQuestion
---@param tag string
---@return integer|nil
function M.by_tag(q, tag)
  for i = 1, q.count do
    if q.tags[i] == tag then return i end
  end
  return nil
end

---The first option whose id is `id` (and, when given, whose arguments include every
---`args` pair), or nil.
---@param q BotQuestion
---@param id string
---@param args table<string, string|number|boolean>|nil
---@return integer|nil
function M.by_id(q, id, args)
  for i = 1, q.count do
    if q.ids[i] == id then
      local fits = true
      for k, v in pairs(args or {}) do
        if q.args[i][k] ~= v then fits = false end
      end
      if fits then return i end
    end
  end
  return nil
end

---The option with the highest `score(i, id, args, tag)`; among equal scores, one at random.
---@param q BotQuestion
---@param score fun(i: integer, id: string|false, args: table, tag: string|false): number
---@return integer
function M.best(q, score)
  local best, tied = nil, {}
  for i = 1, q.count do
    local s = score(i, q.ids[i], q.args[i], q.tags[i])
    if best == nil or s > best then
      best, tied = s, { i }
    elseif s == best then
      tied[#tied + 1] = i
    end
  end
  return tied[math.random(#tied)]
end

---The viewing seat's own entry of the view.
---@param view View
---@return SeatView
function M.me(view)
  return view.seats[view.seat or 1]
end

return M
