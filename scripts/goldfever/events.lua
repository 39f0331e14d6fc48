-- What happens to Goldfever's characters between actions: wounds and death (§5.8), panic
-- (§5.9), a hit card's effect (§5.4), and the jokers' timing (§5.11). The scenarios' hooks
-- reach it as `game.events`.

local posse = require "posse"
local cards = require "lib.cards"
local ask = require "lib.ask"
local rules = require "goldfever.rules"
local game = require "goldfever.game"
local context = require "goldfever.context"

local D = game.data

---@class goldfever.events
local M = {}
game.events = M

------------------------------------------------------------------------ jokers


---Plays `c`'s joker: it goes face up to the used jokers (GF-T34), then its effect runs.
---@param c Obj
---@param ctx goldfever.Context
---@return any
function M.play_joker(c, ctx)
  local j = game.joker(c) --[[@as Obj]]
  posse.flip(j, true)
  posse.move(j, posse.zone("jokers_used"))
  game.log(game.name(c) .. " plays the joker " .. cards.name(j) .. ".")
  return cards.play(j, cards.point(ctx, j))
end

---Whether `c`'s joker has timing `when` and may be played now in `ctx`.
---@param c Obj
---@param when string
---@param ctx goldfever.Context
---@return boolean
function M.joker_ready(c, when, ctx)
  local j = game.joker(c)
  return j ~= nil and cards.when(j) == when and cards.can(j, ctx)
end

-- The tags of a reactive joker's question: "No", then the joker's id.
---@type (string|false)[]
local JOKER_TAGS = { false, false }
-- How a joker question is asked: secretly, with the tags when the joker may answer.
---@type lib.ask.How, lib.ask.How
local SECRET, SECRET_TAGS = { secret = true }, { secret = true, tags = JOKER_TAGS }

-- The joker question being asked (`M.react`): what its options, made only when someone
-- reads the question while it is asked, are made of.
---@class goldfever.Asked
---@field c Obj
---@field j Obj
---@field ok boolean
---@field ctx goldfever.Context|nil
---@field when string
---@field event table|nil
---@type goldfever.Asked
local ASKED = { c = 0, j = 0, ok = false, ctx = nil, when = "", event = nil }

---@return Option[]
local function joker_options()
  local a = ASKED
  ---@type Option[]
  local out = { ask.option("pass", "No") }
  if a.ok then
    local c, j, event = a.c, a.j, a.event
    local drawn = event and event.card
    out[2] = ask.option("play", cards.label(j, a.ctx --[[@as goldfever.Context]]), {
      card = cards.def(j).id, who = posse.def_id(c), when = a.when,
      drawn = drawn and posse.def_id(drawn) or nil, face = drawn and cards.def(drawn).props.face or nil,
      deck = event and event.deck or nil,
    })
  end
  return out
end

-- §5.11: a reactive joker's question is asked of every character in the situation that
-- still holds a joker (which joker it holds is its player's secret; that it holds one is
-- public, since played jokers are face up), secretly, whether or not its joker could
-- answer, so the question tells nobody what it holds.
---@param c Obj
---@param when string
---@param prompt string|fun(): string
---@param event table|nil
---@return boolean played
function M.react(c, when, prompt, event)
  local j = game.joker(c)
  if j == nil or not game.alive(c) and when ~= "dying" then return false end
  -- A context is made only for a joker of this timing (`joker_ready`'s test, with `j`).
  local ctx, ok = nil, false
  if cards.when(j) == when then
    ctx = context.new(c, nil)
    ctx.event = event
    ok = cards.can(j, ctx)
  end
  local how = SECRET
  if ok then
    JOKER_TAGS[2] = cards.def(j).id
    how = SECRET_TAGS
  end
  local a = ASKED
  a.c, a.j, a.ok, a.ctx, a.when, a.event = c, j, ok, ctx, when, event
  local pick = ask.pick(game.seat(c), "joker", prompt, joker_options --[[@as Options]], ok and 2 or 1, how)
  if pick == 2 then
    M.play_joker(c, ctx --[[@as goldfever.Context]])
    return true
  end
  return false
end



---Kills `c` (§5.8): everything it carries drops where it stood, its ambush ends, its
---figure leaves the board; its unused joker stays secret until the game ends.
---@param c Obj
function M.die(c)
  local n = game.node(c)
  if n == nil then return end
  for _, o in ipairs(posse.contents(game.gear(c))) do posse.move(o, game.ground(n)) end
  posse.obj_set(c, "ambush", 0)
  posse.obj_set(c, "ap", 0)
  posse.move(c, posse.zone("dead"))
  game.log(game.name(c) .. " is dead.", "fall", n)
  -- O2 Grim sight: his living teammates in that zone draw a Panic card.
  if D.options.grim_sight then
    for _, f in ipairs(game.in_zone(n)) do
      if not game.enemies(c, f) then M.panic(f, n) end
    end
  end
  local h = game.hook("death")
  if h then h(game, c, n) end
end

---`c` takes `n` wounds (GF-R20): Lucky Charm may cancel them (J02); a third wound kills,
---after Last Breath (J16).
---@param c Obj
---@param n integer
---@param by Obj|nil   who dealt them (nil: a blast)
function M.wound(c, n, by)
  if n <= 0 or not game.alive(c) then return end
  if M.react(c, "wounded", function()
        return ("%s is about to take %d wound%s. Play a joker?"):format(game.name(c), n, n > 1 and "s" or "")
      end, { wounds = n, by = by }) then
    return
  end
  local w = game.wounds(c) + n
  if w > D.deadly then w = D.deadly end
  posse.obj_set(c, "wounds", w)
  game.log(("%s takes %d wound%s (%d)."):format(game.name(c), n, n > 1 and "s" or "", w))
  if w >= D.deadly then
    M.react(c, "dying", function() return game.name(c) .. " is dying. Play a joker?" end, { by = by })
    M.die(c)
  end
end

---`c` draws a Panic card (§5.9), unless steady (J06); `source` is the zone the danger
---came from.
---@param c Obj
---@param source string|nil
function M.panic(c, source)
  if not game.alive(c) then return end
  if posse.obj_get(c, "steady") > 0 then
    game.log(game.name(c) .. " keeps steady.")
    return
  end
  if M.react(c, "panic", function() return game.name(c) .. " must draw a Panic card. Play a joker?" end) then return end
  local card = game.draw_panic()
  game.log(game.name(c) .. " panics: " .. cards.name(card) .. ".")
  local ctx = context.new(c, card)
  ctx.source = source
  local b = cards.of(card)
  if b.drawn then cards.run(card, ctx, "drawn") end
end

---Resolves a hit card against `target` (§5.4): wounds, a near miss's panic, a jam of
---`gun` (when given). `double`: a shotgun's double shot. Returns the card's face.
---@param card Obj
---@param target Obj
---@param by Obj|nil
---@param gun Obj|nil
---@param double boolean|nil
---@param source string|nil
---@return string
function M.resolve(card, target, by, gun, double, source)
  local p = cards.def(card).props
  game.log("Card: " .. cards.name(card) .. ".")
  if p.face == "jam" then
    if gun then
      posse.obj_set(gun, "jammed", 1)
      game.log(("%s's %s jams."):format(by and game.name(by) or "The", cards.name(gun)))
    end
  elseif p.face == "near" then
    M.panic(target, source)
  elseif p.wounds > 0 then
    M.wound(target, rules.wounds(p.wounds, p.face, double == true, D.options.lethal_west, D.deadly), by)
  end
  return p.face
end

---The deck name a hit card came from (its discard pile's deck).

return M
