-- Goldfever's sharp bot: shoots whenever a shot is worth it (easiest deck, finishing the
-- wounded first), heals at two wounds, and otherwise walks toward its team's aim or a spot
-- from which it can shoot, laying an ambush with the AP a walk leaves over.
--
-- Everything it knows comes from the seat's view, the question's kind and its options'
-- ids and arguments (scripts/goldfever/questions.lua), the town as `setting.board` gives it
-- (movement, sight, range, indoor zones) and the scenario's aims as `setting.aims` states
-- them (scripts/goldfever/DECISIONS.md, "Aims"): it reads no prompt or label, carries no
-- map and names no scenario. A question of a kind it does not know is an error.
--
-- Strength (`posse sim MODE -n 200 --bot 1=sharp`, seeds 0-199; seat 1's wins, alone or
-- shared with its team, against random bots in every other seat; random bots in every seat
-- in brackets), before (reading prompts, its own copy of the town, scenario ids) and after
-- (kinds, ids, board and aims):
--   High Noon (2p)            81.5% -> 89.5%  [19.0%]
--   Claim Jumpers (2p)        99.5% -> 99.5%  [22.0%]
--   Jailbreak (3p, escapers)  94.5% -> 96.5%  [17.5%]
--   Jailbreak (seat 2, Law)   94.0% -> 99.0%  [82.5%]
--   The Payroll (4p, Law)     79.5% -> 78.5%  [2.5%]
--   The Payroll (seat 2)      99.5% -> 100.0%  [97.5%]
--   The Bank Job (4p, robbers) 59.5% -> 60.0% [0.5%]
--   Saloon Brawl (6p)         98.5% -> 99.0%  [33.5%]
--   Range War (8p)            93.0% -> 98.0%  [69.5%]
--   Goldfever! (12p)          84.0% -> 84.0%  [47.5%]
--   (The Bank Job, seat 2, the town: 100% -> 100% [99.5%].) High Noon gained from firing
--   spots in the guns' easiest band (the old copy of the town had its ranges shifted a
--   column), Range War from holding the buildings its aims name (aims.hold).
-- A scenario it was not written for, The Escort (tests/fixtures/goldfever/escort.yaml:
-- three lawmen take the Strongbox out over the east edge past four desperados; seeds
-- 0-99): the bot playing the Law wins 94%, 41% by the Strongbox leaving town, against 0%
-- for the random bot (tests/it/goldfever/new_scenario.rs).

local bot = require "lib.bot"
local read = require "goldfever.bots.sharp.read"
local plan = require "goldfever.bots.sharp.plan"

-- Expected wounds of one card from facile, moyen, difficile (§5.4: HIT 1, HIT2 2).
local EV = { 0.65, 0.40, 0.25 }
-- Chance that the card wounds at all.
local P_WOUND = { 0.55, 0.35, 0.20 }

---The deck (1 facile .. 3 difficile) of a shot of reach `r` with bands `bands`, at a target
---in `there`, by a shooter in `here` with `wounds` wounds (§5.4 bands and shifts).
---@param b SharpBoard
---@param bands table
---@param r integer
---@param here string
---@param there string
---@param wounds integer
---@return integer
local function deck(b, bands, r, here, there, wounds)
  local d = 3
  if bands.facile and r <= bands.facile then d = 1 elseif bands.moyen and r <= bands.moyen then d = 2 end
  if read.indoor(b, there) and there ~= here then d = d + 1 end
  if wounds >= 2 then d = d + 1 end
  return math.min(d, 3)
end

---The worth of wounding `t` with a card from deck `d`, `n` times (a kill is worth most; a
---character whose death wins the game for the bot's team, most of all).
---@param ctx SharpCtx
---@param t SharpChar|nil
---@param d integer
---@param n number
---@return number
local function hurt(ctx, t, d, n)
  if t == nil then return 0 end
  local kill = t.wounds >= 2 and 60 * (P_WOUND[d] or 0.2) or 0
  local target = ctx.aim.kill == t.def and 20 or 0
  return 100 + 100 * (EV[d] or 0.25) * n + kill * n + target
end

---What an object is, as the options' arguments say it (questions.lua): `thing` (its id, or
---"marker"), `kind`, `value`, `ammo`, `jammed`.
---@param o ObjectView
---@return table
local function thing_of(o)
  if o.hidden or not o.props then return { thing = "marker" } end
  local c = o.counters or {}
  return { thing = o.def, kind = o.props.kind, value = o.props.value, ammo = c.ammo, jammed = (c.jammed or 0) > 0 }
