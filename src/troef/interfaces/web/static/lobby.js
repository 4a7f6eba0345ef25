// The lobby: create a table from GET /api/games (game, rules, house rules, players, rounds, seats), list
// the listed tables to join or watch, remember the name. Signed in, the rules offered are also the
// presets of the player's clubs (GET /api/clubs) for the game, "club: preset", sent by their name, and the
// table may be rated (`[data-rated]`: `"rated": true`, clubs.md "Ratings").

import { showAccount, signedIn } from "./account.js";
import { getJSON, keepInvite, keepToken, postJSON, store, tokenFor } from "./api.js";
import { optionFields, rulesOf } from "./houserules.js";
import { currentLang, languageSwitch, loadWords, t, translate } from "./i18n.js";
import { rulesText as rulesWords } from "./pages.js";
import { byId as $, h } from "./render.js";

/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").ClubEntry} ClubEntry */

/** @type {Game[]} */
let games = [];
/** The player's clubs (none when not signed in). @type {ClubEntry[]} */
let clubs = [];
/** An <input> of the page, by its id. @param {string} id */
const inputById = (id) => $(id, HTMLInputElement);
/** A <select> of the page, by its id. @param {string} id */
const selectById = (id) => $(id, HTMLSelectElement);

const game = () => games.find((g) => g.name === selectById("game").value) || games[0];

function fillGames() {
  const select = selectById("game");
  const kept = store.get("troef.game");
  select.replaceChildren(...games.map((g) => h("option", { value: g.name, text: g.title })));
  if (kept && games.some((g) => g.name === kept)) select.value = kept;
  fillGame();
}

/** The game's presets, then its presets of the player's clubs ("club: preset", `data-club-preset`). */
function fillPresets() {
  const g = game();
  const select = selectById("preset");
  const before = select.value;
  select.replaceChildren(...g.presets.map((p) => h("option", { value: p.name, text: p.label })));
  for (const club of clubs)
    for (const preset of club.presets || [])
      if (preset.game === g.name)
        select.append(h("option", { value: preset.name, text: `${club.name}: ${preset.name}`, "data-club-preset": club.club }));
  if (before && [...select.options].some((o) => o.value === before)) select.value = before;
}

/** The club preset chosen, or null for one of the game's own. */
function clubPreset() {
  const option = selectById("preset").selectedOptions[0];
  const id = option && option.dataset.clubPreset;
  if (!option || !id) return null;
  const club = clubs.find((c) => c.club === id);
  const preset = club && club.presets.find((p) => p.name === option.value && p.game === game().name);
  return club && preset ? { club, preset } : null;
}

function fillGame() {
  const g = game();
  selectById("preset").replaceChildren();
  fillPresets();
  const players = selectById("players");
  const options = [];
  for (let n = g.players.min; n <= g.players.max; n++) options.push(h("option", { value: n, text: String(n) }));
  players.replaceChildren(...options);
  players.value = String(g.players.default);
  inputById("rounds").value = "";
  inputById("rounds").placeholder = String(g.rounds);
  fillPreset();
  fillOptions();
  fillSeats();
}

function fillPreset() {
  const g = game();
  const chosen = clubPreset();
  // A club's preset is its rules as saved: no house rules on top of them.
  $("options-box").hidden = !!chosen;
  if (chosen) {
    $("preset-about").textContent = t("The rules saved by {club}: {rules}", { club: chosen.club.name, rules: rulesWords(g, chosen.preset.rules) });
    return;
  }
  const preset = g.presets.find((p) => p.name === selectById("preset").value);
  $("preset-about").textContent = preset ? preset.description : "";
}

function fillOptions() {
  optionFields($("options"), game());
}

function fillSeats() {
  const g = game();
  const n = Number(selectById("players").value);
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  const bot = g.bots.includes("normal") ? "normal" : g.bots[0];
  for (let i = 0; i < n; i++) {
    const select = h("select", { id: `seat-${i}`, name: `seat-${i}`, "data-seat-kind": i });
    select.append(h("option", { value: "you", text: t("you") }));
    select.append(h("option", { value: "open", text: t("open: a friend joins with the invite link") }));
    for (const kind of g.bots) select.append(h("option", { value: `bot:${kind}`, text: t("bot: {level}", { level: t(kind) }) }));
    select.value = before[i] && [...select.options].some((o) => o.value === before[i]) ? before[i] : i === 0 ? "you" : `bot:${bot}`;
    select.addEventListener("change", () => {
      if (select.value !== "you") return;
      for (const other of box.querySelectorAll("select")) if (other !== select && other.value === "you") other.value = "open";
    });
    box.append(h("div", { class: "seat-row" }, h("label", { for: `seat-${i}`, text: t("Seat {n}", { n: i }) }), select));
  }
}

/** The rules: a club preset's name, the preset's name, or the preset with the changed house rules. */
function rules() {
  const preset = selectById("preset").value;
  return clubPreset() ? preset : rulesOf(preset, $("options"));
}

