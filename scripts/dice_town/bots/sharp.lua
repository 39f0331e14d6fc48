-- The sharp bot of Desperados of Dice Town. It rolls by the exact expectation of its dice
-- over the rolls left (sharp/dice.lua) under a value of ranks, attacks and cards
-- (sharp/model.lua); it plays its own-turn cards as soon as they help, saves Poker
-- Winnings for a full centre, and answers rivals with Jinx, Stand-Off and Take Cover only
-- when they stop something that hurts. Questions are told apart by their prompts, cards
-- and Actions by their tags.

local bot = require "lib.bot"
local model = require "dice_town.bots.sharp.model"
local dice = require "dice_town.bots.sharp.dice"
local cards = require "dice_town.bots.sharp.cards"

-- The worth of an effect's label in the roll menu ("Act: Lady x2 + Boss (free Lady: ...)",
-- "Trio: ..."), or nil for an option that is no effect.
---@param m sharp.Model
---@param label string
---@return number|nil
local function effect_worth(m, label)
  if label:find("^Trio:") then return model.draw_value("trio") end
  if label:find("^Set of four:") then return model.draw_value("four") end
  if label:find("^Misery:") then return model.draw_value("misery") end
  local acts = label:match("^Act: ([^(]*)")
  if not acts then return nil end
  local v = 0 ---@type number
  for part in (acts:gsub("%s+$", "") .. " + "):gmatch("(.-) %+ ") do
    local name, k = part:match("^(.-) x(%d+)$")
    local id = m.names[name or part]
    if id then v = v + m:actions(id, math.tointeger(tonumber(k)) or 1) end
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
    if q.tags[i] and cards.play_now(m, q.tags[i], last) then return i end
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
    local v = effect_worth(m, q.labels[i])
    if v and v > stop then stop, at = v, i end
  end
  local left = (view.counters.roll_limit or 3) - (view.counters.roll or 0)
  local all = bot.by_label(q, "Reroll all the dice")
  local kept, go = c, -math.huge
  if all and left > 0 then kept, go = t:best_keep(c, left) end
  -- Marked Die: the best single face turned, when it beats what the dice offer now.
  local marked = bot.by_tag(q, "marked_die")
  if marked then
    local best = -math.huge
    for f = 1, #c do
      if c[f] > 0 then
        for g = 1, #c do
          if g ~= f then
            c[f], c[g] = c[f] - 1, c[g] + 1
            best = math.max(best, t:stop(c))
            c[f], c[g] = c[f] + 1, c[g] - 1
          end
        end
      end
    end
    if best - math.max(stop, go) > model.CARD * 0.6 then return marked end
  end
  -- Second Wind: one more roll when the last is spent and the dice are poor.
  local wind = bot.by_tag(q, "second_wind")
  if wind and not all then
    local _, more = t:best_keep(c, 1)
    if more - stop > model.CARD * 0.7 then return wind end
  end
  if go > stop then
    local n = 0
    for f = 1, #kept do n = n + kept[f] end
    if n == 0 then return all --[[@as integer]] end
    if n == kept[1] and kept[1] == c[1] then
      local keep = bot.by_label(q, "Keep the Action dice")
      if keep then return keep end
    end
    return bot.by_label(q, "Choose which dice") or all --[[@as integer]]
  end
  return at or math.random(q.count)
end

-- "Reroll which dice?": the dice outside the best set to keep.
---@param m sharp.Model
---@param view View
---@return integer[]
local function reroll(m, view)
  local t = dice.table(m)
  local c = dice.counts(m, view.dice)
  local left = (view.counters.roll_limit or 3) - (view.counters.roll or 0)
  local kept = t:best_keep(c, math.max(left, 1))
  local one = dice.counts(m, {})
  local out = {}
  for i, f in ipairs(view.dice) do
    local face = dice.counts(m, { f })
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
  local best, at = -math.huge, nil ---@type number, integer|nil
  for i = 1, q.count do
    local id = m:desperado_of(q.tags[i])
    if id then
      local v = m:actions(id, 1)
      if v > best then best, at = v, i end
    end
  end
  local stop = bot.by_label(q, "Forfeit the") or bot.by_label(q, "Done")
  if at and (best > -model.WIN / 2 or not stop) then return at end
  return stop or 1
end

-- A Desperado chosen for one more rank or Action (Jailbreak, the Locksmith, Double Trouble).
---@param m sharp.Model
---@param q BotQuestion
---@return integer
local function desperado(m, q)
  return bot.best(q, function(_, label)
    local id = m.names[label:match("^(.-) %(") or label]
    if not id then return -1 end
    -- Among ranks of equal worth, the one nearest his keys.
    return m:actions(id, 1) - m.ranks[m.me][id] * 0.01
  end)
end

