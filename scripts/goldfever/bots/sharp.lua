-- Goldfever's sharp bot: shoots whenever a shot is worth it (easiest deck, finishing the
-- wounded first), heals at two wounds, and otherwise walks toward its scenario's aim or
-- a spot from which it can shoot, laying an ambush with the AP a walk leaves over.
-- Everything it knows comes from the seat's view and the question: an option's tag says
-- what it is (an action's name, a joker's or a card's id), its label the numbers (gun,
-- range, bullets, zone).

local bot = require "lib.bot"
local read = require "goldfever.bots.sharp.read"
local plan = require "goldfever.bots.sharp.plan"
local town = require "goldfever.bots.sharp.town"

-- Expected wounds of one card from facile, moyen, difficile (§5.4: HIT 1, HIT2 2).
local EV = { 0.65, 0.40, 0.25 }
-- Chance that the card wounds at all.
local P_WOUND = { 0.55, 0.35, 0.20 }

---The deck (1 facile .. 3 difficile) of a shot of reach `r` with bands `bands`, at a target
---in `there`, by a shooter in `here` with `wounds` wounds (§5.4 bands and shifts).
---@param bands table
---@param r integer
---@param here string
---@param there string
---@param wounds integer
---@return integer
local function deck(bands, r, here, there, wounds)
  local d = 3
  if bands.facile and r <= bands.facile then d = 1 elseif bands.moyen and r <= bands.moyen then d = 2 end
  if town.indoor[there] and there ~= here then d = d + 1 end
  if wounds >= 2 then d = d + 1 end
  return math.min(d, 3)
end

---The worth of wounding `t` with a card from deck `d`, `n` times (a kill is worth most).
---@param t SharpChar|nil
---@param d integer
---@param n number
---@return number
local function hurt(t, d, n)
  if t == nil then return 0 end
  local kill = t.wounds >= 2 and 60 * (P_WOUND[d] or 0.2) or 0
  return 100 + 100 * (EV[d] or 0.25) * n + kill * n
end

---The gun of `ch` named `name`.
---@param ch SharpChar
---@param name string
---@return ObjectView|nil
local function gun_named(ch, name)
  for _, o in ipairs(ch.gear) do
    if o.name == name and o.props and o.props.kind == "gun" then return o end
  end
  return nil
end

---The plain text of `s` between `a` and the next `b`, or nil.
---@param s string
---@param a string
---@param b string
---@return string|nil
local function between(s, a, b)
  local _, i = s:find(a, 1, true)
  if not i then return nil end
  local j = s:find(b, i + 1, true)
  return j and s:sub(i + 1, j - 1) or nil
end

