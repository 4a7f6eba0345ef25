// Lines and Parts of the table model (present/model.py) as DOM: words as text, cards and suits marked up
// with their names for screen readers.

import { rankText, suitMarkup } from "./cards.js";

/** @param {{kind: string, text: string, code: string, name: string}} part */
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

/** The parts in a container. @param {Array<any>} parts @param {string} [tag] */
export function partsNode(parts, tag = "span") {
  const el = document.createElement(tag);
  for (const part of parts) el.append(partNode(part));
  return el;
}

/** A Line as an element (<p> by default), bold when the line is. @param {{parts: any[], bold: boolean}} line */
export function lineNode(line, tag = "p") {
  const el = partsNode(line.parts, tag);
  el.className = "line";
  if (line.bold) el.classList.add("bold");
  return el;
}

/** The words of a line, for a live region. @param {{parts: any[]}} line */
export const lineText = (line) => line.parts.map((p) => (p.kind === "text" ? p.text : p.name || p.text)).join("");

/** Replaces the children of el. @param {Element} el @param {...(Node|string)} nodes */
export function fill(el, ...nodes) {
  el.replaceChildren(...nodes);
  return el;
}

/** A small element helper. @param {string} tag @param {Record<string, any>} [attrs] @param {...(Node|string)} children */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) el.append(child);
  return el;
}

/** The score sheet (model Sheet) as a table. @param {any} sheet */
export function sheetNode(sheet) {
  const table = h("table", { class: "sheet" });
  if (sheet.caption) table.append(h("caption", { text: sheet.caption }));
  const head = h("tr");
  for (const column of sheet.columns)
    head.append(h("th", { scope: "col", class: column.right ? "num" : "", text: column.label }));
  table.append(h("thead", {}, head));
  const body = h("tbody");
  for (const row of sheet.rows) {
    const tr = h("tr");
    row.forEach((cell, i) => {
      const td = h("td", { class: sheet.columns[i] && sheet.columns[i].right ? "num" : "" });
      for (const line of cell) td.append(lineNode(line, "span"));
      tr.append(td);
    });
    body.append(tr);
  }
  table.append(body);
  if (sheet.footer) {
    const foot = h("tr");
    for (const column of sheet.columns) foot.append(h("td", { class: column.right ? "num" : "", text: column.footer }));
    table.append(h("tfoot", {}, foot));
  }
  return table;
}
