//! What every card shares: the contract of scripts/lib/cards.lua, as Marshals' cards keep it.

use super::*;

/// A card reads the game only through its context, never through a game module it kept
/// (scripts/marshals/cards.lua says why): the shipped behaviours believe a context that
/// contradicts the table. Seat 1 stands in the Forest, position 2 is the Desert.
#[test]
fn cards_read_the_game_through_their_context_only() {
    let mut g = start(3);
    let code = "
      local cards = require 'lib.cards'
      local function can(id, to, here, basic)
        local c = find(id)
        local ctx = {
          seat = 1, card = c, def = posse.def(c), props = posse.def(c).props, to = to,
          game = { basic = function() return basic end },
          here = function() return here end,
          terrain_at = function(_, p) return p == to and 'mountain' or nil end,
        }
        return cards.of(c).can(ctx)
      end
      return { can('mv_mountain_03', 2, 'forest', false), can('mv_desert_02', 2, 'forest', false),
               can('clue_plain', nil, 'plain', false), can('clue_forest', nil, 'plain', false),
               can('ambush_desert_1', nil, 'forest', true) }";
    assert_eq!(LUA.run(&mut g, code), serde_json::json!([true, false, true, false, true]));
}
