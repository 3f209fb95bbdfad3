// An optional sound when a turn begins (issue 31: "in the page — title, a badge, an
// optional sound"): off until the player turns it on (remembered in this browser), a short
// tone made with Web Audio (no file to load), never while the page is the one in front.
import { el } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "albion-turn-sound";
let audio = null;

export function soundOn() {
  return localStorage.getItem(KEY) === "on";
}

/** The checkbox that turns the sound on or off. */
export function soundSwitch() {
  const box = el("input", { type: "checkbox", "data-testid": "turn-sound", checked: soundOn() });
  box.addEventListener("change", () => {
    localStorage.setItem(KEY, box.checked ? "on" : "off");
    if (box.checked) chime(); // what it will sound like (and the browser lets it play)
  });
  return el("label", { class: "check small" }, box, " ", t("Sound when it is my turn"));
}

/** A short two-note tone, if the sound is on. */
export function chime() {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    [660, 880].forEach((pitch, index) => {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = pitch;
      volume.gain.setValueAtTime(0.12, now + index * 0.15);
      volume.gain.exponentialRampToValueAtTime(0.001, now + index * 0.15 + 0.14);
      tone.connect(volume).connect(audio.destination);
      tone.start(now + index * 0.15);
      tone.stop(now + index * 0.15 + 0.15);
    });
    document.body.dataset.chimed = String(Number(document.body.dataset.chimed || 0) + 1);
  } catch {
    // no audio here: the title still says it
  }
}
