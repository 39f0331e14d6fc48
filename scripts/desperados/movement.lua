-- Desperados: the moves of a turn (rulebook III and IV.1, checklist K, H, M): the coaches
-- ride their schedules, the Marshal moves his Sheriffs in the open, then everyone plays a
-- movement card face down at once. What a card does is its own (scripts/desperados/cards.lua):
-- here the flow asks each card whether it is a legal move and lets it act when played.
-- Ids are those of shared/rules/desperados.gaps.md.

local posse = require "posse"
local ask = require "lib.ask"
local cards = require "lib.cards"
local seats = require "lib.seats"
local game = require "desperados.game"

local M = {}

---K1, K3, K4: every coach in play takes its next step of turn `t`'s schedule (`k`: the
---move) unless it is held up.
---@param t integer
---@param k integer
function M.move_coaches(t, k)
  for _, colour in ipairs(game.COACHES) do
    local sched = game.schedule_of(colour, t)
    if sched and posse.get(game.counter.robbed[colour]) == 0 then
      local to = sched.route[k + 1]
      posse.set(game.counter.at[colour], game.index(to))
      posse.log("The " .. colour .. " coach rides to " .. game.town_name(to) .. ".")
    end
  end
end

-- The tags of a Sheriff's options (read up to the question's count): he stays, or he
-- rides one road.
local RIDE_TAGS = { "sheriff_stay" } ---@type string[]
local RIDE = { tags = RIDE_TAGS } ---@type lib.ask.How

---H1: the Marshal may move each Sheriff along one road, or leave him (a `sheriff` question:
---`stay` or `ride` to args.town; tagged `sheriff_stay` and `sheriff_ride`).
function M.move_sheriffs()
  for i = 1, game.sheriffs do
    local here = game.towns[posse.get(game.counter.sheriff[i])]
    local roads = game.roads(here)
    for j = #RIDE_TAGS + 1, #roads + 1 do RIDE_TAGS[j] = "sheriff_ride" end
    local c = ask.pick(game.marshal, "sheriff",
      function() return "Sheriff " .. i .. " is in " .. game.town_name(here) .. "." end,
      function()
        local opts = {} ---@type Option[]
        opts[1] = ask.option("stay", "Stay in " .. game.town_name(here), { sheriff = i, town = here })
        for j, n in ipairs(roads) do
          opts[j + 1] = ask.option("ride", "Ride to " .. game.town_name(n), { sheriff = i, town = n })
        end
        return opts
      end --[[@as Options]], #roads + 1, RIDE)
    if c > 1 then
      posse.set(game.counter.sheriff[i], game.index(roads[c - 1]))
      posse.log("Sheriff " .. i .. " rides from " .. game.town_name(here) .. " to " .. game.town_name(roads[c - 1]) .. ".")
    end
  end
end

---M1-M4, G-IMPOSSIBLE-DETECT: the cards seat `s` may play in move `k`, in the order of its
---deck, and whether it is stuck. A card is offered when it is in hand and says it is a
---legal move; when none is (or a card of the seat was impossible already) the seat is
---stuck and may play any card it holds: an impossible move.
---@param s Seat
---@param k integer
---@return Obj[] offered
---@return boolean stuck
function M.playable(s, k)
  local hand = game.zone("hand", s)
  local held = {}
  for _, c in ipairs(game.deck[s]) do
    if posse.zone_of(c) == hand then held[#held + 1] = c end
  end
  if game.plan[s].bad then return held, true end
  local legal = game.legal(s, k, held)
  if #legal == 0 then return held, true end
  return legal, false
end

-- CARD_TAGS[s]: the tags of seat `s`'s card question, its cards' definition ids (one table
-- a seat: the questions of a move are asked at once, and the engine reads the tags then).
local CARD_TAGS = {} ---@type table<Seat, string[]>

---M1, M6, M7, G-CHANGE-WINDOW: everyone plays a card face down at once (move `k` of turn
---`t`); until the last has played, each may take his card back and play another; partners
---see each other's. Then each card goes into its seat's row and acts (unless the seat's
---move was impossible already: then it leads nowhere). Each option is tagged with its
---card's definition id; the question is a `card` one: `ride` to the card's town
---(props.city), `stay` (a card with none, the Saloon), or `impossible` when the seat is stuck.
---@param t integer
---@param k integer
function M.play_cards(t, k)
  local reqs, offers = {}, {}
  local who = { game.marshal }
  for _, s in ipairs(game.desperadoes) do who[#who + 1] = s end
  for i, s in ipairs(who) do
    local offered, stuck = M.playable(s, k)
    offers[i] = { cards = offered, stuck = stuck }
    local here = game.plan[s].pos
    local tags = CARD_TAGS[s]
    if not tags then
      tags = {}
      CARD_TAGS[s] = tags
    end
    for j, c in ipairs(offered) do tags[j] = cards.def(c).id end
    reqs[i] = {
      seat = s,
      prompt = function()
        local why = stuck and " No card you hold is a legal move: any card you play is an impossible move." or ""
        return ("Turn %d, move %d: your cards lead to %s. Play a card.%s"):format(t, k, game.town_name(here), why)
      end,
      kind = "card",
      options = function()
        local opts = {} ---@type Option[]
        for j, c in ipairs(offered) do
          local def = cards.def(c)
          local label, to = cards.label(c, game.context(s, c, k)), def.props and def.props.city
          if stuck then
            opts[j] = ask.option("impossible", label, { card = def.id })
          elseif to then
            opts[j] = ask.option("ride", label, { card = def.id, town = to })
          else
            opts[j] = ask.option("stay", label, { card = def.id, town = here })
          end
        end
        return opts
      end,
      count = #offered,
      tags = tags,
      revisable = true,
      shown_to_team = s ~= game.marshal,
    }
  end
  local answers = posse.choose_each(reqs)
  for i, s in ipairs(who) do
    local card = offers[i].cards[answers[i]]
    local p = game.plan[s]
    posse.move(card, game.zone("display", s))
    p.cards[k] = card
    if offers[i].stuck and not p.bad then p.bad = k end
    if not p.bad then game.run(s, card, k, "play") end
    posse.log(seats.name(s) .. " plays a card face down.")
  end
end

return M
