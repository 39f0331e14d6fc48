-- Text for renderers (and labels): padding, wrapping to the terminal's width, tables
-- with headers (and a last column that wraps), lists of names, the marks of whose turn it
-- is and who is looking, short forms of rules text, a view's parts in a long or a short
-- form to fit its rows, and the newest log lines that fit.
-- Renderers run in a VM of their own with no `posse` module; this file needs none, so they
-- may require it.
--
-- A view is drawn for a terminal of 80 columns and 24 rows: the REPL adds its own lines
-- (whose view it is, the question and its options), so a seat's view aims at `ROWS`
-- rows: what a player needs now first (the board, the seats, his own cards), in short
-- forms where the long ones would not fit (`fit`: the other players in a line or two, a
-- card by its name), then the newest log lines that still fit (`tail`). Drawn full
-- (`how.full`, the REPL's `:full`) or omniscient (the GOD VIEW), a view takes the rows it
-- needs and every part its long form (`rows`).
--
-- Example (a renderer):
--   local text = require "lib.text"
--   return function(view, data, how)
--     local top, seats = {}, { {}, {} }                          -- the seats' long and short forms
--     text.table(seats[1], { "", "Player", "$" }, { { text.mark(view, 1), "Ann", 12 } }, { "left", "left", "right" })
--     text.items(seats[2], "Players: ", { "Ann $12", "Bob $3" }, ", ", "  ")
--     text.wrap(top, long_line, "  ", "    ")
--     top[#top + 1] = "  Jinx: " .. text.short(card.text, 70)   -- cut at a word, "..."
--     local out = {}
--     text.fit(out, { top, { forms = seats } }, text.rows(view, how))   -- the short form if need be
--     text.ending(out, view)                                   -- the log in the rows left
--     return table.concat(out, "\n")
--   end

---@class lib.text
local M = {}

---The width renderers draw within.
M.WIDTH = 80

---The rows a seat's view aims to fit in: a terminal's 24, less the REPL's header line,
---the question, seven options and the line typed (a longer question is folded to fit).
M.ROWS = 14

---`s` padded with spaces to `n` columns (cut when longer).
---@param s any
---@param n integer
---@return string
function M.pad(s, n)
  s = tostring(s)
  if #s >= n then return s:sub(1, n) end
  return s .. string.rep(" ", n - #s)
end

---`s` padded on the left to `n` columns (cut when longer).
---@param s any
---@param n integer
---@return string
function M.lpad(s, n)
  s = tostring(s)
  if #s >= n then return s:sub(1, n) end
  return string.rep(" ", n - #s) .. s
end

---Appends `s` to `out` wrapped at `width` (default M.WIDTH): the first line after
---`first`, the others after `rest` (both default "").
---@param out string[]
---@param s any
---@param first string|nil
---@param rest string|nil
---@param width integer|nil
function M.wrap(out, s, first, rest, width)
  width = width or M.WIDTH
  local line, prefix = "", first or ""
  for word in tostring(s):gmatch("%S+") do
    if line ~= "" and #prefix + #line + 1 + #word > width then
      out[#out + 1] = prefix .. line
      line, prefix = word, rest or ""
    elseif line == "" then
      line = word
    else
      line = line .. " " .. word
    end
  end
  if line ~= "" then out[#out + 1] = prefix .. line end
end

---Appends `items` to `out` as a list: `head`, then the items separated by `sep`, in lines
---of at most `width` (default M.WIDTH) columns, the lines after the first starting with
---`indent`; a line breaks between items, never inside one.
---@param out string[]
---@param head string
---@param items string[]
---@param sep string
---@param indent string
---@param width integer|nil
function M.items(out, head, items, sep, indent, width)
  width = width or M.WIDTH
  local line = head
  for i, item in ipairs(items) do
    local piece = item .. (i < #items and sep or "")
    local trimmed = piece:gsub("%s+$", "")
    if i > 1 and #line + #trimmed > width then
      out[#out + 1] = (line:gsub("%s+$", ""))
      line = indent
    end
    line = line .. piece
  end
  out[#out + 1] = line
end

---Appends `groups` to `out` as one list after `head`: each group its own head before its
---items ("Movement Desert 4"), its items separated by ", ", the groups by "; ", in lines
---of at most `width` (default M.WIDTH) columns after `indent`; a line breaks between
---items, never inside one (so a long group goes on over lines). A group without items is
---its head alone.
---  text.groups(out, "Hand: ", { { "Village" }, { "Movement ", { "Desert 4", "Forest 2" } } }, "  ")
---  --> "Hand: Village; Movement Desert 4, Forest 2"
---@param out string[]
---@param head string
---@param groups {[1]: string, [2]: string[]|nil}[]
---@param indent string
---@param width integer|nil
function M.groups(out, head, groups, indent, width)
  local items = {}
  for g, group in ipairs(groups) do
    local list = group[2] or {}
    local close = g < #groups and ";" or ""
    if #list == 0 then
      items[#items + 1] = group[1] .. close
    else
      for i, item in ipairs(list) do
        items[#items + 1] = (i == 1 and group[1] or "") .. item .. (i < #list and "," or close)
      end
    end
  end
  M.items(out, head, items, " ", indent, width)
end

---Appends a table to `out`: a header row, then `rows`, each column as wide as its widest
---cell; `align[i]` is "left" (default) or "right". Columns are separated by two spaces,
---after `indent`. When a row would pass `width` (default M.WIDTH), its last column wraps
---between words onto lines of its own, under the column's start.
---@param out string[]
---@param header any[]
---@param rows any[][]
---@param align string[]|nil
---@param indent string|nil
---@param width integer|nil
function M.table(out, header, rows, align, indent, width)
  indent, width = indent or "", width or M.WIDTH
  local n = #header
  local widths = {}
  for i, h in ipairs(header) do widths[i] = #tostring(h) end
  for _, r in ipairs(rows) do
    for i = 1, n do
      local w = #tostring(r[i] == nil and "" or r[i])
      if w > widths[i] then widths[i] = w end
    end
  end
  -- Where the last column starts, and how wide it may be.
  local start = #indent
  for i = 1, n - 1 do start = start + widths[i] + 2 end
  local room = width - start
  local wrap = room >= 12 and widths[n] > room
  if wrap then widths[n] = room end
  local function row(cells)
    local parts, rest = {}, nil ---@type string[], string[]|nil
    for i = 1, n do
      local cell = tostring(cells[i] == nil and "" or cells[i])
      if i == n and wrap and #cell > room then
        local lines = {}
        M.wrap(lines, cell, "", "", room)
        cell, rest = lines[1] or "", lines
      end
      parts[i] = (align and align[i] == "right") and M.lpad(cell, widths[i]) or M.pad(cell, widths[i])
    end
    out[#out + 1] = (indent .. table.concat(parts, "  ")):gsub("%s+$", "")
    if rest then
      local pad = string.rep(" ", start)
      for k = 2, #rest do out[#out + 1] = pad .. rest[k] end
    end
  end
  row(header)
  for _, r in ipairs(rows) do row(r) end
end

---The names of a zone's objects in a view, top first; "?" for one the viewer cannot see.
---@param zone {objects: table[]}|nil
---@return string[]
function M.names_of(zone)
  local out = {}
  for i, o in ipairs(zone and zone.objects or {}) do out[i] = o.hidden and "?" or o.name end
  return out
end

---The names of seats in a view ("Ann, Bob"); "seat N" for a seat the view does not name.
---@param view {seats: {name: string}[]}
---@param seats integer[]|nil
---@param sep string|nil
---@return string
function M.seat_names(view, seats, sep)
  local t = {}
  for i, s in ipairs(seats or {}) do
    local sv = view.seats[s]
    t[i] = sv and sv.name or ("seat " .. s)
  end
  return table.concat(t, sep or ", ")
end

---"1 card", "3 cards".
---@param n integer
---@param one string
---@param many string|nil  default `one` .. "s"
---@return string
function M.count(n, one, many)
  if n == 1 then return "1 " .. one end
  return n .. " " .. (many or (one .. "s"))
end

---The marks of seat `s` in a table of seats: ">" when it is his turn, "*" when he is the
---one looking (two columns: "> ", " *", ">*" or "  ").
---@param view {current: integer|nil, seat: integer|nil}
---@param s integer
---@return string
function M.mark(view, s)
  return (s == view.current and ">" or " ") .. (s == view.seat and "*" or " ")
end

---What the marks of `mark` mean, for the ones this view can show: "> whose turn, * you".
---Empty when it shows neither.
---@param view {current: integer|nil, seat: integer|nil}
---@return string
function M.legend(view)
  local parts = {}
  if view.current then parts[#parts + 1] = "> whose turn" end
  if view.seat then parts[#parts + 1] = "* you" end
  return table.concat(parts, ", ")
end

---`s` within `width` columns (default M.WIDTH): whole when it fits; else without its
---asides in parentheses when that fits; else cut after the last whole word that fits, with
---"..." after it. Never cuts a word.
---@param s any
---@param width integer|nil
---@return string
function M.short(s, width)
  s, width = tostring(s), width or M.WIDTH
  if #s <= width then return s end
  local plain = s:gsub("%s*%b()", "")
  if #plain <= width then return plain end
  -- The last space at or before column width - 2 ends the words kept.
  local head = plain:sub(1, width - 2)
  local cut = head:match("^(.*%S)%s") or ""
  cut = cut:gsub("[%s,;:]+$", "")
  if cut == "" then return plain:sub(1, width - 3) .. "..." end
  return cut .. "..."
end

---Appends to `out` the newest of `lines` (oldest first, as `view.log`) that fit in `rows`
---rows once wrapped (`first`, `rest` and `width` as `wrap`), oldest first: a line that
---would not fit whole is left out with all before it. Returns the rows used.
---@param out string[]
---@param lines string[]
---@param rows integer
---@param first string|nil
---@param rest string|nil
---@param width integer|nil
---@return integer
function M.tail(out, lines, rows, first, rest, width)
  local picked, used = {}, 0
  for i = #lines, 1, -1 do
    local w = {}
    M.wrap(w, lines[i], first, rest, width)
    if used + #w > rows then break end
    used = used + #w
    picked[#picked + 1] = w
  end
  for i = #picked, 1, -1 do
    for _, l in ipairs(picked[i]) do out[#out + 1] = l end
  end
  return used
end

---The rows `view` may take before its ending, as `fit` reads them: M.ROWS on a seat's
---screen, less the lines that say who won once the game is over; as many as it
---needs when drawn full (`how.full`, the REPL's `:full`: what the screen leaves out) or
---omniscient (the GOD VIEW draws every seat's secrets in full).
---@param view {seat: integer|nil, result: {winners: integer[]|nil, reason: string|nil, crew: boolean|nil}|nil, seats: {name: string}[]}
---@param how RenderHow|nil
---@return integer
function M.rows(view, how)
  if view.seat == nil or (how and how.full) then return math.maxinteger end
  return M.ROWS - #M.result_lines(view)
end

---The lines that say who won and why, when the game is over (none before).
---@param view {result: {winners: integer[]|nil, reason: string|nil, crew: boolean|nil}|nil, seats: {name: string}[]}
---@return string[]
function M.result_lines(view)
  local tail = {}
  local r = view.result
  if r then
    local why = r.reason and (" (" .. r.reason .. ")") or ""
    local n = #(r.winners or {})
    local who = n == 0 and "nobody wins" or (M.seat_names(view, r.winners) .. (n == 1 and " wins" or " win"))
    if r.crew ~= nil then who = r.crew and "the crew wins" or "the crew loses" end
    M.wrap(tail, "GAME OVER: " .. who .. why, "", "  ")
  end
  return tail
end

---A part of a view for `fit`: its lines, or the forms it may take, longest first
---(`{forms = {long, short}}`, each a list of lines).
---@alias lib.text.Part string[]|{forms: string[][]}

---Appends `parts` to `out`, each in the longest of its forms that lets the whole fit in
---`rows` (and `out`'s rows so far): while it does not fit, each part that has a shorter
---form takes it, in turn from the first part to the last, round after round, until it
---fits or every part is in its shortest form. Returns whether it fits.
---@param out string[]
---@param parts lib.text.Part[]
---@param rows integer
---@return boolean
function M.fit(out, parts, rows)
  local at = {} ---@type integer[]
  ---@return string[]
  local function lines(i)
    local p = parts[i] --[[@as table]]
    if p.forms then return p.forms[at[i]] end
    return p
  end
  local function total()
    local n = #out
    for i = 1, #parts do n = n + #lines(i) end
    return n
  end
  for i = 1, #parts do at[i] = 1 end
  local used = total()
  while used > rows do
    local moved = false
    for i, p in ipairs(parts) do
      if used > rows and p.forms and at[i] < #p.forms then
        at[i], moved = at[i] + 1, true
        used = total()
      end
    end
    if not moved then break end
  end
  for i = 1, #parts do
    for _, l in ipairs(lines(i)) do out[#out + 1] = l end
  end
  return used <= rows
end

---Appends the bottom of a view to `out`: the newest lines of `view.log` that fit in what
---is left of M.ROWS (under "Log:"), then, when the game is over, who won and why. Every
---game's renderer ends this way.
---@param out string[]
---@param view {log: string[]|nil, result: {winners: integer[]|nil, reason: string|nil, crew: boolean|nil}|nil, seats: {name: string}[]}
function M.ending(out, view)
  local tail = M.result_lines(view)
  local log = view.log or {}
  local room = M.ROWS - #out - #tail - 1
  if #log > 0 and room > 0 then
    local at = #out + 1
    out[at] = "Log:"
    if M.tail(out, log, room, "  ", "    ") == 0 then out[at] = nil end
  end
  for _, l in ipairs(tail) do out[#out + 1] = l end
end

return M
