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
local NAMES = {} -- seat names
local OUT = {}   -- OUT[seat] = true once eliminated
local HAND, PICK = {}, {}
local DRAW, DISCARD
-- W5: OBTAINED[card] = G.turn in which its holder got it (handles are integers).
local OBTAINED = {}
local EMPTY = setmetatable({}, { __newindex = function() error("EMPTY is read-only", 2) end })

---Prepares the module for a new game (call first in `play`).
function M.init()
  C = rules.config()
  N = posse.players()
  DRAW, DISCARD = posse.zone("draw"), posse.zone("discard")
  for s = 1, N do
    NAMES[s] = posse.seat_name(s)
    OUT[s] = false
    HAND[s], PICK[s] = posse.zone("hand", s), posse.zone("pick", s)
  end
  G.turn, G.round, G.active, G.result = 0, 0, 1, nil
  for i = 1, #C.ids do G.acts[i] = 0 end
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

---The current dice faces, as a fresh list.
---@return string[]
function M.faces()
  local f = {}
  for i = 1, posse.dice() do f[i] = posse.face(i) end
  return f
end

---"Action, Lady, Lady, Boss".
---@return string
function M.dice_text()
  local t = {}
  for i = 1, posse.dice() do t[i] = M.face_name(posse.face(i)) end
  return table.concat(t, ", ")
end

---Display name of a seat's Desperado: the Brain goes by his gang's name for him.
---@param s integer
---@param id string
---@return string
function M.desperado_name(s, id)
  if id == C.brain then
    local g = C.gangs[posse.get("gang", s)]
    if g then return g.brain end
  end
  return C.desp[id].name
end

