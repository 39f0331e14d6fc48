-- Desperados of Dice Town: the game flow, read top-down like the rulebook. Setup (gangs,
-- money, setup rolls), then turns clockwise: roll phase (T1, with the OPP-ROLL and ROLL
-- windows), one effect (T2: act or draw), the end-of-turn OWN window. Atomic changes and
-- the victory check live in game.lua, pure rules in rules.lua, cards in cards.yaml.
--
-- Exports `play` (the flow, run by the engine as a coroutine) and the pure helpers of
-- rules.lua for tests: effects_for, assignments, combo, tally, setup_rerolls, setup_ranks,
-- winner_of, paid (see rules.lua for their contracts).

local posse = require "posse"
local rules = require "dice_town.rules"
local game = require "dice_town.game"

local G = game.G
local C, N

-- Card timings accepted by each window (props.when of cards.yaml).
local ROLL_OWN = { "roll", "own" }
local ACT_OWN = { "act", "own" }
local ACT = { "act" }
local OWN = { "own" }
local OPP_ROLL = { "opp_roll" }
local OPP_ACT = { "opp_act" }

local name = game.name

------------------------------------------------------------------------ setup

-- G-GANGS: random by default; data.gang_assignment "seat" or "choose" for variants.
local function assign_gangs()
  local mode = posse.data.gang_assignment
  if #C.gangs < N then error("data.gangs: need one gang per seat", 0) end
  local pool = {}
  for i = 1, #C.gangs do pool[i] = i end
  for s = 1, N do
    local g
    if mode == "seat" then
      g = s
    elseif mode == "choose" then
      local opts = {}
      for i, gi in ipairs(pool) do
        local row = C.gangs[gi]
        opts[i] = ("%s (%s: %s)"):format(row.name, row.brain, row.text)
      end
      g = table.remove(pool, #pool == 1 and 1 or posse.choose(s, "Choose your gang.", opts))
    else
      g = table.remove(pool, posse.random(#pool))
    end
    game.set_gang(s, g)
    local row = C.gangs[g]
    posse.log(("%s leads %s; their Brain, %s: %s"):format(name(s), row.name, row.brain, row.text))
  end
end

-- S3, S4, G-SETUP-REROLL: reroll until valid (no roll limit), then rotate.
local function setup_roll(s)
  game.roll()
  for _ = 1, 10000 do
    local faces = game.faces()
    local again = rules.setup_rerolls(faces)
    if #again == 0 then
      local ranks = rules.setup_ranks(faces)
      local parts = {}
      for i, id in ipairs(C.ids) do
        game.set_rank(s, id, ranks[id])
        parts[i] = ("%s %s"):format(C.desp[id].name, ranks[id] == 0 and "free" or tostring(ranks[id]))
      end
      posse.log(("%s's setup roll: %s. Ranks left: %s."):format(name(s), game.dice_text(), table.concat(parts, ", ")))
      return
    end
    game.roll(again)
  end
  error("setup roll: no valid roll after 10000 tries; check data.setup", 0)
end

local function setup()
  local deck = posse.zone("draw")
  posse.shuffle(deck)
  assign_gangs()
  for s = 1, N do game.set_money(s, posse.data.start_money) end
  for s = 1, N do setup_roll(s) end
end

------------------------------------------------------------------- roll phase

local function roll(p, which)
  game.roll(which)
  G.rolls = G.rolls + 1
  posse.set("roll", G.rolls)
  posse.log(("%s rolls (%d/%d): %s."):format(name(p), G.rolls, G.limit, game.dice_text()))
end

local function die_labels()
  local opts = {}
  for i = 1, game.dice() do opts[i] = ("Die %d: %s"):format(i, game.face_name(game.face(i))) end
  return opts
end

----------------------------------------------------------------------- effect

-- "Lady x2 + Boss" (acts are in canonical order, so equal ids are adjacent).
local function acts_label(p, acts)
  local parts, i = {}, 1
  while i <= #acts do
    local j = i
    while acts[j + 1] == acts[i] do j = j + 1 end
    local n = j - i + 1
    parts[#parts + 1] = game.desperado_name(p, acts[i]) .. (n > 1 and (" x" .. n) or "")
    i = j + 1
  end
  return table.concat(parts, " + ")
end

local DRAW_NAME = { trio = "Trio", four = "Set of four", misery = "Misery" }

local function effect_label(p, e)
  if e.kind == "act" then return "Act: " .. acts_label(p, e.acts) end
  local d = C.draws[e.kind]
  if d.draw == d.keep then
    return ("%s: draw %d Wild West card%s"):format(DRAW_NAME[e.kind], d.draw, d.draw > 1 and "s" or "")
  end
  return ("%s: draw %d Wild West cards, keep %d"):format(DRAW_NAME[e.kind], d.draw, d.keep)
end

-- The effects the dice show now and their labels, cached until the dice change.
local eff_ver, eff_list, eff_labels = -1, nil, nil
local function effects_now(p)
  local v = game.dice_version()
  if v ~= eff_ver then
    eff_list, eff_labels, eff_ver = rules.effects_for(game.faces()), {}, v
    for i, e in ipairs(eff_list) do eff_labels[i] = effect_label(p, e) end
  end
  return eff_list, eff_labels
end

-- Indices of the dice not showing an Action face, or nil unless some do and some don't.
local function non_action_dice()
  local out, n = {}, game.dice()
  for i = 1, n do
    if game.face(i) ~= C.action then out[#out + 1] = i end
  end
  if #out == 0 or #out == n then return nil end
  return out
end

-- T1-T4: roll all dice, then reroll any dice up to the limit, or stop by choosing one of
-- the effects the dice show now. After each roll the opponents may react (Jinx), then the
-- roller may play ROLL/OWN cards or go on. The menu offers the two usual rerolls directly
-- (keep the Actions; all dice) and any other set of dice through a second question.
-- Returns the chosen effect (an entry of rules.effects_for).
local function roll_phase(p)
  roll(p, nil)
  while true do
    game.window(OPP_ROLL, function() return ("%s rolled %s. Play a card?"):format(name(p), game.dice_text()) end)
    local rerolled = false
    repeat
      local ctx = game.ctx(p)
      local cards = game.playable(p, ROLL_OWN, ctx)
      local can_roll = not G.fixed and G.rolls < G.limit
      local effects, labels = effects_now(p)
      if not can_roll and #cards == 0 and #effects == 1 then return effects[1] end
      local opts, rerolls = {}, {}
      for i, l in ipairs(labels) do opts[i] = l end
      local ne = #opts
      local function offer(label, which)
        local k = #opts + 1
        opts[k], rerolls[k] = label, which
      end
      if can_roll then
        local keep = non_action_dice()
        if keep then offer("Keep the Action dice, reroll the others", keep) end
        offer("Reroll all the dice", "all")
        offer("Choose which dice to reroll", "choose")
      end
      local base = #opts
      for i, card in ipairs(cards) do opts[base + i] = "Play " .. game.def(card).name end
      local c = posse.choose(p, ("Your dice: %s (roll %d of %d). Stop with an effect, reroll or play a card."):format(
        game.dice_text(), G.rolls, G.limit), opts)
      if c <= ne then return effects[c] end
      if c <= base then
        local which = rerolls[c]
        if which == "all" then
          which = nil
        elseif which == "choose" then
          which = posse.choose(p, "Reroll which dice?", die_labels(), { min = 1, max = game.dice() })
        end
        roll(p, which)
        rerolled = true
      else
        game.play_card(p, cards[c - base], ctx)
      end
    until rerolled
  end
end

-- W1-W3: the drawn cards wait in the seat's pick zone (only he sees them) until he keeps
-- some; the others go face up to the discard pile. Which he kept is told to him alone.
local function draw_effect(p, kind)
  local d = C.draws[kind]
  local pick = game.pick(p)
  for _ = 1, d.draw do
    if not game.draw_top(pick) then break end
  end
  local cards = posse.contents(pick)
  local n = #cards
  if n == 0 then
    posse.log(("%s: no Wild West cards left to draw."):format(DRAW_NAME[kind]))
    return
  end
  local keep = {}
  if n <= d.keep then
    for i = 1, n do keep[i] = true end
  else
    local opts = {}
    for i, card in ipairs(cards) do opts[i] = game.def(card).name end
    if d.keep == 1 then
      keep[posse.choose(p, "Keep which card?", opts)] = true
    else
      for _, i in ipairs(posse.choose(p, ("Keep which %d cards?"):format(d.keep), opts, { min = d.keep, max = d.keep })) do
        keep[i] = true
      end
    end
  end
  local kept, dropped = {}, {}
  for i, card in ipairs(cards) do
    if keep[i] then
      game.to_hand(p, card)
      kept[#kept + 1] = game.def(card).name
    else
      game.to_discard(p, card)
      dropped[#dropped + 1] = game.def(card).name
    end
  end
  local line = ("%s: %s draws %d, keeps %d"):format(DRAW_NAME[kind], name(p), n, #kept)
  if #dropped > 0 then line = line .. " and discards " .. table.concat(dropped, ", ") end
  posse.log(line .. ".")
  posse.log(("%s keeps %s."):format(name(p), table.concat(kept, ", ")), p)
end

---------------------------------------------------------------------- actions

-- Kinds of next action a Desperado may take. Safe ones can never hurt the player, so a
-- lone safe action resolves without a question and is never offered for forfeit.
local SAFE = { free = true, miss = true, centre_cash = true, draw_card = true, rotate_own = true }

-- D4: opponents whose matching Desperado is still In Jail, clockwise from p's left.
local function attack_victims(p, id)
  local out = {}
  for _, o in ipairs(game.opponents(p)) do
    if game.rank(o, id) > 0 then out[#out + 1] = o end
  end
  return out
end

-- What Desperado `id` of p does with his next Action: kind, label.
local function next_action(p, id)
  local who = game.desperado_name(p, id)
  local r = game.rank(p, id)
  if r > 0 then return "free", ("%s: turn one rank (%s)"):format(who, game.ranks_text(r)) end
  if id == C.brain then
    local g = game.gang(p)
    return g.ability, ("%s: %s"):format(who, g.text)
  end
  local victims = attack_victims(p, id)
  if #victims == 0 then return "miss", ("%s: attack (nobody to hit)"):format(who) end
  local names = {}
  for i, v in ipairs(victims) do names[i] = name(v) end
  return "attack", ("%s: attack, $%d from %s"):format(who, C.desp[id].attack, table.concat(names, ", "))
end

-- D6, G-BRAIN, §5.2: one use of the gang ability per Action given to the escaped Brain.
local function brain_ability(p)
  local g = game.gang(p)
  local what = ("%s's %s"):format(name(p), game.desperado_name(p, C.brain))
  if g.ability == "centre_cash" then
    game.gain(p, g.amount, what)
  elseif g.ability == "draw_card" then
    game.draw_cards(p, g.amount, what)
  elseif g.ability == "rotate_own" then
    local ids = game.jailed(p)
    if #ids == 0 then
      posse.log(what .. ": nobody left in jail.")
      return
    end
    local id = game.ctx(p):choose_desperado(what .. ": rotate which Desperado?", p, ids)
    game.rotate(p, id, g.amount, what)
  elseif g.ability == "extort" then
    local v = game.ctx(p):choose_seat(what .. ": who pays you?", game.opponents(p))
    game.extort(v, p, g.amount, what)
  else
    error(("data.gangs: unknown Brain ability '%s'"):format(tostring(g.ability)), 0)
  end
end

-- D3-D6: one Action of Desperado `id`.
local function resolve_one(p, id)
  local i = C.desp[id].index
  G.acts[i] = G.acts[i] - 1
  if game.rank(p, id) > 0 then
    game.rotate(p, id, 1)
  elseif id == C.brain then
    brain_ability(p)
  else
    local what = ("%s's %s"):format(name(p), game.desperado_name(p, id))
    local victims = attack_victims(p, id)
    if #victims == 0 then
      posse.log(what .. " finds nobody to attack.")
    else
      game.hurt(victims, C.desp[id].attack, what)
    end
  end
end

-- G-ACTION-ORDER, G-DECLINE: the player resolves his Actions one at a time in the order
-- he likes, may play ACT/OWN cards between them, and may forfeit what is left.
local function resolve_actions(p)
  while true do
    local cands, opts, total, unsafe = {}, {}, 0, false
    for i, id in ipairs(C.ids) do
      local n = G.acts[i]
      if n > 0 then
        total = total + n
        local kind, label = next_action(p, id)
        cands[#cands + 1] = id
        opts[#opts + 1] = n > 1 and ("%s [%d Actions]"):format(label, n) or label
        if not SAFE[kind] then unsafe = true end
      end
    end
    local ctx = game.ctx(p)
    local cards = game.playable(p, total > 0 and ACT_OWN or ACT, ctx)
    if #cards == 0 and (total == 0 or (#cands == 1 and not unsafe)) then
      if total == 0 then return end
      resolve_one(p, cands[1])
    else
      local nc = #cands
      for i, card in ipairs(cards) do opts[nc + i] = "Play " .. game.def(card).name end
      if total == 0 then
        opts[#opts + 1] = "Done"
      elseif unsafe then
        opts[#opts + 1] = ("Forfeit the %d Action%s left"):format(total, total > 1 and "s" or "")
      end
      local c = posse.choose(p, "Your Actions: which comes next?", opts)
      if c <= nc then
        resolve_one(p, cands[c])
      elseif c <= nc + #cards then
        game.play_card(p, cards[c - nc], ctx)
      else
        if total > 0 then
          posse.log(("%s forfeits %d Action%s."):format(name(p), total, total > 1 and "s" or ""))
        end
        return
      end
    end
  end
end

-- D1-D6: declare the assignment, let opponents answer (Stand-Off), resolve.
local function act(p, acts)
  for _, id in ipairs(acts) do
    local i = C.desp[id].index
    G.acts[i] = G.acts[i] + 1
  end
  G.acting = true
  local label = acts_label(p, acts)
  posse.log(("%s acts: %s."):format(name(p), label))
  game.window(OPP_ACT, function() return ("%s acts: %s. Play a card?"):format(name(p), label) end)
  resolve_actions(p)
  G.acting = false
  for i = 1, #C.ids do G.acts[i] = 0 end
end

------------------------------------------------------------------------- turn

-- OWN cards after the effect, until the player ends his turn.
local function end_window(p)
  while true do
    local ctx = game.ctx(p)
    local cards = game.playable(p, OWN, ctx)
    if #cards == 0 then return end
    local opts = { "End turn" }
    for i, card in ipairs(cards) do opts[i + 1] = "Play " .. game.def(card).name end
    local c = posse.choose(p, "Play a card before ending your turn?", opts)
    if c == 1 then return end
    game.play_card(p, cards[c - 1], ctx)
  end
end

local function take_turn(p)
  G.turn = G.turn + 1
  posse.set("turn", G.turn)
  G.active = p
  posse.set_current(p)
  G.rolls, G.limit, G.fixed, G.acting = 0, posse.data.roll_limit, false, false
  posse.set("roll", 0)
  posse.set("roll_limit", G.limit)
  posse.log(("Round %d: %s's turn."):format(G.round, name(p)))
  local e = roll_phase(p)
  if e.kind == "act" then act(p, e.acts) else draw_effect(p, e.kind) end
  end_window(p)
end

-- The guard against endless games: after data.max_rounds rounds the richest gangs still
-- in the game win together (DECISIONS.md).
local function turn_limit()
  local top, winners = nil, {}
  for s = 1, N do
    if not game.out(s) then
      local m = game.money(s)
      if top == nil or m > top then
        top, winners = m, { s }
      elseif m == top then
        winners[#winners + 1] = s
      end
    end
  end
  posse.log(("Round limit (%d) reached: the richest gang wins."):format(posse.data.max_rounds))
  posse.set_current(nil)
  return { winners = winners, scores = game.scores(), reason = "turn limit" }
end

local function run()
  setup()
  local first = posse.data.first_player
  if first == 0 then first = posse.random(N) end
  if math.type(first) ~= "integer" or first < 1 or first > N then
    error(("data.first_player: expected 0 or a seat 1..%d, got %s"):format(N, tostring(first)), 0)
  end
  local s = first
  G.round = 1
  posse.set("round", 1)
  while true do
    if not game.out(s) then take_turn(s) end
    s = s % N + 1
    if s == first then
      if G.round >= posse.data.max_rounds then return turn_limit() end
      G.round = G.round + 1
      posse.set("round", G.round)
    end
  end
end

---Plays a whole game; returns {winners, scores, reason}.
local function play()
  game.init()
  C, N = game.config(), game.players()
  local ok, res = pcall(run)
  if ok then return res end
  if res == game.OVER then return G.result end
  error(res, 0)
end

return {
  play = play,
  effects_for = rules.effects_for,
  assignments = rules.assignments,
  combo = rules.combo,
  tally = rules.tally,
  setup_rerolls = rules.setup_rerolls,
  setup_ranks = rules.setup_ranks,
  winner_of = rules.winner_of,
  paid = rules.paid,
}
