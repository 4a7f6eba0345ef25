// The side panel: the table in words, the round's log, the score sheet and the replays.

import { t } from "./i18n.js";
import { h, lineNode, sheetNode } from "./render.js";
import { $, shownFrame, tableId } from "./state.js";

export function renderSide() {
  const frame = shownFrame();
  const model = frame.model;
  const lines = $("lines");
  lines.replaceChildren();
  if (model && model.table) {
    $("about").textContent = model.table.about;
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
