-- Marshals strategy bot "sharp": draws as many cards as it can. Outlaws are found by
-- drawing, and every move draws again (Z08), so in Step 2 it chains moves, spending its
-- cheapest Movement cards first (a card kept is worth its value in a claim) and heading
-- for its own terrain (a capture there pays double). It keeps enough Bullets and Provisions
-- to survive an Ambush or a Camping, and ends its turn with the best Action it holds: one
-- that eliminates or hurts the Marshals here, or a Hideout; when it is the Corrupt Marshal,
-- also an Ambush or Camping that hits nobody, left on the discard pile so that the next
-- Outlaw drawn escapes. It knows an option by its tag (the card's definition id, or the
-- action's name: `provision_move`, `push`, `search_deck`...) and reads from its label only
-- what no tag says: where a move goes, and the value of a card shown.

local bot = require("lib.bot")

-- What a card in hand is worth kept (for a claim, or to get away from an Ambush).
local KEEP = { wild = 4, ambush = 6, camping = 6, clue = 5, hideout = 9, jurisdiction = 9 }
-- Bullets and Provisions kept for a forced payment of 2 (Z23: n + 1 needed).
local RESERVE = 3
-- An Ambush or Camping played where it hits nobody, by who is known to be corrupt.
local ESCAPE = { me = 40, rival = -1, [""] = -1 }
-- A move draws a card: the base score of every option that draws again.
local DRAW = 100

---@class sharp.Seat
---@field view View
---@field data table
---@field me SeatView
---@field c table<string, integer>   my counters
---@field basic boolean
---@field corrupt string  "me": I hold the Corrupt Marshal; "rival": a rival revealed it; "" else

---The terrain id at map position `p`.
---@param s sharp.Seat
---@param p integer
---@return string|nil
local function terrain_at(s, p)
  return s.data.terrains[s.view.counters["map_" .. p] or 0]
end

---The map position whose terrain is named `name` ("Desert"), or nil.
---@param s sharp.Seat
---@param name string
---@return integer|nil
local function position_named(s, name)
  for p = 1, #s.data.terrains do
    local t = terrain_at(s, p)
    if t and s.data.terrain_names[t] == name then return p end
  end
  return nil
end

---My hand's card an option plays, by its tag (the card's definition id).
---@param s sharp.Seat
---@param tag string|false
---@return ObjectView|nil
local function card_played(s, tag)
  if not tag then return nil end
  local hand = s.me.zones.hand
  for _, o in ipairs(hand and hand.objects or {}) do
    if not o.hidden and o.def == tag then return o end
  end
  return nil
end

