// The table page: renders each state frame's `model` (the game's words, already translated) and offers
// exactly the frame's `legal_actions`; it decides nothing about the game itself.

import { absolute, copyText, getJSON, inviteFor, keepInvite, keepToken, postJSON, store, tokenFor } from "./api.js";
import { cardElement, fourColour, setFourColour } from "./cards.js";
import { currentLang, languageSwitch, loadWords, t, translate } from "./i18n.js";
import { fill, h, lineNode, lineText, partsNode, sheetNode } from "./render.js";
import { TableSocket } from "./socket.js";

const CARD = /^[2-9TJQKA][SHDC]$/;
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const token = tokenFor(tableId);

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const root = $("table");

/** @type {any} */
let frame = null;
/** @type {Set<string>} */
let selected = new Set();
let selectedVersion = -1;
let showLast = false;
let typed = "";
let digitTimer = 0;
let lastLogText = "";
let wasTurn = false;
/** @type {Record<string, string>} */
let gameTitles = {};
let socket = /** @type {TableSocket|null} */ (null);

// ------------------------------------------------------------------ actions and their cards

/** The cards an action names ("discard TS KS AS" -> [TS, KS, AS]). @param {string} action */
const cardsOf = (action) => action.split(" ").slice(1).filter((w) => CARD.test(w));
const legal = () => /** @type {string[]} */ ((frame && frame.legal_actions) || []);
const isSeated = () => frame && frame.seat !== null && frame.seat !== undefined;
/** Multi-card selection: any legal action names two or more cards. */
const selectMode = () => legal().some((a) => cardsOf(a).length >= 2);
/** The legal action whose cards are exactly the selection. */
function selectedAction() {
  if (!selected.size) return null;
  const wanted = [...selected].sort().join(" ");
  return (
    legal().find((a) => !a.endsWith(" blind") && cardsOf(a).length === selected.size && [...cardsOf(a)].sort().join(" ") === wanted) ||
    null
  );
}

/** @param {string} action */
function act(action) {
  if (!frame || !socket || !legal().includes(action)) return;
  socket.act(action, frame.version);
  selected = new Set();
  root.classList.add("waiting");
}

// ------------------------------------------------------------------ the numbered choices (keyboard)

/** Every listed choice in order (as the terminal numbers them), and whether the list is numbered. */
function listedChoices() {
  const model = frame && frame.model && frame.model.table;
  /** @type {string[]} */
  const choices = [];
  let numbered = false;
  if (!model) return { choices, numbered };
  for (const group of model.actions) {
    for (const choice of group.actions.slice(0, group.listed)) choices.push(choice.action);
    if (group.numbered && group.listed) numbered = true;
  }
  return { choices, numbered };
}

/** A typed card ("as", "10h", "Td") as its code, or null. @param {string} word */
function typedCard(word) {
  const w = word.toUpperCase().replace(/^10/, "T");
  return CARD.test(w) ? w : null;
}

/** The action a typed answer means, or null. @param {string} text */
function typedAction(text) {
  const answer = text.trim();
  if (!answer) return null;
  const { choices, numbered } = listedChoices();
  if (/^\d+$/.test(answer) && numbered && !(frame.model.table && frame.model.table.hand.numbered)) {
    const n = Number(answer);
    return n >= 1 && n <= choices.length ? choices[n - 1] : null;
  }
  const words = answer.split(/[\s,]+/);
  const model0 = frame.model && frame.model.table;
  if (model0 && model0.hand.numbered && words.every((w) => /^\d+$/.test(w))) {
    const codes = words.map((w) => model0.hand.codes[Number(w) - 1]);
    if (codes.every(Boolean)) {
      const wanted = [...codes].sort().join(" ");
      const found = legal().find((a) => [...cardsOf(a)].sort().join(" ") === wanted);
      if (found) return found;
    }
  }
  const cards = words.map(typedCard);
  if (cards.every(Boolean)) {
    const wanted = [...cards].sort().join(" ");
    const found = legal().find((a) => !a.endsWith(" blind") && [...cardsOf(a)].sort().join(" ") === wanted);
    if (found) return found;
  }
  const lower = answer.toLowerCase();
  const model = frame.model && frame.model.table;
  for (const action of legal()) {
    if (action.toLowerCase() === lower || action.toLowerCase() === `bid ${lower}`) return action;
  }
  if (model) {
    for (const group of model.actions)
      for (const choice of group.actions)
        if (lineText({ parts: choice.parts }).trim().toLowerCase() === lower) return choice.action;
  }
  return null;
}

