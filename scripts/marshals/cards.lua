-- Marshals: what each kind of card does. A card's YAML entry (scenarios/marshals/cards.yaml)
-- returns one of these tables as its `script:`, or a table of its own with the same fields:
--
--   can(ctx)     -> boolean  may the card be played now, from hand, in Step 2 (nil: never)
--   label(ctx)   -> string   the option's label (default "Play <name>")
--   play(ctx)                its effect when played in Step 2 (ends the turn unless it returns
--                            "again": a move, after which the player draws again)
--   drawn(ctx)               its effect when drawn in Step 1 (Events, Outlaws); the turn ends
--
-- ctx: seat (who plays or drew it), card (the handle), props (its YAML props), and `game`
-- (scripts/marshals/game.lua: map, resources, payments, captures). Ids (R.., Z..) are those
-- of shared/rules/marshals.gaps.md.

local posse = require "posse"
local G = require "marshals.game"

local M = {}

------------------------------------------------------------------ movement

-- R34, Z06: a Movement card moves to its terrain when that terrain is next to you.
M.movement = {
  targets = function(ctx)
    local want = ctx.props.terrain
    for _, p in ipairs(G.neighbours(G.pos(ctx.seat))) do
      if G.terrain_at(p) == want then return { p } end
    end
    return {}
  end,
}
M.movement.can = function(ctx) return #M.movement.targets(ctx) > 0 end

-- R47: a Wild reaches either neighbour, never further.
M.wild = {
  targets = function(ctx) return G.neighbours(G.pos(ctx.seat)) end,
  can = function(ctx) return G.pos(ctx.seat) > 0 end,
}

------------------------------------------------------------------ actions

-- R40: an Action is played only on its terrain (BASIC: anywhere, R60).
local function on_terrain(ctx)
  return G.basic() or ctx.props.terrain == nil or G.here(ctx.seat) == ctx.props.terrain
end

