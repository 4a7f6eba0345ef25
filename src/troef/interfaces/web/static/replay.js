// The replay of a finished round: every step with all hands face up, the step's lines and the trick, the
// fair-deal check the server made, the record to download, and on request the round's analysis: each seat's
// points lost and its marked moments (`[data-moment]`, the one of the step shown `aria-current`), each a
// link to its step. /tables/{id}/replay#n opens round n (counted from 1,
// as people count; the API counts from 0).

import { showAccount } from "./account.js";
import { getJSON } from "./api.js";
import { cardElement } from "./cards.js";
import { currentLang, languageSwitch, loadWords, t, translate } from "./i18n.js";
import { byId as $, h, lineNode, lineText, partsNode, resultNode } from "./render.js";

/** @typedef {import("./types.js").Replay} Replay */
/** @typedef {import("./types.js").RoundAnalysis} RoundAnalysis */

const id = decodeURIComponent(location.pathname.split("/")[2] || "");
/** @type {Replay|null} */
let replay = null;
let step = 0;
/** @type {number[]} */
let finished = [];
/** The analysis of the round shown, once asked for. @type {RoundAnalysis|null} */
let analysis = null;

/** Where seat i of n sits, as on the table. @param {number} i @param {number} n @param {number} rx @param {number} ry */
function place(i, n, rx, ry) {
  const angle = (2 * Math.PI * i) / n;
  return { x: 50 - rx * Math.sin(angle), y: 50 + ry * Math.cos(angle) };
}

function wantedRound() {
  const k = parseInt(location.hash.slice(1), 10) - 1;
  if (Number.isInteger(k) && finished.includes(k)) return k;
  return finished.length ? finished[finished.length - 1] : 0;
}

async function load() {
  const k = wantedRound();
  try {
    replay = /** @type {Replay} */ (await getJSON(`/api/tables/${encodeURIComponent(id)}/rounds/${k}?lang=${currentLang()}`));
    $("error").textContent = "";
  } catch (error) {
    replay = null;
    $("error").textContent = String(/** @type {Error} */ (error).message);
    return;
  }
  step = Math.min(step, replay.steps.length - 1);
  analysis = null;
  render();
}

async function analyse() {
  const button = $("analyse", HTMLButtonElement);
  const body = $("analysis-body");
  button.disabled = true;
  body.replaceChildren(h("p", { class: "hint", text: t("Weighing every decision…") }));
  try {
    const k = wantedRound();
    analysis = /** @type {RoundAnalysis} */ (await getJSON(`/api/tables/${encodeURIComponent(id)}/rounds/${k}/analysis?lang=${currentLang()}`));
  } catch (error) {
    body.replaceChildren(h("p", { class: "error", text: String(/** @type {Error} */ (error).message) }));
    button.disabled = false;
    return;
  }
  render();
}