function showTyped() {
  $("typed").textContent = typed ? `${t("Typed:")} ${typed}` : "";
}

/** @param {KeyboardEvent} event */
function onKey(event) {
  const target = /** @type {HTMLElement} */ (event.target);
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  document.body.classList.add("keyboard");
  if (!frame || !legal().length) {
    if (event.key === "Escape") typed = "";
    showTyped();
    return;
  }
  clearTimeout(digitTimer);
  if (event.key === "Escape") {
    typed = "";
    selected = new Set();
    render();
  } else if (event.key === "Backspace") {
    typed = typed.slice(0, -1);
    event.preventDefault();
  } else if (event.key === "Enter") {
    if (!typed.trim()) {
      if (target && target.tagName === "BUTTON") return; // the button's own click
      const chosen = selectMode() ? selectedAction() : null;
      if (chosen) act(chosen);
      return;
    }
    event.preventDefault();
    const action = typedAction(typed);
    typed = "";
    if (action) act(action);
    else toast(t("No such choice: type its number or its cards."));
  } else if (/^[0-9a-zA-Z]$/.test(event.key) || (event.key === " " && typed)) {
    if (event.key === " " && target && target.tagName === "BUTTON" && !typed) return;
    typed += event.key;
    event.preventDefault();
    const { choices, numbered } = listedChoices();
    clearTimeout(digitTimer);
    const numberedHand = frame.model && frame.model.table && frame.model.table.hand.numbered;
    if (/^\d+$/.test(typed) && numbered && !numberedHand) {
      // A number that no longer one could start is picked at once; otherwise after a short pause.
      const pick = () => {
        const action = typedAction(typed);
        typed = "";
        showTyped();
        if (action) act(action);
        else toast(t("No such choice: type its number or its cards."));
      };
      if (Number(typed) * 10 > choices.length) pick();
      else digitTimer = window.setTimeout(pick, 800);
    }
  } else {
    return;
  }
  showTyped();
}

// ------------------------------------------------------------------ seats around the table

/** The seats, clockwise from the viewer (model's when dealt, else from the table info). */
function seatList() {
  const model = frame.model && frame.model.table;
  if (model) return model.seats;
  const info = frame.table;
  const n = info.players;
  const first = isSeated() ? frame.seat : 0;
  const seats = [];
  for (let i = 0; i < n; i++) {
    const s = (first + i) % n;
    seats.push({ seat: s, label: infoLabel(info.seats[s], s), you: s === frame.seat, dealer: false, in_play: true, to_act: false, cards: 0 });
  }
  return seats;
}

/** A seat's name from the table info (before a round's model exists). @param {any} seat @param {number} s */
function infoLabel(seat, s) {
  if (!seat) return t("seat {n}", { n: s });
  if (seat.kind === "bot") return t("bot {n} ({level})", { n: s, level: seat.bot || "" });
  if (seat.kind === "open" || !seat.name) return t("open seat {n}", { n: s });
  return s === frame.seat ? t("{name} (you)", { name: seat.name }) : seat.name;
}

/** Where seat i of n sits on the felt, in percent (viewer at the bottom, then clockwise). */
function place(i, n, rx, ry) {
  const angle = (2 * Math.PI * i) / n;
  return { x: 50 - rx * Math.sin(angle), y: 50 + ry * Math.cos(angle) };
}

