// Short tones for what a player at a table wants to hear without looking: their turn, a
// Chicago call and the game won. Off unless the player turns them on (the settings' switch,
// remembered with the other table settings); synthesised with the Web Audio API, so no file
// is fetched. A browser lets a page make sound only after the player has touched it, so the
// audio starts on the switch itself or, when the switch was left on, on the first tap or key.
import { $, dom } from './state.js';

export const SOUNDS_PREF = 'chicago.sounds';

/** Each sound as notes: [frequency in Hz, start and length in seconds, waveform]. */
const SOUND_TUNES = {
  turn: [[660, 0, 0.09, 'sine'], [880, 0.11, 0.12, 'sine']],
  chicago: [[523, 0, 0.1, 'triangle'], [659, 0.1, 0.1, 'triangle'], [784, 0.2, 0.22, 'triangle']],
  won: [[523, 0, 0.12, 'triangle'], [659, 0.12, 0.12, 'triangle'], [784, 0.24, 0.12, 'triangle'],
    [1047, 0.36, 0.4, 'triangle']],
};
const SOUND_VOLUME = 0.16;

let audioContext = null;
let soundsOn = false;

/** The page's audio, made (or woken) inside a user's gesture: only then may it sound. */
function wakeAudio() {
  if (!soundsOn) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    if (!audioContext) audioContext = new Context();
    if (audioContext.state === 'suspended') audioContext.resume().catch(() => { /* tried again at the next tap */ });
  } catch (_) {
    audioContext = null; // no audio on this device: the table plays on in silence
  }
}

export function playTune(name) {
  if (!soundsOn || !audioContext || audioContext.state !== 'running') return;
  const start = audioContext.currentTime + 0.02;
  for (const [frequency, at, length, wave] of SOUND_TUNES[name]) {
    const tone = audioContext.createOscillator();
    const gain = audioContext.createGain();
    tone.type = wave;
    tone.frequency.setValueAtTime(frequency, start + at);
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.linearRampToValueAtTime(SOUND_VOLUME, start + at + 0.012);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    tone.connect(gain);
    gain.connect(audioContext.destination);
    tone.start(start + at);
    tone.stop(start + at + length + 0.03);
  }
}

/** What the banner says (table/log.js `announce`): a new "your turn" or Chicago line sounds. */
function listenForSounds() {
  let said = `${dom.banner.className}|${dom.banner.textContent}`;
  new MutationObserver(() => {
    const now = `${dom.banner.className}|${dom.banner.textContent}`;
    if (now === said) return;
    said = now;
    if (!dom.banner.textContent) return;
    if (dom.banner.classList.contains('turn')) playTune('turn');
    else if (dom.banner.classList.contains('chicago')) playTune('chicago');
  }).observe(dom.banner, { attributes: true, attributeFilter: ['class'], childList: true, characterData: true, subtree: true });
  const result = $('result');
  new MutationObserver(() => { if (!result.hidden) playTune('won'); })
    .observe(result, { attributes: true, attributeFilter: ['hidden'] });
}

/** The settings' switch: off by default, remembered in this browser. */
export function setupSounds(box, stored, store) {
  soundsOn = stored === '1';
  box.checked = soundsOn;
  box.addEventListener('change', () => {
    soundsOn = box.checked;
    store(soundsOn ? '1' : '0');
    wakeAudio();
  });
  for (const kind of ['pointerdown', 'keydown']) document.addEventListener(kind, wakeAudio, { capture: true });
  listenForSounds();
}
