-- Marshals: every kind of question the game asks, and what its options' ids mean. Bots and
-- tests read these; the prompts and labels are for people. A card is named by its
-- definition id (`args.card`, scenarios/marshals/cards.yaml), a place on the map by its
-- position from west to east (`args.to`, 1..4) and the terrain there (`args.terrain`, an id
-- of `data.terrains`), a Marshal by his seat (`args.seat`). Ids (R.., Z..) are those of
-- shared/rules/marshals.gaps.md.

---@type table<string, QuestionKind>
return {
  turn = {
    asks = "Step 2 of the seat's turn (R34, Z08-Z13): play a card or act; a move draws again, anything else"
      .. " ends the turn",
    ids = {
      move = "play the Movement or Wild card args.card to move to position args.to (args.terrain), then draw"
        .. " again",
      play = "play the Action card args.card (ends the turn)",
      event = "play the Event card args.card from hand (Z11; ends the turn)",
      provision_move = "spend 1 Provision to move to position args.to (args.terrain), then draw again (Z23)",
      push = "spend 1 Bullet to push the other Marshals here away, then draw again (Z12, Z13)",
      ["end"] = "end the turn",
    },
  },
  pushed = {
    asks = "Z12, Z13: another Marshal pushes the seat away from where he is",
    ids = {
      stay = "spend 1 Bullet and stay",
      move = "move to position args.to (args.terrain), next door",
    },
  },
  show = {
    asks = "R41-R43, Z21: an Ambush or Camping (the card in the zone `pending`) hits the seat with other"
      .. " Marshals: show a Movement card of the place's terrain to get away (the lowest, or nothing, pays;"
      .. " the highest gives his card to the player)",
    ids = {
      nothing = "show nothing",
      show = "show the Movement card args.card, of value args.value",
    },
  },
  claim = {
    asks = "Z15: after another Marshal's capture, claim a reward with all of the seat's Movement cards of the"
      .. " capture's terrain (asked of every eligible Marshal at once, in secret)",
    ids = {
      none = "no claim",
      claim = "discard those cards and earn args.sum Coins",
    },
  },
  jurisdiction = {
    asks = "R36, Z20: another Marshal plays a Clue or Hideout (the card in the zone `pending`): cancel it with"
      .. " Jurisdiction? (asked of every other Marshal at once, in secret)",
    ids = {
      pass = "let it be",
      play = "play the Jurisdiction card args.card: the Clue or Hideout has no effect and goes to the seat's hand",
    },
  },
  stack = {
    asks = "R45, R64 (Clue): which of the cards the seat looks at (zone `look`) goes back on the deck next,"
      .. " the first on top",
    ids = {
      card = "the card args.card goes next",
    },
  },
  search = {
    asks = "R46 (Hideout): where the seat searches",
    ids = {
      deck = "draw 2 cards from the Far West deck and keep 1",
      hand = "pick 2 cards blind from the hand of seat args.seat, look at them and keep 1",
    },
  },
  blind = {
    asks = "R46, R67 (Hideout): which face-down cards of seat args.seat's shuffled hand the seat picks to look at",
    ids = {
      slot = "the face-down card at place args.slot of that hand",
    },
  },
  keep = {
    asks = "R46, Z19 (Hideout): which of the cards the seat looks at (zone `look`, or picked from a rival's"
      .. " hand) he keeps",
    ids = {
      card = "keep the card args.card (an Outlaw kept is resolved at once)",
    },
  },
  train = {
    asks = "R50, Z26: a Train runs: ride it, for its ticket (args.cost Coins on each ride option)?",
    ids = {
      stay = "stay off the train",
      ride = "pay and ride to position args.to (args.terrain)",
    },
  },
  travel = {
    asks = "Z27: a village opens at position args.to: travel there by cards?",
    ids = {
      stay = "stay away",
      travel = "travel there, playing args.cards cards (the lowest Movement card of each step's terrain,"
        .. " else a Wild)",
    },
  },
  buy = {
    asks = "Z24, Z27: buy at the village, one unit at a time, for args.price Coins each",
    ids = {
      done = "buy nothing more",
      bullet = "buy a Bullet",
      provision = "buy a Provision",
    },
  },
  rival = {
    asks = "Z40 (basic mode): which rival an Ambush or a Camping hits (asked only when two or more fit)",
    ids = {
      rob = "take a random card from the hand of seat args.seat (Ambush)",
      skip = "seat args.seat skips his next turn (Camping)",
    },
  },
}
