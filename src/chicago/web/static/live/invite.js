// Making a table with friends, the invitation link, and sitting down with it.
import { api, el, errorText } from '../api.js';
import { t } from '../i18n.js';
import { loadCatalog, seatName } from './words.js';

function translateShell() {
  for (const node of document.querySelectorAll('[data-t]')) node.textContent = t(node.dataset.t);
}

function fail(error) {
  const box = document.getElementById('form-error');
  box.textContent = errorText(error);
  box.hidden = false;
}

async function signedInName() {
  try { return (await api('GET', '/api/auth/me')).username || ''; } catch (_) { return ''; }
}

function seatChoices(count) {
  const box = document.getElementById('seat-players');
  const choices = [['friend', t('A friend')], ['easy', t('Bot (easy)')], ['normal', t('Bot (normal)')], ['hard', t('Bot (hard)')]];
  box.replaceChildren(...Array.from({ length: count - 1 }, (_, i) => {
    const id = `player-${i + 1}`;
    return el('div', { class: 'row' },
      el('label', { for: id }, t('Seat {seat}', { seat: i + 1 })),
      el('select', { id, name: id }, ...choices.map(([value, label]) =>
        el('option', { value, selected: value === 'friend' && i === 0 }, label))));
  }));
}

async function newTablePage(form) {
  const seats = document.getElementById('seats');
  seatChoices(Number(seats.value));
  seats.addEventListener('change', () => seatChoices(Number(seats.value)));
  const name = document.getElementById('name');
  const known = await signedInName();
  if (known && !name.value) name.value = known;
  form.dataset.ready = 'true';
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const n = Number(seats.value);
    const players = Array.from({ length: n - 1 }, (_, i) => document.getElementById(`player-${i + 1}`).value);
    try {
      const table = await api('POST', '/api/tables', {
        name: name.value, seats: n, players,
        profile: document.getElementById('profile').value,
        timer: Number(document.getElementById('timer').value),
      });
      window.sessionStorage.setItem(`chicago.invite.${table.id}`, table.invite.path);
      window.location.assign(`/tables/${encodeURIComponent(table.id)}`);
    } catch (error) { fail(error); }
  });
}

async function joinPage(section) {
  const token = section.dataset.token;
  const list = document.getElementById('join-seats');
  const form = document.getElementById('join-form');
  let preview;
  try {
    preview = await api('GET', `/api/invites/${encodeURIComponent(token)}`);
  } catch (error) { form.hidden = true; fail(error); return; }
  if (preview.you !== null) { window.location.replace(`/tables/${encodeURIComponent(preview.id)}`); return; }
  list.replaceChildren(...preview.players.map((p) => el('li', {}, t('Seat {seat}', { seat: p.seat }), ': ', seatName(p))));
  const name = document.getElementById('name');
  const known = await signedInName();
  if (known && !name.value) name.value = known;
  form.dataset.ready = 'true';
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const seated = await api('POST', `/api/invites/${encodeURIComponent(token)}`, { name: document.getElementById('name').value });
      window.location.assign(`/tables/${encodeURIComponent(seated.id)}`);
    } catch (error) { fail(error); }
  });
}

/** The creator's box on an open table: the link to send, renew, revoke, start. */
export function renderInviteBox(box, table, gameId, refresh) {
  const live = table.live;
  if (!live.creator || live.status !== 'open') { box.hidden = true; return; }
  box.hidden = false;
  const path = window.sessionStorage.getItem(`chicago.invite.${gameId}`);
  const link = path && live.invite ? `${window.location.origin}${path}` : '';
  const url = el('input', { id: 'invite-link', readonly: true, value: link, 'aria-label': t('Invitation link') });
  const act = (method, suffix) => async () => {
    try {
      const answer = await api(method, `/api/tables/${encodeURIComponent(gameId)}${suffix}`);
      if (answer && answer.path) window.sessionStorage.setItem(`chicago.invite.${gameId}`, answer.path);
      if (method === 'DELETE') window.sessionStorage.removeItem(`chicago.invite.${gameId}`);
      await refresh();
    } catch (error) { box.append(el('p', { class: 'failure', role: 'alert' }, errorText(error))); }
  };
  box.replaceChildren(
    el('h2', {}, t('Invite your friends')),
    el('p', {}, link ? t('Send this link to the friends who will play:') : t('There is no valid link now: make a new one.')),
    url,
    el('div', { class: 'row' },
      el('button', { class: 'btn small', type: 'button', id: 'copy-link', disabled: !link,
        onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }, t('Copy the link')),
      el('button', { class: 'btn small', type: 'button', id: 'renew-link', onclick: act('POST', '/invite') }, t('New link')),
      el('button', { class: 'btn small', type: 'button', id: 'revoke-link', disabled: !live.invite, onclick: act('DELETE', '/invite') }, t('Revoke the link')),
      el('button', { class: 'btn primary', type: 'button', id: 'start-game', onclick: act('POST', '/start') }, t('Start the game'))),
    el('p', { class: 'help' }, t('Seats still free when you start are played by bots.')));
}

await loadCatalog();
translateShell();
const newForm = document.getElementById('new-table');
if (newForm) newTablePage(newForm);
const join = document.getElementById('join');
if (join) joinPage(join);
