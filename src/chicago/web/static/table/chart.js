// The score chart: every seat's score after each finished deal, one scale, the target dashed.
import { t } from '../i18n.js';
import { S, profile } from './state.js';
import { SEAT_COLOURS } from '../faces.js';
import { name } from './words.js';

function escape(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

export function chartSvg() {
  const history = (S.table && S.table.history) || [];
  if (!history.length) return `<p class="help">${escape(t('The score chart starts after the first deal.'))}</p>`;
  const n = S.table.view.seats;
  const target = profile().target ?? 52;
  const series = [];
  for (let seat = 0; seat < n; seat += 1) series.push([0, ...history.map((h) => h.scores[seat])]);
  const all = series.flat();
  const top = Math.max(target, ...all);
  const bottom = Math.min(0, ...all);
  const W = 300; const H = 150; const L = 26; const R = 8; const T = 8; const B = 20;
  const deals = history.length;
  const x = (i) => L + ((W - L - R) * i) / Math.max(1, deals);
  const y = (s) => T + ((H - T - B) * (top - s)) / Math.max(1, top - bottom);
  const title = escape(t('Scores after each deal'));
  const last = history[history.length - 1].scores.map((s, seat) => `${name(seat)} ${s}`).join(', ');
  let out = `<svg class="score-chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${title}: ${escape(last)}"><title>${title}</title>`;
  out += `<line class="axis" x1="${L}" y1="${y(bottom)}" x2="${W - R}" y2="${y(bottom)}"></line>`;
  out += `<line class="axis" x1="${L}" y1="${T}" x2="${L}" y2="${y(bottom)}"></line>`;
  out += `<line class="target" x1="${L}" y1="${y(target)}" x2="${W - R}" y2="${y(target)}"></line>`;
  out += `<text class="tick" x="${L - 4}" y="${y(target) + 4}" text-anchor="end">${target}</text>`;
  out += `<text class="tick" x="${L - 4}" y="${y(0) + 4}" text-anchor="end">0</text>`;
  const step = Math.max(1, Math.ceil(deals / 8));
  for (let i = step; i <= deals; i += step) out += `<text class="tick" x="${x(i)}" y="${H - 5}" text-anchor="middle">${history[i - 1].deal}</text>`;
  series.forEach((values, seat) => {
    const pts = values.map((s, i) => `${x(i).toFixed(1)},${y(s).toFixed(1)}`).join(' ');
    out += `<polyline class="line" points="${pts}" stroke="${SEAT_COLOURS[seat]}"></polyline>`;
    const end = values.length - 1;
    out += `<circle cx="${x(end).toFixed(1)}" cy="${y(values[end]).toFixed(1)}" r="3" fill="${SEAT_COLOURS[seat]}"><title>${escape(name(seat))}: ${values[end]}</title></circle>`;
  });
  return `${out}</svg>`;
}
