-- Marshals: what each kind of card does. Every card is a YAML entry (scenarios/marshals/
-- cards.yaml, corrupt.yaml) in the one card contract of scripts/lib/cards.lua: its rules
-- `text`, its timing in `props.when` (move, action, reaction, event, drawn), and a `script:`
-- returning its behaviour, one of the tables below or one of its own with the same fields:
--
--   can(ctx)     -> boolean  may it be played now (a move: to `ctx.to`; a reaction: against
--                            `ctx.against`)
--   label(ctx)   -> string   its option's label (default "Play <name>")
--   play(ctx)                its effect when played: a move (`when: move`) moves the Marshal
--                            and the player draws again; an Action (`when: action`, or no
--                            `when`) ends the turn; a Jurisdiction (`when: reaction`) cancels
--                            `ctx.against`
--   drawn(ctx)               its effect when drawn in Step 1 (Events, Outlaws), or played from
--                            hand in Step 2 (Events, Z11); the turn ends
--
-- `ctx` is a `marshals.Context` (game.lua): `ctx.seat`, `ctx.card`, `ctx.def`, `ctx.props`,
-- and `ctx.game`, the game module (map, resources, payments, captures) of the game being
-- played. Ids (R.., Z..) are those of shared/rules/marshals.gaps.md.
--
-- A card's script keeps no game state. Everything a card reads or changes goes through
-- `ctx` (`ctx.game`, the methods of `marshals.Context`), never through a module captured
-- when the script ran: this file requires only `posse` and `lib.*`, which hold nothing of a
-- game, and never `marshals.game`. The reason: the engine is to build the card definitions
-- (running each `script:`) once per Lua VM and reuse them for every game of a batch, while
-- the game's own modules are loaded afresh for each game; a card that kept the module of the
-- game it was built in would read and change a finished game.

local posse = require "posse"
local seats = require "lib.seats"
local ask = require "lib.ask"
local cards = require "lib.cards"

---A Marshals card's behaviour (lib.Card, on a marshals.Context).
---@class marshals.Card
---@field can (fun(ctx: marshals.Context): boolean)|nil
---@field play (fun(ctx: marshals.Context))|nil
---@field drawn (fun(ctx: marshals.Context))|nil
---@field label (fun(ctx: marshals.Context): string)|nil

---@class marshals.cards
local M = {}

