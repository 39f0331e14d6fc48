-- Goldfever: every kind of question the game asks, and what its options' ids mean. Bots and
-- tests read these; the prompts and labels are for people. Characters, things and cards are
-- named by their definition ids (`ted`, `colt`, `nugget_2`, `moyen_miss`), zones by the
-- town's zone ids (`S3`, `BNK`). A thing its player does not know (a face-down marker) is
-- `thing = "marker"` and nothing more. Ids (GF-..) are those of
-- shared/rules/goldfever.gaps.md.

-- The options of an action: a phase's, an ambush reaction's, Double Trouble's second action
-- and Last Breath's. Every one carries `args.by`, the acting character.
local ACTIONS = {
  move = "move to the zone args.to (GF-R42)",
  exit = "leave the town from args.from, over the team's exits (GF-G63)",
  shoot = "shoot args.target with args.gun (args.ammo bullets in it; range args.range)",
  both_barrels = "shoot args.target with both barrels of args.gun (range args.range)",
  fan_the_hammer = "the joker Fan the Hammer: up to 3 bullets of args.gun at args.target (range args.range)",
  reload = "reload args.gun (args.ammo of args.load bullets in it)",
  unjam = "un-jam args.thing (a gun, or a fizzled stick of dynamite)",
  throw_knife = "throw the knife at args.target (range args.range)",
  knife_fight = "attack args.target, in the same zone, with the knife",
  throw_dynamite = "throw dynamite into the zone args.to",
  throw_rock = "throw a rock into the zone args.to",
  drink = "drink whisky (one wound less)",
  pick_up = "pick up args.thing (see the file's head) from the ground",
  give = "give args.thing to the friend args.to",
  take = "take args.thing from the friend args.from",
  swap = "give args.thing to the friend args.with for his args.gets",
  ambush = "lay an ambush (its cost in AP; ends the phase)",
  joker = "play the joker args.card now (in one's own phase)",
  cell_door = "Jailbreak's Keys: lock the cell door (args.lock true) or unlock it (false)",
  end_turn = "end the action phase (a phase only)",
  hold_fire = "do nothing (a reaction: stay in ambush; Double Trouble's and Last Breath's have none)",
}

---@type table<string, QuestionKind>
return {
  action = {
    asks = "GF-R38-R41: the next action of the character args.by in its action phase (its AP: its counter `ap`)",
    ids = ACTIONS,
  },
  reaction = {
    asks = "§5.10, J12, J16: one 1-AP action of the character args.by out of its phase: an ambush"
      .. " reaction, Double Trouble's second action or Last Breath's shot",
    ids = ACTIONS,
  },
  spring = {
    asks = "§5.10 step 3: which of the seat's ambushers in sight of the actor spring the ambush (any number)",
    ids = { spring = "the ambusher args.who springs" },
  },
  ambush_turn = {
    asks = "GF-R37: the chip of the character args.who, lying in ambush, is drawn",
    ids = { stay = "he stays in ambush (no phase)", act = "the marker goes; he takes his action phase" },
  },
  joker = {
    asks = "§5.11: whether to play a reactive joker now (asked whenever the character holds one, whatever it is)",
    ids = {
      pass = "no joker now",
      play = "play the joker args.card of the character args.who (args.when: its timing, a reactive joker's;"
        .. " args.drawn, args.face, args.deck: the hit card just drawn, its face and its deck, if any)",
    },
  },
  keep_joker = {
    asks = "§5.14: the character drew several jokers and keeps one",
    ids = { keep = "keep the joker args.card (the others go back)" },
  },
  hit_card = {
    asks = "Take Cover (J18): which of the two hit cards drawn applies",
    ids = { card = "the hit card args.card (its face: args.face) applies" },
  },
  riposte = {
    asks = "§5.7: the defender may riposte after a knife fight's miss",
    ids = { riposte = "riposte (a card from the riposte deck)", no = "no riposte" },
  },
  run_to = {
    asks = "§5.9 Run for it and the joker Sprint: the zone the character args.who runs to",
    ids = { zone = "run to the zone args.to", stop = "Sprint: stop here" },
  },
  drop = {
    asks = "GF-R49, §5.9 Shaky hands: what the character args.who drops",
    ids = { thing = "drop args.thing (see the file's head)" },
  },
  gun = {
    asks = "§5.9 Wild shot and the joker Speed Loader: which of the character's guns",
    ids = { gun = "the gun args.gun (args.ammo bullets)" },
  },
  pickpocket = {
    asks = "The joker Pickpocket: what to take from an opponent in the zone",
    ids = {
      thing = "args.thing from args.from's pockets",
      marker = "one of args.from's face-down markers, at random",
    },
  },
  deck = {
    asks = "The joker Card Sharp: which deck's top cards to look at",
    ids = { deck = "the deck args.deck (a zone id: facile, moyen, difficile, panique)" },
  },
  card_order = {
    asks = "The joker Card Sharp: which of the cards seen goes on top of the rest",
    ids = { card = "the card args.card" },
  },
  intimidate = {
    asks = "The joker Intimidate: which opponent in sight draws a Panic card",
    ids = { target = "the opponent args.target" },
  },
  hide = {
    asks = "The Payroll's deployment (and O5): where the desperado args.who waits in ambush",
    ids = { zone = "in the zone args.zone" },
  },
}
