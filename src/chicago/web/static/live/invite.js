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

/** A refusal of the name (taken at this table, or not a name): said by the name field. */
function nameRefused(error) {
  const field = document.getElementById('name');
  const box = document.getElementById('name-error');
  // A table that started or filled up says why (`reason`); a refused name does not.
  if (!box || !(error.status === 409 || error.status === 422) || (error.body && error.body.reason)) return false;
  box.textContent = errorText(error);
  box.hidden = false;
  field.setAttribute('aria-invalid', 'true');
  field.setAttribute('aria-describedby', 'name-error');
  field.focus();
  return true;
}

/** A link that leads nowhere says why, and leads to the lobby. */
function deadLink(error) {
  const reasons = {
    revoked: t('The creator of the table has withdrawn this invitation.'),
    renewed: t('The creator of the table has made a new invitation: ask them for the new link or code.'),
    unknown: t('There is no table with this link or code: check it for typing mistakes.'),
    started: t('This table has already started without you.'),
    full: t('Every seat at this table is taken.'),
  };
  const reason = error.body && error.body.reason;
  const box = document.getElementById('dead-link');
  box.replaceChildren(
    el('h2', {}, t('This invitation does not work')),
    // One sentence says why: the server's own words only for a reason without a sentence here.
    el('p', { id: 'dead-reason', 'data-reason': reason || '' }, reasons[reason] || errorText(error)),
    el('p', {}, el('a', { class: 'btn primary', href: '/', id: 'to-lobby' }, t('Go to the lobby'))));
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
      el('label', { for: id }, t('Seat {n}', { n: i + 2 })),
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
  } catch (error) {
    form.hidden = true;
    if (error.status === 404 || error.status === 409 || error.status === 410) deadLink(error); else fail(error);
    return;
  }
  if (preview.you !== null) { window.location.replace(`/tables/${encodeURIComponent(preview.id)}`); return; }
  list.replaceChildren(...preview.players.map((p) => el('li', {}, t('Seat {n}', { n: p.seat + 1 }), ': ', seatName(p))));
  const name = document.getElementById('name');
  const known = await signedInName();
  if (known && !name.value) name.value = known;
  form.dataset.ready = 'true';
  name.addEventListener('input', () => {
    document.getElementById('name-error').hidden = true;
    name.removeAttribute('aria-invalid');
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const seated = await api('POST', `/api/invites/${encodeURIComponent(token)}`, { name: document.getElementById('name').value });
      window.location.assign(`/tables/${encodeURIComponent(seated.id)}`);
    } catch (error) {
      if (!nameRefused(error)) fail(error);
    }
  });
}

await loadCatalog();
translateShell();
const newForm = document.getElementById('new-table');
if (newForm) newTablePage(newForm);
const join = document.getElementById('join');
if (join) joinPage(join);
