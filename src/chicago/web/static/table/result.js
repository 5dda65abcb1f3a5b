// The result screen: the winner in one sentence, the final scores, the chart and the seed.
import { el } from '../api.js';
import { t } from '../i18n.js';
import { chartSvg } from './chart.js';
import { announce } from './log.js';
import { $, S } from './state.js';
import { SEAT_COLOURS, name, points, winSentence } from './words.js';

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

export function showResult() {
  if (!S.table) return;
  const v = S.table.view;
  const winner = S.table.winner ?? v.winner;
  const won = gameWonEvent();
  $('result-winner').textContent = winner === null || winner === undefined
    ? t('The game is over.') : winSentence(winner, won ? won.reason : null);
  const order = [...Array(v.seats).keys()].sort((a, b) => (b === winner) - (a === winner) || v.scores[b] - v.scores[a] || a - b);
  $('final-scores').replaceChildren(...order.map((seat) => el('li', { class: seat === winner ? 'winner' : '', 'data-seat': seat },
    el('span', { class: 'swatch', style: `background:${SEAT_COLOURS[seat]}` }),
    el('span', { class: 'fs-name' }, name(seat)),
    el('span', { class: 'fs-score' }, points(v.scores[seat])),
    el('span', { class: 'fs-flags' }, flags(seat, winner, v)))));
  $('result-chart').innerHTML = chartSvg();
  $('result-seed').textContent = S.table.seed !== null && S.table.seed !== undefined
    ? t('Seed {seed}: the same seed and the same moves replay this game card for card.', { seed: S.table.seed }) : '';
  $('result').hidden = false;
  $('new-game').focus();
  announce($('result-winner').textContent, 'award');
}
