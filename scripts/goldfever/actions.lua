-- Goldfever's actions (rulebook chapter 5, gaps §5.4-§5.7): which a character may take now,
-- and what each does. An impossible action is never offered (GF-R41), so it costs nothing.
-- The flow (main.lua) asks which, spends the AP and opens the ambush window.
--
-- The options of a question are a set of data (`M.list`, made by listing.lua): their labels
-- are made only when someone reads the question (`M.label`), and `M.run` does the one
-- chosen.

local posse = require "posse"
local text = require "lib.text"
local cards = require "lib.cards"
local ask = require "lib.ask"
local rules = require "goldfever.rules"
local game = require "goldfever.game"
local events = require "goldfever.events"
local context = require "goldfever.context"
local listing = require "goldfever.listing"

local D = game.data
local DECKS = D.decks ---@type string[]
-- What people read of deck `i`: its English name (the ids are the rulebook's French).
local DECK_NAMES = D.deck_names ---@type table<string, string>
---@param i integer
---@return string
local function deck_name(i) return DECK_NAMES[DECKS[i] --[[@as string]]] end
local OPT = D.options ---@type table<string, any>

---@class goldfever.actions
local M = {}

local name, zname = game.name, game.zone_name

------------------------------------------------------------------------ resolution

-- One hit card for `shooter` against `target` from deck `deck`, with the jokers that touch
-- a draw: Take Cover (J18, the target's), Dead Eye (J03, the shooter's). Returns the card.
---@param shooter Obj
---@param target Obj
---@param deck integer
---@param shot boolean   a shot (Take Cover answers shots only)
---@return Obj
local function draw_against(shooter, target, deck, shot)
  if shot and events.react(target, "targeted", function()
        return ("%s shoots at %s. Play a joker?"):format(name(shooter), name(target))
      end) then
    local a, b = game.draw_hit(deck), game.draw_hit(deck)
    local i = ask.pick(game.seat(target), "hit_card", function() return "Take Cover: which card applies?" end,
      function()
        return { ask.option("card", cards.name(a), { card = posse.def_id(a), face = cards.def(a).props.face }),
          ask.option("card", cards.name(b), { card = posse.def_id(b), face = cards.def(b).props.face }) }
      end --[[@as Options]], 2, { tags = cards.tags({ a, b }, 0) })
    return i == 1 and a or b
  end
  local card = game.draw_hit(deck)
  if events.react(shooter, "own_draw", function()
        return ("%s drew %s. Play a joker?"):format(name(shooter), cards.name(card))
      end, { card = card, deck = DECKS[deck] }) then
    card = game.draw_hit(1)
  end
  return card
end

-- J08 Hideout Derringer: after `attacker` shot at or attacked `victim` in his own zone.
---@param attacker Obj
---@param victim Obj
local function derringer(attacker, victim)
  if not (game.alive(victim) and game.alive(attacker)) then return end
  if game.node(victim) ~= game.node(attacker) then return end
  local may_shoot = game.hook("may_shoot")
  if may_shoot and not may_shoot(game, victim) then return end
  if events.react(victim, "attacked", function()
        return ("%s attacked %s. Play a joker?"):format(name(attacker), name(victim))
      end) then
    -- No gun is named, so a JAM jams nothing: a miss.
    local card = game.draw_hit(game.deck_index(D.derringer))
    events.resolve(card, attacker, victim, nil, false, game.node(victim))
  end
end

---Fires `gun` at `target` (§5.4); `double`: both barrels; `shots`: bullets at the same
---target from one AP (Fan the Hammer); `reaction`: an ambush reaction (O1).
---@param c Obj
---@param gun Obj
---@param target Obj
---@param double boolean
---@param shots integer
---@param reaction boolean
function M.shoot(c, gun, target, double, shots, reaction)
  local from, to = game.node(c) --[[@as string]], game.node(target) --[[@as string]]
  local p = game.props(gun)
  local range = game.range(from, to)
  local base = rules.band(p.bands, DECKS, range) --[[@as integer]]
  local deck = game.deck_for(c, base, game.cover(from, to), reaction and OPT.steady_aim and -1 or 0)
  game.log(name(c) .. " shoots at " .. name(target) .. " with his " .. cards.name(gun)
    .. (double and ", both barrels" or "") .. " (" .. deck_name(deck) .. ").", "fight", to)
  for _ = 1, shots do
    if posse.obj_get(gun, "ammo") < (double and 2 or 1) or not game.alive(target) then break end
    posse.obj_add(gun, "ammo", double and -2 or -1)
    local card = draw_against(c, target, deck, true)
    local face = events.resolve(card, target, c, gun, double, from)
    if face == "jam" or not game.alive(c) then break end
  end
  derringer(c, target)
end

---Throws a knife at `target` (§5.6): JAM counts as MISS; the knife lands in the target's
---zone whatever happens.
---@param c Obj
---@param knife Obj
---@param target Obj
---@param reaction boolean
function M.throw_knife(c, knife, target, reaction)
  local from, to = game.node(c) --[[@as string]], game.node(target) --[[@as string]]
  local base = rules.band(game.props(knife).bands, DECKS, game.range(from, to)) --[[@as integer]]
  local deck = game.deck_for(c, base, game.cover(from, to), reaction and OPT.steady_aim and -1 or 0)
  game.log(("%s throws a knife at %s (%s)."):format(name(c), name(target), deck_name(deck)), "fight", to)
  posse.move(knife, game.ground(to))
  local card = draw_against(c, target, deck, false)
  events.resolve(card, target, c, nil, false, from)
  derringer(c, target)
end

---Throws dynamite at zone `to` (§5.6): a fuse check, then the blast in `to` (facile) and
---the zones next to it (difficile); panics after every draw; the scenario's `explosion`.
---@param c Obj
---@param stick Obj
---@param to string
---@param steady boolean|nil  O1 on an ambush reaction: the fuse one step easier
function M.throw_dynamite(c, stick, to, steady)
  local from = game.node(c) --[[@as string]]
  local base = rules.band(game.props(stick).bands, DECKS, game.range(from, to)) --[[@as integer]]
  local deck = game.deck_for(c, base, false, steady and OPT.steady_aim and -1 or 0)
  game.log(("%s throws dynamite into %s (fuse: %s)."):format(name(c), zname(to), deck_name(deck)))
  posse.move(stick, game.ground(to))
  local fuse = game.draw_hit(deck)
  -- The card drawn for the fuse read as what it does: a jam fizzles, any other blows.
  if cards.def(fuse).props.face == "jam" then
    posse.obj_set(stick, "jammed", 1)
    game.log("The fuse card is " .. cards.name(fuse) .. ": the fuse fizzles.")
    return
  end
  posse.move(stick, posse.zone("supply"))
  posse.flip(stick, false)
  game.log("The fuse card is " .. cards.name(fuse) .. ": the dynamite explodes in " .. zname(to) .. "!", "fight", to)
  local panics = {}
  -- One card for `v` from deck `d`: a hit wounds; otherwise he panics if he stands in the
  -- blast's own zone (NEAR, MISS or JAM) or, next door, on a near miss.
  local function blast(v, d, centre)
    local card = game.draw_hit(d)
    local p = cards.def(card).props
    game.log(name(v) .. ": " .. cards.name(card) .. ".")
    if p.wounds > 0 then
      events.wound(v, rules.wounds(p.wounds, p.face, false, OPT.lethal_west, D.deadly), nil)
    elseif centre or p.face == "near" then
      panics[#panics + 1] = v
    end
  end
  -- Everyone caught, in code order (§5.6): the zone's own, and those next door; a hidden
  -- character there (O5) is shown by the blast.
  local near = posse.neighbours(to)
  for _, h in ipairs(game.living()) do
    if game.hidden(h) then
      local at = game.secrets.lurk(h)
      local hit = at == to
      for _, n in ipairs(near) do
        if n == at then hit = true end
      end
      if hit then game.secrets.unhide(h) end
    end
  end
  local centre, around = game.deck_index(D.blast.centre), game.deck_index(D.blast.around)
  local caught = {}
  for _, v in ipairs(game.in_zone(to)) do caught[#caught + 1] = { v = v, centre = true } end
  for _, n in ipairs(posse.neighbours(to)) do
    for _, v in ipairs(game.in_zone(n)) do caught[#caught + 1] = { v = v, centre = false } end
  end
  table.sort(caught, function(x, y) return game.code(x.v) < game.code(y.v) end)
  for _, x in ipairs(caught) do blast(x.v, x.centre and centre or around, x.centre) end
  for _, v in ipairs(panics) do events.panic(v, to) end
  local h = game.hook("explosion")
  if h then h(game, to, c) end
end

local RIPOSTE_TAGS = { "riposte", false }

---A knife fight (§5.7): facile against an unarmed defender, moyen against a knife; a
---MISS lets an armed defender riposte once (moyen); a JAM knocks the attacker's knife away.
---@param c Obj
---@param target Obj
function M.attack(c, target)
  local defender_knife = game.things.carried(target, "knife")
  local base = game.deck_index(defender_knife and D.knife_fight.armed or D.knife_fight.unarmed)
  local deck = game.deck_for(c, base, false, 0)
  game.log(("%s attacks %s with a knife (%s)."):format(name(c), name(target), deck_name(deck)), "fight",
    game.node(target))
  local card = draw_against(c, target, deck, false)
  local face = cards.def(card).props.face
  if face == "jam" then
    game.log("Card: " .. cards.name(card) .. ".")
    local k = game.things.carried(c, "knife")
    if k then
      game.things.drop(c, k)
      game.log(name(c) .. "'s knife is knocked away.")
    end
    derringer(c, target)
    return
  end
  events.resolve(card, target, c, nil, false, game.node(c))
  if face == "miss" and defender_knife and game.alive(target) and game.alive(c)
      and ask.pick(game.seat(target), "riposte",
        function() return name(c) .. " missed. Does " .. name(target) .. " riposte?" end,
        function() return { ask.option("riposte", "Riposte"), ask.option("no", "No") } end --[[@as Options]], 2,
        { tags = RIPOSTE_TAGS }) == 1 then
    game.log(name(target) .. " ripostes.")
    local r = game.draw_hit(game.deck_index(D.knife_fight.riposte))
    if cards.def(r).props.face == "jam" then
      game.log("Card: " .. cards.name(r) .. ".")
    else
      events.resolve(r, c, target, nil, false, game.node(c))
    end
  end
  derringer(c, target)
end

---Throws a rock into zone `to` (§5.6): every opposing ambusher who sees it land reacts now
---or gives up its ambush.
---@param c Obj
---@param rock Obj
---@param to string
function M.throw_rock(c, rock, to)
  posse.flip(rock, true)
  posse.move(rock, game.ground(to))
  game.log(("%s throws a rock into %s."):format(name(c), zname(to)))
  local flush = require("goldfever.ambush").flush
  flush(c, to)
end

------------------------------------------------------------------------ listing

-- A question's options are data, not closures, five slots an option in one list `set.o`:
-- from `(i - 1) * 5 + 1`, what option i does (its kind), its cost in AP and its arguments
-- a, b and t (its target character, or false). The label is made from them only when
-- someone reads the question, and `M.run` does it. A random bot reads no label, and a set
-- is two tables however many options it holds.

---@class goldfever.Options
---@field n integer
---@field c Obj                 who acts
---@field steady boolean        O1 applies (an ambush reaction)
---@field o any[]               kind, cost, a, b, t of each option in turn
---@field x table[]|false       custom options (scenarios' hooks): {label, run, tag, args}

---What option `i` of `set` is: its kind, then its arguments a, b and t.
---@param set goldfever.Options
---@param i integer
---@return string, any, any, Obj|false
local function option(set, i)
  local o, k = set.o, (i - 1) * 5
  return o[k + 1], o[k + 3], o[k + 4], o[k + 5]
end

---The kind of option `i`.
---@param set goldfever.Options
---@param i integer
---@return string
local function kind_of(set, i) return set.o[(i - 1) * 5 + 1] end

---The cost in AP of option `i`.
---@param set goldfever.Options
---@param i integer
---@return integer
function M.cost(set, i) return set.o[(i - 1) * 5 + 2] end

---Adds an option made of closures to `set` (a scenario's own actions: `actions` hook);
---`tag` names the action for `posse sim` and the bots (a short snake_case name) and is the
---option's id, which scripts/goldfever/questions.lua declares; `args`, what the id leaves
---open (the option's `by` is added).
---@param set goldfever.Options
---@param cost integer
---@param label fun(seat: Seat): string
---@param run fun()
---@param tag string
---@param args table<string, string|number|boolean>|nil
function M.add(set, cost, label, run, tag, args)
  listing.push(set, "custom", cost, false, false, false)
  if not set.x then set.x = {} end
  set.x[set.n] = { label = label, run = run, tag = tag, args = args }
end

-- What each kind of option is for Last Breath (a shot, a throw, an attack) and which end
-- the phase or open no window.
local CLASS = { shoot = "shoot", double = "shoot", fan = "shoot", knife = "throw", dynamite = "throw",
  rock = "throw", attack = "attack" }

---Whether option `i` is a shot, a throw or an attack (what Last Breath allows).
---@param set goldfever.Options
---@param i integer
---@return string|nil
function M.class(set, i) return CLASS[kind_of(set, i)] end

---Whether option `i` ends the phase (Lay an ambush).
---@param set goldfever.Options
---@param i integer
---@return boolean
function M.ends(set, i) return kind_of(set, i) == "ambush" end

---Whether option `i` opens no ambush window (a joker's effect, §5.10 step 2; Sprint's move
---does open one).
---@param set goldfever.Options
---@param i integer
---@return boolean
function M.quiet(set, i)
  local k, a = option(set, i)
  if k ~= "joker" then return false end
  return cards.def(a.card).props.window ~= true
end

---The character option `i` targets (Sixth Sense), or nil.
---@param set goldfever.Options
---@param i integer
---@return Obj|nil
function M.target(set, i)
  local _, _, _, t = option(set, i)
  return t or nil
end

---The label of option `i` as `seat` reads it.
---@param set goldfever.Options
---@param i integer
---@param seat Seat
---@return string
function M.label(set, i, seat)
  local k, a, b, t = option(set, i)
  ---@cast t Obj
  local c = set.c
  if k == "move" then return "Move to " .. zname(a) end
  if k == "exit" then return "Leave the town from " .. zname(a) end
  if k == "shoot" then
    return ("Shoot %s with your %s (%s; range %d)"):format(name(t), cards.name(a), text.count(posse.obj_get(a, "ammo"), "bullet"),
      game.range(game.node(c) --[[@as string]], game.node(t) --[[@as string]]))
  end
  if k == "double" then return ("Shoot %s with both barrels"):format(name(t)) end
  if k == "fan" then return ("Fan the Hammer at %s (joker: up to 3 bullets)"):format(name(t)) end
  if k == "reload" then
    return ("Reload your %s (%d/%d)"):format(cards.name(a), posse.obj_get(a, "ammo"), game.props(a).load)
  end
  if k == "unjam" then return "Un-jam your " .. cards.name(a) end
  if k == "knife" then return "Throw your knife at " .. name(t) end
  if k == "attack" then return "Attack " .. name(t) .. " with your knife" end
  if k == "dynamite" then return "Throw dynamite into " .. zname(b) end
  if k == "rock" then return "Throw a rock into " .. zname(b) end
  if k == "drink" then return ("Drink whisky (%s)"):format(text.count(game.wounds(c), "wound")) end
  if k == "pickup" then return "Pick up " .. game.things.thing(a, seat) end
  if k == "give" then return ("Give %s to %s"):format(game.things.thing(a, seat), name(t)) end
  if k == "take" then return ("Take %s from %s"):format(game.things.thing(a, seat), name(t)) end
  if k == "swap" then
    return ("Swap your %s for %s's %s"):format(game.things.thing(a, seat), name(t), game.things.thing(b, seat))
  end
  if k == "ambush" then return ("Lay an ambush (%d AP; ends your turn)"):format(D.ambush_cost) end
  if k == "joker" then return cards.label(a.card, a) end
  return (set.x --[[@as table[] ]])[i].label(seat)
end

-- The tag of each kind of option: the action's name, the same wherever the action is
-- offered (a phase, an ambush reaction, Last Breath). A joker's option is tagged with the
-- joker's id, a scenario's own action with the tag its hook gave.
local TAG = { move = "move", exit = "exit", shoot = "shoot", double = "both_barrels", reload = "reload",
  unjam = "unjam", knife = "throw_knife", attack = "knife_fight", dynamite = "throw_dynamite", rock = "throw_rock",
  drink = "drink", pickup = "pick_up", give = "give", take = "take", swap = "swap", ambush = "ambush" }

---The tag of option `i` (what `posse sim` counts and bots recognise it by).
---@param set goldfever.Options
---@param i integer
---@return string|false
function M.tag(set, i)
  local k, a = option(set, i)
  local t = TAG[k]
  if t then return t end
  if k == "joker" then return cards.def(a.card).id end
  if k == "fan" then return cards.def(game.joker(set.c) --[[@as Obj]]).id end
  return (set.x --[[@as table[] ]])[i].tag
end

-- The id of each kind of option (scripts/goldfever/questions.lua): its tag, but for a
-- joker's, whose tag is the joker's id.
local ID = { move = "move", exit = "exit", shoot = "shoot", double = "both_barrels", fan = "fan_the_hammer",
  reload = "reload", unjam = "unjam", knife = "throw_knife", attack = "knife_fight", dynamite = "throw_dynamite",
  rock = "throw_rock", drink = "drink", pickup = "pick_up", give = "give", take = "take", swap = "swap",
  ambush = "ambush", joker = "joker" }

---The id of option `i` (questions.lua's `action` and `reaction` kinds).
---@param set goldfever.Options
---@param i integer
---@return string
function M.id(set, i)
  return ID[kind_of(set, i)] or (set.x --[[@as table[] ]])[i].tag
end

---The arguments of option `i` as `seat` may know them: always `by`, the actor's id; then
---what the id leaves open (questions.lua).
---@param set goldfever.Options
---@param i integer
---@param seat Seat
---@return table<string, string|number|boolean>
function M.args(set, i, seat)
  local k, a, b, t = option(set, i)
  ---@cast t Obj
  local c = set.c
  local out = { by = posse.def_id(c) } ---@type table<string, string|number|boolean>
  if k == "move" then
    out.to = a
  elseif k == "exit" then
    out.from = a
  elseif k == "shoot" or k == "double" or k == "fan" then
    out.target, out.gun, out.ammo = posse.def_id(t), posse.def_id(a), posse.obj_get(a, "ammo")
    out.range = game.range(game.node(c) --[[@as string]], game.node(t) --[[@as string]])
  elseif k == "knife" then
    out.target = posse.def_id(t)
    out.range = game.range(game.node(c) --[[@as string]], game.node(t) --[[@as string]])
  elseif k == "attack" then
    out.target = posse.def_id(t)
  elseif k == "reload" then
    out.gun, out.ammo, out.load = posse.def_id(a), posse.obj_get(a, "ammo"), game.props(a).load
  elseif k == "unjam" then
    out.thing = posse.def_id(a)
  elseif k == "dynamite" or k == "rock" then
    out.to = b
  elseif k == "pickup" then
    game.things.args(a, seat, out)
  elseif k == "give" then
    game.things.args(a, seat, out)
    out.to = posse.def_id(t)
  elseif k == "take" then
    game.things.args(a, seat, out)
    out["from"] = posse.def_id(t)
  elseif k == "swap" then
    out.thing, out.gets = game.things.args(a, seat).thing, game.things.args(b, seat).thing
    out.with = posse.def_id(t)
  elseif k == "joker" then
    out.card = cards.def(a.card).id
  elseif k == "custom" then
    for key, v in pairs((set.x --[[@as table[] ]])[i].args or {}) do out[key] = v end
  end
  return out
end

---The options of `set` as `seat` reads them (records: questions.lua), options `keep[1..]`
---only when `keep` is given; `cost`: a cost other than 1 AP is written in the label; then
---`extra`, an option of no action ({id, label}), when given.
---@param set goldfever.Options
---@param seat Seat
---@param cost boolean
---@param extra {[1]: string, [2]: string}|nil
---@param keep integer[]|nil
---@return Option[]
function M.options(set, seat, cost, extra, keep)
  local out = {}
  local n = keep and #keep or set.n
  for k = 1, n do
    local i = keep and keep[k] or k
    local label = M.label(set, i, seat)
    if cost and M.cost(set, i) ~= 1 then label = ("%s [%d AP]"):format(label, M.cost(set, i)) end
    out[k] = ask.option(M.id(set, i), label, M.args(set, i, seat))
  end
  if extra then out[n + 1] = ask.option(extra[1], extra[2], { by = posse.def_id(set.c) }) end
  return out
end

-- One table serves every action question: the engine copies a question's tags when it is
-- asked, so it is good until the next call of `M.tags`.
---@type (string|false)[]
local TAGS = {}
local TAGS_N = 0

---The tags of options `keep[1..]` of `set` (every option when `keep` is nil), then `extra`
---options of no action (End the turn, Hold fire).
---@param set goldfever.Options
---@param extra integer
---@param keep integer[]|nil
---@return (string|false)[]
function M.tags(set, extra, keep)
  local n = keep and #keep or set.n
  local o, tags, kinds = set.o, TAGS, TAG
  if keep then
    for k = 1, n do
      local i = keep[k]
      tags[k] = kinds[o[i * 5 - 4]] or M.tag(set, i)
    end
  else
    -- (Every option, the common case: no `keep` looked at an option.)
    for k = 1, n do tags[k] = kinds[o[k * 5 - 4]] or M.tag(set, k) end
  end
  for k = n + 1, n + extra do TAGS[k] = false end
  for k = n + extra + 1, TAGS_N do TAGS[k] = nil end
  TAGS_N = n + extra
  return TAGS
end

---Does option `i`.
---@param set goldfever.Options
---@param i integer
function M.run(set, i)
  local k, a, b, t = option(set, i)
  ---@cast t Obj
  local c, steady = set.c, set.steady
  if k == "move" then
    game.place(c, a)
    posse.obj_add(c, "moves", 1)
    game.log(name(c) .. " moves to " .. zname(a) .. ".")
  elseif k == "exit" then
    game.escape(c)
  elseif k == "shoot" or k == "double" then
    M.shoot(c, a, t, k == "double", 1, steady)
  elseif k == "fan" then
    events.play_joker(c, context.new(c, nil))
    M.shoot(c, a, t, false, 3, steady)
  elseif k == "reload" then
    posse.obj_add(a, "ammo", 1)
    game.secrets.use_spare(c, 1)
    game.log(name(c) .. " reloads his " .. cards.name(a) .. ".")
  elseif k == "unjam" then
    posse.obj_set(a, "jammed", 0)
    game.log(name(c) .. " un-jams his " .. cards.name(a) .. ".")
  elseif k == "knife" then
    M.throw_knife(c, a, t, steady)
  elseif k == "attack" then
    M.attack(c, t)
  elseif k == "dynamite" then
    M.throw_dynamite(c, a, b, steady)
  elseif k == "rock" then
    M.throw_rock(c, a, b)
  elseif k == "drink" then
    posse.move(a, posse.zone("supply"))
    posse.flip(a, false)
    if game.wounds(c) > 0 then posse.obj_add(c, "wounds", -1) end
    game.log(("%s drinks whisky (%s)."):format(name(c), text.count(game.wounds(c), "wound")))
  elseif k == "pickup" then
    game.log(name(c) .. " picks up " .. game.things.thing(a, nil) .. ".")
    game.things.carry(c, a)
    game.things.fit(c)
  elseif k == "give" then
    game.log(("%s gives %s to %s."):format(name(c), game.things.thing(a, nil), name(t)))
    game.things.carry(t, a)
    game.things.fit(t)
  elseif k == "take" then
    game.log(("%s takes %s from %s."):format(name(c), game.things.thing(a, nil), name(t)))
    game.things.carry(c, a)
    game.things.fit(c)
  elseif k == "swap" then
    game.log(("%s swaps %s for %s's %s."):format(name(c), game.things.thing(a, nil), name(t), game.things.thing(b, nil)))
    game.things.carry(t, a)
    game.things.carry(c, b)
    game.things.fit(c)
    game.things.fit(t)
  elseif k == "ambush" then
    posse.obj_set(c, "ambush", 1)
    game.log(name(c) .. " lies in ambush.")
  elseif k == "joker" then
    events.play_joker(c, a)
  else
    (set.x --[[@as table[] ]])[i].run()
  end
end

---The actions `c` may take now. `ap`: its AP left (reactions: 1); `reaction`: out of its
---own phase (an ambush reaction, Last Breath: one 1-AP action, never an ambush, §5.10);
---`steady`: shots and throws one step easier (O1 Steady aim on an ambush reaction; by
---default, whenever `reaction` and the rule is on).
---@param c Obj
---@param ap integer
---@param reaction boolean
---@param steady boolean|nil
---@return goldfever.Options
function M.list(c, ap, reaction, steady) return listing.list(c, ap, reaction, steady, M.add) end

return M
