// The day's deal page: start an attempt, copy the share text, and keep the board live (the
// server words every line; this only lays them out).
import { api, el, errorText } from './api.js';
import { t } from './i18n.js';

const REFRESH_MS = 20000;
const error = document.getElementById('daily-error');
const play = document.getElementById('daily-play');

if (play) {
  play.addEventListener('click', async () => {
    play.disabled = true;
    error.hidden = true;
    try {
      const made = await api('POST', '/api/daily');
      window.location.assign(made.url);
    } catch (e) {
      error.textContent = errorText(e);
      error.hidden = false;
      play.disabled = false;
    }
  });
}

for (const button of document.querySelectorAll('.daily-copy')) {
  button.addEventListener('click', async () => {
    const box = document.getElementById(button.dataset.for);
    box.select();
    try {
      await navigator.clipboard.writeText(box.value);
      button.textContent = t('Copied');
    } catch (_) {
      document.execCommand('copy'); // older browsers: the selected text
    }
  });
}

function row(line) {
  const who = el('td', {}, line.name);
  if (line.mine) who.append(` (${t('you')})`);
  else if (line.friend) who.append(' ', el('span', { class: 'tag-people' }, t('played with you')));
  const tr = el('tr', { class: `${line.mine ? 'mine' : ''}${line.friend ? ' friend' : ''}` },
    el('td', { class: 'num' }, String(line.place)), who, el('td', {}, line.outcome));
  if (line.mine) tr.setAttribute('aria-current', 'true');
  return tr;
}

async function refresh() {
  const board = document.querySelector('#daily-board tbody');
  const day = document.getElementById('daily').dataset.day;
  try {
    const data = await api('GET', '/api/daily');
    if (data.day !== day) { window.location.reload(); return; } // midnight: a new deal
    if (data.board.length) board.replaceChildren(...data.board.map(row));
  } catch (_) { /* the next refresh tries again */ }
}

setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
