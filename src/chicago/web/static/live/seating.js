// A table with people around the game: before the start, the creator's link and code (with
// copy buttons), each free seat freed or given to a bot, and the start; for everyone, who
// sits where, leave the table; during the game, hand one's seat to a bot or take it back.
// Every request is made here and the table comes back on the socket (or is fetched again).
import { api, el, errorText } from '../api.js';
import { t } from '../i18n.js';
import { dispatch } from '../table/dispatch.js';
import { confirmDialog } from '../table/panel.js';
import { rulesTitle } from '../table/board.js';
import { $, S, base, has, live, profile } from '../table/state.js';
import { name } from '../table/words.js';
import { DEFAULT_LEVEL, LEVELS, levelName } from '../levels.js';
import { botName } from './words.js';


/** Send a request of the seating box (or the side panel's seat box, `where`); a refusal is
 * shown in that box in the server's words, which are in the reader's language. */
async function act(method, suffix, body, where = 'seating') {
  S.failure = null;
  try {
    const answer = await api(method, `${base}${suffix}`, body);
    await dispatch('refetch');
    return answer;
  } catch (error) {
    S.failure = { text: errorText(error), where };
    dispatch('redraw');
    return null;
  }
}

/** The last refusal, in the box where the player asked (before the start the seating box
 * stands where the decision panel would, so every refusal is shown there). */
function failureIn(where) {
  const f = S.failure;
  const open = live() && live().status === 'open';
  if (!f || !(open ? where === 'seating' : f.where === where)) return null;
  return el('p', { class: `failure ${f.kind || ''}`.trim(), id: `${where}-failure`, role: 'alert' }, f.text);
}

function copyButton(id, text, label) {
  const button = el('button', { class: 'btn small', type: 'button', id, 'aria-label': label }, t('Copy'));
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = t('Copied');
    } catch (_) {
      button.textContent = t('Select and copy it');
    }
  });
  return button;
}

/** The creator's link and code, whenever the creator opens the table and it is open. */
function linkBox(l) {
  const link = l.link || null;
  if (!link) {
    return [el('p', {}, t('There is no working invitation now: make a new one.')),
      el('div', { class: 'row' }, el('button', { class: 'btn small', type: 'button', id: 'renew-link', onclick: () => act('POST', '/invite') }, t('New link')))];
  }
  const url = link.path ? `${window.location.origin}${link.path}` : null;
  return [
    el('p', {}, url ? t('Send your friends this link, or tell them the code to type in the lobby:')
      : t('Tell your friends the code to type in the lobby, or make a new link to send.')),
    url ? el('div', { class: 'row link-row' },
      el('input', { id: 'invite-link', readonly: true, value: url, 'aria-label': t('Invitation link') }),
      copyButton('copy-link', url, t('Copy the invitation link'))) : null,
    el('div', { class: 'row link-row' },
      el('output', { id: 'invite-code', class: 'table-code', 'aria-label': t('Table code') }, link.code || ''),
      link.code ? copyButton('copy-code', link.code, t('Copy the table code')) : null),
    el('div', { class: 'row' },
      el('button', { class: 'btn small', type: 'button', id: 'renew-link', onclick: () => act('POST', '/invite') }, t('New link')),
      el('button', { class: 'btn small', type: 'button', id: 'revoke-link', onclick: () => act('DELETE', '/invite') }, t('Revoke the link'))),
    el('p', { class: 'help' }, t('A new link and code replace the old ones: the friends who have them need the new ones.')),
  ];
}

/** The creator's choice for a seat nobody has taken yet, or a bot's: free or a bot's level. */
function seatChoice(p) {
  const id = `seat-kind-${p.seat}`;
  const value = p.kind === 'bot' ? p.level || DEFAULT_LEVEL : 'free';
  const select = el('select', { id, 'aria-label': t('Seat {n}: who plays it', { n: p.seat + 1 }) },
    el('option', { value: 'free', selected: value === 'free' }, t('Free for a friend')),
    ...LEVELS.map((level) => el('option', { value: level, selected: value === level }, t('Bot ({level})', { level: levelName(level) }))));
  select.addEventListener('change', () => act('PUT', `/seats/${p.seat}`,
    select.value === 'free' ? { kind: 'free' } : { kind: 'bot', level: select.value }));
  return select;
}