/** A points figure as people read it: one decimal. @param {number} points */
const points = (points) => points.toLocaleString(currentLang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The marks' words, worst first. @returns {[string, string][]} */
const markWords = () => [["blunder", t("blunder")], ["mistake", t("mistake")], ["inaccuracy", t("inaccuracy")]];

function renderAnalysis() {
  const body = $("analysis-body");
  $("analyse", HTMLButtonElement).hidden = analysis !== null;
  $("analyse", HTMLButtonElement).disabled = false;
  if (!analysis) {
    body.replaceChildren();
    return;
  }
  const seats = h("ul", { class: "analysis-seats" });
  for (const seat of analysis.seats) {
    const [blunders, mistakes, inaccuracies] = ["blunder", "mistake", "inaccuracy"].map((mark) => seat.marks[mark] || 0);
    const said = t("{seat}: {points} points lost · blunders {blunders} · mistakes {mistakes} · inaccuracies {inaccuracies}", {
      seat: seat.label, points: points(seat.lost), blunders, mistakes, inaccuracies,
    });
    seats.append(h("li", { text: said }));
  }
  const words = Object.fromEntries(markWords());
  const moments = h("ol", { class: "moments" });
  for (const moment of analysis.moments) {
    const link = h(
      "a",
      { href: "#", class: `moment ${moment.mark}${moment.costliest ? " costliest" : ""}`, "data-moment": String(moment.step) },
      h("span", { class: "moment-step", text: t("step {n}", { n: moment.step }) }),
      ` ${moment.label}: `,
      partsNode(moment.action.parts, "strong"),
      ` −${points(moment.loss)} ${t("against")} `,
      partsNode(moment.best.parts),
      ` (${words[moment.mark]})`,
    );
    if (moment.step === step) link.setAttribute("aria-current", "step");
    link.addEventListener("click", (event) => {
      event.preventDefault();
      go(moment.step);
    });
    moments.append(h("li", {}, link));
  }
  if (!analysis.moments.length) moments.append(h("li", { class: "hint", text: t("No decision lost a point.") }));
  body.replaceChildren(seats, moments);
}

function renderRounds() {
  const box = $("rounds");
  box.replaceChildren();
  const k = wantedRound();
  for (const index of finished) {
    const link = h("a", { href: `#${index + 1}`, text: t("round {n}", { n: index + 1 }) });
    if (index === k) link.setAttribute("aria-current", "page");
    box.append(link);
  }
}

function render() {
  renderRounds();
  if (!replay) return;
  const s = replay.steps[step];
  const table = s.table;
  $("round-title").textContent = replay.title;
  const verify = $("verify");
  verify.className = `verify ${replay.verify.ok ? "ok" : "bad"}`;
  // what troef verify found wrong is its own (English) diagnosis; a round that verifies needs no more words
  verify.textContent = replay.verify.ok ? t("Fair deal: troef verify passes.") : `${t("Fair deal: troef verify fails.")} ${replay.verify.message || ""}`;
  $("step-no").textContent = t("step {n} of {count}", { n: step, count: replay.steps.length - 1 });
  $("prev", HTMLButtonElement).disabled = step === 0;
  $("first", HTMLButtonElement).disabled = step === 0;
  $("next", HTMLButtonElement).disabled = step === replay.steps.length - 1;
  $("last", HTMLButtonElement).disabled = step === replay.steps.length - 1;
  const seats = table.seats;
  const n = seats.length;
  const seatBox = $("seats");
  seatBox.replaceChildren();
  seats.forEach((seat, i) => {
    const at = place(i, n, 43, 41);
    const el = h("div", { class: `seat${seat.seat === s.seat ? " turn" : ""}${seat.in_play ? "" : " out"}` }, h("span", { class: "name", text: seat.label }));
    if (seat.dealer) el.append(h("span", { class: "badges" }, h("span", { class: "dealer-chip", "aria-hidden": "true", text: "D" })));
    el.style.left = `${at.x}%`;
    el.style.top = `${at.y}%`;
    el.dataset.side = i === 0 ? "bottom" : Math.abs(at.x - 50) < 10 ? "top" : at.x < 50 ? "left" : "right";
    seatBox.append(el);
  });
  const trickBox = $("trick");
  trickBox.replaceChildren();
  let trick = table.trick;
  let done = false;
  if ((!trick || !trick.cards.length) && table.last_trick) {
    trick = table.last_trick;
    done = true;
  }
  if (trick && trick.cards.length) {
    for (const played of trick.cards) {
      const i = seats.findIndex((x) => x.seat === played.seat);
      const at = place(i, n, n > 4 ? 27 : 22, n > 4 ? 24 : 21);
      const card = cardElement(played.card, { className: `played${done ? " done" : ""}${trick.winner === played.seat ? " winner" : ""}` });
      card.style.left = `${at.x}%`;
      card.style.top = `${at.y}%`;
      trickBox.append(card);
    }
    trickBox.setAttribute("aria-label", lineText(trick.line));
  }
  const lines = $("lines");
  lines.replaceChildren();
  for (const line of s.lines) lines.append(lineNode(line));
  if (!s.lines.length) lines.append(h("p", { class: "hint", text: "—" }));
  if (step === replay.steps.length - 1) lines.append(resultNode(replay.title, replay.scores, replay.result));
  renderAnalysis();
  const hands = $("hands");
  hands.replaceChildren();
  s.hands.forEach((hand, seat) => {
    const label = (seats.find((x) => x.seat === seat) || { label: t("seat {n}", { n: seat }) }).label;
    const cards = h("div", { class: "cards", role: "group", "aria-label": label });
    for (const group of hand.groups) for (const card of group.cards) cards.append(cardElement(card));
    hands.append(h("section", { class: `replay-hand${seat === s.seat ? " acting" : ""}` }, h("h3", { text: label }), cards));
  });
}

/** @param {number} to */
function go(to) {
  if (!replay) return;
  step = Math.max(0, Math.min(replay.steps.length - 1, to));
  render();
}

async function main() {
  await loadWords();
  translate();
  showAccount();
  $("tools").append(languageSwitch(() => load()));
  $("back").setAttribute("href", `/tables/${encodeURIComponent(id)}`);
  $("download").setAttribute("href", `/api/tables/${encodeURIComponent(id)}/record`);
  $("download").setAttribute("download", `troef-${id}.json`);
  $("analyse").addEventListener("click", () => analyse());
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(step - 1));
  $("next").addEventListener("click", () => go(step + 1));
  $("last").addEventListener("click", () => go(Infinity));
  document.addEventListener("keydown", (event) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (target && (target.tagName === "SELECT" || target.tagName === "INPUT")) return;
    if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "ArrowLeft") go(step - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(Infinity);
    else return;
    event.preventDefault();
  });
  window.addEventListener("hashchange", () => {
    step = 0;
    load();
  });
  try {
    const info = /** @type {import("./types.js").TableInfo} */ (await getJSON(`/api/tables/${encodeURIComponent(id)}`));
    $("game-title").textContent = info.game;
    finished = ((info.sheet && info.sheet.rounds) || []).map((r) => r.index);
    getJSON(`/api/games?lang=${encodeURIComponent(currentLang())}`)
      .then((found) => {
        const answer = /** @type {import("./types.js").GamesAnswer} */ (found);
        const game = answer.games.find((g) => g.name === info.game);
        if (game) $("game-title").textContent = game.title;
      })
      .catch(() => {});
  } catch (error) {
    $("error").textContent = String(/** @type {Error} */ (error).message);
    return;
  }
  if (!finished.length) {
    $("error").textContent = t("No round of this table is finished yet.");
    return;
  }
  await load();
}

main();
