// Sound, off until the person switches it on in the tools bar (remembered in local storage): short tones
// the browser makes itself (WebAudio, no audio files) when it becomes your turn, when a trick is taken
// and when the round ends.

import { store } from "./api.js";
import { t } from "./i18n.js";
import { h } from "./render.js";

const KEY = "troef.sound";
/** Whether sound is on (off by default). */
export const soundOn = () => store.get(KEY) === "on";

/** @type {AudioContext|null} */
let audio = null;

/** The tools bar's switch (`[data-sound]`); switched on, it says so with a tone. */
export function soundButton() {
  const button = h("button", { type: "button", class: "tool", "data-sound": "", "aria-pressed": String(soundOn()), text: t("Sound") });
  button.addEventListener("click", () => {
    const on = !soundOn();
    store.set(KEY, on ? "on" : "off");
    button.setAttribute("aria-pressed", String(on));
    tones([660]); // a tone on a click also lets the browser play the later ones
  });
  return button;
}

/** Plays `notes` (Hz) one after the other, `length` seconds each, if sound is on. @param {number[]} notes */
function tones(notes, length = 0.12) {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    let at = audio.currentTime;
    for (const note of notes) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = note;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + length + 0.02);
      at += length;
    }
  } catch {
    /* no sound here */
  }
}

/** @param {import("./types.js").Trick|null} trick */
const trickOf = (trick) => (trick ? `${trick.leader}:${trick.cards.map((p) => p.card.code).join(" ")}` : "");

/**
 * The tone for what changed from the state frame `before` to `after`, if any.
 * @param {import("./types.js").StateFrame|null} before @param {import("./types.js").StateFrame} after
 */
export function soundFor(before, after) {
  if (!before || !soundOn() || after.version <= before.version) return;
  const was = (before.model && before.model.table) || null;
  const now = (after.model && after.model.table) || null;
  if (after.model && after.model.result && !(before.model && before.model.result)) tones([523, 659, 784], 0.16);
  else if (after.legal_actions.length && !before.legal_actions.length) tones([880, 1175]);
  else if (now && now.last_trick && trickOf(now.last_trick) !== trickOf(was && was.last_trick)) tones([440], 0.09);
}
