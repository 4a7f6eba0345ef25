// The middle of the felt: the trick, and what the table waits for (players, the deal, the result).

import { absolute, copyText, inviteFor, keepInvite, keepToken, postJSON, tokenFor } from "./api.js";
import { cardElement } from "./cards.js";
import { t } from "./i18n.js";
import { h, lineNode, lineText, resultNode } from "./render.js";
import { place, seatList } from "./seats.js";
import { $, isSeated, page, shownFrame, tableId, token } from "./state.js";
import { moving, phone, toast } from "./ui.js";

/** @typedef {import("./types.js").Seated} Seated */

/**
 * The trick on the felt at the last render: which trick (its leader and first card) and its cards.
 * @type {{trick: string, codes: Set<string>, done: boolean}}
 */
let onFelt = { trick: "", codes: new Set(), done: false };
let gatherTimer = 0;
/** Milliseconds a finished trick stays where it was played before it goes to its winner. */
const GATHER_AFTER = 1100;

/**
 * The trick in the middle of the felt. A card just played flies in from its seat; cards already there
 * stay still; a finished trick stays a moment, then goes to its winner (unless asked for with "Last
 * trick"). Nothing moves where motion is off (see ui.js `moving`).
 */
export function renderTrick() {
  const area = $("trick");
  area.replaceChildren();
  clearTimeout(gatherTimer);
  const frame = shownFrame();
  const model = frame.model && frame.model.table;
  if (!model) return false;
  const seats = model.seats;
  let trick = model.trick;
  let finished = false;
  if (page.showLast && model.last_trick) {
    trick = model.last_trick;
    finished = true;
  } else if ((!trick || !trick.cards.length) && model.last_trick && ["play", "over"].includes(model.phase)) {
    trick = model.last_trick; // the trick just taken stays until the next card is led, or the next deal
    finished = true;
  }
  if (!trick || !trick.cards.length) {
    onFelt = { trick: "", codes: new Set(), done: false };
    return false;
  }
  const n = seats.length;
  const which = `${trick.leader}:${trick.cards[0].card.code}`;
  const before = onFelt.trick === which ? onFelt.codes : new Set();
  area.setAttribute("role", "group");
  area.setAttribute("aria-label", lineText(trick.line));
  const small = phone.matches;
  /** @param {number} seat */
  const seatAt = (seat) => place(seats.findIndex((s) => s.seat === seat), n, 43, 41);
  /** @type {HTMLElement[]} */
  const cards = [];
  for (const played of trick.cards) {
    const i = seats.findIndex((s) => s.seat === played.seat);
    // on a phone the side seats take a third of the felt's width: the cards keep to the middle
    const at = place(i, n, small ? 14 : n > 4 ? 30 : 22, n > 4 ? (small ? 24 : 28) : small ? 20 : 19);
    const card = cardElement(played.card, {
      className: `played${finished ? " done" : ""}${trick.winner === played.seat ? " winner" : ""}`,
    });
    card.style.left = `${at.x}%`;
    card.style.top = `${at.y}%`;
    if (!before.has(played.card.code) && moving()) {
      const from = seatAt(played.seat);
      card.style.setProperty("--from-x", `${from.x}%`);
      card.style.setProperty("--from-y", `${from.y}%`);
      card.classList.add("flying");
    }
    area.append(card);
    cards.push(card);
  }
  const gathered = finished && !page.showLast && onFelt.trick === which && onFelt.done;
  onFelt = { trick: which, codes: new Set(trick.cards.map((p) => p.card.code)), done: finished };
  // a finished trick has its winner (a trick's winner is null only while it is played)
  if (finished && !page.showLast && moving() && trick.winner !== null) {
    const to = seatAt(trick.winner);
    const gather = () => {
      for (const card of cards) {
        card.classList.add("gathered");
        card.style.left = `${to.x}%`;
        card.style.top = `${to.y}%`;
      }
    };
    if (gathered) gather();
    else gatherTimer = window.setTimeout(gather, GATHER_AFTER);
  }
  return true;
}

