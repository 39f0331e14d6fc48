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
-- Speed: the engine's state is the truth, but the values read most (dice faces, money,
-- ranks, hands, definitions) are mirrored in Lua tables, written through to the engine by
-- the only functions here that change them, so reading costs no call into the engine.
-- `M.verify()` compares every mirror with the engine (for tests).

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
local NAMES = {} -- seat names
local OUT = {}   -- OUT[seat] = true once eliminated
local HAND, PICK = {}, {}
local DRAW, DISCARD
-- W5: OBTAINED[card] = G.turn in which its holder got it (handles are integers).
local OBTAINED = {}
local EMPTY = setmetatable({}, { __newindex = function() error("EMPTY is read-only", 2) end })

-- Mirrors of engine state (see the header).
local DICE = {}     -- DICE[i] = face name of die i
local MONEY = {}    -- MONEY[seat]
local CENTRE = 0
local RANK = {}     -- RANK[id][seat] = ranks left
local JAILED = {}   -- JAILED[seat] = number of Desperados still In Jail
local CARDS = {}    -- CARDS[seat] = the cards in his hand, in the order they came
local TIMING = {}   -- TIMING[seat][when] = how many cards of that timing he holds
local DEF = {}      -- DEF[card] = posse.def(card)
-- Bumped at every change of the dice, so that what is computed from them can be cached.
local DICE_VER = 0

local function def(card)
  local d = DEF[card]
  if not d then
    d = posse.def(card)
    DEF[card] = d
  end
  return d
end
M.def = def

local GANG = {}      -- GANG[seat] = his `config().gangs` row

---Prepares the module for a new game (call first in `play`).
function M.init()
  C = rules.config()
  N = posse.players()
  ND = posse.dice()
  DRAW, DISCARD = posse.zone("draw"), posse.zone("discard")
  OBTAINED, DEF = {}, {}
  for s = 1, N do
    NAMES[s] = posse.seat_name(s)
    HAND[s], PICK[s] = posse.zone("hand", s), posse.zone("pick", s)
  end
  M.resync()
  G.turn, G.round, G.active, G.result = 0, 0, 1, nil
  for i = 1, #C.ids do G.acts[i] = 0 end
end

---Reads every mirror again from the engine. Tests that change the state behind the
---script's back (`Game::eval` with posse.set, posse.move, posse.set_face...) call
---`require("dice_town.game").resync()` afterwards.
function M.resync()
  CENTRE = posse.get("centre")
  for i = 1, ND do DICE[i] = posse.face(i) end
  DICE_VER = DICE_VER + 1
  for _, id in ipairs(C.ids) do RANK[id] = {} end
  for s = 1, N do
    OUT[s] = posse.is_eliminated(s)
    MONEY[s] = posse.get("money", s)
    GANG[s] = C.gangs[posse.get("gang", s)]
    JAILED[s] = 0
    for _, id in ipairs(C.ids) do
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
    end
    CARDS[s], TIMING[s] = cards, timing
  end
end

