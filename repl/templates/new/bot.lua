-- A strategy bot of {{name}}: keeps a card worth 3 or more, swaps the others. It sees
-- only its seat's view and the question, which it reads by its kind and its options' ids
-- (questions.lua), never by their words (docs/authoring.md, "Strategy bots").
local bot = require "lib.bot"

---@type Bot
return {
  about = "keeps a card worth 3 or more, swaps the others",
  pick = function(view, q)
    if q.kind == "swap" then
      local card = bot.me(view).zones.hand.objects[1]
      local id = (card ~= nil and not card.hidden and card.props.value >= 3) and "keep" or "swap"
      return bot.by_id(q, id) or error("keeper: a 'swap' question without a '" .. id .. "' option")
    end
    -- A question this bot was not written for: say so, never pick at random.
    error("keeper: no answer for a '" .. tostring(q.kind) .. "' question")
  end,
}
