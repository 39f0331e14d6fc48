-- Desperados: every kind of question the game asks, and what its options' ids mean. Bots
-- and tests read these; the prompts and labels are for people. Towns are board node ids
-- (`tuba_city` ...), cards the ids of scenarios/desperados/cards.yaml. Ids (S7, H1, M1,
-- A1-A8, E7) are those of shared/rules/desperados.gaps.md.

---@type table<string, QuestionKind>
return {
  start = {
    asks = "Setup (S7, S8): the town where a piece starts, the Marshal's pawn, a Sheriff (the Marshal places both)"
      .. " or the desperado of the seat asked",
    ids = {
      marshal = "the Marshal's pawn starts in args.town",
      sheriff = "Sheriff number args.sheriff starts in args.town",
      desperado = "the asked seat's desperado starts in args.town",
    },
  },
  sheriff = {
    asks = "H1: the Marshal moves Sheriff number args.sheriff, in the open, before the cards of a move",
    ids = {
      stay = "he stays in args.town, where he is",
      ride = "he rides one road, to args.town",
    },
  },
  card = {
    asks = "M1: the movement card the seat plays face down this move (the move is the counter `move`);"
      .. " args.card is the card's id",
    ids = {
      ride = "a card with a town: the seat's cards now lead to args.town (a town's card: one road further)",
      stay = "a card with no town (the Saloon): the seat's cards still lead to args.town",
      impossible = "no card the seat holds is a legal move (E7): this one stops the seat for the turn at the"
        .. " examination",
    },
  },
  activity = {
    asks = "A1-A8: what the desperado does where his cards lead this move, asked in secret; a disc activity"
      .. " succeeds only with more discs than args.sheriffs, the Sheriffs in args.town",
    ids = {
      none = "no activity",
      poker = "he lays his disc to cheat at poker in args.town",
      rob_coach = "he lays his disc to rob the args.coach coach (brown or blue) in args.town",
      spy = "he spies on the bank in args.town, showing his proof to everyone",
    },
  },
}