end

---What keeping an object is worth to `ctx`'s team (what a drop gives up, what a pick-up gains).
---@param ctx SharpCtx
---@param ch SharpChar
---@param a table  the object's arguments (thing_of)
---@return number
local function keep(ctx, ch, a)
  local gold = plan.gold_matters(ctx)
  if a.thing == "marker" then return gold and 90 or 1 end
  local k = a.kind
  if k == "nugget" then return gold and 100 + (a.value or 0) or 1 end
  if k ~= nil and k == plan.prize(ctx) then return 200 end
  if k == "strongbox" then return 1 end
  if k == "keys" then return 60 end
  if k == "whisky" then return ch.wounds > 0 and 40 or 25 end
  if k == "dynamite" then return a.jammed and 5 or 30 end
  if k == "knife" then return 20 end
  if k == "rock" then return 0 end
  return 50 + (a.ammo or 0) -- a gun: loaded ones first
end

---The lowest worth among what `ch` carries of the same sort as `a` (guns or objects), or
----1 when he has room for it.
---@param ctx SharpCtx
---@param ch SharpChar
---@param a table
---@return number
local function cheapest(ctx, ch, a)
  local is_gun = a.kind == "gun"
  local low, n = math.huge, 0
  for _, o in ipairs(ch.gear) do
    local gun = o.props ~= nil and o.props.kind == "gun"
    if gun == is_gun then
      n = n + 1
      low = math.min(low, keep(ctx, ch, thing_of(o)))
    end
  end
  if n < 2 then return -1 end
  return low
end

---The worth of a move from `ch`'s zone to `dest`.
---@param ctx SharpCtx
---@param ch SharpChar
---@param dest string
---@param dist table<string, integer>
---@return number
local function move(ctx, ch, dest, dist)
  local far = 99
  local gain = (dist[ch.node] or far) - (dist[dest] or far)
  if ctx.b.locked[ch.node] and ctx.b.locked[ch.node][dest] then return -10 end
  return 12 * gain + (read.indoor(ctx.b, dest) and 1 or 0)
end

---The worth of a blast in `zone`: the enemies' expected wounds less the friends' (§5.6:
---the zone draws from facile, the zones next to it from difficile), and a breach's worth.
---@param ctx SharpCtx
---@param zone string
---@return number
local function blast(ctx, zone)
  local near = {}
  for _, n in ipairs(ctx.b.town.next_to[zone] or {}) do near[n] = true end
  local v = 0.0
  for _, c in ipairs(ctx.b.chars) do
    local ev = c.node == zone and 0.8 or (near[c.node] and 0.25 or 0)
    if c.side == ctx.side then v = v - 1.5 * ev * 100 else v = v + ev * (100 + 30 * c.wounds) end
  end
  -- A blast that opens the building where the team's escapee is shut in: the wall nearest
  -- the exits is worth most.
  local _, at = plan.jailed(ctx)
  if at then
    local best = plan.breach_zone(ctx, at)
    if zone == best then
      v = v + 400
    else
      for _, n in ipairs(ctx.aims.breach[at] or {}) do
        if n == zone then v = v + 40 end
      end
    end
  end
  if v <= 0 then return v - 100 end
  return v - 40
end

-- The ids of the options that hurt an enemy now.
---@type table<string, true|nil>
local SHOTS = { shoot = true, both_barrels = true, fan_the_hammer = true, knife_fight = true }

