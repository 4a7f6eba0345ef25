// The seat's own hand and its choices: cards to play or choose, buttons for every other action.

import { cardElement } from "./cards.js";
import { t } from "./i18n.js";
import { listedChoices } from "./keyboard.js";
import { h, partsNode } from "./render.js";
import { $, act, cardsOf, isSeated, legal, page, selectMode, selectedAction, shownFrame } from "./state.js";

/** @typedef {import("./types.js").Choice} Choice */
/** @typedef {import("./types.js").Group} Group */

export function renderHand() {
  const area = $("hand");
  area.replaceChildren();
  const frame = shownFrame();
  const model = frame.model && frame.model.table;
  $("hand-area").hidden = !isSeated();
  if (!isSeated() || !model) return;
  const actions = legal();
  const multi = selectMode();
  const playable = new Set(actions.filter((a) => /^play [2-9TJQKA][SHDC]$/.test(a)).map((a) => a.slice(5)));
  const selectable = new Set(multi ? actions.flatMap(cardsOf) : []);
  const cardTurn = actions.some((a) => cardsOf(a).length > 0);
  if (frame.version !== page.selectedVersion && !multi) page.selected = new Set();
  page.selected = new Set([...page.selected].filter((c) => selectable.has(c)));
  const { choices } = listedChoices();
  area.classList.toggle("select-mode", multi);
  area.setAttribute("aria-label", multi ? t("Your hand: choose the cards") : t("Your hand"));
  let count = 0;
  model.hand.groups.forEach((group) => {
    group.cards.forEach((card, j) => {
      count += 1;
      const el = cardElement(card, { button: true, className: j === 0 ? "group-start" : "" });
      el.dataset.card = card.code;
      if (model.hand.numbered) el.dataset.number = String(count);
      if (multi) {
        if (selectable.has(card.code)) {
          const on = page.selected.has(card.code);
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
  if (page.selected.has(code)) page.selected.delete(code);
  else page.selected.add(code);
  page.selectedVersion = shownFrame().version;
  page.render(`[data-card="${code}"]`);
}

export function layoutHand() {
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
  }
}

const PICKER_FROM = 8;
/**
 * Where each long group's picker stands (by the group's label), at the version it was moved.
 * @type {Map<string, {version: number, at: number}>}
 */
const pickedAt = new Map();

/**
 * A long group of choices (Hoogjassen's 35 bids, Rikken's contracts) as a compact picker: the choices
 * without an argument (pass) as buttons, the others one at a time with steps to the first, previous,
 * next and last; at most 7 buttons, and one click performs the choice shown.
 * @param {Group} group @param {Choice[]} offered @param {(choice: Choice) => HTMLElement} choiceButton
 */
function picker(group, offered, choiceButton) {
  const pinned = offered.filter((c) => !c.action.includes(" "));
  const steps = offered.filter((c) => c.action.includes(" "));
  const kept = pickedAt.get(group.label);
  let at = kept && kept.version === shownFrame().version ? kept.at : 0;
  const box = h("span", { class: "picker" });
  const draw = () => {
    box.replaceChildren();
    /** @param {string} step @param {string} label @param {number} to @param {string} glyph */
    const move = (step, label, to, glyph) => {
      const button = h("button", { type: "button", class: "step", "data-picker-step": step, "aria-label": t(label), text: glyph });
      button.disabled = to < 0 || to >= steps.length || to === at;
      button.addEventListener("click", () => {
        at = to;
        pickedAt.set(group.label, { version: shownFrame().version, at });
        draw();
        const choice = box.querySelector("[data-action]");
        if (choice instanceof HTMLElement) choice.focus({ preventScroll: true });
      });
      return button;
    };
    box.append(move("first", "lowest", 0, "«"), move("prev", "lower", at - 1, "−"));
    box.append(choiceButton(steps[at]));
    box.append(move("next", "higher", at + 1, "+"), move("last", "highest", steps.length - 1, "»"));
    for (const choice of pinned) box.append(choiceButton(choice));
  };
  draw();
  return box;
}

export function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  const frame = shownFrame();
  const info = frame.table;
  const model = frame.model && frame.model.table;
  const actions = legal();
  // Ready for the next deal.
  if (frame.seat !== null && frame.seat !== undefined && info.round && !info.round.dealt && info.status !== "over") {
    if (!info.round.ready.includes(frame.seat)) {
      const first = !(frame.sheet && frame.sheet.rounds && frame.sheet.rounds.length) && !(frame.model && frame.model.result);
      const button = h("button", { type: "button", class: "primary big", "data-ready": "", text: first ? t("Deal") : t("Next round") });
      button.addEventListener("click", () => {
        if (page.socket && page.socket.ready()) {
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
      const turn = model.seats.find((s) => s.to_act);
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
      : group.actions.every((c) => cardsOf(c.action).length < 2)
        ? group.actions
        : [];
    // A single card is played from the hand (not in select mode); anything else is a button.
    const buttons = listed.filter((c) => multi || !/^play [2-9TJQKA][SHDC]$/.test(c.action));
    if (!buttons.length && !(multi && (group.more || !group.listed))) continue;
    const el = h("div", { class: `choices${group.row ? " row" : ""}`, role: "group", "aria-label": (group.heading || "") + " " + group.label });
    if (group.heading) box.append(h("p", { class: "heading", text: group.heading }));
    if (group.label) el.append(h("span", { class: "label", text: group.label.replace(/:\s*$/, "") }));
    const offered = buttons.filter((c) => actions.includes(c.action));
    /** @param {Choice} choice */
    const choiceButton = (choice) => {
      const button = h("button", { type: "button", class: "choice", "data-action": choice.action });
      const n = choices.indexOf(choice.action);
      if (group.numbered && n >= 0) button.append(h("kbd", { class: "num", "aria-hidden": "true", text: String(n + 1) }));
      button.append(partsNode(choice.parts));
      button.addEventListener("click", () => act(choice.action));
      return button;
    };
    if (offered.length > PICKER_FROM) el.append(picker(group, offered, choiceButton));
    else for (const choice of offered) el.append(choiceButton(choice));
    if (group.more) el.append(h("span", { class: "more", text: group.more.trim() }));
    box.append(el);
  }
  if (multi) {
    const chosen = selectedAction();
    const discard = model.entry === "discard";
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
    const note = h("p", { class: "hint", text: page.selected.size ? t("{n} chosen", { n: page.selected.size }) : t("Tap cards in your hand to choose them.") });
    box.append(h("div", { class: "submit-row" }, submit, note));
  }
}

// ------------------------------------------------------------------ side panel