function renderSeats() {
  const seats = seatList();
  const n = seats.length;
  const infos = frame.table.seats;
  const box = $("seats");
  box.replaceChildren();
  root.style.setProperty("--players", String(n));
  seats.forEach((seat, i) => {
    const at = place(i, n, 43, 41);
    const info = infos[seat.seat] || {};
    const away = info.kind === "human" && !info.connected && !seat.you;
    const el = h(
      "div",
      {
        class: `seat${seat.to_act ? " turn" : ""}${seat.you ? " you" : ""}${seat.in_play ? "" : " out"}${away ? " away" : ""}${info.kind === "open" ? " open" : ""}`,
        "data-seat-number": seat.seat,
        role: "group",
        "aria-label": seatSpoken(seat, away),
      },
      h("span", { class: "name", text: seat.label }),
    );
    const badges = h("span", { class: "badges" });
    if (seat.dealer) badges.append(h("span", { class: "dealer-chip", title: t("dealer"), "aria-hidden": "true", text: "D" }));
    if (!seat.you && seat.cards) {
      const count = h("span", { class: "count", "aria-hidden": "true" });
      count.append(cardElement({ code: "??", name: "" }, { className: "mini" }), document.createTextNode(`${seat.cards}`));
      badges.append(count);
    }
    if (away) badges.append(h("span", { class: "tag", text: t("away") }));
    if (info.stand_in) badges.append(h("span", { class: "tag", text: t("bot stands in") }));
    if (badges.childNodes.length) el.append(badges);
    el.style.left = `${at.x}%`;
    el.style.top = `${at.y}%`;
    el.dataset.side = i === 0 ? "bottom" : Math.abs(at.x - 50) < 10 ? "top" : at.x < 50 ? "left" : "right";
    box.append(el);
  });
}

/** @param {any} seat @param {boolean} away */
function seatSpoken(seat, away) {
  const bits = [seat.label];
  if (seat.dealer) bits.push(t("dealer"));
  if (!seat.you && seat.cards) bits.push(t("{n} cards", { n: seat.cards }));
  if (seat.to_act) bits.push(t("to play"));
  if (away) bits.push(t("away"));
  return bits.join(", ");
}

// ------------------------------------------------------------------ the middle of the table

function renderTrick() {
  const area = $("trick");
  area.replaceChildren();
  const model = frame.model && frame.model.table;
  if (!model) return false;
  const seats = model.seats;
  let trick = model.trick;
  let finished = false;
  if (showLast && model.last_trick) {
    trick = model.last_trick;
    finished = true;
  } else if (trick && !trick.cards.length && model.last_trick && model.phase === "play") {
    trick = model.last_trick; // the trick just taken stays until the next card is led
    finished = true;
  }
  if (!trick || !trick.cards.length) return false;
  const n = seats.length;
  area.setAttribute("role", "group");
  area.setAttribute("aria-label", lineText(trick.line));
  for (const played of trick.cards) {
    const i = seats.findIndex((s) => s.seat === played.seat);
    const small = phone.matches;
    const at = place(i, n, n > 4 ? (small ? 22 : 27) : small ? 16 : 22, n > 4 ? 24 : small ? 22 : 21);
    const card = cardElement(played.card, {
      className: `played${finished ? " done" : ""}${trick.winner === played.seat ? " winner" : ""}`,
    });
    card.style.left = `${at.x}%`;
    card.style.top = `${at.y}%`;
    area.append(card);
  }
  const caption = lineNode(trick.line, "p");
  caption.classList.add("trick-line");
  if (finished) caption.classList.add("done");
  area.append(caption);
  return true;
}

const phone = window.matchMedia("(max-width: 640px)");

function renderCenter(trickShown) {
  const center = $("center");
  center.replaceChildren();
  center.className = "center";
  const notice = $("notice");
  notice.replaceChildren();
  const model = frame.model;
  const info = frame.table;
  const panel = h("div", { class: "panel" });
  if (info.status === "waiting" && info.seats.some((/** @type {any} */ s) => s.kind === "open")) {
    const open = info.seats.filter((/** @type {any} */ s) => s.kind === "open").length;
    panel.append(h("p", { class: "line bold", text: t("Waiting for players: {n} open", { n: open }) }));
    panel.append(inviteBox(true));
  } else if (model && model.standings && model.standings.length) {
    for (const line of model.standings) panel.append(lineNode(line));
    panel.append(endButtons());
  } else if (model && model.result && model.result.length) {
    for (const line of model.result) panel.append(lineNode(line));
  } else if (info.round && !info.round.dealt) {
    panel.append(h("p", { class: "line", text: t("Waiting for the deal") }));
    panel.append(readyList());
  } else if (!trickShown && model && model.table) {
    const lines = model.table.lines.filter((/** @type {any} */ l) => !(model.table.contract && lineText(l) === lineText(model.table.contract)));
    if (!lines.length) return;
    center.classList.add("quiet");
    for (const line of lines) panel.append(lineNode(line));
  } else {
    return;
  }
  if (phone.matches && !center.classList.contains("quiet")) notice.append(panel);
  else center.append(panel);
}

