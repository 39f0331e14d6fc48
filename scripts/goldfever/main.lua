-- Goldfever: the flow, read top-down like the rulebook. Setup (chapter 3: teams, printed
-- equipment, jokers, the four decks, the chips), then rounds (chapter 4): the chips are
-- drawn from the mug at random, each character drawn takes its action phase of 4 AP
-- (actions.lua), and after each of its actions the opposing ambushers who see it may react
-- (ambush.lua). A scenario (an overlay of scenarios/goldfever/) gives the teams, who plays
-- whom, where they start and what lies where in its `data`, what each team plays for and
-- the round limit in its `data.aims` (DECISIONS.md, "Aims"), and what is special in its
-- `script:` (posse.scenario(): hooks called with the game table).
-- Ids (GF-..) are those of shared/rules/goldfever.gaps.md; our decisions beyond it are in
-- scripts/goldfever/DECISIONS.md.

local posse = require "posse"
local ask = require "lib.ask"
local cards = require "lib.cards"
local ending = require "lib.ending"
local rules = require "goldfever.rules"
local game = require "goldfever.game"
local events = require "goldfever.events"
local context = require "goldfever.context"
local actions = require "goldfever.actions"
local ambush = require "goldfever.ambush"
require "goldfever.scoring" -- game.scoring, for the scenarios' hooks
require "goldfever.secrets" -- game.secrets (O4, O5)
require "goldfever.things" -- game.things: what characters carry

local D = game.data
local OPT = D.options ---@type table<string, any>
local name = game.name

------------------------------------------------------------------------ setup

-- The printed equipment of `c` (GF-R32), or the scenario's (data.equipment).
---@param c Obj
local function equip(c)
  local id = posse.def_id(c)
  local e = nil
  for _, x in ipairs(D.equipment or {}) do
    if x.id == id then e = x end
  end
  local p = cards.def(c).props
  local guns = e and e.guns or { p.gun }
  local objects = e and e.objects or p.objects
  for _, g in ipairs(guns) do game.things.equip(c, g) end
  for _, o in ipairs(objects) do game.things.equip(c, o) end
end

