---@meta posse
-- LuaLS annotations for the `posse` module: the only way a game script reads or
-- changes game state. Nothing here runs; the engine provides the module.
-- Add `scripts/types` to `workspace.library` (see `.luarc.json`) to get completion.
--
-- Conventions
--   * Seats are integers 1..posse.players(), in play order.
--   * Zones and objects are integer handles. Handles never change during a game.
--   * In a zone, index 1 is the top (the next card drawn).
--   * Every function that changes state is recorded by the engine; scripts keep no
--     state the engine cannot rebuild by replaying the log.

---@class posse
local posse = {}

---@alias Seat integer
---@alias Zone integer
---@alias Obj integer
---@alias Audience nil|Seat|Seat[]   nil = every seat

---@class Def
---@field id string        the definition id from YAML (`id:`)
---@field name string      display name
---@field text string|nil  rules text
---@field props table      the YAML `props:` map
---@field script any       what the YAML `script:` block returned (usually a table of functions)

---An option of a typed question: its id (declared for the question's kind in
---`scripts/<game>/questions.lua`), its label for people, and what the id leaves open.
---@class Option
---@field id string
---@field label string
---@field args table<string, string|number|boolean>|nil  at most 8 names, numbers or flags

---@alias Options Option[]|string[]|(string|Option)[]|fun(): Option[]|fun(): string[]|fun(): (string|Option)[]

---A question kind as `scripts/<game>/questions.lua` declares it (the module returns a
---table of them by kind): what it asks, and what each of its options' ids means.
---@class QuestionKind
---@field asks string
---@field ids table<string, string>

---@class Request
---@field seat Seat
---@field kind string|nil   the question's kind (declared in scripts/<game>/questions.lua)
---@field prompt string|fun(): string
---@field options Options  the options (labels, or records with ids), shown to `seat` only
---@field count integer|nil  number of options when `options` is a function
---@field min integer|nil   with max: choose several (default 1)
---@field max integer|nil
---@field secret boolean|nil others do not see that this seat is asked
---@field revisable boolean|nil the seat may change its answer until every seat asked has answered
---@field shown_to_team boolean|nil the seat's team sees its answer while the others decide
---@field tags (string|false)[]|nil what each option plays or uses (a definition id, an ability): per-card numbers and strategy bots read them

---@class Result
---@field winners Seat[]|nil the winning seats (none: nobody won); not in a cooperative game
---@field won boolean|nil    a cooperative game's (`cooperative: true`) only: the crew won
---@field scores table<Seat, number>|nil
---@field reason string|nil

----------------------------------------------------------------------- seats

---Number of seats in this game.
---@return integer
function posse.players() end

---Display name of a seat.
---@param seat Seat
---@return string
function posse.seat_name(seat) end

---Role of a seat (e.g. "marshal"), or nil. Roles are public.
---@param seat Seat
---@return string|nil
function posse.role(seat) end

---@param seat Seat
---@param role string|nil
function posse.set_role(seat, role) end

---Team of a seat (string), or nil when the game has no teams.
---@param seat Seat
---@return string|nil
function posse.team(seat) end

---Sets the team of a seat; team mates see zones with `visibility: team`.
---@param seat Seat
---@param team string
function posse.set_team(seat, team) end

---Marks a seat as out of the game (shown in every view).
---@param seat Seat
function posse.eliminate(seat) end

---@param seat Seat
---@return boolean
function posse.is_eliminated(seat) end

---Marks whose turn it is, for views and renderers.
---@param seat Seat|nil
function posse.set_current(seat) end

------------------------------------------------------------------ decisions
-- Decisions yield the flow coroutine: call them only from the flow (the
-- function `play` returned by the main script, or functions it calls).

