// The lobby: the new-game form (with the custom rules editor), the saved games and imports.
import { ApiError, api, el, errorText } from './api.js';
import { N_, t } from './i18n.js';
import { BOT_NAMES } from './faces.js';

const NAMES = [N_('You'), ...BOT_NAMES];
const seatName = (seat) => (seat === 0 ? t(NAMES[0]) : NAMES[seat]);
const LEVELS = ['easy', 'normal', 'hard'];
const LEVEL_WORDS = { easy: N_('Easy'), normal: N_('Normal'), hard: N_('Hard') };

const KNOB_LABELS = {
  target: N_('Target score'),
  max_discard: N_('Most cards one may discard'),
  exchanges: N_('Exchanges per deal'),
  open_offer: N_('Open offer on a one-card exchange'),
  final_hand_scores: N_('Final hand scores after the tricks'),
  hand_awards: N_('Awards: pair, two pair, trips, straight, flush, full house'),
  quads: N_('Four of a kind'),
  quads_points: N_('Four of a kind: points'),
  straight_flush: N_('Straight flush'),
  straight_flush_points: N_('Straight flush: points'),
  royal_flush: N_('Royal flush'),
  high_score: N_('High-score rule'),
  high_score_threshold: N_('High-score threshold'),
  ties: N_('Exact ties'),
  score_floor: N_('Lowest possible score'),
  chicago_minimum: N_('Chicago: minimum score to call'),
  chicago_timing: N_('Chicago: when it is called'),
  chicago_caller_leads: N_('Chicago: the caller leads'),
  chicago_points: N_('Chicago: points for success'),
  chicago_two_points: N_('Chicago won with a two on the last trick'),
  chicago_penalty: N_('Chicago: points lost when broken'),
  broken_chicago_bonus: N_('Breaking a Chicago gains'),
  final_hand_after_chicago: N_('Final hand still scores after a Chicago'),
  last_trick_points: N_('Last trick: points'),
  last_trick_two_points: N_('Last trick won with a two: points'),
  win: N_('How the game is won'),
  qualification_required: N_('A Chicago call needed to win'),
};

const VALUE_WORDS = {
  choice: N_('8 points or reset the others'),
  points: N_('points only'),
  points_and_reset: N_('points and reset the others'),
  win: N_('wins the game'),
  auto_chicago: N_('counts as a Chicago at the end'),
  as_straight_flush: N_('as a straight flush'),
  reset_opponents: N_('as a straight flush, and reset the others'),
  none: N_('none'),
  reset_on_exchange: N_('exchanging at the threshold resets to 0'),
  block: N_('no exchanges at the threshold'),
  kopstopp: N_('köpstopp (no exchanges once reached)'),
  six_cards: N_('six cards, one discard (once reached)'),
  first_from_dealers_left: N_('first from the dealer\'s left scores'),
  all_score: N_('every tied player scores'),
  after_exchanges: N_('after the last exchange'),
  first_trick: N_('during the first trick'),
  at_target: N_('reach the target (checked after each award)'),
  deal_end_highest: N_('highest at the end of a deal'),
  one_more_award: N_('one more award after reaching the target'),
};

function valueText(knob, value) {
  if (value === true) return t('yes');
  if (value === false) return t('no');
  if (value === null) return knob === 'score_floor' ? t('none (negative allowed)') : t('same as a Chicago');
  if (Array.isArray(value)) return value.join(' · ');
  if (knob === 'win' && value === 'win') return value;
  if (typeof value === 'string') return VALUE_WORDS[value] ? t(VALUE_WORDS[value]) : value.replaceAll('_', ' ');
  return String(value);
}

const form = document.getElementById('new-game');
const seatsSelect = document.getElementById('seats');
const levelSelect = document.getElementById('level');
const perSeat = document.getElementById('per-seat');
const seatLevels = document.getElementById('seat-levels');
const profileSelect = document.getElementById('profile');
const rulesLink = document.getElementById('rules-link');
const editor = document.getElementById('custom-editor');
const baseSelect = document.getElementById('custom-base');
const knobsBox = document.getElementById('knobs');
const summary = document.getElementById('custom-summary');
const formError = document.getElementById('new-game-error');

let profiles = null; // {presets: [...], choices: {...}}

function renderSeatLevels() {
  const n = Number(seatsSelect.value);
  const previous = [...seatLevels.querySelectorAll('select')].map((s) => s.value);
  seatLevels.replaceChildren();
  for (let seat = 1; seat < n; seat += 1) {
    const id = `level-${seat}`;
    const select = el('select', { id, 'data-seat': seat },
      LEVELS.map((level) => el('option', { value: level }, t(LEVEL_WORDS[level]))));
    select.value = previous[seat - 1] || levelSelect.value;
    seatLevels.append(el('div', { class: 'row' }, el('label', { for: id }, t('Seat {n}: {name}', { n: seat, name: seatName(seat) })), select));
  }
}

