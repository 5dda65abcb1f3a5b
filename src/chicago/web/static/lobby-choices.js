// The choices of a game against the computer (players, their levels, the rules): behind the
// lobby's "More choices", kept in this browser so that "Against the computer" is one press
// with the last game's choices, and said in one line under that button. The rules editor is
// rules-editor.js; the seed is never kept (the same seed would deal the same game again).
import { el } from './api.js';
import { N_, t } from './i18n.js';
import { BOT_NAMES } from './faces.js';
import { rulesEditor } from './rules-editor.js';

const KEY = 'chicago.lobby.choices';
const NAMES = [N_('You'), ...BOT_NAMES];
export const seatName = (seat) => (seat === 0 ? t(NAMES[0]) : NAMES[seat]);

const byId = (id) => document.getElementById(id);
const seatsSelect = byId('seats');
const levelSelect = byId('level');
const perSeat = byId('per-seat');
const seatLevels = byId('seat-levels');
const profileSelect = byId('profile');
const summary = byId('start-choices');

function remembered() {
  try {
    const kept = JSON.parse(window.localStorage.getItem(KEY) || 'null');
    return kept && typeof kept === 'object' ? kept : {};
  } catch (_) { return {}; } // no storage, or a damaged entry: the page's own defaults
}

const isOption = (select, value) => [...select.options].some((o) => o.value === String(value));
const kept = remembered();
// A kept custom rule set: the editor shows its base with its changes once the knobs are in.
const keptCustom = kept.profile && typeof kept.profile === 'object' && isOption(profileSelect, kept.profile.base)
  ? kept.profile : null;

function renderSeatLevels(levels = []) {
  const n = Number(seatsSelect.value);
  const previous = [...seatLevels.querySelectorAll('select')].map((s) => s.value);
  seatLevels.replaceChildren();
  for (let seat = 1; seat < n; seat += 1) {
    const id = `level-${seat}`;
    // the levels and their words as the page's own level choice offers them (the server's)
    const select = el('select', { id, 'data-seat': seat },
      [...levelSelect.options].map((o) => el('option', { value: o.value }, o.textContent)));
    const wanted = levels[seat - 1] || previous[seat - 1];
    select.value = wanted && isOption(levelSelect, wanted) ? wanted : levelSelect.value;
    seatLevels.append(el('div', { class: 'row' }, el('label', { for: id }, t('Seat {n}: {name}', { n: seat, name: seatName(seat) })), select));
  }
}

function showPerSeat() {
  seatLevels.hidden = !perSeat.checked;
  levelSelect.disabled = perSeat.checked;
}

// The kept choices, where they are still choices this page offers.
if (isOption(seatsSelect, kept.seats)) seatsSelect.value = String(kept.seats);
if (isOption(levelSelect, kept.level)) levelSelect.value = kept.level;
if (Array.isArray(kept.levels) && kept.levels.length) {
  perSeat.checked = true;
  renderSeatLevels(kept.levels);
}
showPerSeat();
if (keptCustom) {
  profileSelect.value = 'custom';
  byId('custom-base').value = keptCustom.base;
} else if (typeof kept.profile === 'string' && isOption(profileSelect, kept.profile) && kept.profile !== 'custom') {
  profileSelect.value = kept.profile;
}
const rules = rulesEditor(keptCustom ? keptCustom.changes : null);

/** The rules to send: the editor's, or, while its knobs are still loading, the kept ones. */
function profile() {
  const chosen = rules.profile();
  return chosen === null && keptCustom ? keptCustom : chosen;
}

/** A new game's choices as POST /api/games takes them (without the seed), or null while the
 * custom rules' knobs are loading. */
export function choices() {
  const body = { seats: Number(seatsSelect.value) };
  if (perSeat.checked) body.levels = [...seatLevels.querySelectorAll('select')].map((s) => s.value);
  else body.level = levelSelect.value;
  body.profile = profile();
  return body.profile === null ? null : body;
}

const words = (select) => (select.selectedOptions[0] || select.options[0]).textContent;

function sayChoices() {
  const level = perSeat.checked ? t('a level per seat') : words(levelSelect);
  const base = profileSelect.value === 'custom' ? byId('custom-base') : profileSelect;
  const chosen = profile();
  const changed = chosen !== null && typeof chosen === 'object';
  const rulesWords = changed ? t('{rules}, changed', { rules: words(base) }) : words(base);
  summary.textContent = t('{n} players · {level} · {rules}', { n: seatsSelect.value, level, rules: rulesWords });
}

/** Keep the choices for the next visit and say them under the button. */
export function remember() {
  sayChoices();
  const body = choices();
  if (body === null) return;
  try { window.localStorage.setItem(KEY, JSON.stringify(body)); } catch (_) { /* not kept */ }
}

seatsSelect.addEventListener('change', () => { if (perSeat.checked) renderSeatLevels(); });
levelSelect.addEventListener('change', () => {
  for (const select of seatLevels.querySelectorAll('select')) select.value = levelSelect.value;
});
perSeat.addEventListener('change', () => {
  showPerSeat();
  if (perSeat.checked) renderSeatLevels();
});
// After the handlers above (and the editor's): every change is kept as it is made.
byId('new-game').addEventListener('change', () => window.setTimeout(remember));
sayChoices();
