---@meta
-- The `data:` of desperados (scenarios/desperados/game.yaml and its modes) for the Lua checker, written by
-- `posse scripts --types`: do not edit it, run that again after changing `data:`. A script
-- reads it as `local D = posse.data --[[@as desperados.Data]]`.

---@class desperados.Data
---@field bank_low_max integer
---@field bank_set_aside desperados.Data.bank_set_aside
---@field banks string[] # §5.2
---@field banks_high integer
---@field banks_low integer
---@field cities desperados.Data.cities[]
---@field first_schedule integer # 0: random (S5); 1..5: that schedule first (tests, variants)
---@field marshal_seat integer # which seat plays the Marshal (S7)
---@field moves integer # G1
---@field schedules desperados.Data.schedules[]
---@field target_per_desperado integer # W1, W2
---@field turns integer # G1

---@class desperados.Data.bank_set_aside
---@field count integer
---@field value integer

---@class desperados.Data.cities
---@field id string
---@field name string

---@class desperados.Data.schedules
---@field id string
---@field route string[]