function readyList() {
  const round = frame.table.round;
  const seats = seatList();
  const list = h("ul", { class: "ready-list" });
  for (const seat of seats) {
    const info = frame.table.seats[seat.seat] || {};
    if (info.kind !== "human") continue;
    const ready = round.ready.includes(seat.seat);
    list.append(h("li", { class: ready ? "is-ready" : "" }, `${seat.label}: ${ready ? t("ready") : t("not ready yet")}`));
  }
  return list;
}

/** The invite link with a copy button (only where this browser knows it). */
function inviteBox(big = false) {
  const invite = frame.table.invite || inviteFor(tableId);
  if (!invite) return h("p", { class: "hint", text: t("Ask the table's host for the invite link.") });
  const link = absolute(invite);
  const input = h("input", { class: "invite-link", readonly: true, value: link, "aria-label": t("Invite link"), name: "invite" });
  const button = h("button", { type: "button", class: big ? "primary" : "", text: t("Copy invite link") });
  button.addEventListener("click", async () => {
    const ok = await copyText(link);
    button.textContent = ok ? t("Copied") : t("Copy invite link");
    if (!ok) /** @type {HTMLInputElement} */ (input).select();
  });
  return h("div", { class: "invite" }, input, button);
}

function endButtons() {
  const box = h("div", { class: "end-buttons" });
  const rematch = frame.table.rematch;
  if (isSeated()) {
    const button = h("button", { type: "button", class: "primary", "data-rematch": "", text: rematch ? t("Join the rematch") : t("Rematch") });
    button.addEventListener("click", () => startRematch(button));
    box.append(button);
  } else if (rematch) {
    box.append(h("a", { class: "button", href: `/tables/${encodeURIComponent(rematch.table)}`, text: t("Watch the rematch") }));
  }
  box.append(h("a", { class: "button", href: `/tables/${encodeURIComponent(tableId)}/replay`, text: t("Replay the rounds") }));
  box.append(h("a", { class: "button", href: "/", text: t("Back to the lobby") }));
  return box;
}

/** @param {HTMLElement} button */
async function startRematch(button) {
  button.setAttribute("disabled", "");
  try {
    const answer = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { token });
    const id = answer.table;
    if (answer.invite) keepInvite(id, answer.invite);
    const mine = answer.seats && answer.seats[0];
    if (mine && mine.token) keepToken(id, mine.token);
    else if (!tokenFor(id) && answer.invite) {
      const code = answer.invite.split("/").pop();
      const name = store.get("troef.name") || ownName() || t("Player");
      const joined = await postJSON(`/api/tables/${encodeURIComponent(id)}/join`, { name, invite: code });
      keepToken(id, joined.token);
    }
    location.href = `/tables/${encodeURIComponent(id)}`;
  } catch (error) {
    toast(String(/** @type {Error} */ (error).message));
    button.removeAttribute("disabled");
  }
}

function ownName() {
  if (!isSeated()) return "";
  const seat = frame.table.seats[frame.seat];
  return (seat && seat.name) || "";
}

// ------------------------------------------------------------------ your hand and your actions