---The target named in a label ("Shoot Fred with...", "Attack Fred with...").
---@param ctx SharpCtx
---@param label string
---@return SharpChar|nil
local function target(ctx, label)
  local best = nil ---@type SharpChar|nil
  for _, f in ipairs(ctx.foes) do
    if string.find(label, f.name, 1, true) and (best == nil or #f.name > #best.name) then best = f end
  end
  return best
end

---What keeping an object is worth to `ctx`'s team (what a drop gives up, what a pick-up gains).
---@param ctx SharpCtx
---@param ch SharpChar
---@param name string  the object as a label names it
---@return number
local function keep(ctx, ch, name)
  if name:find("face-down marker", 1, true) then return plan.gold_matters(ctx) and 90 or 1 end
  local v = name:match("^Nugget %((%d)%)")
  if v then return plan.gold_matters(ctx) and 100 + (tonumber(v) or 0) or 1 end
  if name == "Strongbox" then return ctx.scenario == "payroll" and 200 or 1 end
  if name == "Keys" then return 60 end
  if name == "Whisky" then return ch.wounds > 0 and 40 or 25 end
  if name:find("^Dynamite") then return name:find("fizzled") and 5 or 30 end
  if name == "Knife" then return 20 end
  if name == "Rock" then return 0 end
  local ammo = name:match("%((%d+)")
  return 50 + (tonumber(ammo) or 0) -- a gun: loaded ones first
end

---The lowest worth among what `ch` carries of the same sort as `name` (guns or objects),
---or -1 when he has room for it.
---@param ctx SharpCtx
---@param ch SharpChar
---@param name string
---@return number
local function cheapest(ctx, ch, name)
  local is_gun = name:match("%(%d") ~= nil and not name:find("^Nugget")
  local low, n = math.huge, 0
  for _, o in ipairs(ch.gear) do
    local gun = o.props ~= nil and o.props.kind == "gun"
    if gun == is_gun then
      n = n + 1
      local label = o.hidden and "a face-down marker" or o.name
      if gun then label = ("%s (%d)"):format(o.name, (o.counters or {}).ammo or 0) end
      low = math.min(low, keep(ctx, ch, label))
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
  return 12 * gain + (town.indoor[dest] and 1 or 0)
end

---The worth of one option of an action question.
---@param ctx SharpCtx
---@param ch SharpChar
---@param label string
---@param tag string|false
---@param t table  what the question as a whole says: ap, shots, dist, aim, reaction
---@return number
local function action(ctx, ch, label, tag, t)
  local gname, r = between(label, " with your ", " ("), label:match("range (%d+)%)$")
  if tag == "shoot" and gname and r then
    local tg, g = target(ctx, label), gun_named(ch, gname)
    if not g or not tg then return 90 end
    return hurt(tg, deck(g.props.bands or {}, tonumber(r) --[[@as integer]], ch.node, tg.node, ch.wounds), 1)
  end
  if tag == "both_barrels" then
    local tg = target(ctx, label)
    return tg and hurt(tg, deck({ facile = 1, moyen = 2 }, (town.range[ch.node] or {})[tg.node] or 2, ch.node, tg.node,
      ch.wounds), 2) + 5 or 90
  end
  if tag == "fan_the_hammer" then
    local tg = target(ctx, label)
    return tg and hurt(tg, deck({ facile = 1, moyen = 3 }, (town.range[ch.node] or {})[tg.node] or 4, ch.node, tg.node,
      ch.wounds), 3) or 90
  end
  if tag == "knife_fight" then
    local tg = target(ctx, label)
    if not tg then return 80 end
    local d = (read.carries(tg, "knife") and 2 or 1) + (ch.wounds >= 2 and 1 or 0)
    return hurt(tg, d --[[@as integer]], 1) - 5
  end
  if tag == "throw_knife" then
    local tg = target(ctx, label)
    if not tg then return 20 end
    return hurt(tg, deck({ moyen = 0 }, (town.range[ch.node] or {})[tg.node] or 1, ch.node, tg.node, ch.wounds), 1) - 40
  end
  local zone = tag == "throw_dynamite" and label:match("%((%w+)%)$")
  if zone then return 60 + t.blast(zone) end
  if tag == "drink" then
    if ch.wounds >= 2 then return 160 end
    return ch.wounds == 1 and (t.shots and 30 or 45) or -50
  end
  local cur, max = nil, nil
  if tag == "reload" then cur, max = label:match("(%d+)/(%d+)%)$") end
  if cur then
    local frac = 1 - (tonumber(cur) or 0) / (tonumber(max) or 1)
    if t.shots then return 2 end
    return (tonumber(cur) == 0 and 40 or 0) + 30 * frac
  end
  if tag == "unjam" then
    if label:find("Dynamite") then return 8 end
    return read.gun(ch) and (((read.gun(ch) or {}).counters or {}).jammed or 0) == 0 and 15 or 70
  end
  local dest = tag == "move" and label:match("%((%w+)%)$")
  if dest then return move(ctx, ch, dest, t.dist) - (t.reaction and 30 or 0) end
  if tag == "exit" then
    local v, unknown = read.gold(ch)
    if ch.def == "kid" and ctx.scenario == "jailbreak" then return 1000 end
    if read.carries(ch, "strongbox") and ctx.team == "desperados" then return 1000 end
    if ctx.scenario == "bank_job" and (v > 0 or unknown > 0) then return 300 end
    return -100
  end
  local thing = tag == "pick_up" and label:sub(9)
  if thing then
    local gain = keep(ctx, ch, thing) - cheapest(ctx, ch, thing)
    return gain > 0 and 20 + gain or -20
  end
  if tag == "cell_door" then
    if label:find("^Unlock") then return ctx.team == "desperados" and 500 or -50 end
    return ctx.team == "desperados" and -50 or 80
  end
  if tag == "ambush" then
    if t.shots then return -5 end
    if t.aim then return 1 end
    return t.ap == 2 and 20 or (t.ap == 3 and 8 or 3)
  end
  if tag == "hip_flask" then return ch.wounds > 0 and 170 or -10 end
  if tag == "quick_draw" then return t.ap >= 4 and 150 or -10 end
  if tag == "speed_loader" then return t.shots and 0 or 50 end
  if tag == "intimidate" then return 12 end
  if label:find("^Hold fire") then return 1 end
  if label:find("^End the turn") then return 0 end
  return -5 -- give, take, swap, a rock, the lookers' jokers: nothing the bot can use
end

---The worth of a blast in `zone`: the enemies' expected wounds less the friends' (§5.6:
---the zone draws from facile, the zones next to it from difficile), and a breach's worth.
---@param ctx SharpCtx
---@param ch SharpChar
---@param zone string
---@return number
local function blast(ctx, ch, zone)
  local near = {}
  for _, n in ipairs(town.next_to[zone] or {}) do near[n] = true end
  local v = 0.0
  for _, c in ipairs(ctx.b.chars) do
    local ev = c.node == zone and 0.8 or (near[c.node] and 0.25 or 0)
    if c.side == ctx.side then v = v - 1.5 * ev * 100 else v = v + ev * (100 + 30 * c.wounds) end
  end
  -- Jailbreak: a blast next to the cell opens it; from the creek the Kid is one step from freedom.
  if ctx.scenario == "jailbreak" and ctx.team == "desperados" and plan.kid_jailed(ctx)
      and not plan.breached(ctx, "JAL", zone) then
    if zone == "R1" then v = v + 400 elseif zone == "STO" or zone == "S2" then v = v + 40 end
  end
  if v <= 0 then return v - 100 end
  return v - 40
end

-- The tags of the options that hurt an enemy now.
---@type table<string, true|nil>
local SHOTS = { shoot = true, both_barrels = true, fan_the_hammer = true, knife_fight = true }

---Answers "What now?" and an ambusher's reaction: the best-scored option.
---@param ctx SharpCtx
---@param ch SharpChar
---@param q BotQuestion
---@param reaction boolean
---@return integer
local function act(ctx, ch, q, reaction)
  local shots = false
  for i = 1, q.count do
    local tag = q.tags[i]
    if tag and SHOTS[tag] then shots = true end
  end
  local dist, aim = plan.distances(ctx, ch)
  local t = {
    ap = reaction and 1 or (bot.number(q.prompt:match("(%d+) AP left") or "") or 1),
    shots = shots, dist = dist, aim = aim, reaction = reaction,
    blast = function(zone) return blast(ctx, ch, zone) end,
  }
  return bot.best(q, function(_, label, tag) return action(ctx, ch, label, tag, t) end)
end

---Should `ch`, lying in ambush, take his phase? When he can shoot from here, or has somewhere
---to be.
---@param ctx SharpCtx
---@param ch SharpChar
---@return boolean
local function leave_ambush(ctx, ch)
  local dist, aim = plan.distances(ctx, ch)
  if aim then return (dist[ch.node] or 1) > 0 end
  return read.firing_spots(ch, ctx.foes)[ch.node] == true
end

-- The worth of a card one must take (Take Cover), by its face (the end of its id,
-- `facile_hit2`): a miss is best, a bad hit worst.
local CARD = { hit2 = -3, hit = -2, near = -1, jam = 1, miss = 1 }

---@param tag string|false
---@return number
local function card_worth(tag)
  return tag and CARD[tag:match("_(%w+)$")] or 0
end

-- The reactive jokers always worth playing when asked.
local PLAY_NOW = { early_bird = true, double_trouble = true, last_breath = true, lucky_charm = true,
  sixth_sense = true, take_cover = true, nerves_of_steel = true, hideout_derringer = true }

---A reactive joker: played when it saves a wound or a miss; "No" otherwise.
---@param q BotQuestion
---@return integer
local function joker(q)
  local p = q.prompt
  return bot.best(q, function(_, _, tag)
    if not tag then return 0 end -- "No", "No joker now"
    if tag == "dead_eye" then
      return (p:find("Raté") or p:find("Frôlé") or p:find("Enrayé")) and not p:find("facile") and 1 or -1
    end
    return PLAY_NOW[tag] and 1 or -1
  end)
end

-- Jokers to keep when drawing two (High Noon's sheriff): the best first.
local KEEP = { "quick_draw", "lucky_charm", "fan_the_hammer", "take_cover", "dead_eye", "hip_flask",
  "double_trouble", "hideout_derringer", "last_breath", "sixth_sense", "speed_loader" }
local KEEP_RANK = {}
for i, id in ipairs(KEEP) do KEEP_RANK[id] = 100 - i end

---@param tag string|false
---@return number
local function keep_joker(tag)
  return tag and KEEP_RANK[tag] or 0
end

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
---@return SharpCtx
local function context(view, q, data)
  local side, team = my_team(view, q, data)
  local ctx = { b = read.board(view), side = side, team = team, scenario = data.scenario or "high_noon",
    data = data, foes = {}, friends = {} }
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
    if #out < q.max and q.tags[i] == "spring_ambush" then out[#out + 1] = i end
  end
  for i = 1, q.count do
    if #out >= q.min then break end
    if q.tags[i] ~= "spring_ambush" then out[#out + 1] = i end
  end
  return out
end

---@type Bot
return {
  about = "Shoots at the best odds, heals when hurt, walks to its scenario's aim or a firing spot",
  pick = function(view, q, data)
    if q.multi then return many(q) end
    local ctx = context(view, q, data)
    local p = q.prompt
    local ch = read.named(ctx.b, p)
    if ch and (p:find("AP left%. What now%?") or p:find("the second action%?")) then
      return act(ctx, ch, q, p:find("second action") ~= nil)
    end
    if ch and p:find("springs the ambush: which action%?") then return act(ctx, ch, q, true) end
    if ch and p:find("Stay in ambush%?") then
      local take = bot.by_label(q, "Take the action phase")
      if take and leave_ambush(ctx, ch) then return take end
      return bot.by_tag(q, "stay_in_ambush") or 1
    end
    if p:find("Play a joker") then return joker(q) end
    if ch and (p:find("what does he drop%?") or p:find("hands shake")) then
      return bot.best(q, function(_, label) return -keep(ctx, ch, (label:gsub("^Drop ", ""))) end)
    end
    if ch and p:find("where to%?") then
      local dist = plan.distances(ctx, ch)
      return bot.best(q, function(_, label)
        local z = label:match("%((%w+)%)$")
        return z and move(ctx, ch, z, dist) or 0
      end)
    end
    if p:find("which card applies%?") then return bot.best(q, function(_, _, tag) return card_worth(tag) end) end
    if p:find("which does he keep%?") then return bot.best(q, function(_, _, tag) return keep_joker(tag) end) end
    if p:find("riposte") then return bot.by_tag(q, "riposte") or 1 end
    return math.random(q.count)
  end,
}
