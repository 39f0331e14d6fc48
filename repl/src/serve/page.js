// The web table's page (posse serve): a seat's page at /seat/N?token=T, the designer's at
// /designer?token=T. It shows the state the server publishes for it (fetched once, then
// each new one from server-sent events) and sends answers, undo and save. Everything it
// shows comes from the server, built there from this seat's view alone.
"use strict";
(function () {
  const token = new URLSearchParams(location.search).get("token") || "";
  const seatPath = location.pathname.match(/^\/seat\/(\d+)$/);
  const designer = location.pathname === "/designer";
  const base = designer ? "/api/designer" : "/api/seat/" + (seatPath ? seatPath[1] : "0");
  const auth = "?token=" + encodeURIComponent(token);
  const $ = (id) => document.getElementById(id);
  let state = null;
  let sending = false;
  // How many log lines there were when this seat last answered (marks the newer ones).
  let seenLog = Infinity;
  // Whether the log keeps its newest line in sight: until the reader scrolls up in it.
  let logPinned = true;

  function say(text) {
    $("message").textContent = text || "";
  }

  async function call(method, path, body, query) {
    const init = { method: method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const r = await fetch(base + path + auth + (query || ""), init);
    let data = {};
    try { data = await r.json(); } catch (e) { data = { error: "the server answered " + r.status }; }
    if (!r.ok) throw new Error(data.error || ("the server answered " + r.status));
    return data;
  }

  // Fetches the state now (after a refusal, the page may be behind): shown unless the
  // events brought a newer one meanwhile.
  async function refresh() {
    try {
      const s = await call("GET", "/state");
      if (!state || s.version >= state.version) show(s);
    } catch (e) { say(e.message); }
  }

  // An answer to the question named `ask` (the one whose button was used, never the one on
  // screen when the request leaves), sent once: the buttons wait while it is on its way.
  async function answer(picks, ask, epoch) {
    if (sending || !state) return;
    lastInput = performance.now();
    sending = true;
    setDisabled(true);
    try {
      seenLog = state.log_total;
      await call("POST", "/answer", { ask: ask, epoch: epoch, picks: picks });
      say("");
    } catch (e) {
      say(e.message);
      await refresh();
    } finally {
      sending = false;
      setDisabled(false);
    }
  }

  // The second click of a double-click (the browser counts it: `detail` 2 and more) and a
  // key pressed again within SETTLE ms of the last answer are not answers: each would
  // answer the question that came up after the first.
  const SETTLE = 400;
  let lastInput = -Infinity;

  function setDisabled(on) {
    for (const b of document.querySelectorAll("#question button, #change button")) b.disabled = on || sending;
  }

  // A question drawn into the box `id` (its prompt, its options as buttons of class
  // `kind`, and for several picks a send button): `question` to answer, `change` to
  // answer again. The picks toggled are kept while the same question stays on screen.
  const toggled = { question: { key: "", picks: new Set() }, change: { key: "", picks: new Set() } };
  function drawQuestion(id, q, s, kind, lead) {
    const box = $(id);
    box.hidden = !q;
    if (!q) return;
    const keep = toggled[id];
    const key = s.epoch + "/" + s.ask + "/" + q.prompt;
    if (key !== keep.key) { keep.key = key; keep.picks = new Set(); }
    const ask = s.ask;
    const epoch = s.epoch;
    const picked = keep.picks;
    box.dataset.multi = q.multi ? "true" : "false";
    box.dataset.min = q.min;
    box.dataset.max = q.max;
    $(id === "question" ? "prompt" : "change-prompt").textContent = lead + q.prompt;
    const list = $(id === "question" ? "options" : "change-options");
    const send = $(id === "question" ? "send" : "change-send");
    const hint = function () {
      if (id !== "question") return;
      if (!q.multi) { $("hint").textContent = ""; return; }
      const many = q.min === q.max ? String(q.min) : q.min + " to " + q.max;
      $("hint").textContent = "Pick " + many + " (" + picked.size + " picked), then Send.";
    };
    list.textContent = "";
    q.options.forEach(function (label, i) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = kind;
      b.dataset.pick = String(i + 1);
      b.textContent = label;
      if (q.multi) {
        b.setAttribute("aria-pressed", picked.has(i + 1) ? "true" : "false");
        b.addEventListener("click", function () {
          if (picked.has(i + 1)) picked.delete(i + 1); else picked.add(i + 1);
          b.setAttribute("aria-pressed", picked.has(i + 1) ? "true" : "false");
          hint();
        });
      } else {
        b.addEventListener("click", function (e) { if (e.detail <= 1) answer([i + 1], ask, epoch); });
      }
      list.appendChild(b);
    });
    send.hidden = !q.multi;
    send.onclick = function (e) {
      if (e.detail <= 1) answer(Array.from(picked).sort(function (a, b) { return a - b; }), ask, epoch);
    };
    hint();
    setDisabled(false);
  }

  function show(s) {
    state = s;
    const body = document.body;
    body.dataset.at = String(s.version);
    body.dataset.epoch = String(s.epoch);
    body.dataset.state = s.state;
    if (!designer) body.dataset.seat = String(s.seat);
    const who = designer ? "designer (everything)" : s.name;
    // A mark in the tab's title when this seat must decide, for a player in another tab.
    document.title = (s.state === "deciding" ? "▶ " : "") + s.game + " — " + who;
    $("title").textContent = s.game + " — " + who;
    $("turn").textContent = s.turn;
    $("view").textContent = s.view;
    $("view-title").textContent = designer ? "God view: everything, hidden information included" : "Your view";
    $("board").innerHTML = s.svg || "";
    $("zoom").hidden = !s.svg;
    document.querySelector("main").classList.toggle("no-board", !s.svg);
    const log = $("log");
    log.textContent = "";
    log.start = s.log_total - s.log.length + 1;
    s.log.forEach(function (line, i) {
      const li = document.createElement("li");
      li.textContent = line;
      // What happened since this seat last answered stands out.
      if (log.start + i > seenLog) li.className = "new";
      log.appendChild(li);
    });
    if (logPinned) log.scrollTop = log.scrollHeight;
    $("answered").textContent = (s.answered || []).join("\n");
    $("stuck").hidden = !s.stuck;
    $("stuck").textContent = s.stuck ? "The game cannot go on: " + s.stuck : "";
    $("result").hidden = !s.result;
    $("result-text").textContent = s.result || "";
    if (designer) {
      $("pending").hidden = false;
      $("pending").textContent = (s.questions || []).join("\n\n");
      if (s.notice) say(s.notice);
      $("step-one").hidden = $("step-all").hidden = !s.watching || s.state === "over";
      $("info").textContent = "seed " + s.seed + " · " + s.choices + " choices · state hash " + s.state_hash +
        (s.script_errors ? " · " + s.script_errors + " script errors" : "") + (s.save ? " · saved in " + s.save : "");
      if (s.save && !$("save-file").value) $("save-file").value = s.save;
    } else {
      drawQuestion("question", s.question, s, "option", "");
      drawQuestion("change", s.change, s, "change-option", "You may change your answer until the others have answered. ");
    }
  }

  // The server's events. The browser tries again by itself after a lost connection, but
  // not after a refusal (too many pages of this seat open): then the page does, a little
  // later each time, after fetching the state. A link the server no longer knows (it was
  // started again, with new links) is said, and not tried again.
  let retry = 1000;
  function connect() {
    const events = new EventSource(base + "/events" + auth);
    events.addEventListener("state", function (e) {
      $("conn").textContent = "";
      retry = 1000;
      show(JSON.parse(e.data));
    });
    events.onerror = async function () {
      $("conn").textContent = "(connection lost: reconnecting…)";
      const r = await fetch(base + "/state" + auth).catch(function () { return null; });
      if (r && r.status === 403) {
        events.close();
        $("conn").textContent = "";
        $("turn").textContent = "This link no longer opens the game: ask the host for your seat's new link.";
        return;
      }
      if (r && r.ok) {
        const s = await r.json().catch(function () { return null; });
        if (s && (!state || s.version >= state.version)) show(s);
      }
      if (events.readyState === EventSource.CLOSED) {
        $("conn").textContent = "(live updates refused, perhaps too many pages of this seat are open: " +
          "trying again in " + Math.round(retry / 1000) + " s)";
        setTimeout(connect, retry);
        retry = Math.min(retry * 2, 30000);
      }
    };
  }

  $("log").addEventListener("scroll", function () {
    const log = $("log");
    logPinned = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  });
  // The map fits the column, or is drawn at its own size to be scrolled (on a phone).
  $("zoom").addEventListener("click", function () {
    const zoomed = $("board").classList.toggle("zoomed");
    $("zoom").textContent = zoomed ? "Fit the map" : "Zoom the map";
  });
  // Keys 1 to 9 answer a question of one pick, as typing its number does in the REPL.
  document.addEventListener("keydown", function (e) {
    if (e.target && (e.target.tagName === "INPUT" || e.ctrlKey || e.altKey || e.metaKey)) return;
    const q = state && state.question;
    const n = Number(e.key);
    if (e.repeat || !q || q.multi || !(n >= 1 && n <= Math.min(9, q.options.length))) return;
    if (performance.now() - lastInput < SETTLE) return;
    answer([n], state.ask, state.epoch);
  });
  $("card-form").addEventListener("submit", async function (e) {
    e.preventDefault();
    await reference("/card", "&name=" + encodeURIComponent($("card-name").value));
  });
  $("cards-show").addEventListener("click", function () { reference("/cards", ""); });
  $("rules-show").addEventListener("click", function () { reference("/rules", ""); });

  async function reference(path, query) {
    try { $("reference").textContent = (await call("GET", path, undefined, query)).text; }
    catch (e) { $("reference").textContent = e.message; }
  }

  if (designer) {
    $("designer-tools").hidden = false;
    $("reference-box").hidden = true;
    // Undo names the game it takes a decision back from (its undos and choices), so a
    // second click takes back nothing more.
    $("undo").addEventListener("click", async function () {
      if (!state || $("undo").disabled) return;
      $("undo").disabled = true;
      try { say((await call("POST", "/undo", { epoch: state.epoch, choices: state.choices })).ok); }
      catch (e) { say(e.message); }
      finally { $("undo").disabled = false; }
    });
    const stepBy = function (count) {
      return async function () {
        try { say((await call("POST", "/step", { count: count })).ok); } catch (e) { say(e.message); }
      };
    };
    $("step-one").addEventListener("click", stepBy(1));
    $("step-all").addEventListener("click", stepBy(1000000));
    $("save").addEventListener("click", async function () {
      try { say((await call("POST", "/save", { file: $("save-file").value })).ok); } catch (e) { say(e.message); }
    });
  }
  refresh().then(connect);
})();
