// The house rules of a game as form fields (the lobby's new table, a club's saved preset), and the rules
// they make: a preset's name, or the preset with the changed house rules.

import { t } from "./i18n.js";
import { h } from "./render.js";

/** @typedef {import("./types.js").Game} Game */

/**
 * Fills `box` with a field per house rule of `game` (`[data-option]`, empty: as the preset says), each
 * input's id `${prefix}-${option}`.
 * @param {HTMLElement} box @param {Game} game @param {string} [prefix]
 */
export function optionFields(box, game, prefix = "opt") {
  box.replaceChildren();
  for (const option of game.options) {
    const id = `${prefix}-${option.name}`;
    /** @type {HTMLSelectElement|HTMLInputElement} */
    let input;
    if (option.choices || option.type === "bool") {
      input = h("select", { id, name: option.name });
      input.append(h("option", { value: "", text: t("as the rules say") }));
      /** @type {(string|boolean)[]} */
      const values = option.choices || [true, false];
      for (const value of values)
        input.append(h("option", { value: JSON.stringify(value), text: value === true ? t("yes") : value === false ? t("no") : option.choice_labels?.[value] }));
    } else if (option.type === "int" || option.type === "float") {
      input = h("input", {
        id, name: option.name, type: "number", inputmode: "numeric", placeholder: String(option.default),
        min: option.minimum ?? false, max: option.maximum ?? false, step: option.type === "float" ? "any" : "1",
      });
    } else {
      input = h("input", { id, name: option.name, type: "text", placeholder: String(option.default ?? "") });
    }
    input.dataset.option = option.name;
    input.dataset.type = option.type;
    box.append(
      h("div", { class: "option" },
        h("label", { for: id }, option.label, h("br"), h("small", { text: option.description || "" })),
        input),
    );
  }
}

/** The house rules changed in `box` (made by `optionFields`), by name. @param {HTMLElement} box */
export function changedOptions(box) {
  /** @type {Record<string, unknown>} */
  const changed = {};
  for (const input of box.querySelectorAll("[data-option]")) {
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement)) continue;
    const value = input.value.trim();
    if (value === "") continue;
    const type = input.dataset.type;
    const option = input.dataset.option || "";
    if (input.tagName === "SELECT") changed[option] = JSON.parse(value);
    else if (type === "int") changed[option] = parseInt(value, 10);
    else if (type === "float") changed[option] = Number(value);
    else changed[option] = value;
  }
  return changed;
}

/**
 * The rules: the preset's name, or the preset with the house rules changed in `box`.
 * @param {string} preset @param {HTMLElement} box
 * @returns {import("./types.js").Rules}
 */
export function rulesOf(preset, box) {
  const changed = changedOptions(box);
  return Object.keys(changed).length ? { preset, ...changed } : preset;
}