/** @param {boolean} trickShown whether renderTrick put a trick on the felt */
export function renderCenter(trickShown) {
  const center = $("center");
  center.replaceChildren();
  center.className = "center";
  const notice = $("notice");
  notice.replaceChildren();
  const frame = shownFrame();
  const model = frame.model;
  const info = frame.table;
  const panel = h("div", { class: "panel" });
  if (info.status === "waiting" && info.seats.some((s) => s.kind === "open")) {
    const open = info.seats.filter((s) => s.kind === "open").length;
    panel.append(h("p", { class: "line bold", text: t("Waiting for players: {n} open", { n: open }) }));
    panel.append(inviteBox(true));
  } else if (info.expired) {
    panel.append(h("p", { class: "line bold", "data-expired": "", text: t("This table expired: nobody took its open seats in time.") }));
    panel.append(h("a", { class: "button", href: "/", text: t("Back to the lobby") }));
  } else if (model && ((model.standings && model.standings.length) || model.scores)) {
    // below the felt, so that the seats and the last trick stay in sight beside it
    if (model.scores) panel.append(resultNode(model.title, model.scores, model.result || []));
    if (model.standings && model.standings.length) {
      const standings = h("div", { class: "standings" });
      for (const line of model.standings) standings.append(lineNode(line));
      panel.append(standings, endButtons());
    }
    if (info.round && !info.round.dealt) panel.append(readyList(info.round));
    notice.append(panel);
    return;
  } else if (info.round && !info.round.dealt) {
    panel.append(h("p", { class: "line", text: t("Waiting for the deal") }));
    panel.append(readyList(info.round));
  } else if (!trickShown && model && model.table) {
    const contract = model.table.contract;
    const lines = model.table.lines.filter((l) => !(contract && lineText(l) === lineText(contract)));
    if (!lines.length) return;
    center.classList.add("quiet");
    for (const line of lines) panel.append(lineNode(line));
  } else {
    return;
  }
  if (phone.matches && !center.classList.contains("quiet")) notice.append(panel);
  else center.append(panel);
}

/** Who is ready for the next deal. @param {import("./types.js").RoundInfo} round */
function readyList(round) {
  const infos = shownFrame().table.seats;
  const seats = seatList();
  const list = h("ul", { class: "ready-list" });
  for (const seat of seats) {
    const info = infos[seat.seat];
    if (!info || info.kind !== "human") continue;
    const ready = round.ready.includes(seat.seat);
    list.append(h("li", { class: ready ? "is-ready" : "" }, `${seat.label}: ${ready ? t("ready") : t("not ready yet")}`));
  }
  return list;
}

/** The invite link with a copy button (only where this browser knows it). */
function inviteBox(big = false) {
  const invite = inviteFor(tableId); // never in the table info: kept by the browser that created or joined
  if (!invite) return h("p", { class: "hint", text: t("Ask the table's host for the invite link.") });
  const link = absolute(invite);
  const input = h("input", { class: "invite-link", readonly: true, value: link, "aria-label": t("Invite link"), name: "invite" });
  const button = h("button", { type: "button", class: big ? "primary" : "", text: t("Copy invite link") });
  button.addEventListener("click", async () => {
    const ok = await copyText(link);
    button.textContent = ok ? t("Copied") : t("Copy invite link");
    if (!ok) input.select();
  });
  return h("div", { class: "invite" }, input, button);
}

function endButtons() {
  const box = h("div", { class: "end-buttons" });
  const { rematch, event } = shownFrame().table;
  if (isSeated() && !event) { // (an event's table has no rematch: the event draws its next session)
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

/**
 * Take this seat at the rematch: the first to ask makes it (and gets its invite, to pass on); a later
 * one is seated there by the old table's token (the invite is never shown in the table's info).
 * @param {HTMLElement} button
 */
async function startRematch(button) {
  button.setAttribute("disabled", "");
  const known = shownFrame().table.rematch;
  if (known && tokenFor(known.table)) {
    location.href = `/tables/${encodeURIComponent(known.table)}`;
    return;
  }
  try {
    const answer = /** @type {Seated} */ (await postJSON(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { token }));
    const id = answer.table;
    if (answer.invite) keepInvite(id, answer.invite);
    const mine = answer.seats ? answer.seats[0] : answer;
    if (mine && mine.token) keepToken(id, mine.token);
    location.href = `/tables/${encodeURIComponent(id)}`;
  } catch (error) {
    toast(String(/** @type {Error} */ (error).message));
    button.removeAttribute("disabled");
  }
}

// ------------------------------------------------------------------ your hand and your actions
