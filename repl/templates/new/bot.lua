-- A strategy bot of {{name}}: keeps a card worth 3 or more, swaps the others. It sees
-- only its seat's view and the question (docs/authoring.md, "Strategy bots").
local bot = require "lib.bot"

---@type Bot
return {
  about = "keeps a card worth 3 or more, swaps the others",
  pick = function(view, q)
    local card = bot.me(view).zones.hand.objects[1]
    local keep = card ~= nil and not card.hidden and card.props.value >= 3
    return bot.by_tag(q, keep and "keep" or "swap") or 1
  end,
}
