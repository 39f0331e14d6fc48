-- Every question {{name}} asks: its kind, what it asks, and what each of its options' ids
-- means (the engine refuses a question of another kind, or an option with another id).
-- Bots and tests read the kind and the ids (and an option's args, what its id leaves
-- open); the prompts and labels are for people. A new question: declare its kind here,
-- then ask it with `ask.pick(seat, kind, prompt, options, n)` (main.lua).

---@type table<string, QuestionKind>
return {
  swap = {
    asks = "Whether the seat keeps the hidden card in its hand or swaps it for the top of the deck.",
    ids = { keep = "keep the card", swap = "put the card under the deck and draw the top one" },
  },
}
