-- The cards in the players' hands in Desperados of Dice Town: the hands mirrored in Lua,
-- the only functions that move a card in or out of a hand, which cards a seat may play
-- now, the class of card contexts, and drawing from the Wild West deck.
--
-- Speed: which cards a seat holds and of which timing are read at every menu, so hands
-- are mirrored (CARDS), and each set of timings a menu or a window accepts (`timings`)
-- counts the cards of those timings in every hand, written through by the functions here;
-- definitions are cached (DEF), and the `can` tests of a seat's cards read one context
-- made once a game (PROBE). game.lua's `resync` and `verify` call this module's.
--
-- game.lua requires this module, so this one does not require game.lua: `init` receives
-- the turn state and the seat names from it.

local posse = require "posse"
local cards = require "lib.cards"

---@class dice_town.hands
local M = {}

---A shared empty list (read-only): what a menu offers when it offers nothing.
M.EMPTY = setmetatable({}, { __newindex = function() error("EMPTY is read-only", 2) end })
local EMPTY = M.EMPTY

local turn ---@type dice_town.Turn
local N = 0
local NAMES = {} ---@type string[]
local NUM ---@type table<integer, string>
-- Each seat's hand and pick zone (cards drawn for a Trio or a Set of four); the piles.
local HAND = {} ---@type Zone[]
local PICK = {} ---@type Zone[]
local DRAW = 0 ---@type Zone
local DISCARD = 0 ---@type Zone
-- Mirrors: CARDS[seat] = the cards in his hand, in the order they came; OBTAINED[card] =
-- the turn in which its holder got it (W5). SETS[when] = the timing sets (`timings`) that
-- accept that timing; ALL_SETS = every one, in the order made.
local CARDS = {} ---@type Obj[][]
local OBTAINED = {} ---@type table<Obj, integer>
local SETS = {} ---@type table<string, dice_town.Timings[]>
local ALL_SETS = {} ---@type dice_town.Timings[]
-- Caches: DEF = lib.cards.defs, the definitions read so far (they never change). PROBE[seat]: the context
-- `playable` gives the `can` tests of his cards. A `can` only reads, and plays get
-- contexts of their own (context.lua), so one a seat serves every menu of a game (they are
-- asked at every menu: a fresh context each time cost 1.3% of the game's time).
local DEF = cards.defs
local PROBE = {} ---@type dice_town.Context[]

---The definition of `card` (lib.cards.def: read once a card a game).
local def = cards.def
M.def = def

---The timing tag of a card (`props.when`), or "" when it has none.
---@param card Obj
---@return string
local function when_of(card) return def(card).props.when or "" end

---The timings a menu or a window accepts (`props.when`), made once at load by `timings`:
---it counts the cards of those timings in each hand, so asking whether a seat holds one
---costs no scan of his hand.
---@class dice_town.Timings
---@field has table<string, boolean>  the timings (true)
---@field held integer[]           held[s]: cards of these timings in s's hand
---@field total integer            cards of these timings in all hands
---@field out Obj[]                what `playable` returns (out[1..n_out])
---@field n_out integer

-- Counts `set`'s cards in every hand again.
---@param set dice_town.Timings
local function recount(set)
  local total = 0
  for s = 1, N do
    local n, hand = 0, CARDS[s] or EMPTY
    for k = 1, #hand do
      if set.has[when_of(hand[k])] then n = n + 1 end
    end
    set.held[s], total = n, total + n
  end
  set.total = total
end

---A set of the timings `...` ("roll", "own"), what `holds`, `held_by_others` and
---`playable` take: a module makes its sets once, when it is loaded.
---@param ... string
---@return dice_town.Timings
function M.timings(...)
  local set = { has = {}, held = {}, total = 0, out = {}, n_out = 0 } ---@type dice_town.Timings
  for i = 1, select("#", ...) do
    local w = select(i, ...)
    set.has[w] = true
    local sets = SETS[w]
    if not sets then
      sets = {}
      SETS[w] = sets
    end
    sets[#sets + 1] = set
  end
  ALL_SETS[#ALL_SETS + 1] = set
  recount(set)
  return set
end

-- A card of timing `when` enters (`d` = 1) or leaves (`d` = -1) `s`'s hand: the counts of
-- the sets that accept it.
---@param s Seat
---@param when string
---@param d integer
local function count(s, when, d)
  local sets = SETS[when]
  if sets == nil then return end
  for i = 1, #sets do
    local set = sets[i]
    set.held[s], set.total = set.held[s] + d, set.total + d
  end
end

---The class of card contexts (what a card's or a Brain's script receives): context.lua
---gives it its methods and documents them.
---@class dice_town.Context: lib.Context
---@field props table            a card's or an ability's props (what its script reads)
---@field active Seat             whose turn it was when the context was made
---@field by string|nil           for a Brain: its name in the log ("Ann's Forger")
---@field amount integer|nil      LOSS: the money about to be lost
---@field cause string|nil        LOSS: what causes the loss ("Ann's Lady")
---@field cancelled boolean|nil   LOSS: the loss does not happen (Take Cover)
---@field num table<integer, string>  decimal text of small integers (num[3] == "3")
local Context = {}
Context.__index = Context
M.Context = Context

---A card context for seat `s` playing `card` (nil: no card yet), made with the card
---contract's `cards.context`; `fields`, when given, is reused as the table.
---@param s Seat
---@param card Obj|nil
---@param fields table|nil
---@return dice_town.Context
function M.context(s, card, fields)
  local c = cards.context(Context, s, card, fields)
  c.active = turn.active
  return c
end

---Prepares the hands for a new game (game.init calls it): `t` is the turn state, `names`
---the seat names and `num` the decimal text of small integers, all game.lua's.
---@param t dice_town.Turn
---@param names string[]
---@param num table<integer, string>
function M.init(t, names, num)
  turn, NAMES, NUM, N = t, names, num, posse.players()
  Context.num = num
  DRAW, DISCARD = posse.zone("draw"), posse.zone("discard")
  OBTAINED = {}
  for s = 1, N do
    HAND[s], PICK[s] = posse.zone("hand", s), posse.zone("pick", s)
    PROBE[s] = M.context(s)
  end
  M.resync()
end

---Reads the hands again from the engine (see game.resync).
function M.resync()
  for s = 1, N do
    local list = {}
    for i = posse.count(HAND[s]), 1, -1 do list[#list + 1] = posse.at(HAND[s], i) --[[@as Obj]] end
    CARDS[s] = list
  end
  for _, set in ipairs(ALL_SETS) do recount(set) end
end

---Compares the hands with the engine; `same(what, mine, engine's, ...)` raises on a
---difference (`what` is a format for `...`).
---@param same fun(what: string, a: any, b: any, ...: any)
function M.verify(same)
  for s = 1, N do
    same("hand size of %d", #CARDS[s], posse.count(HAND[s]), s)
    for _, card in ipairs(CARDS[s]) do same("zone of a card of %d", posse.zone_of(card), HAND[s], s) end
  end
  for i, set in ipairs(ALL_SETS) do
    local held, total = {}, set.total
    for s = 1, N do held[s] = set.held[s] end
    recount(set)
    for s = 1, N do same("cards of timing set %d in hand %d", held[s], set.held[s], i, s) end
    same("cards of timing set %d held", total, set.total, i)
  end
end

---@param s Seat
---@return Zone
function M.pick(s) return PICK[s] end

---G-ELIMINATED: seat `s`'s cards (hand and pick zone) go to the discard pile.
---@param s Seat
function M.discard_all(s)
  while posse.draw(HAND[s], DISCARD) do end
  while posse.draw(PICK[s], DISCARD) do end
  for _, card in ipairs(CARDS[s]) do count(s, when_of(card), -1) end
  CARDS[s] = {}
end

----------------------------------------------------------------------- hands

---The cards in `s`'s hand (the mirror itself: do not modify).
---@param s Seat
---@return Obj[]
function M.cards(s) return CARDS[s] end

-- The hand mirrors: a card enters or leaves CARDS[s] (and the timing sets' counts) only here.
---@param s Seat
---@param card Obj
local function hand_add(s, card)
  local list = CARDS[s]
  list[#list + 1] = card
  count(s, when_of(card), 1)
  OBTAINED[card] = turn.number
end

---@param s Seat
---@param card Obj
local function hand_remove(s, card)
  local list = CARDS[s]
  local n = #list
  for i = n, 1, -1 do
    if list[i] == card then
      -- (Shifted here: the sandbox's table.remove checks its arguments first.)
      for j = i, n - 1 do list[j] = list[j + 1] end
      list[n] = nil
      count(s, when_of(card), -1)
      return
    end
  end
end

---Moves `card` into `s`'s hand as obtained now (W5).
---@param s Seat
---@param card Obj
function M.to_hand(s, card)
  for t = 1, N do
    if t ~= s then hand_remove(t, card) end
  end
  posse.move(card, HAND[s])
  hand_add(s, card)
end

---Moves `card` from `holder`'s hand (or pick zone) to the discard pile.
---@param holder Seat
---@param card Obj
function M.to_discard(holder, card)
  hand_remove(holder, card)
  posse.move(card, DISCARD)
end

---Whether a hand other than `s`'s holds a card of a timing in `whens` (a window on `s`'s
---turn has someone to ask).
---@param s Seat
---@param whens dice_town.Timings
---@return boolean
function M.held_by_others(s, whens) return whens.total > whens.held[s] end

---Whether `s` holds a card of a timing in `whens` (playable or not).
---@param s Seat
---@param whens dice_town.Timings
---@return boolean
function M.holds(s, whens) return whens.held[s] > 0 end

---Cards in `s`'s hand playable now: obtained before this turn (W5), timing (`props.when`)
---in `whens`, and the card's `can(ctx)` true when it has one (the card contract's
---`cards.can`, read from the definitions cached here). One card per kind (copies are
---interchangeable choices), in hand order. Returns the cards: the set's own list, good until
---the next call with the same set (every caller reads it before it asks again, and no card
---played from it asks for the same timings before it ends), or the shared EMPTY when none.
---`ctx` is the context the `can` tests read (default: the seat's probe, see `init`).
---
---This is the hottest scan of the game (every menu of a seat holding a card), so it is one
---pass that allocates nothing.
---@param s Seat
---@param whens dice_town.Timings
---@param ctx dice_town.Context|nil
---@return Obj[]
function M.playable(s, whens, ctx)
  if whens.held[s] == 0 then return EMPTY end
  local out, n = whens.out, 0
  local hand, now, has = CARDS[s], turn.number, whens.has
  for k = 1, #hand do
    local card = hand[k]
    local d = DEF[card] -- every card in a hand went through hand_add, which cached it
    if OBTAINED[card] ~= now and has[d.props.when] then
      local dup = false
      for i = 1, n do
        if DEF[out[i]] == d then
          dup = true
          break
        end
      end
      local b = d.script
      if not dup and b and b.play then
        local can = b.can
        if can and not ctx then
          ctx = PROBE[s]
          ctx.active = turn.active
        end
        if not can or can(ctx) then
          n = n + 1
          out[n] = card
        end
      end
    end
  end
  for i = n + 1, whens.n_out do out[i] = nil end
  whens.n_out = n
  if n == 0 then return EMPTY end
  return out
end

----------------------------------------------------------------------- draws

---The top card of the draw pile onto `to`, shuffling the discard pile into a new draw
---pile first when it is empty (G-DECK-EMPTY). Nil when there are no cards left at all.
---@param to Zone
---@return Obj|nil
function M.draw_top(to)
  -- (Drawing from an empty pile gives nil and changes nothing.)
  local card = posse.draw(DRAW, to)
  if card or posse.count(DISCARD) == 0 then return card end
  while posse.draw(DISCARD, DRAW) do end
  posse.shuffle(DRAW)
  posse.log("The discard pile is shuffled into a new draw pile.")
  return posse.draw(DRAW, to)
end

---`s` draws up to `n` cards into his hand; returns how many.
---@param s Seat
---@param n integer
---@param what string
---@return integer
function M.draw_cards(s, n, what)
  local got, names = 0, {}
  for _ = 1, n do
    local card = M.draw_top(HAND[s])
    if not card then break end
    hand_add(s, card)
    got = got + 1
    names[got] = def(card).name
  end
  if got == 0 then
    posse.log(what .. ": no Wild West cards left to draw.")
  else
    posse.log(what .. ": " .. NAMES[s] .. " draws " .. NUM[got] .. " Wild West card" .. (got > 1 and "s." or "."))
    posse.log(NAMES[s] .. " draws " .. table.concat(names, ", ") .. ".", s)
  end
  return got
end

---Takes a random card from `victim`'s hand into `thief`'s hand (not playable this turn).
---@param thief Seat
---@param victim Seat
function M.steal(thief, victim)
  local hand = CARDS[victim]
  local n = #hand
  if n == 0 then return end
  local card = hand[posse.random(n)]
  M.to_hand(thief, card)
  local me, him = NAMES[thief], NAMES[victim]
  posse.log(me .. " takes a card from " .. him .. "'s hand.")
  posse.log(me .. " takes " .. def(card).name .. " from " .. him .. ".", { thief, victim })
end

return M
