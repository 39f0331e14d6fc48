-- Marshals: the game flow, read top-down like the rulebook. Setup (R21-R28), then turns
-- clockwise (R29-R35): draw; an Event or an Outlaw ends the turn; otherwise play a card or
-- a special action, and a move draws again (Z08). The cards' own behaviour is in
-- cards.yaml (each entry's `script:`) and cards.lua; the table (map, resources, captures,
-- the end) in game.lua. Ids (R.., Z..) are those of shared/rules/marshals.gaps.md; our own
-- decisions are in scripts/marshals/DECISIONS.md.

local posse = require "posse"
local G = require "marshals.game"

local D, N

local function name(s) return G.name(s) end

-- The behaviour table of a card (its YAML `script:`).
local function behaviour(c) return posse.def(c).script or {} end

local function ctx_for(s, c) return { seat = s, card = c, props = G.props(c), game = G } end

------------------------------------------------------------------------ setup

-- The cards in `zone` after a shuffle, top first.
local function shuffled(zone)
  posse.shuffle(zone)
  return posse.contents(zone)
end

-- Z36: the Corrupt Marshal goes into the upper half at a random place.
local function insert_corrupt()
  local deck, aside = G.deck(), posse.zone("aside")
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
-- are set aside and replaced, then go back and the whole deck is shuffled.
local function deal(first)
  local deck, aside = G.deck(), posse.zone("aside")
  local order = { first }
  for _, s in ipairs(G.clockwise(first)) do order[#order + 1] = s end
  for _ = 1, D.start.hand do
    for _, s in ipairs(order) do posse.draw(deck, G.hand(s)) end
  end
  local set_aside = 0
  for _, s in ipairs(order) do
    local redraw = true
    while redraw do
      redraw = false
      for _, c in ipairs(posse.contents(G.hand(s))) do
        if G.kind(c) == "outlaw" then
          posse.move(c, aside)
          set_aside = set_aside + 1
          if posse.count(deck) > 0 then posse.draw(deck, G.hand(s)) end
          redraw = true
        end
      end
    end
  end
  if set_aside > 0 then
    while posse.count(aside) > 0 do posse.move(posse.at(aside), deck) end
    posse.shuffle(deck)
    posse.log(set_aside .. " Outlaw" .. (set_aside > 1 and "s were" or " was") .. " drawn and shuffled back.")
  end
end

local function setup()
  local T = #D.terrains
  -- Z05: a Character (terrain) for each seat; R21, Z06: the map.
  local chars, map = {}, {}
  for i = 1, T do chars[i], map[i] = i, i end
  if D.character_assignment ~= "seat" then chars = G.permutation(T) end
  for s = 1, N do posse.set("character", chars[s], s) end
  if D.map_order ~= "fixed" then map = G.permutation(T) end
  local names = {}
  for p = 1, T do
    posse.set("map_" .. p, map[p])
    names[p] = G.place_name(p)
  end
  posse.log("The map: " .. table.concat(names, ", ") .. ".")
  for s = 1, N do
    posse.set("pos", G.position_of(G.character(s)), s)
    posse.log(("%s is the %s Marshal and starts there."):format(name(s), G.terrain_name(G.character(s))))
    if D.resources then
      posse.set("bullets", D.start.bullets, s)
      posse.set("provisions", D.start.provisions, s)
      posse.set("coins", D.start.coins, s)
    end
  end
  -- R22: the deck, with the Corrupt Marshal in its upper half.
  shuffled(G.deck())
  insert_corrupt()
  local first = D.first_player
  if first == 0 then first = posse.random(N) end
  deal(first)
  return first
end

------------------------------------------------------------------------ Jurisdiction

-- R36, Z20: every other Marshal is asked at once, secretly, whether he plays Jurisdiction
-- on `a`'s Clue or Hideout `c`; of those who do, the one last in turn order after `a`
-- resolves. Returns whether the card was cancelled.
local function jurisdiction_window(a, c)
  local any = false
  for s = 1, N do
    for _, x in ipairs(posse.contents(G.hand(s))) do
      if G.kind(x) == "jurisdiction" then any = true end
    end
  end
  -- The modes without Jurisdiction cards (duo, basic) have no window. In the full game
  -- everyone is asked, holder or not, so the question tells nobody who holds one.
  if not any and D.mode ~= "std" then return false end
  local seats, reqs, held = G.clockwise(a), {}, {}
  for i, s in ipairs(seats) do
    local js = G.cards_of(s, function(x) return G.kind(x) == "jurisdiction" end)
    held[i] = js[1]
    reqs[i] = {
      seat = s,
      prompt = name(a) .. " plays " .. G.card_name(c) .. ". Cancel it with Jurisdiction?",
      options = held[i] and { "Let it be", "Play Jurisdiction" } or { "Let it be" },
      secret = true,
    }
  end
  if #reqs == 0 then return false end
  local answers = posse.choose_each(reqs)
  local winner
  for i = #seats, 1, -1 do
    if answers[i] == 2 then
      winner = i
      break
    end
  end
  if not winner then return false end
  local s = seats[winner]
  G.discard(held[winner])
  posse.move(c, G.hand(s))
  posse.reveal(c)
  posse.log(("%s plays Jurisdiction: %s has no effect and goes to %s's hand."):format(name(s), G.card_name(c), name(s)))
  return true
end

------------------------------------------------------------------------ Step 2

-- The options of Step 2 (R34, Z08-Z13): each {label, run}; run returns true when the
-- player draws again.
local function options(a)
  local opts = {}
  local here = G.pos(a)
  for _, c in ipairs(posse.contents(G.hand(a))) do
    local b = behaviour(c)
    local ctx = ctx_for(a, c)
    if b.targets then
      for _, p in ipairs(b.targets(ctx)) do
        opts[#opts + 1] = {
          label = "Play " .. G.card_name(c) .. ": move to the " .. G.place_name(p),
          run = function()
            G.discard(c)
            G.move(a, p, G.card_name(c))
            return true
          end,
        }
      end
    elseif b.play and b.can and b.can(ctx) then
      opts[#opts + 1] = {
        label = b.label and b.label(ctx) or ("Play " .. G.card_name(c)),
        run = function()
          posse.log(name(a) .. " plays " .. G.card_name(c) .. ".")
          posse.move(c, posse.zone("pending"))
          if b.cancellable and jurisdiction_window(a, c) then return false end
          b.play(ctx)
          -- R44: the card goes on top of the discard pile once resolved.
          G.discard(c)
          return false
        end,
      }
    elseif b.drawn and G.kind(c) ~= "outlaw" then
      -- Z11: an Event kept in hand is played in Step 2 and ends the turn.
      opts[#opts + 1] = {
        label = "Play " .. G.card_name(c) .. " (event)",
        run = function()
          posse.log(name(a) .. " plays " .. G.card_name(c) .. " from his hand.")
          posse.move(c, posse.zone("pending"))
          b.drawn(ctx)
          G.discard(c)
          return false
        end,
      }
    end
  end
  -- Special A: 1 Provision to move (Z23: at least 1 must remain).
  if G.can_spend(a, "provisions", 1) then
    for _, p in ipairs(G.neighbours(here)) do
      opts[#opts + 1] = {
        label = "Spend 1 Provision: move to the " .. G.place_name(p),
        run = function()
          G.spend(a, "provisions", 1)
          G.move(a, p, "1 Provision")
          return true
        end,
      }
    end
  end
  -- Special B (Z12, Z13): 1 Bullet to push the other Marshals here away.
  local others = G.others_at(a, here)
  if #others > 0 and G.can_spend(a, "bullets", 1) then
    opts[#opts + 1] = {
      label = "Spend 1 Bullet: push the Marshals here away",
      run = function()
        G.spend(a, "bullets", 1)
        posse.log(name(a) .. " spends a Bullet to push the Marshals in the " .. G.place_name(here) .. " away.")
        for _, s in ipairs(others) do
          local ns = G.neighbours(here)
          local stay = G.can_spend(s, "bullets", 1)
          local c = posse.choose(s, name(a) .. " pushes you away.", function()
            local o = {}
            if stay then o[1] = "Spend 1 Bullet and stay" end
            for _, p in ipairs(ns) do o[#o + 1] = "Move to the " .. G.place_name(p) end
            return o
          end, { count = #ns + (stay and 1 or 0) })
          if stay and c == 1 then
            G.spend(s, "bullets", 1)
            posse.log(name(s) .. " spends a Bullet and stays.")
          else
            G.move(s, ns[c - (stay and 1 or 0)], "pushed")
          end
        end
        return true
      end,
    }
  end
  opts[#opts + 1] = { label = "End your turn", run = function() return false end }
  return opts
end

------------------------------------------------------------------------ turn

-- R29-R35: draw; resolve Events and Outlaws; else play or act, and draw again after a move.
local function take_turn(a)
  posse.set("turn", posse.get("turn") + 1)
  posse.set_current(a)
  if posse.get("skip", a) > 0 then
    posse.add("skip", -1, a)
    posse.log(name(a) .. " skips this turn.")
    return
  end
  while true do
    local c = posse.at(G.deck())
    if not c then
      -- Z31: cannot happen under these rules; the game ends and is scored.
      posse.log("The Far West deck is empty.")
      G.ended = "deck"
      G.finish()
    end
    local b = behaviour(c)
    if b.drawn then
      posse.move(c, posse.zone("pending"))
      posse.flip(c, true)
      if G.kind(c) ~= "outlaw" then posse.log(name(a) .. " draws " .. G.card_name(c) .. ".") end
      b.drawn(ctx_for(a, c))
      -- Z28: the Event goes on top of the discard pile after all it caused.
      if posse.zone_of(c) == posse.zone("pending") then G.discard(c) end
      return
    end
    posse.move(c, G.hand(a))
    posse.log(name(a) .. " draws a card.")
    posse.log(name(a) .. " draws " .. G.card_name(c) .. ".", a)
    local opts = options(a)
    local pick = posse.choose(a, function()
      return ("Your turn: you are in the %s. Play a card or act."):format(G.place_name(G.pos(a)))
    end, function()
      local labels = {}
      for i, o in ipairs(opts) do labels[i] = o.label end
      return labels
    end, { count = #opts })
    if not opts[pick].run() then return end
  end
end

local function run()
  local first = setup()
  local s = first
  while true do
    if G.alive(s) then take_turn(s) end
    s = s % N + 1
  end
end

local M = {}

---Plays a whole game; returns {winners, scores, reason}.
function M.play()
  G.init()
  D, N = posse.data, posse.players()
  local ok, err = pcall(run)
  if not ok and err ~= G.OVER then error(err, 0) end
  return G.result
end

return M
