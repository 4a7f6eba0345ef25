// /players/{name}: a player (GET /api/players/{name}): the rating per game (mu - 3 sigma, and mu ± sigma),
// its history drawn as an SVG plot by this page (`svg[data-rating-plot]`: a line per game, x the game's
// rated match number, y the rating), the events played with their ranks, and the statistics per game
// (Rikken's contracts bid and made by kind).

import { getJSON } from "./api.js";
import { currentLang, t } from "./i18n.js";
import { gameTitle, loadGames, message, pathPart, startPage, statusOf } from "./pages.js";
import { byId as $, h } from "./render.js";

/** @typedef {import("./types.js").PlayerAnswer} PlayerAnswer */
/** @typedef {import("./types.js").GameStats} GameStats */

const playerName = pathPart(2);
/** The lines' colours, a game each (in the order of the games' first rated match). */
const COLOURS = ["#1f6f46", "#c8102e", "#1259b8", "#b26a00", "#6b3fa0", "#00838f"];
const SVG = "http://www.w3.org/2000/svg";

/** @type {PlayerAnswer|null} */
let player = null;
/** @type {import("./types.js").Game[]} */
let games = [];

/** The history box's width when the plot was drawn (drawn again when it changes). */
let drawnWidth = 0;

/** A number with two decimals. @param {number} n */
const two = (n) => (Number.isFinite(n) ? n.toFixed(2) : "–");

// ------------------------------------------------------------------ the plot

/**
 * An SVG element (`text` as its text, never markup).
 * @param {string} tag @param {Record<string, string|number>} [attrs] @param {string} [text]
 */
function svg(tag, attrs = {}, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** About `count` round steps (1, 2 or 5 times a power of ten) over [low, high]. @param {number} low @param {number} high @param {number} count */
function ticks(low, high, count) {
  const span = high - low || 1;
  const rough = span / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => span / s <= count) || 10 * power;
  const found = [];
  for (let v = Math.ceil(low / step) * step; v <= high + step / 1e6; v += step) found.push(Math.round(v / step) * step);
  return found;
}

/**
 * The rating history as an SVG plot `W` wide (the width it is shown at: its words keep their size), with
 * its legend: a line per game.
 * @param {Map<string, {n: number, rating: number}[]>} lines the points of each game @param {number} W
 */
