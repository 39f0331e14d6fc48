-- The sharp bot of Desperados of Dice Town. It rolls by the exact expectation of its dice
-- over the rolls left (sharp/dice.lua) under a value of ranks, attacks and cards
-- (sharp/model.lua); it plays its own-turn cards as soon as they help, saves Poker
-- Winnings for a full centre, and answers rivals with Jinx, Stand-Off and Take Cover only
-- when they stop something that hurts.
--
-- It reads questions by their kind and their options' ids and args (declared in
-- scripts/dice_town/questions.lua), never by their words; a kind it does not know is an
-- error. Its strength (`posse sim dice_town -n 200 --bot 1=sharp`, seat 1's wins alone,
-- random bots elsewhere: 100% with 2 and 3 players, 98.5% with 4, as before it read kinds
-- instead of prompts): scripts/dice_town/DECISIONS.md, "Questions".

local model = require "dice_town.bots.sharp.model"
local dice = require "dice_town.bots.sharp.dice"
local cards = require "dice_town.bots.sharp.cards"
local bot = require "lib.bot"

-- The first option of an id (with args), from lib.bot.
local find = bot.by_id

---The option that plays card `card`, or nil.
---@param q BotQuestion
---@param card string
---@return integer|nil
local function play_of(q, card) return bot.by_id(q, "play", { card = card }) end

---Option `i`'s argument `k` as a name (a card's, a Desperado's or a face's id).
---@param q BotQuestion
---@param i integer
---@param k string
---@return string
local function name(q, i, k) return q.args[i][k] --[[@as string]] end

---Option `i`'s argument `k` as a number (a seat, an amount), or nil.
---@param q BotQuestion
---@param i integer
---@param k string
---@return integer|nil
local function num(q, i, k) return q.args[i][k] --[[@as integer|nil]] end



---The option with the highest `score(i, args)`; among equal scores, one at random.
---@param q BotQuestion
---@param score fun(i: integer, args: table): number
---@return integer
local function best(q, score)
  return bot.best(q, function(i, _, args) return score(i, args) end)
end


-- The worth of option `i` of the roll menu when it is an effect ("act": Actions by
-- Desperado id; "draw": a combo), or nil.
---@param m sharp.Model
---@param q BotQuestion
---@param i integer
---@return number|nil
local function effect_worth(m, q, i)
  local id = q.ids[i]
  if id == "draw" then return model.draw_value(name(q, i, "combo")) end
  if id ~= "act" then return nil end
  local v = 0 ---@type number
  for _, d in ipairs(m.ids) do
    local k = num(q, i, d)
    if k then v = v + m:actions(d, k) end
  end
  return v
end

-- The first own-turn card worth playing now, or nil.
---@param m sharp.Model
---@param q BotQuestion
---@param last boolean
---@return integer|nil
local function card_to_play(m, q, last)
  for i = 1, q.count do
    if q.ids[i] == "play" and cards.play_now(m, name(q, i, "card"), last) then return i end
  end
  return nil
end

-- The roll menu: play a card that helps, stop on the best effect, or reroll the dice whose
-- expectation beats stopping.
---@param m sharp.Model
---@param view View
---@param q BotQuestion
---@return integer
local function roll_menu(m, view, q)
  local card = card_to_play(m, q, false)
  if card then return card end
  local t = dice.table(m)
  local c = dice.counts(m, view.dice)
  local stop, at = -math.huge, nil
  for i = 1, q.count do
    local v = effect_worth(m, q, i)
    if v and v > stop then stop, at = v, i end
  end
  local left = (view.counters.roll_limit or 3) - (view.counters.roll or 0)
  local all = find(q, "reroll_all")
  local kept, go = c, -math.huge
  if all and left > 0 then kept, go = t:best_keep(c, left) end
  -- Marked Die: the best single face turned, when it beats what the dice offer now.
  local marked = play_of(q, "marked_die")
  if marked then
    local top = -math.huge
    for f = 1, #c do
      if c[f] > 0 then
        for g = 1, #c do
          if g ~= f then
            c[f], c[g] = c[f] - 1, c[g] + 1
            top = math.max(top, t:stop(c))
            c[f], c[g] = c[f] + 1, c[g] - 1
          end
        end
      end
    end
    if top - math.max(stop, go) > model.CARD * 0.6 then return marked end
  end
  -- Second Wind: one more roll when the last is spent and the dice are poor.
  local wind = play_of(q, "second_wind")
  if wind and not all then
    local _, more = t:best_keep(c, 1)
    if more - stop > model.CARD * 0.7 then return wind end
  end
  if go > stop then
    local n = 0
    for f = 1, #kept do n = n + kept[f] end
    if n == 0 then return all --[[@as integer]] end
    if n == kept[1] and kept[1] == c[1] then
      local keep = find(q, "keep_actions")
      if keep then return keep end
    end
    return find(q, "reroll_some") or all --[[@as integer]]
  end
  return at or math.random(q.count)
