-- Goldfever's table: the characters, the decks, the scenario's hooks, the teams and the
-- end. Beside it, reached through it: what characters carry (things.lua, `game.things`);
-- wounds, death, panic and the jokers' timing (events.lua, `game.events`); what the
-- scenarios score (scoring.lua, `game.scoring`); the optional rules' secrets of a player
-- (secrets.lua, `game.secrets`). The cards' context is context.lua.
-- Scenario scripts' hooks receive this table. Ids (GF-..) are those of
-- shared/rules/goldfever.gaps.md; our own decisions are in scripts/goldfever/DECISIONS.md.
--
-- Where things are (the engine's state, so views, saves and replays have them):
--   a character on the board is a face-up object in the per-node zone `at` of its zone;
--   what it carries is in its zone `gear` (posse.zone("gear", c)), its joker in `joker`
--   (known to its player alone); objects on the ground are in `ground` of their zone,
--   face up, or face down for nuggets and rocks (§5.12). Its counters (posse.obj_get):
--   seat (its player), side (its team), wounds, ap, ambush, acted, ... and a gun's ammo
--   and jammed.

local posse = require "posse"
local cards = require "lib.cards"
local rules = require "goldfever.rules"
local tables = require "lib.tables"

---@class goldfever.game
---@field events goldfever.events  wounds, death, panic, jokers (set by events.lua)
---@field scoring goldfever.scoring  what the scenarios score (set by scoring.lua)
---@field secrets goldfever.secrets  O4 and O5: what only a character's player knows (secrets.lua)
---@field things goldfever.things  what characters carry (things.lua)
local M = {}

local D = posse.data --[[@as goldfever.Data]]
---The game's data (read-only: `posse.data`), as every module reads it: `game.data`.
M.data = D
local DECKS = D.decks
local NDECKS = #DECKS

------------------------------------------------------------------------ characters

---@type Obj[]            the scenario's characters, in `code` order (GF-G34)
local CHARS = {}
---@type table<string, Obj>
local BY_ID = {}
-- What never changes once the scenario is set up, by character: its team, its player,
-- the handles of its zones (a zone handle is fixed for the game).
---@type table<Obj, integer>, table<Obj, Seat>, table<Obj, Zone>, table<Obj, Zone>
local SIDE, SEAT, GEAR, JOKER = {}, {}, {}, {}
-- The place of each character among its player's (code order): which of the player's
-- counters spare_1..spare_3 keeps its spare rounds (O4).
---@type table<Obj, integer>
local SLOT = {}
-- The characters of team 1, and of the other, in code order (set at registration).
---@type Obj[][]
local TEAM = { {}, {} }
-- The board's zones, which depend on the content and the seats alone: built once a VM
-- and kept (posse.once), read-only.
local BOARD = posse.once("goldfever.game.board", function()
  local b = { node_of = {}, at = {}, ground = {}, hideout = {}, nodes = posse.nodes() }
  for s = 1, posse.players() do b.hideout[posse.zone("hideout", s)] = true end
  for _, n in ipairs(b.nodes) do
    local z = posse.zone("at", n)
    b.at[n], b.ground[n] = z, posse.zone("ground", n)
    b.node_of[z] = n
  end
  return b
end)
-- The range between two zones (the map's, which nothing in a game changes: locks and
-- breaches change movement and sight, never range), asked of the engine once a pair a
-- game: RANGE[a][b].
---@type table<string, table<string, integer>>
local RANGE = {}

---The range from zone `a` to zone `b` (posse.range, asked once a pair a game).
---@param a string
---@param b string
---@return integer
function M.range(a, b)
  local row = RANGE[a] or tables.new_at(RANGE, a)
  local r = row[b]
  if r == nil then
    r = posse.range(a, b)
    row[b] = r
  end
  return r
end

---@type table<Zone, string|nil>
local NODE_OF = BOARD.node_of        -- the zone handle of each `at` zone -> its node
---@type table<string, Zone>
local AT, GROUND = BOARD.at, BOARD.ground
-- Each player's hideout (O5): zone handle -> true.
---@type table<Zone, boolean>
local HIDEOUT = BOARD.hideout
local NODES = BOARD.nodes
M.nodes = NODES
-- The characters not yet on the board (a scenario's reinforcements) wait in the roster.
local ROSTER = posse.zone("roster")

---The character with definition id `id` (nil when the scenario has none).
---@param id string
---@return Obj|nil
function M.by_id(id) return BY_ID[id] end

---Every character of the scenario, living or not, in `code` order.
---@return Obj[]
function M.chars() return CHARS end

---@param c Obj
---@return string
function M.name(c) return cards.name(c) end

---@param c Obj
---@return string
function M.code(c) return cards.def(c).props.code end

---The seat that plays `c`.
---@param c Obj
---@return Seat
function M.seat(c) return SEAT[c] or posse.obj_get(c, "seat") end

---The team of `c` (1 or 2: the order of data.teams).
---@param c Obj
---@return integer
function M.side(c) return SIDE[c] or posse.obj_get(c, "side") end

---@param c Obj
---@return integer
function M.wounds(c) return posse.obj_get(c, "wounds") end

---The zone (node) `c` stands in, or nil when it is off the board (dead, escaped, not yet
---arrived).
---@param c Obj
---@return string|nil
function M.node(c) return NODE_OF[posse.zone_of(c)] end

---Whether `c` is alive and on the board.
---@param c Obj
---@return boolean
function M.alive(c)
  local z = posse.zone_of(c)
  return NODE_OF[z] ~= nil or HIDEOUT[z] == true
end

---The living characters, on the board or hidden (O5), in code order.
---@return Obj[]
function M.living()
  local out = tables.listed(#CHARS)
  for i = 1, #CHARS do
    local c = CHARS[i]
    local z = posse.zone_of(c)
    if NODE_OF[z] or HIDEOUT[z] then out[#out + 1] = c end
  end
  return out
end

------------------------------------------------------------------------ O5: hidden characters

---The place of `c` among his player's characters (code order): which of the player's
---counters keep his secrets (spare_N, lurk_N: secrets.lua).
---@param c Obj
---@return integer
function M.slot(c) return SLOT[c] end

---Whether `c` is deployed in secret (O5): off the board, in his player's hideout.
---@param c Obj
---@return boolean
function M.hidden(c) return HIDEOUT[posse.zone_of(c)] == true end


---Where living characters stand: node -> true (for posse.visible, GF-R55, GF-G11);
---`except` (a character) not counted.
---@param except Obj|nil
---@return table<string, boolean>
function M.occupied(except)
  local occ = {}
  for i = 1, #CHARS do
    local c = CHARS[i]
    local n = NODE_OF[posse.zone_of(c)]
    if n and c ~= except then occ[n] = true end
  end
  return occ
end

---Where every character of the scenario stands (char -> node; nil off the board) and
---where living characters stand (node -> true), in one pass: what a decision reads.
---@return table<Obj, string|nil>, table<string, boolean>
function M.snapshot()
  local where, occ = tables.hashed(#CHARS), tables.hashed(#CHARS)
  for i = 1, #CHARS do
    local c = CHARS[i]
    local n = NODE_OF[posse.zone_of(c)]
    if n then
      where[c] = n
      occ[n] = true
    end
  end
  return where, occ
end

---What a question to `c` reads of the board, in one pass: `snapshot`'s two tables, and,
---when `c` stands on the board, its enemies on the board and its friends in its zone (code
---order). Written into `where`, `occ`, `enemies` and `friends` when given (tables this
---function filled before, or empty ones: what they held is cleared), else into new ones.
---@param c Obj
---@param where table<Obj, string|nil>|nil
---@param occ table<string, boolean>|nil
---@param enemies Obj[]|nil
---@param friends Obj[]|nil
---@return table<Obj, string|nil>, table<string, boolean>, Obj[], Obj[]
function M.around(c, where, occ, enemies, friends)
  local ne, nf = 0, 0
  if where then
    ---@cast occ table<string, boolean>
    ---@cast enemies Obj[]
    ---@cast friends Obj[]
    -- Cleared: the nodes occupied before (where the characters stood), the lists' ends.
    for i = 1, #CHARS do
      local c0 = CHARS[i]
      local n = where[c0]
      if n then occ[n] = nil end
      local z = NODE_OF[posse.zone_of(c0)]
      where[c0] = z
    end
    for i = 1, #CHARS do
      local n = where[CHARS[i]]
      if n then occ[n] = true end
    end
    for i = #enemies, 1, -1 do enemies[i] = nil end
    for i = #friends, 1, -1 do friends[i] = nil end
  else
    where, occ = M.snapshot()
    ---@type Obj[], Obj[]
    enemies, friends = tables.listed(#CHARS), tables.listed(#CHARS)
  end
  local here = where[c]
  if here == nil then return where, occ, enemies, friends end
  local side = SIDE[c] or M.side(c)
  for i = 1, #CHARS do
    local v = CHARS[i]
    local n = where[v]
    if n then
      if (SIDE[v] or M.side(v)) ~= side then
        ne = ne + 1
        enemies[ne] = v
      elseif v ~= c and n == here then
        nf = nf + 1
        friends[nf] = v
      end
    end
  end
  return where, occ, enemies, friends
end

---Whether a character in zone `a` sees zone `b` now (§5.1 step 4).
---@param a string
---@param b string
---@return boolean
function M.sees(a, b) return posse.visible(a, b, M.occupied()) end

---The living characters standing in `node`, in code order.
---@param node string
---@return Obj[]
function M.in_zone(node)
  local out, at = {}, AT[node]
  for i = 1, #CHARS do
    local c = CHARS[i]
    if posse.zone_of(c) == at then out[#out + 1] = c end
  end
  return out
end

---Whether `a` and `b` are on opposite teams.
---@param a Obj
---@param b Obj
---@return boolean
function M.enemies(a, b) return M.side(a) ~= M.side(b) end

---Puts `c` in zone `node` (setup, moves, arrivals).
---@param c Obj
---@param node string
function M.place(c, node) posse.move(c, AT[node]) end

---@param node string
---@return Zone
function M.ground(node) return GROUND[node] end

------------------------------------------------------------------------ things carried

local DEFS, def = cards.defs, cards.def

---@param obj Obj
---@return table<string, any>
function M.props(obj) return (DEFS[obj] or def(obj)).props end

---The kind of an object: gun, dynamite, knife, whisky, rock, nugget, keys, strongbox.
---@param obj Obj
---@return string
function M.kind(obj) return (DEFS[obj] or def(obj)).props.kind end

---@param c Obj
---@return Zone
function M.gear(c) return GEAR[c] or posse.zone("gear", c) end

------------------------------------------------------------------------ log

---A public log line; `event` and `at` mark it for the designer's heat map (`fight` or
---`fall` at a board place: docs/authoring.md, "Marks"); a mark changes nothing in play.
---@param text string
---@param event? string
---@param at? string
function M.log(text, event, at)
  if event and at then posse.log(text, nil, { mark = event, at = at }) else posse.log(text) end
end

------------------------------------------------------------------------ decks

local DECK_ZONE, DISCARD = {}, {}
for i, d in ipairs(DECKS) do
  DECK_ZONE[i], DISCARD[i] = posse.zone(d), posse.zone(d .. "_discard")
end
local PANIC, PANIC_DISCARD = posse.zone("panique"), posse.zone("panique_discard")

---Draws the top card of a deck onto its discard pile, face up (§5.4 step 5: an empty deck
---is its discard pile shuffled).
---@param deck Zone
---@param discard Zone
---@return Obj
local function draw_from(deck, discard)
  if posse.count(deck) == 0 then
    for _, o in ipairs(posse.contents(discard)) do
      posse.flip(o, false)
      posse.move(o, deck)
    end
    posse.shuffle(deck)
  end
  local card = posse.draw(deck, discard) --[[@as Obj]]
  posse.flip(card, true)
  return card
end

---Draws the top Panic card onto its discard pile, face up.
---@return Obj
function M.draw_panic() return draw_from(PANIC, PANIC_DISCARD) end

---The name of hit deck `i` (facile, moyen, difficile).
---@param i integer
---@return string
function M.deck_name(i) return DECKS[i] end

---How many hit decks there are.
M.ndecks = NDECKS

---Draws a hit card from deck `i`; returns the card.
---@param i integer
---@return Obj
function M.draw_hit(i) return draw_from(DECK_ZONE[i], DISCARD[i]) end

---The deck index of a deck named `name`.
---@param name string
---@return integer
function M.deck_index(name)
  for i, d in ipairs(DECKS) do
    if d == name then return i end
  end
  error("no hit deck '" .. tostring(name) .. "'", 2)
end

---The deck a shot, throw or attack by `c` draws from: `base` shifted by his wounds
---(§5.8), cover (the target's zone indoors, not his own, §5.4) and `extra` steps.
---@param c Obj
---@param base integer
---@param cover boolean
---@param extra integer|nil
---@return integer
function M.deck_for(c, base, cover, extra)
  local steps = extra or 0
  if M.wounds(c) >= D.badly_wounded then steps = steps + 1 end
  if cover then steps = steps + 1 end
  return rules.shift(base, steps, NDECKS)
end

---Whether a shot from `from` at `to` has cover (§5.4: the target's zone is indoors and
---is not the shooter's).
---@param from string
---@param to string
---@return boolean
function M.cover(from, to) return from ~= to and M.node_info(to).indoor == true end

------------------------------------------------------------------------ wounds, death, panic

---What a scenario's `script:` returns (its overlay file): the hooks the game calls, each
---given this table (`g`); every hook is optional.
---@class goldfever.Hooks
---@field setup (fun(g: goldfever.game))|nil  after the jokers are dealt
---@field round_start (fun(g: goldfever.game, round: integer))|nil
---@field round_end (fun(g: goldfever.game, round: integer))|nil
---@field final (fun(g: goldfever.game))|nil  the end of the last round (instead of the duel)
---@field victory (fun(g: goldfever.game))|nil  whether the scenario is decided (it calls g.win)
---@field death (fun(g: goldfever.game, c: Obj, node: string))|nil  where it died
---@field exit (fun(g: goldfever.game, c: Obj))|nil  a character left the town
---@field explosion (fun(g: goldfever.game, node: string, c: Obj))|nil  where it exploded, who threw
---@field max_moves (fun(g: goldfever.game, c: Obj): integer)|nil
---@field can_exit (fun(g: goldfever.game, c: Obj): boolean)|nil
---@field may_shoot (fun(g: goldfever.game, c: Obj): boolean)|nil
---@field can_ambush (fun(g: goldfever.game, c: Obj): boolean)|nil
---@field actions (fun(g: goldfever.game, c: Obj, out: table, add: function, reaction: boolean))|nil

---@type table<string, function>|nil
local hooks -- the scenario's script (set by main)

---Sets the scenario's hooks (main, at setup).
---@param h table
function M.set_hooks(h) hooks = h end

---@type goldfever.Hooks
local NO_HOOKS = {}

---The scenario's hooks (a table of them, empty when it has none): for a function that
---looks at several, one call.
---@return goldfever.Hooks
function M.hooks() return (hooks or NO_HOOKS) --[[@as goldfever.Hooks]] end

---The scenario's hook `name`, or nil.
---@param name string
---@return function|nil
function M.hook(name) return hooks and hooks[name] end

---The unused joker of `c`, or nil.
---@param c Obj
---@return Obj|nil
function M.joker(c) return posse.at(JOKER[c] or posse.zone("joker", c)) end

---The display name of zone `n`.
---@param n string
---@return string
function M.zone_name(n) return M.node_info(n).name .. " (" .. n .. ")" end

-- A zone's facts (its name, whether it is indoors) are the map's and never change: each
-- zone's are asked of the engine once a game. Read them; never write them.
---@type table<string, table>
local INFO = {}

---The facts of zone `n` (`posse.node_info`), asked of the engine once a game.
---@param n string
---@return table
function M.node_info(n)
  local i = INFO[n]
  if i == nil then
    i = posse.node_info(n)
    INFO[n] = i
  end
  return i
end

------------------------------------------------------------------------ setup

---Registers the scenario's characters (in code order) and their players and teams.
---@param teams {id: string, name: string, characters: string[]}[]
---@param split string[][]   per seat, the ids of its characters
function M.register(teams, split)
  ---@type table<string, Obj|nil>
  local all = {}
  for _, o in ipairs(posse.contents(posse.zone("roster"))) do all[posse.def_id(o)] = o end
  for side, t in ipairs(teams) do
    for _, id in ipairs(t.characters) do
      local c = all[id]
      if c == nil then error("scenario: no character '" .. tostring(id) .. "' in the roster", 0) end
      BY_ID[id] = c
      CHARS[#CHARS + 1] = c
      posse.obj_set(c, "side", side)
    end
  end
  for seat, ids in ipairs(split) do
    for _, id in ipairs(ids) do
      local c = BY_ID[id]
      if c == nil then error("scenario: split names '" .. tostring(id) .. "', who is in no team", 0) end
      posse.obj_set(c, "seat", seat)
      posse.set_team(seat, teams[posse.obj_get(c, "side")].id)
    end
  end
  for _, c in ipairs(CHARS) do
    if posse.obj_get(c, "seat") == 0 then error("scenario: no player runs " .. M.name(c), 0) end
    SIDE[c], SEAT[c] = posse.obj_get(c, "side"), posse.obj_get(c, "seat")
    GEAR[c], JOKER[c] = posse.zone("gear", c), posse.zone("joker", c)
  end
  table.sort(CHARS, function(a, b) return M.code(a) < M.code(b) end)
  for _, c in ipairs(CHARS) do
    local t = TEAM[SIDE[c] == 1 and 1 or 2]
    t[#t + 1] = c
  end
  ---@type table<Seat, integer>
  local count = {}
  for _, c in ipairs(CHARS) do
    local s = SEAT[c]
    count[s] = (count[s] or 0) + 1
    SLOT[c] = count[s]
    if count[s] > 3 and (D.options.cartridge_belt or D.options.hidden_deployment) then
      error("scenario: O4 and O5 keep three characters' secrets a player, not " .. count[s], 0)
    end
  end
end


---`list` by player: the seats (in order) and each seat's characters of `list` (in the
---order of `list`), for questions asked of every player at once.
---@param list Obj[]
---@return Seat[], table<Seat, Obj[]>
function M.by_seat(list)
  ---@type Seat[], table<Seat, Obj[]>
  local seats, mine = {}, {}
  for _, c in ipairs(list) do
    local s = M.seat(c)
    if not mine[s] then
      mine[s] = {}
      seats[#seats + 1] = s
    end
    table.insert(mine[s], c)
  end
  table.sort(seats)
  return seats, mine
end

---The characters `seat` plays, in code order.
---@param seat Seat
---@return Obj[]
function M.chars_of(seat)
  local out = {}
  for _, c in ipairs(CHARS) do
    if posse.obj_get(c, "seat") == seat then out[#out + 1] = c end
  end
  return out
end

------------------------------------------------------------------------ teams, the end

---The id of `c`'s team (data.teams[side].id).
---@param c Obj
---@return string
function M.team_id(c) return D.teams[M.side(c)].id end

-- A team the scenario gives no aims (data.aims.teams) plays to win the fight.
local NO_AIMS = {}
-- Each registered character's aims, looked up once a game.
---@type table<Obj, table<string, any>>
local AIM = {}

---What the team of `c` plays for: its entry of the scenario's `data.aims.teams` (exits,
---escape, kill, carry, to, gold, haul: scripts/goldfever/DECISIONS.md, "Aims"), an empty
---table when the scenario states none.
---@param c Obj
---@return table<string, any>
function M.aim(c)
  local a = AIM[c]
  if a == nil then
    a = D.aims.teams[M.team_id(c)] or NO_AIMS
    if SIDE[c] ~= nil then AIM[c] = a end -- the data is read-only and the team fixed once registered
  end
  return a
end

---The display name of team `side`.
---@param side integer
---@return string
function M.team_name(side) return D.teams[side].name end

---`c` leaves the town over an exit (GF-G63): off the board for good, with what it carries.
---@param c Obj
function M.escape(c)
  posse.obj_set(c, "ambush", 0)
  posse.obj_set(c, "ap", 0)
  posse.move(c, posse.zone("escaped"))
  M.log(M.name(c) .. " leaves the town.")
  local h = M.hook("exit")
  if h then h(M, c) end
end

---Whether `c` left the town.
---@param c Obj
---@return boolean
function M.escaped(c) return posse.zone_of(c) == posse.zone("escaped") end

---How many living characters team `side` has on the board.
---@param side integer
---@return integer
function M.standing(side)
  local n = 0
  -- Once registered, a team's own characters alone (the same count).
  local list = (side == 1 or side == 2) and #TEAM[side] > 0 and TEAM[side] or CHARS
  for i = 1, #list do
    local c = list[i]
    if (SIDE[c] or M.side(c)) == side and NODE_OF[posse.zone_of(c)] then n = n + 1 end
  end
  return n
end

---Whether team `side` has nobody on the board (`standing(side) == 0`, the look stopping at
---the first character standing).
---@param side integer
---@return boolean
function M.down(side)
  local list = (side == 1 or side == 2) and #TEAM[side] > 0 and TEAM[side] or CHARS
  for i = 1, #list do
    local c = list[i]
    if (SIDE[c] or M.side(c)) == side and NODE_OF[posse.zone_of(c)] then return false end
  end
  return true
end

-- Whether a character of `list` stands: alive on the board, or still to come (a
-- scenario's reinforcements in the roster), or hidden (O5).
---@param list Obj[]
---@return boolean
local function any_standing(list)
  for i = 1, #list do
    local z = posse.zone_of(list[i])
    if NODE_OF[z] or z == ROSTER or HIDEOUT[z] then return true end
  end
  return false
end

---@class goldfever.Outcome
---@field side integer   the winning team (0: a draw)
---@field reason string

-- The outcome, once the game is decided (a field, which hooks called in between may set).
---@type {outcome: goldfever.Outcome|nil}
local END = { outcome = nil }

---Ends the game: team `side` wins (0: a draw) for `reason`.
---@param side integer
---@param reason string
function M.win(side, reason)
  if END.outcome == nil then END.outcome = { side = side, reason = reason } end
end

---Whether the game is decided (no check made).
---@return boolean
function M.decided() return END.outcome ~= nil end

-- The change count (posse.changes) of the zones a character stands, hides or waits in
-- when both teams were last found standing: while it is the same, nobody came or went, so
-- both still are (false: not looked yet).
---@type {count: integer|false}
local STANDING = { count = false }

---Whether the game is over: the scenario's `victory` hook, else elimination (GF-G61: a
---team with nobody standing loses; both at once: a draw).
---@return boolean
function M.over()
  if END.outcome then return true end
  local h = hooks and hooks.victory
  if h then
    h(M)
    if M.decided() then return true end
  end
  local at, hideout, roster = posse.changes("zone:at", "zone:hideout", "zone:roster")
  local count = at + hideout + roster
  if STANDING.count == count then return false end
  -- Whether each team has someone standing (each team's look stops at the first).
  local a, b = any_standing(TEAM[1]), any_standing(TEAM[2])
  if a and b then STANDING.count = count end
  if not a and not b then
    M.win(0, "both teams are down")
  elseif not a then
    M.win(2, M.team_name(1) .. " are all down")
  elseif not b then
    M.win(1, M.team_name(2) .. " are all down")
  end
  return END.outcome ~= nil
end

---The team (1 or 2) whose id is `id`.
---@param id string
---@return integer
function M.side_of(id)
  for i, t in ipairs(D.teams) do
    if t.id == id then return i end
  end
  error("no team '" .. tostring(id) .. "'", 2)
end

---The game's result for the engine: the winning team's seats (none on a draw).
---@return table
function M.result()
  local o = END.outcome or { side = 0, reason = "no result" }
  local winners = {}
  for s = 1, posse.players() do
    for _, c in ipairs(M.chars_of(s)) do
      if M.side(c) == o.side then
        winners[#winners + 1] = s
        break
      end
    end
  end
  local reason = o.side == 0 and ("a draw: " .. o.reason) or (M.team_name(o.side) .. " win: " .. o.reason)
  return { winners = winners, reason = reason }
end

return M