---Asks one seat to choose one option. Returns its 1-based index.
---The prompt and the labels may be functions returning them, called only when someone
---reads them (bots need only the count): then `opts.count` gives the number of options.
---With `opts.secret`, other seats' views do not show that this seat is deciding (use it
---when being asked at all would tell something, e.g. that the seat holds a reaction card).
---With `opts.min`/`opts.max` the seat chooses several and the answer is a sorted list of
---indices: call it `posse.choose_several` (the same function, typed for that answer).
---`opts.tags[i]` names what option i plays or uses (a card's definition id; false or nil
---for none): `posse sim` counts each tag's offers, plays and the wins of its players.
---`opts.kind` says what the question is, and each option is a record `{id = ..., label =
---..., args = {...}}`: in a game that declares its kinds (`scripts/<game>/questions.lua`)
---every question has a declared kind and every option one of its kind's ids, which bots
---and tests read instead of the words.
---@param seat Seat
---@param prompt string|fun(): string
---@param options Options
---@param opts {kind: string|nil, count: integer|nil, secret: boolean|nil, min: integer|nil, max: integer|nil, tags: (string|false)[]|nil}|nil
---@return integer
function posse.choose(seat, prompt, options, opts) end

---Asks one seat to choose between `opts.min` and `opts.max` options (default: `min` 1,
---`max` = `min`); returns the indices chosen, sorted. The same function as `posse.choose`.
---@param seat Seat
---@param prompt string|fun(): string
---@param options Options
---@param opts {kind: string|nil, min: integer, max: integer|nil, count: integer|nil, secret: boolean|nil, tags: (string|false)[]|nil}
---@return integer[]
function posse.choose_several(seat, prompt, options, opts) end

---Asks several seats at once (hidden, simultaneous decisions). No seat sees
---another's answer (unless its request says `shown_to_team`: then its teammates do);
---the script decides what to reveal. A `revisable` answer may be changed until every
---seat asked has answered. Returns one answer per request, in request order: the last
---answer each seat gave, an integer (a list for a request with `min`/`max`: read it with
---`answers[i] --[[@as integer[] ]]`).
---@param requests Request[]
---@return integer[]
function posse.choose_each(requests) end

--------------------------------------------------------------------- zones

---Handle of a zone declared in YAML; per-seat zones need the seat, per-node zones
---(board spaces) the node's name or number (its place in `posse.nodes()`; on a grid, the
---cell), per-object zones (a character's gear) the object.
---@param name string
---@param at Seat|string|Obj|nil
---@return Zone
function posse.zone(name, at) end

---Number of objects in a zone (always public).
---@param zone Zone
---@return integer
function posse.count(zone) end

---Object at position `i` (1 = top), or nil.
---@param zone Zone
---@param i integer|nil default 1
---@return Obj|nil
function posse.at(zone, i) end

---All objects of a zone, top first (a fresh table: avoid in hot loops).
---@param zone Zone
---@return Obj[]
function posse.contents(zone) end

---Moves an object to a zone, on top (default) or at the bottom.
---@param obj Obj
---@param zone Zone
---@param where "top"|"bottom"|nil
function posse.move(obj, zone, where) end

---Moves the top object of `from` onto `to`; returns it, or nil when `from` is empty.
---@param from Zone
---@param to Zone
---@return Obj|nil
function posse.draw(from, to) end

---Shuffles a zone with the game's RNG; every seat forgets its objects' identities.
---@param zone Zone
function posse.shuffle(zone) end

---@param obj Obj
---@return Zone
function posse.zone_of(obj) end

---The object a per-object zone belongs to (`posse.zone("gear", obj)` gives it back), or
---nil for any other zone.
---@param zone Zone
---@return Obj|nil
function posse.zone_object(zone) end

------------------------------------------------------------------- objects

---Definition of an object (the same table every call).
---@param obj Obj
---@return Def
function posse.def(obj) end

---A definition by its id, or nil: also a definition with no copies (`count: 0`), such as
---an ability a faction has rather than a card anyone holds.
---@param id string
---@return Def|nil
function posse.def_by_id(id) end

---Definition id of an object, e.g. "second_wind".
---@param obj Obj
---@return string
function posse.def_id(obj) end

---Turns an object face up (true) or face down (false). Face-up objects are seen by all.
---@param obj Obj
---@param up boolean
function posse.flip(obj, up) end

---Whether `obj` is face up (seen by everyone wherever it is).
---@param obj Obj
---@return boolean
function posse.face_up(obj) end

---Lets seats know an object's identity (nil = every seat) wherever it goes, until a shuffle.
---@param obj Obj
---@param seats Audience
function posse.reveal(obj, seats) end

---Whether a seat may see an object's identity now.
---@param seat Seat
---@param obj Obj
---@return boolean
function posse.knows(seat, obj) end

------------------------------------------------------------------ counters

---Value of a counter declared in YAML (per-seat counters need the seat).
---@param name string
---@param seat Seat|nil
---@return integer
function posse.get(name, seat) end

---@param name string
---@param value integer
---@param seat Seat|nil
function posse.set(name, value, seat) end

---Adds `delta` and returns the new value.
---@param name string
---@param delta integer
---@param seat Seat|nil
---@return integer
function posse.add(name, delta, seat) end

---Value of an object's per-object counter (`per_object: true` in YAML; every object has
---one, starting at its definition's `counters:` value or else the declaration's `initial`).
---@param obj Obj
---@param name string
---@return integer
function posse.obj_get(obj, name) end

