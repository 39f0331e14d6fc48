-- Cards and Brains in play in Desperados of Dice Town: the card context (`ctx`) that a
-- Wild West card's or a gang Brain's script receives, which cards a seat may play now,
-- playing them, using a Brain, and the reaction windows where opponents answer (the
-- OPP-ROLL and OPP-ACT windows, and the LOSS window before each loss an opponent causes),
-- asked by `lib.reactions.in_turn` (typed: the kinds opp_roll, opp_act and loss of
-- questions.lua, options "pass" and "play" tagged by their cards).
--
-- Both kinds of script follow the card contract of scripts/lib/cards.lua (cards.yaml,
-- gangs.yaml). Their context is made with `cards.context(CTX, seat, card)`: `ctx.seat`
-- plays it, `ctx.card`, `ctx.def` and `ctx.props` are the card (no card for a Brain),
-- `ctx.active` is whose turn it is, and the methods of `CTX` below are everything a script
-- reads or changes, so a script keeps no game state of its own. Card timings (`props.when`):
--   roll     your turn, after a roll, before choosing the effect (ROLL)
--   own      any time in your turn (OWN)
--   act      your turn, while resolving Actions (ACT)
--   opp_roll another player's turn, right after one of his rolls (OPP-ROLL)
--   opp_act  another player's turn, after he declares his Actions (OPP-ACT)
--   loss     when you are about to lose money to an opponent (LOSS; ctx.amount, ctx.cause)
-- `can` runs at every menu of a seat holding the card: keep it free of tables and strings.
-- Lists the methods return may be shared (opponents, ids): read them, do not modify them.

local posse = require "posse"
local rules = require "dice_town.rules"
local game = require "dice_town.game"
local hands = require "dice_town.hands"
local dice = require "dice_town.dice"
local ask = require "lib.ask"
local cards = require "lib.cards"
local reactions = require "lib.reactions"
local seats = require "lib.seats"
local text = require "lib.text"

---@class dice_town.context
local M = {}

local turn, NUM, EMPTY, C = game.turn, game.NUM, game.EMPTY, game.config()

---What a Wild West card's script returns (cards.yaml): the card contract on this game's
---context.
---@class dice_town.Card: lib.Card
---@field can (fun(ctx: dice_town.Context): boolean)|nil
---@field play fun(ctx: dice_town.Context)|nil
---@field label (fun(ctx: dice_town.Context): string)|nil

---What a Brain's script returns (gangs.yaml): the card contract, and whether the ability
---can never hurt its player.
---@class dice_town.Brain: dice_town.Card
---@field play fun(ctx: dice_town.Context)
---@field safe boolean|nil

-- The card context's class (hands.lua makes contexts: hands.context); its methods are below.
local CTX = hands.Context

---A context for seat `s` playing `card` (hands.context).
M.new = hands.context

---Cards in `s`'s hand playable now (hands.playable).
M.playable = hands.playable

------------------------------------------------------------ playing cards