---The worth of one option of an action question.
---@param ctx SharpCtx
---@param ch SharpChar
---@param id string
---@param a table  the option's arguments
---@param t table  what the question as a whole says: ap, shots, dist, aim, reaction
---@return number
local function action(ctx, ch, id, a, t)
  local foe = a.target and ctx.b.by_def[a.target] or nil
  if id == "shoot" then
    local g = read.carried(ch, a.gun)
    if not g or not foe then return 90 end
    return hurt(ctx, foe, deck(ctx.b, g.props.bands or {}, a.range, ch.node, foe.node, ch.wounds), 1)
  end
  if id == "both_barrels" then
    return foe and hurt(ctx, foe, deck(ctx.b, { facile = 1, moyen = 2 }, a.range, ch.node, foe.node, ch.wounds), 2) + 5
      or 90
  end
  if id == "fan_the_hammer" then
    return foe and hurt(ctx, foe, deck(ctx.b, { facile = 1, moyen = 3 }, a.range, ch.node, foe.node, ch.wounds), 3)
      or 90
  end
  if id == "knife_fight" then
    if not foe then return 80 end
    local d = (read.carries(foe, "knife") and 2 or 1) + (ch.wounds >= 2 and 1 or 0)
    return hurt(ctx, foe, d --[[@as integer]], 1) - 5
  end
  if id == "throw_knife" then
    if not foe then return 20 end
    return hurt(ctx, foe, deck(ctx.b, { moyen = 0 }, a.range, ch.node, foe.node, ch.wounds), 1) - 40
  end
  if id == "throw_dynamite" then return 60 + t.blast(a.to) end
  if id == "drink" then
    if ch.wounds >= 2 then return 160 end
    return ch.wounds == 1 and (t.shots and 30 or 45) or -50
  end
  if id == "reload" then
    local frac = 1 - (a.ammo or 0) / (a.load or 1)
    if t.shots then return 2 end
    return (a.ammo == 0 and 40 or 0) + 30 * frac
  end
  if id == "unjam" then
    local o = read.carried(ch, a.thing)
    if o and o.props and o.props.kind == "dynamite" then return 8 end
    return read.gun(ch) and (((read.gun(ch) or {}).counters or {}).jammed or 0) == 0 and 15 or 70
  end
  if id == "move" then return move(ctx, ch, a.to, t.dist) - (t.reaction and 30 or 0) end
  if id == "exit" then
    local aim = ctx.aim
    if aim.escape == ch.def then return 1000 end
    local prize = plan.prize(ctx)
    if prize and read.carries(ch, prize) and aim.to == nil then return 1000 end
    local v, unknown = read.gold(ch)
    if aim.gold == "off" and (v > 0 or unknown > 0) then return 300 end
    return -100
  end
  if id == "pick_up" then
    local gain = keep(ctx, ch, a) - cheapest(ctx, ch, a)
    return gain > 0 and 20 + gain or -20
  end
  if id == "cell_door" then
    -- Unlocking frees a team's escapee; locking keeps him in.
    local free = ctx.aim.escape ~= nil
    if a.lock then return free and -50 or 80 end
    return free and 500 or -50
  end
  if id == "ambush" then
    if t.shots then return -5 end
    if t.aim then return 1 end
    return t.ap == 2 and 20 or (t.ap == 3 and 8 or 3)
  end
  if id == "joker" then
    local card = a.card
    if card == "hip_flask" then return ch.wounds > 0 and 170 or -10 end
    if card == "quick_draw" then return t.ap >= 4 and 150 or -10 end
    if card == "speed_loader" then return t.shots and 0 or 50 end
    if card == "intimidate" then return 12 end
    return -5
  end
  if id == "hold_fire" then return 1 end
  if id == "end_turn" then return 0 end
  return -5 -- give, take, swap, a rock: nothing the bot can use
end

---Answers an action question (a phase's, or a reaction's: an ambush, Double Trouble's
---second action, Last Breath): the best-scored option.
---@param ctx SharpCtx
---@param q BotQuestion
---@param reaction boolean
---@return integer
local function act(ctx, q, reaction)
  local ch = ctx.b.by_def[q.args[1].by] ---@type SharpChar|nil
  if ch == nil then error("sharp: the character '" .. tostring(q.args[1].by) .. "' of an action is not on the board") end
  local shots = false
  for i = 1, q.count do
    if SHOTS[q.ids[i]] then shots = true end
  end
  local dist, aim = plan.distances(ctx, ch)
  local t = {
    ap = reaction and 1 or math.max(ch.ap, 1),
    shots = shots, dist = dist, aim = aim, reaction = reaction,
    blast = function(zone) return blast(ctx, zone) end,
  }
  return bot.best(q, function(_, id, a) return action(ctx, ch, id --[[@as string]], a, t) end)
end

