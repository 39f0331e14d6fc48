-- The one card contract, for every card of every game: a Wild West card, a Far West card,
-- a city card, a gang's Brain. A card is a YAML entry of a component file:
--
--   - id: jinx                    # snake_case, unique in the game
--     name: Jinx
--     count: 2                    # copies (0: a definition with no copy, e.g. a gang's ability)
--     text: "Play right after another player's roll: ..."   # rules text a player reads
--     props: {when: opp_roll}     # data; `when` is the card's timing tag, if it has one
--     script: |                   # Lua returning the card's behaviour:
--       return {
--         can = function(ctx) return ... end,   -- may it be played now (nil: whenever its timing is open)
--         play = function(ctx) ... end,         -- its effect when played
--         drawn = function(ctx) ... end,        -- its effect when drawn (an event), if any
--         label = function(ctx) return ... end, -- its option's label (nil: "Play <name>")
--       }
--
-- A script may return a behaviour shared by many cards (`return require("marshals.cards").movement`)
-- or one of its own. Whatever it returns keeps no game state: everything a card reads or
-- changes goes through `ctx`, the card's context, which the game makes with
-- `cards.context`: `ctx.seat` (who plays it), `ctx.card` (its handle), `ctx.def`,
-- `ctx.props`, and the methods of the game's context class (each game documents its own).
--
-- Example (a game's flow):
--   local cards = require "lib.cards"
--   local ctx = cards.context(CTX, seat, card)
--   if cards.can(card, ctx) then ... cards.label(card, ctx) ... cards.play(card, ctx) end

local posse = require "posse"

---A card's behaviour: what its `script:` returns.
---@class lib.Card
---@field can (fun(ctx: lib.Context): boolean)|nil
---@field play fun(ctx: lib.Context): any|nil
---@field drawn fun(ctx: lib.Context)|nil
---@field label (fun(ctx: lib.Context): string)|nil

---A card's context: who plays it and the game's methods.
---@class lib.Context
---@field seat Seat
---@field card Obj|nil
---@field def Def|nil
---@field props table|nil

---@class lib.cards
local M = {}

-- The tags of the last question's options (M.tags), how many it holds, and how many of
-- them, first, are `false` (those stay when the next question has as many or more).
---@type (string|false)[]
local TAGS = {}
local TAGS_N = 0
local TAGS_FALSE = 0

-- A card whose definition has no script does nothing.
local NOTHING = {}

-- DEF[card]: the definition of `card`, asked of the engine once a card a game (this module
-- runs again for every game, so the table starts empty each time).
local DEF = {}

---The definition of `card` (the engine's table: the same every call).
---@param card Obj
---@return Def
function M.def(card)
  local d = DEF[card]
  if d == nil then
    d = posse.def(card)
    DEF[card] = d
  end
  return d
end
local def = M.def

---The definitions asked so far, by handle: for a game's hottest loop, `cards.defs[c] or
---cards.def(c)` saves a call. Read it; never write it.
---@type table<Obj, Def>
M.defs = DEF

---The behaviour of `card` (its script's table; an empty one when it has no script).
---@param card Obj
---@return lib.Card
function M.of(card) return (DEF[card] or def(card)).script or NOTHING end

---The behaviour of a definition found by id (a card with no copies: an ability).
---@param id string
---@return lib.Card
function M.by_id(id)
  local d = posse.def_by_id(id)
  if d == nil then error("no definition '" .. tostring(id) .. "'", 2) end
  return d.script or NOTHING
end

---Display name of `card`.
---@param card Obj
---@return string
function M.name(card) return def(card).name end

---Display names of the cards of `list`, in order.
---@param list Obj[]
---@return string[]
function M.names(list)
  local out = {}
  for i = 1, #list do out[i] = (DEF[list[i]] or def(list[i])).name end
  return out
end

---The tags of a question's options that play the cards of `list` (their definition ids),
---after `offset` options of no card: what `ask.pick`'s `how.tags` takes, so `posse sim` counts
---how often each card is offered and played, and the wins of those who played it.
---One table serves every question (the engine reads it when the question is asked): it
---is good until the next call.
---@param list Obj[]
---@param offset integer
---@return (string|false)[]|nil
function M.tags(list, offset)
  local n = #list
  if n == 0 then return nil end
  for i = TAGS_FALSE + 1, offset do TAGS[i] = false end
  for k = 1, n do TAGS[offset + k] = (DEF[list[k]] or def(list[k])).id end
  for i = offset + n + 1, TAGS_N do TAGS[i] = nil end
  TAGS_N, TAGS_FALSE = offset + n, offset
  return TAGS
end

---Rules text of `card` (empty when its YAML gives none).
---@param card Obj
---@return string
function M.text(card) return def(card).text or "" end

---The timing tag of `card` (`props.when`), or nil.
---@param card Obj
---@return string|nil
function M.when(card) return def(card).props.when end

---A context for `seat` playing `card` (nil for a context with no card yet), as an
---instance of the game's context class `class` (a table with `__index`). `fields`, when
---given, is reused as the table.
---@generic T: lib.Context
---@param class T
---@param seat Seat
---@param card Obj|nil
---@param fields table|nil
---@return T
function M.context(class, seat, card, fields)
  -- A new one is made with room for its four fields and four of the game's (lib/tables.lua).
  local c = fields or { seat = nil, card = nil, def = nil, props = nil, _1 = nil, _2 = nil, _3 = nil, _4 = nil }
  c.seat, c.card = seat, card
  if card then
    local d = def(card)
    c.def, c.props = d, d.props
  else
    c.def, c.props = nil, nil
  end
  return setmetatable(c, class)
end

---Points `ctx` at `card` (its definition and props) and returns it: one context a seat,
---pointed at each card asked about, and checking every card of a hand makes no table. A
---card uses its context only while it is called.
---@generic T: lib.Context
---@param ctx T
---@param card Obj
---@return T
function M.point(ctx, card)
  local d = DEF[card] or def(card)
  ctx.card, ctx.def, ctx.props = card, d, d.props
  return ctx
end

---Whether `card` may be played now: it has an effect and its `can` (if any) says yes.
---@param card Obj
---@param ctx lib.Context
---@return boolean
function M.can(card, ctx)
  local d = DEF[card] or def(card)
  local b = d.script
  if b == nil or b.play == nil then return false end
  local can = b.can
  if can == nil then return true end
  ctx.card, ctx.def, ctx.props = card, d, d.props
  return can(ctx) == true
end

---The cards of `list` that may be played now in `ctx` (pointed at each in turn), in order.
---@param ctx lib.Context
---@param list Obj[]
---@return Obj[]
function M.legal(ctx, list)
  local out, n = {}, 0
  for i = 1, #list do
    local c = list[i]
    local d = DEF[c] or def(c)
    local b = d.script
    if b ~= nil and b.play ~= nil then
      local can = b.can
      if can ~= nil then ctx.card, ctx.def, ctx.props = c, d, d.props end
      if can == nil or can(ctx) == true then
        n = n + 1
        out[n] = c
      end
    end
  end
  return out
end

---The label of the option that plays `card`.
---@param card Obj
---@param ctx lib.Context
---@return string
function M.label(card, ctx)
  local d = DEF[card] or def(card)
  local b = d.script
  if b ~= nil and b.label then
    ctx.card, ctx.def, ctx.props = card, d, d.props
    return b.label(ctx)
  end
  return "Play " .. d.name
end

---Runs `card`'s effect in `ctx` (pointed at it); moving the card and logging are the
---game's. Returns what the effect returns.
---@param card Obj
---@param ctx lib.Context
---@return any
function M.play(card, ctx)
  local d = DEF[card] or def(card)
  ctx.card, ctx.def, ctx.props = card, d, d.props
  return (d.script or NOTHING).play(ctx)
end

---Runs the part `part` of `card`'s behaviour in `ctx` (pointed at it): "drawn", or a part
---of a game's own contract ("proof", "arrested", ...); returns what it returns.
---@param card Obj
---@param ctx lib.Context
---@param part string
---@return any
function M.run(card, ctx, part)
  local d = DEF[card] or def(card)
  local f = (d.script or NOTHING)[part]
  if type(f) ~= "function" then
    error("card " .. d.id .. ": its script has no part '" .. part .. "'", 2)
  end
  ctx.card, ctx.def, ctx.props = card, d, d.props
  return f(ctx)
end

---Raises, naming the card, unless `card`'s script gives every part in `parts` as a
---function: a game checks its cards' contract when it deals them, so a card added in YAML
---with a part missing fails at once with its name rather than in the middle of a game.
---@param card Obj
---@param parts string[]
---@param what string  what such a card is, for the message ("a movement card's behaviour")
function M.check(card, parts, what)
  local d = def(card)
  local b = d.script
  for _, part in ipairs(parts) do
    if type(b) ~= "table" or type(b[part]) ~= "function" then
      error(("card %s: its script must return %s, with a function %s"):format(d.id, what, part), 0)
    end
  end
end

---Whether `list` holds a card of every kind at most once: the cards of `list` whose
---definition comes first, in order (copies of a card are interchangeable choices).
---@param list Obj[]
---@return Obj[]
function M.one_per_kind(list)
  local out, seen = {}, {}
  for i = 1, #list do
    local d = def(list[i])
    if not seen[d.id] then
      seen[d.id] = true
      out[#out + 1] = list[i]
    end
  end
  return out
end

return M
