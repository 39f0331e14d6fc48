-- Reaction windows: the moments when players other than the one acting may answer with a
-- card (Dice Town's Jinx after a roll, Marshals' Jurisdiction against a Clue). Cards carry
-- a timing tag (`props.when`); the game says which cards each seat could play now, and one
-- of two ways of asking, as its rules want:
--
--   in turn: the seats are asked one after the other, in the order given; a seat with
--     nothing to play is not asked; with `again`, the round is asked again as long as
--     someone played (Dice Town: "the window stays open until everyone passes").
--   at once: every seat given is asked at the same time (a `choose_each`), holder or not,
--     so the question tells nobody who holds a card; the game then resolves the answers
--     (Marshals: the last in turn order who plays wins).
--
-- Either way the questions are secret by default: being asked could tell the table that a
-- seat holds a card of that timing.
--
-- The questions are typed (a game that declares its kinds in `questions.lua`): the
-- window's `kind` is the question's kind, which the game declares with the option ids
-- `pass` (not playing; its args are the window's `pass_args`, what passing lets happen,
-- e.g. `{amount = 3}` for a loss) and `play` (playing a card; args `{card = <its
-- definition id>}`). Every option is tagged with what it plays (`cards.tags`: the card's
-- definition id, `false` for passing), so `posse sim` counts the reactions. A window
-- without `kind` asks with plain labels (an untyped game). Options are made only when
-- someone reads them.
--
-- Example (questions.lua declares `jinx_window = { asks = ..., ids = { pass = ..., play = ... } }`):
--   local reactions = require "lib.reactions"
--   reactions.in_turn {
--     kind = "jinx_window", seats = opponents, again = true,
--     offer = function(s) return playable(s, { "opp_roll" }) end,
--     prompt = function() return "Jinx the roll?" end,
--     play = function(s, card) play_card(s, card) end,
--   }
--   local chosen = reactions.at_once {
--     kind = "jurisdiction", seats = others,
--     offer = function(s) return playable(s, "jurisdiction") end,
--     prompt = "Cancel the Clue?", pass_args = { seat = active },
--   }   -- chosen[i]: the card seat i plays, or false

local posse = require "posse"
local cards = require "lib.cards"

---@class lib.reactions
local M = {}

---What a window's options may carry as args (at most 8 names, numbers or flags).
---@alias lib.reactions.Args table<string, string|number|boolean>

---@class lib.InTurn
---@field kind string|nil                       the question's kind (typed games: ids "pass" and "play")
---@field seats Seat[]                          who may react, in the order asked
---@field offer fun(seat: Seat): Obj[]          the cards `seat` could play now (empty: not asked)
---@field prompt string|fun(): string           the question (made only when read)
---@field play fun(seat: Seat, card: Obj)       plays the card chosen
---@field pass string|nil                       the label of not playing (default "Pass")
---@field pass_args lib.reactions.Args|(fun(seat: Seat): lib.reactions.Args)|nil  the pass option's args (made when read)
---@field label (fun(card: Obj): string)|nil    the label of playing a card (default "Play <name>")
---@field again boolean|nil                     ask the round again while someone played
---@field secret boolean|nil                    default true
---@field before (fun(seat: Seat))|nil          called before a seat is asked (a game keeps its question there)

---The options of `seat` passing or playing one of `offer`: records when `kind` is given,
---else labels.
---@param seat Seat
---@param offer Obj[]
---@param kind string|nil
---@param pass string
---@param pass_args lib.reactions.Args|(fun(seat: Seat): lib.reactions.Args)|nil
---@param label (fun(card: Obj): string)|nil
---@return (string|Option)[]
local function options(seat, offer, kind, pass, pass_args, label)
  local out = {} ---@type (string|Option)[]
  if kind == nil then
    out[1] = pass
    for i, c in ipairs(offer) do out[i + 1] = label and label(c) or ("Play " .. cards.name(c)) end
    return out
  end
  local args = pass_args
  if type(args) == "function" then args = args(seat) end
  out[1] = { id = "pass", label = pass, args = args }
  for i, c in ipairs(offer) do
    out[i + 1] = { id = "play", label = label and label(c) or ("Play " .. cards.name(c)),
      args = { card = cards.def(c).id } }
  end
  return out
end

-- The question being asked by `in_turn` (one at a time: read only while it is pending).
local asking = { seat = 1, cards = {}, kind = nil, pass = "Pass", pass_args = nil, label = nil }
local function asking_options()
  local a = asking
  return options(a.seat, a.cards, a.kind, a.pass, a.pass_args, a.label)
end

-- One question for posse.choose, reused (read when the flow yields).
local ASK = { kind = nil, count = 0, secret = true, tags = nil }

---Asks the seats one after the other (see the module's notes); returns whether anyone
---played.
---@param w lib.InTurn
---@return boolean
function M.in_turn(w)
  local secret = w.secret ~= false
  local any = false
  repeat
    local played = false
    local list = w.seats
    for k = 1, #list do
      local s = list[k]
      local offer = w.offer(s)
      if #offer > 0 then
        if w.before then w.before(s) end
        local a = asking
        a.seat, a.cards, a.kind, a.pass, a.pass_args, a.label = s, offer, w.kind, w.pass or "Pass", w.pass_args,
          w.label
        -- Typed or not, the same question: an untyped game's has no kind.
        ASK.kind, ASK.count, ASK.secret, ASK.tags = w.kind, #offer + 1, secret, cards.tags(offer, 1)
        local c = posse.choose(s, w.prompt, asking_options, ASK) --[[@as integer]]
        if c > 1 then
          w.play(s, offer[c - 1])
          played, any = true, true
        end
      end
    end
  until not (w.again and played)
  return any
end

---@class lib.AtOnce
---@field kind string|nil                       the question's kind (typed games: ids "pass" and "play")
---@field seats Seat[]                          who is asked (all of them, holders or not)
---@field offer fun(seat: Seat): Obj[]          the cards `seat` could play now
---@field prompt string|fun(): string           the question
---@field pass string|nil                       the label of not playing (default "Pass")
---@field pass_args lib.reactions.Args|(fun(seat: Seat): lib.reactions.Args)|nil  the pass option's args (made when read)
---@field label (fun(card: Obj): string)|nil    the label of playing a card (default "Play <name>")
---@field secret boolean|nil                    default true

---Asks every seat at once (see the module's notes). Returns, for each seat in order, the
---card it chose to play, or false.
---@param w lib.AtOnce
---@return (Obj|false)[]
function M.at_once(w)
  local secret = w.secret ~= false
  local kind, pass, pass_args, label = w.kind, w.pass or "Pass", w.pass_args, w.label
  local offers, reqs = {}, {}
  for i, s in ipairs(w.seats) do
    local offer = w.offer(s)
    offers[i] = offer
    local tags = { false } ---@type (string|false)[]
    for k, c in ipairs(offer) do tags[k + 1] = cards.def(c).id end
    reqs[i] = {
      seat = s, kind = kind, prompt = w.prompt, count = #offer + 1, secret = secret, tags = tags,
      options = function() return options(s, offer, kind, pass, pass_args, label) end,
    }
  end
  local out = {}
  if #reqs == 0 then return out end
  local answers = posse.choose_each(reqs)
  for i = 1, #reqs do
    local a = answers[i] --[[@as integer]]
    out[i] = a > 1 and offers[i][a - 1] or false
  end
  return out
end

return M