---@param obj Obj
---@param name string
---@param value integer
function posse.obj_set(obj, name, value) end

---Adds `delta` to an object's per-object counter and returns the new value.
---@param obj Obj
---@param name string
---@param delta integer
---@return integer
function posse.obj_add(obj, name, delta) end

---For each part named, a number that grows whenever the game changes there, whatever
---script made the change: `"zone:ID"`, an object entering or leaving any zone of that
---declaration, or one in it flipped, revealed or shuffled; `"counter:ID"`, any value of that
---counter (any seat's, any object's) set or added to, even to the value it had; `"map"`, a
---border locked, unlocked or breached. While a part's number is the same, nothing there
---changed: what a script worked out from those parts alone may be kept. Only equality
---means anything (each number only grows, so a sum of them is the same only when each
---is). For the rules' flow: prompts and labels may not read them.
---@param ... string
---@return integer ...
function posse.changes(...) end

---------------------------------------------------------------------- dice

-- Without `seat`, these read and change the shared dice (`dice:` entries without
-- `per_seat`); with it, that seat's own dice (`per_seat: true`), numbered 1..posse.dice(seat)
-- for every seat. Scripts read every face; views show a face only to the seats its kind's
-- `visibility` admits (or every seat once revealed).

---Number of shared dice, or of each seat's own dice when `seat` is given.
---@param seat Seat|nil
---@return integer
function posse.dice(seat) end

---Rolls dice with the game's RNG: the listed indices, or all when nil; the shared dice,
---or `seat`'s own. Rolled dice are no longer revealed (`posse.reveal_dice`). Returns the
---face names the rolled dice show now, in the order rolled (what `posse.face` of each
---reads after the roll): `local a, b = posse.roll({ 1, 3 })`.
---@param which integer[]|nil
---@param seat Seat|nil
---@return string ...
function posse.roll(which, seat) end

---Face name showing on die `i` (of `seat`'s own dice when given).
---@param i integer
---@param seat Seat|nil
---@return string
function posse.face(i, seat) end

---Sets die `i` to a named face (card effects such as "turn a die to any face").
---@param i integer
---@param face string
---@param seat Seat|nil
function posse.set_face(i, face, seat) end

---Face names of die `i`, in YAML order.
---@param i integer
---@param seat Seat|nil
---@return string[]
function posse.faces(i, seat) end

---Shows `seat`'s own dice (the shared dice when nil) to every seat, whatever their
---visibility, until they are rolled again or hidden: a showdown. Recorded state.
---@param seat Seat|nil
function posse.reveal_dice(seat) end

---Gives revealed dice back to their visibility (the reveal undone; rolling does it too).
---@param seat Seat|nil
function posse.hide_dice(seat) end

---------------------------------------------------------------- randomness

---A uniform integer in 1..n from the game's seeded RNG (math.random is the same RNG).
---@param n integer
---@return integer
function posse.random(n) end

--------------------------------------------------------------------- board

---The board's nodes, in the order the YAML declares them (a grid's cells first, named
---"c,r", in cell order).
---@return string[]
function posse.nodes() end

---Neighbours of a board node, sorted by id (on a zone map: as the map is now).
---@param node string
---@return string[]
function posse.neighbours(node) end

---A shortest path from `a` to `b` (both included), or nil (on a zone map: as the map is
---now).
---@param a string
---@param b string
---@return string[]|nil
function posse.path(a, b) end

