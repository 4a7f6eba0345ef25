// The middle of the felt: the trick, and what the table waits for (players, the deal, the result).

import { absolute, copyText, inviteFor, keepInvite, keepToken, postJSON, store, tokenFor } from "./api.js";
import { cardElement } from "./cards.js";
import { t } from "./i18n.js";
import { h, lineNode, lineText } from "./render.js";
import { place, seatList } from "./seats.js";
import { $, isSeated, page, tableId, token } from "./state.js";
import { phone, toast } from "./ui.js";

export function renderTrick() {
  const area = $("trick");
  area.replaceChildren();
  const model = page.frame.model && page.frame.model.table;
  if (!model) return false;
  const seats = model.seats;
  let trick = model.trick;
  let finished = false;
  if (page.showLast && model.last_trick) {
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

export function renderCenter(trickShown) {
  const center = $("center");
  center.replaceChildren();
  center.className = "center";
  const notice = $("notice");
  notice.replaceChildren();
  const model = page.frame.model;
  const info = page.frame.table;
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
  const round = page.frame.table.round;
  const seats = seatList();
  const list = h("ul", { class: "ready-list" });
  for (const seat of seats) {
    const info = page.frame.table.seats[seat.seat] || {};
    if (info.kind !== "human") continue;
    const ready = round.ready.includes(seat.seat);
    list.append(h("li", { class: ready ? "is-ready" : "" }, `${seat.label}: ${ready ? t("ready") : t("not ready yet")}`));
  }
  return list;
}

/** The invite link with a copy button (only where this browser knows it). */
function inviteBox(big = false) {
  const invite = page.frame.table.invite || inviteFor(tableId);
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
  const rematch = page.frame.table.rematch;
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
  const seat = page.frame.table.seats[page.frame.seat];
  return (seat && seat.name) || "";
}

// ------------------------------------------------------------------ your hand and your actions
