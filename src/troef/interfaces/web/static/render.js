// Lines and Parts of the table model (present/model.py) as DOM: words as text, cards and suits marked up
// with their names for screen readers.

import { rankText, suitMarkup } from "./cards.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Part} Part */
/** @typedef {import("./types.js").Line} Line */
/** @typedef {import("./types.js").Sheet} Sheet */
/** @typedef {import("./types.js").ScoreRow} ScoreRow */
/**
 * An attribute's value for `h`: false, null and undefined leave it out, true sets it empty.
 * @typedef {string|number|boolean|null|undefined|EventListener} AttrValue
 */

/** @param {Part} part */
export function partNode(part) {
  if (part.kind === "card") {
    const span = document.createElement("span");
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", part.name || part.text);
    if (/^[2-9TJQKA][SHDC]$/.test(part.code)) {
      span.className = `card-ref suit-${part.code[1]}`;
      span.innerHTML = `<b>${rankText(part.code)}</b>${suitMarkup(part.code[1])}`;
    } else {
      span.className = "card-ref down";
      span.textContent = "🂠";
    }
    return span;
  }
  if (part.kind === "suit") {
    const span = document.createElement("span");
    span.className = `suit-ref suit-${part.code}`;
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", part.name || part.text);
    const words = part.text.replace(/^[♠♥♦♣]\s*/, "");
    span.innerHTML = suitMarkup(part.code);
    if (words) span.append(document.createTextNode(` ${words}`));
    return span;
  }
  return document.createTextNode(part.text);
}

/** The parts in a container. @param {Part[]} parts @param {string} [tag] */
export function partsNode(parts, tag = "span") {
  const el = document.createElement(tag);
  for (const part of parts) el.append(partNode(part));
  return el;
}

/**
 * A Line as an element (<p> by default), bold when the line is, [data-stand-in] when it tells a stand-in bot's move.
 * @param {Line} line
 */
export function lineNode(line, tag = "p") {
  const el = partsNode(line.parts, tag);
  el.className = "line";
  if (line.bold) el.classList.add("bold");
  if (line.stand_in) el.dataset.standIn = "";
  return el;
}

/** The words of a line, for a live region. @param {{parts: Part[]}} line */
export const lineText = (line) => line.parts.map((p) => (p.kind === "text" ? p.text : p.name || p.text)).join("");

/**
 * The page's element `id`, checked to be a `kind` (an HTMLElement where none is named); an Error that
 * names it where the page has no such element, or one of another kind.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id @param {{new (): T}} [kind]
 * @returns {T}
 */
export function byId(id, kind) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no element #${id}`);
  if (kind && !(el instanceof kind)) throw new Error(`#${id} is a <${el.tagName.toLowerCase()}>, not a ${kind.name}`);
  return /** @type {T} */ (el);
}

/** Replaces the children of el. @param {Element} el @param {...(Node|string)} nodes */
export function fill(el, ...nodes) {
  el.replaceChildren(...nodes);
  return el;
}

/**
 * A small element helper: the element `tag` (typed as such: h("input") is an HTMLInputElement).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Record<string, AttrValue>} [attrs] @param {...(Node|string)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") el.className = String(value);
    else if (key === "text") el.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) el.append(child);
  return el;
}

/**
 * The score sheet (model Sheet) as a table that fits a narrow panel: a column per seat (its short name),
 * and each round's facts (number, dealer, contract...) on a line of their own above its seats' cells.
 * @param {Sheet} sheet
 */
export function sheetNode(sheet) {
  const facts = sheet.facts;
  const seats = sheet.columns.slice(facts);
  const table = h("table", { class: "sheet" });
  if (sheet.caption) table.append(h("caption", { text: sheet.caption }));
  const head = h("tr");
  for (const column of seats) {
    const th = h("th", { scope: "col", class: "num" });
    th.append(column.short && column.short !== column.label ? h("abbr", { title: column.label, text: column.short }) : column.label);
    head.append(th);
  }
  table.append(h("thead", {}, head));
  const body = h("tbody");
  for (const row of sheet.rows) {
    const about = h("td", { class: "sheet-facts", colspan: seats.length });
    row.slice(0, facts).forEach((cell, i) => {
      if (!cell.length) return;
      const fact = h("span", { class: i ? "fact" : "fact round" });
      if (i) fact.append(h("span", { class: "label", text: `${sheet.columns[i].label}: ` }));
      cell.forEach((line, k) => {
        if (k) fact.append(" ");
        fact.append(lineNode(line, "span"));
      });
      about.append(fact);
    });
    body.append(h("tr", { class: "round-facts" }, about));
    const scores = h("tr", { class: "round-scores" });
    for (const cell of row.slice(facts)) {
      const td = h("td", { class: "num" });
      for (const line of cell) td.append(lineNode(line, "span"));
      scores.append(td);
    }
    body.append(scores);
  }
  table.append(body);
  if (sheet.footer) {
    const label = sheet.columns.slice(0, facts).map((c) => c.footer).filter(Boolean).join(" ");
    const foot = h("tfoot");
    if (label) foot.append(h("tr", {}, h("td", { class: "sheet-facts", colspan: seats.length, text: label })));
    const sums = h("tr");
    for (const column of seats) sums.append(h("td", { class: "num", text: column.footer }));
    foot.append(sums);
    table.append(foot);
  }
  return table;
}

/**
 * A finished round's result: its title, every seat's points and total (with its bid and what it took
 * where the game has them) and the game's own lines. The table shows it until the next deal, the
 * replay at the round's last step.
 * @param {string} title
 * @param {ScoreRow[]} rows the model's `scores`
 * @param {Line[]} lines the model's `result`
 */
export function resultNode(title, rows, lines) {
  const box = h("div", { class: "round-result", "data-round-result": "" });
  box.append(h("p", { class: "line bold", text: title }));
  const bids = rows.some((r) => r.bid !== null);
  const taken = rows.some((r) => r.taken !== null);
  const head = h("tr", {}, h("th", { scope: "col", text: "" }));
  if (bids) head.append(h("th", { scope: "col", text: t("bid") }));
  if (taken) head.append(h("th", { scope: "col", text: t("taken") }));
  head.append(h("th", { scope: "col", text: t("points") }), h("th", { scope: "col", text: t("total") }));
  const body = h("tbody");
  for (const row of rows) {
    const tr = h("tr", { "data-result-seat": row.seat }, h("th", { scope: "row", text: row.label }));
    if (bids) tr.append(h("td", { text: row.bid ?? "" }));
    if (taken) tr.append(h("td", { text: row.taken ?? "" }));
    tr.append(h("td", { class: row.points > 0 ? "plus" : row.points < 0 ? "minus" : "", text: signed(row.points) }));
    tr.append(h("td", { text: String(row.total) }));
    body.append(tr);
  }
  box.append(h("table", { class: "result-table" }, h("thead", {}, head), body));
  for (const line of lines) box.append(lineNode(line));
  return box;
}

/** @param {number} n */
const signed = (n) => (n > 0 ? `+${n}` : String(n));
