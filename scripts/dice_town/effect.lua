-- Phase 2 of a turn of Desperados of Dice Town: the effect the player stopped his dice on.
-- Actions (D1-D6): declare the assignment, the opponents' OPP-ACT window (Stand-Off), then
-- each Action in the order the player likes, with ACT/OWN cards between them; a Brain's
-- Action uses his gang's ability through the card contract (gangs.yaml). Or a draw
-- (W1-W3): Trio, Set of four, Misery. Also the effects as options, which the roll menu
-- offers.
--
-- The Actions menu is asked often: what it offers is kept in one table, and its options are
-- a function of that table that runs only when someone reads it.

local posse = require "posse"
local ask = require "lib.ask"
local cards = require "lib.cards"
local seats = require "lib.seats"
local text = require "lib.text"
local game = require "dice_town.game"
local hands = require "dice_town.hands"
local context = require "dice_town.context"

---@class dice_town.effect
local M = {}

local turn, NUM, EMPTY, C = game.turn, game.NUM, game.EMPTY, game.config()

-- Card timings accepted by the windows of this phase (props.when of cards.yaml).
local ACT_OWN = hands.timings("act", "own")
local ACT = hands.timings("act")
local OPP_ACT = hands.timings("opp_act")

local DRAW_NAME = { trio = "Trio", four = "Set of four", misery = "Misery" }

-- The widest a label should be: the REPL numbers it ("  8) ") on an 80-column line.
local LABEL_WIDTH = text.WIDTH - 6

----------------------------------------------------------------------- labels

---"Lady x2 + Boss" (acts are in canonical order, so equal ids are adjacent).
---@param p Seat
---@param acts string[]
---@return string
function M.acts_label(p, acts)
  local out, i, n = nil, 1, #acts
  while i <= n do
    local j = i
    while acts[j + 1] == acts[i] do j = j + 1 end
    local part = game.desperado_name(p, acts[i])
    if j > i then part = part .. " x" .. NUM[j - i + 1] end
    out = out and (out .. " + " .. part) or part
    i = j + 1
  end
  return out or ""
end