---Should `ch`, lying in ambush, take his phase? When he can shoot from here, or has somewhere
---to be.
---@param ctx SharpCtx
---@param ch SharpChar
---@return boolean
local function leave_ambush(ctx, ch)
  local dist, aim = plan.distances(ctx, ch)
  if aim then return (dist[ch.node] or 1) > 0 end
  return read.firing_spots(ctx.b, ch, ctx.foes)[ch.node] == true
end

-- The worth of a hit card one must take (Take Cover), by its face: a miss is best, a bad
-- hit worst.
local CARD = { hit2 = -3, hit = -2, near = -1, jam = 1, miss = 1 }

-- The reactive jokers always worth playing when asked.
local PLAY_NOW = { early_bird = true, double_trouble = true, last_breath = true, lucky_charm = true,
  sixth_sense = true, take_cover = true, nerves_of_steel = true, hideout_derringer = true }

---A reactive joker: played when it saves a wound or a miss; "No" otherwise.
---@param q BotQuestion
---@return integer
local function joker(q)
  return bot.best(q, function(_, id, a)
    if id == "pass" then return 0 end
    if a.card == "dead_eye" then
      return (a.face == "miss" or a.face == "near" or a.face == "jam") and a.deck ~= "facile" and 1 or -1
    end
    return PLAY_NOW[a.card] and 1 or -1
  end)
end