-- Marked Die's questions: the die, then its face, that make the dice worth most.
---@param m sharp.Model
---@param view View
---@param q BotQuestion
---@return integer
local function marked_die(m, view, q)
  local t = dice.table(m)
  local die = tonumber(q.prompt:match("turn die (%d+)"))
  return bot.best(q, function(i, label)
    local faces = model.copy(view.dice)
    if die then
      local name = label == "Action" and m.action or m.names[label]
      if not name then return -1 end
      faces[die] = name
    else
      local best = -math.huge
      for _, f in ipairs(m.ids) do
        faces[i] = f
        best = math.max(best, t:stop(dice.counts(m, faces)))
      end
      return best
    end
    return t:stop(dice.counts(m, faces))
  end)
end

-- The Desperados named in "p2 acts: Lady x2 + Boss. Play a card?", with his seat.
---@param m sharp.Model
---@param view View
---@param prompt string
---@return integer|nil, string[]
local function declared(m, view, prompt)
  local who, acts = prompt:match("^(.-) acts: (.-)%. Play a card%?$")
  local ids = {}
  for part in ((acts or "") .. " + "):gmatch("(.-) %+ ") do
    ids[#ids + 1] = m.names[part:match("^(.-) x%d+$") or part]
  end
  return cards.seat_named(view, who or ""), ids
end

-- A reaction window (Pass first): Jinx a rival's final roll that acts, Stand-Off an
-- Action that hurts us, Take Cover against a big loss.
---@param m sharp.Model
---@param view View
---@param q BotQuestion
---@return integer
local function window(m, view, q)
  local p = q.prompt
  local amount = p:match("costs you %$(%d+)")
  local cover = bot.by_tag(q, "take_cover")
  if amount and cover and cards.cover(m, tonumber(amount) --[[@as integer]]) then return cover end
  local jinx = bot.by_tag(q, "jinx")
  if jinx and p:find(" rolled ") then
    local c = view.counters
    local actions = 0
    for _, f in ipairs(view.dice) do
      if f == m.action then actions = actions + 1 end
    end
    if (c.roll or 0) >= (c.roll_limit or 3) and actions >= 1 and actions < 4 then return jinx end
  end
  local stand = bot.by_tag(q, "stand_off")
  if stand then
    local o, ids = declared(m, view, p)
    if o then
      for _, id in ipairs(ids) do
        if cards.hurt_by(m, o, id) >= 3 then return stand end
      end
    end
  end
  return bot.by_label(q, "Pass") or bot.by_label(q, "Lose $") or 1
end

-- Questions of many picks: the dice to reroll, the cards to keep.
---@param m sharp.Model
---@param view View
---@param q BotQuestion
---@return integer[]
local function several(m, view, q)
  if q.prompt:find("^Reroll") then return reroll(m, view) end
  local order = {}
  for i = 1, q.count do order[i] = i end
  table.sort(order, function(a, b)
    return cards.worth(m, q.tags[a] or nil) > cards.worth(m, q.tags[b] or nil)
  end)
  local out = {}
  for i = 1, math.max(q.min, 1) do out[i] = order[i] end
  return out
end

-- A seat chosen by a label's number: the richest to pay, the fullest hand to rob.
---@param q BotQuestion
---@return integer
local function by_number(q)
  return bot.best(q, function(_, label) return tonumber(label:match("%(%$?(%d+)")) or 0 end)
end

---@type Bot
return {
  about = "Keeps the dice with the best expected worth over its rolls left, frees its gang, "
    .. "attacks the richest rivals and plays its cards when they help",
  pick = function(view, q, data)
    local m = model.new(view, data)
    local p = q.prompt
    if q.multi then return several(m, view, q) end
    if p:find("^Roll %d+ of %d+:") then return roll_menu(m, view, q) end
    if p:find("^Your Actions") then return actions_menu(m, q) end
    if p:find("^Play a card before ending") then return card_to_play(m, q, true) or 1 end
    if p:find("^Keep which") then
      return bot.best(q, function(_, _, tag) return cards.worth(m, tag or nil) end)
    end
    if p:find("^Marked Die") then return marked_die(m, view, q) end
    if p:find("which Desperado") or p:find("rotate which") then return desperado(m, q) end
    if p:find("^Snitch") then
      return bot.best(q, function(_, label) return cards.snitch_score(m, view, label) end)
    end
    if p:find("who pays you") or p:find("^Card Sharp") then return by_number(q) end
    if p:find("^Jinx") then
      return bot.by_label(q, ": Action") or bot.best(q, function() return 0 end)
    end
    if p:find("^Stand%-Off") then
      local o = cards.seat_named(view, p:match("which of (.-)'s") or "")
      return bot.best(q, function(_, label)
        local id = m.names[label:match("^(.-) %(") or ""]
        return (o and id) and cards.hurt_by(m, o, id) or 0
      end)
    end
    if bot.by_label(q, "Pass") or bot.by_label(q, "Lose $") then return window(m, view, q) end
    return math.random(q.count)
  end,
}
