-- The sharp bot's Wild West cards: which to keep from a draw, whether to play one now, and
-- whom or what its questions should pick. Cards are recognised by their definition id
-- (the options' args.card).

local model = require "dice_town.bots.sharp.model"

local M = {}

---What holding card `id` is worth: roughly what it does when played at its best.
---@param m sharp.Model
---@param id string|nil
---@return number
function M.worth(m, id)
  if id == "jailbreak" then return m.left[m.me] > 0 and 7 or 0 end
  if id == "double_trouble" then return 6 end
  if id == "dynamite" then return 2.2 * (m.n - 1) end
  if id == "pickpocket" then return 5 end
  if id == "poker_winnings" then return math.min(5, m.centre) + 1.5 end
  if id == "take_cover" then return 5 end
  if id == "marked_die" then return 5.5 end
  if id == "second_wind" then return 4 end
  if id == "stand_off" or id == "snitch" then return 4 end
  if id == "card_sharp" then return 3.5 end
  if id == "jinx" then return 3 end
  return 1
end

---Whether to play own-turn card `id` now. `last`: the turn is ending (no later chance).
---Second Wind and Marked Die are the dice's business (sharp.lua); reactions are not here.
---@param m sharp.Model
---@param id string
---@param last boolean
---@return boolean
function M.play_now(m, id, last)
  if id == "jailbreak" then return m.left[m.me] > 0 end
  if id == "poker_winnings" then return m.centre >= 5 or (last and m.centre >= 1) end
  if id == "pickpocket" or id == "card_sharp" or id == "snitch" or id == "double_trouble" then return true end
  if id == "dynamite" then
    local money = model.copy(m.money)
    for o = 1, m.n do
      if o ~= m.me and not m.out[o] then money[o] = math.max(0, money[o] - 3) end
    end
    local w = m:winner(money)
    return w == nil or w == m.me
  end
  return false
end

---A rival seat's threat: how near he is to winning (few ranks left, much money).
---@param m sharp.Model
---@param o integer
---@return number
function M.threat(m, o)
  return 20 - m.left[o] + m.money[o] / 10
end

---Snitch's target: rival `o`'s Desperado `id`, `r` ranks left. The leader's Desperado
---nearest his keys, the more so when his escape would let him attack us.
---@param m sharp.Model
---@param o integer
---@param id string
---@param r integer
---@return number
function M.snitch_score(m, o, id, r)
  local hurts = id ~= "brain" and m.ranks[m.me][id] > 0 and m.attack[id] * 0.5 or 0
  return M.threat(m, o) + (r == 1 and 4 or 0) + hurts
end

---Whether an Action of rival `o`'s Desperado `id` hurts us: he is free and ours is jailed,
---or he is about to escape.
---@param m sharp.Model
---@param o integer
---@param id string
---@return number
function M.hurt_by(m, o, id)
  local r = m.ranks[o][id]
  if r == 0 then
    if id == "brain" then return 2 end
    return m.ranks[m.me][id] > 0 and m.attack[id] or 0
  end
  return r == 1 and 3 or 1
end

---Take Cover against a loss of `amount`: worth it for a big loss or one that ruins us.
---@param m sharp.Model
---@param amount integer
---@return boolean
function M.cover(m, amount)
  return amount >= 5 or amount >= m.money[m.me]
end

M.CARD = model.CARD

return M
