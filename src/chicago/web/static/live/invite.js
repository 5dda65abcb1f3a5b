// Making a table with friends (its rules from the lobby's own editor), the invitation link,
// and sitting down with it: the page says who invites, the rules and the turn timer.
import { api, el, errorText } from '../api.js';
import { t } from '../i18n.js';
import { LEVELS, levelName } from '../levels.js';
import { rulesEditor } from '../rules-editor.js';
import { seatName } from './words.js';

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
  const choices = [['friend', t('A friend')], ...LEVELS.map((level) => [level, t('Bot ({level})', { level: levelName(level) })])];
  box.replaceChildren(...Array.from({ length: count - 1 }, (_, i) => {
    const id = `player-${i + 1}`;
    return el('div', { class: 'row' },
      el('label', { for: id }, t('Seat {n}', { n: i + 2 })),
      el('select', { id, name: id }, ...choices.map(([value, label]) =>
        el('option', { value, selected: value === 'friend' && i === 0 }, label))));
  }));
}

async function newTablePage(form) {
  const rules = rulesEditor();
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
    const profile = rules.profile();
    if (profile === null) { fail(new Error(t('The rule knobs are not loaded yet.'))); return; }
    try {
      const table = await api('POST', '/api/tables', {
        name: name.value, seats: n, players, profile,
        timer: Number(document.getElementById('timer').value),
        listed: document.getElementById('listed').checked,
      });
      window.location.assign(`/tables/${encodeURIComponent(table.id)}`);
    } catch (error) { fail(error); }
  });
}

/** Who invites, to which rules (the preset and each change, in words) and timer. */
function showAbout(preview) {
  document.getElementById('join-inviter').textContent = preview.inviter
    ? t('{name} invites you to a table for {n} players.', { name: preview.inviter, n: preview.seats })
    : t('A table for {n} players.', { n: preview.seats });
  const rules = preview.rules;
  const link = el('a', { href: `/rules?profile=${encodeURIComponent(rules.id)}`, target: '_blank', rel: 'noopener' }, rules.title);
  document.getElementById('join-rules').replaceChildren(link,
    rules.changes.length ? el('span', { class: 'changes' }, ' ', t('Changed: {changes}.', { changes: rules.changes.join('; ') })) : '');
  document.getElementById('join-timer').textContent = preview.timer_words;
  document.getElementById('join-about').hidden = false;
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
  showAbout(preview);
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

const newForm = document.getElementById('new-table');
if (newForm) newTablePage(newForm);
const join = document.getElementById('join');
if (join) joinPage(join);
