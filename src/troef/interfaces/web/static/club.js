// /clubs/{club}: a club as its members see it (GET /api/clubs/{club}): its members, saved presets, events
// and season standings. Its admins also get the invite code and join link, a form to save a preset, the
// season's settings, a new password link per member and the form of a new event. Others get the
// server's refusal and a form to join with an invite code (`?invite=` fills it in: the join link).

import { signedIn } from "./account.js";
import { absolute, getJSON, postJSON } from "./api.js";
import { optionFields, rulesOf } from "./houserules.js";
import { t } from "./i18n.js";
import {
  busy, copyRow, gameTitle, loadGames, message, pathPart, playerLink, roleText, rulesText, signInNote,
  startPage, statusOf, statusText,
} from "./pages.js";
import { byId as $, h } from "./render.js";

/** @typedef {import("./types.js").Club} Club */
/** @typedef {import("./types.js").Game} Game */

const clubId = pathPart(2);
const api = `/api/clubs/${encodeURIComponent(clubId)}`;
/** The preset that online championships of Rikken play (clubs.md, "Rules"). */
const CHAMPIONSHIP = { game: "rikken", preset: "kampioenschap-online" };

/** @type {Club|null} */
let club = null;
/** @type {Game[]} */
let games = [];
/** The name signed in (to leave out the admin's own new password link). @type {string|null} */
let me = null;
/** The members left out of the new event (all are in at first). @type {Set<string>} */
const leftOut = new Set();

/** A <select> of the page by its id. @param {string} id */
const select = (id) => $(id, HTMLSelectElement);
/** An <input> of the page by its id. @param {string} id */
const input = (id) => $(id, HTMLInputElement);
const isAdmin = () => !!club && club.role === "admin";

// ------------------------------------------------------------------ loading

async function load() {
  const error = $("load-error");
  try {
    club = /** @type {Club} */ (await getJSON(api));
  } catch (caught) {
    club = null;
    $("club").hidden = true;
    const status = statusOf(caught);
    if (status === 401) {
      error.replaceChildren(signInNote(t("Sign in to see this club, or to join it.")));
    } else {
      error.replaceChildren(
        h("p", { class: "error", text: status === 403 ? t("You are not a member of this club: join it with its invite code.") : message(caught) }),
      );
      $("join-box").hidden = status !== 403;
      if (status === 403) input("join-code").value = new URLSearchParams(location.search).get("invite") || "";
    }
    return;
  }
  error.replaceChildren();
  $("join-box").hidden = true;
  $("club").hidden = false;
  show();
  fillForms();
}

// ------------------------------------------------------------------ what every member sees

function show() {
  if (!club) return;
  $("club-name").textContent = club.name;
  $("club-name").removeAttribute("data-i18n");
  document.title = `${club.name} · troef`;
  $("club-role").textContent = t("You are {role} of this club.", { role: roleText(club.role) });
  showInvite();
  showMembers();
  showPresets();
  showEvents();
  showSeason();
  for (const id of ["preset-form", "season-form", "event-box"]) $(id).hidden = !isAdmin();
}

function showInvite() {
  const box = $("invite-box");
  const code = club && club.invite;
  box.hidden = !club || !code;
  if (!club || !code) return;
  // a new club, its admin alone in it: the invite comes first; else after the members and events
  const row = $("club").querySelector(".cards-row");
  const first = club.members.length < 2;
  if (row && first && box.nextElementSibling !== row) row.before(box);
  else if (row && !first && box.previousElementSibling !== row) row.after(box);
  const link = absolute(`/clubs/${encodeURIComponent(club.club)}?invite=${encodeURIComponent(code)}`);
  /** @param {string} label @param {Node} row */
  const labelled = (label, row) => h("div", { class: "copy-row" }, h("span", { class: "copy-label", text: label }), row);
  $("invite-rows").replaceChildren(
    labelled(t("Join link"), copyRow("invite-link", t("Join link"), link, { "data-join-link": "" })),
    labelled(t("Club id"), copyRow("invite-club", t("Club id"), club.club)),
    labelled(t("Invite code"), copyRow("invite-code", t("Invite code"), code, { "data-invite-code": "" })),
  );
}

function showMembers() {
  if (!club) return;
  const list = $("members");
  list.replaceChildren(
    ...club.members.map((member) => {
      const li = h("li", { "data-member": member.name }, playerLink(member.name), " ", h("span", { class: "tag", text: roleText(member.role) }));
      if (isAdmin() && member.name !== me)
        li.append(
          h("button", {
            type: "button", class: "small", "data-reset": member.name, text: t("New password link"),
            "aria-label": t("New password link for {name}", { name: member.name }), onclick: () => resetLink(member.name),
          }),
        );
      return li;
    }),
  );
}

