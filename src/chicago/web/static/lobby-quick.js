// "Play now": quick play from the lobby (docs/api.md, "Quick play"). One press joins the
// queue for a table of the server's seats at the house rules; while waiting the lobby counts
// down to the latest start (the computer then takes the seats still empty), says how many
// wait, offers "Leave the queue", and goes to the table once seated. A guest gives a name
// once: this browser keeps it, so the next press is one press. The press in progress is kept
// in this tab, so a reload of the lobby goes on waiting.
import { ApiError, api, errorText } from './api.js';
import { ngettext, t } from './i18n.js';
import { keepName, keptName } from './lobby-name.js';

const PRESS_KEY = 'chicago.lobby.quick';

const box = document.getElementById('quick');
const button = document.getElementById('quick-play');

/** The press this tab waits on: read (no `value`), kept, or forgotten (null). */
function keptPress(value) {
  try {
    if (value === undefined) return window.sessionStorage.getItem(PRESS_KEY);
    if (value === null) window.sessionStorage.removeItem(PRESS_KEY);
    else window.sessionStorage.setItem(PRESS_KEY, value);
  } catch (_) { /* no storage: a reload forgets the press (the server still holds it) */ }
  return null;
}

function quickPlay() {
  const nameForm = document.getElementById('quick-name-form');
  const nameField = document.getElementById('quick-name');
  const wait = document.getElementById('quick-wait');
  const seconds = document.getElementById('quick-seconds');
  const status = document.getElementById('quick-status');
  const waiting = document.getElementById('quick-waiting');
  const error = document.getElementById('quick-error');
  const leave = document.getElementById('quick-leave');
  const signedIn = box.dataset.signedIn === 'true';
  let press = null; // the QuickEntry being waited on
  let poll = null;
  let tick = null;

  function show(part) {
    box.hidden = part === null;
    nameForm.hidden = part !== 'name';
    wait.hidden = part !== 'wait';
    button.setAttribute('aria-expanded', String(part !== null));
    button.disabled = part === 'wait';
  }

  function fail(message) {
    error.textContent = message;
    error.hidden = !message;
    if (message) box.hidden = false;
  }

  function stop() {
    window.clearTimeout(poll);
    window.clearInterval(tick);
    poll = null;
    tick = null;
  }

  function countdown() {
    const left = press && press.deadline
      ? Math.min(press.wait, Math.max(0, Math.ceil((Date.parse(press.deadline) - Date.now()) / 1000))) : 0;
    seconds.textContent = String(left);
  }

  function seated(entry) {
    stop();
    keptPress(null);
    status.textContent = t('Seated: to the table…');
    window.location.assign(`/tables/${encodeURIComponent(entry.table)}`);
  }

  /** Follow a press: waiting (counting down, asking again about once a second), seated, left. */
  function follow(entry) {
    press = entry;
    if (entry.status === 'seated' && entry.table) { seated(entry); return; }
    if (entry.status !== 'waiting') {
      stop();
      keptPress(null);
      show(null);
      return;
    }
    keptPress(entry.id);
    show('wait');
    status.textContent = t('Looking for players for a table of {n}…', { n: entry.seats });
    const people = entry.waiting || 1;
    waiting.textContent = `${ngettext('You are the first to wait for this table.', '{n} people wait for this table, you too.', people, { n: people })} ${
      t('At 0 the computer takes the seats still empty.')}`;
    countdown();
    if (!tick) tick = window.setInterval(countdown, 250);
    window.clearTimeout(poll);
    poll = window.setTimeout(ask, 1000);
  }

  async function ask() {
    if (!press) return;
    try {
      follow(await api('GET', `/api/quick/${encodeURIComponent(press.id)}`));
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) { stop(); show(null); return; }
      poll = window.setTimeout(ask, 2000); // the network blinked: ask again
    }
  }

  async function join(name) {
    fail('');
    button.disabled = true;
    const body = {};
    if (name) body.name = name;
    try {
      follow(await api('POST', '/api/quick', body));
    } catch (err) {
      button.disabled = false;
      // A refused name is said by the name field, which asks again.
      if (!signedIn && err instanceof ApiError && (err.status === 400 || err.status === 422)) {
        show('name');
        nameField.setAttribute('aria-invalid', 'true');
        fail(errorText(err));
        nameField.focus();
        return;
      }
      fail(errorText(err));
    }
  }

  button.addEventListener('click', () => {
    const name = keptName();
    if (signedIn || name) { join(signedIn ? null : name); return; }
    show('name');
    nameField.focus();
  });

  nameForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = nameField.value.trim();
    if (!name) {
      nameField.setAttribute('aria-invalid', 'true');
      fail(t('Write the name the others at the table will see.'));
      nameField.focus();
      return;
    }
    keepName(name);
    nameField.removeAttribute('aria-invalid');
    join(name);
  });

  leave.addEventListener('click', async () => {
    if (!press) return;
    leave.disabled = true;
    stop();
    try {
      await api('DELETE', `/api/quick/${encodeURIComponent(press.id)}`);
      keptPress(null);
      press = null;
      show(null);
      fail('');
      button.focus();
    } catch (err) {
      // Seated in the meantime: the table is where to go.
      if (err instanceof ApiError && err.status === 409) { ask(); return; }
      fail(errorText(err));
      follow(press);
    } finally {
      leave.disabled = false;
    }
  });

  // A press this tab was waiting on before a reload goes on.
  const kept = keptPress();
  if (kept) {
    press = { id: kept };
    ask();
  }
}

if (box && button) quickPlay();
