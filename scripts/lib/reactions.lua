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
-- Example:
--   local reactions = require "lib.reactions"
--   reactions.in_turn {
--     seats = opponents, again = true,
--     offer = function(s) return playable(s, { "opp_roll" }) end,
--     prompt = function() return "Jinx the roll?" end,
--     play = function(s, card) play_card(s, card) end,
--   }

local posse = require "posse"
local ask = require "lib.ask"
local cards = require "lib.cards"

---@class lib.reactions
local M = {}

---@class lib.InTurn
---@field seats Seat[]                          who may react, in the order asked
---@field offer fun(seat: Seat): Obj[]          the cards `seat` could play now (empty: not asked)
---@field prompt string|fun(): string           the question (made only when read)
---@field play fun(seat: Seat, card: Obj)       plays the card chosen
---@field pass string|nil                       the label of not playing (default "Pass")
---@field label (fun(card: Obj): string)|nil    the label of playing a card (default "Play <name>")
---@field again boolean|nil                     ask the round again while someone played
---@field secret boolean|nil                    default true
---@field before (fun(seat: Seat))|nil          called before a seat is asked (a game keeps its question there)

-- The question being asked (one at a time: read only while it is pending).
local asking = { cards = {}, pass = "Pass", label = nil }
local function labels()
  local out = { asking.pass }
  local label = asking.label
  for i, c in ipairs(asking.cards) do
    out[i + 1] = label and label(c) or ("Play " .. cards.name(c))
  end
  return out
end

---Asks the seats one after the other (see the module's notes); returns whether anyone
---played.
---@param w lib.InTurn
---@return boolean
function M.in_turn(w)
  local secret = w.secret ~= false
  local any = false
  repeat
    local played = false
    for _, s in ipairs(w.seats) do
      local offer = w.offer(s)
      if #offer > 0 then
        if w.before then w.before(s) end
        asking.cards, asking.pass, asking.label = offer, w.pass or "Pass", w.label
        local c = ask.one(s, w.prompt, labels, #offer + 1, secret)
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
---@field seats Seat[]                          who is asked (all of them, holders or not)
---@field offer fun(seat: Seat): Obj[]          the cards `seat` could play now
---@field prompt string|fun(): string           the question
---@field pass string|nil                       the label of not playing (default "Pass")
---@field label (fun(card: Obj): string)|nil    the label of playing a card (default "Play <name>")
---@field secret boolean|nil                    default true

---Asks every seat at once (see the module's notes). Returns, for each seat in order, the
---card it chose to play, or false.
---@param w lib.AtOnce
---@return (Obj|false)[]
function M.at_once(w)
  local secret = w.secret ~= false
  local offers, reqs = {}, {}
  for i, s in ipairs(w.seats) do
    local offer = w.offer(s)
    offers[i] = offer
    local options = { w.pass or "Pass" }
    for k, c in ipairs(offer) do
      options[k + 1] = w.label and w.label(c) or ("Play " .. cards.name(c))
    end
    reqs[i] = { seat = s, prompt = w.prompt, options = options, secret = secret }
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