---The option of effect `e` in `p`'s roll menu: "Act: Lady x2 + Boss", "Trio: draw 3 Wild
---West cards, keep 1". An Action of an escaped Desperado is no rank turned: the label
---says what it does ("Act: Lady x2 + Boss (free Lady: $5 from p2, p3)").
---@param p Seat
---@param e dice_town.Effect
---@return string
function M.label(p, e)
  if e.kind == "act" then
    local acts = e.acts --[[@as string[] ]]
    local free, seen = {}, {}
    for _, id in ipairs(acts) do
      if not seen[id] and game.rank(p, id) == 0 then
        seen[id] = true
        free[#free + 1] = "free " .. game.desperado_name(p, id) .. ": "
          .. context.action_text(p, id):gsub("^escaped: ", "")
      end
    end
    local label = "Act: " .. M.acts_label(p, acts)
    if #free > 0 then label = label .. " (" .. text.short(table.concat(free, "; "), LABEL_WIDTH - #label - 3) .. ")" end
    return label
  end
  local d = C.draws[e.kind]
  if d.draw == d.keep then
    return DRAW_NAME[e.kind] .. ": draw " .. NUM[d.draw] .. " Wild West card" .. (d.draw > 1 and "s" or "")
  end
  return DRAW_NAME[e.kind] .. ": draw " .. NUM[d.draw] .. " Wild West cards, keep " .. NUM[d.keep]
end

---Effect `e` as an option of the roll menu (questions.lua, kind roll): id "act" with
---each Desperado's number of Actions by his id ({lady = 2, boss = 1}), or "draw" with
---`combo` (trio, four, misery) and what it draws and keeps.
---@param p Seat
---@param e dice_town.Effect
---@return Option
function M.option(p, e)
  local acts = e.acts
  if acts then
    local args = {}
    for _, id in ipairs(acts) do args[id] = (args[id] or 0) + 1 end
    return { id = "act", label = M.label(p, e), args = args }
  end
  local d = C.draws[e.kind]
  return { id = "draw", label = M.label(p, e), args = { combo = e.kind, draw = d.draw, keep = d.keep } }
end

------------------------------------------------------------------------ draws

-- The keep question's `how` (ask.pick), reused: read when the flow yields.
local KEEP_HOW = { secret = false, tags = nil }

-- W1-W3: the drawn cards wait in the seat's pick zone (only he sees them) until he keeps
-- some; the others go face up to the discard pile. Which he kept is told to him alone.
---@param p Seat
---@param kind string
local function draw(p, kind)
  local d = C.draws[kind]
  local pick = hands.pick(p)
  for _ = 1, d.draw do
    if not hands.draw_top(pick) then break end
  end
  local drawn = posse.contents(pick)
  local n = #drawn
  if n == 0 then
    posse.log(DRAW_NAME[kind] .. ": no Wild West cards left to draw.")
    return
  end
  -- (made with room for four cards drawn: lib/tables.lua)
  local keep = { nil, nil, nil, nil } --[[@as boolean[] ]]
  if n <= d.keep then
    for i = 1, n do keep[i] = true end
  else
    local function options()
      local opts = {} ---@type Option[]
      for i, card in ipairs(drawn) do
        local def = hands.def(card)
        opts[i] = { id = "card", label = def.name, args = { card = def.id } }
      end
      return opts
    end
    -- Each option is tagged by the card kept.
    local how = KEEP_HOW
    how.tags = cards.tags(drawn, 0)
    if d.keep == 1 then
      local k = ask.pick(p, "keep", "Keep which card?", options, n, how)
      keep[k] = true
    else
      local picks = ask.picks(p, "keep", "Keep which " .. NUM[d.keep] .. " cards?", options, n, d.keep, d.keep, how)
      for _, i in ipairs(picks) do keep[i] = true end
    end
  end
  -- The names kept and dropped, "Jinx, Dynamite" (nil: none).
  local kept, nk, dropped = nil, 0, nil ---@type string|nil, integer, string|nil
  for i = 1, n do
    local card = drawn[i]
    local name = hands.def(card).name
    if keep[i] then
      hands.to_hand(p, card)
      kept, nk = kept and (kept .. ", " .. name) or name, nk + 1
    else
      hands.to_discard(p, card)
      dropped = dropped and (dropped .. ", " .. name) or name
    end
  end
  local line = DRAW_NAME[kind] .. ": " .. game.seat_name(p) .. " draws " .. NUM[n] .. ", keeps " .. NUM[nk]
  if dropped then line = line .. " and discards " .. dropped end
  posse.log(line .. ".")
  posse.log(game.seat_name(p) .. " keeps " .. (kept or "") .. ".", p)
end

---------------------------------------------------------------------- actions

-- What Desperado `id` of p does with his next Action, as a label.
---@param p Seat
---@param id string
---@return string
local function next_action_label(p, id)
  local who = game.desperado_name(p, id)
  local r = game.rank(p, id)
  if r > 0 then return who .. ": turn one rank (" .. game.ranks_text(r) .. ")" end
  if id == C.brain then return who .. ": " .. context.brain_text(p) end
  if not game.has_victim(p, id) then return who .. ": attack (nobody to hit)" end
  return who .. ": attack, $" .. NUM[C.desp[id].attack] .. " from " .. seats.joined(game.victims(p, id))
end

-- Whether the next Action of Desperado `id` of p is *safe*: it can never hurt the player
-- (turning his own rank, an attack with nobody to hit, a Brain whose gangs.yaml entry says
-- `safe`). A lone safe Action resolves without a question and is never offered for
-- forfeit.
---@param p Seat
---@param id string
---@return boolean
local function is_safe(p, id)
  if game.rank(p, id) > 0 then return true end
  if id == C.brain then return context.brain_is_safe(p) end
  return not game.has_victim(p, id)
end

-- D3-D6: one Action of Desperado `id`.
---@param p Seat
---@param id string
local function resolve_one(p, id)
  local i = C.desp[id].index
  turn.acts[i] = turn.acts[i] - 1
  if game.rank(p, id) > 0 then
    game.rotate(p, id, 1)
  elseif id == C.brain then
    context.use_brain(p)
  else
    local what = game.whose(p, id)
    if not game.has_victim(p, id) then
      posse.log(what .. " finds nobody to attack.")
    else
      context.hurt(game.victims(p, id), C.desp[id].attack, what)
    end
  end
end

-- FREE[id]: the tag of an Action of escaped Desperado `id` (his attack): "free_lady".
local FREE = {}
for _, id in ipairs(C.ids) do FREE[id] = "free_" .. id end

-- The tag of the next Action of Desperado `id` of p: his id while he is In Jail (a rank
-- turned), once escaped his attack ("free_lady") or, for the Brain, the id of his gang's
-- ability in gangs.yaml ("centre_cash").
---@param p Seat
---@param id string
---@return string
local function action_tag(p, id)
  if game.rank(p, id) > 0 then return id end
  if id == C.brain then return game.gang(p).ability end
  return FREE[id]
end

-- The Actions menu, one at a time: `cands` (the Desperado indices with Actions left, in
-- canonical order), `cards` (ACT/OWN cards playable), `last` ("done", "forfeit" or nil).
---@class dice_town.ActionsMenu
---@field p Seat
---@field cands integer[]
---@field n integer                   how many of `cands` are in use
---@field total integer               Actions left in all
---@field cards Obj[]
---@field last "done"|"forfeit"|nil
---@type dice_town.ActionsMenu
local menu = { p = 1, cands = {}, n = 0, total = 0, cards = EMPTY, last = nil }

-- The Actions menu's tags: each Desperado's next Action (action_tag), the cards' ids,
-- false for "Done" or "Forfeit" (one table, rewritten for every menu).
---@type (string|false)[]
local menu_tags = {}

---@return (string|false)[]
local function make_menu_tags()
  local m, t = menu, menu_tags
  local n, list = m.n, m.cards
  for k = 1, n do t[k] = action_tag(m.p, C.ids[m.cands[k]]) end
  for k = 1, #list do t[n + k] = hands.def(list[k]).id end
  local count = n + #list
  if m.last then
    count = count + 1
    t[count] = false
  end
  for k = count + 1, #t do t[k] = nil end
  return t
end

-- The option of the next Action of Desperado `id` of p, who has `left` Actions
-- (questions.lua, kind actions): "rank", "attack" or "ability".
---@param p Seat
---@param id string
---@param left integer
---@return Option
local function next_action_option(p, id, left)
  local label = next_action_label(p, id)
  if left > 1 then label = label .. " [" .. NUM[left] .. " Actions]" end
  local r = game.rank(p, id)
  if r > 0 then return { id = "rank", label = label, args = { desperado = id, ranks = r, actions = left } } end
  if id == C.brain then
    return { id = "ability", label = label, args = { desperado = id, ability = game.gang(p).ability, actions = left } }
  end
  local victims = game.has_victim(p, id) and #game.victims(p, id) or 0
  return { id = "attack", label = label,
    args = { desperado = id, amount = C.desp[id].attack, victims = victims, actions = left } }
end

---@return Option[]
local function menu_options()
  local m, opts = menu, {} ---@type dice_town.ActionsMenu, Option[]
  for k = 1, m.n do
    local i = m.cands[k]
    opts[k] = next_action_option(m.p, C.ids[i], turn.acts[i])
  end
  context.options(opts, m.cards, m.p)
  if m.last == "done" then
    opts[#opts + 1] = { id = "done", label = "Done" }
  elseif m.last == "forfeit" then
    opts[#opts + 1] = { id = "forfeit", label = "Forfeit the " .. NUM[m.total] .. " Action" .. (m.total > 1 and "s" or "") .. " left",
      args = { actions = m.total } }
  end
  return opts
end

-- The Actions menu's question as `posse.choose` takes it (asked directly, not through
-- lib.ask.pick), reused: read when the flow yields.
local ASK = { kind = "actions", count = 0, secret = false, tags = nil }

-- G-ACTION-ORDER, G-DECLINE: the player resolves his Actions one at a time in the order
-- he likes, may play ACT/OWN cards between them, and may forfeit what is left.
---@param p Seat
local function resolve_actions(p)
  local m, ids, acts = menu, C.ids, turn.acts
  while true do
    local total, n, unsafe = 0, 0, false
    for i = 1, #ids do
      local left = acts[i]
      if left > 0 then
        total, n = total + left, n + 1
        m.cands[n] = i
        if not unsafe and not is_safe(p, ids[i]) then unsafe = true end
      end
    end
    local list = context.playable(p, total > 0 and ACT_OWN or ACT)
    local only_cards = total == 0 or (n == 1 and not unsafe)
    if #list == 0 and only_cards then
      if total == 0 then return end
      resolve_one(p, ids[m.cands[1]])
    else
      local last = total == 0 and "done" or (unsafe and "forfeit") or nil
      m.p, m.n, m.total, m.cards, m.last = p, n, total, list, last
      -- Asked only because of the cards he holds: others must not see that he is asked.
      ASK.count, ASK.secret, ASK.tags = n + #list + (last and 1 or 0), only_cards, make_menu_tags()
      local c = posse.choose(p, "Your Actions: which comes next?", menu_options, ASK) --[[@as integer]]
      if c <= n then
        resolve_one(p, ids[m.cands[c]])
      elseif c <= n + #list then
        context.play(p, list[c - n])
      else
        if total > 0 then
          posse.log(game.seat_name(p) .. " forfeits " .. NUM[total] .. " Action" .. (total > 1 and "s." or "."))
        end
        return
      end
    end
  end
end

-- The OPP-ACT window's question.
local declared = ""
---@return string
local function declared_prompt() return game.seat_name(turn.active) .. " acts: " .. declared .. ". Play a card?" end
-- Its pass option's args: who acts, and his Actions declared by Desperado id.
local function declared_args()
  local args = { seat = turn.active }
  for i, id in ipairs(C.ids) do
    if turn.acts[i] > 0 then args[id] = turn.acts[i] end
  end
  return args
end

-- D1-D6: declare the assignment, let opponents answer (Stand-Off), resolve.
---@param p Seat
---@param acts string[]
local function act(p, acts)
  local left, desp = turn.acts, C.desp
  for k = 1, #acts do
    local i = desp[acts[k]].index
    left[i] = left[i] + 1
  end
  turn.acting = true
  declared = M.acts_label(p, acts)
  posse.log(game.seat_name(p) .. " acts: " .. declared .. ".")
  if hands.held_by_others(p, OPP_ACT) then context.window("opp_act", OPP_ACT, declared_prompt, declared_args) end
  resolve_actions(p)
  turn.acting = false
  for i = 1, #left do left[i] = 0 end
end

---Applies effect `e` (an entry of rules.effects_for) that `p` chose.
---@param p Seat
---@param e dice_town.Effect
function M.apply(p, e)
  local acts = e.acts
  if acts then
    act(p, acts)
  else
    draw(p, e.kind)
  end
end

return M
