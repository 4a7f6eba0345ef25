// The keyboard: number keys pick the numbered choices, typed cards and words name an action.

import { lineText } from "./render.js";
import { t } from "./i18n.js";
import { CARD, $, act, cardsOf, legal, page, selectMode, selectedAction } from "./state.js";
import { toast } from "./ui.js";

let typed = "";
let digitTimer = 0;

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
  if (/^\d+$/.test(answer) && numbered && !(page.frame.model.table && page.frame.model.table.hand.numbered)) {
    const n = Number(answer);
    return n >= 1 && n <= choices.length ? choices[n - 1] : null;
  }
  const words = answer.split(/[\s,]+/);
  const model0 = page.frame.model && page.frame.model.table;
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
  const model = page.frame.model && page.frame.model.table;
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
export function onKey(event) {
  const target = /** @type {HTMLElement} */ (event.target);
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  document.body.classList.add("keyboard");
  if (!page.frame || !legal().length) {
    if (event.key === "Escape") typed = "";
    showTyped();
    return;
  }
  clearTimeout(digitTimer);
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
    const numberedHand = page.frame.model && page.frame.model.table && page.frame.model.table.hand.numbered;
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

