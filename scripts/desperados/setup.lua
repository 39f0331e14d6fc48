-- Desperados: the setup (rulebook I, checklist S1-S8): the bank, poker and coach tiles, the
-- schedules and the brown coach, one movement deck a seat, then the Marshal's pawn, his
-- Sheriffs and the desperadoes' pawns. Ids are those of shared/rules/desperados.gaps.md.

local posse = require "posse"
local ask = require "lib.ask"
local seats = require "lib.seats"
local game = require "desperados.game"
local rules = require "desperados.rules"

local M = {}

-- The tags of a setup question: a starting town plays nothing (false).
local NO_TAGS = {} ---@type false[]
local HOW = { tags = NO_TAGS } ---@type lib.ask.How

---Asks `seat` where a piece starts (a `start` question: `id` says which piece, `sheriff` its
---number); returns the town's id. The options, one town each in board order, are made
---only when someone reads them: a town with a bank says so, "Flagstaff (bank)".
---@param seat Seat
---@param prompt string
---@param id "marshal"|"sheriff"|"desperado"
---@param sheriff integer|nil
---@return string
local function ask_town(seat, prompt, id, sheriff)
  local n = #game.towns
  for i = #NO_TAGS + 1, n do NO_TAGS[i] = false end
  return game.towns[ask.pick(seat, "start", prompt, function()
    local opts, bank = {}, {} ---@type Option[], table<string, boolean>
    for _, b in ipairs(game.data.banks) do bank[b] = true end
    for i, town in ipairs(game.towns) do
      local args = { town = town } ---@type table<string, string|number|boolean>
      if sheriff then args.sheriff = sheriff end
      opts[i] = ask.option(id, game.town_name(town) .. (bank[town] and " (bank)" or ""), args)
    end
    return opts
  end --[[@as Options]], n, HOW)]
end

-- The tiles of `list` in a random order: shuffled face down in the hidden `pile`, then
-- put back among the unsorted tiles.
---@param list Obj[]
---@return Obj[]
local function shuffled(list)
  local pile, tiles = posse.zone("pile"), posse.zone("tiles")
  for _, t in ipairs(list) do posse.move(t, pile) end
  posse.shuffle(pile)
  local out = posse.contents(pile)
  for _, t in ipairs(out) do posse.move(t, tiles) end
  return out
end

-- S2: three low and two high tiles on the banks; the rest, then the two set-aside 2000s at
-- the bottom, form the bank stack. The Marshal knows every tile on a bank (G4).
---@param tiles Obj[]
local function setup_banks(tiles)
  local d = game.data
  local aside, lows, highs = {}, {}, {}
  for _, t in ipairs(tiles) do
    local p = posse.def(t).props
    if p.value == d.bank_set_aside.value and #aside < d.bank_set_aside.count then
      aside[#aside + 1] = t
    elseif p.value <= d.bank_low_max then
      lows[#lows + 1] = t
    else
      highs[#highs + 1] = t
    end
  end
  for _, t in ipairs(aside) do posse.move(t, posse.zone("set_aside")) end
  local l, h = shuffled(lows), shuffled(highs)
  local on_banks, rest = {}, {}
  for i, t in ipairs(l) do
    if i <= d.banks_low then on_banks[#on_banks + 1] = t else rest[#rest + 1] = t end
  end
  for i, t in ipairs(h) do
    if i <= d.banks_high then on_banks[#on_banks + 1] = t else rest[#rest + 1] = t end
  end
  on_banks = shuffled(on_banks)
  for i, town in ipairs(d.banks) do
    local t = on_banks[i] ---@type Obj|nil  (a variant may have fewer tiles than banks)
    if t then
      posse.move(t, posse.zone("bank", town))
      posse.reveal(t, game.marshal)
    end
  end
  local stack = posse.zone("bank_stack")
  for _, t in ipairs(shuffled(rest)) do posse.move(t, stack) end
  for _, t in ipairs(aside) do posse.move(t, stack, "bottom") end
end

-- S3: a poker tile on every town without a bank, face down (the last towns of the board
-- order get none when there are fewer tiles).
---@param pokers Obj[]
local function setup_poker(pokers)
  local is_bank = {}
  for _, b in ipairs(game.data.banks) do is_bank[b] = true end
  local k = 0
  pokers = shuffled(pokers)
  for _, town in ipairs(game.towns) do
    if not is_bank[town] then
      k = k + 1
      local t = pokers[k] ---@type Obj|nil
      if t then posse.move(t, posse.zone("poker", town)) end
    end
  end
end

-- S5, S6: the schedules in a chain from a random first one; brown on the first start.
local function setup_schedules()
  local d = game.data
  local first = d.first_schedule
  if first == 0 then first = posse.random(#d.schedules) end
  local order = rules.chain(d.schedules, first)
  for i, s in ipairs(order) do posse.set(game.counter.schedule[i], s) end
  local start = d.schedules[order[1]].route[1]
  posse.set("brown_at", game.index(start))
  posse.log("The schedules: " .. rules.schedules_text(d, order, game.town_name) .. ". The brown coach waits in "
    .. game.town_name(start) .. ".")
end

-- C8: one movement deck per seat: the first copy of each card for seat 1, the next for
-- seat 2, and so on. A seat's deck lists its cards in the order of cards.yaml, the order
-- they are offered in.
local function deal()
  local box = posse.zone("box")
  local dealt = {} ---@type table<Seat, table<string, boolean>>
  for s = 1, game.players do
    dealt[s], game.deck[s] = {}, {}
  end
  for _, c in ipairs(posse.contents(box)) do
    local id = posse.def_id(c)
    if not dealt[1][id] then game.check_card(c) end
    for s = 1, game.players do
      if not dealt[s][id] then
        dealt[s][id] = true
        local deck = game.deck[s]
        deck[#deck + 1] = c
        posse.move(c, posse.zone("hand", s))
        break
      end
    end
  end
end

---S1-S8: everything before the first turn.
function M.setup()
  local banks, pokers, coaches = {}, {}, {}
  for _, t in ipairs(posse.contents(posse.zone("tiles"))) do
    local kind = posse.def(t).props.kind
    if kind == "bank" then
      banks[#banks + 1] = t
    elseif kind == "poker" then
      pokers[#pokers + 1] = t
    else
      coaches[#coaches + 1] = t
    end
  end
  setup_banks(banks)
  setup_poker(pokers)
  -- S4: the coach tiles, face down.
  local stack = posse.zone("coach_stack")
  for _, t in ipairs(coaches) do posse.move(t, stack) end
  posse.shuffle(stack)
  setup_schedules()
  deal()
  -- S7, S8, G-SETUP-ORDER: the Marshal places his pawn and his Sheriffs, then each
  -- desperado places his pawn, seeing where the law is.
  local marshal = game.marshal
  posse.set_current(marshal)
  local town = ask_town(marshal, "Setup: where does the Marshal start?", "marshal")
  game.put(marshal, town)
  posse.log("The Marshal starts in " .. game.town_name(town) .. ".")
  for i = 1, game.sheriffs do
    town = ask_town(marshal, "Setup: where does Sheriff " .. i .. " start?", "sheriff", i)
    posse.set(game.counter.sheriff[i], game.index(town))
    posse.log("Sheriff " .. i .. " starts in " .. game.town_name(town) .. ".")
  end
  for _, s in ipairs(game.desperadoes) do
    posse.set_current(s)
    town = ask_town(s, "Setup: where does your desperado start?", "desperado")
    game.put(s, town)
    posse.log(seats.name(s) .. " starts in " .. game.town_name(town) .. ".")
  end
end

return M
