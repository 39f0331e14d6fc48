-- Marshals: the table, shared by the flow (main.lua) and the cards (cards.lua, through their
-- context): positions on the map, resources, payments and eliminations, the discard pile,
-- the Corrupt Marshal, captures and escapes, the end of the game; and `Context`, the class
-- of the cards' contexts. Ids (R.., Z..) are those of shared/rules/marshals.gaps.md.
--
-- This module is loaded afresh for every game (the flow requires it): what it keeps at its
-- top (the data, the seats' names, zone handles) belongs to the game being played. Cards
-- never require it; they reach it as `ctx.game`.
--
-- A game ends wherever the flow is: `finish` ends it by `lib.ending.finish`, which `play`
-- in main.lua runs the flow under (`lib.ending.run`).

local posse = require "posse"
local seats = require "lib.seats"
local cards = require "lib.cards"
local ending = require "lib.ending"

---@class marshals.game
local M = {}

---The game's data (`data:` of scenarios/marshals/game.yaml and its mode).
local D = posse.data --[[@as marshals.Data]]
local N = posse.players()

-- Plain copies of what the game reads most, made once a game: the terrains by number, their
-- names, the counter of each map position, the seats' names, the zones' handles.
local TERRAINS, TERRAIN_NAMES, MAP = {}, {}, {}
for i, t in ipairs(D.terrains) do
  TERRAINS[i], MAP[i] = t, "map_" .. i
  TERRAIN_NAMES[t] = D.terrain_names[t] or t
end
local NT = #TERRAINS
---@type string[], Zone[], Zone[], Zone[], Zone[]
local NAMES, HAND, LOOK, BADGE, TROPHIES = {}, {}, {}, {}, {}
for s = 1, N do
  NAMES[s] = seats.name(s)
  HAND[s], LOOK[s] = posse.zone("hand", s), posse.zone("look", s)
  BADGE[s], TROPHIES[s] = posse.zone("badge", s), posse.zone("trophies", s)
end
local DECK, DISCARD, PENDING = posse.zone("deck"), posse.zone("discard"), posse.zone("pending")
local ASIDE = posse.zone("aside")
local BASIC, RESOURCES = D.mode == "basic", D.resources == true

---How the game ended, for the scoring (Z35): "captured", "escaped", "alone", "deck".
---@type string|nil
M.ended = nil

---The game's data (read-only: `posse.data`).
M.data = D
---@return integer
function M.players() return N end
---@return string
function M.mode() return D.mode end
---R58-R61: the mode for the youngest.
---@return boolean
function M.basic() return BASIC end
---Whether the game has Coins, Bullets and Provisions (BASIC has none, R61).
---@return boolean
function M.resources() return RESOURCES end
---The name of seat `s` (lib.seats.name, read once a game: every log line says one).
---@param s Seat
---@return string
function M.seat_name(s) return NAMES[s] end

------------------------------------------------------------------------ map

---The numbers 1..n in a random order (from the game's RNG).
---@param n integer
---@return integer[]
function M.permutation(n)
  local out = {}
  for i = 1, n do out[i] = i end
  for i = n, 2, -1 do
    local j = posse.random(i)
    out[i], out[j] = out[j], out[i]
  end
  return out
end

---The number of map positions (one a terrain).
---@return integer
function M.positions() return NT end
---The terrain id at map position `p` (1..4).
---@param p integer
---@return string
function M.terrain_at(p) return TERRAINS[posse.get(MAP[p] or ("map_" .. p))] end
---@param t string
---@return string
function M.terrain_name(t) return TERRAIN_NAMES[t] or t end
---Sets the map: `order[p]` is the number of the terrain at position p.
---@param order integer[]
function M.set_map(order)
  for p = 1, NT do posse.set(MAP[p], order[p]) end
end
---The position of terrain `t` on the map.
---@param t string
---@return integer
function M.position_of(t)
  for p = 1, NT do
    if M.terrain_at(p) == t then return p end
  end
  error("no terrain " .. tostring(t) .. " on the map", 0)
end
---The map position of seat `s` (0: off the map).
---@param s Seat
---@return integer
function M.pos(s) return posse.get("pos", s) end
---The terrain where seat `s` is.
---@param s Seat
---@return string
function M.here(s) return M.terrain_at(M.pos(s)) end
---The terrain of seat `s`'s Character (Z05).
---@param s Seat
---@return string
function M.character(s) return TERRAINS[posse.get("character", s)] end

---Z06: the positions next to `p` (no wrap-around), left first.
---@param p integer
---@return integer[]
function M.neighbours(p)
  local out = {}
  if p > 1 then out[#out + 1] = p - 1 end
  if p < NT then out[#out + 1] = p + 1 end
  return out
end

---The name of the terrain at position `p`.
---@param p integer
---@return string
function M.place_name(p) return TERRAIN_NAMES[M.terrain_at(p)] end

---Moves seat `s` to position `p`, saying how (`why`) in the log.
---@param s Seat
---@param p integer
---@param why string|nil
function M.move(s, p, why)
  posse.set("pos", p, s)
  if why then
    posse.log(NAMES[s] .. " moves to the " .. M.place_name(p) .. " (" .. why .. ").")
  else
    posse.log(NAMES[s] .. " moves to the " .. M.place_name(p) .. ".")
  end
end

------------------------------------------------------------------------ seats

---Other live Marshals at position `p`, clockwise from `a`'s left.
---@param a Seat
---@param p integer
---@return Seat[]
function M.others_at(a, p)
  local out = {}
  for _, s in ipairs(seats.clockwise(a)) do
    if M.pos(s) == p then out[#out + 1] = s end
  end
  return out
end

------------------------------------------------------------------------ cards

---The definitions of the cards read so far, by handle (lib.cards's memo, see `def`).
---@type table<Obj, Def>
M.defs = cards.defs

---The definition of card `c` (posse.def's table, asked once a card a game: lib.cards.def).
M.def = cards.def

---@param c Obj
---@return table
function M.props(c) return M.def(c).props end
---The card's kind (`props.kind`: movement, wild, ambush...).
---@param c Obj
---@return string
function M.kind(c) return M.def(c).props.kind end
---@param c Obj
---@return string
function M.card_name(c) return M.def(c).name end
---@param s Seat
---@return Zone
function M.hand(s) return HAND[s] end
---The cards `s` is looking at (Clue, Hideout), seen by him alone.
---@param s Seat
---@return Zone
function M.look(s) return LOOK[s] end
---@return Zone
function M.deck() return DECK end
---Where the Corrupt Marshal waits until setup shuffles it in (Z36).
---@return Zone
function M.aside() return ASIDE end
---Where a card played waits while it resolves (and for a Jurisdiction, Z20).
---@return Zone
function M.pending() return PENDING end

---Puts `c` on top of the discard pile, face up.
---@param c Obj
function M.discard(c)
  posse.move(c, DISCARD)
  posse.flip(c, true)
end

---The kind of the card on top of the discard pile (nil when empty).
---@return string|nil
function M.discard_top_kind()
  local c = posse.at(DISCARD)
  if c == nil then return nil end
  return M.kind(c)
end

---The cards in `s`'s hand for which `pred(card)` holds, in hand order.
---@param s Seat
---@param pred (fun(c: Obj): boolean)|nil
---@return Obj[]
function M.cards_of(s, pred)
  local out = {}
  for _, c in ipairs(posse.contents(HAND[s])) do
    if pred == nil or pred(c) then out[#out + 1] = c end
  end
  return out
end

------------------------------------------------------------------------ resources

---@param s Seat
---@param what string  "coins", "bullets" or "provisions"
---@return integer
function M.get(s, what) return posse.get(what, s) end

---Z23 (reading B): a voluntary spend must leave at least 1.
---@param s Seat
---@param what string
---@param n integer
---@return boolean
function M.can_spend(s, what, n) return RESOURCES and posse.get(what, s) >= n + 1 end

---@param s Seat
---@param what string
---@param n integer
function M.spend(s, what, n) posse.add(what, -n, s) end

---Seat `s` earns `n` Coins (nothing in BASIC), for `why` (said in the log).
---@param s Seat
---@param n integer
---@param why string|nil
function M.gain_coins(s, n, why)
  if not RESOURCES or n <= 0 then return end
  posse.add("coins", n, s)
  posse.log(("%s earns $%d%s."):format(NAMES[s], n, why and (" (" .. why .. ")") or ""))
end

---Z23: a forced payment of `n` needs `n + 1`; otherwise the seat is eliminated and pays
---nothing. Returns whether the seat is still in the game.
---@param s Seat
---@param what string
---@param n integer
---@param why string
---@return boolean
function M.pay_forced(s, what, n, why)
  local unit = n == 1 and what:gsub("s$", "") or what
  if posse.get(what, s) >= n + 1 then
    posse.add(what, -n, s)
    posse.log(("%s spends %d %s (%s)."):format(NAMES[s], n, unit, why))
    return true
  end
  posse.log(("%s cannot spend %d %s (%s) and keep one."):format(NAMES[s], n, unit, why))
  M.eliminate(s)
  return false
end

---R39, Z23: out of the game; the hand goes face up onto the discard pile, the Marshal off
---the map; Coins and trophies stay. The last Marshal standing ends the game (E3).
---@param s Seat
function M.eliminate(s)
  posse.eliminate(s)
  for _, c in ipairs(posse.contents(HAND[s])) do
    if M.kind(c) == "corrupt" then posse.log(NAMES[s] .. " was the Corrupt Marshal.") end
    M.discard(c)
  end
  posse.set("pos", 0, s)
  posse.log(NAMES[s] .. " is eliminated.")
  if seats.live_count() == 1 then
    M.ended = "alone"
    M.finish()
  end
end

------------------------------------------------------------------------ Corrupt Marshal

-- The Corrupt Marshal cards (kind "corrupt") of this game, by handle: found where the game
-- starts them (set aside until setup shuffles them in, Z36) when this module is loaded,
-- before setup; then looked for by handle (a card's handle never changes; where it is, the
-- engine says).
local CORRUPT = {}
for _, c in ipairs(posse.contents(ASIDE)) do
  if M.kind(c) == "corrupt" then CORRUPT[#CORRUPT + 1] = c end
end

---The seat holding the Corrupt Marshal (in hand or revealed), if any; and whether revealed.
---@return Seat|nil
---@return boolean
function M.corrupt()
  if #CORRUPT == 0 then return nil, false end
  local at = {}
  for i, c in ipairs(CORRUPT) do at[i] = posse.zone_of(c) end
  for s = 1, N do
    for i = 1, #at do
      if at[i] == BADGE[s] then return s, true end
    end
    for i = 1, #at do
      if at[i] == HAND[s] then return s, false end
    end
  end
  return nil, false
end

------------------------------------------------------------------------ Outlaws

-- Whether the deck still holds an Outlaw (read from the top until one is found).
---@return boolean
local function outlaw_in_deck()
  for i = 1, posse.count(DECK) do
    if M.kind(posse.at(DECK, i) --[[@as Obj]]) == "outlaw" then return true end
  end
  return false
end

---Z30: after a temporary escape, the deck holding only Outlaws that all escaped twice
---means they got away for good (E2). (Read from the top, where a card that is not an
---Outlaw usually ends the search at once.)
local function check_indefinite()
  local n = posse.count(DECK)
  if n == 0 then return end
  for i = 1, n do
    local c = posse.at(DECK, i) --[[@as Obj]]
    if M.kind(c) ~= "outlaw" then return end
    if posse.get("escapes_" .. M.props(c).number) < 2 then return end
  end
  posse.log("The last Outlaw gets away for good.")
  M.ended = "escaped"
  M.finish()
end

---R52: the Outlaw escapes to the bottom of the deck.
---@param c Obj
---@param why string
function M.escape(c, why)
  posse.move(c, DECK, "bottom")
  posse.flip(c, false)
  posse.add("escapes_" .. M.props(c).number, 1)
  posse.log(M.card_name(c) .. " escapes (" .. why .. ") to the bottom of the deck.")
end

-- The tags of a claim's options: "No claim" plays nothing; a claim, `claim`.
local CLAIM, NO_CLAIM = { false, "claim" }, { false }
-- The claims being asked (one round at a time; read only while it is pending).
local claiming = { terrain = "", cards = {}, sums = {} }
local function claim_prompt() return "A capture in the " .. M.terrain_name(claiming.terrain) .. ": claim a reward?" end

---Z15: claims after a capture in terrain `t`, by every eligible seat at once (all asked,
---so being asked tells nothing): all his Movement cards of that terrain, or none.
---@param capturer Seat
---@param t string
local function claims(capturer, t)
  local corrupt, revealed = M.corrupt()
  local reqs, offers = {}, {}
  claiming.terrain = t
  for _, s in ipairs(seats.clockwise(capturer)) do
    if not (revealed and s == corrupt) then
      local held = M.cards_of(s, function(c)
        local p = M.props(c)
        return p.kind == "movement" and p.terrain == t
      end)
      local sum = 0
      for _, c in ipairs(held) do sum = sum + M.props(c).value end
      offers[#offers + 1] = { seat = s, cards = held, sum = sum }
      reqs[#reqs + 1] = {
        seat = s,
        kind = "claim",
        prompt = claim_prompt,
        options = function()
          ---@type Option[]
          local o = { { id = "none", label = "No claim" } }
          if #held > 0 then
            local names = {}
            for i, c in ipairs(held) do names[i] = M.card_name(c) end
            local label = ("Claim $%d (%s)"):format(sum, table.concat(names, ", "))
            o[2] = { id = "claim", label = label, args = { sum = sum } }
          end
          return o
        end,
        count = #held > 0 and 2 or 1,
        secret = true,
        tags = #held > 0 and CLAIM or NO_CLAIM,
      }
    end
  end
  if #reqs == 0 then return end
  local answers = posse.choose_each(reqs)
  for i, o in ipairs(offers) do
    if answers[i] == 2 then
      local names = {}
      for k, c in ipairs(o.cards) do
        names[k] = M.card_name(c)
        M.discard(c)
      end
      posse.log(("%s claims with %s."):format(NAMES[o.seat], table.concat(names, ", ")))
      M.gain_coins(o.seat, o.sum, "claim")
    end
  end
end

---R29-R33, Z15-Z17, Z19: an Outlaw `c` drawn by `s` (in Step 1, or kept from a Hideout).
---@param c Obj
---@param s Seat
function M.outlaw(c, s)
  local p = M.props(c)
  -- Everyone sees the Outlaw, and so knows it at the bottom of the deck if it escapes.
  posse.reveal(c)
  posse.log(NAMES[s] .. " draws " .. M.card_name(c) .. " (danger " .. p.danger .. ").")
  local corrupt = M.corrupt()
  if corrupt == s then
    local badge = BADGE[s]
    for _, x in ipairs(posse.contents(HAND[s])) do
      if M.kind(x) == "corrupt" then
        posse.move(x, badge)
        posse.flip(x, true)
        posse.log(NAMES[s] .. " reveals the Corrupt Marshal card!")
      end
    end
    local payout = 0
    for _, x in ipairs(posse.contents(badge)) do payout = M.props(x).payout end
    M.escape(c, "helped by the Corrupt Marshal")
    M.gain_coins(s, payout, "the Corrupt Marshal's cut")
    check_indefinite()
    return
  end
  local top = M.discard_top_kind()
  if top == "ambush" or top == "camping" then
    M.escape(c, (top == "ambush" and "an Ambush" or "a Camping") .. " card is on top of the discard pile")
    check_indefinite()
    return
  end
  local zone = M.here(s)
  ---@type integer
  local reward = p.danger
  if zone == M.character(s) then reward = reward * 2 end
  posse.move(c, TROPHIES[s])
  posse.flip(c, true)
  posse.add("captures", 1, s)
  posse.log(("%s captures %s in the %s."):format(NAMES[s], M.card_name(c), M.terrain_name(zone)))
  M.gain_coins(s, reward, zone == M.character(s) and "reward, doubled in his terrain" or "reward")
  if RESOURCES then claims(s, zone) end
  if not outlaw_in_deck() then
    local held = false
    for x = 1, N do
      for _, h in ipairs(posse.contents(HAND[x])) do
        if M.kind(h) == "outlaw" then held = true end
      end
    end
    if not held then
      posse.log("All the Outlaws are captured.")
      M.ended = "captured"
      M.finish()
    end
  end
end

------------------------------------------------------------------------ end

---Z33: most Coins, then most captures, then still in the game; equal ones share.
---@return Seat[]
local function richest()
  ---@type integer[]|nil, Seat[]
  local best, winners = nil, {}
  for s = 1, N do
    local key = { posse.get("coins", s), posse.get("captures", s), seats.live(s) and 1 or 0 }
    local cmp = 0
    if best then
      for i = 1, 3 do
        if key[i] ~= best[i] then
          cmp = key[i] > best[i] and 1 or -1
          break
        end
      end
    end
    if not best or cmp > 0 then
      best, winners = key, { s }
    elseif cmp == 0 then
      winners[#winners + 1] = s
    end
  end
  return winners
end

---Z35, Z40: the winners of a game that has ended.
---@return Result
function M.score()
  local scores = {}
  for s = 1, N do scores[s] = RESOURCES and posse.get("coins", s) or posse.get("captures", s) end
  if seats.live_count() == 1 and M.ended == "alone" then
    for s = 1, N do
      if seats.live(s) then return { winners = { s }, scores = scores, reason = "the last Marshal in the game" } end
    end
  end
  local corrupt, revealed = M.corrupt()
  if M.ended == "escaped" and corrupt and revealed then
    return { winners = { corrupt }, scores = scores, reason = "the Corrupt Marshal let an Outlaw get away" }
  end
  if BASIC then
    local best, winners = -1, {}
    for s = 1, N do
      local n = posse.get("captures", s)
      if n > best then best, winners = n, { s } elseif n == best then winners[#winners + 1] = s end
    end
    return { winners = winners, scores = scores, reason = "the most Outlaws captured" }
  end
  for s = 1, N do
    if posse.get("captures", s) >= 3 then
      return { winners = { s }, scores = scores, reason = "captured three Outlaws" }
    end
  end
  return { winners = richest(), scores = scores, reason = "the most money earned" }
end

---Ends the game: scores it and ends it now (`lib.ending.finish`).
function M.finish()
  ending.finish(M.score())
end

------------------------------------------------------------------------ the cards' context

---The context a Marshals card gets (lib/cards.lua's contract), made by the flow with
---`cards.context(game.Context, seat, card)`: `ctx.seat` plays (or drew) the card,
---`ctx.card`, `ctx.def` and `ctx.props` are the card's, and `ctx.game` is this module, the
---game being played. The flow sets `ctx.to` for a move (the position a Movement or Wild
---card would reach) and `ctx.against` for a reaction (the Clue or Hideout a Jurisdiction
---would cancel). A card reads the map through the methods below (`ctx:here()`,
---`ctx:terrain_at(p)`): while Step 2 lists its options, the flow answers them from what it
---read once for the whole hand.
---@class marshals.Context: lib.Context
---@field card Obj
---@field def Def
---@field props table
---@field game marshals.game
---@field to integer|nil
---@field against Obj|nil
local Context = {}
Context.__index = Context
Context.game = M
M.Context = Context

---The map position of the card's player.
---@return integer
function Context:pos() return M.pos(self.seat) end

---The terrain where the card's player is.
---@return string
function Context:here() return M.here(self.seat) end

---The terrain at map position `p`.
---@param p integer
---@return string
function Context:terrain_at(p) return M.terrain_at(p) end

---The card's player earns `n` Coins, for `why`.
---@param n integer
---@param why string|nil
function Context:gain_coins(n, why) M.gain_coins(self.seat, n, why) end

---The card's player's name.
---@return string
function Context:name() return NAMES[self.seat] end

return M