-- Jokers to keep when drawing two (High Noon's sheriff): the best first.
local KEEP = { "quick_draw", "lucky_charm", "fan_the_hammer", "take_cover", "dead_eye", "hip_flask",
  "double_trouble", "hideout_derringer", "last_breath", "sixth_sense", "speed_loader" }
local KEEP_RANK = {}
for i, id in ipairs(KEEP) do KEEP_RANK[id] = 100 - i end

---The team (its index in data.teams and its id) of the bot's seat.
---@param view View
---@param q BotQuestion
---@param data table
---@return integer, string
local function my_team(view, q, data)
  local id = view.seats[q.seat] and view.seats[q.seat].team or ""
  for i, t in ipairs(data.teams or {}) do
    if t.id == id then return i, id end
  end
  return 0, id
end

---@param view View
---@param q BotQuestion
---@param data table
---@param setting BotSetting
---@return SharpCtx
local function context(view, q, data, setting)
  local side, team = my_team(view, q, data)
  local aims = setting.aims or {}
  local ctx = { b = read.board(view, setting.board), side = side, team = team, aims = aims,
    aim = (aims.teams or {})[team] or {}, data = data, foes = {}, friends = {} }
  for _, c in ipairs(ctx.b.chars) do
    if c.side == side then table.insert(ctx.friends, c) else table.insert(ctx.foes, c) end
  end
  return ctx
end

---Several options at once: every ambusher springs (holding fire stays possible later).
---@param q BotQuestion
---@return integer[]
local function many(q)
  local out = {}
  for i = 1, q.count do
    if #out < q.max and q.ids[i] == "spring" then out[#out + 1] = i end
  end
  for i = 1, q.count do
    if #out >= q.min then break end
    if q.ids[i] ~= "spring" then out[#out + 1] = i end
  end
  return out
end

---The character an option's `args.who` names, or an error.
---@param ctx SharpCtx
---@param q BotQuestion
---@return SharpChar
local function who(ctx, q)
  local ch = ctx.b.by_def[q.args[1].who] ---@type SharpChar|nil
  if ch == nil then error("sharp: the character '" .. tostring(q.args[1].who) .. "' of a '" .. q.kind .. "' question is not on the board") end
  return ch
end

-- The answer to each kind of question (questions.lua).
---@type table<string, fun(ctx: SharpCtx, q: BotQuestion): integer>
local ANSWER = {
  action = function(ctx, q) return act(ctx, q, false) end,
  reaction = function(ctx, q) return act(ctx, q, true) end,
  ambush_turn = function(ctx, q)
    -- One hiding off the board (O5) stays hidden.
    local ch = ctx.b.by_def[q.args[1].who] ---@type SharpChar|nil
    local take = bot.by_id(q, "act")
    if take and ch and leave_ambush(ctx, ch) then return take end
    return bot.by_id(q, "stay") or 1
  end,
  joker = function(_, q) return joker(q) end,
  drop = function(ctx, q)
    local ch = who(ctx, q)
    return bot.best(q, function(_, _, a) return -keep(ctx, ch, a) end)
  end,
  run_to = function(ctx, q)
    local ch = who(ctx, q)
    local dist = plan.distances(ctx, ch)
    return bot.best(q, function(_, id, a) return id == "zone" and move(ctx, ch, a.to, dist) or 0 end)
  end,
  hit_card = function(_, q)
    return bot.best(q, function(i) return CARD[q.args[i].face or ""] or 0 end)
  end,
  keep_joker = function(_, q)
    return bot.best(q, function(_, _, a) return KEEP_RANK[a.card] or 0 end)
  end,
  riposte = function(_, q) return bot.by_id(q, "riposte") or 1 end,
  -- Questions where any answer does as well as another for this bot: a random one.
  gun = function(_, q) return math.random(q.count) end,
  pickpocket = function(_, q) return math.random(q.count) end,
  deck = function(_, q) return math.random(q.count) end,
  card_order = function(_, q) return math.random(q.count) end,
  intimidate = function(ctx, q)
    return bot.best(q, function(_, _, a)
      local foe = ctx.b.by_def[a.target]
      return foe and foe.wounds or 0
    end)
  end,
  hide = function(_, q) return math.random(q.count) end,
}

-- The evaluation (game.yaml `evaluate:`): the seat's team's chances, from what the
-- scenario's aims say its teams play for (setting.aims, as `plan` reads them), mixed with
-- the fight (each side's living characters and wounds: what decides a scenario without
-- aims, and every scenario where a team is wiped out).
--   * A team that must bring something about before the last round (get its escapee out,
--     carry off its haul, bring the thing it plays for `to` a building) is judged by its
--     progress: how near it is, what it carries, how many rounds are left; the other team's
--     chances are the rest (the scenarios' last round goes to it).
--   * Teams that count gold carried (and kill points), or points for buildings held,
--     compare theirs, with the gold lying near them and the buildings they hold now
--     counted for what they are likely to bring.

-- Zones a character covers a round, for the time a goal takes.
local SPEED = 2
-- The zones a shut-in escapee is from the open (a blast or the keys first).
local SHUT = 4

---@param x number
---@return number
local function clamp(x) return math.max(0, math.min(1, x)) end

---@param x number
---@return number
local function sigmoid(x) return 1 / (1 + math.exp(-x)) end

---@param list string[]|nil
---@return table<string, boolean>
local function set_of(list)
  local s = {}
  for _, z in ipairs(list or {}) do s[z] = true end
  return s
end

---@class sharp.Judge
---@field b SharpBoard
---@field aims table
---@field deadly integer
---@field left number           rounds left, this one included
---@field side table<string, integer|nil>  character id -> team (the order of data.teams)
---@field marker number         a face-down marker's worth, on average (data.markers)

---How likely a goal `d` moves away is reached in the rounds left (1: here).
---@param j sharp.Judge
---@param d number
---@return number
local function in_time(j, d)
  return clamp(1 - d / (SPEED * j.left + 1))
end

---The worth of the gold `ch` carries: nuggets by value, face-down markers at their average.
---@param j sharp.Judge
---@param ch SharpChar
---@return number
local function gold_of(j, ch)
  local v, unknown = read.gold(ch)
  return v + unknown * j.marker
end

---The worth of the markers lying about that team `side` is likely to pick up: each by how
---near its nearest living character is, and, with `goals`, how near it then lies to them.
---@param j sharp.Judge
---@param side integer
---@param goals table<string, boolean>|nil
---@return number
local function gold_about(j, side, goals)
  local to_goal = goals and read.distances(j.b, goals) or nil
  local v = 0.0
  for _, node in ipairs(j.b.town.nodes) do
    local worth = 0.0
    for _, o in ipairs(j.b.ground[node] or {}) do
      if o.hidden then
        worth = worth + j.marker
      elseif o.props and o.props.kind == "nugget" then
        worth = worth + (o.props.value or 0)
      end
    end
    if worth > 0 then
      local dist, near = read.distances(j.b, { [node] = true }), math.huge
      for _, c in ipairs(j.b.chars) do
        if c.side == side then near = math.min(near, dist[c.node] or math.huge) end
      end
      if near < math.huge then
        local d = near + (to_goal and (to_goal[node] or 10) or 0)
        v = v + worth * 0.5 * in_time(j, d)
      end
    end
  end
  return v
end

---The health of `ch`: 1 unhurt, 0 dead.
---@param j sharp.Judge
---@param ch SharpChar
---@return number
local function health(j, ch) return clamp((j.deadly - ch.wounds) / j.deadly) end

---Whether `ch` is shut in a building of aims.breach: every door out locked, no wall breached.
---@param j sharp.Judge
---@param ch SharpChar
---@return boolean
local function shut_in(j, ch)
  local borders = (j.aims.breach or {})[ch.node]
  if borders == nil then return false end
  for _, n in ipairs(j.b.town.next_to[ch.node] or {}) do
    if not (j.b.locked[ch.node] and j.b.locked[ch.node][n]) then return false end
  end
  for _, n in ipairs(borders) do
    if j.b.breached[ch.node] and j.b.breached[ch.node][n] then return false end
  end
  return true
end

---The progress of team `side` toward an aim it must bring about in time (escape, haul,
---carry `to`), from 0 to 1; nil when its aim is not of that sort.
---@param j sharp.Judge
---@param side integer
---@param aim table
---@param view View
---@return number|nil
local function progress(j, side, aim, view)
  local exits = aim.exits and set_of(aim.exits) or nil ---@type table<string, boolean>|nil
  if aim.escape then
    local ch = j.b.by_def[aim.escape]
    if ch == nil then return 0.2 end -- not on the board (yet): a hideout, or gone
    local d = (exits and read.distances(j.b, exits)[ch.node]) or 10
    if shut_in(j, ch) then d = d + SHUT end
    return (0.3 + 0.7 * health(j, ch)) * in_time(j, d)
  end
  if aim.haul and aim.gold == "off" then
    local got = (view.counters or {})["score_" .. side] or 0
    local dist = exits and read.distances(j.b, exits) or {}
    local carried = 0.0
    for _, c in ipairs(j.b.chars) do
      if c.side == side then
        carried = carried + gold_of(j, c) * (0.3 + 0.7 * health(j, c)) * in_time(j, dist[c.node] or 10)
      end
    end
    return clamp((got + 0.8 * carried + 0.4 * gold_about(j, side, exits)) / aim.haul)
  end
  if aim.carry and aim.to then
    local goal = read.distances(j.b, { [aim.to] = true })
    for _, c in ipairs(j.b.chars) do
      if read.carries(c, aim.carry) then
        if c.side ~= side then return 0.05 end
        return (0.4 + 0.6 * health(j, c)) * in_time(j, goal[c.node] or 10)
      end
    end
    -- Lying somewhere: the nearest of the team goes for it, then on to the goal.
    for _, node in ipairs(j.b.town.nodes) do
      for _, o in ipairs(j.b.ground[node] or {}) do
        if o.props and o.props.kind == aim.carry then
          local dist, near = read.distances(j.b, { [node] = true }), math.huge
          for _, c in ipairs(j.b.chars) do
            if c.side == side then near = math.min(near, dist[c.node] or math.huge) end
          end
          if near == math.huge then return 0.05 end
          return 0.5 * in_time(j, near + (goal[node] or 10))
        end
      end
    end
    return 0.05
  end
  return nil
end

---What team `side` has in a contest of points (gold carried, kill points, buildings held),
---with what it is likely to add; nil when the scenario counts none for it.
---@param j sharp.Judge
---@param side integer
---@param aim table
---@param dead integer[]   the dead of each team
---@param view View
---@return number|nil
local function points(j, side, aim, dead, view)
  local v, any = 0.0, false
  if aim.gold == "carried" then
    any = true
    for _, c in ipairs(j.b.chars) do
      if c.side == side then v = v + gold_of(j, c) end
    end
    v = v + gold_about(j, side, nil) + (j.aims.kill_points or 0) * (dead[3 - side] or 0)
  end
  local hold = j.aims.hold
  if hold and hold.buildings then
    any = true
    v = v + ((view.counters or {})["score_" .. side] or 0)
    local round = (view.counters or {}).round or 0
    local rounds = math.max(0, j.left - math.max(0, (hold.from or 1) - round))
    for _, bld in ipairs(hold.buildings) do
      local here = { 0, 0 } ---@type integer[]
      for _, z in ipairs(bld.zones or {}) do
        for _, c in ipairs(j.b.chars) do
          if c.node == z and here[c.side] then here[c.side] = here[c.side] + 1 end
        end
      end
      if here[side] > 0 and here[3 - side] == 0 then v = v + 0.5 * rounds end
    end
  end
  return any and v or nil
end

---The chances of `seat`'s team, from 0 (lost) to 1 (won), as `view` shows the game.
---@param view View
---@param seat integer
---@param data table
---@param setting BotSetting
---@return number
local function evaluate(view, seat, data, setting)
  local teams = data.teams or {}
  local me_id = (view.seats[seat] or {}).team
  local me = 0
  for i, t in ipairs(teams) do
    if t.id == me_id then me = i end
  end
  if me == 0 or #teams ~= 2 then return 0.5 end
  local them = 3 - me
  local aims = setting.aims or {}
  local marker, n = 0.0, 0
  for _, m in ipairs(data.markers or {}) do
    for _, piece in ipairs(m.pieces or {}) do
      marker, n = marker + (tonumber(tostring(piece):match("%d+")) or 0), n + 1
    end
  end
  ---@type sharp.Judge
  local j = {
    b = read.board(view, setting.board), aims = aims, deadly = data.deadly or 3, side = {},
    left = math.max(1, (aims.round_limit or 8) - ((view.counters or {}).round or 0) + 1),
    marker = n > 0 and marker / n or 1,
  }
  for i, t in ipairs(teams) do
    for _, id in ipairs(t.characters or {}) do j.side[id] = i end
  end
  -- The fight: each side's living characters, each worth one and its health left (those
  -- not on the board, still to come or hiding, unhurt); the dead and the escaped, none.
  local gone, dead, strength = { 0, 0 }, { 0, 0 }, { 0.0, 0.0 } ---@type integer[], integer[], number[]
  for _, zone in ipairs({ "dead", "escaped" }) do
    for _, o in ipairs(((view.zones or {})[zone] or {}).objects or {}) do
      local s = j.side[o.def]
      if s then
        gone[s] = (gone[s] or 0) + 1
        if zone == "dead" then dead[s] = (dead[s] or 0) + 1 end
      end
    end
  end
  local seen = { 0, 0 } ---@type integer[]
  for _, c in ipairs(j.b.chars) do
    local s = j.side[c.def] or c.side
    if s == 1 or s == 2 then
      c.side = s
      seen[s] = (seen[s] or 0) + 1
      strength[s] = (strength[s] or 0) + 1 + 2 * health(j, c)
    end
  end
  for s = 1, 2 do
    local rest = #(teams[s].characters or {}) - (seen[s] or 0) - (gone[s] or 0)
    strength[s] = (strength[s] or 0) + 3 * math.max(rest, 0)
  end
  local fight = sigmoid(0.6 * ((strength[me] or 0) - (strength[them] or 0)))
  -- A team that must bring something about: its progress is its chances.
  local team_aims = aims.teams or {}
  local mine, theirs = team_aims[teams[me].id] or {}, team_aims[teams[them].id] or {}
  local p_me, p_them = progress(j, me, mine, view), progress(j, them, theirs, view)
  local goal = nil ---@type number|nil
  if p_me and p_them then
    goal = 0.5 + 0.5 * (p_me - p_them)
  elseif p_me then
    goal = p_me
  elseif p_them then
    goal = 1 - p_them
  else
    local a, b = points(j, me, mine, dead, view), points(j, them, theirs, dead, view)
    if a and b then goal = sigmoid((a - b) / 2) end
  end
  local v = goal and (0.3 * fight + 0.7 * goal) or fight
  return clamp(v)
end

---@class goldfever_sharp.Bot: Bot
---@field evaluate fun(view: View, seat: integer, data: table, setting: BotSetting): number

---@type goldfever_sharp.Bot
return {
  about = "Shoots at the best odds, heals when hurt, walks to its team's aim or a firing spot",
  evaluate = evaluate,
  pick = function(view, q, data, setting)
    if q.multi then
      if q.kind ~= "spring" then error("sharp: no answer for a '" .. tostring(q.kind) .. "' question of several") end
      return many(q)
    end
    local answer = ANSWER[q.kind]
    if answer == nil then error("sharp: no answer for a '" .. tostring(q.kind) .. "' question") end
    return answer(context(view, q, data, setting), q)
  end,
}
