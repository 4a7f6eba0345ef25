// The side panel: the table in words, the round's log, the score sheet and the replays; and, for a table
// of a club event, the way back to the event's page (`[data-event-link]`: a link below the choices while
// the match is played, a big button below the match's end once it is over).

import { t } from "./i18n.js";
import { h, lineNode, sheetNode } from "./render.js";
import { $, shownFrame, tableId } from "./state.js";

export function renderSide() {
  renderEventLink();
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

/** The link back to the event the table plays for (none for a table of no event). */
function renderEventLink() {
  const frame = shownFrame();
  const event = frame.table.event;
  let row = document.getElementById("event-row");
  if (!event) {
    if (row) row.remove();
    return;
  }
  let link = row && row.querySelector("a");
  if (!row || !link) {
    link = h("a", { "data-event-link": "" });
    row = h("p", { id: "event-row", class: "event-row" }, link);
  }
  const over = frame.table.status === "over";
  // below the match's end (the notice) once it is over, else below the choices, out of the way
  const after = $(over ? "notice" : "actions");
  if (row.previousElementSibling !== after) after.after(row);
  link.href = `/events/${encodeURIComponent(event.event)}`;
  link.className = over ? "button primary big" : "";
  link.dataset.over = over ? "true" : "false";
  link.textContent = over
    ? t("Back to the event: {name}", { name: event.name })
    : t("Event: {name}, session {n}", { name: event.name, n: event.session });
  row.classList.toggle("over", over);
}

// ------------------------------------------------------------------ the whole page