function seatList(l) {
  return el('ul', { class: 'seat-list', 'aria-label': t('Seats') }, ...l.players.map((p) => {
    const taken = p.kind === 'person' && p.name;
    const who = p.seat === S.me ? t('{name} (you)', { name: p.name || t('You') })
      : taken ? p.name : p.kind === 'bot' ? botName(p) : t('Free seat');
    const canChoose = l.creator && !taken && p.seat !== S.me;
    // A rematch keeps each person's seat until they press "Play again" too.
    const waiting = p.accepted === false && p.seat !== S.me;
    return el('li', { 'data-seat': p.seat },
      el('span', { class: 'seat-no' }, t('Seat {n}', { n: p.seat + 1 })), ' ',
      canChoose && !waiting ? seatChoice(p) : el('span', {}, who),
      waiting ? el('span', { class: 'help' }, ' ', t('(not back yet)')) : null);
  }));
}

async function leave() {
  const l = live();
  const open = l.status === 'open';
  const closing = open && l.creator;
  const ok = await confirmDialog(closing ? t('Close this table?') : t('Leave this table?'), closing
    ? t('The game has not started: the table closes, your friends\' seats go with it, and the link and code stop working.')
    : open ? t('Your seat becomes free again for someone with the link.')
      : t('A bot plays your seat from now on, and the table leaves your list.'),
  closing ? t('Close the table') : t('Leave the table'));
  if (!ok) return;
  S.failure = null;
  try {
    await api('POST', `${base}/leave`);
    window.location.assign('/');
  } catch (error) {
    S.failure = { text: t('You did not leave: {error}', { error: errorText(error) }), where: open ? 'seating' : 'my-seat' };
    dispatch('redraw');
  }
}

function leaveButton() {
  const l = live();
  const closing = l.status === 'open' && l.creator;
  return el('button', { class: 'btn small ghost', type: 'button', id: 'leave-table', onclick: leave },
    closing ? t('Close the table') : t('Leave the table'));
}

/** Draw the seating box from the table shown (nothing at a single player's game). */
export function renderSeating() {
  const box = $('seating');
  const mine = $('my-seat');
  const l = live();
  if (!has('seating')) return; // a single player's game, a watch link
  const seated = Boolean(l && S.me !== null);
  box.hidden = !seated || l.status !== 'open';
  mine.hidden = !seated || l.status !== 'playing' || S.table.status === 'finished';
  if (!seated) return;
  if (l.status === 'open') {
    // Before the start (nothing is dealt) the seats take the hand's place, the start first.
    box.replaceChildren(
      el('div', { class: 'seating-main' },
        el('h2', {}, l.creator ? t('Your table: invite your friends') : t('Waiting for the creator to start the game')),
        el('div', { class: 'row' },
          l.creator ? el('button', { class: 'btn primary', type: 'button', id: 'start-game', onclick: () => act('POST', '/start') }, t('Start the game')) : null,
          leaveButton()),
        failureIn('seating'),
        l.creator ? linkBox(l) : null),
      el('div', { class: 'seating-seats' },
        seatList(l),
        el('p', { id: 'seating-rules' }, t('Rules: {title}', { title: rulesTitle(profile()) })),
        l.creator ? el('p', { class: 'help' }, t('Seats still free when you start are played by bots.')) : null));
    return;
  }
  if (mine.hidden) return;
  const away = Boolean(l.players[S.me] && l.players[S.me].away);
  $('my-seat-buttons').replaceChildren(
    el('button', { class: 'btn small', type: 'button', id: 'away-toggle', onclick: () => act('POST', '/away', { away: !away }, 'my-seat') },
      away ? t('Take my seat back') : t('Let a bot play for me')),
    leaveButton());
  const failure = failureIn('my-seat');
  if (failure) $('my-seat-buttons').append(failure);
}
