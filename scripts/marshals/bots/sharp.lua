-- Marshals strategy bot "sharp": draws as many cards as it can. Outlaws are found by
-- drawing, and every move draws again (Z08), so in Step 2 it chains moves, spending its
-- cheapest Movement cards first (a card kept is worth its value in a claim) and heading
-- for its own terrain (a capture there pays double). It keeps enough Bullets and Provisions
-- to survive an Ambush or a Camping, and ends its turn with the best Action it holds: one
-- that eliminates or hurts the Marshals here, or a Hideout; when it is the Corrupt Marshal,
-- also an Ambush or Camping that hits nobody, left on the discard pile so that the next
-- Outlaw drawn escapes. It knows a question by its kind and an option by its id and
-- arguments (scripts/marshals/questions.lua: the card it plays, where a move goes, the
-- value of a card shown), the map by the view's counters `map_1`..`map_4`, and never reads
-- a prompt or a label; a kind it does not know is an error.
--
-- Figures (`posse sim marshals -n 200 --bot 1=sharp`, the other seats random; wins of
-- seat 1 alone): see scripts/marshals/DECISIONS.md, "Questions".

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

-- Options by id, and the best by a score of (i, id, args): lib.bot's.
local best, by_id = bot.best, bot.by_id

---My hand's card an option plays (`args.card`, its definition id).
---@param s sharp.Seat
---@param card string|nil
---@return ObjectView|nil
local function card_played(s, card)
  if not card then return nil end
  local hand = s.me.zones.hand
  for _, o in ipairs(hand and hand.objects or {}) do
    if not o.hidden and o.def == card then return o end
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
  return best(q, function(_, id, args)
    if id == "end" then return 0 end -- end the turn
    local to = args.to --[[@as integer|nil]]
    if id == "provision_move" then
      if (s.c.provisions or 0) - 1 < RESERVE then return -10 end
      return move_score(s, to, 8, nil)
    elseif id == "push" then
      if (s.c.bullets or 0) - 1 < RESERVE then return -10 end
      return move_score(s, nil, 10, nil)
    end
    local o = card_played(s, args.card --[[@as string|nil]])
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

---The props of the card I am looking at (a Hideout's or a Clue's cards in my zone `look`,
---or a rival's cards a Hideout showed me) whose definition id is `card`.
---@param s sharp.Seat
---@param card string|nil
---@return table|nil
local function looked_at(s, card)
  local look = s.me.zones.look
  for _, o in ipairs(look and look.objects or {}) do
    if not o.hidden and o.def == card then return o.props end
  end
  for i, sv in ipairs(s.view.seats) do
    local hand = i ~= s.view.seat and sv.zones.hand or nil
    for _, o in ipairs(hand and hand.objects or {}) do
      if not o.hidden and o.def == card then return o.props end
    end
  end
  return nil
end

---Hideout, keep which card: an Outlaw (caught, or paid for if I am corrupt), else the
---card worth most to me; the other goes back on top for the next player.
---@param s sharp.Seat
---@param q BotQuestion
---@return integer
local function keep(s, q)
  return best(q, function(_, _, args)
    local p = looked_at(s, args.card) or {}
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
  return best(q, function(_, _, args)
    local p = looked_at(s, args.card) or {}
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
  -- The Ambush or Camping played waits in the zone `pending` while it resolves.
  local pending = s.view.zones.pending
  local card = pending and pending.objects[1]
  local props = card and not card.hidden and card.props or {}
  local what = props.resource or "bullets"
  local cost = props.cost or 2
  local pinned = (s.c[what] or 0) < cost + 2
  return best(q, function(_, id, args)
    if id == "nothing" then return -100 end
    local v = args.value or 0
    return pinned and v or -v
  end)
end

---Pushed away: move for free (to my own terrain if I can), never spend the Bullet.
---@param s sharp.Seat
---@param q BotQuestion
---@return integer
local function pushed(s, q)
  return best(q, function(_, id, args)
    if id == "stay" then return -1 end
    return args.terrain == s.data.terrains[s.c.character or 0] and 2 or 1
  end)
end

---Village: buy up to the reserve, Provisions first (they also buy moves).
---@param s sharp.Seat
---@param q BotQuestion
---@return integer
local function village(s, q)
  return best(q, function(_, id)
    if id == "provision" and (s.c.provisions or 0) < RESERVE then return 2 end
    if id == "bullet" and (s.c.bullets or 0) < RESERVE then return 1 end
    return id == "done" and 0 or -1
  end)
end

---How many cards seat `seat` holds, as I see it.
---@param s sharp.Seat
---@param seat integer
---@return integer
local function hand_size(s, seat)
  local sv = s.view.seats[seat]
  local hand = sv and sv.zones.hand
  return hand and hand.count or 0
end

---BASIC: a rival to rob (the most cards) or to make skip a turn (the most Outlaws).
---@param s sharp.Seat
---@param q BotQuestion
---@return integer
local function rival(s, q)
  return best(q, function(_, id, args)
    local seat = args.seat --[[@as integer]]
    if id == "rob" then return hand_size(s, seat) end
    local sv = s.view.seats[seat]
    return sv and sv.counters.captures or 0
  end)
end

---Hideout: search the deck (an Outlaw may be there); with none, the rival holding most.
---@param s sharp.Seat
---@param q BotQuestion
---@return integer
local function search(s, q)
  return best(q, function(_, id, args)
    if id == "deck" then return 100 end
    return hand_size(s, args.seat --[[@as integer]])
  end)
end

-- What the bot answers, by question kind (scripts/marshals/questions.lua).
---@type table<string, fun(s: sharp.Seat, q: BotQuestion): integer|integer[]>
local ANSWER = {
  turn = step,
  pushed = pushed,
  show = show,
  keep = keep,
  stack = stack,
  search = search,
  buy = village,
  rival = rival,
  -- Hideout in a rival's hand: the cards are face down and shuffled, any will do.
  blind = function(_, q)
    local out = {}
    for i = 1, q.min do out[i] = i end
    return out
  end,
  -- Claim whenever I can: money is the score.
  claim = function(_, q) return by_id(q, "claim") or by_id(q, "none") or 1 end,
  -- Cancel a rival's Clue or Hideout and take it.
  jurisdiction = function(_, q) return by_id(q, "play") or by_id(q, "pass") or 1 end,
  -- A ticket costs Coins, and Coins are the score.
  train = function(_, q) return by_id(q, "stay") or 1 end,
  -- Travel to a village only when short of Bullets or Provisions.
  travel = function(s, q)
    local low = (s.c.bullets or 0) < 2 or (s.c.provisions or 0) < 2
    return (low and by_id(q, "travel")) or by_id(q, "stay") or 1
  end,
}

---@type Bot
return {
  about = "Chains moves to draw more, keeps Bullets and Provisions, hits Marshals it can hurt",
  pick = function(view, q, data)
    local answer = ANSWER[q.kind or ""]
    if not answer then error("sharp: no answer for a '" .. tostring(q.kind) .. "' question", 0) end
    local me = bot.me(view)
    ---@type sharp.Seat
    local s = { view = view, data = data, me = me, c = me.counters, basic = data.mode == "basic",
      corrupt = corrupt(view) }
    return answer(s, q)
  end,
}
