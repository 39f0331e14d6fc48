-- Marshals: the game flow, read top-down like the rulebook. Setup (R21-R28), then turns
-- clockwise (R29-R35): draw; an Event or an Outlaw ends the turn; otherwise play a card or
-- a special action, and a move draws again (Z08). The cards' own behaviour is in
-- cards.yaml (each entry's `script:`) and cards.lua; the table (map, resources, captures,
-- the end) in game.lua. Ids (R.., Z..) are those of shared/rules/marshals.gaps.md; our own
-- decisions are in scripts/marshals/DECISIONS.md.
--
-- Speed (random bots play thousands of games and never read a label): Step 2 lists its
-- options as data in tables reused from one question to the next, and the prompt and the
-- labels are made only when someone reads them.

local posse = require "posse"
local seats = require "lib.seats"
local ask = require "lib.ask"
local cards = require "lib.cards"
local reactions = require "lib.reactions"
local ending = require "lib.ending"
local game = require "marshals.game"

local D, N = game.data, game.players()
local Context = game.Context
local name = game.seat_name

------------------------------------------------------------------------ setup

-- Z36: the Corrupt Marshal goes into the upper half at a random place.
local function insert_corrupt()
  local deck, aside = game.deck(), game.aside()
  local cm = posse.contents(aside)
  if #cm == 0 then return end
  local upper = posse.count(deck) // 2
  local k = posse.random(upper + 1) - 1 -- cards above it
  local above = {}
  for i = 1, k do above[i] = posse.draw(deck, aside) end
  for _, c in ipairs(cm) do posse.move(c, deck) end
  for i = k, 1, -1 do posse.move(above[i], deck) end
end

-- R28, Z37: four cards each, one at a time clockwise from the first player; Outlaws drawn
-- are set aside, shown to all, and replaced, then go back and the whole deck is shuffled.
local function deal(first)
  local deck, aside = game.deck(), game.aside()
  local order = seats.clockwise(first)
  table.insert(order, 1, first)
  for _ = 1, D.start.hand do
    for _, s in ipairs(order) do posse.draw(deck, game.hand(s)) end
  end
  local set_aside = 0
  for _, s in ipairs(order) do
    local redraw = true
    while redraw do
      redraw = false
      for _, c in ipairs(posse.contents(game.hand(s))) do
        if game.kind(c) == "outlaw" then
          posse.move(c, aside)
          posse.reveal(c)
          posse.log(name(s) .. " sets aside " .. game.card_name(c) .. ".")
          set_aside = set_aside + 1
          if posse.count(deck) > 0 then posse.draw(deck, game.hand(s)) end
          redraw = true
        end
      end
    end
  end
  if set_aside > 0 then
    for _, c in ipairs(posse.contents(aside)) do posse.move(c, deck) end
    posse.shuffle(deck)
    posse.log(set_aside .. " Outlaw" .. (set_aside > 1 and "s were" or " was") .. " drawn and shuffled back.")
  end
end

---@return Seat
local function setup()
  local T = game.positions()
  -- Z05: a Character (terrain) for each seat; R21, Z06: the map.
  ---@type integer[], integer[]
  local chars, map = {}, {}
  for i = 1, T do chars[i], map[i] = i, i end
  if D.character_assignment ~= "seat" then chars = game.permutation(T) end
  for s = 1, N do posse.set("character", chars[s], s) end
  if D.map_order ~= "fixed" then map = game.permutation(T) end
  game.set_map(map)
  local names = {}
  for p = 1, T do names[p] = game.place_name(p) end
  posse.log("The map: " .. table.concat(names, ", ") .. ".")
  for s = 1, N do
    posse.set("pos", game.position_of(game.character(s)), s)
    posse.log(("%s is the %s Marshal and starts there."):format(name(s), game.terrain_name(game.character(s))))
    if game.resources() then
      posse.set("bullets", D.start.bullets, s)
      posse.set("provisions", D.start.provisions, s)
      posse.set("coins", D.start.coins, s)
    end
  end
  -- R22: the deck, with the Corrupt Marshal in its upper half.
  posse.shuffle(game.deck())
  insert_corrupt()
  ---@type Seat
  local first = D.first_player
  if first == 0 then first = posse.random(N) end
  deal(first)
  return first
end

------------------------------------------------------------------------ Jurisdiction

