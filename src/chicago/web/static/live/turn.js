// "Your turn" while the player is in another tab: the title and the favicon say so until
// the tab is seen again; only when the player turned it on (a setting, off by default), a
// notification and a short vibration too. The browser's own Notification API: no push
// service, nothing leaves this browser.
import { t } from '../i18n.js';
import { pref, setPref } from '../table/prefs.js';
import { $ } from '../table/state.js';

const KEY = 'chicago.turnAlert';
const TITLE = document.title;
const icon = () => document.querySelector('link[rel="icon"]');
const ICON = icon() ? icon().getAttribute('href') : '';
// The favicon with a red dot: drawn here, so no other file is fetched.
const ALERT_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1d6b45"/>'
  + '<text x="32" y="44" font-size="36" text-anchor="middle" fill="#fff">♣</text><circle cx="50" cy="14" r="12" fill="#e53935"/></svg>')}`;

let alerting = false;
let wasMine = false;

function restore() {
  if (!alerting) return;
  alerting = false;
  document.title = TITLE;
  if (icon()) icon().setAttribute('href', ICON);
}

function notify() {
  if (pref(KEY, '0') !== '1') return;
  if ('Notification' in window && Notification.permission === 'granted') {
    const note = new Notification(t('Your turn at the Chicago table'), { body: t('The others are waiting for you.'), tag: 'chicago-turn' });
    note.addEventListener('click', () => { window.focus(); note.close(); });
  }
  if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
}

/** Called when the table has settled: alert once when it has just become the player's turn. */
export function turnChanged(mine) {
  const fresh = mine && !wasMine;
  wasMine = mine;
  if (!mine) { restore(); return; }
  if (!fresh || document.visibilityState === 'visible') return;
  alerting = true;
  document.title = t('Your turn! · {title}', { title: TITLE });
  if (icon()) icon().setAttribute('href', ALERT_ICON);
  notify();
}

/** The setting (off by default); turning it on asks the browser's permission. */
export function setupTurnAlert() {
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') restore(); });
  window.addEventListener('focus', restore);
  const box = $('turn-alert');
  if (!box) return;
  box.checked = pref(KEY, '0') === '1';
  box.addEventListener('change', async () => {
    if (box.checked && 'Notification' in window && Notification.permission === 'default') {
      try { await Notification.requestPermission(); } catch (_) { /* the browser said no */ }
    }
    setPref(KEY, box.checked ? '1' : '0');
    const note = $('turn-alert-note');
    if (note) {
      note.textContent = box.checked && 'Notification' in window && Notification.permission === 'denied'
        ? t('This browser blocks notifications for this site: the tab\'s title and icon still tell you.') : '';
    }
  });
}