function renderHand() {
  const area = $("hand");
  area.replaceChildren();
  const model = frame.model && frame.model.table;
  $("hand-area").hidden = !isSeated();
  if (!isSeated() || !model) return;
  const actions = legal();
  const multi = selectMode();
  const playable = new Set(actions.filter((a) => /^play [2-9TJQKA][SHDC]$/.test(a)).map((a) => a.slice(5)));
  const selectable = new Set(multi ? actions.flatMap(cardsOf) : []);
  const cardTurn = actions.some((a) => cardsOf(a).length > 0);
  if (frame.version !== selectedVersion && !multi) selected = new Set();
  selected = new Set([...selected].filter((c) => selectable.has(c)));
  const { choices } = listedChoices();
  area.classList.toggle("select-mode", multi);
  area.setAttribute("aria-label", multi ? t("Your hand: choose the cards") : t("Your hand"));
  let count = 0;
  model.hand.groups.forEach((/** @type {any} */ group) => {
    group.cards.forEach((/** @type {any} */ card, /** @type {number} */ j) => {
      count += 1;
      const el = cardElement(card, { button: true, className: j === 0 ? "group-start" : "" });
      el.dataset.card = card.code;
      if (model.hand.numbered) el.dataset.number = String(count);
      if (multi) {
        if (selectable.has(card.code)) {
          const on = selected.has(card.code);
          el.setAttribute("aria-pressed", on ? "true" : "false");
          el.dataset.selected = on ? "true" : "false";
          el.classList.add("legal");
          el.addEventListener("click", () => toggle(card.code));
        } else {
          el.setAttribute("disabled", "");
          el.classList.add("dim");
        }
      } else if (playable.has(card.code)) {
        const action = `play ${card.code}`;
        el.dataset.action = action;
        el.classList.add("legal");
        const n = choices.indexOf(action);
        if (n >= 0 && n < 99) el.dataset.key = String(n + 1);
        el.addEventListener("click", () => act(action));
      } else {
        el.setAttribute("disabled", "");
        if (cardTurn) el.classList.add("dim");
      }
      area.append(el);
    });
  });
  layoutHand();
}

/** @param {string} code */
function toggle(code) {
  if (selected.has(code)) selected.delete(code);
  else selected.add(code);
  selectedVersion = frame.version;
  render(`[data-card="${code}"]`);
}

function layoutHand() {
  const area = $("hand");
  const cards = area.children.length;
  if (!cards) return;
  const avail = (area.clientWidth || window.innerWidth - 16) - 14;
  if (avail < 626) {
    const perRow = cards <= 6 ? cards : Math.ceil(cards / 2);
    const w = Math.max(44, Math.min(72, Math.floor((avail - (perRow - 1) * 5) / perRow)));
    area.style.setProperty("--card-w", `${w}px`);
    area.style.setProperty("--overlap", "0px");
    area.classList.add("wrap");
  } else {
    const fit = Math.floor((avail - (cards - 1) * 6 - 24) / cards);
    const rows = fit < 58 ? 2 : 1;
    const perRow = Math.ceil(cards / rows);
    const w = Math.max(52, Math.min(92, Math.floor((avail - (perRow - 1) * 6 - 24) / perRow)));
    area.style.setProperty("--card-w", `${w}px`);
    area.style.setProperty("--overlap", "0px");
    area.classList.toggle("wrap", rows > 1);
    return;
    area.classList.remove("wrap");
  }
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  const info = frame.table;
  const model = frame.model && frame.model.table;
  const actions = legal();
  // Ready for the next deal.
  if (isSeated() && info.round && !info.round.dealt && info.status !== "over") {
    if (!info.round.ready.includes(frame.seat)) {
      const first = !(frame.sheet && frame.sheet.rounds && frame.sheet.rounds.length) && !(frame.model && frame.model.result);
      const button = h("button", { type: "button", class: "primary big", "data-ready": "", text: first ? t("Deal") : t("Next round") });
      button.addEventListener("click", () => {
        if (socket && socket.ready()) {
          button.setAttribute("disabled", "");
          button.textContent = t("Waiting for the others…");
        }
      });
      box.append(button);
    } else {
      box.append(h("p", { class: "hint", text: t("Waiting for the others…") }));
    }
  }
  if (!isSeated()) {
    box.append(h("p", { class: "hint", text: t("You are watching this table.") }));
    return;
  }
  if (!model || !actions.length) {
    if (model && info.round && info.round.dealt && info.status === "playing") {
      const turn = model.seats.find((/** @type {any} */ s) => s.to_act);
      if (turn) box.append(h("p", { class: "hint", text: t("Waiting for {seat}…", { seat: turn.label }) }));
    }
    return;
  }
  const multi = selectMode();
  if (model.prompt) box.append(h("p", { class: "prompt", text: t("Your turn") }));
  const { choices } = listedChoices();
  for (const group of model.actions) {
    const listed = group.listed
      ? group.actions.slice(0, group.listed)
      : group.actions.every((/** @type {any} */ c) => cardsOf(c.action).length < 2)
        ? group.actions
        : [];
    // A single card is played from the hand (not in select mode); anything else is a button.
    const buttons = listed.filter((/** @type {any} */ c) => multi || !/^play [2-9TJQKA][SHDC]$/.test(c.action));
    if (!buttons.length && !(multi && (group.more || !group.listed))) continue;
    const el = h("div", { class: `choices${group.row ? " row" : ""}`, role: "group", "aria-label": (group.heading || "") + " " + group.label });
    if (group.heading) box.append(h("p", { class: "heading", text: group.heading }));
    if (group.label) el.append(h("span", { class: "label", text: group.label.replace(/:\s*$/, "") }));
    for (const choice of buttons) {
      if (!actions.includes(choice.action)) continue;
      const button = h("button", { type: "button", class: "choice", "data-action": choice.action });
      const n = choices.indexOf(choice.action);
      if (group.numbered && n >= 0) button.append(h("kbd", { class: "num", "aria-hidden": "true", text: String(n + 1) }));
      button.append(partsNode(choice.parts));
      button.addEventListener("click", () => act(choice.action));
      el.append(button);
    }
    if (group.more) el.append(h("span", { class: "more", text: group.more.trim() }));
    box.append(el);
  }
  if (multi) {
    const chosen = selectedAction();
    const discard = actions.some((a) => a.startsWith("discard "));
    const submit = h("button", {
      type: "button",
      class: "primary big",
      "data-submit": "",
      disabled: !chosen,
      text: discard ? t("Lay back the chosen cards") : t("Play the chosen cards"),
    });
    submit.addEventListener("click", () => {
      const action = selectedAction();
      if (action) act(action);
    });
    const note = h("p", { class: "hint", text: selected.size ? t("{n} chosen", { n: selected.size }) : t("Tap cards in your hand to choose them.") });
    box.append(h("div", { class: "submit-row" }, submit, note));
  }
}