-- Face-down markers dealt one a zone (§5.14: nuggets and rocks, shuffled).
---@param m {pieces: string[], zones: string[]}
local function deal_markers(m)
  local pieces = {}
  for _, id in ipairs(m.pieces) do
    local o = game.things.take(id)
    if o == nil then error("the supply has no " .. id .. " left", 0) end
    posse.flip(o, false)
    posse.move(o, posse.zone("jokers_used")) -- set aside while the others are taken
    pieces[#pieces + 1] = o
  end
  for i = #pieces, 2, -1 do
    local j = posse.random(i)
    pieces[i], pieces[j] = pieces[j], pieces[i]
  end
  for i, n in ipairs(m.zones) do
    if pieces[i] then posse.move(pieces[i], game.ground(n)) end
  end
end

-- GF-R31, §5.11: one joker each at random, known to its player alone; data.jokers gives
-- some characters more to choose from (High Noon: Ted draws 2, keeps 1, the other goes
-- back and the deck is shuffled).
local function deal_jokers()
  local deck = posse.zone("jokers")
  posse.shuffle(deck)
  local back = false
  for _, c in ipairs(game.chars()) do
    local z = posse.zone("joker", c)
    local n = 1
    for _, x in ipairs(D.extra_jokers or {}) do
      if x[1] == posse.def_id(c) then n = x[2] end
    end
    local drawn = {}
    for i = 1, n do
      drawn[i] = posse.draw(deck, z) --[[@as Obj]]
      posse.reveal(drawn[i], game.things.players_of(c))
    end
    if n > 1 then
      local seat = game.seat(c)
      local k = ask.pick(seat, "keep_joker", function() return name(c) .. " draws " .. n .. " jokers: which does he keep?" end,
        function()
          local out = {}
          for i, j in ipairs(drawn) do
            out[i] = ask.option("keep", "Keep " .. cards.name(j) .. ": " .. cards.text(j), { card = posse.def_id(j) })
          end
          return out
        end --[[@as Options]], n, { tags = cards.tags(drawn, 0) })
      for i, j in ipairs(drawn) do
        if i ~= k then posse.move(j, deck) end
      end
      back = true
    end
  end
  if back then posse.shuffle(deck) end
end

local function setup()
  local N = posse.players()
  local split = D.splits[tostring(N)] ---@type string[][]|nil
  if split == nil then error("this scenario has no split for " .. N .. " players", 0) end
  game.register(D.teams, split)
  game.set_hooks(posse.scenario() or {})
  for _, d in ipairs(D.decks) do posse.shuffle(posse.zone(d)) end
  posse.shuffle(posse.zone("panique"))
  -- The deal takes from the supply alone (things.deal: the supply read once).
  game.things.deal(true)
  for _, c in ipairs(game.chars()) do
    posse.flip(c, true)
    equip(c)
    game.secrets.set_spare(c, D.spare_rounds)
  end
  for _, x in ipairs(D.start) do
    local c = game.by_id(x[1])
    if c == nil then error("scenario: start names '" .. tostring(x[1]) .. "', who is in no team", 0) end
    game.place(c, x[2])
  end
  for _, m in ipairs(D.markers or {}) do deal_markers(m) end
  game.things.deal(false)
  for _, pair in ipairs(D.locked or {}) do posse.lock(pair[1], pair[2]) end
  deal_jokers()
  local h = game.hook("setup")
  if h then h(game) end
  for s = 1, N do
    local mine = {}
    for _, c in ipairs(game.chars_of(s)) do mine[#mine + 1] = name(c) end
    posse.log(("%s plays %s (%s)."):format(posse.seat_name(s), table.concat(mine, " and "),
      game.team_name(game.side(game.chars_of(s)[1]))))
  end
end

------------------------------------------------------------------------ a character's turn

local END = { "end_turn", "End the turn" }
-- How an action question is asked: its tags (`actions.tags`, filled for each question;
-- ask.pick reads them at once).
---@type lib.ask.How
local HOW = { tags = nil }

-- The action phase of `c` (GF-R38-R41): AP, then actions until it ends the turn, runs out
-- of AP or actions, lays an ambush, dies or the game ends.
---@param c Obj
local function phase(c)
  local seat = game.seat(c)
  local base = OPT.fast_play and 3 or D.ap
  local frozen, hit_dirt = posse.obj_get(c, "frozen"), posse.obj_get(c, "hit_dirt")
  local ap = rules.phase_ap(base, frozen > 0, hit_dirt)
  -- (Both statuses end with this phase; one that is 0 already is left as it is.)
  if frozen ~= 0 then posse.obj_set(c, "frozen", 0) end
  if hit_dirt ~= 0 then posse.obj_set(c, "hit_dirt", 0) end
  posse.obj_set(c, "moves", 0)
  posse.obj_set(c, "spent", 0)
  posse.obj_set(c, "ap", ap)
  posse.obj_set(c, "active", 1)
  posse.set_current(seat)
  -- The questions' prompt and options, made once a phase: read only while the question is
  -- asked, they read the options of the question being asked (`cur`).
  local cur ---@type goldfever.Options
  local function prompt() return ("%s: %d AP left. What now?"):format(name(c), posse.obj_get(c, "ap")) end
  local function options() return actions.options(cur, seat, true, END) end
  while game.alive(c) do
    ap = posse.obj_get(c, "ap")
    local set = actions.list(c, ap, false)
    local n = set.n
    if n == 0 then break end
    cur = set
    HOW.tags = actions.tags(set, 1)
    local i = ask.pick(seat, "action", prompt, options --[[@as Options]], n + 1, HOW)
    if i > n then break end
    local cost = actions.cost(set, i)
    posse.obj_add(c, "ap", -cost)
    posse.obj_add(c, "spent", cost)
    actions.run(set, i)
    local over = game.over()
    if cost > 0 and not over and not actions.quiet(set, i) then
      ambush.window(c)
      over = game.over()
    end
    if D.options.hidden_deployment and game.alive(c) then
      game.secrets.spot(game.side(c))
      over = game.over()
    end
    if over or actions.ends(set, i) then break end
  end
  posse.obj_set(c, "active", 0)
  posse.obj_set(c, "ap", 0)
  posse.set_current(nil)
end

local STAY_TAGS = { "stay_in_ambush", false }

-- A chip drawn: an ambusher may stay in ambush (GF-R37, GF-T23); else the marker goes
-- (§5.10 step 6) and it takes its phase.
---@param c Obj
local function turn(c)
  game.log(name(c) .. "'s chip is drawn.")
  if posse.obj_get(c, "ambush") > 0 then
    local stay = ask.pick(game.seat(c), "ambush_turn", function() return name(c) .. " lies in ambush. Stay in ambush?" end,
      function()
        local who = { who = posse.def_id(c) }
        return { ask.option("stay", "Stay in ambush", who), ask.option("act", "Take the action phase", who) }
      end --[[@as Options]], 2, { tags = STAY_TAGS })
    if stay == 1 then
      game.log(name(c) .. " stays in ambush.")
      return
    end
    posse.obj_set(c, "ambush", 0)
  end
  game.secrets.unhide(c) -- O5: acting shows him
  phase(c)
end

-- J11 Early Bird: before the first chip, every player with a character holding a joker is
-- asked at once (the question is the same whatever it holds, §5.11); the early birds take
-- their turns first, in code order.
---@return Obj[]
local function early_birds()
  local holders, held = {}, {} ---@type Obj[], table<Obj, Obj>
  for _, c in ipairs(game.living()) do
    local j = game.joker(c)
    if j then
      holders[#holders + 1] = c
      held[c] = j
    end
  end
  local seats, by_seat = game.by_seat(holders)
  if #seats == 0 then return {} end
  local reqs, offers = {}, {}
  for i, s in ipairs(seats) do
    local offer, contexts = {}, {} ---@type Obj[], goldfever.Context[]
    local tags = { false } ---@type (string|false)[]
    for _, c in ipairs(by_seat[s]) do
      -- `events.joker_ready` with the joker in hand: a context only for one of this timing.
      local j = held[c]
      if cards.when(j) == "round_start" then
        local ctx = context.new(c, nil)
        if cards.can(j, ctx) then
          offer[#offer + 1] = c
          contexts[#contexts + 1] = ctx
          tags[#tags + 1] = cards.def(j).id
        end
      end
    end
    offers[i] = offer
    -- The options are made only when someone reads the question (the flow waits there, so
    -- the jokers and their contexts are as they were when it was asked).
    reqs[i] = { seat = s, kind = "joker", prompt = "A new round begins. Play a joker now?", count = #offer + 1,
      secret = true, tags = tags, options = function()
        local options = { ask.option("pass", "No joker now") }
        for k, c in ipairs(offer) do
          local j = held[c]
          options[k + 1] = ask.option("play", cards.label(j, contexts[k]) .. " (" .. name(c) .. ")",
            { card = cards.def(j).id, who = posse.def_id(c) })
        end
        return options
      end }
  end
  local answers = posse.choose_each(reqs)
  local out = {}
  for i = 1, #seats do
    local a = answers[i] --[[@as integer]]
    if a > 1 then
      local c = offers[i][a - 1]
      events.play_joker(c, context.new(c, nil))
      out[#out + 1] = c
    end
  end
  table.sort(out, function(x, y) return game.code(x) < game.code(y) end)
  return out
end

------------------------------------------------------------------------ the game

-- High Noon's ending (the base game): after the last round, the side with fewer wounds
-- among its living characters wins; equal: a draw.
local function duel_end()
  ---@type integer[]
  local w = { 0, 0 }
  for _, c in ipairs(game.chars()) do
    local side = game.side(c)
    w[side] = w[side] + (game.alive(c) and game.wounds(c) or D.deadly)
  end
  if w[1] < w[2] then
    game.win(1, "fewer wounds after the last round")
  elseif w[2] < w[1] then
    game.win(2, "fewer wounds after the last round")
  else
    game.win(0, "as many wounds after the last round")
  end
end

-- The end, once the game is decided (`game.over`, checked after every action and at a
-- round's start and end: GF-G61): unused jokers and every face-down marker are shown
-- (§5.8, §5.12), and the game ends with its result (`lib.ending`).
local function finish()
  local zones = {}
  for _, n in ipairs(game.nodes) do zones[#zones + 1] = game.ground(n) end
  for _, c in ipairs(game.chars()) do zones[#zones + 1] = game.gear(c) end
  local turned = 0
  for _, z in ipairs(zones) do
    for _, o in ipairs(posse.contents(z)) do
      if not posse.face_up(o) then
        posse.flip(o, true)
        turned = turned + 1
      end
    end
  end
  if turned > 0 then posse.log("The face-down markers are turned over.") end
  for _, c in ipairs(game.chars()) do
    local j = game.joker(c)
    if j then
      posse.flip(j, true)
      posse.log(("%s's unused joker: %s."):format(name(c), cards.name(j)))
    end
  end
  ending.finish(game.result())
end

-- The game: the set-up, then the rounds, until it is decided or the last round ends.
local function flow()
  setup()
  if game.over() then finish() end
  local limit = D.aims.round_limit - (OPT.fast_play and 2 or 0)
  for r = 1, limit do
    posse.set("round", r)
    game.log("Round " .. r .. ".")
    for _, c in ipairs(game.chars()) do
      posse.obj_set(c, "acted", 0)
      posse.obj_set(c, "steady", 0)
    end
    local h = game.hook("round_start")
    if h then h(game, r) end
    if game.over() then finish() end
    for _, c in ipairs(early_birds()) do
      posse.obj_set(c, "acted", 1)
      turn(c)
      if game.over() then finish() end
    end
    while true do
      -- GF-R36: the mug holds the chips of the living characters not yet drawn.
      ---@type Obj[]
      local mug = {}
      local living = game.living()
      for i = 1, #living do
        local c = living[i]
        if posse.obj_get(c, "acted") == 0 then mug[#mug + 1] = c end
      end
      if #mug == 0 then break end
      local c = mug[posse.random(#mug)]
      posse.obj_set(c, "acted", 1)
      turn(c)
      if game.over() then finish() end
    end
    h = game.hook("round_end")
    if h then h(game, r) end
    if game.over() then finish() end
  end
  local final = game.hook("final")
  if final then final(game) else duel_end() end
  if not game.over() then game.win(0, "the last round ended") end
  finish()
end

local M = {}

---Plays a whole game; returns {winners, reason}.
---@return Result
function M.play() return ending.run(flow) end

return M
