// /events/{event}: a club event (GET /api/events/{event}): its status, live standings (`[data-standings]`,
// a row `[data-name]` per player), each session's tables to watch, the standings as CSV and the printable
// ranking. A player of the event in play gets "Your table" (`[data-your-table]`, from GET
// /api/events/{event}/seat, the seat's token kept first), and is sent to the table of each new session
// that appears while the page is open, once per session. Admins start the event and add or remove players.
// The page asks again every 5 seconds until the event is over.

import { getJSON, keepToken, postJSON } from "./api.js";
import { t } from "./i18n.js";
import {
  busy, facts, formatText, gameTitle, loadGames, message, pathPart, playerLink, rulesText, signInNote, standingsTable,
  startPage, statusOf, statusText,
} from "./pages.js";
import { byId as $, h } from "./render.js";

/** @typedef {import("./types.js").EventInfo} EventInfo */
/** @typedef {import("./types.js").EventSeatAnswer} EventSeatAnswer */
/** @typedef {import("./types.js").Game} Game */

const eventId = pathPart(2);
const api = `/api/events/${encodeURIComponent(eventId)}`;
const POLL_MS = 5000;
/** Where this tab keeps the sessions whose seat it has seen (sent there once, or seen at the start). */
const SEEN_KEY = `troef.event.${eventId}.sessions`;

/** @type {EventInfo|null} */
let info = null;
/** @type {EventSeatAnswer|null} */
let seat = null;
/** @type {Game[]} */
let games = [];
/** Until the page's first look at the player's seat: a seat found then was there before the page. */
let firstLook = true;
let polling = 0;
/** The club's members, for the admins' "Add a player" (asked once). @type {string[]|null} */
let members = null;

// ------------------------------------------------------------------ the sessions seen by this tab

/** @returns {number[]} */
function seenSessions() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(SEEN_KEY) || "[]");
    return Array.isArray(kept) ? kept.filter((n) => typeof n === "number") : [];
  } catch {
    return [];
  }
}

/** @param {number} session */
function see(session) {
  try {
    sessionStorage.setItem(SEEN_KEY, JSON.stringify([...new Set([...seenSessions(), session])]));
  } catch {
    /* a private mode: the page sends the player at most once while it is open */
  }
}

// ------------------------------------------------------------------ loading

/** Asks for the event (and the player's seat); false when refused. */
async function load() {
  try {
    info = /** @type {EventInfo} */ (await getJSON(api));
  } catch (caught) {
    if (info) return true; // a moment without an answer: the page stays as it was
    const status = statusOf(caught);
    $("event").hidden = true;
    if (status === 401) $("load-error").replaceChildren(signInNote(t("Sign in to see this event.")));
    else $("load-error").replaceChildren(h("p", { class: "error", text: message(caught) }));
    return false;
  }
  $("load-error").replaceChildren();
  $("event").hidden = false;
  await lookForSeat();
  show();
  return true;
}

/** The player's seat in the session in play; a new session's sends the player there (once). */
async function lookForSeat() {
  const first = firstLook;
  firstLook = false;
  const playing = info && info.status === "playing" ? info.sessions.filter((s) => s.status === "playing").at(-1) : null;
  const you = info && info.you;
  if (!playing || !playing.tables.some((table) => table.seats.some((s) => s.name === you))) {
    seat = null;
    return;
  }
  if (seat && seat.session === playing.session) return; // known: asked once per session
  try {
    seat = /** @type {EventSeatAnswer} */ (await getJSON(`${api}/seat`));
  } catch {
    seat = null;
    return;
  }
  keepToken(seat.table, seat.token);
  if (seenSessions().includes(seat.session)) return;
  see(seat.session);
  const table = tableOf(seat.table);
  if (!first && !(table && table.over)) location.href = tableHref(seat.table);
}

/** @param {string} id */
const tableHref = (id) => `/tables/${encodeURIComponent(id)}`;

/** A table of the event, by its id. @param {string} id */
function tableOf(id) {
  for (const session of (info && info.sessions) || []) for (const table of session.tables) if (table.table === id) return table;
  return null;
}

function poll() {
  window.clearTimeout(polling);
  if (!info || info.status === "over") return;
  polling = window.setTimeout(async () => {
    await load();
    poll();
  }, POLL_MS);
}