function basePreset() {
  return profiles.presets.find((p) => p.id === baseSelect.value);
}

function customChanges() {
  const base = basePreset();
  const changes = {};
  for (const select of knobsBox.querySelectorAll('select[data-knob]')) {
    const knob = select.dataset.knob;
    const value = JSON.parse(select.value);
    if (JSON.stringify(value) !== JSON.stringify(base.knobs[knob])) changes[knob] = value;
  }
  return changes;
}

function rulesUrl() {
  if (profileSelect.value !== 'custom') return `/rules?profile=${encodeURIComponent(profileSelect.value)}`;
  if (!profiles) return '/rules';
  const query = new URLSearchParams({ profile: baseSelect.value });
  for (const [knob, value] of Object.entries(customChanges())) query.set(knob, value === null ? 'none' : String(value));
  return `/rules?${query}`;
}

function updateSummary() {
  if (!profiles) return;
  const changes = customChanges();
  const words = Object.entries(changes).map(([k, v]) => `${KNOB_LABELS[k] ? t(KNOB_LABELS[k]) : k}: ${valueText(k, v)}`);
  summary.textContent = words.length ? t('Changed: {changes}.', { changes: words.join('; ') }) : t('No changes yet: this is the preset as it is.');
  rulesLink.href = rulesUrl();
}

function renderKnobs() {
  if (!profiles) return;
  const base = basePreset();
  knobsBox.replaceChildren();
  for (const [knob, values] of Object.entries(profiles.choices)) {
    if (values.length < 2) continue; // nothing to choose
    const id = `knob-${knob}`;
    const select = el('select', { id, 'data-knob': knob, onchange: updateSummary },
      values.map((v) => el('option', { value: JSON.stringify(v) }, valueText(knob, v))));
    select.value = JSON.stringify(base.knobs[knob]);
    knobsBox.append(el('div', { class: 'row knob' }, el('label', { for: id }, KNOB_LABELS[knob] ? t(KNOB_LABELS[knob]) : knob), select));
  }
  updateSummary();
}

async function loadProfiles() {
  try {
    profiles = await api('GET', '/api/profiles');
    renderKnobs();
  } catch (error) {
    knobsBox.replaceChildren(el('p', { class: 'form-error' }, t('The rule knobs could not be loaded: {error}', { error: errorText(error) })));
  }
}

// The table page animates what the bots did before seat 0's first turn (the create and
// import answers carry those events; a plain load of the table does not).
function openTable(table) {
  try {
    if (table.events && table.events.length) {
      window.sessionStorage.setItem(`chicago.events.${table.id}`, JSON.stringify({ version: table.version, events: table.events }));
    }
  } catch (_) { /* no session storage: the table just starts without the animation */ }
  window.location.assign(`/games/${encodeURIComponent(table.id)}`);
}

function showError(box, message) {
  box.textContent = message;
  box.hidden = !message;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  showError(formError, '');
  const seats = Number(seatsSelect.value);
  const body = { seats };
  if (perSeat.checked) body.levels = [...seatLevels.querySelectorAll('select')].map((s) => s.value);
  else body.level = levelSelect.value;
  if (profileSelect.value === 'custom') {
    if (!profiles) { showError(formError, t('The rule knobs are not loaded yet.')); return; }
    const changes = customChanges();
    body.profile = Object.keys(changes).length ? { base: baseSelect.value, changes } : baseSelect.value;
  } else {
    body.profile = profileSelect.value;
  }
  const seedText = document.getElementById('seed').value.trim();
  if (seedText) {
    if (!/^\d+$/.test(seedText)) { showError(formError, t('The seed must be a whole number (or empty for a random one).')); return; }
    body.seed = Number(seedText);
  } else {
    body.seed = null;
  }
  const button = document.getElementById('start');
  button.disabled = true;
  button.textContent = t('Dealing…');
  try {
    const table = await api('POST', '/api/games', body);
    openTable(table);
  } catch (error) {
    showError(formError, errorText(error));
    button.disabled = false;
    button.textContent = t('Deal the cards');
  }
});

seatsSelect.addEventListener('change', renderSeatLevels);
levelSelect.addEventListener('change', () => {
  for (const select of seatLevels.querySelectorAll('select')) select.value = levelSelect.value;
});
perSeat.addEventListener('change', () => {
  seatLevels.hidden = !perSeat.checked;
  levelSelect.disabled = perSeat.checked;
  if (perSeat.checked) renderSeatLevels();
});
profileSelect.addEventListener('change', () => {
  editor.hidden = profileSelect.value !== 'custom';
  if (profileSelect.value === 'custom' && !profiles) loadProfiles();
  rulesLink.href = rulesUrl();
});
baseSelect.addEventListener('change', renderKnobs);
rulesLink.href = rulesUrl();

