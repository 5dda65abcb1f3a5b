// The player's table settings, kept in this browser: speed, recap, four-colour deck, sounds.
import { $ } from './state.js';

export function pref(key, fallback) {
  try { return window.localStorage.getItem(key) ?? fallback; } catch (_) { return fallback; }
}
export function setPref(key, value) {
  try { window.localStorage.setItem(key, value); } catch (_) { /* private mode: not kept */ }
}

/** How long each pause lasts at a speed, as a factor of the normal pause; fast has none. */
export const SPEEDS = { slow: 1.8, normal: 1, fast: 0 };

export function speedName() {
  const select = $('speed');
  return select && select.value in SPEEDS ? select.value : 'normal';
}
export function speedFactor() { return SPEEDS[speedName()]; }

/** Seconds after which a deal's recap closes by itself (0: it waits for the player). */
export function recapSeconds() {
  const select = $('recap-auto');
  const n = select ? Number(select.value) : 0;
  return Number.isFinite(n) && n > 0 ? n : 0;
}