// ------------------------------------------------------------------ the page

function show() {
  if (!info) return;
  const event = info;
  const game = games.find((g) => g.name === event.game);
  $("event-name").textContent = event.name;
  $("event-name").removeAttribute("data-i18n");
  document.title = `${event.name} · troef`;
  const club = $("club-link", HTMLAnchorElement);
  club.href = `/clubs/${encodeURIComponent(event.club)}`;
  club.textContent = event.club_name;
  club.removeAttribute("data-i18n");
  const sessionsPlayed = event.sessions.length;
  const status = $("event-status");
  status.dataset.status = event.status;
  status.textContent =
    event.status === "playing"
      ? t("Playing: session {n} of {count}.", { n: sessionsPlayed, count: event.sessions_planned })
      : event.status === "over"
        ? t("The event is over.")
        : t("Not started yet: the admin starts the event.");
  showYourTable();
  const about = [event.format === "duplicate" ? t("Ranked by matchpoints, then points.") : t("Ranked by points.")];
  if (event.status !== "over") about.push(t("The standings follow the tables as they play."));
  $("standings-about").textContent = about.join(" ");
  $("standings").replaceChildren(
    event.standings.length ? standingsTable(event.standings) : h("p", { class: "hint", text: t("No standings yet.") }),
  );
  $("csv-link", HTMLAnchorElement).href = `${api}/standings.csv`;
  $("ranking-link", HTMLAnchorElement).href = `/events/${encodeURIComponent(event.event)}/ranking`;
  showSessions();
  $("facts").replaceChildren(
    facts([
      [t("Club"), h("a", { href: club.href, text: event.club_name })],
      [t("Game"), gameTitle(games, event.game)],
      [t("Rules"), rulesText(game, event.rules)],
      [t("Format"), formatText(event.format)],
      [t("Sessions"), t("{n} of {count}", { n: sessionsPlayed, count: event.sessions_planned })],
      [t("Rounds per session"), String(event.rounds)],
      [t("Status"), statusText(event.status)],
    ]),
  );
  showPlayers();
  showAdmin();
}

function showYourTable() {
  const row = $("your-table-row");
  const note = $("seat-note");
  if (!info || !info.you || info.status !== "playing") {
    row.hidden = true;
    note.hidden = true;
    return;
  }
  if (!seat) {
    row.hidden = true;
    note.hidden = false;
    note.textContent = t("You have no seat in this session. When the next session is drawn with you, this page takes you to your table.");
    return;
  }
  const table = tableOf(seat.table);
  row.hidden = false;
  note.hidden = true;
  $("your-table", HTMLAnchorElement).href = tableHref(seat.table);
  $("your-table-about").textContent =
    table && table.over
      ? t("Your table of session {n} is over: the next session is drawn when every table is done.", { n: seat.session })
      : t("Session {n}: your table is waiting for you.", { n: seat.session });
}

function showSessions() {
  if (!info) return;
  const box = $("sessions");
  if (!info.sessions.length) {
    box.replaceChildren(h("p", { class: "hint", text: t("The tables are drawn when the event starts.") }));
    return;
  }
  const last = info.sessions.length - 1;
  box.replaceChildren(
    ...info.sessions.map((session, i) => {
      const details = h("details", { class: "session", "data-session": session.session, "data-status": session.status });
      // the session in play is open; the others as the person left them
      const before = document.querySelector(`#sessions details[data-session="${session.session}"]`);
      details.open = before instanceof HTMLDetailsElement ? before.open : i === last;
      details.append(h("summary", { text: `${t("Session {n}", { n: session.session })} · ${statusText(session.status)}` }));
      const list = h("ul", { class: "table-list" });
      session.tables.forEach((table, k) => {
        const who = table.seats.map((s) =>
          s.name ? s.name : t("bot: {level}", { level: t(s.bot || "") }),
        );
        const mine = !!(info && info.you && table.seats.some((s) => s.name === info?.you));
        list.append(
          h(
            "li",
            { "data-table": table.table, "data-over": table.over ? "true" : "false", class: mine ? "mine" : "" },
            h("div", { class: "what", text: `${t("Table {n}", { n: k + 1 })}${table.over ? ` · ${statusText("over")}` : ""}` }),
            h("div", { class: "who", text: who.join(" · ") }),
            h("div", { class: "go" }, h("a", { class: "button", href: tableHref(table.table), text: table.over ? t("See the table") : t("Watch") })),
          ),
        );
      });
      details.append(list);
      return details;
    }),
  );
}

