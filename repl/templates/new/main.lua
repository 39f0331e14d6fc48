-- {{name}}: the rules. `play` runs the whole game and returns its result; every decision
-- is a question to a seat (lib.ask), which the engine asks a person, a bot or a test. The
-- game ends where the rules say (here after the last round) with `ending.finish(result)`,
-- at once wherever the flow is (lib.ending).
-- docs/authoring.md, "The Lua", says what the posse module offers.
local posse = require "posse"
local ask = require "lib.ask"
local ending = require "lib.ending"

local M = {}

-- The game's `data:` (game.yaml), typed for the checker by `posse scripts --types`.
local D = posse.data --[[@as {{id}}.Data]]

-- The question every seat is asked each round. Its kind, `swap`, is declared in
-- questions.lua; each option is a record: an id (what bots and tests read), a label (what
-- people read) and, when the id leaves something open, args. The tags name what each
-- option does, for `posse sim`'s numbers.
---@type Option[]
local KEEP_OR_SWAP = { ask.option("keep", "Keep it"), ask.option("swap", "Swap it") }
local HOW = { tags = { "keep", "swap" } }

---The value of card `card` (its definition's props in cards.yaml).
---@param card Obj
---@return integer
local function value(card) return posse.def(card).props.value end

---One round: deal, let each seat keep or swap, reveal, score the highest.
---@param round integer
local function play_round(round)
  local n, deck, shown = posse.players(), posse.zone("deck"), posse.zone("shown")
  posse.set("round", round)
  posse.log("Round " .. round .. ".")
  for s = 1, n do
    posse.draw(deck, posse.zone("hand", s))
  end
  for s = 1, n do
    local hand = posse.zone("hand", s)
    local i = ask.pick(s, "swap", "Keep your card, or swap it for the top of the deck?", KEEP_OR_SWAP, 2, HOW)
    if KEEP_OR_SWAP[i].id == "swap" then
      -- posse.at gives nil for an empty zone; a hand holds its one card here.
      posse.move(posse.at(hand) --[[@as Obj]], deck, "bottom")
      posse.draw(deck, hand)
      posse.log(posse.seat_name(s) .. " swaps.")
    else
      posse.log(posse.seat_name(s) .. " keeps.")
    end
  end
  -- Reveal: a card in the public zone is seen by everyone.
  local best, winners = -1, {}
  for s = 1, n do
    local card = posse.at(posse.zone("hand", s)) --[[@as Obj]]
    posse.move(card, shown)
    local v = value(card)
    posse.log(posse.seat_name(s) .. " shows " .. posse.def(card).name .. ".")
    if v > best then best, winners = v, { s } elseif v == best then winners[#winners + 1] = s end
  end
  for _, w in ipairs(winners) do posse.add("score", 1, w) end
  -- The shown cards go back under the deck.
  while posse.count(shown) > 0 do posse.move(posse.at(shown) --[[@as Obj]], deck, "bottom") end
end

-- The game: the rounds, then the most points win.
local function flow()
  posse.shuffle(posse.zone("deck"))
  for round = 1, D.rounds do play_round(round) end
  local best, winners, scores = -1, {}, {}
  for s = 1, posse.players() do
    local sc = posse.get("score", s)
    scores[s] = sc
    if sc > best then best, winners = sc, { s } elseif sc == best then winners[#winners + 1] = s end
  end
  ending.finish({ winners = winners, scores = scores, reason = "the most points" })
end

---Plays a whole game; returns {winners, scores, reason}.
---@return Result
function M.play() return ending.run(flow) end

return M
