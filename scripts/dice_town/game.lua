-- The table of Desperados of Dice Town: turn state shared by the flow and the cards, and
-- every atomic change (money, ranks, cards), each followed by the elimination and victory
-- check the rules ask for after every change (G-WIN-CHECK-TIME).
--
-- A victory ends the game at once, wherever the flow is: `finish` raises the `OVER` value,
-- which only `play` in main.lua catches. Decisions yield on the Lua side, so they may be
-- made inside that protected call.
--
-- Cards are played through `ctx` tables (see `CTX` below): the card's YAML script gets one
-- with the seat that plays it and calls the methods documented there, so a card stays a few
-- lines of rules text.
--
-- Speed (random bots play thousands of games): the engine's state is the truth and money
-- is read from it, but the values read most (dice faces, ranks, hands) are mirrored in
-- Lua tables, written through to the engine by the only functions here that change them,
-- so reading costs no call into the engine (DECISIONS.md, "Speed", has the measurements
-- that justify each mirror). `M.verify()` compares every mirror with the engine; `play`
-- runs it at the end of every game. The effects of the dice are memoised per combination,
-- log lines are built by concatenation of precomputed names, and labels and prompts are
-- functions that run only when someone reads them (`M.ask`), so a bot never makes a
-- string that is not logged.

local posse = require "posse"
local rules = require "dice_town.rules"

local M = {}

---Raised (as an error value) when the game has a result; see main.lua `play`.
M.OVER = setmetatable({}, { __tostring = function() return "dice_town: game over" end })

---Turn state, read by the flow and the cards.
---turn: turns played so far (W5 compares it); round; active: the seat whose turn it is;
---rolls / limit: rolls made and allowed this turn; fixed: no more rolls (Marked Die played);
---acting: the active seat is resolving Actions; acts[i]: Actions left for Desperado i
---(canonical index); result: the game's result once it has one.
local G = { turn = 0, round = 0, active = 1, rolls = 0, limit = 0, fixed = false, acting = false, acts = {} }
M.G = G

local C          -- rules.config()
local N          -- seats
local ND         -- dice
local IDS        -- C.ids
local NIDS       -- #C.ids
local NAMES = {} -- seat names
local HAND, PICK = {}, {}
local DRAW, DISCARD
-- W5: OBTAINED[card] = G.turn in which its holder got it (handles are integers).
local OBTAINED = {}
local EMPTY = setmetatable({}, { __newindex = function() error("EMPTY is read-only", 2) end })
M.EMPTY = EMPTY

-- Mirrors of engine state (see the header).
local DICE = {}     -- DICE[i] = face name of die i
local RANK = {}     -- RANK[id][seat] = ranks left
local JAILED = {}   -- JAILED[seat] = number of Desperados still In Jail
local CARDS = {}    -- CARDS[seat] = the cards in his hand, in the order they came
local TIMING = {}   -- TIMING[seat][when] = how many cards of that timing he holds
local HELD = {}     -- HELD[when] = how many cards of that timing all hands hold
local GANG = {}     -- GANG[seat] = his `config().gangs` row
-- Caches: definitions never change; who is still in changes only at an elimination.
local DEF = {}      -- DEF[card] = posse.def(card)
local IN = {}       -- IN[seat] = not posse.is_eliminated(seat), rebuilt at each elimination
local OPP = {}      -- OPP[seat] = M.opponents(seat), rebuilt at each elimination

---Decimal text of small integers without string.format: NUM[7] == "7".
local NUM = setmetatable({}, {
  __index = function(t, k)
    local s = tostring(k)
    t[k] = s
    return s
  end,
})
M.NUM = NUM

local function def(card)
  local d = DEF[card]
  if not d then
    d = posse.def(card)
    DEF[card] = d
  end
  return d
end
M.def = def

------------------------------------------------------------------- dice keys
-- The effects of the dice depend only on how many of each face they show: each face has
-- a weight such that the weights of ND faces sum to a key unique to that multiset, and
-- what is derived from the faces is memoised by that key.

local MWEIGHT = {}    -- MWEIGHT[face] = (ND + 1) ^ (index of the face - 1)
local FACE_NAME = {}  -- FACE_NAME[face] = "Action", "Lady", ...
local MKEY = 0
local BY_MKEY = {}

local function rekey()
  local m = 0
  for i = 1, ND do m = m + MWEIGHT[DICE[i]] end
  MKEY = m
end

