---@meta view
-- LuaLS annotations for what the engine gives a game's renderer and strategy bots: a
-- seat's view (everything the seat may see, nothing else) and, for bots, the question.
-- Nothing here runs.

---@class View
---@field seat integer|nil      the seat viewing (nil: the omniscient view)
---@field game string
---@field players integer
---@field current integer|nil   whose turn it is, as the game last said
---@field seats SeatView[]
---@field counters table<string, integer>  the global counters the seat may read
---@field zones table<string, ZoneView>    the global zones
---@field board table<string, table<string, ZoneView>>  per-node zones: node, then zone id
---@field dice string[]         the shared dice's faces (typed as public dice; a die of a kind declared `hidden` shows {hidden = true} until revealed)
---@field log string[]          the newest log lines the seat may read
---@field deciding integer[]    the seats the game waits for
---@field asking {seat: integer, kind: string}[]|nil  the kinds of their questions, where the game types them
---@field answers AnswerView[]  answers already given to the pending decision that the seat may see
---@field result table|nil      how the game ended
---@field map table|nil         a zone map's locks and breaches

---@class SeatView
---@field name string
---@field role string|nil
---@field team string|nil
---@field eliminated boolean
---@field counters table<string, integer>  its counters the viewer may read
---@field zones table<string, ZoneView>    its zones
---@field dice DieView[]|nil     its own dice (`per_seat: true`), as the viewer may see them (nil: the game has none)

---A die's face name, or `{hidden = true}` when the viewer may not see it (nothing else).
---@alias DieView string|HiddenDie

---@class HiddenDie
---@field hidden true

---@class ZoneView
---@field count integer
---@field objects ObjectView[]  top first

---@class ObjectView
---@field hidden boolean|nil    true: the viewer cannot see what it is (no other field)
---@field def string            its definition id
---@field name string
---@field text string|nil
---@field props table
---@field face_up boolean
---@field counters table<string, integer>|nil
---@field zones table<string, ZoneView>|nil

---@class AnswerView
---@field seat integer
---@field picks integer[]
---@field labels string[]

---How the renderer is asked to draw a view (its third argument): compact, to fit a
---screen of 80×24 beside the question (`full = false`, `lib.text`'s ROWS), or whole,
---however long (`full = true`: the REPL's `:full`).
---@class RenderHow
---@field full boolean

---A decision as a strategy bot reads it: its kind and its options' ids and arguments
---(declared in `scripts/<game>/questions.lua`). The prompt and the labels are for people:
---a bot is not given them.
---@class BotQuestion
---@field seat integer          the seat asked (the bot's)
---@field kind string|nil       the question's kind (nil in a game that declares none)
---@field ids (string|false)[]  option i's id is ids[i] (false in an untyped game)
---@field args table<string, string|number|boolean>[] option i's arguments (empty when none)
---@field tags (string|false)[] option i's tag (what it plays or uses), false where it has none
---@field count integer         the number of options
---@field multi boolean         several options are picked (a list), between min and max
---@field min integer
---@field max integer

---The board as a bot knows it (the game's start: nothing locked or breached).
---@class BotBoard
---@field nodes string[]                         the movement graph's nodes (zones, cells `c,r`, places)
---@field next_to table<string, string[]>        movement neighbours
---@field zones table<string, {name: string, indoor: boolean}>|nil  a zone map's zones
---@field sight table<string, table<string, boolean>>|nil  a zone map: sight[a][b] when a sees b
---@field range table<string, table<string, integer>>|nil  a zone map: the range from a to b
---@field grid {cols: integer, rows: integer, ring: boolean}|nil

---What a bot knows beyond the view: the board and the scenario's declared aims
---(`data.aims` of the mode's YAML; an empty table where it declares none).
---@class BotSetting
---@field board BotBoard
---@field aims table

---A strategy bot: what `scripts/<game>/bots/NAME.lua` returns. `pick` gets the seat's
---view, the question, the game's `data:` and the setting (board and aims), and returns
---an option number (or a list of them when `question.multi`). It runs in a VM of its own,
---set back before every pick: it keeps nothing between picks, and `math.random` is seeded
---by the game and the pick.
---@class Bot
---@field about string
---@field pick fun(view: View, question: BotQuestion, data: table, setting: BotSetting): integer|integer[]