function showPlayers() {
  if (!info) return;
  const list = $("players");
  if (!info.players.length) {
    list.replaceChildren(h("li", { class: "hint", text: t("No players.") }));
    return;
  }
  list.replaceChildren(
    ...info.players.map((player) => {
      const li = h("li", { "data-player": player.name, "data-active": player.active ? "true" : "false" }, playerLink(player.name));
      if (!player.active) li.append(" ", h("span", { class: "tag", text: t("withdrawn") }));
      if (info && player.name === info.you) li.append(" ", h("span", { class: "tag", text: t("you") }));
      return li;
    }),
  );
}

/** The session in play (not over), or null. */
const sessionInPlay = () => (info && info.sessions.find((s) => s.status === "playing")) || null;

function showAdmin() {
  const admin = !!info && info.role === "admin";
  $("admin-box").hidden = !admin || !info || info.status === "over";
  if (!admin || !info) return;
  $("start-row").hidden = info.status !== "registered";
  const form = $("players-form");
  form.hidden = info.status === "over";
  $("players-form-about").textContent = sessionInPlay()
    ? t("A session is being played: players are added or removed between sessions.")
    : info.status === "registered"
      ? t("Add the players who come late, or remove those who cannot play.")
      : t("Between sessions: a player added or removed plays from the next session on.");
  const remove = $("remove-player", HTMLSelectElement);
  const before = remove.value;
  const active = info.players.filter((p) => p.active).map((p) => p.name);
  remove.replaceChildren(...active.map((name) => h("option", { value: name, text: name })));
  if (active.includes(before)) remove.value = before;
  if (members === null) loadMembers();
  else fillMembers();
}

/** The club's members, offered to "Add a player". */
async function loadMembers() {
  if (!info) return;
  members = [];
  try {
    const club = /** @type {import("./types.js").Club} */ (await getJSON(`/api/clubs/${encodeURIComponent(info.club)}`));
    members = club.members.map((m) => m.name);
  } catch {
    members = [];
  }
  fillMembers();
}

function fillMembers() {
  if (!info || !members) return;
  const playing = new Set(info.players.filter((p) => p.active).map((p) => p.name));
  $("club-members").replaceChildren(...members.filter((m) => !playing.has(m)).map((name) => h("option", { value: name })));
}

/** @param {SubmitEvent} event */
async function changePlayers(event) {
  event.preventDefault();
  const error = $("players-error");
  error.textContent = "";
  const submitter = event.submitter;
  const adding = !(submitter instanceof HTMLButtonElement && submitter.value === "remove");
  const name = adding ? $("add-player", HTMLInputElement).value.trim() : $("remove-player", HTMLSelectElement).value;
  if (!name) {
    error.textContent = adding ? t("Please fill in the player's name.") : t("Please choose the player.");
    return;
  }
  busy(submitter, true);
  try {
    const answer = /** @type {EventInfo} */ (await postJSON(`${api}/players`, adding ? { add: name } : { remove: name }));
    if (answer && typeof answer === "object" && "sessions" in answer) info = answer;
    else await load();
    if (adding) $("add-player", HTMLInputElement).value = "";
    show();
  } catch (caught) {
    error.textContent = statusOf(caught) === 409 ? t("Not now: a session is being played.") : message(caught);
  }
  busy(submitter, false);
}

/** @param {Event} event */
async function start(event) {
  const button = event.currentTarget instanceof HTMLButtonElement ? event.currentTarget : null;
  const error = $("admin-error");
  error.textContent = "";
  busy(button, true);
  try {
    await postJSON(`${api}/start`, {});
    await load();
    poll();
  } catch (caught) {
    error.textContent = message(caught);
  }
  busy(button, false);
}

async function main() {
  await startPage(async () => {
    games = await loadGames();
    show();
  });
  $("start").addEventListener("click", start);
  $("players-form").addEventListener("submit", changePlayers);
  $("your-table").addEventListener("click", () => {
    if (seat) keepToken(seat.table, seat.token);
  });
  games = await loadGames();
  if (await load()) poll();
}

main();