---Appends to `opts` the options of seat `s` playing each of `list`: id "play", args
---`{card = <definition id>}`, labelled "Play Jinx" (the card contract's `cards.label`).
---@param opts Option[]
---@param list Obj[]
---@param s Seat
---@return Option[]
function M.options(opts, list, s)
  local n = #opts
  if #list == 0 then return opts end
  local ctx = M.new(s)
  for i = 1, #list do
    local c = list[i]
    opts[n + i] = { id = "play", label = cards.label(c, ctx), args = { card = hands.def(c).id } }
  end
  return opts
end

-- Each seat's context for the cards he plays, made at his first play in the game: a card's
-- script reads its context only while it runs, and no card a seat plays lets him play
-- another before it ends (the LOSS window's plays get a context of their own).
local PLAY_CTX = {} ---@type dice_town.Context[]

---Plays `card` from `s`'s hand: it goes face up to the discard pile, then its script runs.
---@param s Seat
---@param card Obj
---@param ctx dice_town.Context|nil the seat's own when nil
function M.play(s, card, ctx)
  if ctx == nil then
    ctx = PLAY_CTX[s]
    if ctx == nil then
      ctx = M.new(s)
      PLAY_CTX[s] = ctx
    end
    ctx.active = turn.active
  end
  hands.to_discard(s, card)
  posse.log(game.seat_name(s) .. " plays " .. hands.def(card).name .. ".")
  cards.play(card, ctx)
end

------------------------------------------------------------------- Brains

---The behaviour of seat `s`'s Brain (its gangs.yaml script).
---@param s Seat
---@return dice_town.Brain
local function brain(s) return cards.by_id(game.gang(s).ability) --[[@as dice_town.Brain]] end

---Whether `s`'s Brain can never hurt him (`safe` in gangs.yaml): a lone Brain Action then
---resolves without a question and is not offered for forfeit.
---@param s Seat
---@return boolean
function M.brain_is_safe(s) return brain(s).safe == true end

---The rules text of `s`'s Brain ("Take $3 from the centre.").
---@param s Seat
---@return string
function M.brain_text(s) return game.brain_def(game.gang(s)).text or "" end

-- Each seat's Brain context, made at his Brain's first use in the game: a gang and its
-- Brain do not change once dealt, and a Brain's script reads its context only while it
-- runs, so one a seat serves every use.
local BRAIN_CTX = {} ---@type dice_town.Context[]

---D6, G-BRAIN: one use of `s`'s gang ability, through the card contract.
---@param s Seat
function M.use_brain(s)
  local ctx = BRAIN_CTX[s]
  if ctx == nil then
    local d = game.brain_def(game.gang(s))
    ctx = M.new(s)
    ctx.def, ctx.props, ctx.by = d, d.props, game.whose(s, C.brain)
    BRAIN_CTX[s] = ctx
  end
  ctx.active = turn.active
  brain(s).play(ctx)
end

------------------------------------------------------------------ windows

---Asks the seats of `w` one after the other (`lib.reactions.in_turn`); returns whether
---anyone played.
M.in_turn = reactions.in_turn

-- The opponents' window being asked (one at a time: read while it is open).
local window_whens ---@type dice_town.Timings
---@type lib.InTurn
local window = {
  kind = "opp_roll", seats = EMPTY, again = true, prompt = "",
  offer = function(s)
    if not game.live(s) then return EMPTY end
    return M.playable(s, window_whens)
  end,
  play = function(s, card) M.play(s, card) end,
}

---A reaction window on the active seat's turn (G-REACTION-WINDOWS): his opponents,
---clockwise from his left, who hold a card playable now with timing in `whens`, may
---play one each; the round repeats until nobody plays. Being asked would tell the other
---seats who holds such a card, so each question is secret, and passing is not logged.
---The flow opens windows after every roll: it asks `hands.held_by_others` first, which
---costs one call when nobody else holds such a card. `kind` is the questions' kind
---(questions.lua: opp_roll, opp_act) and `pass_args` the pass option's args (made only
---when someone reads the options).
---@param kind string
---@param whens dice_town.Timings
---@param prompt fun(): string  made only when someone reads it
---@param pass_args fun(seat: Seat): lib.reactions.Args
function M.window(kind, whens, prompt, pass_args)
  if not hands.held_by_others(turn.active, whens) then return end
  window_whens, window.seats, window.prompt = whens, game.opponents(turn.active), prompt
  window.kind, window.pass_args = kind, pass_args
  M.in_turn(window)
end

local LOSS = hands.timings("loss")

-- The LOSS window being asked (one seat; read while it is open).
local loss_cards, loss_ctx = EMPTY, nil ---@type Obj[], dice_town.Context|nil
local loss_q = { cause = "", lose = 0 }
---@type lib.InTurn
local loss = {
  kind = "loss", seats = { 1 }, again = false, pass = "",
  prompt = function() return loss_q.cause .. " costs you $" .. NUM[loss_q.lose] .. "." end,
  pass_args = function() return { amount = loss_q.lose } end,
  offer = function() return loss_cards end,
  play = function(s, card) M.play(s, card, loss_ctx) end,
}

---The LOSS window: `v` is about to lose `amount` to `what`; he may play a card that
---answers (Take Cover). Returns true when the loss is cancelled. The question is secret:
---only a seat holding such a card is asked.
---@param v Seat
---@param amount integer
---@param what string
---@return boolean
function M.cover(v, amount, what)
  if not hands.holds(v, LOSS) then return false end
  local ctx = M.new(v, nil, { amount = amount, cause = what })
  local list = M.playable(v, LOSS, ctx)
  if #list == 0 then return false end
  local lose = rules.paid(game.money(v), amount)
  loss_q.cause, loss_q.lose = what, lose
  loss_cards, loss_ctx, loss.seats[1], loss.pass = list, ctx, v, "Lose $" .. NUM[lose]
  M.in_turn(loss)
  return ctx.cancelled == true
end

---An opponent's Desperado, Brain or card makes `victims` lose `amount` each to the centre;
---each victim may cover first, in the order given.
---@param victims Seat[]
---@param amount integer
---@param what string
function M.hurt(victims, amount, what)
  local hit = {}
  for k = 1, #victims do
    local v = victims[k]
    if game.live(v) and not M.cover(v, amount, what) then hit[#hit + 1] = v end
  end
  if #hit > 0 then game.pay_centre(hit, amount, what) end
end

---`from` pays `to` up to `amount` (a transfer: game.transfer); `from` may cover first.
---@param from Seat|nil nobody when nil
---@param to Seat
---@param amount integer
---@param what string
function M.extort(from, to, amount, what)
  if from == nil or not game.live(from) or M.cover(from, amount, what) then return end
  game.transfer(from, to, amount, what)
end

--------------------------------------------------------------- the context

---A seat's name (the card's player when nil).
---@param s Seat|nil
---@return string
function CTX:name(s) return game.seat_name(s or self.seat) end
---The card player's opponents, clockwise from his left (shared: do not modify).
---@return Seat[]
function CTX:opponents() return game.opponents(self.seat) end
---@return boolean
function CTX:has_opponents() return #game.opponents(self.seat) > 0 end
---Ids of a seat's Desperados In Jail (the card player's when nil), canonical order.
---@param s Seat|nil
---@return string[]
function CTX:jailed(s) return game.jailed(s or self.seat) end
---@param s Seat|nil
---@return integer
function CTX:jailed_count(s) return game.jailed_count(s or self.seat) end
---Ranks left of Desperado `id` of seat `s`.
---@param s Seat
---@param id string
---@return integer
function CTX:ranks(s, id) return game.rank(s, id) end
---The Desperado ids, canonical order (shared: do not modify).
---@return string[]
function CTX:ids() return C.ids end
---@param id string
---@return integer
function CTX:max_ranks(id) return C.desp[id].ranks end
---@param s Seat
---@param id string
---@return string
function CTX:desperado(s, id) return game.desperado_name(s, id) end
---@return integer
function CTX:centre() return game.centre() end
---@param s Seat
---@return integer
function CTX:hand_size(s) return #hands.cards(s) end
---What acts, for the log: the card's name, or the Brain's ("Ann's Forger").
---@return string
function CTX:what()
  if self.by then return self.by end
  local d = self.def
  return d and d.name or ""