---Prepares the module for a new game (call first in `play`).
function M.init()
  C = rules.config()
  IDS, NIDS = C.ids, #C.ids
  N = posse.players()
  ND = posse.dice()
  DRAW, DISCARD = posse.zone("draw"), posse.zone("discard")
  OBTAINED, DEF = {}, {}
  MWEIGHT, FACE_NAME, BY_MKEY = {}, {}, {}
  local w = 1
  for i = 1, ND do
    for _, f in ipairs(posse.faces(i)) do
      if not MWEIGHT[f] then
        MWEIGHT[f], FACE_NAME[f], w = w, C.desp[f] and C.desp[f].name or "Action", w * (ND + 1)
      end
    end
  end
  for s = 1, N do
    NAMES[s] = posse.seat_name(s)
    HAND[s], PICK[s] = posse.zone("hand", s), posse.zone("pick", s)
  end
  M.resync()
  G.turn, G.round, G.active, G.result = 0, 0, 1, nil
  G.rolls, G.limit, G.fixed, G.acting = 0, posse.get("roll_limit"), false, false
  for i = 1, NIDS do G.acts[i] = 0 end
end

local function rebuild_opponents()
  for s = 1, N do IN[s] = not posse.is_eliminated(s) end
  for s = 1, N do
    local opp = {}
    for k = 1, N - 1 do
      local o = (s - 1 + k) % N + 1
      if IN[o] then opp[#opp + 1] = o end
    end
    OPP[s] = opp
  end
end

---Reads every mirror again from the engine. Tests that change the state behind the
---script's back (`Game::eval` with posse.set, posse.move, posse.set_face...) call
---`require("dice_town.game").resync()` afterwards.
function M.resync()
  for i = 1, ND do DICE[i] = posse.face(i) end
  rekey()
  for _, id in ipairs(IDS) do RANK[id] = {} end
  HELD = {}
  for s = 1, N do
    GANG[s] = C.gangs[posse.get("gang", s)]
    JAILED[s] = 0
    for _, id in ipairs(IDS) do
      local r = posse.get(id, s)
      RANK[id][s] = r
      if r > 0 then JAILED[s] = JAILED[s] + 1 end
    end
    local cards, timing = {}, {}
    for i = posse.count(HAND[s]), 1, -1 do
      local card = posse.at(HAND[s], i)
      cards[#cards + 1] = card
      local w = def(card).props.when
      timing[w] = (timing[w] or 0) + 1
      HELD[w] = (HELD[w] or 0) + 1
    end
    CARDS[s], TIMING[s] = cards, timing
  end
  rebuild_opponents()
end

---Compares every mirror with the engine; raises an error naming the first difference.
function M.verify()
  local function same(what, a, b)
    if a ~= b then
      error(("dice_town mirror out of step: %s is %s, engine says %s"):format(what, tostring(a), tostring(b)), 2)
    end
  end
  for i = 1, ND do same("die " .. i, DICE[i], posse.face(i)) end
  local key = MKEY
  rekey()
  same("dice key", key, MKEY)
  local held = {}
  for s = 1, N do
    same("gang of " .. s, GANG[s], C.gangs[posse.get("gang", s)])
    local jailed = 0
    for _, id in ipairs(IDS) do
      same(id .. " of " .. s, RANK[id][s], posse.get(id, s))
      if RANK[id][s] > 0 then jailed = jailed + 1 end
    end
    same("jailed of " .. s, JAILED[s], jailed)
    same("hand size of " .. s, #CARDS[s], posse.count(HAND[s]))
    local timing = {}
    for _, card in ipairs(CARDS[s]) do
      local w = def(card).props.when
      timing[w] = (timing[w] or 0) + 1
      held[w] = (held[w] or 0) + 1
    end
    for w, n in posse.spairs(TIMING[s]) do same(("%s cards of %d"):format(w, s), n, timing[w] or 0) end
    for _, card in ipairs(CARDS[s]) do same("zone of a card of " .. s, posse.zone_of(card), HAND[s]) end
    same("in the game: " .. s, IN[s], not posse.is_eliminated(s))
    local opp = 0
    for k = 1, N - 1 do
      local o = (s - 1 + k) % N + 1
      if not posse.is_eliminated(o) then
        opp = opp + 1
        same(("opponent %d of %d"):format(opp, s), OPP[s][opp], o)
      end
    end
    same("opponents of " .. s, #OPP[s], opp)
  end
  for w, n in posse.spairs(HELD) do same(w .. " cards held", n, held[w] or 0) end
end

------------------------------------------------------------ mirrored state

---Face name of die `i`.
function M.face(i) return DICE[i] end
---Number of dice.
function M.dice() return ND end
---The current faces (the mirror itself: do not modify).
---@return string[]
function M.faces() return DICE end

---Rolls the listed dice (all when nil).
---@param which integer[]|nil
function M.roll(which)
  posse.roll(which)
  if which == nil then
    local m = 0
    for i = 1, ND do
      local f = posse.face(i)
      DICE[i], m = f, m + MWEIGHT[f]
    end
    MKEY = m
  else
    local m = MKEY
    for k = 1, #which do
      local i = which[k]
      local f = posse.face(i)
      m = m - MWEIGHT[DICE[i]] + MWEIGHT[f]
      DICE[i] = f
    end
    MKEY = m
  end
end

---Turns die `i` to `face`.
function M.set_face(i, face)
  posse.set_face(i, face)
  DICE[i] = face
  rekey()
end

---Display name of a die face ("Action", "Lady", ...).
---@param face string
---@return string
function M.face_name(face) return FACE_NAME[face] end

---What the dice show now, memoised per combination of faces (read-only): `effects`
---(rules.effects_for of the faces) and `actions` (how many dice show the Action face).
---@return {effects: table[], actions: integer}
function M.dice_now()
  local r = BY_MKEY[MKEY]
  if r then return r end
  local actions, action = 0, C.action
  for i = 1, ND do
    if DICE[i] == action then actions = actions + 1 end
  end
  r = { effects = rules.effects_for(DICE), actions = actions }
  BY_MKEY[MKEY] = r
  return r
end

---Indices of the dice not showing the Action face.
---@return integer[]
function M.non_action_dice()
  local out = {}
  for i = 1, ND do
    if DICE[i] ~= C.action then out[#out + 1] = i end
  end
  return out
end

local TEXT = {}
---"Action, Lady, Lady, Boss".
---@return string
function M.dice_text()
  for i = 1, ND do TEXT[i] = FACE_NAME[DICE[i]] end
  return table.concat(TEXT, ", ")
end

---Money of seat `s`.
function M.money(s) return posse.get("money", s) end
---Money in the centre of the table.
function M.centre() return posse.get("centre") end

---Sets money (setup only; no check).
function M.set_money(s, v) posse.set("money", v, s) end

---Ranks left of Desperado `id` of seat `s` (0 = escaped).
function M.rank(s, id) return RANK[id][s] end

---Sets ranks (setup and rotations; no check).
function M.set_rank(s, id, r)
  local old = RANK[id][s]
  if old > 0 and r == 0 then JAILED[s] = JAILED[s] - 1 end
  if old == 0 and r > 0 then JAILED[s] = JAILED[s] + 1 end
  RANK[id][s] = r
  posse.set(id, r, s)
end

---The cards in `s`'s hand (the mirror itself: do not modify).
function M.cards(s) return CARDS[s] end

-- The hand mirrors: a card enters or leaves CARDS[s] and TIMING[s] only here.
local function hand_add(s, card)
  local list = CARDS[s]
  list[#list + 1] = card
  local when, t = def(card).props.when, TIMING[s]
  t[when] = (t[when] or 0) + 1
  HELD[when] = (HELD[when] or 0) + 1
  OBTAINED[card] = G.turn
end

local function hand_remove(s, card)
  local list = CARDS[s]
  for i = #list, 1, -1 do
    if list[i] == card then
      table.remove(list, i)
      local when, t = def(card).props.when, TIMING[s]
      t[when] = t[when] - 1
      HELD[when] = HELD[when] - 1
      return
    end
  end
end

---Moves `card` into `s`'s hand as obtained now (W5).
function M.to_hand(s, card)
  for t = 1, N do
    if t ~= s then hand_remove(t, card) end
  end
  posse.move(card, HAND[s])
  hand_add(s, card)
end

---Moves `card` from `holder`'s hand (or pick zone) to the discard pile.
function M.to_discard(holder, card)
  hand_remove(holder, card)
  posse.move(card, DISCARD)
end

---@return integer
function M.players() return N end
---@param s integer
---@return string
function M.name(s) return NAMES[s] end
---@param s integer
---@return boolean
function M.out(s) return not IN[s] end
function M.hand(s) return HAND[s] end
function M.pick(s) return PICK[s] end
function M.discard() return DISCARD end
function M.config() return C end

---Display name of a seat's Desperado: the Brain goes by his gang's name for him, without
---a leading "The" so that "Ann's Forger" reads well.
---@param s integer
---@param id string
---@return string
function M.desperado_name(s, id)
  if id == C.brain then
    local g = GANG[s]
    if g then return g.short end
  end
  return C.desp[id].name
end

---"Ann's Lady", "Ann's Forger".
---@param s integer
---@param id string
---@return string
function M.whose(s, id) return NAMES[s] .. "'s " .. M.desperado_name(s, id) end

---"3 ranks left", "1 rank left", "escaped".
---@param r integer
---@return string
function M.ranks_text(r)
  if r == 0 then return "escaped" end
  return r == 1 and "1 rank left" or (NUM[r] .. " ranks left")
end

---The gang of a seat (a `config().gangs` row).
function M.gang(s) return GANG[s] end

---Gives seat `s` gang number `g` (setup).
function M.set_gang(s, g)
  posse.set("gang", g, s)
  GANG[s] = C.gangs[g]
end

---Seats still in the game other than `s`, clockwise from `s`'s left (shared: do not modify).
---@param s integer
---@return integer[]
function M.opponents(s) return OPP[s] end

---Ids of `s`'s Desperados still In Jail, in canonical order.
---@param s integer
---@return string[]
function M.jailed(s)
  local out = {}
  for i = 1, NIDS do
    local id = IDS[i]
    if RANK[id][s] > 0 then out[#out + 1] = id end
  end
  return out
end

---Whether every Desperado of `s` has escaped.
---@param s integer
---@return boolean
function M.all_free(s) return JAILED[s] == 0 end

---Whether an opponent of `s` still has Desperado `id` In Jail (D4: someone to attack).
function M.has_victim(s, id)
  local opp, r = OPP[s], RANK[id]
  for k = 1, #opp do
    if r[opp[k]] > 0 then return true end
  end
  return false
end

---D4: opponents of `s` whose Desperado `id` is still In Jail, clockwise from `s`'s left.
function M.victims(s, id)
  local out, opp, r = {}, OPP[s], RANK[id]
  for k = 1, #opp do
    if r[opp[k]] > 0 then out[#out + 1] = opp[k] end
  end
  return out
end

---Seat names of `seats`, as a list.
---@param seats integer[]
---@return string[]
function M.names_list(seats)
  local opts = {}
  for i = 1, #seats do opts[i] = NAMES[seats[i]] end
  return opts
end

---Seat names joined with ", " ("Ann, Bob").
---@param seats integer[]
---@return string
function M.names(seats) return table.concat(M.names_list(seats), ", ") end

----------------------------------------------------------------- decisions

local ASK = { count = 0, secret = false }

---Asks `seat` to choose one of `n` options. `prompt` is a string or a function that makes
---it, `labels` a function that makes the `n` labels; both run only when someone reads them
---(a bot never does). `secret`: other seats' views do not show that `seat` is asked, for
---questions put only to a seat that holds a card it could play (G-REACTION-WINDOWS).
---@param seat integer
---@param prompt string|fun(): string
---@param labels fun(): string[]
---@param n integer
---@param secret boolean|nil
---@return integer
function M.ask(seat, prompt, labels, n, secret)
  ASK.count, ASK.secret = n, secret == true
  return posse.choose(seat, prompt, labels, ASK)
end

----------------------------------------------------------------- end of game

---Money of every seat (0 once eliminated), for the result.
function M.scores()
  local t = {}
  for s = 1, N do t[s] = posse.get("money", s) end
  return t
end

---Ends the game now.
---@param winners integer[]
---@param reason string
function M.finish(winners, reason)
  local names = {}
  for i, w in ipairs(winners) do names[i] = NAMES[w] end
  posse.log(table.concat(names, " and ") .. " wins: " .. reason .. ".")
  G.result = { winners = winners, scores = M.scores(), reason = reason }
  posse.set_current(nil)
  error(M.OVER, 0)
end

---G-ELIMINATED: the seat leaves; its cards go to the discard pile.
local function eliminate(s)
  posse.eliminate(s)
  for _, z in ipairs { HAND[s], PICK[s] } do
    while posse.draw(z, DISCARD) do end
  end
  for w, n in posse.spairs(TIMING[s]) do HELD[w] = HELD[w] - n end
  CARDS[s], TIMING[s] = {}, {}
  rebuild_opponents()
  posse.log(NAMES[s] .. " has lost his last dollar and is eliminated.")
end

local MONEY, OUT, FREE = {}, {}, {}

---The check after every atomic change: D7 eliminations (only a payment can leave a seat
---broke: `paid` says the change was one), then E1-E3 victory (G-RICHEST).
---@param paid boolean|nil
function M.check(paid)
  local a = G.active
  if paid then
    for k = 0, N - 1 do
      local s = (a - 1 + k) % N + 1
      if IN[s] and posse.get("money", s) <= 0 then eliminate(s) end
    end
  end
  local left, free = 0, false
  for s = 1, N do
    local f = IN[s] and JAILED[s] == 0
    FREE[s] = f
    if f then free = true end
    if IN[s] then left = left + 1 end
  end
  -- Nobody can win while two seats are in and none has freed all his Desperados.
  if not free and left > 1 then return end
  for s = 1, N do
    MONEY[s], OUT[s] = posse.get("money", s), not IN[s]
  end
  local w, why = rules.winner_of(a, N, MONEY, FREE, OUT)
  if w then M.finish({ w }, why) end
end

---------------------------------------------------------------------- money

---Victims pay `amount` each to the centre, all at once (one atomic change); each pays
---what he has at most (G-OVERKILL).
---@param victims integer[]
---@param amount integer
---@param what string  the cause, for the log ("Ann's Lady")
function M.pay_centre(victims, amount, what)
  local total, line = 0, nil
  for k = 1, #victims do
    local v = victims[k]
    local p = rules.paid(posse.get("money", v), amount)
    if p > 0 then
      posse.add("money", -p, v)
      total = total + p
      local part = NAMES[v] .. " pays $" .. NUM[p]
      line = line and (line .. ", " .. part) or part
    end
  end
  if total == 0 then return end
  posse.add("centre", total)
  posse.log(what .. ": " .. line .. " to the centre.")
  M.check(true)
end

local LOSS = { "loss" }

-- The LOSS window's question (one at a time: read only while it is pending).
local cover_q = { what = "", lose = 0, cards = EMPTY }
local function cover_prompt() return cover_q.what .. " costs you $" .. NUM[cover_q.lose] .. "." end
local function cover_labels()
  local opts = { "Lose $" .. NUM[cover_q.lose] }
  for i, card in ipairs(cover_q.cards) do opts[i + 1] = "Play " .. def(card).name end
  return opts
end

---The LOSS window: `v` is about to lose `amount` to `what`; he may play a card that
---answers (Take Cover). Returns true when the loss is cancelled. The question is secret:
---only a seat holding such a card is asked.
---@param v integer
---@param amount integer
---@param what string
function M.cover(v, amount, what)
  if (TIMING[v].loss or 0) == 0 then return false end
  local ctx = M.ctx(v, { amount = amount, what = what })
  local cards = M.playable(v, LOSS, ctx)
  if #cards == 0 then return false end
  cover_q.what, cover_q.lose, cover_q.cards = what, rules.paid(posse.get("money", v), amount), cards
  local c = M.ask(v, cover_prompt, cover_labels, #cards + 1, true)
  if c == 1 then return false end
  M.play_card(v, cards[c - 1], ctx)
  return ctx.cancelled == true
end

---An opponent's Desperado, Brain or card makes `victims` lose `amount` each to the centre;
---each victim may cover first, in the order given.
---@param victims integer[]
---@param amount integer
---@param what string
function M.hurt(victims, amount, what)
  local hit = {}
  for k = 1, #victims do
    local v = victims[k]
    if IN[v] and not M.cover(v, amount, what) then hit[#hit + 1] = v end
  end
  if #hit > 0 then M.pay_centre(hit, amount, what) end
end

---`from` pays `to` up to `amount` (a transfer, not capped by the centre: G-CENTRE);
---`from` may cover first.
---@param from integer
---@param to integer
---@param amount integer
---@param what string
function M.extort(from, to, amount, what)
  if not IN[from] or M.cover(from, amount, what) then return end
  local p = rules.paid(posse.get("money", from), amount)
  if p == 0 then return end
  posse.add("money", -p, from)
  posse.add("money", p, to)
  posse.log(what .. ": " .. NAMES[from] .. " pays $" .. NUM[p] .. " to " .. NAMES[to] .. ".")
  M.check(true)
end

---`s` takes up to `amount` from the centre (M2: never more than it holds).
---@param s integer
---@param amount integer
---@param what string
function M.gain(s, amount, what)
  local got = rules.paid(posse.get("centre"), amount)
  if got == 0 then
    posse.log(what .. ": the centre is empty, " .. NAMES[s] .. " gets nothing.")
    return
  end
  posse.add("centre", -got)
  posse.add("money", got, s)
  posse.log(what .. ": " .. NAMES[s] .. " takes $" .. NUM[got] .. " from the centre.")
  M.check()
end

---------------------------------------------------------------------- ranks

---Rotates Desperado `id` of `s`: `steps` > 0 toward the keys (D3; reaching 0 = escaped),
---`steps` < 0 back toward his printed maximum (Snitch; never an escaped one).
---@param s integer
---@param id string
---@param steps integer
---@param what string|nil the cause, for the log
function M.rotate(s, id, steps, what)
  local r = RANK[id][s]
  local nr
  if steps > 0 then
    if r == 0 then return end
    nr = r - steps
    if nr < 0 then nr = 0 end
  else
    local max = C.desp[id].ranks
    if r == 0 or r >= max then return end
    nr = r - steps
    if nr > max then nr = max end
  end
  M.set_rank(s, id, nr)
  local line
  if nr == 0 then
    line = M.whose(s, id) .. " escapes from jail!"
  elseif steps > 0 then
    line = M.whose(s, id) .. " turns one rank (" .. M.ranks_text(nr) .. ")."
  else
    line = M.whose(s, id) .. " turns back one rank (" .. M.ranks_text(nr) .. ")."
  end
  if what then line = what .. ": " .. line end
  posse.log(line)
  M.check()
end

---------------------------------------------------------------------- cards

---The top card of the draw pile onto `to`, shuffling the discard pile into a new draw
---pile first when it is empty (G-DECK-EMPTY). Nil when there are no cards left at all.
---@param to integer zone
---@return integer|nil
function M.draw_top(to)
  if posse.count(DRAW) == 0 then
    if posse.count(DISCARD) == 0 then return nil end
    while posse.draw(DISCARD, DRAW) do end
    posse.shuffle(DRAW)
    posse.log("The discard pile is shuffled into a new draw pile.")
  end
  return posse.draw(DRAW, to)
end

---`s` draws up to `n` cards into his hand; returns how many.
---@param s integer
---@param n integer
---@param what string
function M.draw_cards(s, n, what)
  local got, names = 0, {}
  for _ = 1, n do
    local card = M.draw_top(HAND[s])
    if not card then break end
    hand_add(s, card)
    got = got + 1
    names[got] = def(card).name
  end
  if got == 0 then
    posse.log(what .. ": no Wild West cards left to draw.")
  else
    posse.log(what .. ": " .. NAMES[s] .. " draws " .. NUM[got] .. " Wild West card" .. (got > 1 and "s." or "."))
    posse.log(NAMES[s] .. " draws " .. table.concat(names, ", ") .. ".", s)
  end
  return got
end

-- Whether `s` holds a card of a timing in the list `whens` (playable or not).
local function holds_any(s, whens)
  local t = TIMING[s]
  for i = 1, #whens do
    if (t[whens[i]] or 0) > 0 then return true end
  end
  return false
end

local function is_in(list, x)
  for i = 1, #list do
    if list[i] == x then return true end
  end
  return false
end

---Cards in `s`'s hand playable now: obtained before this turn, timing in `whens` (a list
---of `props.when` values) and the card's `can(ctx)` true when it has one. One card per
---kind (copies are interchangeable), in hand order. Returns the cards (the shared empty
---list when none) and the card context, made only when a card needs it (`ctx` when given).
---@param s integer
---@param whens string[]
---@param ctx table|nil
---@return integer[], table|nil
function M.playable(s, whens, ctx)
  if not holds_any(s, whens) then return EMPTY, ctx end
  local out, n = nil, 0
  local hand, turn, w1, w2 = CARDS[s], G.turn, whens[1], whens[2]
  for k = 1, #hand do
    local card = hand[k]
    local d = DEF[card] -- every card in a hand went through hand_add, which cached it
    local when = d.props.when
    if OBTAINED[card] ~= turn and (when == w1 or when == w2 or (whens[3] and is_in(whens, when))) then
      local dup = false
      for i = 1, n do
        if DEF[out[i]] == d then
          dup = true
          break
        end
      end
      if not dup then
        local can = d.script.can
        if can and not ctx then ctx = M.ctx(s) end
        if not can or can(ctx) then
          n = n + 1
          out = out or {}
          out[n] = card
        end
      end
    end
  end
  return out or EMPTY, ctx
end

---"Play Jinx" labels appended to `opts` for `cards`.
function M.play_labels(opts, cards)
  local n = #opts
  for i = 1, #cards do opts[n + i] = "Play " .. def(cards[i]).name end
  return opts
end

---Plays `card` from `s`'s hand: it goes face up to the discard pile, then its script runs.
---@param s integer
---@param card integer
---@param ctx table|nil from M.ctx(s) (made when nil)
function M.play_card(s, card, ctx)
  ctx = ctx or M.ctx(s)
  local d = def(card)
  M.to_discard(s, card)
  posse.log(NAMES[s] .. " plays " .. d.name .. ".")
  ctx.card, ctx.props = card, d.props
  d.script.play(ctx)
end

-- The window's question (one at a time: read only while it is pending).
local window_q = { prompt = nil, cards = EMPTY }
local function window_prompt() return window_q.prompt() end
local function window_labels() return M.play_labels({ "Pass" }, window_q.cards) end

---A reaction window on the active seat's turn (G-REACTION-WINDOWS): his opponents,
---clockwise from his left, who hold a card playable now with timing in `whens`, may
---play one each; the round repeats until nobody plays. Being asked would tell the other
---seats who holds such a card, so each question is secret, and passing is not logged.
---@param whens string[]
---@param prompt fun(): string  made only when someone reads it
function M.window(whens, prompt)
  local any = false
  for i = 1, #whens do
    if (HELD[whens[i]] or 0) > 0 then any = true end
  end
  if not any then return end
  local a = G.active
  repeat
    local played = false
    local opp = OPP[a]
    for k = 1, #opp do
      local s = opp[k]
      if IN[s] and holds_any(s, whens) then
        local cards, ctx = M.playable(s, whens)
        if #cards > 0 then
          window_q.prompt, window_q.cards = prompt, cards
          local c = M.ask(s, window_prompt, window_labels, #cards + 1, true)
          if c > 1 then
            M.play_card(s, cards[c - 1], ctx)
            played = true
          end
        end
      end
    end
  until not played
end

-------------------------------------------------------------- card context
-- What a card's `script:` receives: ctx.seat (who plays it), ctx.active (whose turn),
-- ctx.card and ctx.props (the card and its YAML props), plus the methods below. A card
-- script returns { can = function(ctx) -> boolean (optional: is it worth playing now),
-- play = function(ctx) }; its timing is `props.when`:
--   roll     your turn, after a roll, before choosing the effect (ROLL)
--   own      any time in your turn (OWN)
--   act      your turn, while resolving Actions (ACT)
--   opp_roll another player's turn, right after one of his rolls (OPP-ROLL)
--   opp_act  another player's turn, after he declares his Actions (OPP-ACT)
--   loss     when you are about to lose money to an opponent (LOSS; ctx.amount, ctx.what)
-- `can` runs at every menu of a seat holding the card: keep it free of tables and strings.
-- Lists the methods return may be shared (opponents, ids): read them, do not modify them.

local CTX = {}
CTX.__index = CTX

---A card context for seat `s`; `fields` (optional) is reused as the table.
---@param s integer
---@param fields table|nil
function M.ctx(s, fields)
  local c = fields or {}
  c.seat, c.active = s, G.active
  return setmetatable(c, CTX)
end

function CTX:name(s) return NAMES[s or self.seat] end
function CTX:opponents() return OPP[self.seat] end
function CTX:has_opponents() return #OPP[self.seat] > 0 end
function CTX:jailed(s) return M.jailed(s or self.seat) end
function CTX:jailed_count(s) return JAILED[s or self.seat] end
function CTX:ranks(s, id) return RANK[id][s] end
---The Desperado ids, canonical order.
function CTX:ids() return IDS end
function CTX:max_ranks(id) return C.desp[id].ranks end
function CTX:desperado(s, id) return M.desperado_name(s, id) end
function CTX:centre() return posse.get("centre") end
function CTX:hand_size(s) return #CARDS[s] end
function CTX:what() return def(self.card).name end
---Number text without string.format (NUM[3] == "3").
CTX.num = NUM

---Asks the card's player to choose; returns the option index. `prompt` and `options` may
---be functions (made only when read), then `count` is the number of options.
function CTX:choose(prompt, options, count)
  if count then return M.ask(self.seat, prompt, options, count) end
  return posse.choose(self.seat, prompt, options)
end

---Asks the card's player to choose one of `seats` (no question when there is one).
function CTX:choose_seat(prompt, seats)
  if #seats == 1 then return seats[1] end
  return seats[M.ask(self.seat, prompt, function() return M.names_list(seats) end, #seats)]
end

---Asks the card's player to choose one of Desperados `ids` of seat `s` (no question when there is one).
function CTX:choose_desperado(prompt, s, ids)
  if #ids == 1 then return ids[1] end
  return ids[M.ask(self.seat, prompt, function()
    local opts = {}
    for i, id in ipairs(ids) do
      opts[i] = M.desperado_name(s, id) .. " (" .. M.ranks_text(RANK[id][s]) .. ")"
    end
    return opts
  end, #ids)]
end

---"Die 1: Lady", one per die.
function M.die_labels()
  local opts = {}
  for i = 1, ND do opts[i] = "Die " .. NUM[i] .. ": " .. M.face_name(DICE[i]) end
  return opts
end

---Asks the card's player to choose one of the dice; returns its index.
function CTX:choose_die(prompt)
  return M.ask(self.seat, prompt, M.die_labels, ND)
end

---Asks the card's player for a face for die `i` other than the one it shows.
function CTX:choose_face(prompt, i)
  local now, faces = DICE[i], {}
  for _, f in ipairs(posse.faces(i)) do
    if f ~= now then faces[#faces + 1] = f end
  end
  return faces[M.ask(self.seat, prompt, function()
    local opts = {}
    for k, f in ipairs(faces) do opts[k] = M.face_name(f) end
    return opts
  end, #faces)]
end

function CTX:rotate(s, id, steps) M.rotate(s, id, steps, self:what()) end
function CTX:gain(amount) M.gain(self.seat, amount, self:what()) end
function CTX:extort(from, amount) M.extort(from, self.seat, amount, NAMES[self.seat] .. "'s " .. self:what()) end
function CTX:hurt(victims, amount) M.hurt(victims, amount, NAMES[self.seat] .. "'s " .. self:what()) end
function CTX:draw(n) return M.draw_cards(self.seat, n, self:what()) end

---Takes a random card from `victim`'s hand into the card player's hand (not playable this turn).
function CTX:steal(victim)
  local hand = CARDS[victim]
  local n = #hand
  if n == 0 then return end
  local card = hand[posse.random(n)]
  M.to_hand(self.seat, card)
  local me, him = NAMES[self.seat], NAMES[victim]
  posse.log(me .. " takes a card from " .. him .. "'s hand.")
  posse.log(me .. " takes " .. def(card).name .. " from " .. him .. ".", { self.seat, victim })
end

---Dice (active turn). Second Wind, Jinx, Marked Die.
function CTX:can_roll_more() return not G.fixed end
function CTX:extra_roll()
  G.limit = G.limit + 1
  posse.set("roll_limit", G.limit)
  posse.log(NAMES[G.active] .. " may roll " .. NUM[G.limit] .. " times this turn.")
end
function CTX:reroll_die(i)
  M.roll { i }
  posse.log("Die " .. NUM[i] .. " is rerolled: " .. M.face_name(DICE[i]) .. ". Dice: " .. M.dice_text() .. ".")
end
---Turns die `i` to `face`; the dice are then final (no more rolls this turn).
function CTX:set_die(i, face)
  M.set_face(i, face)
  G.fixed = true
  posse.log("Die " .. NUM[i] .. " is turned to " .. M.face_name(face) .. ". Dice: " .. M.dice_text() .. ".")
end

---Actions (active turn). Double Trouble, Stand-Off.
function CTX:acting() return G.acting end
---Ids of the Desperados whose faces the final dice show, canonical order.
function CTX:rolled()
  local _, _, _, chars = rules.tally(DICE)
  return chars
end
---Whether the dice show a character face.
function CTX:rolled_any()
  for i = 1, ND do
    if DICE[i] ~= C.action then return true end
  end
  return false
end
---Ids with Actions still to resolve, canonical order.
function CTX:declared()
  local out = {}
  for i = 1, NIDS do
    if G.acts[i] > 0 then out[#out + 1] = IDS[i] end
  end
  return out
end
---Whether any Action is still to resolve.
function CTX:any_declared()
  for i = 1, NIDS do
    if G.acts[i] > 0 then return true end
  end
  return false
end
function CTX:actions_left(id) return G.acts[C.desp[id].index] end
function CTX:add_action(id)
  local i = C.desp[id].index
  G.acts[i] = G.acts[i] + 1
  posse.log(M.whose(G.active, id) .. " gets one more Action.")
end
function CTX:cancel_action(id)
  local i = C.desp[id].index
  if G.acts[i] == 0 then return end
  G.acts[i] = G.acts[i] - 1
  posse.log("One Action of " .. M.whose(G.active, id) .. " is cancelled.")
end

---LOSS window: the loss this context was made for does not happen.
function CTX:cancel_loss() self.cancelled = true end

return M