// ------------------------------------------------------------------ side panel

function renderSide() {
  const model = frame.model;
  const lines = $("lines");
  lines.replaceChildren();
  if (model && model.table) {
    for (const line of model.table.lines) lines.append(lineNode(line));
  } else {
    lines.append(h("p", { class: "hint", text: t("No round dealt yet.") }));
  }
  const log = $("log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
  log.replaceChildren();
  if (model && model.title) log.append(h("p", { class: "line bold", text: model.title }));
  for (const line of (model && model.log) || []) log.append(lineNode(line));
  for (const line of (model && model.result) || []) log.append(lineNode(line));
  if (atBottom) log.scrollTop = log.scrollHeight;
  const sheet = $("sheet");
  sheet.replaceChildren();
  if (model && model.sheet && model.sheet.rows.length) sheet.append(sheetNode(model.sheet));
  else sheet.append(h("p", { class: "hint", text: t("No round finished yet.") }));
  const replays = $("replays");
  replays.replaceChildren();
  const rounds = (frame.sheet && frame.sheet.rounds) || [];
  if (rounds.length) {
    replays.append(h("span", { class: "label", text: t("Replay:") }));
    for (const round of rounds)
      replays.append(h("a", { href: `/tables/${encodeURIComponent(tableId)}/replay#${round.index + 1}`, text: t("round {n}", { n: round.index + 1 }) }));
  }
}

// ------------------------------------------------------------------ the whole page

/** @param {string} [focusSelector] */
function render(focusSelector) {
  if (!frame) return;
  const active = /** @type {HTMLElement|null} */ (document.activeElement);
  const refocus =
    focusSelector ||
    (active && active.dataset && active.dataset.card ? `[data-card="${active.dataset.card}"]` : null) ||
    (active && active.dataset && active.dataset.action ? `[data-action="${active.dataset.action}"]` : null) ||
    (active && active.hasAttribute && active.hasAttribute("data-submit") ? "[data-submit]" : null);
  const model = frame.model;
  const turn = legal().length > 0;
  root.dataset.version = String(frame.version);
  root.dataset.seat = isSeated() ? String(frame.seat) : "spectator";
  root.dataset.phase = frame.view ? String(frame.view.phase) : "";
  root.dataset.turn = turn ? "true" : "false";
  root.dataset.over = frame.table.status === "over" ? "true" : "false";
  root.classList.toggle("spectator", !isSeated());
  root.classList.toggle("my-turn", turn);
  root.classList.remove("waiting");
  $("game-title").textContent = gameTitles[frame.table.game] || frame.table.game;
  $("round-title").textContent = (model && model.title) || "";
  document.title = `${gameTitles[frame.table.game] || frame.table.game} · troef`;
  const contract = $("contract");
  contract.replaceChildren();
  const line = model && model.table && (model.table.contract || model.table.auction);
  if (line) contract.append(lineNode(line, "p"));
  contract.hidden = !line;
  renderSeats();
  renderCenter(renderTrick());
  renderHand();
  renderActions();
  renderSide();
  renderTools();
  if (refocus) {
    const again = /** @type {HTMLElement|null} */ (document.querySelector(refocus));
    if (again && !again.hasAttribute("disabled")) again.focus({ preventScroll: true });
  }
  announce(turn);
}

/** @param {boolean} turn */
function announce(turn) {
  const model = frame.model;
  const log = (model && model.log) || [];
  const last = log.length ? lineText(log[log.length - 1]) : "";
  let say = "";
  if (last && last !== lastLogText) say = last;
  lastLogText = last;
  if (turn && !wasTurn) say = say ? `${say}. ${t("Your turn")}` : t("Your turn");
  wasTurn = turn;
  if (say) $("live").textContent = say;
}

function renderTools() {
  const tools = $("tools");
  const model = frame.model && frame.model.table;
  const last = /** @type {HTMLButtonElement} */ (tools.querySelector("[data-last-trick]"));
  if (last) {
    last.disabled = !(model && model.last_trick);
    last.setAttribute("aria-pressed", showLast && model && model.last_trick ? "true" : "false");
  }
}

function buildTools() {
  const tools = $("tools");
  const last = h("button", { type: "button", class: "tool", "data-last-trick": "", "aria-pressed": "false", text: t("Last trick") });
  last.addEventListener("click", () => {
    showLast = !showLast;
    render();
  });
  const four = h("button", { type: "button", class: "tool", "aria-pressed": fourColour() ? "true" : "false", text: t("Four colours") });
  four.addEventListener("click", () => {
    const on = !fourColour();
    setFourColour(on);
    four.setAttribute("aria-pressed", on ? "true" : "false");
    render();
  });
  const lang = languageSwitch((code) => {
    last.textContent = t("Last trick");
    four.textContent = t("Four colours");
    if (socket) socket.setLang(code);
    render();
  });
  tools.replaceChildren(last, four, lang);
}

let toastTimer = 0;
/** @param {string} message */
function toast(message) {
  const el = $("toast");
  el.textContent = message;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => (el.hidden = true), 4000);
}