-- R41-R44, Z21-Z23: the Marshals at the player's location pay, unless a higher card of the
-- location's terrain gets them off; the highest revealer gives his card to the player.
local function hold_up(ctx)
  local a, what, n = ctx.seat, ctx.props.resource, ctx.props.cost
  local here = G.pos(a)
  local t = G.terrain_at(here)
  local targets = G.others_at(a, here)
  local why = posse.def(ctx.card).name
  if #targets == 0 then
    posse.log(why .. ": nobody else is in the " .. G.terrain_name(t) .. ".")
    return
  end
  if #targets == 1 then
    G.pay_forced(targets[1], what, n, why)
    return
  end
  local score, shown = {}, {}
  for _, s in ipairs(targets) do
    local cards = G.cards_of(s, function(c) return G.kind(c) == "movement" and G.props(c).terrain == t end)
    local c = 1
    if #cards > 0 then
      c = posse.choose(s, why .. ": show a " .. G.terrain_name(t) .. " card to get away?", function()
        local o = { "Show nothing" }
        for i, x in ipairs(cards) do o[i + 1] = "Show " .. G.card_name(x) end
        return o
      end, { count = #cards + 1 })
    end
    if c > 1 then
      local x = cards[c - 1]
      posse.reveal(x)
      score[s], shown[s] = G.props(x).value, x
      posse.log(G.name(s) .. " shows " .. G.card_name(x) .. ".")
    else
      score[s] = 0
      posse.log(G.name(s) .. " shows nothing.")
    end
  end
  local low, high, best = math.huge, -1, nil
  for _, s in ipairs(targets) do
    if score[s] < low then low = score[s] end
    if shown[s] and score[s] > high then high, best = score[s], s end
  end
  if best then
    posse.move(shown[best], G.hand(a))
    posse.log(G.name(best) .. " gives " .. G.card_name(shown[best]) .. " to " .. G.name(a) .. ".")
  end
  for _, s in ipairs(targets) do
    if score[s] == low and G.alive(s) then G.pay_forced(s, what, n, why) end
  end
end

-- Z40: BASIC Ambush takes a random card from a rival's hand.
local function steal(ctx)
  local a = ctx.seat
  local rivals = {}
  for _, s in ipairs(G.clockwise(a)) do
    if posse.count(G.hand(s)) > 0 then rivals[#rivals + 1] = s end
  end
  if #rivals == 0 then
    posse.log("Ambush: no rival holds a card.")
    return
  end
  local v = rivals[posse.choose(a, "Ambush: take a card from whom?", function()
    local o = {}
    for i, s in ipairs(rivals) do o[i] = G.name(s) end
    return o
  end, { count = #rivals })]
  local cards = posse.contents(G.hand(v))
  local c = cards[posse.random(#cards)]
  posse.move(c, G.hand(a))
  posse.log(G.name(a) .. " takes a card from " .. G.name(v) .. ".")
  posse.log(G.name(a) .. " takes " .. G.card_name(c) .. " from " .. G.name(v) .. ".", { a, v })
end

-- Z40: BASIC Camping makes a rival skip his next turn (skips add up).
local function skip(ctx)
  local rivals = G.clockwise(ctx.seat)
  if #rivals == 0 then return end
  local v = rivals[posse.choose(ctx.seat, "Camping: who skips a turn?", function()
    local o = {}
    for i, s in ipairs(rivals) do o[i] = G.name(s) end
    return o
  end, { count = #rivals })]
  posse.add("skip", 1, v)
  posse.log(G.name(v) .. " will skip a turn.")
end

M.ambush = {
  can = on_terrain,
  play = function(ctx)
    if G.basic() then steal(ctx) else hold_up(ctx) end
  end,
}

M.camping = {
  can = on_terrain,
  play = function(ctx)
    if G.basic() then skip(ctx) else hold_up(ctx) end
  end,
}

-- R45, R64: look at the top cards and put them back in any order, seen by nobody else.
M.clue = {
  can = on_terrain,
  cancellable = true,
  play = function(ctx)
    local a = ctx.seat
    local look = posse.zone("look", a)
    local n = math.min(ctx.props.look, posse.count(G.deck()))
    for _ = 1, n do posse.draw(G.deck(), look) end
    local cards = posse.contents(look)
    local order = {}
    while #cards > 0 do
      local i = 1
      if #cards > 1 then
        local left = cards
        i = posse.choose(a, "Clue: which card goes " .. (#order == 0 and "on top" or "next") .. "?", function()
          local o = {}
          for k, c in ipairs(left) do o[k] = G.card_name(c) end
          return o
        end, { count = #cards })
      end
      order[#order + 1] = table.remove(cards, i)
    end
    for k = #order, 1, -1 do
      posse.move(order[k], G.deck())
      posse.reveal(order[k], a)
    end
    posse.log(G.name(a) .. " looks at the top " .. n .. " cards of the deck and puts them back.")
  end,
}

-- R46, Z18, Z19, R67: draw 2 and keep 1, or look at 2 blind picks from a rival's hand and
-- keep 1.
M.hideout = {
  can = on_terrain,
  cancellable = true,
  play = function(ctx)
    local a = ctx.seat
    local rivals = {}
    for _, s in ipairs(G.clockwise(a)) do
      if posse.count(G.hand(s)) > 0 then rivals[#rivals + 1] = s end
    end
    local deck_ok = posse.count(G.deck()) > 0
    local opts = {}
    if deck_ok then opts[#opts + 1] = "draw" end
    for _, s in ipairs(rivals) do opts[#opts + 1] = s end
    if #opts == 0 then
      posse.log("Hideout: there is nothing to find.")
      return
    end
    local pick = opts[posse.choose(a, "Hideout: where do you search?", function()
      local o = {}
      for i, x in ipairs(opts) do
        o[i] = x == "draw" and "Draw 2 cards, keep 1"
          or ("Look at 2 cards of " .. G.name(x) .. "'s hand, keep 1")
      end
      return o
    end, { count = #opts })]
    local look = posse.zone("look", a)
    if pick == "draw" then
      for _ = 1, math.min(ctx.props.draw, posse.count(G.deck())) do posse.draw(G.deck(), look) end
      local cards = posse.contents(look)
      local k = 1
      if #cards > 1 then
        k = posse.choose(a, "Hideout: keep which card?", function()
          local o = {}
          for i, c in ipairs(cards) do o[i] = G.card_name(c) end
          return o
        end, { count = #cards })
      end
      for i, c in ipairs(cards) do
        if i ~= k then posse.move(c, G.deck()) posse.reveal(c, a) end
      end
      local kept = cards[k]
      posse.log(G.name(a) .. " searches a hideout: keeps one card, puts one back on the deck.")
      if G.kind(kept) == "outlaw" then
        G.outlaw(kept, a)
      else
        posse.move(kept, G.hand(a))
        posse.log(G.name(a) .. " keeps " .. G.card_name(kept) .. ".", a)
      end
      return
    end
    local v = pick
    local hand = G.hand(v)
    posse.shuffle(hand) -- the picks are blind (R67)
    local count = posse.count(hand)
    local picks = { 1 }
    if count > 1 then
      picks = posse.choose(a, "Hideout: pick " .. math.min(ctx.props.peek, count) .. " of " .. G.name(v)
        .. "'s face-down cards.", function()
        local o = {}
        for i = 1, count do o[i] = "Card " .. i end
        return o
      end, { min = math.min(ctx.props.peek, count), count = count })
    end
    local seen = {}
    for i, slot in ipairs(picks) do seen[i] = posse.at(hand, slot) end
    for _, c in ipairs(seen) do posse.reveal(c, a) end
    local k = 1
    if #seen > 1 then
      k = posse.choose(a, "Hideout: keep which card?", function()
        local o = {}
        for i, c in ipairs(seen) do o[i] = G.card_name(c) end
        return o
      end, { count = #seen })
    end
    local kept = seen[k]
    posse.move(kept, G.hand(a))
    local names = {}
    for i, c in ipairs(seen) do names[i] = G.card_name(c) end
    posse.log(G.name(a) .. " searches " .. G.name(v) .. "'s hand and takes a card.")
    posse.log(G.name(a) .. " looks at " .. table.concat(names, " and ") .. " and takes " .. G.card_name(kept) .. ".", { a, v })
  end,
}

-- R36, Z20: played only to cancel another player's Clue or Hideout (main.lua asks).
M.jurisdiction = {}

------------------------------------------------------------------ events

-- R49, Z29: a new map; every Marshal in the game back on his terrain.
M.border = {
  drawn = function(ctx)
    local order = G.permutation(#G.data().terrains)
    for p, t in ipairs(order) do posse.set("map_" .. p, t) end
    local names = {}
    for p = 1, #order do names[p] = G.place_name(p) end
    posse.log("Border! The new map: " .. table.concat(names, ", ") .. ".")
    for s = 1, G.players() do
      if G.alive(s) then posse.set("pos", G.position_of(G.character(s)), s) end
    end
  end,
}

-- R50, Z26: riders pay the ticket and ride on in the train's direction.
M.train = {
  drawn = function(ctx)
    local a, dir, cost = ctx.seat, ctx.props.direction, ctx.props.cost
    local from = G.pos(a)
    local last = #G.data().terrains
    local riders = { a }
    for _, s in ipairs(G.clockwise(a)) do riders[#riders + 1] = s end
    local start = {}
    for _, s in ipairs(riders) do start[s] = G.pos(s) end
    for _, s in ipairs(riders) do
      local x = start[s]
      local ahead = {}
      local p = x + dir
      while p >= 1 and p <= last do
        ahead[#ahead + 1] = p
        p = p + dir
      end
      if (x - from) * dir >= 0 and #ahead > 0 and G.resources() and G.get(s, "coins") >= cost then
        local c = posse.choose(s, ("Train (%s, $%d): ride?"):format(dir > 0 and "eastbound" or "westbound", cost),
          function()
            local o = { "Stay off the train" }
            for i, q in ipairs(ahead) do o[i + 1] = "Ride to the " .. G.place_name(q) end
            return o
          end, { count = #ahead + 1 })
        if c > 1 then
          G.spend(s, "coins", cost)
          G.move(s, ahead[c - 1], "by train, $" .. cost)
        end
      end
    end
  end,
}

-- R51, Z27: buy Bullets and Provisions at the village; Marshals elsewhere may come by card.
M.village = {
  drawn = function(ctx)
    local a, price = ctx.seat, ctx.props.price
    local v = G.pos(a)
    local D = G.data()
    local order = { a }
    for _, s in ipairs(G.clockwise(a)) do order[#order + 1] = s end
    for _, s in ipairs(order) do
      if G.pos(s) ~= v then
        local route = M.route(s, v)
        if route then
          local names = {}
          for i, c in ipairs(route) do names[i] = G.card_name(c) end
          local c = posse.choose(s, "Village in the " .. G.place_name(v) .. ": travel there?", {
            "Stay away", "Travel there, playing " .. table.concat(names, ", "),
          })
          if c == 2 then
            for _, x in ipairs(route) do
              local step = G.pos(s) + (v > G.pos(s) and 1 or -1)
              G.discard(x)
              G.move(s, step, "to the village, " .. G.card_name(x))
            end
          end
        end
      end
      if G.pos(s) == v then
        while true do
          local coins = G.get(s, "coins")
          local opts = { "Done" }
          if coins >= price and G.get(s, "bullets") < D.resource_cap then opts[#opts + 1] = "bullets" end
          if coins >= price and G.get(s, "provisions") < D.resource_cap then opts[#opts + 1] = "provisions" end
          if #opts == 1 then break end
          local c = posse.choose(s, ("Village: buy for $%d each?"):format(price), function()
            local o = {}
            for i, x in ipairs(opts) do
              o[i] = x == "Done" and "Done" or (x == "bullets" and "Buy a Bullet" or "Buy a Provision")
            end
            return o
          end, { count = #opts })
          if c == 1 then break end
          G.spend(s, "coins", price)
          posse.add(opts[c], 1, s)
          posse.log(G.name(s) .. " buys a " .. (opts[c] == "bullets" and "Bullet" or "Provision") .. ".")
        end
      end
    end
  end,
}

---Z27: the cards `s` would play to reach position `v` step by step (the lowest Movement card
---of each step's terrain, else a Wild), or nil when he cannot get there.
function M.route(s, v)
  local from = G.pos(s)
  if from == 0 then return nil end
  local dir = v > from and 1 or -1
  local used, route = {}, {}
  local p = from
  while p ~= v do
    p = p + dir
    local t = G.terrain_at(p)
    local best
    for _, c in ipairs(G.cards_of(s)) do
      if not used[c] and G.kind(c) == "movement" and G.props(c).terrain == t
        and (not best or G.props(c).value < G.props(best).value) then
        best = c
      end
    end
    if not best then
      for _, c in ipairs(G.cards_of(s)) do
        if not used[c] and G.kind(c) == "wild" then
          best = c
          break
        end
      end
    end
    if not best then return nil end
    used[best] = true
    route[#route + 1] = best
  end
  return route
end

------------------------------------------------------------------ Outlaws and the badge

M.outlaw = {
  drawn = function(ctx) G.outlaw(ctx.card, ctx.seat) end,
}

-- R29: the Corrupt Marshal is kept in hand like any card; its holder helps the Outlaws.
M.corrupt = {}

return M