end
---Whose card or Brain acts, for the log: "Ann's Pickpocket", "Ann's Forger".
---@return string
function CTX:whose_what() return self.by or (game.seat_name(self.seat) .. "'s " .. self:what()) end
---Adds a line to the log (`audience` as posse.log's).
---@param text string
---@param audience Audience
function CTX:log(text, audience) posse.log(text, audience) end

---Asks the card's player a question of `kind` (declared in questions.lua); returns the
---option index. `prompt` and `options` (records {id, label, args}) may be functions (made
---only when read), then `count` is the number of options.
---@param kind string
---@param prompt string|fun(): string
---@param options Option[]|fun(): Option[]
---@param count integer|nil
---@return integer
function CTX:choose(kind, prompt, options, count)
  local n = count
  if n == nil then n = #(options --[[@as Option[] ]]) end
  return ask.pick(self.seat, kind, prompt, options, n)
end

-- What a label shows beside a seat's name when a card or Brain picks a seat: his money
-- ("p2 ($12)"), or the cards in his hand ("p2 (3 cards)").
---@param s Seat
---@return string
local function money_of(s) return "$" .. NUM[game.money(s)] end
---@param s Seat
---@return string
local function cards_of(s)
  local n = #hands.cards(s)
  return n == 1 and "1 card" or (NUM[n] .. " cards")
end

---Asks the card's player a question of `kind` (questions.lua: payer, steal; option id
---"seat", args {seat = n}) to choose one of `list` (no question when there is one). Each
---label shows what the choice is about beside the name: `show` "money" (the default:
---"p2 ($12)", for a seat who pays) or "cards" ("p2 (3 cards)", for a hand to take from).
---@param kind string
---@param prompt string|fun(): string
---@param list Seat[]
---@param show "money"|"cards"|nil
---@return Seat|nil
function CTX:choose_seat(kind, prompt, list, show)
  return seats.choose(self.seat, prompt, list, { describe = show == "cards" and cards_of or money_of, kind = kind })