---The nodes (by number: their place in `posse.nodes()`; on a grid, the cells) whose
---per-node zone `zone` holds an object (its top one face up when `face_up`), as a set
---`{[node] = true}`: a whole board read in one call (how full a zone is is public).
---@param zone string
---@param face_up boolean|nil
---@return table<integer, boolean>
function posse.nodes_holding(zone, face_up) end

---------------------------------------------------------------------- grid
-- On a grid board (game.yaml: `board: {grid: {cols, rows, ring, links}}`) a cell is an
-- integer, numbered row by row from the front-left cell of the board, and is also the
-- board's node number (`posse.nodes()[cell]` is "c,r"). Column 0 is the left, row 0 the
-- front; a ring adds the cells at c = -1 or cols and r = -1 or rows. The ring joins the
-- grid only through the links (everywhere when none are declared); diagonal steps join
-- grid to grid and ring to ring only. Neighbours, steps and paths come in direction
-- order: N (row - 1), E, S, W, or with diagonals N, NE, E, SE, S, SW, W, NW. Every
-- function here raises an error on a board that is not a grid, and on a bad cell.

---@alias Cell integer
---@alias Cells Cell|Cell[]|table<Cell, boolean>   one cell, a list, or a set (`{[cell] = true}`)
---@alias Field (integer|false)[]   per cell: steps to the nearest target, false where none leads

---@class GridInfo
---@field cols integer
---@field rows integer
---@field ring boolean
---@field cells integer   every cell, the ring included

---@class GridQuery
---@field only Cells|nil      the cells a path may enter (nil: every cell); targets always may
---@field avoid Cells|nil     cells a path may not enter (targets excepted)
---@field diagonal boolean|nil  8 neighbours instead of 4

---The grid's size, or nil when the board is not a grid (the only grid function that
---does not raise an error then).
---@return GridInfo|nil
function posse.grid() end

---The cell at column `c`, row `r`, or nil when the board has no such cell.
---@param c integer
---@param r integer
---@return Cell|nil
function posse.cell(c, r) end

---The column and row of a cell.
---@param cell Cell
---@return integer c
---@return integer r
function posse.coords(cell) end

---Whether a cell is on the ring (outside the grid).
---@param cell Cell
---@return boolean
function posse.on_ring(cell) end

---A cell's neighbours in direction order (N, E, S, W; with `diagonal` N, NE, E, SE, S, SW,
---W, NW), as the ring, links and diagonal rule allow.
---@param cell Cell
---@param diagonal boolean|nil
---@return Cell[]
function posse.grid_neighbours(cell, diagonal) end

---Breadth-first distances (every step 1) from every cell to the nearest of `targets`,
---entering only the cells `opts` allows: one call for a field every mover reads.
---@param targets Cells
---@param opts GridQuery|nil
---@return Field
function posse.grid_distances(targets, opts) end

---The neighbours of `from` that bring it closest to the field's targets, in direction
---order: those of the least distance among its neighbours, when less than `from`'s own
---(`from` need not be allowed). Empty on a target or when nothing leads anywhere. Runs in
---Lua: no call into the engine once a cell's neighbours are known.
---@param field Field  what posse.grid_distances returned (with the same `diagonal`)
---@param from Cell
---@param diagonal boolean|nil
---@return Cell[]
function posse.grid_steps(field, from, diagonal) end

---The first of `grid_steps(field, from, diagonal)`, or nil.
---@param field Field
---@param from Cell
---@param diagonal boolean|nil
---@return Cell|nil
function posse.grid_step(field, from, diagonal) end

---A shortest path from `from` to the nearest of `targets`, both included, taking the
---first step in direction order at every cell; nil when none leads there.
---@param from Cell
---@param targets Cells
---@param opts GridQuery|nil
---@return Cell[]|nil
function posse.grid_path(from, targets, opts) end

---The ring's cells clockwise (seen from above, the front at the top) from the
---front-left corner (-1, -1); empty without a ring.
---@return Cell[]
function posse.grid_ring() end

---The next ring cell clockwise.
---@param cell Cell  a ring cell
---@return Cell
function posse.grid_clockwise(cell) end

---The links, `{ring_cell, grid_cell}`, in the ring's clockwise order from the front-left
---corner: the numbering a die may read.
---@return {[1]: Cell, [2]: Cell}[]
function posse.grid_links() end

