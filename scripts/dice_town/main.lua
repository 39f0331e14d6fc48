-- Desperados of Dice Town: the game flow, read top-down like the rulebook. Setup (gangs,
-- money, setup rolls), then turns clockwise: roll phase (T1, with the OPP-ROLL and ROLL
-- windows), one effect (T2: act or draw), the end-of-turn OWN window. Atomic changes and
-- the victory check live in game.lua, pure rules in rules.lua, cards in cards.yaml.
--
-- The menus asked most (the roll menu, the Actions menu, the end of turn) keep what they
-- offer in one table each, and their prompts and labels are functions of that table that
-- run only when someone reads them: a random bot needs only the number of options.
--
-- Exports `play` (the flow, run by the engine as a coroutine) and the pure helpers of
-- rules.lua for tests: effects_for, assignments, combo, tally, setup_rerolls, setup_ranks,
-- winner_of, paid (see rules.lua for their contracts).

local posse = require "posse"
local rules = require "dice_town.rules"
local game = require "dice_town.game"

local G = game.G
local NUM = game.NUM
local EMPTY = game.EMPTY
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
      local k = 1
      if #pool > 1 then
        local left = pool
        k = game.ask(s, "Choose your gang.", function()
          local opts = {}
          for i, gi in ipairs(left) do
            local row = C.gangs[gi]
            opts[i] = row.name .. " (" .. row.brain .. ": " .. row.text .. ")"
          end
          return opts
        end, #pool)
      end
      g = table.remove(pool, k)
    else
      g = table.remove(pool, posse.random(#pool))
    end
    game.set_gang(s, g)
    local row = C.gangs[g]
    posse.log(name(s) .. " leads " .. row.name .. "; their Brain, " .. row.brain .. ": " .. row.text)
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
        parts[i] = C.desp[id].name .. " " .. (ranks[id] == 0 and "free" or NUM[ranks[id]])
      end
      posse.log(name(s) .. "'s setup roll: " .. game.dice_text() .. ". Ranks left: " .. table.concat(parts, ", ")
        .. ".")
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
  local r = G.rolls + 1
  G.rolls = r
  posse.set("roll", r)
  posse.log(name(p) .. " rolls (" .. NUM[r] .. "/" .. NUM[G.limit] .. "): " .. game.dice_text() .. ".")
end

----------------------------------------------------------------------- effect

-- "Lady x2 + Boss" (acts are in canonical order, so equal ids are adjacent).
local function acts_label(p, acts)
  local out, i, n = nil, 1, #acts
  while i <= n do
    local j = i
    while acts[j + 1] == acts[i] do j = j + 1 end
    local part = game.desperado_name(p, acts[i])
    if j > i then part = part .. " x" .. NUM[j - i + 1] end
    out = out and (out .. " + " .. part) or part
    i = j + 1
  end
  return out or ""
end

local DRAW_NAME = { trio = "Trio", four = "Set of four", misery = "Misery" }

local function effect_label(p, e)
  if e.kind == "act" then return "Act: " .. acts_label(p, e.acts) end
  local d = C.draws[e.kind]
  if d.draw == d.keep then
    return DRAW_NAME[e.kind] .. ": draw " .. NUM[d.draw] .. " Wild West card" .. (d.draw > 1 and "s" or "")
  end
  return DRAW_NAME[e.kind] .. ": draw " .. NUM[d.draw] .. " Wild West cards, keep " .. NUM[d.keep]
end

-- The OPP-ROLL window's question.
local function rolled_prompt()
  return name(G.active) .. " rolled " .. game.dice_text() .. ". Play a card?"
end

-- The roll menu (T1-T4), one at a time: `effects` (the dice's, stop and apply one), the
-- rerolls offered (`rolls`: 0 or the number of reroll options; `keep`: whether keeping
-- the Action dice is one, when some dice show Action and some don't) and the ROLL/OWN
-- cards playable.
local menu = { p = 1, effects = EMPTY, keep = false, rolls = 0, cards = EMPTY }

local function menu_prompt()
  return "Your dice: " .. game.dice_text() .. " (roll " .. NUM[G.rolls] .. " of " .. NUM[G.limit]
    .. "). Stop with an effect, reroll or play a card."
end

local function menu_labels()
  local opts = {}
  for i, e in ipairs(menu.effects) do opts[i] = effect_label(menu.p, e) end
  if menu.rolls > 0 then
    if menu.keep then opts[#opts + 1] = "Keep the Action dice, reroll the others" end
    opts[#opts + 1] = "Reroll all the dice"
    opts[#opts + 1] = "Choose which dice to reroll"
  end
  return game.play_labels(opts, menu.cards)
end

local REROLL = { min = 1, max = 4, count = 4 }

-- T1-T4: roll all dice, then reroll any dice up to the limit, or stop by choosing one of
-- the effects the dice show now. After each roll the opponents may react (Jinx), then the
-- roller may play ROLL/OWN cards or go on. The menu offers the two usual rerolls directly
-- (keep the Actions; all dice) and any other set of dice through a second question.
-- Returns the chosen effect (an entry of rules.effects_for).
local function roll_phase(p)
  roll(p, nil)
  while true do
    game.window(OPP_ROLL, rolled_prompt)
    local rerolled = false
    repeat
      local cards, ctx = game.playable(p, ROLL_OWN)
      local can_roll = not G.fixed and G.rolls < G.limit
      local now = game.dice_now()
      local effects = now.effects
      local ne = #effects
      if not can_roll and #cards == 0 and ne == 1 then return effects[1] end
      local keep = can_roll and now.actions > 0 and now.actions < game.dice()
      local nr = can_roll and (keep and 3 or 2) or 0
      menu.p, menu.effects, menu.keep, menu.rolls, menu.cards = p, effects, keep, nr, cards
      -- Asked only because of the cards he holds: others must not see that he is asked.
      local c = game.ask(p, menu_prompt, menu_labels, ne + nr + #cards, not can_roll and ne == 1)
      if c <= ne then return effects[c] end
      c = c - ne
      if c <= nr then
        if keep and c == 1 then
          roll(p, game.non_action_dice())
        elseif c == nr then
          local n = game.dice()
          REROLL.max, REROLL.count = n, n
          roll(p, posse.choose(p, "Reroll which dice?", game.die_labels, REROLL))
        else
          roll(p, nil)
        end
        rerolled = true
      else
        game.play_card(p, cards[c - nr], ctx)
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
    posse.log(DRAW_NAME[kind] .. ": no Wild West cards left to draw.")
    return
  end
  local keep = {}
  if n <= d.keep then
    for i = 1, n do keep[i] = true end
  else
    local function labels()
      local opts = {}
      for i, card in ipairs(cards) do opts[i] = game.def(card).name end
      return opts
    end
    if d.keep == 1 then
      keep[game.ask(p, "Keep which card?", labels, n)] = true
    else
      local picks = posse.choose(p, "Keep which " .. NUM[d.keep] .. " cards?", labels,
        { min = d.keep, max = d.keep, count = n })
      for _, i in ipairs(picks) do keep[i] = true end
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
  local line = DRAW_NAME[kind] .. ": " .. name(p) .. " draws " .. NUM[n] .. ", keeps " .. NUM[#kept]
  if #dropped > 0 then line = line .. " and discards " .. table.concat(dropped, ", ") end
  posse.log(line .. ".")
  posse.log(name(p) .. " keeps " .. table.concat(kept, ", ") .. ".", p)
end

---------------------------------------------------------------------- actions

-- What Desperado `id` of p does with his next Action, as a label.
local function next_action_label(p, id)
  local who = game.desperado_name(p, id)
  local r = game.rank(p, id)
  if r > 0 then return who .. ": turn one rank (" .. game.ranks_text(r) .. ")" end
  if id == C.brain then return who .. ": " .. game.gang(p).text end
  if not game.has_victim(p, id) then return who .. ": attack (nobody to hit)" end
  return who .. ": attack, $" .. NUM[C.desp[id].attack] .. " from " .. game.names(game.victims(p, id))
end

-- Whether the next Action of Desperado `id` of p is *safe*: it can never hurt the player
-- (turning his own rank, an attack with nobody to hit, El Contador, the Cardsharp, the
-- Locksmith). A lone safe Action resolves without a question and is never offered for
-- forfeit.
local SAFE_ABILITY = { centre_cash = true, draw_card = true, rotate_own = true }
local function is_safe(p, id)
  if game.rank(p, id) > 0 then return true end
  if id == C.brain then return SAFE_ABILITY[game.gang(p).ability] == true end
  return not game.has_victim(p, id)
end

-- D6, G-BRAIN, §5.2: one use of the gang ability per Action given to the escaped Brain.
local function brain_ability(p)
  local g = game.gang(p)
  local what = game.whose(p, C.brain)
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
    local what = game.whose(p, id)
    if not game.has_victim(p, id) then
      posse.log(what .. " finds nobody to attack.")
    else
      game.hurt(game.victims(p, id), C.desp[id].attack, what)
    end
  end
end

-- The Actions menu, one at a time: `cands` (the Desperado indices with Actions left, in
-- canonical order), `cards` (ACT/OWN cards playable), `last` ("Done", "Forfeit ..." or nil).
local acts_menu = { p = 1, cands = {}, n = 0, total = 0, cards = EMPTY, last = nil }

local function acts_labels()
  local m, opts = acts_menu, {}
  for k = 1, m.n do
    local i = m.cands[k]
    local label = next_action_label(m.p, C.ids[i])
    local left = G.acts[i]
    opts[k] = left > 1 and (label .. " [" .. NUM[left] .. " Actions]") or label
  end
  game.play_labels(opts, m.cards)
  if m.last == "done" then
    opts[#opts + 1] = "Done"
  elseif m.last == "forfeit" then
    opts[#opts + 1] = "Forfeit the " .. NUM[m.total] .. " Action" .. (m.total > 1 and "s" or "") .. " left"
  end
  return opts
end

-- G-ACTION-ORDER, G-DECLINE: the player resolves his Actions one at a time in the order
-- he likes, may play ACT/OWN cards between them, and may forfeit what is left.
local function resolve_actions(p)
  local m, ids = acts_menu, C.ids
  while true do
    local total, n, unsafe = 0, 0, false
    for i = 1, #ids do
      local left = G.acts[i]
      if left > 0 then
        total, n = total + left, n + 1
        m.cands[n] = i
        if not unsafe and not is_safe(p, ids[i]) then unsafe = true end
      end
    end
    local cards, ctx = game.playable(p, total > 0 and ACT_OWN or ACT)
    local only_cards = total == 0 or (n == 1 and not unsafe)
    if #cards == 0 and only_cards then
      if total == 0 then return end
      resolve_one(p, ids[m.cands[1]])
    else
      local last = total == 0 and "done" or (unsafe and "forfeit") or nil
      m.p, m.n, m.total, m.cards, m.last = p, n, total, cards, last
      -- Asked only because of the cards he holds: others must not see that he is asked.
      local c = game.ask(p, "Your Actions: which comes next?", acts_labels, n + #cards + (last and 1 or 0), only_cards)
      if c <= n then
        resolve_one(p, ids[m.cands[c]])
      elseif c <= n + #cards then
        game.play_card(p, cards[c - n], ctx)
      else
        if total > 0 then
          posse.log(name(p) .. " forfeits " .. NUM[total] .. " Action" .. (total > 1 and "s." or "."))
        end
        return
      end
    end
  end
end

-- The OPP-ACT window's question.
local declared = ""
local function declared_prompt() return name(G.active) .. " acts: " .. declared .. ". Play a card?" end

-- D1-D6: declare the assignment, let opponents answer (Stand-Off), resolve.
local function act(p, acts)
  for _, id in ipairs(acts) do
    local i = C.desp[id].index
    G.acts[i] = G.acts[i] + 1
  end
  G.acting = true
  declared = acts_label(p, acts)
  posse.log(name(p) .. " acts: " .. declared .. ".")
  game.window(OPP_ACT, declared_prompt)
  resolve_actions(p)
  G.acting = false
  for i = 1, #C.ids do G.acts[i] = 0 end
end

------------------------------------------------------------------------- turn

local end_cards = EMPTY
local function end_labels() return game.play_labels({ "End turn" }, end_cards) end

-- OWN cards after the effect, until the player ends his turn. Asked only when he holds
-- one, so others must not see that he is asked.
local function end_window(p)
  while true do
    local cards, ctx = game.playable(p, OWN)
    if #cards == 0 then return end
    end_cards = cards
    local c = game.ask(p, "Play a card before ending your turn?", end_labels, #cards + 1, true)
    if c == 1 then return end
    game.play_card(p, cards[c - 1], ctx)
  end
end

local function take_turn(p)
  G.turn = G.turn + 1
  posse.set("turn", G.turn)
  G.active = p
  posse.set_current(p)
  local limit = posse.data.roll_limit
  if G.limit ~= limit then posse.set("roll_limit", limit) end
  -- The "roll" counter is set by the first roll, before anyone is asked anything.
  G.rolls, G.limit, G.fixed, G.acting = 0, limit, false, false
  posse.log("Round " .. NUM[G.round] .. ": " .. name(p) .. "'s turn.")
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
  posse.log("Round limit (" .. NUM[posse.data.max_rounds] .. ") reached: the richest gang wins.")
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

---Plays a whole game; returns {winners, scores, reason}. The mirrors of game.lua are
---compared with the engine at the end of every game.
local function play()
  game.init()
  C, N = game.config(), game.players()
  local ok, res = pcall(run)
  if not ok and res ~= game.OVER then error(res, 0) end
  game.verify()
  return ok and res or G.result
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