function showPresets() {
  if (!club) return;
  const list = $("presets");
  if (!club.presets.length) {
    list.replaceChildren(h("li", { class: "hint", text: t("No saved presets.") }));
    return;
  }
  list.replaceChildren(
    ...club.presets.map((preset) => {
      const game = games.find((g) => g.name === preset.game);
      return h(
        "li",
        { "data-preset": preset.name },
        h("strong", { text: preset.name }),
        ` · ${gameTitle(games, preset.game)}: ${rulesText(game, preset.rules)}`,
      );
    }),
  );
}

function showEvents() {
  if (!club) return;
  const list = $("events");
  if (!club.events.length) {
    list.replaceChildren(h("li", { class: "hint", text: isAdmin() ? t("No events yet: create one below.") : t("No events yet.") }));
    return;
  }
  list.replaceChildren(
    ...[...club.events].reverse().map((event) =>
      h(
        "li",
        { "data-event": event.event, "data-status": event.status },
        h("div", { class: "what" }, h("a", { href: `/events/${encodeURIComponent(event.event)}`, text: event.name })),
        h("div", { class: "who", text: statusText(event.status) }),
      ),
    ),
  );
}

function showSeason() {
  const season = club && club.season;
  $("season-box").hidden = !season;
  if (!season) return;
  const about = [season.best === null ? t("Every event of a player counts.") : t("Each player's best {n} events count.", { n: season.best })];
  if (season.at_least > 0) about.push(t("A table counts when at least {n} of its players are members.", { n: season.at_least }));
  $("season-about").textContent = about.join(" ");
  const box = $("season");
  if (!season.standings.length) {
    box.replaceChildren(h("p", { class: "hint", text: t("No finished events yet.") }));
  } else {
    const head = h(
      "tr",
      {},
      h("th", { scope: "col", class: "num", text: t("Rank") }),
      h("th", { scope: "col", text: t("Player") }),
      h("th", { scope: "col", class: "num", text: t("Score") }),
      h("th", { scope: "col", class: "num", text: t("Events") }),
    );
    const body = h("tbody");
    for (const row of season.standings)
      body.append(
        h(
          "tr",
          { "data-name": row.name },
          h("td", { class: "num", text: String(row.rank) }),
          h("th", { scope: "row" }, playerLink(row.name)),
          h("td", { class: "num", text: String(row.score) }),
          h("td", { class: "num", text: String(row.events) }),
        ),
      );
    box.replaceChildren(h("div", { class: "table-wrap" }, h("table", { class: "standings-table", "data-season-standings": "" }, h("thead", {}, head), body)));
  }
  if (document.activeElement !== input("season-best")) input("season-best").value = season.best === null ? "" : String(season.best);
  if (document.activeElement !== input("season-at-least")) input("season-at-least").value = String(season.at_least);
  input("season-best").placeholder = t("all");
}

// ------------------------------------------------------------------ the admins' forms

/** Fills a game <select> keeping its choice (`fallback` at first). @param {HTMLSelectElement} el @param {string} [fallback] */
function fillGameSelect(el, fallback) {
  const before = el.value || fallback || "";
  el.replaceChildren(...games.map((g) => h("option", { value: g.name, text: g.title })));
  if (before && games.some((g) => g.name === before)) el.value = before;
}

/** The game chosen in a <select> of games. @param {string} id */
const chosenGame = (id) => games.find((g) => g.name === select(id).value) || games[0];

function fillForms() {
  if (!isAdmin() || !games.length) return;
  fillGameSelect(select("preset-game"));
  fillPresetRules(true);
  fillGameSelect(select("event-game"), CHAMPIONSHIP.game);
  fillEventGame(true);
  fillPlayers();
}

/** The preset form's rules for its game. @param {boolean} [keep] keep the rules and house rules chosen */
function fillPresetRules(keep = false) {
  const game = chosenGame("preset-game");
  if (!game) return;
  const base = select("preset-base");
  const before = keep ? base.value : "";
  base.replaceChildren(...game.presets.map((p) => h("option", { value: p.name, text: p.label })));
  if (before && game.presets.some((p) => p.name === before)) base.value = before;
  const box = $("preset-options");
  /** @type {Record<string, string>} */
  const values = {};
  if (keep) for (const el of box.querySelectorAll("[data-option]")) if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) values[el.id] = el.value;
  optionFields(box, game, "preset-opt");
  for (const el of box.querySelectorAll("[data-option]"))
    if ((el instanceof HTMLInputElement || el instanceof HTMLSelectElement) && el.id in values) el.value = values[el.id];
  fillPresetAbout();
}

