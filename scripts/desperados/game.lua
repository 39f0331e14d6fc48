-- Desperados: the table every part of the rules shares. Who plays what (the Marshal, the
-- desperadoes, how many Sheriffs), the towns (names, numbers, roads), where the pawns,
-- Sheriffs and coaches are, each seat's movement deck, and what this turn's cards have
-- done so far (where they lead, which move was impossible, which activities were declared).
-- It also holds the context that movement cards act through (see scripts/desperados/cards.lua).
--
-- The flow (main.lua) calls `game.init` at the start of every game and `game.new_turn` at
-- the start of every turn; the other modules read and change the table through the
-- functions below. Ids (S2, M3, E4, G-...) are those of shared/rules/desperados.gaps.md.

local posse = require "posse"
local cards = require "lib.cards"
local tables = require "lib.tables"

-- The game's `data:` is `desperados.Data` (scripts/types/data/desperados.lua, written by
-- `posse scripts --types` from game.yaml).

---What one seat's cards have done this turn.
---@class desperados.Plan
---@field pos string          where its cards lead so far (its pawn's town before the first)
---@field cards Obj[]         cards[k]: the card played in move k
---@field bad integer|nil     the move of its first impossible card (E7); nil while all were legal

---What a desperado may do in a move (A1, A8): nothing, or an activity in the town his
---cards lead to.
---@class desperados.Option
---@field kind "none"|"poker"|"coach"|"spy"
---@field city string           the town
---@field coach string|nil      the coach to rob ("brown" or "blue")

---An activity declared this turn (A1-A3): the discs laid on one target in one move.
---@class desperados.Activity: desperados.Option
---@field move integer          the move it was declared in
---@field sheriffs integer      the Sheriffs in the town then
---@field who Seat[]            the desperadoes who laid down their discs, in seat order

---The names of the game's counters (game.yaml), made once a game: a name made with `..`
---at every look costs more than the look.
---@class desperados.Counters
---@field sheriff string[]              sheriff[i] = "sheriff_i", the town of Sheriff i
---@field schedule string[]             schedule[i] = "schedule_i", the schedule in place i
---@field at table<string, string>      at[colour] = "<colour>_at", the town of a coach
---@field robbed table<string, string>  robbed[colour] = "<colour>_robbed", 1 while it is held up

---@class desperados.game
---@field data desperados.Data
---@field players integer           how many seats
---@field marshal Seat
---@field desperadoes Seat[]        the desperadoes' seats, by number
---@field sheriffs integer          how many Sheriffs are in play (one a desperado)
---@field towns string[]            the board's nodes in board order
---@field deck Obj[][]              deck[s]: seat s's movement cards, in the order of cards.yaml
---@field plan desperados.Plan[]    plan[s]: this turn's cards of seat s
---@field activities desperados.Activity[]  the activities declared this turn (E4)
---@field taken {poker: table<string, boolean>, coach: table<string, boolean>}  G-JOIN: the poker towns and the coaches that have an activity this turn
---@field counter desperados.Counters     the names of the counters
local game = {}

---What a movement card does (its script's table; scripts/desperados/cards.lua says what
---each field is for).
---@class desperados.Card: lib.Card
---@field can fun(ctx: desperados.Context): boolean
---@field label fun(ctx: desperados.Context): string
---@field play fun(ctx: desperados.Context)
---@field proof fun(ctx: desperados.Context): Obj[]
---@field revealed fun(ctx: desperados.Context)
---@field arrested fun(ctx: desperados.Context)

---The context a movement card acts through: who played it (`seat`), the card (`card`,
---`def`, `props`), the move it belongs to (`move`), and the methods at the end of this
---file, which are all a card may read or change. A card must not keep its context: the
---flow points each seat's one context at the card it asks about.
---@class desperados.Context: lib.Context
---@field card Obj
---@field def Def
---@field props table
---@field move integer
local Context = {}
Context.__index = Context

---The coaches, in the order they move.
game.COACHES = { "brown", "blue" }

local INDEX = {} ---@type table<string, integer>          INDEX[town] = its number (the value of position counters)
local NAME = {} ---@type table<string, string>            NAME[town] = its display name (data.cities)
local ROADS = {} ---@type table<string, string[]>         ROADS[town] = the towns a road away, sorted by id
local NEAR = {} ---@type table<string, table<string, boolean>>  NEAR[a][b]: a road joins a and b
local CONTEXTS = {} ---@type desperados.Context[]            CONTEXTS[s] = seat s's context
local PLAN = {} ---@type desperados.Plan[]                   PLAN = game.plan (this turn's)
local ZONES = {} ---@type table<string, table<Seat|string, Zone>>  ZONES[name][seat or town] = its handle

---Reads the data and the board and gives every seat its role: the Marshal (data.marshal_seat)
---and the desperadoes, one team.
function game.init()
  local d = posse.data --[[@as desperados.Data]]
  local n = posse.players()
  game.data, game.players = d, n
  local marshal = d.marshal_seat
  if math.type(marshal) ~= "integer" or marshal < 1 or marshal > n then
    error(("data.marshal_seat: expected a seat 1..%d, got %s"):format(n, tostring(marshal)), 0)
  end
  game.marshal = marshal
  game.towns = posse.nodes()
  INDEX, NAME, ROADS, NEAR, ZONES = {}, {}, {}, {}, {}
  for i, id in ipairs(game.towns) do
    INDEX[id] = i
    local c = d.cities[i]
    if not c or c.id ~= id then
      error(("data.cities[%d]: expected the town %s (data.cities lists the board's nodes in order)"):format(i, id), 0)
    end
    NAME[id] = c.name
    local roads = posse.neighbours(id)
    ROADS[id], NEAR[id] = roads, {}
    for _, to in ipairs(roads) do NEAR[id][to] = true end
  end
  game.desperadoes = {}
  for s = 1, n do
    if s == marshal then
      posse.set_role(s, "marshal")
    else
      posse.set_role(s, "desperado")
      posse.set_team(s, "desperadoes")
      game.desperadoes[#game.desperadoes + 1] = s
    end
  end
  game.sheriffs = #game.desperadoes
  local counter = { sheriff = {}, schedule = {}, at = {}, robbed = {} }
  for i = 1, game.sheriffs do counter.sheriff[i] = "sheriff_" .. i end
  for i = 1, math.max(#d.schedules, d.turns) do counter.schedule[i] = "schedule_" .. i end
  for _, colour in ipairs(game.COACHES) do
    counter.at[colour], counter.robbed[colour] = colour .. "_at", colour .. "_robbed"
  end
  game.counter = counter
  game.deck, game.plan, game.activities, game.taken = {}, {}, {}, { poker = {}, coach = {} }
  CONTEXTS = {}
  for s = 1, n do CONTEXTS[s] = cards.context(Context, s, nil, { move = 0 }) end
end

---Starts a turn's record: every seat's cards lead from its pawn's town.
function game.new_turn()
  PLAN = {}
  game.plan, game.activities, game.taken = PLAN, {}, { poker = {}, coach = {} }
  for s = 1, game.players do PLAN[s] = { pos = game.where(s), cards = {}, bad = nil } end
end

------------------------------------------------------------------------ towns

---The display name of a town.
---@param id string
---@return string
function game.town_name(id) return NAME[id] or id end

---The number of a town (board order: the value of position counters).
---@param id string
---@return integer
function game.index(id) return INDEX[id] end

---The towns a road away from `id`, sorted by id.
---@param id string
---@return string[]
function game.roads(id) return ROADS[id] end

------------------------------------------------------------- pieces on the board

---The handle of the zone `name` of seat or town `at` (posse.zone, asked once a game).
---@param name string
---@param at Seat|string
---@return Zone
function game.zone(name, at)
  local of = ZONES[name] or tables.new_at(ZONES, name)
  local z = of[at]
  if z == nil then
    z = posse.zone(name, at)
    of[at] = z
  end
  return z
end

---The town of seat `s`'s pawn.
---@param s Seat
---@return string
function game.where(s) return game.towns[posse.get("at", s)] end

---Puts seat `s`'s pawn in town `id`.
---@param s Seat
---@param id string
function game.put(s, id) posse.set("at", INDEX[id], s) end

---How many Sheriffs are in town `id`.
---@param id string
---@return integer
function game.sheriffs_in(id)
  local n, i, sheriff = 0, INDEX[id], game.counter.sheriff
  for k = 1, game.sheriffs do
    if posse.get(sheriff[k]) == i then n = n + 1 end
  end
  return n
end

---K1: the schedule a coach follows in turn `t` (nil: not in play).
---@param colour string
---@param t integer
---@return desperados.Data.schedules|nil
function game.schedule_of(colour, t)
  local i = colour == "brown" and t or t - 1
  if i < 1 then return nil end
  return game.data.schedules[posse.get(game.counter.schedule[i])]
end

--------------------------------------------------------------- movement cards

---Seat `seat`'s context for its card `card` of move `move`: each seat has one context,
---pointed at the card asked about (lib.cards.point), so that checking every card of a
---hand makes no table.
---@param seat Seat
---@param card Obj
---@param move integer
---@return desperados.Context
function game.context(seat, card, move)
  local ctx = CONTEXTS[seat]
  ctx.move = move
  return cards.point(ctx, card)
end

---The cards of `list` that seat `seat` may play in move `move`, in order: those whose
---behaviour's `can` says yes.
---@param seat Seat
---@param move integer
---@param list Obj[]
---@return Obj[]
function game.legal(seat, move, list)
  local ctx = CONTEXTS[seat]
  ctx.move = move
  return cards.legal(ctx, list)
end

---Runs part `part` ("play", "proof", "revealed", "arrested") of the behaviour of seat
---`seat`'s movement card `card` of move `move`; returns what it returns.
---@param seat Seat
---@param card Obj
---@param move integer
---@param part string
---@return any
function game.run(seat, card, move, part)
  local ctx = CONTEXTS[seat]
  ctx.move = move
  return cards.run(card, ctx, part)
end

-- What every movement card's script must give (scripts/desperados/cards.lua).
local PARTS = { "can", "label", "play", "proof", "revealed", "arrested" }

---Raises, naming the card, unless `card`'s script returns a movement card's behaviour.
---@param card Obj
function game.check_card(card)
  cards.check(card, PARTS, "a movement card's behaviour")
end

-------------------------------------------------- what a card may read or change

---Where the seat's cards lead before this one (M2: its pawn's town before the first).
---@return string
function Context:leads_to() return PLAN[self.seat].pos end

---Whether a road joins the town the seat's cards lead to and town `id`.
---@param id string
---@return boolean
function Context:road_to(id) return NEAR[PLAN[self.seat].pos][id] == true end

---The seat's cards now lead to town `id`.
---@param id string
function Context:lead_to(id) PLAN[self.seat].pos = id end

---The card the seat played in move `k` of this turn (nil before it was played).
---@param k integer
---@return Obj|nil
function Context:played(k) return PLAN[self.seat].cards[k] end

---The town of the seat's pawn.
---@return string
function Context:pawn() return game.where(self.seat) end

---Puts the seat's pawn in town `id`.
---@param id string
function Context:move_pawn(id) game.put(self.seat, id) end

---E2: the card goes to the Marshal for the rest of the game.
function Context:hand_over() posse.move(self.card, posse.zone("lost")) end

---Logs `text` for everyone.
---@param text string
function Context:log(text) posse.log(text) end

---The seat's name.
---@return string
function Context:seat_name() return posse.seat_name(self.seat) end

---The display name of a town.
---@param id string
---@return string
function Context:town_name(id) return NAME[id] or id end

return game