-- The seat's cards that could answer `c` now (a reaction whose `can` says yes), one per
-- kind of card.
---@param s Seat
---@param c Obj
---@return Obj[]
local function answers_to(s, c)
  local out = {}
  for _, x in ipairs(game.cards_of(s, function(y) return cards.when(y) == "reaction" end)) do
    local ctx = cards.context(Context, s, x)
    ctx.against = c
    if cards.can(x, ctx) then out[#out + 1] = x end
  end
  return cards.one_per_kind(out)
end

-- R36, Z20: every other Marshal is asked at once, secretly, whether he plays Jurisdiction
-- on `a`'s Clue or Hideout `c` (lib.reactions.at_once, kind `jurisdiction`: each option
-- tagged with the Jurisdiction card's definition id, false to let it be); of those who do,
-- the one last in turn order after `a` resolves. Returns whether the card was cancelled.
---@param a Seat
---@param c Obj
---@return boolean
local function jurisdiction_window(a, c)
  local any = false
  for s = 1, N do
    for _, x in ipairs(posse.contents(game.hand(s))) do
      if cards.when(x) == "reaction" then any = true end
    end
  end
  -- The modes without Jurisdiction cards (duo, basic) have no window. In the full game
  -- everyone is asked, holder or not, so the question tells nobody who holds one.
  if not any and game.mode() ~= "std" then return false end
  local others = seats.clockwise(a)
  local played = reactions.at_once {
    kind = "jurisdiction",
    seats = others,
    offer = function(s) return answers_to(s, c) end,
    prompt = name(a) .. " plays " .. cards.name(c) .. ". Cancel it with Jurisdiction?",
    pass = "Let it be",
  }
  for i = #played, 1, -1 do
    local j = played[i]
    if j then
      local ctx = cards.context(Context, others[i], j)
      ctx.against = c
      cards.play(j, ctx)
      return true
    end
  end
  return false
end

------------------------------------------------------------------------ Step 2

-- The options of Step 2 (R34, Z08-Z13), as data: OPT[i] is what option i does, CARD[i] the
-- card it plays (if any), TO[i] the position it moves to (if any), TAG[i] its tag (the
-- card's definition id; `provision_move` and `push` for the special actions; false to end
-- the turn). One question at a time: they are read while it is pending, and made again for
-- the next.
local MOVE, PLAY, EVENT, PROVISION, PUSH, END = 1, 2, 3, 4, 5, 6
---@type integer[], (Obj|false)[], (integer|false)[]
local OPT, CARD, TO = {}, {}, {}
---@type (string|false)[]
local TAG = {}
local NOPT = 0
local ASKED = 1 -- the seat asked
-- The context the options' `can` are asked with (one a game, pointed at each card in turn).
-- `can` only reads, so the map around the player is read at most once for the whole hand:
-- STEP answers `pos`, `here` and `terrain_at` from his position (HERE) and the terrains
-- there and next door, each read from the engine when first asked (nil: not yet).
local STEP = cards.context(Context, 1, nil)
local HERE, LEFT, RIGHT = 0, 0, 0
local T_HERE, T_LEFT, T_RIGHT = nil, nil, nil
function STEP.pos(_) return HERE end
function STEP.here(_)
  if T_HERE == nil then T_HERE = game.terrain_at(HERE) end
  return T_HERE
end
---@param p integer
---@return string
function STEP.terrain_at(_, p)
  if p == LEFT then
    if T_LEFT == nil then T_LEFT = game.terrain_at(p) end
    return T_LEFT
  elseif p == RIGHT then
    if T_RIGHT == nil then T_RIGHT = game.terrain_at(p) end
    return T_RIGHT
  elseif p == HERE then
    return STEP:here()
  end
  return game.terrain_at(p)
end

-- The definitions of the cards, by handle (game.def's memo), and the behaviour of a card
-- whose definition has no script.
local DEFS = game.defs
local NOTHING = {}
local NT = game.positions()

---@param kind integer
---@param c Obj|false
---@param p integer|false
---@param tag string|false
local function add(kind, c, p, tag)
  NOPT = NOPT + 1
  OPT[NOPT], CARD[NOPT], TO[NOPT], TAG[NOPT] = kind, c, p, tag
end

-- Lists the options of seat `a`'s Step 2 (the hot loop of a batch: few calls in it).
---@param a Seat
local function list_options(a)
  NOPT = 0
  local here = game.pos(a)
  local left, right = here - 1, here + 1
  if right > NT then right = 0 end
  HERE, LEFT, RIGHT, T_HERE, T_LEFT, T_RIGHT = here, left, right, nil, nil, nil
  local ctx = STEP
  ctx.seat = a
  local hand = posse.contents(game.hand(a))
  for k = 1, #hand do
    local c = hand[k]
    local def = DEFS[c] or game.def(c)
    local props = def.props
    local b, when = def.script or NOTHING, props.when
    ctx.card, ctx.def, ctx.props = c, def, props
    if when == "move" then
      -- R34, Z06: to each position next to the player the card reaches (left first).
      local can = b.play and b.can
      if can then
        if left >= 1 then
          ctx.to = left
          if can(ctx) then
            NOPT = NOPT + 1
            OPT[NOPT], CARD[NOPT], TO[NOPT], TAG[NOPT] = MOVE, c, left, def.id
          end
        end
        if right >= 1 then
          ctx.to = right
          if can(ctx) then
            NOPT = NOPT + 1
            OPT[NOPT], CARD[NOPT], TO[NOPT], TAG[NOPT] = MOVE, c, right, def.id
          end
        end
        ctx.to = nil
      end
    elseif when == "event" then
      -- Z11: an Event kept in hand is played in Step 2 and ends the turn.
      if b.drawn then add(EVENT, c, false, def.id) end
    elseif when ~= "reaction" and b.play and (b.can == nil or b.can(ctx) == true) then
      add(PLAY, c, false, def.id)
    end
  end
  -- Special A: 1 Provision to move (Z23: at least 1 must remain).
  if game.can_spend(a, "provisions", 1) then
    if left >= 1 then add(PROVISION, false, left, "provision_move") end
    if right >= 1 then add(PROVISION, false, right, "provision_move") end
  end
  -- Special B (Z12, Z13): 1 Bullet to push the other Marshals here away.
  if game.can_spend(a, "bullets", 1) then
    for s = 1, N do
      if s ~= a and game.pos(s) == here and seats.live(s) then
        add(PUSH, false, false, "push")
        break
      end
    end
  end
  add(END, false, false, false)
end

-- The label of option `i` (read only when someone looks).
---@param i integer
---@return string
local function label(i)
  local kind, c = OPT[i], CARD[i]
  if kind == MOVE or kind == PLAY then
    local ctx = cards.context(Context, ASKED, c --[[@as Obj]])
    if kind == MOVE then ctx.to = TO[i] --[[@as integer]] end
    return cards.label(c --[[@as Obj]], ctx)
  elseif kind == EVENT then
    return "Play " .. cards.name(c --[[@as Obj]]) .. " (event)"
  elseif kind == PROVISION then
    return "Spend 1 Provision: move to the " .. game.place_name(TO[i] --[[@as integer]])
  elseif kind == PUSH then
    return "Spend 1 Bullet: push the Marshals here away (" .. seats.joined(game.others_at(ASKED, game.pos(ASKED))) .. ")"
  end
  return "End your turn"
end

-- The ids of Step 2's options by what they do (questions.lua, kind `turn`).
---@type table<integer, string>
local IDS = { [MOVE] = "move", [PLAY] = "play", [EVENT] = "event", [PROVISION] = "provision_move", [PUSH] = "push",
  [END] = "end" }

-- The options of Step 2 as records (made only when someone reads them): the card played
-- (its definition id), the position moved to and its terrain.
---@return (string|Option)[]
local function options()
  local out = {}
  for i = 1, NOPT do
    local c, p = CARD[i], TO[i]
    local args = nil
    if c then args = { card = (DEFS[c] or game.def(c)).id } end
    if p then
      args = args or {}
      args.to, args.terrain = p, game.terrain_at(p)
    end
    out[i] = ask.option(IDS[OPT[i]], label(i), args)
  end
  return out
end
-- Step 2's tags, read by the engine when the flow yields (TAG, made again for each question).
local STEP_HOW = { tags = TAG }

local function prompt()
  return "Your turn: you are in the " .. game.place_name(game.pos(ASKED)) .. ". Play a card or act."
end

-- Special B (Z12, Z13): the Marshals at `a`'s location, clockwise from his left, each pay a
-- Bullet to stay or move next door.
---@param a Seat
local function push(a)
  local here = game.pos(a)
  local others = game.others_at(a, here)
  game.spend(a, "bullets", 1)
  posse.log(name(a) .. " spends a Bullet to push the Marshals in the " .. game.place_name(here) .. " away.")
  for _, s in ipairs(others) do
    local ns = game.neighbours(here)
    local stay = game.can_spend(s, "bullets", 1)
    -- Tags: `stay` (a Bullet spent), `move` (each place next door).
    local tags = {}
    if stay then tags[1] = "stay" end
    for _ = 1, #ns do tags[#tags + 1] = "move" end
    local c = ask.pick(s, "pushed", name(a) .. " pushes you away.", function()
      local o = {}
      if stay then o[1] = ask.option("stay", "Spend 1 Bullet and stay") end
      for _, p in ipairs(ns) do
        o[#o + 1] = ask.option("move", "Move to the " .. game.place_name(p), { to = p, terrain = game.terrain_at(p) })
      end
      return o
    end, #ns + (stay and 1 or 0), { tags = tags })
    if stay and c == 1 then
      game.spend(s, "bullets", 1)
      posse.log(name(s) .. " spends a Bullet and stays.")
    else
      game.move(s, ns[c - (stay and 1 or 0)], "pushed")
    end
  end
end

-- Does option `i` of seat `a`'s Step 2; returns true when the player draws again.
---@param a Seat
---@param i integer
---@return boolean
local function run(a, i)
  local kind, c, p = OPT[i], CARD[i], TO[i]
  if kind == MOVE then
    ---@cast c Obj
    game.discard(c)
    local ctx = cards.context(Context, a, c)
    ctx.to = p --[[@as integer]]
    cards.play(c, ctx)
    return true
  elseif kind == PLAY then
    ---@cast c Obj
    posse.log(name(a) .. " plays " .. game.card_name(c) .. ".")
    posse.move(c, game.pending())
    if cards.def(c).props.cancellable and jurisdiction_window(a, c) then return false end
    cards.play(c, cards.context(Context, a, c))
    -- R44: the card goes on top of the discard pile once resolved.
    game.discard(c)
  elseif kind == EVENT then
    ---@cast c Obj
    posse.log(name(a) .. " plays " .. game.card_name(c) .. " from his hand.")
    posse.move(c, game.pending())
    local ctx = cards.context(Context, a, c)
    ctx.def.script.drawn(ctx)
    game.discard(c)
  elseif kind == PROVISION then
    game.spend(a, "provisions", 1)
    game.move(a, p --[[@as integer]], "1 Provision")
    return true
  elseif kind == PUSH then
    push(a)
    return true
  end
  return false
end

------------------------------------------------------------------------ turn

-- R29-R35: draw; resolve Events and Outlaws; else play or act, and draw again after a move.
---@param a Seat
local function take_turn(a)
  posse.add("turn", 1)
  posse.set_current(a)
  if posse.get("skip", a) > 0 then
    posse.add("skip", -1, a)
    posse.log(name(a) .. " skips this turn.")
    return
  end
  local deck, pending = game.deck(), game.pending()
  while true do
    local c = posse.at(deck)
    if not c then
      -- Z31: cannot happen under these rules; the game ends and is scored.
      posse.log("The Far West deck is empty.")
      game.ended = "deck"
      game.finish()
      return
    end
    local drawn = (game.def(c).script or NOTHING).drawn
    if drawn then
      posse.move(c, pending)
      posse.flip(c, true)
      if game.kind(c) ~= "outlaw" then posse.log(name(a) .. " draws " .. game.card_name(c) .. ".") end
      drawn(cards.context(Context, a, c))
      -- Z28: the Event goes on top of the discard pile after all it caused.
      if posse.zone_of(c) == pending then game.discard(c) end
      return
    end
    posse.move(c, game.hand(a))
    posse.log(name(a) .. " draws a card.")
    posse.log(name(a) .. " draws " .. game.card_name(c) .. ".", a)
    list_options(a)
    ASKED = a
    if not run(a, ask.pick(a, "turn", prompt, options, NOPT, STEP_HOW)) then return end
  end
end

local function loop()
  local first = setup()
  local s = first
  while true do
    if seats.live(s) then take_turn(s) end
    s = s % N + 1
  end
end

local M = {}

---Plays a whole game; returns {winners, scores, reason}.
---@return Result
function M.play()
  return ending.run(loop)
end

return M
