---@meta
-- The `data:` of marshals (scenarios/marshals/game.yaml and its modes) for the Lua checker, written by
-- `posse scripts --types`: do not edit it, run that again after changing `data:`. A script
-- reads it as `local D = posse.data --[[@as marshals.Data]]`.

---@class marshals.Data
---@field character_assignment string  Z05: random | seat (seat s gets terrain s)
---@field first_player integer  Z38: 0 = random; else that seat
---@field map_order string  Z06: random | fixed (data.terrains order; tests)
---@field mode string  std | duo | basic (set by the scenarios)
---@field money_bag integer  R25 (display)
---@field resource_cap integer  Z24
---@field resources boolean  BASIC has none (R61)
---@field start marshals.Data.start  R25, R28
---@field terrain_names marshals.Data.terrain_names
---@field terrains string[]

---@class marshals.Data.start
---@field bullets integer
---@field coins integer
---@field hand integer
---@field provisions integer

---@class marshals.Data.terrain_names
---@field desert string
---@field forest string
---@field mountain string
---@field plain string