end

---What an Action of Desperado `id` of seat `s` does, as a label says it: "3 ranks left"
---while he is In Jail; once escaped, his attack ("escaped: $5 from p2, p3") or his Brain's
---ability.
---@param s Seat
---@param id string
---@return string
function M.action_text(s, id)
  local r = game.rank(s, id)
  if r > 0 then return game.ranks_text(r) end
  if id == C.brain then return "escaped: " .. (M.brain_text(s):gsub("%.$", ""):gsub("^%u", string.lower)) end
  if not game.has_victim(s, id) then return "escaped: nobody to attack" end
  return "escaped: $" .. NUM[C.desp[id].attack] .. " from " .. seats.joined(game.victims(s, id))
end

---Asks the card's player a question of `kind` (questions.lua: rotate, extra_action) to
---choose one of Desperados `ids` of seat `s` (no question when there is one): id
---"desperado", args {desperado = id, ranks = his ranks left}.
---@param kind string
---@param prompt string|fun(): string
---@param s Seat
---@param ids string[]
---@return string
function CTX:choose_desperado(kind, prompt, s, ids)
  if #ids == 1 then return ids[1] end
  return ids[ask.pick(self.seat, kind, prompt, function()
    local opts = {} ---@type Option[]
    for i, id in ipairs(ids) do
      opts[i] = { id = "desperado", label = game.desperado_name(s, id) .. " (" .. M.action_text(s, id) .. ")",
        args = { desperado = id, ranks = game.rank(s, id) } }
    end
    return opts
  end, #ids)]
end

---Asks the card's player a question of `kind` (questions.lua: marked_die, jinx) to choose
---one of the dice (id "die", args {die = i, face = its face}); returns its index.
---@param kind string
---@param prompt string|fun(): string
---@return integer
function CTX:choose_die(kind, prompt) return ask.pick(self.seat, kind, prompt, dice.options, dice.count()) end

---Asks the card's player for a face for die `i` other than the one it shows (kind
---marked_face: id "face", args {face = f, die = i}).
---@param prompt string|fun(): string
---@param i integer
---@return string
function CTX:choose_face(prompt, i)
  local faces = dice.other_faces(i)
  return faces[ask.pick(self.seat, "marked_face", prompt, function()
    local opts = {} ---@type Option[]
    for k, f in ipairs(faces) do opts[k] = { id = "face", label = dice.face_name(f), args = { face = f, die = i } } end
    return opts
  end, #faces)]
end

---Rotates Desperado `id` of seat `s` by `steps` (game.rotate).
---@param s Seat
---@param id string
---@param steps integer
function CTX:rotate(s, id, steps) game.rotate(s, id, steps, self:what()) end
---The card's player takes up to `amount` from the centre.
---@param amount integer
function CTX:gain(amount) game.gain(self.seat, amount, self:what()) end
---`from` pays the card's player up to `amount`; he may cover first.
---@param from Seat|nil
---@param amount integer
function CTX:extort(from, amount) M.extort(from, self.seat, amount, self:whose_what()) end
---`victims` lose `amount` each to the centre; each may cover first.
---@param victims Seat[]
---@param amount integer
function CTX:hurt(victims, amount) M.hurt(victims, amount, self:whose_what()) end
---The card's player draws up to `n` cards; returns how many.
---@param n integer
---@return integer
function CTX:draw(n) return hands.draw_cards(self.seat, n, self:what()) end
---Takes a random card from `victim`'s hand into the card player's hand.
---@param victim Seat|nil
function CTX:steal(victim) if victim then hands.steal(self.seat, victim) end end

-- Dice (the active seat's turn): Second Wind, Jinx, Marked Die.

---Whether the dice may still be rolled this turn (not final).
---@return boolean
function CTX:can_roll_more() return not turn.fixed end
---One more roll allowed this turn.
function CTX:extra_roll()
  turn.limit = turn.limit + 1
  posse.set("roll_limit", turn.limit)
  posse.log(game.seat_name(turn.active) .. " may roll " .. text.count(turn.limit, "time") .. " this turn.")
end
---Rerolls die `i` (not a roll of the active seat's).
---@param i integer
function CTX:reroll_die(i)
  dice.roll { i }
  posse.log("Die " .. NUM[i] .. " is rerolled: " .. dice.face_name(dice.face(i)) .. ". Dice: " .. dice.text() .. ".")
end
---Turns die `i` to `face`; the dice are then final (no more rolls this turn).
---@param i integer
---@param face string
function CTX:set_die(i, face)
  dice.set_face(i, face)
  turn.fixed = true
  posse.log("Die " .. NUM[i] .. " is turned to " .. dice.face_name(face) .. ". Dice: " .. dice.text() .. ".")
end

-- Actions (the active seat's turn): Double Trouble, Stand-Off.

---Whether the active seat is resolving Actions.
---@return boolean
function CTX:acting() return turn.acting end
---Ids of the Desperados whose faces the final dice show, canonical order.
---@return string[]
function CTX:rolled()
  local _, _, _, chars = rules.tally(dice.faces())
  return chars
end
---Whether the dice show a character face.
---@return boolean
function CTX:rolled_any() return dice.any_character() end
---Ids with Actions still to resolve, canonical order.
---@return string[]
function CTX:declared()
  local out = {}
  for i = 1, #C.ids do
    if turn.acts[i] > 0 then out[#out + 1] = C.ids[i] end
  end
  return out
end
---Whether any Action is still to resolve.
---@return boolean
function CTX:any_declared()
  for i = 1, #C.ids do
    if turn.acts[i] > 0 then return true end
  end
  return false
end
---Actions left for Desperado `id` of the active seat.
---@param id string
---@return integer
function CTX:actions_left(id) return turn.acts[C.desp[id].index] end
---One more Action for Desperado `id` of the active seat.
---@param id string
function CTX:add_action(id)
  local i = C.desp[id].index
  turn.acts[i] = turn.acts[i] + 1
  posse.log(game.whose(turn.active, id) .. " gets one more Action.")
end
---Cancels one Action of Desperado `id` of the active seat.
---@param id string
function CTX:cancel_action(id)
  local i = C.desp[id].index
  if turn.acts[i] == 0 then return end
  turn.acts[i] = turn.acts[i] - 1
  posse.log("One Action of " .. game.whose(turn.active, id) .. " is cancelled.")
end

---LOSS window: the loss this context was made for does not happen.
function CTX:cancel_loss() self.cancelled = true end

return M
