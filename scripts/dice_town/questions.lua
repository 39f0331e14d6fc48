-- Every question Desperados of Dice Town asks: its kind, what it asks, and what each of its
-- options' ids means (the engine refuses any other). Bots and tests read these; the
-- prompts and labels are for people. Args name what an id leaves open: `card` is a Wild
-- West card's definition id (cards.yaml), `desperado` a Desperado's id (data.desperados:
-- brain, ugly, bad, lady, boss), `seat` a seat, `die` a die's number and `face` a face id
-- (action or a Desperado's id). An option that plays a card also carries its id as a tag.

local CARD = "play the Wild West card args.card (its definition id)"

---@type table<string, QuestionKind>
return {
  gang = {
    asks = "Which gang the player leads (data.gang_assignment: choose).",
    ids = { gang = "lead the gang args.gang (its id in data.gangs; args.ability: its Brain's ability)" },
  },
  roll = {
    asks = "After one of his rolls (the counters roll and roll_limit say which): stop on an effect the dice show, reroll, or play a ROLL/OWN card.",
    ids = {
      act = "stop and take the Actions: args give each Desperado's number of Actions by his id ({lady = 2, boss = 1})",
      draw = "stop and draw: args.combo is trio, four or misery (data.draws: args.draw drawn, args.keep kept)",
      keep_actions = "keep the dice that show Action, reroll the others",
      reroll_all = "reroll all the dice",
      reroll_some = "choose which dice to reroll (a 'reroll' question follows)",
      play = CARD,
    },
  },
  reroll = {
    asks = "Which of his dice to reroll (one or more).",
    ids = { die = "reroll die args.die, which shows args.face" },
  },
  keep = {
    asks = "Which of the cards drawn (Trio, Set of four) to keep: one or several, as data.draws says.",
    ids = { card = "keep the card args.card" },
  },
  actions = {
    asks = "Resolving his Actions: which Desperado acts next, a card to play, or stop.",
    ids = {
      rank = "args.desperado (In Jail, args.ranks left) turns one rank; args.actions: his Actions left",
      attack = "escaped args.desperado attacks: $args.amount from each of args.victims opponents (0: nobody to hit); args.actions: his Actions left",
      ability = "the escaped Brain (args.desperado) uses his gang's ability args.ability; args.actions: his Actions left",
      play = CARD,
      done = "end the Actions (none left)",
      forfeit = "forfeit the args.actions Actions left",
    },
  },
  opp_roll = {
    asks = "OPP-ROLL window: another player has rolled; play a card (Jinx) or pass.",
    ids = { pass = "play nothing; args.seat: whose roll it is", play = CARD },
  },
  opp_act = {
    asks = "OPP-ACT window: another player has declared his Actions; play a card (Stand-Off) or pass.",
    ids = {
      pass = "play nothing; args.seat: who acts, and by Desperado id how many Actions he declared ({seat = 2, lady = 2})",
      play = CARD,
    },
  },
  loss = {
    asks = "LOSS window: the player is about to lose money to an opponent; play a card (Take Cover) or lose it.",
    ids = { pass = "lose $args.amount", play = CARD },
  },
  end_turn = {
    asks = "After the effect: play an OWN card before ending the turn, or end it.",
    ids = { pass = "end the turn", play = CARD },
  },
  marked_die = {
    asks = "Marked Die: which of his dice to turn.",
    ids = { die = "turn die args.die, which shows args.face" },
  },
  marked_face = {
    asks = "Marked Die: the face the die turns to (any face but the one it shows).",
    ids = { face = "turn die args.die to face args.face" },
  },
  jinx = {
    asks = "Jinx: which of the active player's dice he rerolls.",
    ids = { die = "die args.die, which shows args.face" },
  },
  rotate = {
    asks = "Which of his In-Jail Desperados turns one rank (Jailbreak, the Locksmith).",
    ids = { desperado = "args.desperado, args.ranks ranks left" },
  },
  extra_action = {
    asks = "Double Trouble: which Desperado whose face he rolled gets one more Action.",
    ids = { desperado = "args.desperado (args.ranks ranks left; 0: escaped)" },
  },
  stand_off = {
    asks = "Stand-Off: which Desperado of the active player loses one declared Action.",
    ids = { desperado = "args.seat's args.desperado, who has args.actions Actions declared" },
  },
  snitch = {
    asks = "Snitch: which opponent's In-Jail Desperado goes one rank back.",
    ids = { desperado = "args.seat's args.desperado, args.ranks of args.max ranks left" },
  },
  payer = {
    asks = "Who pays the player (Pickpocket, the Forger).",
    ids = { seat = "args.seat pays" },
  },
  steal = {
    asks = "Card Sharp: whose hand a random card is taken from.",
    ids = { seat = "from args.seat's hand" },
  },
}
