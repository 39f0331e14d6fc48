-- Desperados: pure helpers of the rules (no game state), testable on their own.

local M = {}

---S5: the schedules in play order, starting with schedule `first` (an index into
---`schedules`) and each next one starting where the one before ends. Raises when the
---schedules do not form one cycle through all of them.
---@param schedules {id: string, route: string[]}[]
---@param first integer
---@return integer[]
function M.chain(schedules, first)
  local n = #schedules
  if math.type(first) ~= "integer" or first < 1 or first > n then
    error(("data.first_schedule: expected 0 or 1..%d, got %s"):format(n, tostring(first)), 0)
  end
  local order, used = { first }, { [first] = true } ---@type integer[], table<integer, boolean>
  while #order < n do
    local last = schedules[order[#order]].route
    local ends = last[#last]
    local found
    for i = 1, n do
      if not used[i] and schedules[i].route[1] == ends then
        found = i
        break
      end
    end
    if not found then
      error(("data.schedules: no schedule starts in %s, where schedule %s ends"):format(
        ends, schedules[order[#order]].id), 0)
    end
    order[#order + 1] = found
    used[found] = true
  end
  return order
end

---"A (Los Lunas to Gallup), B (...)": the schedules of `data` in the order `order`.
---@param data {schedules: {id: string, route: string[]}[]}
---@param order integer[]
---@param city_name fun(id: string): string
---@return string
function M.schedules_text(data, order, city_name)
  local parts = {}
  for i, s in ipairs(order) do
    local r = data.schedules[s].route
    parts[i] = ("%s (%s to %s)"):format(data.schedules[s].id, city_name(r[1]), city_name(r[#r]))
  end
  return table.concat(parts, ", ")
end

---The label of an activity option or record: {kind = "none"|"poker"|"coach"|"spy", city, coach}.
---@param a {kind: string, city: string, coach: string|nil}
---@param city_name fun(id: string): string
---@return string
function M.activity_label(a, city_name)
  if a.kind == "none" then return "No activity" end
  if a.kind == "poker" then return "Cheat at poker in " .. city_name(a.city) end
  if a.kind == "coach" then return "Rob the " .. a.coach .. " coach in " .. city_name(a.city) end
  return "Spy on the bank in " .. city_name(a.city)
end

return M