---Who is known to help the Outlaws: "me" (in my hand or on my badge), "rival" (on a
---rival's badge) or "".
---@param view View
---@return string
local function corrupt(view)
  for i, sv in ipairs(view.seats) do
    for _, z in pairs({ sv.zones.badge, i == view.seat and sv.zones.hand or nil }) do
      for _, o in ipairs(z.objects) do
        if o.props and o.props.kind == "corrupt" then return i == view.seat and "me" or "rival" end
      end
    end
  end
  return ""
end

---The other live Marshals at my position.
---@param s sharp.Seat
---@return SeatView[]
local function others_here(s)
  local out = {}
  for i, sv in ipairs(s.view.seats) do
    if i ~= s.view.seat and not sv.eliminated and sv.counters.pos == s.c.pos then out[#out + 1] = sv end
  end
  return out
end

---How many moves my hand (less the card `used`) allows from position `p`: a move that
---leaves more moves open keeps the chain of draws going.
---@param s sharp.Seat
---@param p integer
---@param used ObjectView|nil
---@return integer
local function moves_from(s, p, used)
  local n = 0
  local near = { [terrain_at(s, p - 1) or ""] = true, [terrain_at(s, p + 1) or ""] = true }
  for _, o in ipairs(s.me.zones.hand.objects) do
    if o ~= used and not o.hidden and o.props then
      if o.props.kind == "wild" or (o.props.kind == "movement" and near[o.props.terrain]) then n = n + 1 end
    end
  end
  return n
end

---The score of moving to position `p` (spending `cost`, what the thing spent is worth).
---@param s sharp.Seat
---@param p integer|nil
---@param cost number
---@param used ObjectView|nil
---@return number
local function move_score(s, p, cost, used)
  if not p then return DRAW - cost end
  -- BASIC has no Coins: a capture pays no more in one's own terrain.
  local own = not s.basic and terrain_at(s, p) == s.data.terrains[s.c.character or 0]
  return DRAW - cost + (own and 15 or 0) + 3 * math.min(moves_from(s, p, used), 3)
end

---The score of an Ambush or a Camping (`props`) played here, ending my turn.
---@param s sharp.Seat
---@param props table
---@return number
local function hold_up_score(s, props)
  if s.basic then return props.kind == "camping" and 60 or 50 end
  local here = others_here(s)
  -- Nobody here: left on the pile, the next Outlaw drawn escapes. That denies the next
  -- player a capture, and helps the Corrupt Marshal's Outlaws get away for good.
  if #here == 0 then return ESCAPE[s.corrupt] or -1 end
  local score = 40 + 10 * props.cost
  -- A lone Marshal here who cannot pay and keep one is eliminated: better than a draw.
  if #here == 1 and (here[1].counters[props.resource] or 0) < props.cost + 1 then score = DRAW + 50 end
  return score
end

---The score of playing card `o` in Step 2 (an Action or an Event; it ends the turn).
---@param s sharp.Seat
---@param o ObjectView
---@return number
local function action_score(s, o)
  local kind = o.props.kind
  if kind == "ambush" or kind == "camping" then return hold_up_score(s, o.props) end
  if kind == "hideout" then return 45 end
  if kind == "clue" then return 25 end
  if kind == "village" then
    local low = (s.c.bullets or 0) < RESERVE or (s.c.provisions or 0) < RESERVE
    return low and 30 or -1
  end
  return -1 -- Border, Train: nothing for me; kept
end

---Step 2: chain moves while it pays, then end with the best Action.
---@param s sharp.Seat
---@param q BotQuestion
---@return integer
local function step(s, q)
  return bot.best(q, function(_, label, tag)
    if tag == false then return 0 end -- end the turn
    local to = position_named(s, string.match(label, "move to the (%a+)$") or "")
    if tag == "provision_move" then
      if (s.c.provisions or 0) - 1 < RESERVE then return -10 end
      return move_score(s, to, 8, nil)
    elseif tag == "push" then
      if (s.c.bullets or 0) - 1 < RESERVE then return -10 end
      return move_score(s, nil, 10, nil)
    end
    local o = card_played(s, tag)
    if not o or not o.props then return -5 end
    if o.props.when == "move" then
      -- A Wild goes anywhere: kept, it keeps later chains going. BASIC has no claims.
      local wild = o.props.kind == "wild"
      local worth = wild and KEEP.wild or (o.props.value or 0)
      if s.basic then worth = wild and 2 or 0 end
      return move_score(s, to, worth, o)
    end
    return action_score(s, o)
  end)
end

---The props of the card I am looking at (a Hideout's or a Clue's cards) whose definition
---id is `tag`.
---@param s sharp.Seat
---@param tag string|false
---@return table|nil
local function looked_at(s, tag)
  local look = s.me.zones.look
  for _, o in ipairs(look and look.objects or {}) do
    if not o.hidden and o.def == tag then return o.props end
  end
  return nil
end

---Hideout, keep which card: an Outlaw (caught, or paid for if I am corrupt), else the
---card worth most to me; the other goes back on top for the next player.
---@param s sharp.Seat
---@param q BotQuestion
---@return integer
local function keep(s, q)
  return bot.best(q, function(_, _, tag)
    local p = looked_at(s, tag) or {}
    if p.kind == "outlaw" then return 100 end
    if p.kind == "movement" then return 2 + (p.value or 0) / 2 end
    return KEEP[p.kind] or 1
  end)
end

---Clue, which card goes next: an Event first (it ends the next player's turn), Outlaws
---last (deepest, so the next player is least likely to reach them).
---@param s sharp.Seat
---@param q BotQuestion
---@return integer
local function stack(s, q)
  return bot.best(q, function(_, _, tag)
    local p = looked_at(s, tag) or {}
    if p.when == "event" then return 10 end
    if p.kind == "outlaw" then return 0 end
    if p.kind == "corrupt" then return 3 end
    return 5
  end)
end

---Ambush or Camping against me with others here: show a card to get away. Paying would
---eliminate me: show the highest; otherwise the lowest (it still beats a Marshal showing
---nothing, and the highest shown is the one given away).
---@param s sharp.Seat
---@param q BotQuestion
---@return integer
local function show(s, q)
  local what = string.find(q.prompt, "^Camping") and "provisions" or "bullets"
  local cost = bot.number(q.prompt) or 2
  local pinned = (s.c[what] or 0) < cost + 2
  return bot.best(q, function(_, label, tag)
    if tag == false then return -100 end -- show nothing
    local v = bot.number(label) or 0
    return pinned and v or -v
  end)
end

---Pushed away: move for free (to my own terrain if I can), never spend the Bullet.
---@param s sharp.Seat
---@param q BotQuestion
---@return integer
local function pushed(s, q)
  return bot.best(q, function(_, label, tag)
    if tag == "stay" then return -1 end
    local p = position_named(s, string.match(label, "move to the (%a+)$") or "")
    return (p and terrain_at(s, p) == s.data.terrains[s.c.character or 0]) and 2 or 1
  end)
end

---Village: buy up to the reserve, Provisions first (they also buy moves).
---@param s sharp.Seat
---@param q BotQuestion
---@return integer
local function village(s, q)
  return bot.best(q, function(_, _, tag)
    if tag == "buy_provision" and (s.c.provisions or 0) < RESERVE then return 2 end
    if tag == "buy_bullet" and (s.c.bullets or 0) < RESERVE then return 1 end
    return tag == false and 0 or -1
  end)
end

---BASIC: a rival to rob (the most cards) or to make skip a turn (the most Outlaws).
---@param q BotQuestion
---@return integer
local function rival(q)
  return bot.best(q, function(_, label) return bot.number(string.match(label, "%((.*)%)") or "") or 0 end)
end

---@type Bot
return {
  about = "Chains moves to draw more, keeps Bullets and Provisions, hits Marshals it can hurt",
  pick = function(view, q, data)
    local me = bot.me(view)
    ---@type sharp.Seat
    local s = { view = view, data = data, me = me, c = me.counters, basic = data.mode == "basic",
      corrupt = corrupt(view) }
    local p = q.prompt
    if q.multi then
      local out = {}
      for i = 1, q.min do out[i] = i end
      return out
    elseif string.find(p, "^Your turn") then
      return step(s, q)
    elseif string.find(p, "claim a reward") then
      return q.count -- "No claim" comes first: money is the score
    elseif string.find(p, "pushes you away") then
      return pushed(s, q)
    elseif string.find(p, "to get away") then
      return show(s, q)
    elseif string.find(p, "^Hideout: keep") then
      return keep(s, q)
    elseif string.find(p, "^Hideout: where") then
      return bot.by_tag(q, "search_deck") or math.random(q.count)
    elseif string.find(p, "^Clue") then
      return stack(s, q)
    elseif string.find(p, "Jurisdiction%?") then
      return q.count -- cancel a rival's Clue or Hideout and take it
    elseif string.find(p, "^Train") then
      return 1 -- a ticket costs Coins, and Coins are the score
    elseif string.find(p, "^Village in") then
      local low = (me.counters.bullets or 0) < 2 or (me.counters.provisions or 0) < 2
      return low and 2 or 1
    elseif string.find(p, "^Village: buy") then
      return village(s, q)
    elseif string.find(p, "take a card from whom") or string.find(p, "who skips") then
      return rival(q)
    end
    return math.random(q.count)
  end,
}
