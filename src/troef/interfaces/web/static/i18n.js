// The page's own words, from GET /api/words?lang=; the game's words come translated in each state's model.

import { getJSON, store } from "./api.js";

export const LANGUAGES = ["en", "nl", "de"];
/** @type {Record<string, string>} */
const NAMES = { en: "English", nl: "Nederlands", de: "Deutsch" };

/** @type {Record<string, string>} */
let words = {};
let lang = chooseLang();

/** The page's language (server.md): `?lang=` in its address, the one chosen before, the browser's, English. */
function chooseLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && LANGUAGES.includes(asked)) return asked;
  const kept = store.get("troef.lang");
  if (kept && LANGUAGES.includes(kept)) return kept;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const short = String(wanted).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(short)) return short;
  }
  return "en";
}

export const currentLang = () => lang;

/** Loads the words of `next` (or the current language). @param {string} [next] */
export async function loadWords(next) {
  if (next) {
    lang = LANGUAGES.includes(next) ? next : "en";
    store.set("troef.lang", lang);
  }
  document.documentElement.lang = lang;
  if (lang === "en") {
    words = {};
    return;
  }
  try {
    const answer = /** @type {{words?: Record<string, string>} | null} */ (await getJSON(`/api/words?lang=${encodeURIComponent(lang)}`));
    words = answer && answer.words ? answer.words : {};
  } catch {
    words = {};
  }
}

/**
 * A UI string in the current language, with {placeholders} filled in.
 * Every message passed here is declared in src/troef/interfaces/web/words.py.
 * @param {string} message @param {Record<string, string|number>} [values]
 */
export function t(message, values) {
  let text = words[message] || message;
  if (values) text = text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
  return text;
}

/** Translates the elements marked data-i18n (text) and data-i18n-label (aria-label) under root. */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.getAttribute("data-i18n") || "");
  for (const el of root.querySelectorAll("[data-i18n-label]"))
    el.setAttribute("aria-label", t(el.getAttribute("data-i18n-label") || ""));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]"))
    el.setAttribute("placeholder", t(el.getAttribute("data-i18n-placeholder") || ""));
}

/**
 * A language <select>; `changed` runs after the new words are loaded.
 * @param {(lang: string) => void} changed
 */
export function languageSwitch(changed) {
  const select = document.createElement("select");
  select.className = "lang";
  select.name = "lang";
  select.setAttribute("aria-label", t("Language"));
  for (const code of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = NAMES[code];
    select.append(option);
  }
  select.value = lang;
  select.addEventListener("change", async () => {
    await loadWords(select.value);
    select.setAttribute("aria-label", t("Language"));
    translate();
    changed(lang);
  });
  return select;
}
