-- Desperados: what the movement cards do (C8: one card a town and a Saloon in every deck).
-- Each card of scenarios/desperados/cards.yaml returns one of these tables as its
-- `script:`; a new card may bring a table of its own with the same fields (lib/cards.lua
-- is the contract every game shares):
--
--   can(ctx)      -> boolean   M2, M3: may it be played now, as a legal move from where the
--                              seat's cards lead (the flow offers only cards still in hand)
--   label(ctx)    -> string    its option's label
--   play(ctx)                  M1: played face down: where the seat's cards lead now
--   proof(ctx)    -> Obj[]     A2: the cards it shows to prove where the seat is
--   revealed(ctx)              E1: turned up at the examination: where the pawn goes
--   arrested(ctx)              E2: the Marshal arrests the seat on this card: what it costs
--
-- A card keeps no game state: all it reads or changes goes through `ctx`, the context the
-- flow makes for it (the class `desperados.Context` of scripts/desperados/game.lua): `seat`,
-- `card`, `def`, `props`, `move` (the move it belongs to) and the methods `leads_to`,
-- `road_to`, `lead_to`, `played`, `pawn`, `move_pawn`, `hand_over`, `log`, `seat_name`
-- and `town_name`. Ids (M2, A2, E2, G-...) are those of shared/rules/desperados.gaps.md.

---@class desperados.cards
local M = {}

---@param ctx desperados.Context
---@return string
local function name(ctx) return ctx.def.name end

---A town's card (props.city: the town's node id): a move along one road.
---@type desperados.Card
M.city = {
  -- M2: the town must be a road away from where the seat's cards lead.
  can = function(ctx) return ctx:road_to(ctx.props.city) end,
  label = name,
  play = function(ctx) ctx:lead_to(ctx.props.city) end,
  proof = function(ctx) return { ctx.card } end,
  revealed = function(ctx)
    ctx:move_pawn(ctx.props.city)
    ctx:log(("%s's card %d: %s."):format(ctx:seat_name(), ctx.move, ctx:town_name(ctx.props.city)))
  end,
  -- E2, G-ARREST: the card that led to the arrest goes to the Marshal for good.
  arrested = function(ctx)
    ctx:hand_over()
    ctx:log(ctx:seat_name() .. " is arrested in " .. ctx:town_name(ctx:pawn()) .. " and hands over the "
      .. ctx.def.name .. " card for the rest of the game.")
  end,
}

---The Saloon: the only way to stay where one is (M3).
---@type desperados.Card
M.saloon = {
  can = function() return true end,
  label = name,
  -- The seat's cards still lead where they led.
  play = function() end,
  -- A2, G-SALOON-FIRST: the Saloon is shown with the card before it, alone when it is the
  -- first card of the turn (the pawn's town is public).
  proof = function(ctx)
    local before = ctx.move > 1 and ctx:played(ctx.move - 1) or nil
    if before then return { ctx.card, before } end
    return { ctx.card }
  end,
  revealed = function(ctx)
    local who = ctx:seat_name()
    ctx:log(("%s's card %d: the %s; %s stays in %s."):format(who, ctx.move, ctx.def.name, who,
      ctx:town_name(ctx:pawn())))
  end,
  -- E2: arrested on the Saloon, the seat keeps it.
  arrested = function(ctx)
    ctx:log(ctx:seat_name() .. " is arrested in " .. ctx:town_name(ctx:pawn()) .. " and keeps the "
      .. ctx.def.name .. " card.")
  end,
}

return M
