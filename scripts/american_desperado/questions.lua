-- American Desperado's questions: what each kind asks and what its options' ids mean
-- (bots and tests read these; people read the prompts and labels). Cells are named as the
-- board names them, "c,r" (column, row; the street is row or column -1, cols or rows), the
-- criminals and loot pieces by their definition ids (brains, thug, engineer, shadow;
-- loot_1, loot_2g...), police units by their kind (patrol, swat, fbi, heavy).
---@type table<string, QuestionKind>
return {
  start = {
    asks = "Where a criminal starts (AD-R08): a free entrance with fewer than two criminals on its side.",
    ids = {
      entrance = "starts on entrance number args.entrance (E1..En), the street cell args.cell; args.who is the criminal",
    },
  },
  turn = {
    asks = "A criminal's next action in its turn (§5.6). Every option carries args.who (the criminal) and args.left (its actions left).",
    ids = {
      move = "moves to args.cell: an entrance, the street or a revealed tile with nothing to fight (one action)",
      step = "steps onto the face-down tile at args.cell and meets what it is (one action)",
      fight = "steps onto args.cell to fight the revealed obstacle there, args.class of power args.power (one action)",
      attack = "attacks the police unit args.unit (strength args.strength) on args.cell (one action)",
      scout = "scouts the face-down tile at args.cell (one action)",
      scout_any = "Brains scouts any face-down tile, chosen next (a 'scout' question; one action)",
      trade_hostage = "trades a hostage token to free the subdued criminal args.criminal (one action)",
      take_loot = "takes the loot piece args.piece (value args.value) lying on its space (free)",
      drop_loot = "drops the loot piece args.piece (value args.value) it carries on its space (free)",
      gift = "Brains gives args.criminal an extra action for its next turn (free)",
      rest = "rests: one fatigue off (the only action of a tired criminal, AD-R37)",
      end_turn = "ends the turn, args.left actions unspent",
    },
  },
  scout = {
    asks = "Which face-down tile Brains scouts (after the turn's scout_any).",
    ids = { tile = "scouts the tile at args.cell; args.who is the criminal" },
  },
  casing = {
    asks = "Which adjacent face-down tile the Engineer cases after a lock (§5.5), if any.",
    ids = {
      tile = "cases (peeks at) the tile at args.cell; args.who is the criminal",
      none = "cases nothing",
    },
  },
  reroll = {
    asks = "Whether the Engineer rerolls a failed roll for an action (§5.5).",
    ids = {
      reroll = "rerolls (one action); args.roll + args.bonus failed against args.power, args.left actions left",
      keep = "keeps the failed roll",
    },
  },
  relief = {
    asks = "Which tired teammate the Thug relieves of a fatigue token at the end of his turn (§5.5), if any.",
    ids = {
      teammate = "lifts one fatigue from args.criminal (args.fatigue now)",
      nobody = "relieves nobody",
    },
  },
  fighter = {
    asks = "Who fights a police unit that attacks a stack of criminals (§5.12); the others take cover.",
    ids = {
      criminal = "args.criminal (args.fatigue fatigue) fights the unit args.unit (strength args.strength)",
    },
  },
}