-- The live rivals of `a` holding at least one card, clockwise from his left.
---@param game marshals.game
---@param a Seat
---@return Seat[]
local function rivals_holding(game, a)
  local out = {}
  for _, s in ipairs(seats.clockwise(a)) do
    if posse.count(game.hand(s)) > 0 then out[#out + 1] = s end
  end
  return out
end

-- The cards of `list` as options of id `id` (questions.lua): labelled by name, each
-- naming its card (definition id) in `args.card`.
---@param list Obj[]
---@param id string
---@return Option[]
local function card_options(list, id)
  local out = {}
  for i, c in ipairs(list) do out[i] = ask.option(id, cards.name(c), { card = cards.def(c).id }) end
  return out
end

------------------------------------------------------------------ movement

---@param ctx marshals.Context
---@return string
local function move_label(ctx)
  return "Play " .. ctx.def.name .. ": move to the " .. ctx.game.place_name(ctx.to --[[@as integer]])
end

---@param ctx marshals.Context
local function move(ctx) ctx.game.move(ctx.seat, ctx.to --[[@as integer]], ctx.def.name) end

-- R34, Z06: a Movement card moves to its terrain when that terrain is next to you (the flow
-- asks `can` of each position next to the player, as `ctx.to`).
---@type marshals.Card
M.movement = {
  can = function(ctx) return ctx.to ~= nil and ctx:terrain_at(ctx.to) == ctx.props.terrain end,
  play = move,
  label = move_label,
}

-- R47: a Wild reaches either neighbour, never further.
---@type marshals.Card
M.wild = {
  can = function(ctx) return ctx.to ~= nil end,
  play = move,
  label = move_label,
}

------------------------------------------------------------------ actions

-- R40: an Action is played only on its terrain (BASIC: anywhere, R60).
---@param ctx marshals.Context
---@return boolean
local function on_terrain(ctx)
  return ctx.game.basic() or ctx.props.terrain == nil or ctx:here() == ctx.props.terrain
end

-- R41-R44, Z21-Z23: the Marshals at the player's location pay, unless a higher card of the
-- location's terrain gets them off; the highest revealer gives his card to the player.
---@param ctx marshals.Context
local function hold_up(ctx)
  local game = ctx.game
  local a, what, n = ctx.seat, ctx.props.resource, ctx.props.cost
  local here = game.pos(a)
  local t = game.terrain_at(here)
  local targets = game.others_at(a, here)
  local why = ctx.def.name
  if #targets == 0 then
    posse.log(why .. ": nobody else is in the " .. game.terrain_name(t) .. ".")
    return
  end
  if #targets == 1 then
    game.pay_forced(targets[1], what, n, why)
    return
  end
  local score, shown = {}, {}
  for _, s in ipairs(targets) do
    local held = game.cards_of(s, function(c)
      local p = game.props(c)
      return p.kind == "movement" and p.terrain == t
    end)
    local c = 1
    if #held > 0 then
      c = ask.pick(s, "show", why .. ": show a " .. game.terrain_name(t) .. " card to get away?", function()
        local o = { ask.option("nothing", "Show nothing") }
        for i, x in ipairs(held) do
          local value = game.props(x).value --[[@as integer]]
          o[i + 1] = ask.option("show", "Show " .. cards.name(x), { card = cards.def(x).id, value = value })
        end
        return o
      end, #held + 1, { tags = cards.tags(held, 1) })
    end
    if c > 1 then
      local x = held[c - 1]
      posse.reveal(x)
      score[s], shown[s] = game.props(x).value, x
      posse.log(game.seat_name(s) .. " shows " .. cards.name(x) .. ".")
    else
      score[s] = 0
      posse.log(game.seat_name(s) .. " shows nothing.")
    end
  end
  local low, high = math.huge, -1
  ---@type Seat|nil
  local best = nil
  for _, s in ipairs(targets) do
    if score[s] < low then low = score[s] end
    if shown[s] and score[s] > high then high, best = score[s], s end
  end
  if best then
    posse.move(shown[best], game.hand(a))
    posse.log(game.seat_name(best) .. " gives " .. cards.name(shown[best]) .. " to " .. game.seat_name(a) .. ".")
  end
  for _, s in ipairs(targets) do
    if score[s] == low and seats.live(s) then game.pay_forced(s, what, n, why) end
  end
end

-- Z40: BASIC Ambush takes a random card from a rival's hand.
---@param ctx marshals.Context
local function steal(ctx)
  local game, a = ctx.game, ctx.seat
  local rivals = rivals_holding(game, a)
  if #rivals == 0 then
    posse.log("Ambush: no rival holds a card.")
    return
  end
  -- With one rival holding a card, nobody is asked (lib.seats.choose).
  local v = seats.choose(a, "Ambush: take a card from whom?", rivals, {
    describe = function(s)
      local n = posse.count(game.hand(s))
      return n == 1 and "1 card" or (n .. " cards")
    end,
    kind = "rival", id = "rob", tags = "rob",
  }) --[[@as Seat]]
  local hand = game.hand(v)
  local c = posse.at(hand, posse.random(posse.count(hand))) --[[@as Obj]]
  posse.move(c, game.hand(a))
  posse.log(game.seat_name(a) .. " takes a card from " .. game.seat_name(v) .. ".")
  posse.log(game.seat_name(a) .. " takes " .. cards.name(c) .. " from " .. game.seat_name(v) .. ".", { a, v })
end

-- Z40: BASIC Camping makes a rival skip his next turn (skips add up).
---@param ctx marshals.Context
local function skip(ctx)
  local game = ctx.game
  local rivals = seats.clockwise(ctx.seat)
  if #rivals == 0 then return end
  -- With one rival, nobody is asked (lib.seats.choose).
  local v = seats.choose(ctx.seat, "Camping: who skips a turn?", rivals, {
    describe = function(s)
      local n = posse.get("captures", s)
      return n == 1 and "1 Outlaw" or (n .. " Outlaws")
    end,
    kind = "rival", id = "skip", tags = "skip",
  }) --[[@as Seat]]
  posse.add("skip", 1, v)
  posse.log(game.seat_name(v) .. " will skip a turn.")
end

-- The label of an Ambush or a Camping: who it hits ("Play Ambush (Desert, 1 Bullet): p2,
-- p3 here pay"); in BASIC, what it does to a rival (`basic`).
---@param basic string
---@return fun(ctx: marshals.Context): string
local function hold_up_label(basic)
  return function(ctx)
    local game = ctx.game
    local head = "Play " .. ctx.def.name .. ": "
    if game.basic() then return head .. basic end
    local here = game.others_at(ctx.seat, game.pos(ctx.seat))
    if #here == 0 then return head .. "nobody else is here" end
    return head .. seats.joined(here) .. (#here == 1 and " here pays" or " here pay")
  end
end

---@type marshals.Card
M.ambush = {
  can = on_terrain,
  play = function(ctx)
    if ctx.game.basic() then steal(ctx) else hold_up(ctx) end
  end,
  label = hold_up_label("take a card from a rival"),
}

---@type marshals.Card
M.camping = {
  can = on_terrain,
  play = function(ctx)
    if ctx.game.basic() then skip(ctx) else hold_up(ctx) end
  end,
  label = hold_up_label("a rival skips a turn"),
}

-- R45, R64: look at the top cards and put them back in any order, seen by nobody else.
---@type marshals.Card
M.clue = {
  can = on_terrain,
  play = function(ctx)
    local game, a = ctx.game, ctx.seat
    local deck, look = game.deck(), game.look(a)
    local n = math.min(ctx.props.look, posse.count(deck))
    for _ = 1, n do posse.draw(deck, look) end
    local left = posse.contents(look)
    local order = {}
    while #left > 0 do
      local i = 1
      if #left > 1 then
        i = ask.pick(a, "stack", "Clue: which card goes " .. (#order == 0 and "on top" or "next") .. "?",
          function() return card_options(left, "card") end, #left, { tags = cards.tags(left, 0) })
      end
      order[#order + 1] = table.remove(left, i)
    end
    for k = #order, 1, -1 do
      posse.move(order[k], deck)
      posse.reveal(order[k], a)
    end
    posse.log(game.seat_name(a) .. " looks at the top " .. (n == 1 and "card" or (n .. " cards")) .. " of the deck and puts " .. (n == 1 and "it" or "them") .. " back.")
  end,
}

-- R46 (a), Z19: draw 2 from the deck and keep 1 (an Outlaw kept is resolved at once).
---@param ctx marshals.Context
local function search_deck(ctx)
  local game, a = ctx.game, ctx.seat
  local deck, look = game.deck(), game.look(a)
  for _ = 1, math.min(ctx.props.draw, posse.count(deck)) do posse.draw(deck, look) end
  local drawn = posse.contents(look)
  local k = 1
  if #drawn > 1 then
    k = ask.pick(a, "keep", "Hideout: keep which card?", function() return card_options(drawn, "card") end, #drawn,
      { tags = cards.tags(drawn, 0) })
  end
  for i, c in ipairs(drawn) do
    if i ~= k then posse.move(c, deck) posse.reveal(c, a) end
  end
  local kept = drawn[k]
  posse.log(game.seat_name(a) .. " searches a hideout: keeps one card, puts one back on the deck.")
  if game.kind(kept) == "outlaw" then
    game.outlaw(kept, a)
  else
    posse.move(kept, game.hand(a))
    posse.log(game.seat_name(a) .. " keeps " .. cards.name(kept) .. ".", a)
  end
end

-- R46 (b), R67: pick 2 cards blind from rival `v`'s hand, look at them and keep 1.
---@param ctx marshals.Context
---@param v Seat
local function search_hand(ctx, v)
  local game, a = ctx.game, ctx.seat
  local hand = game.hand(v)
  posse.shuffle(hand) -- the picks are blind (R67)
  local count = posse.count(hand)
  local picks = { 1 }
  if count > 1 then
    local k = math.min(ctx.props.peek, count)
    picks = ask.picks(a, "blind", "Hideout: pick " .. k .. " of " .. game.seat_name(v) .. "'s face-down cards.", function()
      local o = {}
      for i = 1, count do o[i] = ask.option("slot", "Card " .. i, { slot = i, seat = v }) end
      return o
    end, count, k, k)
  end
  ---@type Obj[]
  local seen = {}
  for i, slot in ipairs(picks) do seen[i] = posse.at(hand, slot) --[[@as Obj]] end
  for _, c in ipairs(seen) do posse.reveal(c, a) end
  local k = 1
  if #seen > 1 then
    k = ask.pick(a, "keep", "Hideout: keep which card?", function() return card_options(seen, "card") end, #seen,
      { tags = cards.tags(seen, 0) })
  end
  local kept = seen[k]
  posse.move(kept, game.hand(a))
  posse.log(game.seat_name(a) .. " searches " .. game.seat_name(v) .. "'s hand and takes a card.")
  posse.log(game.seat_name(a) .. " looks at " .. table.concat(cards.names(seen), " and ") .. " and takes "
    .. cards.name(kept) .. ".", { a, v })
end

-- R46, Z18, Z19, R67: draw 2 and keep 1, or look at 2 blind picks from a rival's hand and
-- keep 1.
---@type marshals.Card
M.hideout = {
  can = on_terrain,
  play = function(ctx)
    local game, a = ctx.game, ctx.seat
    local rivals = rivals_holding(game, a)
    local deck_ok = posse.count(game.deck()) > 0
    local opts, tags = {}, {}
    if deck_ok then opts[#opts + 1], tags[#tags + 1] = "draw", "search_deck" end
    for _, s in ipairs(rivals) do opts[#opts + 1], tags[#tags + 1] = s, "search_hand" end
    if #opts == 0 then
      posse.log("Hideout: there is nothing to find.")
      return
    end
    local pick = opts[ask.pick(a, "search", "Hideout: where do you search?", function()
      local o = {}
      for i, x in ipairs(opts) do
        if x == "draw" then
          o[i] = ask.option("deck", "Draw 2 cards, keep 1")
        else
          o[i] = ask.option("hand", "Look at 2 cards of " .. game.seat_name(x) .. "'s hand, keep 1", { seat = x })
        end
      end
      return o
    end, #opts, { tags = tags })]
    if pick == "draw" then
      search_deck(ctx)
    else
      search_hand(ctx, pick --[[@as Seat]])
    end
  end,
}

-- R36, Z20: played in another player's turn to cancel his Clue or Hideout (`ctx.against`,
-- a card whose props say `cancellable`): it has no effect and goes to this card's player,
-- and this card goes on top of the discard pile. main.lua opens the window.
---@type marshals.Card
M.jurisdiction = {
  can = function(ctx)
    return ctx.against ~= nil and posse.def(ctx.against --[[@as Obj]]).props.cancellable == true
  end,
  play = function(ctx)
    local game, s, c = ctx.game, ctx.seat, ctx.against --[[@as Obj]]
    game.discard(ctx.card --[[@as Obj]])
    posse.move(c, game.hand(s))
    posse.reveal(c)
    posse.log(("%s plays Jurisdiction: %s has no effect and goes to %s's hand."):format(game.seat_name(s),
      cards.name(c), game.seat_name(s)))
  end,
}

------------------------------------------------------------------ events

-- R49, Z29: a new map; every Marshal in the game back on his terrain.
---@type marshals.Card
M.border = {
  drawn = function(ctx)
    local game = ctx.game
    local order = game.permutation(game.positions())
    game.set_map(order)
    local names = {}
    for p = 1, #order do names[p] = game.place_name(p) end
    posse.log("Border! The new map: " .. table.concat(names, ", ") .. ".")
    for s = 1, game.players() do
      if seats.live(s) then posse.set("pos", game.position_of(game.character(s)), s) end
    end
  end,
}

-- R50, Z26: riders pay the ticket and ride on in the train's direction.
---@type marshals.Card
M.train = {
  drawn = function(ctx)
    local game = ctx.game
    local a, dir, cost = ctx.seat, ctx.props.direction, ctx.props.cost
    local from = game.pos(a)
    local last = game.positions()
    local riders = seats.clockwise(a)
    table.insert(riders, 1, a)
    local start = {}
    for _, s in ipairs(riders) do start[s] = game.pos(s) end
    for _, s in ipairs(riders) do
      local x = start[s]
      local ahead = {}
      local p = x + dir
      while p >= 1 and p <= last do
        ahead[#ahead + 1] = p
        p = p + dir
      end
      if (x - from) * dir >= 0 and #ahead > 0 and game.resources() and game.get(s, "coins") >= cost then
        ---@type (string|false)[]
        local tags = { false }
        for i = 1, #ahead do tags[i + 1] = "ride_train" end
        local c = ask.pick(s, "train", ("Train (%s, $%d): ride?"):format(dir > 0 and "eastbound" or "westbound", cost),
          function()
            local o = { ask.option("stay", "Stay off the train") }
            for i, q in ipairs(ahead) do
              o[i + 1] = ask.option("ride", "Ride to the " .. game.place_name(q),
                { to = q, terrain = game.terrain_at(q), cost = cost })
            end
            return o
          end, #ahead + 1, { tags = tags })
        if c > 1 then
          game.spend(s, "coins", cost)
          game.move(s, ahead[c - 1], "by train, $" .. cost)
        end
      end
    end
  end,
}

---Z27: the cards `s` would play to reach position `v` step by step (the lowest Movement card
---of each step's terrain, else a Wild), or nil when he cannot get there.
---@param game marshals.game
---@param s Seat
---@param v integer
---@return Obj[]|nil
local function route(game, s, v)
  local from = game.pos(s)
  if from == 0 then return nil end
  local dir = v > from and 1 or -1
  local held = game.cards_of(s)
  local used, out = {}, {}
  local p = from
  while p ~= v do
    p = p + dir
    local t = game.terrain_at(p)
    local best, best_value
    for _, c in ipairs(held) do
      local props = game.props(c)
      if not used[c] and props.kind == "movement" and props.terrain == t and (not best or props.value < best_value) then
        best, best_value = c, props.value
      end
    end
    if not best then
      for _, c in ipairs(held) do
        if not used[c] and game.kind(c) == "wild" then
          best = c
          break
        end
      end
    end
    if not best then return nil end
    used[best] = true
    out[#out + 1] = best
  end
  return out
end

-- The tags of the trip to a village: staying away plays nothing; `travel` plays the cards.
local TRAVEL = { false, "travel" }

-- Z27: a Marshal elsewhere may travel to the village `v` by cards. Only a Marshal whose
-- hand can make the trip is asked, so the question is secret: being asked would tell the
-- others what he holds (at a shared screen every person takes the keyboard in turn).
---@param game marshals.game
---@param s Seat
---@param v integer
local function travel(game, s, v)
  local cards_used = route(game, s, v)
  if not cards_used then return end
  local c = ask.pick(s, "travel", "Village in the " .. game.place_name(v) .. ": travel there?", function()
    return {
      ask.option("stay", "Stay away", { to = v }),
      ask.option("travel", "Travel there, playing " .. table.concat(cards.names(cards_used), ", "),
        { to = v, cards = #cards_used }),
    }
  end, 2, { tags = TRAVEL, secret = true })
  if c ~= 2 then return end
  for _, x in ipairs(cards_used) do
    local step = game.pos(s) + (v > game.pos(s) and 1 or -1)
    game.discard(x)
    game.move(s, step, "to the village, " .. cards.name(x))
  end
end

-- The tags of buying at the village, by option ("Done" buys nothing).
local BUY = { Done = false, bullets = "buy_bullet", provisions = "buy_provision" }
-- Their ids (questions.lua, kind `buy`).
---@type table<string, string>
local BUY_ID = { Done = "done", bullets = "bullet", provisions = "provision" }

-- Z24, Z27: buying at the village, one unit at a time until "Done".
---@param game marshals.game
---@param s Seat
---@param price integer
local function buy(game, s, price)
  local cap = game.data.resource_cap
  while true do
    local coins = game.get(s, "coins")
    ---@type string[]
    local opts = { "Done" }
    if coins >= price and game.get(s, "bullets") < cap then opts[#opts + 1] = "bullets" end
    if coins >= price and game.get(s, "provisions") < cap then opts[#opts + 1] = "provisions" end
    if #opts == 1 then break end
    local tags = {}
    for i, x in ipairs(opts) do tags[i] = BUY[x] end
    local c = ask.pick(s, "buy",
      function() return ("Village: buy for $%d each? You have $%d."):format(price, coins) end,
      function()
        local o = {}
        for i, x in ipairs(opts) do
          local label = x == "Done" and "Done" or (x == "bullets" and "Buy a Bullet" or "Buy a Provision")
          o[i] = ask.option(BUY_ID[x], label, { price = price })
        end
        return o
      end, #opts, { tags = tags })
    if c == 1 then break end
    game.spend(s, "coins", price)
    posse.add(opts[c], 1, s)
    posse.log(game.seat_name(s) .. " buys a " .. (opts[c] == "bullets" and "Bullet" or "Provision") .. ".")
  end
end

-- R51, Z27: buy Bullets and Provisions at the village; Marshals elsewhere may come by card.
---@type marshals.Card
M.village = {
  drawn = function(ctx)
    local game, a = ctx.game, ctx.seat
    local v = game.pos(a)
    local order = seats.clockwise(a)
    table.insert(order, 1, a)
    for _, s in ipairs(order) do
      if game.pos(s) ~= v then travel(game, s, v) end
      if game.pos(s) == v then buy(game, s, ctx.props.price) end
    end
  end,
}

------------------------------------------------------------------ Outlaws and the badge

---@type marshals.Card
M.outlaw = {
  drawn = function(ctx) ctx.game.outlaw(ctx.card --[[@as Obj]], ctx.seat) end,
}

-- R29: the Corrupt Marshal is kept in hand like any card; its holder helps the Outlaws.
---@type marshals.Card
M.corrupt = {}

return M
