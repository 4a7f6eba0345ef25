// Hints for learners, at a table that offers them (docs/server.md, "Table talk and hints"): on your turn
// a button asks for the normal bot's choice for your seat; the answer is written below the choices and
// the choice itself (its button, or its cards) is marked.

import { t } from "./i18n.js";
import { h, partsNode } from "./render.js";
import { $, cardsOf, isSeated, legal, page, shownFrame } from "./state.js";

/** @type {{version: number, action: string} | null} */
let hint = null;
let askedAt = -1;

/** A hint frame. @param {import("./types.js").HintFrame} frame */
export function onHint(frame) {
  hint = { version: frame.version, action: frame.action };
  page.render();
}

/** The hint of this turn, or the button that asks for it (called after the choices are drawn). */
export function renderHint() {
  const frame = shownFrame();
  if (!frame.table.hints || !isSeated() || !legal().length) return;
  const box = $("actions");
  if (!hint || hint.version !== frame.version) {
    const ask = h("button", { type: "button", class: "ask-hint", "data-hint-ask": "", disabled: askedAt === frame.version, text: t("Hint") });
    ask.addEventListener("click", () => {
      if (page.socket && page.socket.send({ type: "hint", version: frame.version })) askedAt = frame.version;
      page.render();
    });
    box.append(ask);
    return;
  }
  const action = hint.action;
  for (const el of document.querySelectorAll("[data-action]"))
    if (el instanceof HTMLElement && el.dataset.action === action) el.dataset.hinted = "true";
  if (cardsOf(action).length > 1)
    for (const code of cardsOf(action)) {
      const card = document.querySelector(`[data-card="${code}"]`);
      if (card instanceof HTMLElement) card.dataset.hinted = "true";
    }
  const groups = (frame.model && frame.model.table && frame.model.table.actions) || [];
  const choice = groups.flatMap((g) => g.actions).find((c) => c.action === action);
  const shown = choice ? partsNode(choice.parts) : document.createTextNode(action);
  box.append(h("p", { class: "bot-hint", "data-hint": action }, `${t("The normal bot would choose:")} `, shown));
}
