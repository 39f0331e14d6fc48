---@meta
-- The `data:` of american_desperado (scenarios/american_desperado/game.yaml and its modes) for the Lua checker, written by
-- `posse scripts --types`: do not edit it, run that again after changing `data:`. A script
-- reads it as `local D = posse.data --[[@as american_desperado.Data]]`.

---@class american_desperado.Data
---@field ability_bonus integer # §5.5
---@field actions integer # §5.6
---@field aims american_desperado.Data.aims # what the crew must do, as the rules read it and the bots are told (DECISIONS.md, "Aims")
---@field brains_gifts integer
---@field cover_bonus integer # §5.12: the fighter's covering fire
---@field crew string[] # AD-R45: criminal 1..4 in turn order
---@field fatigue american_desperado.Data.fatigue # §5.7, §5.12
---@field heist string # §5.3: the Medium heist card
---@field heist_name string
---@field obstacle_copies integer # §5.1: 48 tiles (AD-R15); 4: the 64 of AD-R14
---@field obstacles integer # AD-T01: 36 tiles = 32 obstacles + 4 loot
---@field patrols integer[][] # §5.2: patrol A and B start here
---@field stratified_deal boolean # §5.4 option
---@field success string # §5.7: roll + bonus >= power (gt: the alternative)
---@field threat american_desperado.Data.threat # §5.8, §5.9, §5.12: what raises it
---@field tracks table<string, american_desperado.Data.tracks> # §5.9: level -> what it calls

---@class american_desperado.Data.aims
---@field exits integer[]
---@field rounds integer
---@field target integer
---@field track string

---@class american_desperado.Data.fatigue
---@field cover integer
---@field defend integer
---@field heavy integer

---@class american_desperado.Data.threat
---@field bystander integer
---@field camera integer
---@field dead_end integer
---@field guard integer
---@field lock integer
---@field street integer

---@class american_desperado.Data.tracks
---@field guard integer
---@field levels table<string, string[]>