/** @param {"open"|"closed"|"connecting"} status */
function onStatus(status) {
  const banner = $("banner");
  if (status === "open") {
    banner.hidden = true;
  } else if (status === "closed" || (status === "connecting" && socket && socket.opened)) {
    banner.textContent = t("Reconnecting…");
    banner.hidden = false;
  }
}

async function main() {
  await loadWords();
  translate();
  buildTools();
  // A phone shows the side sections folded.
  if (window.matchMedia("(max-width: 899px)").matches) for (const id of ["sec-table", "sec-log", "sec-sheet"]) $(id).removeAttribute("open");
  getJSON("/api/games")
    .then((answer) => {
      for (const game of answer.games) gameTitles[game.name] = game.title;
      if (frame) render();
    })
    .catch(() => {});
  socket = new TableSocket(tableId, {
    token,
    lang: currentLang(),
    onState(next) {
      if (frame && next.version < frame.version) return;
      if (frame && frame.version !== next.version) showLast = false;
      frame = next;
      render();
    },
    onError(error) {
      if (error.code === "bad-token") {
        toast(t("This browser's seat at this table is not known; you are watching."));
        if (socket) socket.send({ type: "hello", lang: currentLang() });
      } else if (error.code === "stale") {
        if (socket) socket.send({ type: "sync" });
      } else {
        toast(error.message);
      }
      root.classList.remove("waiting");
    },
    onStatus,
    onGone() {
      $("banner").textContent = t("There is no such table.");
      $("banner").hidden = false;
    },
  });
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", layoutHand);
  phone.addEventListener("change", () => render());
}

main();