function fillPresetAbout() {
  const game = chosenGame("preset-game");
  const preset = game && game.presets.find((p) => p.name === select("preset-base").value);
  $("preset-about").textContent = preset ? preset.description : "";
}

/** The event form's rules, bots and hints for its game. @param {boolean} [keep] keep the rules and bots chosen */
function fillEventGame(keep = false) {
  const game = chosenGame("event-game");
  if (!game || !club) return;
  const rules = select("event-rules");
  const before = keep ? rules.value : "";
  rules.replaceChildren(...game.presets.map((p) => h("option", { value: p.name, text: p.label })));
  for (const preset of club.presets)
    if (preset.game === game.name) rules.append(h("option", { value: preset.name, text: `${club.name}: ${preset.name}`, "data-club-preset": "" }));
  if (before && [...rules.options].some((o) => o.value === before)) rules.value = before;
  else if (game.name === CHAMPIONSHIP.game && game.presets.some((p) => p.name === CHAMPIONSHIP.preset)) rules.value = CHAMPIONSHIP.preset;
  const fill = select("event-fill");
  const fillBefore = keep ? fill.value : "";
  const levels = game.bots && game.bots.length ? game.bots : ["normal"];
  fill.replaceChildren(...levels.map((level) => h("option", { value: level, text: t(level) })));
  fill.value = fillBefore && levels.includes(fillBefore) ? fillBefore : levels.includes("normal") ? "normal" : levels[0];
  fillEventRulesAbout();
}

function fillEventRulesAbout() {
  const game = chosenGame("event-game");
  if (!game || !club) return;
  const chosen = select("event-rules").value;
  const own = game.presets.find((p) => p.name === chosen);
  const saved = club.presets.find((p) => p.game === game.name && p.name === chosen);
  const about = [own ? own.description : saved ? t("The rules saved by {club}: {rules}", { club: club.name, rules: rulesText(game, saved.rules) }) : ""];
  const championship = game.name === CHAMPIONSHIP.game && game.presets.find((p) => p.name === CHAMPIONSHIP.preset);
  const box = $("event-rules-about");
  box.replaceChildren(...about.filter(Boolean).map((text) => h("span", { class: "about-line", text })));
  if (championship)
    box.append(
      h("span", {
        class: "about-line", "data-championship": "",
        text: chosen === CHAMPIONSHIP.preset ? t("Online championships play these rules.") : t("Online championships play {rules}.", { rules: championship.label }),
      }),
    );
}

/** The members as checkboxes of the new event, all in but those left out before. */
function fillPlayers() {
  if (!club) return;
  const box = $("event-players");
  box.replaceChildren(
    ...club.members.map((member, i) => {
      const check = h("input", { type: "checkbox", id: `player-${i}`, name: "players", value: member.name, "data-player": member.name });
      check.checked = !leftOut.has(member.name);
      check.addEventListener("change", () => {
        if (check.checked) leftOut.delete(member.name);
        else leftOut.add(member.name);
        countPlayers();
      });
      return h("label", { class: "check", for: `player-${i}` }, check, h("span", { text: member.name }));
    }),
  );
  countPlayers();
}

/** The members checked for the new event. */
const chosenPlayers = () =>
  [...$("event-players").querySelectorAll("input[type=checkbox]")].filter((el) => el instanceof HTMLInputElement && el.checked).map((el) => /** @type {HTMLInputElement} */ (el).value);

function countPlayers() {
  $("players-count").textContent = t("Players chosen: {n}", { n: chosenPlayers().length });
}

/** @param {boolean} all */
function checkAll(all) {
  if (!club) return;
  leftOut.clear();
  if (!all) for (const member of club.members) leftOut.add(member.name);
  fillPlayers();
}

/**
 * A whole number of a form's input within [low, high] (null where it is empty and `empty` allows it),
 * or an Error naming the field.
 * @param {string} id @param {number} low @param {number} high @param {string} what the field's words @param {boolean} [empty]
 * @returns {number|null}
 */
function whole(id, low, high, what, empty = false) {
  const text = input(id).value.trim();
  if (text === "" && empty) return null;
  const n = Number(text);
  if (text === "" || !Number.isInteger(n) || n < low || n > high) {
    input(id).focus();
    throw new Error(t("{what}: a whole number from {low} to {high}.", { what, low, high }));
  }
  return n;
}

