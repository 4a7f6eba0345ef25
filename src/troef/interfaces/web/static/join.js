// /join/{id}/{code}: ask for a name, take a seat with the invite code, go to the table.

import { showAccount } from "./account.js";
import { getJSON, keepInvite, keepToken, postJSON, store, tokenFor } from "./api.js";
import { currentLang, languageSwitch, loadWords, t, translate } from "./i18n.js";
import { byId as $, h } from "./render.js";

/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").TableInfo} TableInfo */

const [, , id, code] = location.pathname.split("/").map(decodeURIComponent);
const tableUrl = `/tables/${encodeURIComponent(id)}`;

/** @type {TableInfo|null} */
let info = null;
/** @type {Game|null} */
let game = null;

/**
 * The table's game in the page's language, from GET /api/games?lang= (null if it is not listed).
 * @param {TableInfo} info
 */
async function loadGame(info) {
  const answer = /** @type {import("./types.js").GamesAnswer} */ (await getJSON(`/api/games?lang=${encodeURIComponent(currentLang())}`));
  game = answer.games.find((g) => g.name === info.game) || null;
}

/** A value of `option` in words. @param {import("./types.js").Option} option @param {unknown} value */
function valueText(option, value) {
  if (value === true) return t("yes");
  if (value === false) return t("no");
  return (option.choice_labels && option.choice_labels[String(value)]) || String(value);
}

/**
 * The rules in words: the preset (its label and description) and the house rules that differ from it.
 * @param {TableInfo} info
 */
function rulesFacts(info) {
  const { preset: name, ...changed } = typeof info.rules === "string" ? { preset: info.rules } : info.rules;
  const preset = game && game.presets.find((p) => p.name === name);
  const rules = preset ? `${preset.label} — ${preset.description}` : name;
  const house = Object.entries(changed).map(([key, value]) => {
    const option = game && game.options.find((o) => o.name === key);
    return option ? `${option.label}: ${valueText(option, value)}` : `${key}: ${value}`;
  });
  return { rules, house };
}

/** The table: its game, rules, house rules, rounds and seats. */
function describe() {
  if (!info) return;
  const names = info.seats.map((s) => (s.kind === "open" ? t("open seat") : s.kind === "bot" ? t("bot: {level}", { level: t(s.bot || "") }) : s.name));
  const open = info.seats.filter((s) => s.kind === "open").length;
  const { rules, house } = rulesFacts(info);
  const facts = [
    ["game", t("Game"), game ? game.title : info.game],
    ["rules", t("Rules"), rules],
    ...(house.length ? [["house-rules", t("House rules"), house.join(" · ")]] : []),
    ["rounds", t("Rounds"), String(info.rounds)],
    ["seats", t("Seats"), `${names.join(" · ")} · ${open ? t("waiting for {n} more", { n: open }) : t("No open seat left.")}`],
  ];
  $("about").replaceChildren(...facts.flatMap(([key, term, text]) => [h("dt", { text: term }), h("dd", { "data-about": key, text })]));
}

/** @param {SubmitEvent} event */
async function join(event) {
  event.preventDefault();
  const name = $("name", HTMLInputElement).value.trim();
  if (!name) {
    $("error").textContent = t("Please fill in your name.");
    $("name").focus();
    return;
  }
  store.set("troef.name", name);
  const button = document.querySelector("[data-join]");
  button && button.setAttribute("disabled", "");
  try {
    const answer = /** @type {{token: string}} */ (await postJSON(`/api/tables/${encodeURIComponent(id)}/join`, { name, invite: code }));
    keepToken(id, answer.token);
    keepInvite(id, `/join/${encodeURIComponent(id)}/${encodeURIComponent(code)}`);
    location.href = tableUrl;
  } catch (error) {
    $("error").textContent = String(/** @type {Error} */ (error).message);
    button && button.removeAttribute("disabled");
  }
}

async function main() {
  await loadWords();
  translate();
  showAccount();
  $("tools").append(
    languageSwitch(async () => {
      if (info) await loadGame(info).catch(() => {});
      describe();
    }),
  );
  $("watch", HTMLAnchorElement).href = tableUrl;
  $("name", HTMLInputElement).value = store.get("troef.name") || "";
  if (tokenFor(id)) {
    const back = document.createElement("a");
    back.className = "button primary";
    back.href = tableUrl;
    back.textContent = t("Back to your seat");
    $("watch").before(back);
  }
  $("join").addEventListener("submit", join);
  try {
    info = /** @type {TableInfo} */ (await getJSON(`/api/tables/${encodeURIComponent(id)}`));
    await loadGame(info).catch(() => {});
    describe();
  } catch (error) {
    $("error").textContent = String(/** @type {Error} */ (error).message);
  }
}

main();
