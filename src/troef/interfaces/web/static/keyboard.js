// The keyboard: what is typed goes to the server as it is (an `answer` frame), which reads it as this
// seat's table shows it (a card, the points of a bid, a word of a choice, its number) and plays it or says
// why not. A number is sent at once only where nothing else could be typed: no card, no other entry, no
// choice starting with it, no longer choice number.

import { lineText } from "./render.js";
import { t } from "./i18n.js";
import { $, act, answer, cardsOf, legal, page, selectMode, selectedAction } from "./state.js";

let typed = "";

/** Every listed choice in order (as the terminal numbers them), and whether the list is numbered. */
export function listedChoices() {
  const model = page.frame && page.frame.model && page.frame.model.table;
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

/** Whether the digits typed so far can only be the number of a listed choice. @param {string} digits */
function onlyANumber(digits) {
  const frame = page.frame;
  const model = frame && frame.model && frame.model.table;
  if (!model || model.entry !== "choice" || legal().some((a) => cardsOf(a).length)) return false;
  const { choices, numbered } = listedChoices();
  if (!numbered || Number(digits) * 10 <= choices.length) return false;
  const shown = model.actions.flatMap((g) => g.actions.map((c) => lineText({ parts: c.parts }).trim()));
  return !shown.some((words) => words.startsWith(digits));
}

function showTyped() {
  $("typed").textContent = typed ? `${t("Typed:")} ${typed}` : "";
}

/** @param {string} text */
function send(text) {
  typed = "";
  answer(text);
}

/** @param {KeyboardEvent} event */
export function onKey(event) {
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  document.body.classList.add("keyboard");
  if (!page.frame || !legal().length) {
    if (event.key === "Escape") typed = "";
    showTyped();
    return;
  }
  if (event.key === "Escape") {
    typed = "";
    page.selected = new Set();
    page.render();
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
    send(typed.trim());
  } else if (event.key.length === 1 && (event.key !== " " || typed)) {
    if (event.key === " " && target && target.tagName === "BUTTON" && !typed) return;
    typed += event.key;
    event.preventDefault();
    if (/^\d+$/.test(typed) && onlyANumber(typed)) send(typed);
  } else {
    return;
  }
  showTyped();
}
