---@meta
-- The `data:` of goldfever (scenarios/goldfever/game.yaml and its modes) for the Lua checker, written by
-- `posse scripts --types`: do not edit it, run that again after changing `data:`. A script
-- reads it as `local D = posse.data --[[@as goldfever.Data]]`.

---@class goldfever.Data
---@field aims goldfever.Data.aims # what each team plays for (DECISIONS.md, "Aims")
---@field ambush_cost integer
---@field ap integer # GF-R38
---@field arrivals goldfever.Data.arrivals # only in: bank_job (nil in the others)
---@field badly_wounded integer # §5.8: shots one step harder from here
---@field blast goldfever.Data.blast # §5.6
---@field carry goldfever.Data.carry # GF-R49, GF-G40
---@field checked_at string # only in: saloon_brawl (nil in the others)
---@field deadly integer # GF-R20: wounds that kill
---@field deck_names table<string, string> # what people read (DECISIONS.md)
---@field decks string[] # easiest first (§5.4 shifts)
---@field deploy string[] # only in: payroll (nil in the others)
---@field derringer string # J08
---@field equipment goldfever.Data.equipment[] # {id, guns, objects}: instead of the printed equipment
---@field extra_jokers any[][] # [character, jokers drawn]: Ted draws 2 and keeps 1 (§5.14, 1)
---@field jail string # only in: jailbreak (nil in the others)
---@field key_zones string[] # only in: jailbreak (nil in the others)
---@field knife_fight goldfever.Data.knife_fight # §5.7
---@field layout string[][] # the town as the renderer draws it, north first (§5.2), in the map file's order
---@field locked string[][] # [zone, zone]: cell doors locked at the start
---@field markers goldfever.Data.markers[] # {pieces, zones}: face-down markers shuffled, one a zone
---@field no_shooting_until integer # only in: saloon_brawl (nil in the others)
---@field options goldfever.Data.options # §5.13: the optional rules, off by default
---@field scenario_name string
---@field spare_rounds integer # O4: each character's spare rounds
---@field splits table<string, string[][]> # players -> the characters of each player, in seat order
---@field start string[][] # [character, zone]; the others arrive later or never
---@field teams goldfever.Data.teams[]

---@class goldfever.Data.aims
---@field breach table<string, string[]>|nil
---@field hold goldfever.Data.aims.hold|nil
---@field kill_points integer|nil
---@field round_limit integer
---@field teams table<string, goldfever.Data.aims.teams>

---@class goldfever.Data.aims.hold
---@field buildings goldfever.Data.aims.hold.buildings[]
---@field from integer

---@class goldfever.Data.aims.hold.buildings
---@field name string
---@field zones string[]

---@class goldfever.Data.aims.teams
---@field carry string|nil
---@field escape string|nil
---@field exits string[]|nil
---@field gold string|nil
---@field haul integer|nil
---@field kill string|nil
---@field to string|nil

---@class goldfever.Data.arrivals
---@field round integer
---@field who string[][]

---@class goldfever.Data.blast
---@field around string
---@field breach string
---@field centre string

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