function plot(lines, W) {
  const H = W < 520 ? 240 : 300;
  const left = 52;
  const right = 16;
  const top = 14;
  const bottom = 44;
  const points = [...lines.values()].flat();
  const most = Math.max(2, ...points.map((p) => p.n));
  let low = Math.min(...points.map((p) => p.rating));
  let high = Math.max(...points.map((p) => p.rating));
  const pad = Math.max((high - low) * 0.08, 0.5);
  low -= pad;
  high += pad;
  const x = (/** @type {number} */ n) => left + ((n - 1) / (most - 1)) * (W - left - right);
  const y = (/** @type {number} */ v) => top + ((high - v) / (high - low)) * (H - top - bottom);
  const chart = svg("svg", {
    viewBox: `0 0 ${W} ${H}`, class: "rating-plot", role: "img", "data-rating-plot": "",
    "aria-label": t("Rating after each rated match, a line per game"),
  });
  chart.append(svg("title", {}, t("Rating after each rated match, a line per game")));
  const axes = svg("g", { class: "axes" });
  for (const v of ticks(low, high, 5)) {
    axes.append(svg("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), class: "grid" }));
    axes.append(svg("text", { x: left - 6, y: y(v), "text-anchor": "end", "dominant-baseline": "middle" }, String(Number(v.toFixed(2)))));
  }
  for (const n of ticks(1, most, W < 520 ? 4 : 6).filter((n) => Number.isInteger(n) && n >= 1)) {
    axes.append(svg("line", { x1: x(n), x2: x(n), y1: H - bottom, y2: H - bottom + 5, class: "tick" }));
    axes.append(svg("text", { x: x(n), y: H - bottom + 18, "text-anchor": "middle" }, String(n)));
  }
  axes.append(svg("line", { x1: left, x2: W - right, y1: H - bottom, y2: H - bottom, class: "axis" }));
  axes.append(svg("line", { x1: left, x2: left, y1: top, y2: H - bottom, class: "axis" }));
  axes.append(svg("text", { x: (left + W - right) / 2, y: H - 6, "text-anchor": "middle", class: "axis-label" }, t("Rated match")));
  axes.append(
    svg("text", { x: 14, y: (top + H - bottom) / 2, "text-anchor": "middle", class: "axis-label", transform: `rotate(-90 14 ${(top + H - bottom) / 2})` }, t("Rating")),
  );
  chart.append(axes);
  const legend = h("ul", { class: "plot-legend" });
  [...lines].forEach(([game, line], i) => {
    const colour = COLOURS[i % COLOURS.length];
    const group = svg("g", { class: "plot-line", "data-game": game, stroke: colour, fill: colour });
    group.append(svg("polyline", { points: line.map((p) => `${x(p.n).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" "), fill: "none", "stroke-width": 2.5 }));
    for (const p of line) {
      const dot = svg("circle", { cx: x(p.n).toFixed(1), cy: y(p.rating).toFixed(1), r: 3.5 });
      dot.append(svg("title", {}, `${gameTitle(games, game)}: ${t("match {n}", { n: p.n })}, ${two(p.rating)}`));
      group.append(dot);
    }
    chart.append(group);
    legend.append(h("li", {}, h("span", { class: "swatch", style: `background:${colour}`, "aria-hidden": "true" }), gameTitle(games, game)));
  });
  return [chart, legend];
}

// ------------------------------------------------------------------ the page

function showRatings() {
  if (!player) return;
  const entries = Object.entries(player.ratings || {});
  const box = $("ratings");
  if (!entries.length) {
    box.replaceChildren(h("p", { class: "hint", text: t("No rated matches yet.") }));
    return;
  }
  const head = h(
    "tr",
    {},
    h("th", { scope: "col", text: t("Game") }),
    h("th", { scope: "col", class: "num", text: t("Rating") }),
    h("th", { scope: "col", class: "num", text: t("Skill ± uncertainty") }),
    h("th", { scope: "col", class: "num", text: t("Matches") }),
  );
  const body = h("tbody");
  for (const [game, rating] of entries)
    body.append(
      h(
        "tr",
        { "data-game": game },
        h("th", { scope: "row", text: gameTitle(games, game) }),
        h("td", { class: "num rating", text: two(rating.rating) }),
        h("td", { class: "num", text: `${two(rating.mu)} ± ${two(rating.sigma)}` }),
        h("td", { class: "num", text: rating.matches === undefined ? "" : String(rating.matches) }),
      ),
    );
  box.replaceChildren(h("div", { class: "table-wrap" }, h("table", { class: "standings-table" }, h("thead", {}, head), body)));
}

function showHistory() {
  if (!player) return;
  const box = $("history");
  const history = [...(player.history || [])].sort((a, b) => a.at - b.at);
  if (!history.length) {
    box.replaceChildren(h("p", { class: "hint", text: t("No rated matches yet.") }));
    return;
  }
  /** @type {Map<string, {n: number, rating: number}[]>} */
  const lines = new Map();
  for (const entry of history) {
    const line = lines.get(entry.game) || [];
    line.push({ n: line.length + 1, rating: entry.rating });
    lines.set(entry.game, line);
  }
  const width = Math.round(Math.min(760, Math.max(300, box.clientWidth || 640)));
  drawnWidth = box.clientWidth;
  const [chart, legend] = plot(lines, width);
  const rows = h("tbody");
  const counts = new Map();
  for (const entry of history) {
    const n = (counts.get(entry.game) || 0) + 1;
    counts.set(entry.game, n);
    const where = entry.event
      ? h("a", { href: `/events/${encodeURIComponent(entry.event)}`, text: t("event") })
      : h("a", { href: `/tables/${encodeURIComponent(entry.table)}`, text: t("table") });
    rows.append(
      h(
        "tr",
        {},
        h("td", { text: gameTitle(games, entry.game) }),
        h("td", { class: "num", text: String(n) }),
        h("td", { text: new Date(entry.at * 1000).toLocaleDateString(currentLang()) }),
        h("td", { class: "num", text: two(entry.rating) }),
        h("td", { class: "num", text: `${two(entry.mu)} ± ${two(entry.sigma)}` }),
        h("td", {}, where),
      ),
    );
  }
  const head = h(
    "tr",
    {},
    h("th", { scope: "col", text: t("Game") }),
    h("th", { scope: "col", class: "num", text: t("Rated match") }),
    h("th", { scope: "col", text: t("Date") }),
    h("th", { scope: "col", class: "num", text: t("Rating") }),
    h("th", { scope: "col", class: "num", text: t("Skill ± uncertainty") }),
    h("th", { scope: "col", text: t("Played at") }),
  );
  box.replaceChildren(
    h("div", { class: "plot-wrap" }, chart),
    legend,
    h(
      "details",
      { class: "plot-numbers" },
      h("summary", { text: t("The numbers") }),
      h("div", { class: "table-wrap" }, h("table", { class: "standings-table" }, h("thead", {}, head), rows)),
    ),
  );
}

function showEvents() {
  if (!player) return;
  const list = $("events");
  if (!(player.events || []).length) {
    list.replaceChildren(h("li", { class: "hint", text: t("No events yet.") }));
    return;
  }
  list.replaceChildren(
    ...player.events.map((event) =>
      h(
        "li",
        { "data-event": event.event },
        h("a", { href: `/events/${encodeURIComponent(event.event)}`, text: event.name }),
        " · ",
        h("span", { class: "rank", text: typeof event.rank === "number" ? t("rank {n}", { n: event.rank }) : t("not ranked yet") }),
      ),
    ),
  );
}

/** A game's statistics: tables, rounds, points, points per round, and the contracts by kind. @param {string} game @param {GameStats} stats */
function gameStats(game, stats) {
  const section = h("section", { class: "game-stats", "data-game": game });
  section.append(h("h3", { text: gameTitle(games, game) }));
  const dl = h("dl", { class: "facts" });
  /** @type {[string, string][]} */
  const pairs = [
    [t("Tables"), String(stats.tables)],
    [t("Rounds"), String(stats.rounds)],
    [t("Points"), String(stats.points)],
    [t("Points per round"), two(stats.points_per_round)],
  ];
  for (const [term, value] of pairs) dl.append(h("dt", { text: term }), h("dd", { text: value }));
  section.append(dl);
  const kinds = stats.kinds || [];
  if (kinds.length) {
    const head = h(
      "tr",
      {},
      h("th", { scope: "col", text: t("Contract") }),
      h("th", { scope: "col", class: "num", text: t("Bid") }),
      h("th", { scope: "col", class: "num", text: t("Made") }),
      h("th", { scope: "col", class: "num", text: t("Made %") }),
    );
    const body = h("tbody");
    for (const kind of kinds)
      body.append(
        h(
          "tr",
          { "data-kind": kind.kind },
          h("th", { scope: "row", text: kind.label || kind.kind }),
          h("td", { class: "num", text: String(kind.bid) }),
          h("td", { class: "num", text: String(kind.made) }),
          h("td", { class: "num", text: kind.bid ? `${Math.round((100 * kind.made) / kind.bid)}%` : "–" }),
        ),
      );
    section.append(
      h("div", { class: "table-wrap" }, h("table", { class: "standings-table" }, h("caption", { text: t("Contracts bid and made") }), h("thead", {}, head), body)),
    );
  }
  return section;
}

function showStats() {
  if (!player) return;
  const entries = Object.entries(player.stats || {});
  const box = $("stats");
  if (!entries.length) {
    box.replaceChildren(h("p", { class: "hint", text: t("No tables played yet.") }));
    return;
  }
  box.replaceChildren(...entries.map(([game, stats]) => gameStats(game, stats)));
}

function show() {
  if (!player) return;
  $("player-name").textContent = player.name;
  $("player-name").removeAttribute("data-i18n");
  document.title = `${player.name} · troef`;
  $("player").hidden = false;
  showRatings();
  showHistory();
  showEvents();
  showStats();
}

async function main() {
  await startPage(async () => {
    games = await loadGames();
    show();
  });
  games = await loadGames();
  let resizing = 0;
  window.addEventListener("resize", () => {
    window.clearTimeout(resizing);
    resizing = window.setTimeout(() => {
      if (Math.abs($("history").clientWidth - drawnWidth) > 20) showHistory();
    }, 200);
  });
  try {
    player = /** @type {PlayerAnswer} */ (await getJSON(`/api/players/${encodeURIComponent(playerName)}?lang=${currentLang()}`));
  } catch (caught) {
    $("load-error").replaceChildren(
      h("p", { class: "error", text: statusOf(caught) === 404 ? t("There is no player of this name.") : message(caught) }),
    );
    return;
  }
  show();
}

main();
