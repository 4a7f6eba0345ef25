// /events/{event}/ranking: an event's ranking to print (GET /api/events/{event}): its title, date, club,
// game and rules, format and the standings table. The print stylesheet leaves out the header and the
// page's buttons; "Print" calls window.print().

import { getJSON } from "./api.js";
import { currentLang, t } from "./i18n.js";
import {
  facts, formatText, gameTitle, loadGames, message, pathPart, rulesText, signInNote, standingsTable, startPage,
  statusOf,
} from "./pages.js";
import { byId as $, h } from "./render.js";

/** @typedef {import("./types.js").EventInfo} EventInfo */

const eventId = pathPart(2);
/** @type {EventInfo|null} */
let info = null;
/** @type {import("./types.js").Game[]} */
let games = [];

/** A day in the page's language. @param {Date} day */
const dateText = (day) => day.toLocaleDateString(currentLang(), { year: "numeric", month: "long", day: "numeric" });

function show() {
  if (!info) return;
  const event = info;
  const game = games.find((g) => g.name === event.game);
  const over = event.status === "over";
  document.title = `${event.name} · ${t("Ranking")} · troef`;
  $("ranking").hidden = false;
  $("ranking-club").textContent = event.club_name;
  $("ranking-title").textContent = event.name;
  $("ranking-kind").textContent = over ? t("Final ranking") : t("Ranking so far (the event is not over)");
  const at = typeof event.finished === "number" ? event.finished : typeof event.created === "number" ? event.created : null;
  $("ranking-facts").replaceChildren(
    facts([
      [t("Date"), dateText(at === null ? new Date() : new Date(at * 1000))],
      [t("Club"), event.club_name],
      [t("Game"), gameTitle(games, event.game)],
      [t("Rules"), rulesText(game, event.rules)],
      [t("Format"), formatText(event.format)],
      [t("Sessions"), t("{n} of {count}", { n: event.sessions.length, count: event.sessions_planned })],
      [t("Rounds per session"), String(event.rounds)],
    ]),
  );
  $("ranking-table").replaceChildren(
    event.standings.length ? standingsTable(event.standings, { links: false }) : h("p", { class: "hint", text: t("No standings yet.") }),
  );
  $("ranking-note").textContent = event.format === "duplicate" ? t("Ranked by matchpoints, then points.") : t("Ranked by points.");
}

async function main() {
  await startPage(async () => {
    games = await loadGames();
    show();
  });
  $("event-link", HTMLAnchorElement).href = `/events/${encodeURIComponent(eventId)}`;
  $("print").addEventListener("click", () => window.print());
  games = await loadGames();
  try {
    info = /** @type {EventInfo} */ (await getJSON(`/api/events/${encodeURIComponent(eventId)}`));
  } catch (caught) {
    $("load-error").replaceChildren(
      statusOf(caught) === 401 ? signInNote(t("Sign in to see this event.")) : h("p", { class: "error", text: message(caught) }),
    );
    return;
  }
  show();
}

main();
