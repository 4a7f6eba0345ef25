// The table page: renders each state frame's `model` (the game's words, already translated) and offers
// exactly the frame's `legal_actions`; it decides nothing about the game itself. Its parts: state.js (the
// frame and acting), seats.js, center.js (the felt's middle), hand.js (the hand and the choices), side.js
// (log and sheet), countdown.js (the timers and the pause), keyboard.js, chat.js, hints.js and sound.js.

import { showAccount } from "./account.js";
import { getJSON } from "./api.js";
import { fourColour, setFourColour } from "./cards.js";
import { renderCenter, renderTrick } from "./center.js";
import { buildChat, onChat, renderChat, resetChat } from "./chat.js";
import { renderTimers } from "./countdown.js";
import { layoutHand, renderActions, renderHand } from "./hand.js";
import { onHint, renderHint } from "./hints.js";
import { currentLang, languageSwitch, loadWords, t, translate } from "./i18n.js";
import { onKey } from "./keyboard.js";
import { h, lineNode, lineText } from "./render.js";
import { renderSeats } from "./seats.js";
import { renderSide } from "./side.js";
import { TableSocket } from "./socket.js";
import { soundButton, soundFor } from "./sound.js";
import { $, isSeated, legal, page, shownFrame, tableId, token } from "./state.js";
import { phone, toast } from "./ui.js";

/** @typedef {import("./types.js").GamesAnswer} GamesAnswer */

const root = $("table");
let lastLogText = "";
let wasTurn = false;
/** @type {Record<string, string>} */
let gameTitles = {};

/** @param {string} [focusSelector] */
function render(focusSelector) {
  const frame = page.frame;
  if (!frame) return;
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const refocus =
    focusSelector ||
    (active && active.dataset.card ? `[data-card="${active.dataset.card}"]` : null) ||
    (active && active.dataset.action ? `[data-action="${active.dataset.action}"]` : null) ||
    (active && active.hasAttribute("data-submit") ? "[data-submit]" : null);
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
  renderHint();
  renderSide();
  renderChat();
  renderTimers();
  renderTools();
  if (refocus) {
    const again = document.querySelector(refocus);
    if (again instanceof HTMLElement && !again.hasAttribute("disabled")) again.focus({ preventScroll: true });
  }
  bringIntoView(turn);
  announce(turn);
}

let askedAt = "";
/**
 * At each new question to the seat (its turn at a version, or its ready for the next deal), the choices
 * come into view (on a phone they are below the felt and the hand).
 * @param {boolean} turn
 */
function bringIntoView(turn) {
  const frame = shownFrame();
  const round = frame.table.round; // a ready button is shown only for a round to deal (not null)
  const ready = !!document.querySelector("[data-ready]:not([disabled])");
  const asked = turn ? `turn ${frame.version}` : ready && round ? `ready ${round.index}` : "";
  if (asked && asked !== askedAt) {
    const actions = $("actions");
    const box = actions.getBoundingClientRect();
    if (box.bottom > window.innerHeight || box.top < 0) actions.scrollIntoView({ block: "end", behavior: "instant" });
  }
  askedAt = asked;
}

/** @param {boolean} turn */
function announce(turn) {
  const model = shownFrame().model;
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
  const frame = shownFrame();
  const model = frame.model && frame.model.table;
  const last = tools.querySelector("[data-last-trick]");
  if (last instanceof HTMLButtonElement) {
    last.hidden = !(model && model.tricks); // Piken plays no tricks
    last.disabled = !(model && model.last_trick);
    last.setAttribute("aria-pressed", page.showLast && model && model.last_trick ? "true" : "false");
  }
}

function buildTools() {
  const tools = $("tools");
  const last = h("button", { type: "button", class: "tool", "data-last-trick": "", "aria-pressed": "false", text: t("Last trick") });
  last.addEventListener("click", () => {
    page.showLast = !page.showLast;
    render();
  });
  const four = h("button", { type: "button", class: "tool", "aria-pressed": fourColour() ? "true" : "false", text: t("Four colours") });
  four.addEventListener("click", () => {
    const on = !fourColour();
    setFourColour(on);
    four.setAttribute("aria-pressed", on ? "true" : "false");
    render();
  });
  const sound = soundButton();
  const lang = languageSwitch((code) => {
    last.textContent = t("Last trick");
    four.textContent = t("Four colours");
    sound.textContent = t("Sound");
    if (page.socket) page.socket.setLang(code);
    render();
  });
  tools.replaceChildren(last, four, sound, lang);
}

/** @param {"open"|"closed"|"connecting"} status */
function onStatus(status) {
  const banner = $("banner");
  if (status === "open") {
    banner.hidden = true;
    resetChat();
  } else if (status === "closed" || (status === "connecting" && page.socket && page.socket.opened)) {
    banner.textContent = t("Reconnecting…");
    banner.hidden = false;
  }
}

async function main() {
  page.render = render;
  await loadWords();
  translate();
  showAccount();
  buildTools();
  buildChat();
  // A phone shows the side sections folded.
  if (window.matchMedia("(max-width: 899px)").matches) for (const id of ["sec-table", "sec-log", "sec-sheet", "sec-chat"]) $(id).removeAttribute("open");
  getJSON(`/api/games?lang=${encodeURIComponent(currentLang())}`)
    .then((found) => {
      const answer = /** @type {GamesAnswer} */ (found);
      for (const game of answer.games) gameTitles[game.name] = game.title;
      if (page.frame) render();
    })
    .catch(() => {});
  page.socket = new TableSocket(tableId, {
    token,
    lang: currentLang(),
    onState(next) {
      if (page.frame && next.version < page.frame.version) return;
      if (page.frame && page.frame.version !== next.version) page.showLast = false;
      soundFor(page.frame, next);
      page.frame = next;
      render();
    },
    onError(error) {
      if (error.code === "bad-token") {
        toast(t("This browser's seat at this table is not known; you are watching."));
        if (page.socket) page.socket.send({ type: "hello", lang: currentLang() });
      } else if (error.code === "stale") {
        if (page.socket) page.socket.send({ type: "sync" });
      } else {
        toast(error.message);
      }
      root.classList.remove("waiting");
    },
    onStatus,
    onOther(frame) {
      if (frame.type === "hint") onHint(frame);
      else onChat(frame);
    },
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
