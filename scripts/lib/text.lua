-- Text for renderers (and log lines): padding, wrapping to the terminal's width, tables
-- with headers, lists of names. Renderers run in a VM of their own with no `posse`
-- module; this file needs none, so they may require it.
--
-- Example (a renderer):
--   local text = require "lib.text"
--   local out = {}
--   text.table(out, { "Player", "$" }, { { "Ann", 12 }, { "Bob", 3 } }, { "left", "right" })
--   text.wrap(out, long_line, "  ", "    ")
--   return table.concat(out, "\n")

---@class lib.text
local M = {}

---The width renderers draw within.
M.WIDTH = 80

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

---Appends a table to `out`: a header row, then `rows`, each column as wide as its widest
---cell; `align[i]` is "left" (default) or "right". Columns are separated by two spaces.
---@param out string[]
---@param header any[]
---@param rows any[][]
---@param align string[]|nil
---@param indent string|nil
function M.table(out, header, rows, align, indent)
  local widths = {}
  for i, h in ipairs(header) do widths[i] = #tostring(h) end
  for _, r in ipairs(rows) do
    for i = 1, #header do
      local w = #tostring(r[i] == nil and "" or r[i])
      if w > widths[i] then widths[i] = w end
    end
  end
  local function row(cells)
    local parts = {}
    for i = 1, #header do
      local cell = cells[i] == nil and "" or cells[i]
      parts[i] = (align and align[i] == "right") and M.lpad(cell, widths[i]) or M.pad(cell, widths[i])
    end
    return ((indent or "") .. table.concat(parts, "  ")):gsub("%s+$", "")
  end
  out[#out + 1] = row(header)
  for _, r in ipairs(rows) do out[#out + 1] = row(r) end
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

return M
