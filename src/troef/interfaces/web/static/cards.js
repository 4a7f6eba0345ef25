// Playing cards drawn as SVG by troef: corners with rank and suit, pips or a large suit mark, court cards
// with a clear letter, a card back; a four-colour deck option (spades black, hearts red, diamonds blue,
// clubs green).

import { store } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
export const W = 64;
export const H = 90;

// Suit shapes in a 100x100 box.
/** @type {Record<string, string>} */
const SHAPES = {
  H: `<path d="M50 92C22 68 2 50 2 29 2 13 14 2 28 2c10 0 18 6 22 15 4-9 12-15 22-15 14 0 26 11 26 27 0 21-20 39-48 63z"/>`,
  D: `<path d="M50 2 88 50 50 98 12 50z"/>`,
  S: `<path d="M50 2C78 28 98 44 98 63c0 14-11 24-24 24-9 0-16-4-20-11 1 10 5 17 13 24H33c8-7 12-14 13-24-4 7-11 11-20 11C13 87 2 77 2 63 2 44 22 28 50 2z"/>`,
  C: `<circle cx="50" cy="27" r="23"/><circle cx="25" cy="60" r="23"/><circle cx="75" cy="60" r="23"/><path d="M44 50h12c0 22 4 36 14 48H30c10-12 14-26 14-48z"/>`,
};

/** @type {Record<string, string>} */
const RANK_TEXT = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };

/** Whether the four-colour deck is chosen. */
export const fourColour = () => store.get("troef.fourColour") === "1";
/** @param {boolean} on */
export const setFourColour = (on) => {
  store.set("troef.fourColour", on ? "1" : "0");
  document.documentElement.classList.toggle("four-colour", on);
};
document.documentElement.classList.toggle("four-colour", fourColour());

/** The rank as printed: T -> 10. @param {string} code */
export const rankText = (code) => RANK_TEXT[code[0]] || code[0];

/**
 * A suit mark as SVG markup at (x, y) with size s, upside down when `flip`.
 * @param {string} s @param {number} x @param {number} y @param {number} size
 */
function suit(s, x, y, size, flip = false) {
  const scale = size / 100;
  const rotate = flip ? ` rotate(180 50 50)` : "";
  return `<g transform="translate(${x - size / 2} ${y - size / 2}) scale(${scale})${rotate}">${SHAPES[s]}</g>`;
}

// Pip positions (x, y) on the card for 2..10.
const X1 = 20, X2 = 32, X3 = 44;
/** @type {Record<number, [number, number][]>} */
const PIPS = {
  2: [[X2, 20], [X2, 70]],
  3: [[X2, 20], [X2, 45], [X2, 70]],
  4: [[X1, 20], [X3, 20], [X1, 70], [X3, 70]],
  5: [[X1, 20], [X3, 20], [X2, 45], [X1, 70], [X3, 70]],
  6: [[X1, 20], [X3, 20], [X1, 45], [X3, 45], [X1, 70], [X3, 70]],
  7: [[X1, 20], [X3, 20], [X2, 32], [X1, 45], [X3, 45], [X1, 70], [X3, 70]],
  8: [[X1, 20], [X3, 20], [X2, 32], [X1, 45], [X3, 45], [X2, 58], [X1, 70], [X3, 70]],
  9: [[X1, 20], [X3, 20], [X1, 37], [X3, 37], [X2, 45], [X1, 53], [X3, 53], [X1, 70], [X3, 70]],
  10: [[X1, 20], [X3, 20], [X2, 28], [X1, 37], [X3, 37], [X1, 53], [X3, 53], [X2, 62], [X1, 70], [X3, 70]],
};

/** @type {Map<string, string>} */
const cache = new Map();

/** The SVG markup of a card face (code like "AS", "TD"), or the back for "??". @param {string} code */
export function cardMarkup(code) {
  const cached = cache.get(code);
  if (cached !== undefined) return cached;
  let body;
  if (!/^[2-9TJQKA][SHDC]$/.test(code)) {
    body =
      `<rect class="back" x="1" y="1" width="${W - 2}" height="${H - 2}" rx="6"/>` +
      `<rect class="back-frame" x="5" y="5" width="${W - 10}" height="${H - 10}" rx="3"/>` +
      `<path class="back-pattern" d="M${W / 2} 14 L${W - 12} ${H / 2} L${W / 2} ${H - 14} L12 ${H / 2}Z"/>` +
      `<circle class="back-pattern" cx="${W / 2}" cy="${H / 2}" r="7"/>`;
  } else {
    const [r, s] = code;
    const rank = rankText(code);
    const corner =
      `<text class="rank" x="7.5" y="15" text-anchor="middle">${rank}</text>${suit(s, 7.5, 23, 9)}`;
    let middle = "";
    if (r === "A") middle = suit(s, W / 2, H / 2, 34);
    else if ("JQK".includes(r)) {
      middle =
        `<rect class="court" x="15" y="15" width="${W - 30}" height="${H - 30}" rx="3"/>` +
        `<text class="court-letter" x="${W / 2}" y="${H / 2 + 3}" text-anchor="middle">${r}</text>` +
        suit(s, W / 2, H / 2 + 20, 12) +
        suit(s, W / 2, H / 2 - 21, 10);
    } else {
      const n = r === "T" ? 10 : Number(r);
      middle = PIPS[n].map(([x, y]) => suit(s, x, y, 11, y > 46)).join("");
    }
    body =
      `<rect class="face" x="0.75" y="0.75" width="${W - 1.5}" height="${H - 1.5}" rx="5"/>` +
      `<g class="ink suit-${s}">${corner}<g transform="rotate(180 ${W / 2} ${H / 2})">${corner}</g>${middle}</g>`;
  }
  const markup = `<svg xmlns="${SVG}" viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false">${body}</svg>`;
  cache.set(code, markup);
  return markup;
}

/**
 * A card element: a <button> when `button`, else a <span role="img">; labelled with the Part's name.
 * @param {{code: string, name: string}} card @param {{button?: boolean, className?: string}} [options]
 */
export function cardElement(card, options = {}) {
  const el = document.createElement(options.button ? "button" : "span");
  el.className = `card ${options.className || ""}`.trim();
  if (options.button) el.setAttribute("type", "button");
  else el.setAttribute("role", "img");
  el.setAttribute("aria-label", card.name || card.code);
  el.innerHTML = cardMarkup(card.code);
  return el;
}

/** A small suit mark (inline SVG). @param {string} s */
export function suitMarkup(s) {
  if (!SHAPES[s]) return "";
  return `<svg class="suit-mark suit-${s}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${SHAPES[s]}</svg>`;
}
