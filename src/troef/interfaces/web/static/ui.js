// Page-wide bits: the phone layout's media query, whether cards move, and the toast.

import { store } from "./api.js";
import { $ } from "./state.js";

export const phone = window.matchMedia("(max-width: 640px)");
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

/** Whether cards move: not where the person asked for reduced motion, nor with `?motion=off` or the
 * stored choice `troef.motion` = off (the tests switch it off so). */
export function moving() {
  const asked = new URLSearchParams(location.search).get("motion") || store.get("troef.motion");
  return !reduced.matches && asked !== "off";
}
document.documentElement.classList.toggle("no-motion", !moving());

let toastTimer = 0;
/** @param {string} message */
export function toast(message) {
  const el = $("toast");
  el.textContent = message;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => (el.hidden = true), 4000);
}
