-- Desperados (Florian Racky): the game flow, read top-down like the rulebook. Setup, then
-- five turns of five moves (coaches, Sheriffs, hidden cards, activities), each turn closed
-- by the examination, the bank hold-ups and the upkeep. Check-list ids (S2, M3, E4, ...)
-- and decisions (G-...) are those of shared/rules/desperados.gaps.md; ours are in
-- scripts/desperados/DECISIONS.md.
--
-- What is hidden is held by the engine: each seat's row of played cards is a `display`
-- zone that the desperadoes' team sees and the Marshal does not; bank tiles are revealed
-- to the Marshal and to the team of a spy; poker tiles to nobody. The script keeps only
-- what follows from the cards played (where each seat's cards lead), rebuilt by replay.

local posse = require "posse"
local rules = require "desperados.rules"

local D            -- posse.data
local N            -- seats
local MARSHAL      -- the Marshal's seat
local DESP         -- the desperadoes' seats, in seat order
local CITIES       -- node ids in board order
local INDEX        -- INDEX[node] = its position in CITIES (the value of position counters)
local CARD         -- CARD[seat][def id] = that seat's movement card
local SHERIFFS     -- how many Sheriffs are in play

local NAME         -- NAME[node] = the town's name (data.cities)

local function city_name(id) return NAME[id] or id end
local function name(s) return posse.seat_name(s) end
local function where(s) return CITIES[posse.get("at", s)] end

------------------------------------------------------------------------ setup

local function ask_city(seat, prompt)
  local labels = {}
  for i, id in ipairs(CITIES) do labels[i] = city_name(id) end
  return CITIES[posse.choose(seat, prompt, labels)]
end

-- The tiles of `list` in a random order: shuffled face down in the hidden `pile`, then
-- put back among the unsorted tiles.
local function shuffled(list)
  local pile, tiles = posse.zone("pile"), posse.zone("tiles")
  for _, t in ipairs(list) do posse.move(t, pile) end
  posse.shuffle(pile)
  local out = posse.contents(pile)
  for _, t in ipairs(out) do posse.move(t, tiles) end
  return out
end

-- S2: three low and two high tiles on the banks; the rest, then the two set-aside 2000s at
-- the bottom, form the bank stack. The Marshal knows every tile on a bank (G4).
local function setup_banks(tiles)
  local aside, lows, highs = {}, {}, {}
  for _, t in ipairs(tiles) do
    local p = posse.def(t).props
    if p.value == D.bank_set_aside.value and #aside < D.bank_set_aside.count then
      aside[#aside + 1] = t
    elseif p.value <= D.bank_low_max then
      lows[#lows + 1] = t
    else
      highs[#highs + 1] = t
    end
  end
  for _, t in ipairs(aside) do posse.move(t, posse.zone("set_aside")) end
  local l, h = shuffled(lows), shuffled(highs)
  local on_banks, rest = {}, {}
  for i, t in ipairs(l) do
    if i <= D.banks_low then on_banks[#on_banks + 1] = t else rest[#rest + 1] = t end
  end
  for i, t in ipairs(h) do
    if i <= D.banks_high then on_banks[#on_banks + 1] = t else rest[#rest + 1] = t end
  end
  on_banks = shuffled(on_banks)
  for i, city in ipairs(D.banks) do
    local t = on_banks[i]
    if t then
      posse.move(t, posse.zone("bank", city))
      posse.reveal(t, MARSHAL)
    end
  end
  local stack = posse.zone("bank_stack")
  for _, t in ipairs(shuffled(rest)) do posse.move(t, stack) end
  for _, t in ipairs(aside) do posse.move(t, stack, "bottom") end
end

local function setup()
  local banks, pokers, coaches = {}, {}, {}
  for _, t in ipairs(posse.contents(posse.zone("tiles"))) do
    local kind = posse.def(t).props.kind
    if kind == "bank" then
      banks[#banks + 1] = t
    elseif kind == "poker" then
      pokers[#pokers + 1] = t
    else
      coaches[#coaches + 1] = t
    end
  end
  setup_banks(banks)
  -- S3: a poker tile on every town without a bank, face down.
  local is_bank = {}
  for _, b in ipairs(D.banks) do is_bank[b] = true end
  local k = 0
  pokers = shuffled(pokers)
  for _, city in ipairs(CITIES) do
    if not is_bank[city] then
      k = k + 1
      if pokers[k] then posse.move(pokers[k], posse.zone("poker", city)) end
    end
  end
  -- S4: the coach tiles, face down.
  local stack = posse.zone("coach_stack")
  for _, t in ipairs(coaches) do posse.move(t, stack) end
  posse.shuffle(stack)
  -- S5, S6: the schedules in a chain from a random first one; brown on the first start.
  local first = D.first_schedule
  if first == 0 then first = posse.random(#D.schedules) end
  local order = rules.chain(D.schedules, first)
  for i, s in ipairs(order) do posse.set("schedule_" .. i, s) end
  posse.set("brown_at", INDEX[D.schedules[order[1]].route[1]])
  posse.log("The schedules: " .. rules.schedules_text(D, order, city_name) .. ". The brown coach waits in "
    .. city_name(D.schedules[order[1]].route[1]) .. ".")
  -- C8: one movement deck per seat.
  local box = posse.zone("box")
  CARD = {}
  for s = 1, N do CARD[s] = {} end
  for _, c in ipairs(posse.contents(box)) do
    local id = posse.def_id(c)
    for s = 1, N do
      if not CARD[s][id] then
        CARD[s][id] = c
        posse.move(c, posse.zone("hand", s))
        break
      end
    end
  end
  -- S7, S8, G-SETUP-ORDER: the Marshal places his pawn and his Sheriffs, then each
  -- desperado places his pawn, seeing where the law is.
  posse.set_current(MARSHAL)
  local c = ask_city(MARSHAL, "Setup: where does the Marshal start?")
  posse.set("at", INDEX[c], MARSHAL)
  posse.log("The Marshal starts in " .. city_name(c) .. ".")
  for i = 1, SHERIFFS do
    c = ask_city(MARSHAL, "Setup: where does Sheriff " .. i .. " start?")
    posse.set("sheriff_" .. i, INDEX[c])
    posse.log("Sheriff " .. i .. " starts in " .. city_name(c) .. ".")
  end
  for _, s in ipairs(DESP) do
    posse.set_current(s)
    c = ask_city(s, "Setup: where does your desperado start?")
    posse.set("at", INDEX[c], s)
    posse.log(name(s) .. " starts in " .. city_name(c) .. ".")
  end
end

--------------------------------------------------------------- one turn's state

-- Per seat this turn: `pos` where its cards lead so far, `cards[k]` the card of move k,
-- `bad` the move of its first impossible card (E7), nil while every card was legal.
local plan
-- Activities declared this turn (E4): {kind, coach, city, move, sheriffs, who = {seats}}.
local activities
-- Targets that already have an activity this turn (G-JOIN): "poker:<city>", "coach:<colour>".
local taken

local COACHES = { "brown", "blue" }

local function sheriffs_in(city)
  local n = 0
  for i = 1, SHERIFFS do
    if CITIES[posse.get("sheriff_" .. i)] == city then n = n + 1 end
  end
  return n
end

-- K1: the schedule a coach follows in turn t (nil: not in play).
local function schedule_of(colour, t)
  local i = colour == "brown" and t or t - 1
  if i < 1 then return nil end
  return D.schedules[posse.get("schedule_" .. i)]
end

------------------------------------------------------------------------ moves

-- K1, K3, K4: every coach in play takes its next step unless it is held up.
local function move_coaches(t, k)
  for _, colour in ipairs(COACHES) do
    local sched = schedule_of(colour, t)
    if sched and posse.get(colour .. "_robbed") == 0 then
      local to = sched.route[k + 1]
      posse.set(colour .. "_at", INDEX[to])
      posse.log("The " .. colour .. " coach rides to " .. city_name(to) .. ".")
    end
  end
end

-- H1: the Marshal may move each Sheriff along one road, or leave him.
local function move_sheriffs()
  for i = 1, SHERIFFS do
    local here = CITIES[posse.get("sheriff_" .. i)]
    local ns = posse.neighbours(here)
    local c = posse.choose(MARSHAL, function() return "Sheriff " .. i .. " is in " .. city_name(here) .. "." end,
      function()
        local opts = { "Stay in " .. city_name(here) }
        for j, n in ipairs(ns) do opts[j + 1] = "Ride to " .. city_name(n) end
        return opts
      end, { count = #ns + 1 })
    if c > 1 then
      posse.set("sheriff_" .. i, INDEX[ns[c - 1]])
      posse.log("Sheriff " .. i .. " rides from " .. city_name(here) .. " to " .. city_name(ns[c - 1]) .. ".")
    end
  end
end

-- M1-M4, G-IMPOSSIBLE-DETECT: the cards a seat may play now, in board order (the Saloon
-- last). When none is legal the seat is stuck and may play any card: an impossible move.
local function playable(s)
  local p = plan[s]
  local hand = posse.zone("hand", s)
  local legal, all = {}, {}
  local near = {}
  for _, n in ipairs(posse.neighbours(p.pos)) do near[n] = true end
  for _, id in ipairs(CITIES) do
    local c = CARD[s][id]
    if posse.zone_of(c) == hand then
      all[#all + 1] = c
      if near[id] then legal[#legal + 1] = c end
    end
  end
  local saloon = CARD[s].saloon
  if posse.zone_of(saloon) == hand then
    all[#all + 1] = saloon
    legal[#legal + 1] = saloon
  end
  if p.bad or #legal == 0 then return all, true end
  return legal, false
end

-- M1, M6, M7, G-CHANGE-WINDOW: everyone plays a card face down at once; until the last
-- has played, each may take his card back and play another; partners see each other's.
local function play_cards(t, k)
  local reqs, offers = {}, {}
  local seats = { MARSHAL }
  for _, s in ipairs(DESP) do seats[#seats + 1] = s end
  for i, s in ipairs(seats) do
    local cards, stuck = playable(s)
    offers[i] = { cards = cards, stuck = stuck }
    local here = plan[s].pos
    reqs[i] = {
      seat = s,
      prompt = function()
        local why = stuck and " No card you hold is a legal move: any card you play is an impossible move." or ""
        return ("Turn %d, move %d: your cards lead to %s. Play a card.%s"):format(t, k, city_name(here), why)
      end,
      options = function()
        local labels = {}
        for j, c in ipairs(cards) do labels[j] = posse.def(c).name end
        return labels
      end,
      count = #cards,
      revisable = true,
      shown_to_team = s ~= MARSHAL,
    }
  end
  local answers = posse.choose_each(reqs)
  for i, s in ipairs(seats) do
    local card = offers[i].cards[answers[i]]
    local p = plan[s]
    posse.move(card, posse.zone("display", s))
    p.cards[k] = card
    if offers[i].stuck and not p.bad then p.bad = k end
    local city = posse.def(card).props.city
    if city and not p.bad then p.pos = city end
    posse.log(name(s) .. " plays a card face down.")
  end
end

-- A2, G-SALOON-FIRST, G-PROOF-AUDIENCE: the cards that prove where a desperado is,
-- shown to everyone (and put back face down).
local function prove(s, k)
  local p = plan[s]
  local shown = { p.cards[k] }
  if posse.def(p.cards[k]).props.saloon and k > 1 then shown[2] = p.cards[k - 1] end
  local names = {}
  for i, c in ipairs(shown) do
    posse.reveal(c)
    names[i] = posse.def(c).name
  end
  return table.concat(names, " and ")
end

-- A1-A8: each desperado may take part in an activity where his cards lead: a poker game
-- or a coach (with his disc), or spy on a bank. Every desperado still moving is asked,
-- secretly, even when "No activity" is all he may answer. Partners see each other's intents
-- and may change them until all have chosen; a group without more discs than Sheriffs
-- places none (A3).
local function activities_phase(k)
  local reqs, offers, asked = {}, {}, {}
  for _, s in ipairs(DESP) do
    local p = plan[s]
    local here = p.pos
    local opts = { { kind = "none" } }
    -- After an impossible move every further activity is void (E6).
    if not p.bad then
      if posse.get("disc", s) == 0 then
        if posse.count(posse.zone("poker", here)) > 0 and not taken["poker:" .. here] then
          opts[#opts + 1] = { kind = "poker", city = here }
        end
        for _, colour in ipairs(COACHES) do
          if CITIES[posse.get(colour .. "_at")] == here and not taken["coach:" .. colour] then
            opts[#opts + 1] = { kind = "coach", coach = colour, city = here }
          end
        end
      end
      if posse.count(posse.zone("bank", here)) > 0 then opts[#opts + 1] = { kind = "spy", city = here } end
    end
    -- Asked even with nothing to do: whether anyone is asked must tell the Marshal nothing.
    asked[#asked + 1] = s
    offers[#offers + 1] = opts
    reqs[#reqs + 1] = {
      seat = s,
      prompt = "Move " .. k .. ": an activity in " .. city_name(here) .. "?",
      options = function()
        local labels = {}
        for i, o in ipairs(opts) do labels[i] = rules.activity_label(o, city_name) end
        return labels
      end,
      count = #opts,
      secret = true,
      revisable = true,
      shown_to_team = true,
    }
  end
  local answers = posse.choose_each(reqs)
  -- Group the disc activities by target, in seat order of their first member.
  local groups, order = {}, {}
  for i, s in ipairs(asked) do
    local o = offers[i][answers[i]]
    if o.kind == "poker" or o.kind == "coach" then
      local key = o.kind == "poker" and ("poker:" .. o.city) or ("coach:" .. o.coach)
      if not groups[key] then
        groups[key] = { kind = o.kind, coach = o.coach, city = o.city, who = {} }
        order[#order + 1] = key
      end
      local g = groups[key].who
      g[#g + 1] = s
    elseif o.kind == "spy" then
      local shown = prove(s, k)
      local tile = posse.at(posse.zone("bank", o.city))
      posse.reveal(tile, DESP)
      posse.log(name(s) .. " shows " .. shown .. " and spies on the bank in " .. city_name(o.city) .. ".")
      posse.log("The bank in " .. city_name(o.city) .. " holds $" .. posse.def(tile).props.value .. ".", DESP)
    end
  end
  for _, key in ipairs(order) do
    local g = groups[key]
    local law = sheriffs_in(g.city)
    local what = rules.activity_label(g, city_name)
    if #g.who > law then
      g.move, g.sheriffs = k, law
      activities[#activities + 1] = g
      taken[key] = true
      for _, s in ipairs(g.who) do
        local shown = prove(s, k)
        posse.set("disc", INDEX[g.city], s)
        posse.log(name(s) .. " shows " .. shown .. " and lays down a disc: " .. what .. ".")
      end
      if g.kind == "coach" then posse.set(g.coach .. "_robbed", 1) end
    else
      posse.log(("Too few discs for %s (%d against %d Sheriff%s): none is placed."):format(
        what, #g.who, law, law == 1 and "" or "s"), DESP)
    end
  end
end

------------------------------------------------------------------ examination

-- E1-E6: reveal the cards move by move; the Marshal arrests; activities pay out.
local function examination()
  local active = {}
  for s = 1, N do active[s] = true end
  local moves = D.moves
  for k = 1, moves do
    for s = 1, N do
      if active[s] then
        local p = plan[s]
        local card = p.cards[k]
        posse.flip(card, true)
        local props = posse.def(card).props
        if p.bad and k >= p.bad then
          active[s] = false
          posse.log(("%s's card %d is %s: an impossible move. %s stops for this turn."):format(
            name(s), k, posse.def(card).name, name(s)))
        elseif props.city then
          posse.set("at", INDEX[props.city], s)
          posse.log(("%s's card %d: %s."):format(name(s), k, city_name(props.city)))
        else
          posse.log(("%s's card %d: the Saloon; %s stays in %s."):format(name(s), k, name(s), city_name(where(s))))
        end
      end
    end
    -- E2, E3, G-MARSHAL-STUCK: arrests where the Marshal stands now.
    if active[MARSHAL] then
      local m = posse.get("at", MARSHAL)
      for _, s in ipairs(DESP) do
        if active[s] and posse.get("at", s) == m then
          active[s] = false
          local card = plan[s].cards[k]
          if posse.def(card).props.saloon then
            posse.log(name(s) .. " is arrested in " .. city_name(CITIES[m]) .. " and keeps the Saloon card.")
          else
            posse.move(card, posse.zone("lost"))
            posse.log(name(s) .. " is arrested in " .. city_name(CITIES[m]) .. " and hands over the "
              .. posse.def(card).name .. " card for the rest of the game.")
          end
        end
      end
    end
    -- E4, E5: the activities declared in this move.
    for _, a in ipairs(activities) do
      if a.move == k then
        local here = 0
        for _, s in ipairs(a.who) do
          if active[s] and where(s) == a.city then here = here + 1 end
        end
        local what = rules.activity_label(a, city_name)
        if here > a.sheriffs then
          local tile
          if a.kind == "poker" then
            tile = posse.at(posse.zone("poker", a.city))
          else
            tile = posse.at(posse.zone("coach_stack"))
          end
          if tile then
            posse.move(tile, posse.zone("booty"))
            posse.flip(tile, true)
            local v = posse.def(tile).props.value
            posse.add("booty_total", v)
            posse.log(("%s succeeds (%d against %d): the desperadoes take $%d."):format(what, here, a.sheriffs, v))
          else
            posse.log(what .. " succeeds, but there is nothing left to take.")
          end
        else
          posse.log(("%s fails: %d desperado%s made it against %d Sheriff%s."):format(
            what, here, here == 1 and "" or "es", a.sheriffs, a.sheriffs == 1 and "" or "s"))
        end
      end
    end
  end
  return active
end

-- B1: every bank with more free desperadoes than Sheriffs is robbed. Returns the cities.
local function hold_ups(active)
  local robbed = {}
  for _, city in ipairs(D.banks) do
    local bank = posse.zone("bank", city)
    if posse.count(bank) > 0 then
      local here = 0
      for _, s in ipairs(DESP) do
        if active[s] and where(s) == city then here = here + 1 end
      end
      local law = sheriffs_in(city)
      if here > 0 and here > law then
        local tile = posse.at(bank)
        posse.move(tile, posse.zone("booty"))
        posse.flip(tile, true)
        local v = posse.def(tile).props.value
        posse.add("booty_total", v)
        robbed[#robbed + 1] = city
        posse.log(("The bank in %s is robbed (%d against %d): the desperadoes take $%d."):format(
          city_name(city), here, law, v))
      elseif here > 0 then
        posse.log(("The hold-up in %s fails: %d against %d Sheriff%s."):format(
          city_name(city), here, law, law == 1 and "" or "s"))
      end
    end
  end
  return robbed
end

-- U1-U3, K5, G-REFILL-ORDER: cards and discs back, banks refilled blind, coaches to the
-- starts of their next schedules.
local function upkeep(t, robbed)
  for s = 1, N do
    local display, hand = posse.zone("display", s), posse.zone("hand", s)
    while posse.count(display) > 0 do
      local c = posse.at(display)
      posse.flip(c, false)
      posse.move(c, hand)
    end
    -- What was shown of these cards must not follow them into the next turn.
    posse.shuffle(hand)
    posse.set("disc", 0, s)
  end
  local stack = posse.zone("bank_stack")
  for _, city in ipairs(robbed) do
    local tile = posse.draw(stack, posse.zone("bank", city))
    if tile then
      posse.reveal(tile, MARSHAL)
      posse.log("The Marshal puts a new tile face down on the bank in " .. city_name(city) .. ".")
    else
      posse.log("The bank stack is empty: the bank in " .. city_name(city) .. " stays empty.")
    end
  end
  for _, colour in ipairs(COACHES) do
    posse.set(colour .. "_robbed", 0)
    local next_sched = t < D.turns and schedule_of(colour, t + 1)
    local at = posse.get(colour .. "_at")
    if next_sched and at ~= 0 and at ~= INDEX[next_sched.route[1]] then
      posse.set(colour .. "_at", INDEX[next_sched.route[1]])
      posse.log("The " .. colour .. " coach goes to " .. city_name(next_sched.route[1]) .. ", the start of its next schedule.")
    elseif next_sched then
      posse.set(colour .. "_at", INDEX[next_sched.route[1]])
    end
  end
  if t == 1 and D.turns > 1 then
    posse.log("The blue coach enters in " .. city_name(CITIES[posse.get("blue_at")]) .. ".")
  end
end

------------------------------------------------------------------------- turn

local function turn(t)
  posse.set("turn", t)
  plan, activities, taken = {}, {}, {}
  for s = 1, N do plan[s] = { pos = where(s), cards = {}, bad = nil } end
  posse.log("Turn " .. t .. " begins.")
  for k = 1, D.moves do
    posse.set("move", k)
    posse.set_current(MARSHAL)
    move_coaches(t, k)
    move_sheriffs()
    posse.set_current(nil)
    play_cards(t, k)
    activities_phase(k)
  end
  posse.set("move", 0)
  posse.log("Turn " .. t .. ": the examination.")
  local active = examination()
  local robbed = hold_ups(active)
  upkeep(t, robbed)
end

local function result()
  local total = posse.get("booty_total")
  local goal = D.target_per_desperado * #DESP
  local scores = {}
  for s = 1, N do scores[s] = s == MARSHAL and 0 or total end
  if total >= goal then
    posse.log(("The desperadoes have $%d of the $%d they needed: they win."):format(total, goal))
    return { winners = DESP, scores = scores, reason = "the desperadoes made their fortune" }
  end
  posse.log(("The desperadoes have $%d of the $%d they needed: the Marshal wins."):format(total, goal))
  return { winners = { MARSHAL }, scores = scores, reason = "the Marshal kept the law" }
end

local M = {}

---Plays a whole game; returns {winners, scores, reason}.
function M.play()
  D = posse.data
  N = posse.players()
  MARSHAL = D.marshal_seat
  if math.type(MARSHAL) ~= "integer" or MARSHAL < 1 or MARSHAL > N then
    error(("data.marshal_seat: expected a seat 1..%d, got %s"):format(N, tostring(MARSHAL)), 0)
  end
  CITIES = posse.nodes()
  INDEX, NAME = {}, {}
  for i, id in ipairs(CITIES) do
    INDEX[id] = i
    local c = D.cities[i]
    if not c or c.id ~= id then
      error(("data.cities[%d]: expected the town %s (data.cities lists the board's nodes in order)"):format(i, id), 0)
    end
    NAME[id] = c.name
  end
  DESP = {}
  for s = 1, N do
    if s == MARSHAL then
      posse.set_role(s, "marshal")
    else
      posse.set_role(s, "desperado")
      posse.set_team(s, "desperadoes")
      DESP[#DESP + 1] = s
    end
  end
  SHERIFFS = #DESP
  setup()
  for t = 1, D.turns do turn(t) end
  posse.set_current(nil)
  return result()
end

M.rules = rules

return M
