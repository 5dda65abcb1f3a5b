// The result screen: the winner in one sentence, the final scores, the chart, the seed, the
// replay with the coach's review, and a new game (at a table with people: play again).
import { el } from '../api.js';
import { ngettext, t } from '../i18n.js';
import { chartSvg } from './chart.js';
import { dispatch } from './dispatch.js';
import { announce, tell } from './log.js';
import { $, S, live } from './state.js';
import { SEAT_COLOURS } from '../faces.js';
import { name, points } from './words.js';

export function gameWonEvent() {
  const sources = [S.dealEvents, S.table.view.log, S.table.events || []];
  for (const list of sources) {
    const found = [...list].reverse().find((e) => e && e.type === 'game_won');
    if (found) return found;
  }
  return null;
}

function flags(seat, winner, v) {
  return [seat === winner ? t('winner') : '', v.qualified[seat] ? t('called Chicago') : '', v.eliminated[seat] ? t('eliminated') : '']
    .filter(Boolean).join(' · ');
}

/** A rated person's change in this game, "Rating 1512 → 1527 (+15)" (at a rated table,
 * once the game is over: live.ratings), else null. */
function ratingChange(seat) {
  const l = live();
  const found = l && l.ratings ? l.ratings.find((r) => r.seat === seat) : null;
  if (!found) return null;
  const change = found.change > 0 ? `+${found.change}`
    : found.change < 0 ? `\u2212${-found.change}` : '\u00b10';
  return el('span', { class: 'fs-rating' },
    t('Rating {before} → {after} ({change})', { before: found.before, after: found.after, change }));
}

export function showResult() {
  if (!S.table) return;
  const v = S.table.view;
  const winner = S.table.winner ?? v.winner;
  const won = gameWonEvent();
  const told = winner === null || winner === undefined || !won ? [] : tell(won);
  $('result-winner').replaceChildren(...(told.length ? told : [t('The game is over.')]));
  const order = [...Array(v.seats).keys()].sort((a, b) => (b === winner) - (a === winner) || v.scores[b] - v.scores[a] || a - b);
  $('final-scores').replaceChildren(...order.map((seat) => el('li', { class: seat === winner ? 'winner' : '', 'data-seat': seat },
    el('span', { class: 'swatch', style: `background:${SEAT_COLOURS[seat]}` }),
    el('span', { class: 'fs-name' }, name(seat)),
    el('span', { class: 'fs-score' }, points(v.scores[seat])),
    el('span', { class: 'fs-flags' }, flags(seat, winner, v)),
    ratingChange(seat))));
  $('result-chart').innerHTML = chartSvg();
  $('result-seed').textContent = S.table.seed !== null && S.table.seed !== undefined
    ? t('Seed {seed}: the same seed and the same moves replay this game card for card.', { seed: S.table.seed }) : '';
  renderAgain();
  $('result').hidden = false;
  ($('play-again').hidden ? $('new-game') : $('play-again')).focus();
  announce($('result-winner').textContent, 'award');
}

let againClock = null;

/** At a table with people: "Play again" (the same people in the same seats), who has
 * accepted and how long the others' seats wait before a bot takes them. */
export function renderAgain() {
  const l = live();
  const button = $('play-again');
  const box = $('again-status');
  window.clearInterval(againClock);
  const people = l && S.me !== null;
  button.hidden = !people;
  $('new-game').hidden = Boolean(people);
  if (!people) { box.hidden = true; return; }
  const again = l.again || null;
  const accepted = again ? again.accepted || [] : [];
  button.disabled = accepted.includes(S.me);
  button.onclick = () => dispatch('again');
  const refused = S.againFailure || ''; // kept through the redraws a push brings
  if (!again) { box.hidden = !refused; box.textContent = refused; return; }
  box.hidden = false;
  const names = accepted.map((seat) => name(seat)).join(', ');
  const show = () => {
    const left = again.deadline ? Math.max(0, Math.round((Date.parse(again.deadline) - Date.now()) / 1000)) : null;
    box.textContent = [
      refused,
      accepted.length ? t('Ready to play again: {names}.', { names }) : '',
      left !== null ? ngettext('The new game starts in {n} second; a bot takes the seat of anyone not back.',
        'The new game starts in {n} seconds; a bot takes the seat of anyone not back.', left) : '',
    ].filter(Boolean).join(' ');
  };
  show();
  if (again.deadline) againClock = window.setInterval(show, 1000);
}