---The gang of a seat (a `config().gangs` row).
function M.gang(s) return C.gangs[posse.get("gang", s)] end

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
    if posse.get(id, s) > 0 then out[#out + 1] = id end
  end
  return out
end

---Whether every Desperado of `s` has escaped.
---@param s integer
---@return boolean
function M.all_free(s)
  for _, id in ipairs(C.ids) do
    if posse.get(id, s) > 0 then return false end
  end
  return true
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
  posse.log(("%s has lost his last dollar and is eliminated."):format(NAMES[s]))
end

local MONEY, FREE = {}, {}

---The check after every atomic change: D7 eliminations, then E1-E3 victory (G-RICHEST).
function M.check()
  local a = G.active
  for k = 0, N - 1 do
    local s = (a - 1 + k) % N + 1
    if not OUT[s] and posse.get("money", s) <= 0 then eliminate(s) end
  end
  for s = 1, N do
    MONEY[s] = posse.get("money", s)
    FREE[s] = not OUT[s] and M.all_free(s)
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
  local total, parts = 0, {}
  for _, v in ipairs(victims) do
    local p = rules.paid(posse.get("money", v), amount)
    if p > 0 then
      posse.add("money", -p, v)
      total = total + p
      parts[#parts + 1] = ("%s $%d"):format(NAMES[v], p)
    end
  end
  if total == 0 then return end
  posse.add("centre", total)
  posse.log(("%s: %s to the centre."):format(what, table.concat(parts, ", ")))
  M.check()
end

local LOSS = { loss = true }

---The LOSS window: `v` is about to lose `amount` to `what`; he may play a card that
---answers (Take Cover). Returns true when the loss is cancelled.
---@param v integer
---@param amount integer
---@param what string
function M.cover(v, amount, what)
  local ctx = M.ctx(v, { amount = amount, what = what })
  local cards = M.playable(v, LOSS, ctx)
  if #cards == 0 then return false end
  local lose = rules.paid(posse.get("money", v), amount)
  local opts = { ("Lose $%d"):format(lose) }
  for i, obj in ipairs(cards) do opts[i + 1] = "Play " .. posse.def(obj).name end
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
  local p = rules.paid(posse.get("money", from), amount)
  if p == 0 then return end
  posse.add("money", -p, from)
  posse.add("money", p, to)
  posse.log(("%s: %s pays $%d to %s."):format(what, NAMES[from], p, NAMES[to]))
  M.check()
end

---`s` takes up to `amount` from the centre (M2: never more than it holds).
---@param s integer
---@param amount integer
---@param what string
function M.gain(s, amount, what)
  local got = rules.paid(posse.get("centre"), amount)
  if got == 0 then
    posse.log(("%s: the centre is empty, %s gets nothing."):format(what, NAMES[s]))
    return
  end
  posse.add("centre", -got)
  posse.add("money", got, s)
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
  local r = posse.get(id, s)
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
  posse.set(id, nr, s)
  local who = ("%s's %s"):format(NAMES[s], M.desperado_name(s, id))
  local line
  if nr == 0 then
    line = who .. " escapes from jail!"
  elseif steps > 0 then
    line = ("%s turns one rank (%d left)."):format(who, nr)
  else
    line = ("%s turns back one rank (%d left)."):format(who, nr)
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

---Records that `card` was obtained in this turn (W5: not playable until the next turn).
function M.obtain(card) OBTAINED[card] = G.turn end

---`s` draws up to `n` cards into his hand; returns how many.
---@param s integer
---@param n integer
---@param what string
function M.draw_cards(s, n, what)
  local got, names = 0, {}
  for _ = 1, n do
    local card = M.draw_top(HAND[s])
    if not card then break end
    M.obtain(card)
    got = got + 1
    names[got] = posse.def(card).name
  end
  if got == 0 then
    posse.log(("%s: no Wild West cards left to draw."):format(what))
  else
    posse.log(("%s: %s draws %d Wild West card%s."):format(what, NAMES[s], got, got > 1 and "s" or ""))
    posse.log(("%s draws %s."):format(NAMES[s], table.concat(names, ", ")), s)
  end
  return got
end

---Cards in `s`'s hand playable now: obtained before this turn, timing in `whens` (a set
---of `props.when` values) and the card's `can(ctx)` true when it has one. One card per
---kind (copies are interchangeable), in hand order.
---@param s integer
---@param whens table<string, boolean>
---@param ctx table
---@return integer[]
function M.playable(s, whens, ctx)
  local out
  local hand = HAND[s]
  for i = 1, posse.count(hand) do
    local card = posse.at(hand, i)
    if OBTAINED[card] ~= G.turn then
      local def = posse.def(card)
      if whens[def.props.when] then
        local dup = false
        if out then
          for _, o in ipairs(out) do
            if posse.def(o) == def then dup = true break end
          end
        end
        if not dup then
          local can = def.script.can
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
  local def = posse.def(card)
  posse.move(card, DISCARD)
  posse.log(("%s plays %s."):format(NAMES[s], def.name))
  ctx.card, ctx.props = card, def.props
  def.script.play(ctx)
end

---A reaction window on the active seat's turn (G-REACTION-WINDOWS): his opponents,
---clockwise from his left, who hold a card playable now with timing in `whens`, may
---play one each; the round repeats until nobody plays.
---@param whens table<string, boolean>
---@param prompt string
function M.window(whens, prompt)
  local a = G.active
  repeat
    local played = false
    for k = 1, N - 1 do
      local s = (a - 1 + k) % N + 1
      if not OUT[s] then
        local ctx = M.ctx(s)
        local cards = M.playable(s, whens, ctx)
        if #cards > 0 then
          local opts = { "Pass" }
          for i, card in ipairs(cards) do opts[i + 1] = "Play " .. posse.def(card).name end
          local c = posse.choose(s, prompt, opts)
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
function CTX:ranks(s, id) return posse.get(id, s) end
function CTX:max_ranks(id) return C.desp[id].ranks end
function CTX:desperado(s, id) return M.desperado_name(s, id) end
function CTX:centre() return posse.get("centre") end
function CTX:hand_size(s) return posse.count(HAND[s]) end
function CTX:what() return posse.def(self.card).name end

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
    opts[i] = ("%s (%d ranks left)"):format(M.desperado_name(s, id), posse.get(id, s))
  end
  return ids[posse.choose(self.seat, prompt, opts)]
end

---Asks the card's player to choose one of the dice; returns its index.
function CTX:choose_die(prompt)
  local opts = {}
  for i = 1, posse.dice() do opts[i] = ("Die %d: %s"):format(i, M.face_name(posse.face(i))) end
  return posse.choose(self.seat, prompt, opts)
end

---Asks the card's player for a face for die `i` other than the one it shows.
function CTX:choose_face(prompt, i)
  local now, faces, opts = posse.face(i), {}, {}
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
  local hand = HAND[victim]
  local n = posse.count(hand)
  if n == 0 then return end
  local card = posse.at(hand, posse.random(n))
  posse.move(card, HAND[self.seat])
  M.obtain(card)
  posse.log(("%s takes a card from %s's hand."):format(NAMES[self.seat], NAMES[victim]))
  posse.log(("%s takes %s from %s."):format(NAMES[self.seat], posse.def(card).name, NAMES[victim]), { self.seat, victim })
end

---Dice (active turn). Second Wind, Jinx, Marked Die.
function CTX:can_roll_more() return not G.fixed end
function CTX:extra_roll()
  G.limit = G.limit + 1
  posse.set("roll_limit", G.limit)
  posse.log(("%s may roll %d times this turn."):format(NAMES[G.active], G.limit))
end
function CTX:reroll_die(i)
  posse.roll { i }
  posse.log(("Die %d is rerolled: %s. Dice: %s."):format(i, M.face_name(posse.face(i)), M.dice_text()))
end
---Turns die `i` to `face`; the dice are then final (no more rolls this turn).
function CTX:set_die(i, face)
  posse.set_face(i, face)
  G.fixed = true
  posse.log(("Die %d is turned to %s. Dice: %s."):format(i, M.face_name(face), M.dice_text()))
end

---Actions (active turn). Double Trouble, Stand-Off.
function CTX:acting() return G.acting end
---Ids of the Desperados whose faces the final dice show, canonical order.
function CTX:rolled()
  local _, _, _, chars = rules.tally(M.faces())
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