// Saved games -------------------------------------------------------------------------------

function when(text) {
  if (!text) return '';
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function profileName(profile) {
  if (!profile) return '';
  const id = typeof profile === 'string' ? profile : profile.id;
  const preset = [...profileSelect.options].find((o) => o.value === id);
  if (preset) return preset.textContent;
  if (typeof profile !== 'string' && profile.title) return profile.title;
  return id ? t('custom rules ({id})', { id }) : '';
}

/** Delete a saved game; one that is already gone (another tab deleted it) just leaves the list. */
function deleteButton(game) {
  const label = t('Delete the {n}-player game last played {when}', { n: game.seats, when: when(game.updated || game.created) });
  const button = el('button', { class: 'btn small danger', type: 'button', 'aria-label': label }, t('Delete'));
  button.addEventListener('click', async () => {
    if (!window.confirm(t('Delete this game and all its moves? This cannot be undone.'))) return;
    button.disabled = true;
    try {
      await api('DELETE', `/api/games/${encodeURIComponent(game.id)}`);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        window.alert(t('The game could not be deleted: {error}', { error: errorText(error) }));
        button.disabled = false;
        return;
      }
    }
    const list = button.closest('ul');
    button.closest('li').remove();
    if (list && !list.children.length) loadGames();
  });
  return button;
}

// An imported game's deals may have been stacked: the row says so, in the page's own words.
function importedMark() {
  const template = document.getElementById('imported-mark');
  return template ? template.content.firstElementChild.cloneNode(true) : null;
}

async function loadGames() {
  const box = document.getElementById('games');
  let data;
  try {
    data = await api('GET', '/api/games');
  } catch (error) {
    box.replaceChildren(el('p', { class: 'form-error' }, t('Your games could not be loaded: {error}', { error: errorText(error) })));
    return;
  }
  const games = (data && data.games) || [];
  if (!games.length) {
    box.replaceChildren(el('p', { class: 'help' }, t('No saved games yet. Deal the cards to start one.')));
    return;
  }
  const list = el('ul', { class: 'games' });
  for (const game of games) {
    const finished = game.status === 'finished';
    const scores = (game.scores || []).map((s, seat) => `${seatName(seat)} ${s}`).join(' · ');
    let status = t('In progress, deal {deal}', { deal: game.deal });
    if (finished) {
      status = game.winner === 0 ? t('Finished: you won')
        : NAMES[game.winner] ? t('Finished: {name} won', { name: NAMES[game.winner] }) : t('Finished');
    }
    const item = el('li', { class: 'game-row', 'data-game': game.id },
      el('div', { class: 'game-main' },
        el('a', { class: 'game-link', href: `/games/${encodeURIComponent(game.id)}` },
          t('{n} players · {rules}', { n: game.seats, rules: profileName(game.profile) })),
        el('span', { class: `status ${finished ? 'done' : 'live'}` }, status),
        el('span', { class: 'game-scores' }, scores),
        el('span', { class: 'help' }, t('Last played {when}', { when: when(game.updated || game.created) })),
        game.imported ? importedMark() : null),
      el('div', { class: 'game-actions' },
        el('a', { class: 'btn small primary', href: `/games/${encodeURIComponent(game.id)}` }, finished ? t('View') : t('Resume')),
        deleteButton(game)));
    list.append(item);
  }
  box.replaceChildren(list);
}

// Import ------------------------------------------------------------------------------------

// A form's error is about what was chosen: it goes as soon as the choice changes.
document.getElementById('import-file').addEventListener('change', () => {
  showError(document.getElementById('import-error'), '');
});
document.getElementById('new-game').addEventListener('change', () => showError(formError, ''));

document.getElementById('import').addEventListener('submit', async (event) => {
  event.preventDefault();
  const box = document.getElementById('import-error');
  showError(box, '');
  const file = document.getElementById('import-file').files[0];
  if (!file) { showError(box, t('Choose a game file first.')); return; }
  let text;
  try { text = await file.text(); } catch (error) { showError(box, t('The file could not be read: {error}', { error: error.message })); return; }
  try { JSON.parse(text); } catch (_) { showError(box, t('That file is not a game file: it is not JSON.')); return; }
  try {
    // The file's own text: parsing and re-encoding it here would round a seed above 2^53.
    const table = await api('POST', '/api/games/import', text);
    openTable(table);
  } catch (error) {
    showError(box, errorText(error));
  }
});

loadGames();
