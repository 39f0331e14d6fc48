-- Desperados: the activities of a move (rulebook IV.2, checklist A1-A8): after the cards,
-- each desperado may lay his disc on a poker game or beside a coach where his cards lead,
-- or spy on a bank, proving where he is with the card he played. Whether an activity
-- succeeds is decided at the examination (examination.lua). Ids are those of
-- shared/rules/desperados.gaps.md.

local posse = require "posse"
local ask = require "lib.ask"
local cards = require "lib.cards"
local seats = require "lib.seats"
local game = require "desperados.game"
local rules = require "desperados.rules"

local M = {}

---A2, G-SALOON-FIRST, G-PROOF-AUDIENCE: the cards that prove where desperado `s` is in move
---`k` (the card says which), shown to everyone (and put back face down); returns their
---names, "Saloon and Salem".
---@param s Seat
---@param k integer
---@return string
function M.prove(s, k)
  local card = game.plan[s].cards[k]
  local shown = game.run(s, card, k, "proof") --[[@as Obj[] ]]
  local names = {}
  for i, c in ipairs(shown) do
    posse.reveal(c)
    names[i] = cards.name(c)
  end
  return table.concat(names, " and ")
end

-- The tag of each kind of activity: what the option does (nothing: false).
local TAG = { none = false, poker = "poker", coach = "rob_coach", spy = "spy" }
-- The id of each kind of activity in an `activity` question (questions.lua).
local ID = { none = "none", poker = "poker", coach = "rob_coach", spy = "spy" }

---The activities desperado `s` may choose where his cards lead, "No activity" first.
---@param s Seat
---@return desperados.Option[]
local function options(s)
  local p = game.plan[s]
  local here = p.pos
  local opts = { { kind = "none", city = here } } ---@type desperados.Option[]
  -- After an impossible move every further activity is void (E6).
  if not p.bad then
    if posse.get("disc", s) == 0 then
      if posse.count(game.zone("poker", here)) > 0 and not game.taken.poker[here] then
        opts[#opts + 1] = { kind = "poker", city = here }
      end
      for _, colour in ipairs(game.COACHES) do
        if game.towns[posse.get(game.counter.at[colour])] == here and not game.taken.coach[colour] then
          opts[#opts + 1] = { kind = "coach", coach = colour, city = here }
        end
      end
    end
    if posse.count(game.zone("bank", here)) > 0 then opts[#opts + 1] = { kind = "spy", city = here } end
  end
  return opts
end

---A1-A8: each desperado may take part in an activity where his cards lead in move `k`: a
---poker game or a coach (with his disc), or spy on a bank. Every desperado still moving is
---asked, secretly, even when "No activity" is all he may answer (an `activity` question:
---`none`, `poker`, `rob_coach`, `spy`); the options are tagged `poker`, `rob_coach`, `spy`
---(no activity: false). Partners see each other's
---intents and may change them until all have chosen; a group without more discs than
---Sheriffs places none (A3).
---@param k integer
function M.declare(k)
  local reqs, offers, asked = {}, {}, {}
  for _, s in ipairs(game.desperadoes) do
    local here = game.plan[s].pos
    local opts = options(s)
    local tags = {} ---@type (string|false)[]
    for i, o in ipairs(opts) do tags[i] = TAG[o.kind] end
    -- Asked even with nothing to do: whether anyone is asked must tell the Marshal nothing.
    asked[#asked + 1] = s
    offers[#offers + 1] = opts
    reqs[#reqs + 1] = {
      seat = s,
      prompt = function() return "Move " .. k .. ": an activity in " .. game.town_name(here) .. "?" end,
      kind = "activity",
      options = function()
        local out = {} ---@type Option[]
        for i, o in ipairs(opts) do
          local label = rules.activity_label(o, game.town_name)
          -- A3: a group places its discs only when it outnumbers the Sheriffs there.
          local discs = o.kind == "poker" or o.kind == "coach"
          local law = discs and game.sheriffs_in(o.city) or 0
          if law > 0 then
            label = label .. " (" .. law .. " Sheriff" .. (law == 1 and "" or "s") .. " there: " .. (law + 1)
              .. " discs needed)"
          end
          local args = nil ---@type table<string, string|number|boolean>|nil
          if o.kind == "coach" then
            args = { town = o.city, coach = o.coach --[[@as string]], sheriffs = law }
          elseif discs then
            args = { town = o.city, sheriffs = law }
          elseif o.kind == "spy" then
            args = { town = o.city }
          end
          out[i] = ask.option(ID[o.kind], label, args)
        end
        return out
      end,
      count = #opts,
      tags = tags,
      secret = true,
      revisable = true,
      shown_to_team = true,
    }
  end
  local answers = posse.choose_each(reqs)
  -- Group the disc activities by target, in seat order of their first member.
  local groups, order = {}, {} ---@type table<string, desperados.Activity>, string[]
  for i, s in ipairs(asked) do
    local o = offers[i][answers[i]]
    if o.kind == "poker" or o.kind == "coach" then
      local key = o.kind == "poker" and ("poker:" .. o.city) or ("coach:" .. o.coach)
      if not groups[key] then
        groups[key] = { kind = o.kind, coach = o.coach, city = o.city, move = k, sheriffs = 0, who = {} }
        order[#order + 1] = key
      end
      local g = groups[key].who
      g[#g + 1] = s
    elseif o.kind == "spy" then
      -- A8, G-SPY-AUDIENCE: the proof to everyone, the tile to the team.
      local shown = M.prove(s, k)
      local tile = posse.at(game.zone("bank", o.city)) --[[@as Obj]]
      posse.reveal(tile, game.desperadoes)
      posse.log(seats.name(s) .. " shows " .. shown .. " and spies on the bank in " .. game.town_name(o.city) .. ".")
      posse.log("The bank in " .. game.town_name(o.city) .. " holds $" .. posse.def(tile).props.value .. ".",
        game.desperadoes)
    end
  end
  for _, key in ipairs(order) do
    local g = groups[key]
    local law = game.sheriffs_in(g.city)
    local what = rules.activity_label(g, game.town_name)
    if #g.who > law then
      g.sheriffs = law
      game.activities[#game.activities + 1] = g
      if g.kind == "poker" then game.taken.poker[g.city] = true else game.taken.coach[g.coach] = true end
      for _, s in ipairs(g.who) do
        local shown = M.prove(s, k)
        posse.set("disc", game.index(g.city), s)
        posse.log(seats.name(s) .. " shows " .. shown .. " and lays down a disc: " .. what .. ".")
      end
      -- K4: a coach with discs beside it stops until the examination.
      if g.kind == "coach" then posse.set(game.counter.robbed[g.coach], 1) end
    else
      posse.log(("Too few discs for %s (%d against %d Sheriff%s): none is placed."):format(
        what, #g.who, law, law == 1 and "" or "s"), game.desperadoes)
    end
  end
end

return M
