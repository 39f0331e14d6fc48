-- The sharp bot of Desperados: plays either side from the seat's view alone. The Marshal
-- guards the richest banks with his Sheriffs and rides where the desperadoes most likely
-- are (desperados.bots.sharp.marshal); a desperado heads for an unguarded bank by the last
-- move, robs coaches and cheats at poker on the way, and keeps away from where the Marshal
-- may be (desperados.bots.sharp.desperado).
--
-- It reads a question by its kind and its options' ids and args (scripts/desperados/
-- questions.lua), never its prompt or labels; the roads from the board the engine gives
-- (`setting.board`), the banks and moves from `data`. A question of a kind it does not know
-- is an error naming the bot and the kind.
--
-- Strength (`posse sim desperados -n 200`, the same before and after it read kinds and the
-- board): as the Marshal (`--bot 1=sharp`) it wins 97.5% of 3-player games and 100% of 4-
-- and 6-player ones, against 79.5% for a random Marshal at 4; one sharp desperado among
-- random ones (`--bot 2=sharp`, 4 players) brings the Marshal down to 19.5%, three to 13.0%.
-- Every line-up in scripts/desperados/DECISIONS.md, "Questions".

local bot = require("lib.bot")
local know = require("desperados.bots.sharp.know")
local marshal = require("desperados.bots.sharp.marshal")
local desperado = require("desperados.bots.sharp.desperado")

---@type Bot
return {
  about = "Marshal: Sheriffs on the rich banks, rides where the outlaws likely are; outlaw: coaches, poker, a free bank",
  pick = function(view, q, data, setting)
    local b = know.new(data, setting.board)
    if bot.me(view).role == "marshal" then return marshal.pick(b, view, q) end
    return desperado.pick(b, view, q)
  end,
}
