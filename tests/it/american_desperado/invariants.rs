//! What no position may show, checked after every decision of random games of every
//! heist: a standing criminal shares its space with a police unit only while it owes that
//! unit an attack (AD-R41; any other meeting is a fight, §5.11); no unit stands on a
//! face-down or locked tile (§5.11 npc_passable) and no criminal on a face-down one
//! (AD-R35); a subdued criminal carries nothing (§5.12); only a criminal in the street is
//! exposed; locks hold face-down tiles only and hostages lie on revealed ones; fatigue and
//! gifts never go below 0; the threat never falls (§5.9); every loot piece is somewhere.

use super::*;

const CHECK: &str = r#"
local bad = {}
for _, c in ipairs(game.crew()) do
  local x = game.cell_of(c)
  if x and not game.subdued(c) then
    local owed = posse.obj_get(c, 'must_attack')
    for _, u in ipairs(game.police_on(x)) do
      if u ~= owed then bad[#bad + 1] = game.name(c) .. ' stands with ' .. game.name(u) .. ' at ' .. game.where(x) end
    end
  end
  if x and game.inside(x) and not game.revealed(x) then bad[#bad + 1] = game.name(c) .. ' on a face-down tile' end
end
for _, u in ipairs(game.on_board()) do
  local x = game.cell_of(u)
  if game.inside(x) and (not game.revealed(x) or game.locked(x)) then
    bad[#bad + 1] = game.name(u) .. ' on a closed tile ' .. game.where(x)
  end
end
for _, c in ipairs(game.crew()) do
  local x = game.cell_of(c)
  if game.subdued(c) and posse.count(posse.zone('carry', c)) > 0 then bad[#bad + 1] = game.name(c) .. ' carries loot, subdued' end
  if posse.obj_get(c, 'fatigue') < 0 then bad[#bad + 1] = game.name(c) .. ' has negative fatigue' end
  if posse.obj_get(c, 'exposed') > 0 and x and game.inside(x) then bad[#bad + 1] = game.name(c) .. ' exposed inside' end
end
for _, x in ipairs(game.cells) do
  if game.locked(x) and game.revealed(x) then bad[#bad + 1] = 'a revealed tile locked at ' .. game.where(x) end
  if #game.hostages_on(x) > 0 and game.inside(x) and not game.revealed(x) then
    bad[#bad + 1] = 'a hostage on a face-down tile at ' .. game.where(x)
  end
end
if posse.get('gifts') < 0 then bad[#bad + 1] = 'negative gifts' end
local pieces = posse.count(posse.zone('loot_side'))
for _, x in ipairs(game.cells) do pieces = pieces + #(game.loot_on(x)) end
for _, c in ipairs(game.crew()) do pieces = pieces + posse.count(posse.zone('carry', c)) end
local vaults = 0
for _, x in ipairs(game.cells) do
  local t = game.tile(x)
  if t and game.props(t).class == 'loot' then vaults = vaults + 1 end
end
if pieces < vaults then bad[#bad + 1] = pieces .. ' loot pieces for ' .. vaults .. ' vaults' end
return table.concat(bad, '; ')
"#;

#[test]
fn ad_r41_positions_stay_sound_in_random_play() {
    let mut checked = 0;
    for (scenario, players) in [("tiny", 1), ("small", 2), ("", 3), ("large", 4)] {
        let c = shipped(scenario);
        for seed in 0..16u64 {
            let mut g = new_game(&c, seed, players);
            let mut rng = posse::rng::Rng::new(seed);
            let mut threat_was = 0;
            for step in 0..600 {
                let Some(r) = g.next_request() else { break };
                let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
                g.choose(seat, &picks).unwrap_or_else(|e| panic!("{e}"));
                if g.is_over() {
                    break;
                }
                // A stack deciding who fights has its attacker on its space already.
                if asked(&g).contains("Who fights") {
                    continue;
                }
                let bad = LUA.str(&mut g, CHECK);
                assert!(bad.is_empty(), "{scenario} seed {seed} step {step}: {bad}\n{}", g.render(None).unwrap());
                let t = threat(&g);
                assert!(t >= threat_was, "{scenario} seed {seed} step {step}: threat {threat_was} -> {t}");
                threat_was = t;
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} positions");
}