---Compares every mirror with the engine; raises an error naming the first difference.
function M.verify()
  local function same(what, a, b)
    if a ~= b then error(("dice_town mirror out of step: %s is %s, engine says %s"):format(what, tostring(a), tostring(b)), 2) end
  end
  for i = 1, ND do same("die " .. i, DICE[i], posse.face(i)) end
  same("centre", CENTRE, posse.get("centre"))
  for s = 1, N do
    same("money of " .. s, MONEY[s], posse.get("money", s))
    local jailed = 0
    for _, id in ipairs(C.ids) do
      same(id .. " of " .. s, RANK[id][s], posse.get(id, s))
      if RANK[id][s] > 0 then jailed = jailed + 1 end
    end
    same("jailed of " .. s, JAILED[s], jailed)
    same("hand size of " .. s, #CARDS[s], posse.count(HAND[s]))
    local timing = {}
    for _, card in ipairs(CARDS[s]) do
      local w = def(card).props.when
      timing[w] = (timing[w] or 0) + 1
    end
    for w, n in posse.spairs(TIMING[s]) do same(("%s cards of %d"):format(w, s), n, timing[w] or 0) end
    for _, card in ipairs(CARDS[s]) do same("zone of a card of " .. s, posse.zone_of(card), HAND[s]) end
  end
end

------------------------------------------------------------ mirrored state

---A number that changes whenever the dice do.
function M.dice_version() return DICE_VER end

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
  DICE_VER = DICE_VER + 1
  posse.roll(which)
  if which == nil then
    for i = 1, ND do DICE[i] = posse.face(i) end
  else
    for _, i in ipairs(which) do DICE[i] = posse.face(i) end
  end
end

---Turns die `i` to `face`.
function M.set_face(i, face)
  DICE_VER = DICE_VER + 1
  posse.set_face(i, face)
  DICE[i] = face
end

function M.money(s) return MONEY[s] end
function M.centre() return CENTRE end

local function add_money(s, d)
  MONEY[s] = MONEY[s] + d
  posse.set("money", MONEY[s], s)
end

local function add_centre(d)
  CENTRE = CENTRE + d
  posse.set("centre", CENTRE)
end

---Sets money (setup only; no check).
function M.set_money(s, v)
  MONEY[s] = v
  posse.set("money", v, s)
end

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
  OBTAINED[card] = G.turn
end

local function hand_remove(s, card)
  local list = CARDS[s]
  for i = #list, 1, -1 do
    if list[i] == card then
      table.remove(list, i)
      local when, t = def(card).props.when, TIMING[s]
      t[when] = t[when] - 1
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
function M.out(s) return OUT[s] end
function M.hand(s) return HAND[s] end
function M.pick(s) return PICK[s] end
function M.discard() return DISCARD end
function M.config() return C end

---Display name of a die face ("Action", "Lady", ...).
---@param face string
---@return string
function M.face_name(face)
  local d = C.desp[face]
  if d then return d.name end
  return "Action"
end

---"Action, Lady, Lady, Boss".
---@return string
local TEXT, TEXT_VER = "", -1

function M.dice_text()
  if TEXT_VER ~= DICE_VER then
    local t = {}
    for i = 1, ND do t[i] = M.face_name(DICE[i]) end
    TEXT, TEXT_VER = table.concat(t, ", "), DICE_VER
  end
  return TEXT
end

---Display name of a seat's Desperado: the Brain goes by his gang's name for him, without
---a leading "The" so that "Ann's Forger" reads well.
---@param s integer
---@param id string
---@return string
function M.desperado_name(s, id)
  if id == C.brain then
    local g = M.gang(s)
    if g then return (g.brain:gsub("^The ", "")) end
  end
  return C.desp[id].name
end

---"3 ranks left", "1 rank left", "escaped".
---@param r integer
---@return string
function M.ranks_text(r)
  if r == 0 then return "escaped" end
  return r == 1 and "1 rank left" or (r .. " ranks left")
end

---The gang of a seat (a `config().gangs` row).
function M.gang(s) return GANG[s] end

---Gives seat `s` gang number `g` (setup).
function M.set_gang(s, g)
  posse.set("gang", g, s)
  GANG[s] = C.gangs[g]
end

---Seats still in the game other than `s`, clockwise from `s`'s left.
---@param s integer
---@return integer[]
function M.opponents(s)
  local out = {}
  for k = 1, N - 1 do
    local o = (s - 1 + k) % N + 1
    if not OUT[o] then out[#out + 1] = o end
  end
  return out
end

---Ids of `s`'s Desperados still In Jail, in canonical order.
---@param s integer
---@return string[]
function M.jailed(s)
  local out = {}
  for _, id in ipairs(C.ids) do
    if RANK[id][s] > 0 then out[#out + 1] = id end
  end
  return out
end

---Whether every Desperado of `s` has escaped.
---@param s integer
---@return boolean
function M.all_free(s) return JAILED[s] == 0 end

----------------------------------------------------------------- end of game

---Money of every seat (0 once eliminated), for the result.
function M.scores()
  local t = {}
  for s = 1, N do t[s] = MONEY[s] end
  return t
end

---Ends the game now.
---@param winners integer[]
---@param reason string
function M.finish(winners, reason)
  local names = {}
  for i, w in ipairs(winners) do names[i] = NAMES[w] end
  posse.log(("%s wins: %s."):format(table.concat(names, " and "), reason))
  G.result = { winners = winners, scores = M.scores(), reason = reason }
  posse.set_current(nil)
  error(M.OVER, 0)
end

---G-ELIMINATED: the seat leaves; its cards go to the discard pile.
local function eliminate(s)
  OUT[s] = true
  posse.eliminate(s)
  for _, z in ipairs { HAND[s], PICK[s] } do
    while posse.draw(z, DISCARD) do end
  end
  CARDS[s], TIMING[s] = {}, {}
  posse.log(("%s has lost his last dollar and is eliminated."):format(NAMES[s]))
end

local FREE = {}

---The check after every atomic change: D7 eliminations, then E1-E3 victory (G-RICHEST).
function M.check()
  local a = G.active
  for k = 0, N - 1 do
    local s = (a - 1 + k) % N + 1
    if not OUT[s] and MONEY[s] <= 0 then eliminate(s) end
  end
  for s = 1, N do FREE[s] = not OUT[s] and JAILED[s] == 0 end
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
  local total, parts = 0, {}
  for _, v in ipairs(victims) do
    local p = rules.paid(MONEY[v], amount)
    if p > 0 then
      add_money(v, -p)
      total = total + p
      parts[#parts + 1] = ("%s pays $%d"):format(NAMES[v], p)
    end
  end
  if total == 0 then return end
  add_centre(total)
  posse.log(("%s: %s to the centre."):format(what, table.concat(parts, ", ")))
  M.check()
end

local LOSS = { "loss" }

---The LOSS window: `v` is about to lose `amount` to `what`; he may play a card that
---answers (Take Cover). Returns true when the loss is cancelled.
---@param v integer
---@param amount integer
---@param what string
function M.cover(v, amount, what)
  if (TIMING[v].loss or 0) == 0 then return false end
  local ctx = M.ctx(v, { amount = amount, what = what })
  local cards = M.playable(v, LOSS, ctx)
  if #cards == 0 then return false end
  local lose = rules.paid(MONEY[v], amount)
  local opts = { ("Lose $%d"):format(lose) }
  for i, obj in ipairs(cards) do opts[i + 1] = "Play " .. def(obj).name end
  local c = posse.choose(v, ("%s costs you $%d."):format(what, lose), opts)
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
  for _, v in ipairs(victims) do
    if not OUT[v] and not M.cover(v, amount, what) then hit[#hit + 1] = v end
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
  if OUT[from] or M.cover(from, amount, what) then return end
  local p = rules.paid(MONEY[from], amount)
  if p == 0 then return end
  add_money(from, -p)
  add_money(to, p)
  posse.log(("%s: %s pays $%d to %s."):format(what, NAMES[from], p, NAMES[to]))
  M.check()
end

---`s` takes up to `amount` from the centre (M2: never more than it holds).
---@param s integer
---@param amount integer
---@param what string
function M.gain(s, amount, what)
  local got = rules.paid(CENTRE, amount)
  if got == 0 then
    posse.log(("%s: the centre is empty, %s gets nothing."):format(what, NAMES[s]))
    return
  end
  add_centre(-got)
  add_money(s, got)
  posse.log(("%s: %s takes $%d from the centre."):format(what, NAMES[s], got))
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
  local who = ("%s's %s"):format(NAMES[s], M.desperado_name(s, id))
  local line
  if nr == 0 then
    line = who .. " escapes from jail!"
  elseif steps > 0 then
    line = ("%s turns one rank (%s)."):format(who, M.ranks_text(nr))
  else
    line = ("%s turns back one rank (%s)."):format(who, M.ranks_text(nr))
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
    posse.log(("%s: no Wild West cards left to draw."):format(what))
  else
    posse.log(("%s: %s draws %d Wild West card%s."):format(what, NAMES[s], got, got > 1 and "s" or ""))
    posse.log(("%s draws %s."):format(NAMES[s], table.concat(names, ", ")), s)
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
---kind (copies are interchangeable), in hand order.
---@param s integer
---@param whens string[]
---@param ctx table
---@return integer[]
function M.playable(s, whens, ctx)
  if not holds_any(s, whens) then return EMPTY end
  local out
  for _, card in ipairs(CARDS[s]) do
    if OBTAINED[card] ~= G.turn then
      local d = def(card)
      if is_in(whens, d.props.when) then
        local dup = false
        if out then
          for _, o in ipairs(out) do
            if def(o) == d then dup = true break end
          end
        end
        if not dup then
          local can = d.script.can
          if not can or can(ctx) then
            out = out or {}
            out[#out + 1] = card
          end
        end
      end
    end
  end
  return out or EMPTY
end

---Plays `card` from `s`'s hand: it goes face up to the discard pile, then its script runs.
---@param s integer
---@param card integer
---@param ctx table from M.ctx(s)
function M.play_card(s, card, ctx)
  local d = def(card)
  M.to_discard(s, card)
  posse.log(("%s plays %s."):format(NAMES[s], d.name))
  ctx.card, ctx.props = card, d.props
  d.script.play(ctx)
end

---A reaction window on the active seat's turn (G-REACTION-WINDOWS): his opponents,
---clockwise from his left, who hold a card playable now with timing in `whens`, may
---play one each; the round repeats until nobody plays.
---@param whens string[]
---@param prompt fun(): string  made only when someone is asked
function M.window(whens, prompt)
  local a = G.active
  repeat
    local played = false
    for k = 1, N - 1 do
      local s = (a - 1 + k) % N + 1
      if not OUT[s] and holds_any(s, whens) then
        local ctx = M.ctx(s)
        local cards = M.playable(s, whens, ctx)
        if #cards > 0 then
          local opts = { "Pass" }
          for i, card in ipairs(cards) do opts[i + 1] = "Play " .. def(card).name end
          local c = posse.choose(s, prompt(), opts)
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
function CTX:opponents() return M.opponents(self.seat) end
function CTX:jailed(s) return M.jailed(s or self.seat) end
function CTX:ranks(s, id) return RANK[id][s] end
function CTX:max_ranks(id) return C.desp[id].ranks end
function CTX:desperado(s, id) return M.desperado_name(s, id) end
function CTX:centre() return CENTRE end
function CTX:hand_size(s) return #CARDS[s] end
function CTX:what() return def(self.card).name end

---Asks the card's player to choose; returns the option index.
function CTX:choose(prompt, options) return posse.choose(self.seat, prompt, options) end

---Asks the card's player to choose one of `seats` (no question when there is one).
function CTX:choose_seat(prompt, seats)
  if #seats == 1 then return seats[1] end
  local opts = {}
  for i, s in ipairs(seats) do opts[i] = NAMES[s] end
  return seats[posse.choose(self.seat, prompt, opts)]
end

---Asks the card's player to choose one of Desperados `ids` of seat `s` (no question when there is one).
function CTX:choose_desperado(prompt, s, ids)
  if #ids == 1 then return ids[1] end
  local opts = {}
  for i, id in ipairs(ids) do
    opts[i] = ("%s (%s)"):format(M.desperado_name(s, id), M.ranks_text(RANK[id][s]))
  end
  return ids[posse.choose(self.seat, prompt, opts)]
end

---Asks the card's player to choose one of the dice; returns its index.
function CTX:choose_die(prompt)
  local opts = {}
  for i = 1, ND do opts[i] = ("Die %d: %s"):format(i, M.face_name(DICE[i])) end
  return posse.choose(self.seat, prompt, opts)
end

---Asks the card's player for a face for die `i` other than the one it shows.
function CTX:choose_face(prompt, i)
  local now, faces, opts = DICE[i], {}, {}
  for _, f in ipairs(posse.faces(i)) do
    if f ~= now then
      faces[#faces + 1] = f
      opts[#opts + 1] = M.face_name(f)
    end
  end
  return faces[posse.choose(self.seat, prompt, opts)]
end

function CTX:rotate(s, id, steps) M.rotate(s, id, steps, self:what()) end
function CTX:gain(amount) M.gain(self.seat, amount, self:what()) end
function CTX:extort(from, amount) M.extort(from, self.seat, amount, ("%s's %s"):format(NAMES[self.seat], self:what())) end
function CTX:hurt(victims, amount) M.hurt(victims, amount, ("%s's %s"):format(NAMES[self.seat], self:what())) end
function CTX:draw(n) return M.draw_cards(self.seat, n, self:what()) end

---Takes a random card from `victim`'s hand into the card player's hand (not playable this turn).
function CTX:steal(victim)
  local hand = CARDS[victim]
  local n = #hand
  if n == 0 then return end
  local card = hand[posse.random(n)]
  M.to_hand(self.seat, card)
  posse.log(("%s takes a card from %s's hand."):format(NAMES[self.seat], NAMES[victim]))
  posse.log(("%s takes %s from %s."):format(NAMES[self.seat], def(card).name, NAMES[victim]), { self.seat, victim })
end

---Dice (active turn). Second Wind, Jinx, Marked Die.
function CTX:can_roll_more() return not G.fixed end
function CTX:extra_roll()
  G.limit = G.limit + 1
  posse.set("roll_limit", G.limit)
  posse.log(("%s may roll %d times this turn."):format(NAMES[G.active], G.limit))
end
function CTX:reroll_die(i)
  M.roll { i }
  posse.log(("Die %d is rerolled: %s. Dice: %s."):format(i, M.face_name(DICE[i]), M.dice_text()))
end
---Turns die `i` to `face`; the dice are then final (no more rolls this turn).
function CTX:set_die(i, face)
  M.set_face(i, face)
  G.fixed = true
  posse.log(("Die %d is turned to %s. Dice: %s."):format(i, M.face_name(face), M.dice_text()))
end

---Actions (active turn). Double Trouble, Stand-Off.
function CTX:acting() return G.acting end
---Ids of the Desperados whose faces the final dice show, canonical order.
function CTX:rolled()
  local _, _, _, chars = rules.tally(DICE)
  return chars
end
---Ids with Actions still to resolve, canonical order.
function CTX:declared()
  local out = {}
  for i, id in ipairs(C.ids) do
    if G.acts[i] > 0 then out[#out + 1] = id end
  end
  return out
end
function CTX:actions_left(id) return G.acts[C.desp[id].index] end
function CTX:add_action(id)
  local i = C.desp[id].index
  G.acts[i] = G.acts[i] + 1
  posse.log(("%s's %s gets one more Action."):format(NAMES[G.active], M.desperado_name(G.active, id)))
end
function CTX:cancel_action(id)
  local i = C.desp[id].index
  if G.acts[i] == 0 then return end
  G.acts[i] = G.acts[i] - 1
  posse.log(("One Action of %s's %s is cancelled."):format(NAMES[G.active], M.desperado_name(G.active, id)))
end

---LOSS window: the loss this context was made for does not happen.
function CTX:cancel_loss() self.cancelled = true end

return M