/** @param {SubmitEvent} event */
async function savePreset(event) {
  event.preventDefault();
  const error = $("preset-error");
  error.textContent = "";
  const name = input("preset-name").value.trim();
  if (!name) {
    error.textContent = t("Please fill in the preset's name.");
    input("preset-name").focus();
    return;
  }
  const body = { name, game: select("preset-game").value, rules: rulesOf(select("preset-base").value, $("preset-options")) };
  busy(event.submitter, true);
  try {
    await postJSON(`${api}/presets`, body);
    input("preset-name").value = "";
    await load();
  } catch (caught) {
    error.textContent = message(caught);
  }
  busy(event.submitter, false);
}

/** @param {SubmitEvent} event */
async function saveSeason(event) {
  event.preventDefault();
  const error = $("season-error");
  error.textContent = "";
  let body;
  try {
    body = {
      best: whole("season-best", 1, 100, t("Events that count"), true),
      at_least: whole("season-at-least", 0, 6, t("Members a table needs")),
    };
  } catch (caught) {
    error.textContent = message(caught);
    return;
  }
  busy(event.submitter, true);
  try {
    await postJSON(`${api}/season`, body);
    await load();
  } catch (caught) {
    error.textContent = message(caught);
  }
  busy(event.submitter, false);
}

/** Asks for a new password link of a member and shows it, once. @param {string} name */
async function resetLink(name) {
  const out = $("reset-out");
  out.replaceChildren();
  try {
    const answer = /** @type {{link: string}} */ (await postJSON(`${api}/reset`, { name }));
    out.replaceChildren(
      h("p", { class: "copy-label", text: t("New password link for {name}:", { name }) }),
      copyRow("reset-link", t("New password link for {name}", { name }), absolute(answer.link), { "data-reset-link": "" }),
      h("p", { class: "hint", text: t("It works once, within 24 hours: give it to {name} alone. It is shown only now.", { name }) }),
    );
  } catch (caught) {
    out.replaceChildren(h("p", { class: "error", role: "alert", text: message(caught) }));
  }
}

/** @param {SubmitEvent} event */
async function createEvent(event) {
  event.preventDefault();
  const error = $("event-error");
  error.textContent = "";
  const name = input("event-name").value.trim();
  if (!name) {
    error.textContent = t("Please fill in the event's name.");
    input("event-name").focus();
    return;
  }
  const players = chosenPlayers();
  if (!players.length) {
    error.textContent = t("Please choose the players.");
    return;
  }
  const format = $("event-form").querySelector("input[name=format]:checked");
  let body;
  try {
    body = {
      name,
      game: select("event-game").value,
      rules: select("event-rules").value,
      format: format instanceof HTMLInputElement ? format.value : "draw",
      sessions: whole("event-sessions", 1, 20, t("Sessions")),
      rounds: whole("event-rounds", 1, 100, t("Rounds per session")),
      players,
      fill: select("event-fill").value,
    };
  } catch (caught) {
    error.textContent = message(caught);
    return;
  }
  busy(event.submitter, true);
  try {
    const answer = /** @type {{event: string}} */ (await postJSON(`${api}/events`, body));
    location.href = `/events/${encodeURIComponent(answer.event)}`;
  } catch (caught) {
    error.textContent = message(caught);
    busy(event.submitter, false);
  }
}

/** @param {SubmitEvent} event */
async function join(event) {
  event.preventDefault();
  const error = $("join-error");
  const invite = input("join-code").value.trim();
  error.textContent = "";
  if (!invite) {
    error.textContent = t("Please fill in the invite code.");
    input("join-code").focus();
    return;
  }
  busy(event.submitter, true);
  try {
    await postJSON(`${api}/join`, { invite });
    history.replaceState(null, "", location.pathname);
    await load();
  } catch (caught) {
    error.textContent = statusOf(caught) === 403 ? t("That invite code does not open this club.") : message(caught);
  }
  busy(event.submitter, false);
}

// ------------------------------------------------------------------ the page

async function main() {
  await startPage(async () => {
    games = await loadGames();
    show();
    fillForms();
  });
  $("join-club").addEventListener("submit", join);
  $("preset-form").addEventListener("submit", savePreset);
  $("preset-game").addEventListener("change", () => fillPresetRules());
  $("preset-base").addEventListener("change", fillPresetAbout);
  $("season-form").addEventListener("submit", saveSeason);
  $("event-form").addEventListener("submit", createEvent);
  $("event-game").addEventListener("change", () => fillEventGame());
  $("event-rules").addEventListener("change", fillEventRulesAbout);
  $("players-all").addEventListener("click", () => checkAll(true));
  $("players-none").addEventListener("click", () => checkAll(false));
  [games, me] = await Promise.all([loadGames(), signedIn()]);
  await load();
}

main();
