// Page-wide bits: the phone layout's media query and the toast.

import { $ } from "./state.js";

export const phone = window.matchMedia("(max-width: 640px)");

let toastTimer = 0;
/** @param {string} message */
export function toast(message) {
  const el = $("toast");
  el.textContent = message;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => (el.hidden = true), 4000);
}
