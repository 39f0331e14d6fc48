---@meta
-- The `data:` of goldfever (scenarios/goldfever/game.yaml and its modes) for the Lua checker, written by
-- `posse scripts --types`: do not edit it, run that again after changing `data:`. A script
-- reads it as `local D = posse.data --[[@as goldfever.Data]]`.

---@class goldfever.Data
---@field ambush_cost integer
---@field ap integer  GF-R38
---@field arrivals goldfever.Data.arrivals  only in: bank_job (nil in the others)
---@field badly_wounded integer  §5.8: shots one step harder from here
---@field bank string  only in: bank_job (nil in the others)
---@field bank_borders string[]  only in: bank_job (nil in the others)
---@field blast goldfever.Data.blast  §5.6
---@field buildings goldfever.Data.buildings[]  only in: range_war (nil in the others)
---@field carry goldfever.Data.carry  GF-R49, GF-G40
---@field checked_at string  only in: saloon_brawl (nil in the others)
---@field deadly integer  GF-R20: wounds that kill
---@field decks string[]  easiest first (§5.4 shifts)
---@field deploy string[]  only in: payroll (nil in the others)
---@field derringer string  J08
---@field equipment goldfever.Data.equipment[]  {id, guns, objects}: instead of the printed equipment
---@field exits table<string, string[]>  team id -> the zones it may leave the town from
---@field extra_jokers any[][]  [character, jokers drawn]: Ted draws 2 and keeps 1 (§5.14, 1)
---@field goal string  only in: payroll (nil in the others)
---@field haul integer  only in: bank_job (nil in the others)
---@field jail string  only in: jailbreak (nil in the others)
---@field jail_borders string[]  only in: jailbreak (nil in the others)
---@field key_zones string[]  only in: jailbreak (nil in the others)
---@field kill_points integer  only in: goldfever (nil in the others)
---@field knife_fight goldfever.Data.knife_fight  §5.7
---@field layout string[][]  the town as the renderer draws it, north first (§5.2), in the map file's order
---@field locked string[][]  [zone, zone]: cell doors locked at the start
---@field markers goldfever.Data.markers[]  {pieces, zones}: face-down markers shuffled, one a zone
---@field no_shooting_until integer  only in: saloon_brawl (nil in the others)
---@field options goldfever.Data.options  §5.13: the optional rules, off by default
---@field round_limit integer
---@field scenario string
---@field scenario_name string
---@field scoring_from integer  only in: range_war (nil in the others)
---@field spare_rounds integer  O4: each character's spare rounds
---@field splits table<string, string[][]>  players -> the characters of each player, in seat order
---@field start string[][]  [character, zone]; the others arrive later or never
---@field teams goldfever.Data.teams[]

---@class goldfever.Data.arrivals
---@field round integer
---@field who string[][]

---@class goldfever.Data.blast
---@field around string
---@field breach string
---@field centre string

---@class goldfever.Data.buildings
---@field name string
---@field zones string[]

---@class goldfever.Data.carry
---@field guns integer
---@field objects integer

---@class goldfever.Data.equipment
---@field guns string[]
---@field id string
---@field objects string[]

---@class goldfever.Data.knife_fight
---@field armed string
---@field riposte string
---@field unarmed string

---@class goldfever.Data.markers
---@field pieces string[]
---@field zones string[]

---@class goldfever.Data.options
---@field cartridge_belt boolean
---@field fast_play boolean
---@field grim_sight boolean
---@field hidden_deployment boolean
---@field lethal_west boolean
---@field steady_aim boolean

---@class goldfever.Data.teams
---@field characters string[]
---@field id string
---@field name string
