// What the pages of clubs, events and players share: their start (words, language switch, the header's
// account), the parts of their address, the server's refusals, copy rows, the games' words and the
// standings table. Every text from the server goes in as text.

import { accountHref, showAccount } from "./account.js";
import { ApiError, copyText, getJSON } from "./api.js";
import { currentLang, languageSwitch, loadWords, t, translate } from "./i18n.js";
import { byId as $, h } from "./render.js";

/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").Rules} Rules */
/** @typedef {import("./types.js").Standing} Standing */
/** @typedef {import("./types.js").EventStatus} EventStatus */

/**
 * The page's words, its language switch (in `#tools`; `redraw` runs after a switch, to draw the page's
 * own texts again) and the header's account.
 * @param {(lang: string) => void} redraw
 */
export async function startPage(redraw) {
  await loadWords();
  translate();
  $("tools").append(languageSwitch(redraw));
  showAccount();
}

/** The `index`th part of the page's address (/clubs/{club}: 2 is the club), decoded. @param {number} index */
export function pathPart(index) {
  try {
    return decodeURIComponent(location.pathname.split("/")[index] || "");
  } catch {
    return "";
  }
}

/** The server's sentence of a refusal (or the Error's). @param {unknown} error */
export const message = (error) => String(error instanceof Error ? error.message : error);
/** A refusal's HTTP status (0: no answer). @param {unknown} error */
export const statusOf = (error) => (error instanceof ApiError ? error.status : 0);

/** Disables `button` while a request is under way. @param {Element|null} button @param {boolean} busy */
export function busy(button, busy) {
  if (button instanceof HTMLButtonElement) button.disabled = busy;
}

/**
 * A row of a read-only text (a code, a link) and a button that copies it, "Copied" for a moment.
 * @param {string} id the input's id @param {string} label what the text is (its input's label)
 * @param {string} value @param {Record<string, string>} [attrs] more attributes of the row
 */
export function copyRow(id, label, value, attrs = {}) {
  const input = h("input", { id, type: "text", readonly: true, value, "aria-label": label, spellcheck: "false" });
  input.addEventListener("focus", () => input.select());
  const button = h("button", { type: "button", "data-copy": "", text: t("Copy") });
  button.addEventListener("click", async () => {
    const ok = await copyText(value);
    button.textContent = ok ? t("Copied") : t("Copy");
    if (!ok) input.select();
    window.setTimeout(() => (button.textContent = t("Copy")), 2000);
  });
  return h("div", { class: "invite", ...attrs }, input, button);
}

/** A sentence and the links to sign in and sign up, coming back to this page. @param {string} sentence */
export function signInNote(sentence) {
  return h(
    "div",
    { class: "sign-in-note", "data-sign-in-note": "" },
    h("p", { text: sentence }),
    h(
      "p",
      { class: "top-links" },
      h("a", { class: "button primary", href: accountHref("/login"), text: t("Sign in") }),
      h("a", { class: "button", href: accountHref("/signup"), text: t("Sign up") }),
    ),
  );
}

/** @type {Map<string, Promise<Game[]>>} */
const gamesByLang = new Map();
/** The games of GET /api/games in the page's language (none where the server does not answer). */
export function loadGames() {
  const lang = currentLang();
  let games = gamesByLang.get(lang);
  if (!games) {
    games = getJSON(`/api/games?lang=${encodeURIComponent(lang)}`)
      .then((answer) => /** @type {import("./types.js").GamesAnswer} */ (answer).games || [])
      .catch(() => /** @type {Game[]} */ ([]));
    gamesByLang.set(lang, games);
  }
  return games;
}

/** A game's title (its name where the games are not known). @param {Game[]} games @param {string} name */
export const gameTitle = (games, name) => (games.find((g) => g.name === name) || { title: name }).title;

/**
 * Rules in words: a preset's label (a club's preset by its name), with "+ house rules" and the changed
 * rules for an object.
 * @param {Game|undefined} game @param {Rules} rules
 */
export function rulesText(game, rules) {
  const name = typeof rules === "string" ? rules : String(rules.preset ?? "");
  const preset = game && game.presets.find((p) => p.name === name);
  const label = preset ? preset.label : name;
  if (typeof rules === "string") return label;
  const changed = Object.entries(rules)
    .filter(([key]) => key !== "preset")
    .map(([key, value]) => {
      const option = game && game.options.find((o) => o.name === key);
      const shown =
        value === true ? t("yes") : value === false ? t("no") : (option && option.choice_labels?.[String(value)]) || String(value);
      return `${option ? option.label : key}: ${shown}`;
    });
  return changed.length ? `${label} + ${t("house rules")} (${changed.join(", ")})` : label;
}

/** An event's status in words. @param {EventStatus|string} status */
export function statusText(status) {
  if (status === "registered") return t("not started yet");
  if (status === "playing") return t("playing");
  if (status === "over") return t("finished");
  return status;
}

/** A member's role in a club in words. @param {string} role */
export const roleText = (role) => (role === "admin" ? t("admin") : role === "member" ? t("member") : role);

/** An event's format in words. @param {string} format */
export function formatText(format) {
  if (format === "draw") return t("Draw");
  if (format === "duplicate") return t("Duplicate");
  return format;
}

/** A link to a player's page. @param {string} name */
export const playerLink = (name) => h("a", { href: `/players/${encodeURIComponent(name)}`, text: name });

/**
 * An event's standings as a table (`data-standings`, a row `data-name` per player): rank, player,
 * points, matchpoints where any row has them, rounds.
 * @param {Standing[]} rows @param {{links?: boolean, caption?: string}} [how]
 */
export function standingsTable(rows, how = {}) {
  const matchpoints = rows.some((row) => typeof row.matchpoints === "number");
  const table = h("table", { class: "standings-table", "data-standings": "" });
  if (how.caption) table.append(h("caption", { text: how.caption }));
  const head = h("tr", {}, h("th", { scope: "col", class: "num", text: t("Rank") }), h("th", { scope: "col", text: t("Player") }));
  if (matchpoints) head.append(h("th", { scope: "col", class: "num", text: t("Matchpoints") }));
  head.append(h("th", { scope: "col", class: "num", text: t("Points") }), h("th", { scope: "col", class: "num", text: t("Rounds") }));
  const body = h("tbody");
  for (const row of rows) {
    const tr = h("tr", { "data-name": row.name });
    tr.append(h("td", { class: "num", text: String(row.rank) }));
    tr.append(h("th", { scope: "row" }, how.links === false ? row.name : playerLink(row.name)));
    if (matchpoints) tr.append(h("td", { class: "num", text: String(row.matchpoints ?? "") }));
    tr.append(h("td", { class: "num", text: String(row.points) }), h("td", { class: "num", text: String(row.rounds) }));
    body.append(tr);
  }
  table.append(h("thead", {}, head), body);
  return h("div", { class: "table-wrap" }, table);
}

/** A definition list of facts: [term, description] pairs (a description may be an element). @param {[string, string|Node][]} pairs */
export function facts(pairs) {
  const dl = h("dl", { class: "facts" });
  for (const [term, value] of pairs) dl.append(h("dt", { text: term }), h("dd", {}, value));
  return dl;
}
