---@meta
-- The `data:` of dice_town (scenarios/dice_town/game.yaml and its modes) for the Lua checker, written by
-- `posse scripts --types`: do not edit it, run that again after changing `data:`. A script
-- reads it as `local D = posse.data --[[@as dice_town.Data]]`.

---@class dice_town.Data
---@field action_face string # the die face that grants actions
---@field brain_texts table<string, string>
---@field desperados dice_town.Data.desperados[]
---@field draws table<string, dice_town.Data.draws> # W1-W3
---@field first_player integer # S7: seat that starts; 0 = a random seat
---@field gang_assignment string # G-GANGS: random | seat (seat s gets gang s) | choose (in seat order)
---@field gangs dice_town.Data.gangs[]
---@field max_rounds integer # guard: after this many rounds the richest gang wins ("turn limit")
---@field roll_limit integer # T1: up to three rolls per turn
---@field setup dice_town.Data.setup
---@field start_money integer # S1: $50 each ($200 for 4 players)

---@class dice_town.Data.desperados
---@field attack integer|nil
---@field brain boolean|nil
---@field id string
---@field name string
---@field ranks integer
---@field symbol string

---@class dice_town.Data.draws
---@field draw integer
---@field keep integer

---@class dice_town.Data.gangs
---@field ability string
---@field brain string
---@field colour string
---@field id string
---@field name string

---@class dice_town.Data.setup
---@field max_same integer
---@field reroll string
---@field two_brains_free boolean
