-- The sharp bot of Desperados: plays either side from the seat's view alone. The Marshal
-- guards the richest banks with his Sheriffs and rides where the desperadoes most likely
-- are (desperados.bots.sharp.marshal); a desperado heads for an unguarded bank by the last
-- move, robs coaches and cheats at poker on the way, and keeps away from where the Marshal
-- may be (desperados.bots.sharp.desperado).

local bot = require("lib.bot")
local marshal = require("desperados.bots.sharp.marshal")
local desperado = require("desperados.bots.sharp.desperado")

---@type Bot
return {
  about = "Marshal: Sheriffs on the rich banks, rides where the outlaws likely are; outlaw: coaches, poker, a free bank",
  pick = function(view, q, data)
    if bot.me(view).role == "marshal" then return marshal.pick(view, q, data) end
    return desperado.pick(view, q, data)
  end,
}
