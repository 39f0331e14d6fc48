-- Marshals: the table, shared by the flow (main.lua) and the cards (cards.lua): positions on
-- the map, resources, payments and eliminations, the discard pile, the Corrupt Marshal,
-- captures and escapes, the end of the game. Ids (R.., Z..) are those of
-- shared/rules/marshals.gaps.md.
--
-- A game ends wherever the flow is: `finish` raises `OVER`, which only `play` catches.

local posse = require "posse"

local M = {}

M.OVER = setmetatable({}, { __tostring = function() return "marshals: game over" end })

local D, N
M.result = nil
-- How the game ended, for the scoring (Z35): "captured", "escaped", "alone", "deck".
M.ended = nil

function M.init()
  D, N = posse.data, posse.players()
  M.result, M.ended = nil, nil
end

function M.data() return D end
function M.players() return N end
function M.mode() return D.mode end
function M.basic() return D.mode == "basic" end
function M.resources() return D.resources end
function M.name(s) return posse.seat_name(s) end

------------------------------------------------------------------------ map

---The numbers 1..n in a random order (from the game's RNG).
function M.permutation(n)
  local out = {}
  for i = 1, n do out[i] = i end
  for i = n, 2, -1 do
    local j = posse.random(i)
    out[i], out[j] = out[j], out[i]
  end
  return out
end

---The terrain id at map position `p` (1..4).
function M.terrain_at(p) return D.terrains[posse.get("map_" .. p)] end
function M.terrain_name(t) return D.terrain_names[t] or t end
---The position of terrain `t` on the map.
function M.position_of(t)
  for p = 1, #D.terrains do
    if M.terrain_at(p) == t then return p end
  end
  error("no terrain " .. tostring(t) .. " on the map", 0)
end
function M.pos(s) return posse.get("pos", s) end
function M.here(s) return M.terrain_at(M.pos(s)) end
function M.character(s) return D.terrains[posse.get("character", s)] end

---Z06: the positions next to `p` (no wrap-around), left first.
function M.neighbours(p)
  local out = {}
  if p > 1 then out[#out + 1] = p - 1 end
  if p < #D.terrains then out[#out + 1] = p + 1 end
  return out
end

function M.place_name(p) return M.terrain_name(M.terrain_at(p)) end

function M.move(s, p, why)
  posse.set("pos", p, s)
  posse.log(("%s moves to the %s%s."):format(M.name(s), M.place_name(p), why and (" (" .. why .. ")") or ""))
end

------------------------------------------------------------------------ seats

function M.alive(s) return not posse.is_eliminated(s) end

---Live seats clockwise from the seat after `a` (`a` itself last when `with_self`).
function M.clockwise(a, with_self)
  local out = {}
  for k = 1, N - 1 do
    local s = (a - 1 + k) % N + 1
    if M.alive(s) then out[#out + 1] = s end
  end
  if with_self and M.alive(a) then out[#out + 1] = a end
  return out
end

function M.live_count()
  local n = 0
  for s = 1, N do
    if M.alive(s) then n = n + 1 end
  end
  return n
end

---Other live Marshals at position `p`, clockwise from `a`'s left.
function M.others_at(a, p)
  local out = {}
  for _, s in ipairs(M.clockwise(a)) do
    if M.pos(s) == p then out[#out + 1] = s end
  end
  return out
end

------------------------------------------------------------------------ cards

function M.def(c) return posse.def(c) end
function M.props(c) return posse.def(c).props end
function M.kind(c) return posse.def(c).props.kind end
function M.card_name(c) return posse.def(c).name end
function M.hand(s) return posse.zone("hand", s) end
function M.deck() return posse.zone("deck") end
function M.discard_zone() return posse.zone("discard") end

---Puts `c` on top of the discard pile, face up.
function M.discard(c)
  posse.move(c, M.discard_zone())
  posse.flip(c, true)
end

---The kind of the card on top of the discard pile (nil when empty).
function M.discard_top_kind()
  local z = M.discard_zone()
  if posse.count(z) == 0 then return nil end
  return M.kind(posse.at(z))
end

---The cards in `s`'s hand for which `pred(card)` holds, in hand order.
function M.cards_of(s, pred)
  local out = {}
  for _, c in ipairs(posse.contents(M.hand(s))) do
    if pred == nil or pred(c) then out[#out + 1] = c end
  end
  return out
end

------------------------------------------------------------------------ resources

function M.get(s, what) return posse.get(what, s) end

---Z23 (reading B): a voluntary spend must leave at least 1.
function M.can_spend(s, what, n) return D.resources and posse.get(what, s) >= n + 1 end

function M.spend(s, what, n) posse.add(what, -n, s) end

function M.gain_coins(s, n, why)
  if not D.resources or n <= 0 then return end
  posse.add("coins", n, s)
  posse.log(("%s earns $%d%s."):format(M.name(s), n, why and (" (" .. why .. ")") or ""))
end

---Z23: a forced payment of `n` needs `n + 1`; otherwise the seat is eliminated and pays
---nothing. Returns whether the seat is still in the game.
function M.pay_forced(s, what, n, why)
  if posse.get(what, s) >= n + 1 then
    posse.add(what, -n, s)
    posse.log(("%s spends %d %s (%s)."):format(M.name(s), n, n == 1 and what:gsub("s$", "") or what, why))
    return true
  end
  posse.log(("%s cannot spend %d %s (%s) and keep one."):format(M.name(s), n, what, why))
  M.eliminate(s)
  return false
end

---R39, Z23: out of the game; the hand goes face up onto the discard pile, the Marshal off
---the map; Coins and trophies stay. The last Marshal standing ends the game (E3).
function M.eliminate(s)
  posse.eliminate(s)
  for _, c in ipairs(posse.contents(M.hand(s))) do
    if M.kind(c) == "corrupt" then posse.log(M.name(s) .. " was the Corrupt Marshal.") end
    M.discard(c)
  end
  posse.set("pos", 0, s)
  posse.log(M.name(s) .. " is eliminated.")
  if M.live_count() == 1 then
    M.ended = "alone"
    M.finish()
  end
end

------------------------------------------------------------------------ Corrupt Marshal

---The seat holding the Corrupt Marshal (in hand or revealed), if any; and whether revealed.
function M.corrupt()
  for s = 1, N do
    for _, c in ipairs(posse.contents(posse.zone("badge", s))) do
      if M.kind(c) == "corrupt" then return s, true end
    end
    for _, c in ipairs(posse.contents(M.hand(s))) do
      if M.kind(c) == "corrupt" then return s, false end
    end
  end
  return nil, false
end

------------------------------------------------------------------------ Outlaws

local function outlaws_left()
  local n = 0
  for _, c in ipairs(posse.contents(M.deck())) do
    if M.kind(c) == "outlaw" then n = n + 1 end
  end
  return n
end

---Z30: after a temporary escape, the deck holding only Outlaws that all escaped twice
---means they got away for good (E2).
local function check_indefinite()
  local deck = posse.contents(M.deck())
  if #deck == 0 then return end
  for _, c in ipairs(deck) do
    if M.kind(c) ~= "outlaw" then return end
    if posse.get("escapes_" .. M.props(c).number) < 2 then return end
  end
  posse.log("The last Outlaw gets away for good.")
  M.ended = "escaped"
  M.finish()
end

---R52: the Outlaw escapes to the bottom of the deck.
function M.escape(c, why)
  posse.move(c, M.deck(), "bottom")
  posse.flip(c, false)
  posse.add("escapes_" .. M.props(c).number, 1)
  posse.log(M.card_name(c) .. " escapes (" .. why .. ") to the bottom of the deck.")
end

---Z15: claims after a capture in terrain `t`, by every eligible seat at once (all asked,
---so being asked tells nothing): all his Movement cards of that terrain, or none.
local function claims(capturer, t)
  local _, revealed = M.corrupt()
  local corrupt = M.corrupt()
  local reqs, offers = {}, {}
  for _, s in ipairs(M.clockwise(capturer)) do
    if not (revealed and s == corrupt) then
      local cards = M.cards_of(s, function(c) return M.kind(c) == "movement" and M.props(c).terrain == t end)
      local sum = 0
      for _, c in ipairs(cards) do sum = sum + M.props(c).value end
      offers[#offers + 1] = { seat = s, cards = cards, sum = sum }
      reqs[#reqs + 1] = {
        seat = s,
        prompt = "A capture in the " .. M.terrain_name(t) .. ": claim a reward?",
        options = function()
          local o = { "No claim" }
          if #cards > 0 then
            local names = {}
            for i, c in ipairs(cards) do names[i] = M.card_name(c) end
            o[2] = ("Claim $%d (%s)"):format(sum, table.concat(names, ", "))
          end
          return o
        end,
        count = #cards > 0 and 2 or 1,
        secret = true,
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
      posse.log(("%s claims with %s."):format(M.name(o.seat), table.concat(names, ", ")))
      M.gain_coins(o.seat, o.sum, "claim")
    end
  end
end

---R29-R33, Z15-Z17, Z19: an Outlaw `c` drawn by `s` (in Step 1, or kept from a Hideout).
function M.outlaw(c, s)
  local p = M.props(c)
  -- Everyone sees the Outlaw, and so knows it at the bottom of the deck if it escapes.
  posse.reveal(c)
  posse.log(M.name(s) .. " draws " .. M.card_name(c) .. " (danger " .. p.danger .. ").")
  local corrupt = M.corrupt()
  if corrupt == s then
    local badge = posse.zone("badge", s)
    for _, x in ipairs(posse.contents(M.hand(s))) do
      if M.kind(x) == "corrupt" then
        posse.move(x, badge)
        posse.flip(x, true)
        posse.log(M.name(s) .. " reveals the Corrupt Marshal card!")
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
    M.escape(c, "an " .. top .. " is on top of the discard pile")
    check_indefinite()
    return
  end
  local zone = M.here(s)
  local reward = p.danger
  if zone == M.character(s) then reward = reward * 2 end
  posse.move(c, posse.zone("trophies", s))
  posse.flip(c, true)
  posse.add("captures", 1, s)
  posse.log(("%s captures %s in the %s."):format(M.name(s), M.card_name(c), M.terrain_name(zone)))
  M.gain_coins(s, reward, zone == M.character(s) and "reward, doubled in his terrain" or "reward")
  if D.resources then claims(s, zone) end
  if outlaws_left() == 0 then
    local held = false
    for x = 1, N do
      for _, h in ipairs(posse.contents(M.hand(x))) do
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
local function richest()
  local best, winners
  for s = 1, N do
    local key = { posse.get("coins", s), posse.get("captures", s), M.alive(s) and 1 or 0 }
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
function M.score()
  local scores = {}
  for s = 1, N do scores[s] = D.resources and posse.get("coins", s) or posse.get("captures", s) end
  if M.live_count() == 1 and M.ended == "alone" then
    for s = 1, N do
      if M.alive(s) then return { winners = { s }, scores = scores, reason = "the last Marshal in the game" } end
    end
  end
  local corrupt, revealed = M.corrupt()
  if M.ended == "escaped" and corrupt and revealed then
    return { winners = { corrupt }, scores = scores, reason = "the Corrupt Marshal let an Outlaw get away" }
  end
  if D.mode == "basic" then
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

function M.finish()
  M.result = M.score()
  posse.set_current(nil)
  error(M.OVER, 0)
end

return M