/** @param {SubmitEvent} event */
async function create(event) {
  event.preventDefault();
  const error = $("create-error");
  error.textContent = "";
  const name = inputById("name").value.trim();
  const seats = [...$("seats").querySelectorAll("select")].map((s) => {
    if (s.value === "you") return { kind: "human", name: name || t("Player") };
    if (s.value === "open") return { kind: "open" };
    return { kind: "bot", bot: s.value.slice(4) };
  });
  if (seats.some((s) => s.kind === "human") && !name) {
    error.textContent = t("Please fill in your name.");
    $("name").focus();
    return;
  }
  if (name) store.set("troef.name", name);
  store.set("troef.game", game().name);
  /** @type {Record<string, unknown>} */
  const body = { game: game().name, rules: rules(), players: Number(selectById("players").value), seats, listed: inputById("listed").checked, absent: selectById("absent").value, hints: inputById("hints").checked };
  const rounds = inputById("rounds").value.trim();
  if (rounds) body.rounds = parseInt(rounds, 10);
  if (!$("rated-row").hidden && inputById("rated").checked) body.rated = true;
  const button = document.querySelector("[data-create]");
  button && button.setAttribute("disabled", "");
  try {
    const answer = /** @type {import("./types.js").Seated} */ (await postJSON("/api/tables", body));
    if (answer.invite) keepInvite(answer.table, answer.invite);
    if (answer.seats && answer.seats.length) keepToken(answer.table, answer.seats[0].token);
    location.href = `/tables/${encodeURIComponent(answer.table)}`;
  } catch (e) {
    error.textContent = String(/** @type {Error} */ (e).message);
    button && button.removeAttribute("disabled");
  }
}

async function listTables() {
  const list = $("tables");
  let answer;
  try {
    answer = /** @type {import("./types.js").TablesAnswer} */ (await getJSON("/api/tables"));
  } catch {
    list.replaceChildren(h("li", { class: "hint", text: t("The list of tables is not available.") }));
    return;
  }
  const tables = answer.tables || [];
  if (!tables.length) {
    list.replaceChildren(h("li", { class: "hint", text: t("No open tables right now. Create one!") }));
    return;
  }
  list.replaceChildren(
    ...tables.map((table) => {
      const game = games.find((g) => g.name === table.game);
      const title = game ? game.title : table.game;
      const who = table.seats
        .map((s) => (s.kind === "open" ? t("open seat") : s.kind === "bot" ? t("bot: {level}", { level: t(s.bot || "") }) : s.name))
        .join(" · ");
      const go = h("div", { class: "go" });
      if (tokenFor(table.id)) go.append(h("a", { class: "button primary", href: `/tables/${encodeURIComponent(table.id)}`, text: t("Back to your seat") }));
      else if (table.open > 0 && table.invite) go.append(h("a", { class: "button primary", href: table.invite, "data-join-link": "", text: t("Join") }));
      go.append(h("a", { class: "button", href: table.watch || `/tables/${encodeURIComponent(table.id)}`, text: t("Watch") }));
      const status = table.status === "waiting" ? t("waiting for {n} more", { n: table.open }) : t("playing");
      return h(
        "li",
        { "data-table": table.id },
        h("div", { class: "what" }, `${title} · ${rulesText(game, table.rules)} · ${status}`),
        h("div", { class: "who", text: who }),
        go,
      );
    }),
  );
}

/**
 * A table's rules (a preset's name, or the preset with house rules) in words.
 * @param {Game|undefined} game @param {import("./types.js").Rules} rules
 */
function rulesText(game, rules) {
  const name = typeof rules === "string" ? rules : rules.preset;
  const preset = game && game.presets.find((p) => p.name === name);
  const label = preset ? preset.label : name || "";
  return typeof rules === "string" ? label : `${label} + ${t("house rules")}`;
}

/** The games in the page's language. */
const loadGames = async () =>
  /** @type {import("./types.js").GamesAnswer} */ (await getJSON(`/api/games?lang=${encodeURIComponent(currentLang())}`)).games;

/** The player's clubs and their presets (none when not signed in), offered among the rules. */
async function loadClubs() {
  try {
    const answer = /** @type {import("./types.js").ClubsAnswer} */ (await getJSON("/api/clubs"));
    clubs = (answer && answer.clubs) || [];
  } catch {
    clubs = [];
  }
  if (!clubs.length || !games.length) return;
  fillPresets();
  fillPreset();
}

async function main() {
  await loadWords();
  translate();
  showAccount();
  $("tools").append(
    languageSwitch(async () => {
      const chosen = selectById("game").value;
      games = await loadGames().catch(() => games);
      fillGames();
      selectById("game").value = chosen;
      fillGame();
      listTables();
    }),
  );
  inputById("name").value = store.get("troef.name") || "";
  try {
    games = await loadGames();
  } catch (e) {
    $("create-error").textContent = String(/** @type {Error} */ (e).message);
    return;
  }
  fillGames();
  loadClubs();
  signedIn().then((name) => ($("rated-row").hidden = name === null));
  $("game").addEventListener("change", fillGame);
  $("preset").addEventListener("change", fillPreset);
  $("players").addEventListener("change", fillSeats);
  $("create").addEventListener("submit", create);
  $("refresh").addEventListener("click", listTables);
  listTables();
  setInterval(() => {
    if (document.visibilityState === "visible") listTables();
  }, 10000);
}

main();