------------------------------------------------------------------ zone map
-- On a board drawn as a zone map (game.yaml: `board: {map: FILE}`), zones are named by
-- their ids. Every function here raises an error on a board that is not a zone map, and
-- on an unknown zone.

---@class ZoneInfo
---@field id string
---@field name string
---@field indoor boolean
---@field centre {x: number, y: number}

---Whether a character may move from zone `a` to zone `b`, as the map is now (locked cell
---doors, breaches).
---@param a string
---@param b string
---@return boolean
function posse.adjacent(a, b) end

---Static line of sight from `a` to `b` as the map is now (walls, fences, trees,
---breaches, the map's overrides; no characters). A zone sees itself.
---@param a string
---@param b string
---@return boolean
function posse.sight(a, b) end

---The zones the line from `a`'s centre to `b`'s crosses, `a` not counted (0 for a = b).
---@param a string
---@param b string
---@return integer
function posse.range(a, b) end

---The zones whose centre circle lies on the line from `a` to `b`, in order from `a`.
---@param a string
---@param b string
---@return string[]
function posse.blockers(a, b) end

---`sight(a, b)`, and no blocker of the line is a key of `occupied` with a truthy value
---(pass where living characters stand; read raw, no metamethod runs).
---@param a string
---@param b string
---@param occupied table<string, any>|nil
---@return boolean
function posse.visible(a, b, occupied) end

---The zones `b` that `a` sees (`visible(a, b, occupied)`) at range at most `reach`, in
---the map's order, `a` itself included: the zones a thrown or fired weapon may reach.
---@param a string
---@param reach integer
---@param occupied table<string, any>|nil
---@return string[]
function posse.in_sight(a, reach, occupied) end

---A zone's facts: id, display name, whether it is indoors, and its centre.
---@param a string
---@return ZoneInfo
function posse.node_info(a) end

---Locks the lockable openings (cell doors) on the border of `a` and `b`: movement stops
---there (sight does not). An error if the border has none.
---@param a string
---@param b string
function posse.lock(a, b) end

---Unlocks the lockable openings on the border of `a` and `b` (an error if it has none).
---@param a string
---@param b string
function posse.unlock(a, b) end

---Whether the lockable openings on the border of `a` and `b` are locked (an error if it
---has none).
---@param a string
---@param b string
---@return boolean
function posse.locked(a, b) end

---Breaches the border of `a` and `b` for the rest of the game: no wall, fence or opening
---piece on it blocks movement or sight any more. An error if they share no border.
---@param a string
---@param b string
function posse.breach(a, b) end

---Whether the border of `a` and `b` is breached (an error if they share no border).
---@param a string
---@param b string
---@return boolean
function posse.breached(a, b) end

----------------------------------------------------------------------- log

---Adds a line to the game log, seen by `audience` (nil = everyone). `mark`, for the
---designer's heat map only (never shown, never in a hash): what happened where, as
---`{mark = "fight", at = ZONE}` (a zone map's zone id or a grid's cell "c,r").
---@param text string
---@param audience Audience
---@param mark? {mark: string, at: string}
function posse.log(text, audience, mark) end

---------------------------------------------------------------------- misc

---The YAML `data:` section of the game, as a read-only table.
---@type table
posse.data = {}

---What the scenario's own `script:` (in its overlay file) returned, read-only and the same
---every call; nil when the game is played without a scenario or its scenario has no script.
---Like a definition's script, it is made once and keeps no game state.
---@return any
function posse.scenario() end

---A table built from the content alone, once a VM: the first call runs `builder` and
---returns its table, copied and frozen (read-only, like `posse.data`); every later call
---with `name`, in this game and in the later games of the VM, returns the same table. Kept
---only when built while the engine loads the game's modules (a table asked for in the
---middle of a game is built then, for that game alone); the builder may read the game, not
---change it or draw a random number, and its table may hold tables, strings, numbers and
---booleans only (docs/authoring.md, "Tables built once").
---@generic T: table
---@param name string  named after its module ("goldfever.game.board")
---@param builder fun(): T
---@return T
function posse.once(name, builder) end

---Iterates a table's keys in order: booleans, numbers, strings. The same as `pairs`, which
---in posse always walks keys in that order (kept for scripts written before it did).
---@generic K, V
---@param t table<K, V>
---@return fun(): K, V
function posse.spairs(t) end

return posse
