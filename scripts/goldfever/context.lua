-- The context of Goldfever's cards (panic cards, jokers; the one card contract of
-- scripts/lib/cards.lua): `ctx.char`, the character concerned; `ctx.seat`, its player;
-- `ctx.source`, the zone danger came from; `ctx.event`, what a reactive joker answers; and
-- the methods below, which are all a card's script may do to the game.

local posse = require "posse"
local text = require "lib.text"
local cards = require "lib.cards"
local ask = require "lib.ask"
local game = require "goldfever.game"

local D = game.data

---@class goldfever.context
local M = {}


---What a joker's or a panic card's script returns (jokers.yaml, panique.yaml): the card
---contract on this game's context.
---@class goldfever.Card: lib.Card
---@field can (fun(ctx: goldfever.Context): boolean)|nil
---@field play (fun(ctx: goldfever.Context): any)|nil
---@field drawn (fun(ctx: goldfever.Context))|nil
---@field label (fun(ctx: goldfever.Context): string)|nil

---The context of a card (a joker, a panic card) and of a scenario's script: the
---character concerned (`ctx.char`), its player (`ctx.seat`), and the game's methods.
---Scenario hooks receive `game` itself.
---@class goldfever.Context: lib.Context
---@field props table            a card's or an ability's props (what its script reads)
---@field char Obj
---@field source string|nil     the zone the danger came from (panic: Run for it)
---@field event table|nil       what a reactive joker answers (its timing's details)
local Context = {}
Context.__index = Context
Context.game = M

---@return string
function Context:name() return game.name(self.char) end

---Sets a status counter of the character (hit_dirt, frozen, steady).
---@param status string
---@param value integer
function Context:status(status, value) posse.obj_set(self.char, status, value) end

---Adds to the character's AP.
---@param n integer
function Context:gain_ap(n) posse.obj_add(self.char, "ap", n) end

---Sets the character's AP left in this phase.
---@param n integer
function Context:set_ap(n) posse.obj_set(self.char, "ap", n) end

---Ends the character's ambush.
function Context:end_ambush()
  if posse.obj_get(self.char, "ambush") > 0 then
    posse.obj_set(self.char, "ambush", 0)
    game.log(self:name() .. " is no longer in ambush.")
  end
end

---§5.9 Run for it: the character moves to an adjacent zone not visible from the source,
---if any, else to any adjacent zone; its player chooses. Not an action.
function Context:run_for_it()
  local c = self.char
  local here = game.node(c)
  if here == nil then return end
  local near = posse.neighbours(here)
  if #near == 0 then return end
  ---@type string[]
  local safe = {}
  local source = self.source
  if source then
    local occ = game.occupied(c) -- he is leaving: he blocks no line of his own flight
    for _, n in ipairs(near) do
      if not posse.visible(source, n, occ) then safe[#safe + 1] = n end
    end
  end
  if #safe == 0 then safe = near end
  local to = safe[1]
  if #safe > 1 then
    to = safe[ask.pick(game.seat(c), "run_to", function() return game.name(c) .. " runs for it: where to?" end,
      function()
        local out = {}
        local who = posse.def_id(c)
        for i, n in ipairs(safe) do out[i] = ask.option("zone", "Run to " .. game.zone_name(n), { who = who, to = n }) end
        return out
      end --[[@as Options]], #safe)]
  end
  game.place(c, to)
  game.log(("%s runs for it to %s."):format(game.name(c), game.zone_name(to)))
end

---§5.9 Shaky hands: the character drops a gun of his player's choice (with none, an
---object; with neither, nothing).
function Context:drop_one()
  local c = self.char
  local list = game.things.guns(c)
  if #list == 0 then list = game.things.pockets(c) end
  if #list == 0 then return end
  local seat = game.seat(c)
  local i = 1
  if #list > 1 then
    i = ask.pick(seat, "drop", function() return game.name(c) .. "'s hands shake: what does he drop?" end, function()
      local out = {}
      for k, o in ipairs(list) do
        out[k] = ask.option("thing", "Drop " .. game.things.thing(o, seat),
          game.things.args(o, seat, { who = posse.def_id(c) }))
      end
      return out
    end --[[@as Options]], #list, { tags = game.things.tags(list, seat) })
  end
  game.things.drop(c, list[i])
  game.log(("%s drops %s."):format(game.name(c), game.things.thing(list[i], nil)))
end

---§5.9 Wild shot: a loaded gun of his player's choice loses a bullet.
function Context:wild_shot()
  local c = self.char
  local loaded = {}
  for _, g in ipairs(game.things.guns(c)) do
    if posse.obj_get(g, "ammo") > 0 then loaded[#loaded + 1] = g end
  end
  if #loaded == 0 then return end
  local i = 1
  if #loaded > 1 then
    i = ask.pick(game.seat(c), "gun", function() return game.name(c) .. " fires a wild shot: with which gun?" end,
      function()
        local out = {}
        for k, g in ipairs(loaded) do
          out[k] = ask.option("gun", game.things.thing(g, nil), { gun = posse.def_id(g), ammo = posse.obj_get(g, "ammo") })
        end
        return out
      end --[[@as Options]], #loaded, { tags = game.things.tags(loaded, game.seat(c)) })
  end
  posse.obj_add(loaded[i], "ammo", -1)
  game.log(("%s's %s goes off into the air."):format(game.name(c), cards.name(loaded[i])))
end

---A log line.
---@param text string
function Context:log(text) game.log(text) end

---Whether the character has spent no AP yet this phase (Quick Draw).
---@return boolean
function Context:fresh() return posse.obj_get(self.char, "spent") == 0 end

---@return integer
function Context:wounds() return game.wounds(self.char) end

---Removes up to `n` wounds.
---@param n integer
function Context:heal(n)
  local w = game.wounds(self.char) - n
  if w < 0 then w = 0 end
  posse.obj_set(self.char, "wounds", w)
  game.log(("%s has %s."):format(self:name(), text.count(w, "wound")))
end

---The character's first gun below its load, or nil (Speed Loader).
---@return Obj|nil
function Context:gun_to_fill()
  local spare = game.secrets.spare(self.char)
  if spare ~= nil and spare <= 0 then return nil end
  for _, g in ipairs(game.things.guns(self.char)) do
    if posse.obj_get(g, "ammo") < game.props(g).load then return g end
  end
  return nil
end

---Fills a gun of his player's choice to its load.
function Context:fill_gun()
  ---@type Obj[]
  local list = {}
  for _, g in ipairs(game.things.guns(self.char)) do
    if posse.obj_get(g, "ammo") < game.props(g).load then list[#list + 1] = g end
  end
  if #list == 0 then return end
  local i = 1
  if #list > 1 then
    i = ask.pick(self.seat, "gun", "Which gun do you fill?", function()
      local out = {}
      for k, g in ipairs(list) do
        out[k] = ask.option("gun", game.things.thing(g, nil), { gun = posse.def_id(g), ammo = posse.obj_get(g, "ammo") })
      end
      return out
    end --[[@as Options]], #list, { tags = game.things.tags(list, self.seat) })
  end
  -- With the Cartridge belt (O4), as far as his spare rounds go.
  local g = list[i]
  local n = (game.props(g).load --[[@as integer]]) - posse.obj_get(g, "ammo")
  local spare = game.secrets.spare(self.char)
  if spare ~= nil and spare < n then n = spare end
  posse.obj_add(g, "ammo", n)
  game.secrets.use_spare(self.char, n)
  game.log(("%s fills his %s."):format(self:name(), cards.name(g)))
end

---Whether the character can move now (a zone next to his).
---@return boolean
function Context:can_move()
  local n = game.node(self.char)
  return n ~= nil and #posse.neighbours(n) > 0 and self:moves_left() > 0
end

---How many more zones the character may move this phase (the scenario's `max_moves`,
---e.g. the Strongbox's carrier: one a phase; otherwise no limit).
---@return integer
function Context:moves_left()
  local max_moves = game.hook("max_moves")
  local max = max_moves and max_moves(game, self.char) --[[@as integer|nil]]
  if max == nil then return math.maxinteger end
  return max - posse.obj_get(self.char, "moves")
end

---Sprint: up to `zones` moves, one zone at a time, his player choosing (stopping is an
---option after the first).
---@param zones integer
function Context:sprint(zones)
  local c = self.char
  for k = 1, zones do
    if self:moves_left() <= 0 then return end
    local here = game.node(c)
    if here == nil then return end
    local near = posse.neighbours(here)
    local n = #near + (k > 1 and 1 or 0)
    if #near == 0 then return end
    local i = ask.pick(self.seat, "run_to", function() return self:name() .. " sprints: where to?" end, function()
      local out = {}
      local who = posse.def_id(c)
      for j, z in ipairs(near) do out[j] = ask.option("zone", "Run to " .. game.zone_name(z), { who = who, to = z }) end
      if k > 1 then out[#out + 1] = ask.option("stop", "Stop here", { who = who }) end
      return out
    end --[[@as Options]], n)
    if i > #near then return end
    game.place(c, near[i])
    posse.obj_add(c, "moves", 1)
    game.log(("%s sprints to %s."):format(self:name(), game.zone_name(near[i])))
  end
end

---The opponents in the character's zone carrying pocket objects (Pickpocket).
---@return Obj[]
function Context:pockets_to_pick()
  local out = {}
  local here = game.node(self.char)
  if here == nil then return out end
  for _, v in ipairs(game.in_zone(here)) do
    if game.enemies(self.char, v) and #game.things.pockets(v) > 0 then out[#out + 1] = v end
  end
  return out
end

---Pickpocket: an object of an opponent's in his zone: one seen is chosen; a face-down one
---is taken at random.
function Context:pickpocket()
  local victims = self:pockets_to_pick()
  if #victims == 0 then return end
  ---@type {v: Obj, o: Obj|nil, hidden: Obj[]|nil}[]
  local options = {}
  for _, v in ipairs(victims) do
    local hidden = {}
    for _, o in ipairs(game.things.pockets(v)) do
      if posse.face_up(o) or posse.knows(self.seat, o) then
        options[#options + 1] = { v = v, o = o }
      else
        hidden[#hidden + 1] = o
      end
    end
    if #hidden > 0 then options[#options + 1] = { v = v, hidden = hidden } end
  end
  local i = 1
  if #options > 1 then
    local tags = {}
    for k, x in ipairs(options) do tags[k] = x.o and cards.def(x.o).id or false end
    i = ask.pick(self.seat, "pickpocket", "What do you take?", function()
      local out = {}
      for k, x in ipairs(options) do
        local from = posse.def_id(x.v)
        out[k] = x.o and ask.option("thing", ("%s's %s"):format(game.name(x.v), game.things.thing(x.o, self.seat)),
            game.things.args(x.o, self.seat, { from = from }))
          or ask.option("marker", ("a face-down marker of %s's"):format(game.name(x.v)), { from = from })
      end
      return out
    end --[[@as Options]], #options, { tags = tags })
  end
  local x = options[i]
  local hidden = x.hidden or {}
  local o = x.o or hidden[posse.random(#hidden)] --[[@as Obj]]
  game.log(("%s picks %s's pocket."):format(self:name(), game.name(x.v)))
  game.things.carry(self.char, o)
  game.things.fit(self.char)
end

---Card Sharp: the top `n` cards of a deck his player chooses, seen by him alone and put
---back in the order he chooses (the first chosen on top).
---@param n integer
function Context:card_sharp(n)
  local names = {}
  for i, d in ipairs(D.decks) do names[i] = d end
  names[#names + 1] = "panique"
  local d = ask.pick(self.seat, "deck", "Which deck do you look at?", function()
    local out = {}
    local read = D.deck_names ---@type table<string, string>
    for i, x in ipairs(names) do out[i] = ask.option("deck", "The " .. read[x] .. " deck", { deck = x }) end
    return out
  end --[[@as Options]], #names, { tags = names })
  local deck = posse.zone(names[d])
  local top = {}
  for i = 1, n do
    local c = posse.at(deck, i)
    if c == nil then break end
    top[#top + 1] = c
    posse.reveal(c, { self.seat })
  end
  local order = {}
  while #top > 0 do
    local k = 1
    if #top > 1 then
      k = ask.pick(self.seat, "card_order", "Which card goes on top of the rest?", function()
        local out = {}
        for i, c in ipairs(top) do out[i] = ask.option("card", cards.name(c), { card = posse.def_id(c) }) end
        return out
      end --[[@as Options]], #top, { tags = cards.tags(top, 0) })
    end
    order[#order + 1] = table.remove(top, k)
  end
  for i = #order, 1, -1 do posse.move(order[i], deck) end
  local read = D.deck_names ---@type table<string, string>
  game.log(self:name() .. " looks at the top of the " .. read[names[d] --[[@as string]]] .. " deck.")
end

---Prospector's Eye: the face-down markers in his zone and the zones next to it become
---known to his player.
function Context:peek_markers()
  local here = game.node(self.char)
  if here == nil then return end
  local zones = { here }
  for _, n in ipairs(posse.neighbours(here)) do zones[#zones + 1] = n end
  local seen = 0
  for _, z in ipairs(zones) do
    for _, o in ipairs(posse.contents(game.ground(z))) do
      if not posse.face_up(o) then
        posse.reveal(o, { self.seat })
        seen = seen + 1
      end
    end
  end
  game.log(("%s looks around (%s)."):format(self:name(), text.count(seen, "marker")))
end

---Last Breath: one free Shoot, Throw or Attack before dying.
function Context:last_breath()
  local actions = require("goldfever.actions")
  local set = actions.list(self.char, 1, true, false)
  local keep = {}
  for i = 1, set.n do
    if actions.class(set, i) then keep[#keep + 1] = i end
  end
  if #keep == 0 then return end
  local seat = self.seat
  local k = ask.pick(seat, "reaction", "Last Breath: which action?", function()
    return actions.options(set, seat, false, nil, keep)
  end --[[@as Options]], #keep, { tags = actions.tags(set, 0, keep) })
  actions.run(set, keep[k])
end

---The opponents he sees within `range` (Intimidate).
---@param range integer
---@return Obj[]
function Context:in_sight(range)
  local out = {}
  local here = game.node(self.char)
  if here == nil then return out end
  local occ = game.occupied()
  for _, v in ipairs(game.living()) do
    local there = game.node(v) -- nil for a character in hiding (O5): not in sight
    if there and game.enemies(self.char, v) and game.range(here, there) <= range and posse.visible(here, there, occ) then
      out[#out + 1] = v
    end
  end
  return out
end

---Intimidate: an opponent he sees within `range` draws a Panic card.
---@param range integer
function Context:intimidate(range)
  local list = self:in_sight(range)
  if #list == 0 then return end
  local i = 1
  if #list > 1 then
    i = ask.pick(self.seat, "intimidate", "Whom do you intimidate?", function()
      local out = {}
      for k, v in ipairs(list) do out[k] = ask.option("target", game.name(v), { target = posse.def_id(v) }) end
      return out
    end --[[@as Options]], #list)
  end
  game.log(("%s stares down %s."):format(self:name(), game.name(list[i])))
  require("goldfever.events").panic(list[i], game.node(self.char))
end

---A context for `c` (a card of his, or none yet).
---@param c Obj
---@param card Obj|nil
---@return goldfever.Context
function M.new(c, card)
  local ctx = cards.context(Context, game.seat(c), card) --[[@as goldfever.Context]]
  ctx.char = c
  return ctx
end


return M