end

-- The "reroll" question: the dice outside the best set to keep.
---@param m sharp.Model
---@param view View
---@param q BotQuestion
---@return integer[]
local function reroll(m, view, q)
  local t = dice.table(m)
  local c = dice.counts(m, view.dice)
  local left = (view.counters.roll_limit or 3) - (view.counters.roll or 0)
  local kept = t:best_keep(c, math.max(left, 1))
  local one = dice.counts(m, {})
  local out = {}
  for i = 1, q.count do
    local face = dice.counts(m, { name(q, i, "face") })
    for g = 1, #face do
      if face[g] == 1 then
        if one[g] < kept[g] then
          one[g] = one[g] + 1
        else
          out[#out + 1] = i
        end
      end
    end
  end
  if #out == 0 then out[1] = 1 end
  return out
end

-- The Actions menu: cards that help, then the Action worth most; forfeit what is left
-- when every Action would hand a rival the win.
---@param m sharp.Model
---@param q BotQuestion
---@return integer
local function actions_menu(m, q)
  local card = card_to_play(m, q, false)
  if card then return card end
  local top, at = -math.huge, nil ---@type number, integer|nil
  for i = 1, q.count do
    local id = q.ids[i]
    if id == "rank" or id == "attack" or id == "ability" then
      local v = m:actions(name(q, i, "desperado"), 1)
      if v > top then top, at = v, i end
    end
  end
  local stop = find(q, "forfeit") or find(q, "done")
  if at and (top > -model.WIN / 2 or not stop) then return at end
  return stop or 1
end

-- A Desperado of ours chosen for one more rank or Action (Jailbreak, the Locksmith,
-- Double Trouble): among ranks of equal worth, the one nearest his keys.
---@param m sharp.Model
---@param q BotQuestion
---@return integer
local function desperado(m, q)
  return best(q, function(_, a) return m:actions(a.desperado, 1) - m.ranks[m.me][a.desperado] * 0.01 end)
end

-- The faces a die may show: the Action face, then the Desperados.
---@param m sharp.Model
---@return string[]
local function faces(m)
  local out = { m.action }
  for i, id in ipairs(m.ids) do out[i + 1] = id end
  return out
end

-- Marked Die's questions: the die, then its face, that make the dice worth most.
---@param m sharp.Model
---@param view View
---@param q BotQuestion
---@return integer
local function marked_die(m, view, q)
  local t = dice.table(m)
  if q.kind == "marked_face" then
    return best(q, function(_, a)
      local now = model.copy(view.dice)
      now[a.die] = a.face
      return t:stop(dice.counts(m, now))
    end)
  end
  return best(q, function(_, a)
    local now, top = model.copy(view.dice), -math.huge
    for _, f in ipairs(faces(m)) do
      now[a.die] = f
      top = math.max(top, t:stop(dice.counts(m, now)))
    end
    return top
  end)
end

-- A reaction window (pass first): Jinx a rival's final roll that acts, Stand-Off an
-- Action that hurts us, Take Cover against a big loss, own cards at the end of our turn.
---@param m sharp.Model
---@param view View
---@param q BotQuestion
---@return integer
local function window(m, view, q)
  local pass = find(q, "pass") or 1
  local kind = q.kind
  if kind == "end_turn" then return card_to_play(m, q, true) or pass end
  if kind == "loss" then
    local cover = play_of(q, "take_cover")
    if cover and cards.cover(m, num(q, pass, "amount") or 0) then return cover end
  elseif kind == "opp_roll" then
    local jinx = play_of(q, "jinx")
    if jinx then
      local c = view.counters
      local actions = 0
      for _, f in ipairs(view.dice) do
        if f == m.action then actions = actions + 1 end
      end
      if (c.roll or 0) >= (c.roll_limit or 3) and actions >= 1 and actions < 4 then return jinx end
    end
  elseif kind == "opp_act" then
    local stand = play_of(q, "stand_off")
    local o = num(q, pass, "seat")
    if stand and o then
      for _, id in ipairs(m.ids) do
        if num(q, pass, id) and cards.hurt_by(m, o, id) >= 3 then return stand end
      end
    end
  end
  return pass
end

-- Questions of many picks: the dice to reroll, the cards to keep.
---@param m sharp.Model
---@param view View
---@param q BotQuestion
---@return integer[]
local function several(m, view, q)
  if q.kind == "reroll" then return reroll(m, view, q) end
  if q.kind ~= "keep" then error("sharp: no answer for a '" .. tostring(q.kind) .. "' question of several picks") end
  local order = {}
  for i = 1, q.count do order[i] = i end
  table.sort(order, function(a, b)
    return cards.worth(m, name(q, a, "card")) > cards.worth(m, name(q, b, "card"))
  end)
  local out = {}
  for i = 1, math.max(q.min, 1) do out[i] = order[i] end
  return out
end

-- What a gang's Brain is worth to us once free (a Wild West card, a rank, money).
local ABILITY = { rotate_own = model.RANK, draw_card = model.CARD, extort = 4, centre_cash = 3 }

-- How each kind of question is answered (questions.lua).
---@type table<string, fun(m: sharp.Model, view: View, q: BotQuestion): integer>
local ANSWER = {
  roll = roll_menu,
  actions = function(m, _, q) return actions_menu(m, q) end,
  opp_roll = window,
  opp_act = window,
  loss = window,
  end_turn = window,
  keep = function(m, _, q) return best(q, function(_, a) return cards.worth(m, a.card) end) end,
  marked_die = marked_die,
  marked_face = marked_die,
  jinx = function(m, _, q)
    -- An Action die rerolled takes an Action from him.
    for i = 1, q.count do
      if q.args[i].face == m.action then return i end
    end
    return best(q, function() return 0 end)
  end,
  rotate = function(m, _, q) return desperado(m, q) end,
  extra_action = function(m, _, q) return desperado(m, q) end,
  stand_off = function(m, _, q)
    return best(q, function(_, a) return cards.hurt_by(m, a.seat, a.desperado) end)
  end,
  snitch = function(m, _, q)
    return best(q, function(_, a) return cards.snitch_score(m, a.seat, a.desperado, a.ranks) end)
  end,
  -- The richest pays; the fullest hand is robbed.
  payer = function(m, _, q) return best(q, function(_, a) return m.money[a.seat] end) end,
  steal = function(_, view, q)
    return best(q, function(_, a) return view.seats[a.seat].zones.hand.count end)
  end,
  gang = function(_, _, q) return best(q, function(_, a) return ABILITY[a.ability] or 1 end) end,
}

---@type Bot
return {
  about = "Keeps the dice with the best expected worth over its rolls left, frees its gang, "
    .. "attacks the richest rivals and plays its cards when they help",
  pick = function(view, q, data)
    local m = model.new(view, data)
    if q.multi then return several(m, view, q) end
    local answer = ANSWER[q.kind or ""]
    if not answer then error("sharp: no answer for a '" .. tostring(q.kind) .. "' question") end
    return answer(m, view, q)
  end,
}
