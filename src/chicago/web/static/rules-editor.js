// The rules of a new table: a preset, or a preset with knobs changed ("custom"), and the link
// to those rules in words. One editor for every table a player makes (alone against bots in
// the lobby, with friends at /tables/new; templates/_rules_editor.html): the knobs, their
// choices and their words come from /api/profiles, in the page's language. The server checks
// what is sent (a change that contradicts another knob is refused, naming both).
import { api, el, errorText } from './api.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Wire the editor of the page; `profile()` is what to send as a new table's `profile`
 * (a preset id, or {base, changes}), or null while the knobs are still loading. `kept`:
 * changes {knob: value} to show on the chosen base once its knobs are in (a player's last
 * custom rules, with "custom" and the base already chosen in the page's selects). */
export function rulesEditor(kept = null) {
  const profileSelect = $('profile');
  const rulesLink = $('rules-link');
  const editor = $('custom-editor');
  const baseSelect = $('custom-base');
  const knobsBox = $('knobs');
  const summary = $('custom-summary');
  let pending = kept && typeof kept === 'object' ? kept : null;
  let profiles = null; // {presets: [...], choices: {knob: [value, ...]}, words: {knob: {label, values}}}

  // The server words every knob and value (text/knob_words.py, tested there): a missing one
  // is an error that shows, never a knob id or raw value slipped in front of a player.
  const wordsOf = (knob) => {
    if (!profiles.words[knob]) throw new Error(`no words for the rule knob ${knob}`);
    return profiles.words[knob];
  };
  const label = (knob) => wordsOf(knob).label;
  const words = (knob, value) => {
    const at = profiles.choices[knob].findIndex((v) => JSON.stringify(v) === JSON.stringify(value));
    if (at < 0) throw new Error(`${JSON.stringify(value)} is not a choice of the rule knob ${knob}`);
    return wordsOf(knob).values[at];
  };
  const basePreset = () => profiles.presets.find((p) => p.id === baseSelect.value);

  function changes() {
    const base = basePreset();
    const out = {};
    for (const select of knobsBox.querySelectorAll('select[data-knob]')) {
      const knob = select.dataset.knob;
      const value = JSON.parse(select.value);
      if (JSON.stringify(value) !== JSON.stringify(base.knobs[knob])) out[knob] = value;
    }
    return out;
  }

  function rulesUrl() {
    if (profileSelect.value !== 'custom') return `/rules?profile=${encodeURIComponent(profileSelect.value)}`;
    if (!profiles) return '/rules';
    const query = new URLSearchParams({ profile: baseSelect.value });
    for (const [knob, value] of Object.entries(changes())) query.set(knob, value === null ? 'none' : String(value));
    return `/rules?${query}`;
  }

  function updateSummary() {
    if (!profiles) return;
    const changed = Object.entries(changes()).map(([k, v]) => t('{knob}: {value}', { knob: label(k), value: words(k, v) }));
    summary.textContent = changed.length ? t('Changed: {changes}.', { changes: changed.join('; ') }) : t('No changes yet: this is the preset as it is.');
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
        values.map((v) => el('option', { value: JSON.stringify(v) }, words(knob, v))));
      select.value = JSON.stringify(base.knobs[knob]);
      if (pending && knob in pending && values.some((v) => JSON.stringify(v) === JSON.stringify(pending[knob]))) {
        select.value = JSON.stringify(pending[knob]);
      }
      knobsBox.append(el('div', { class: 'row knob' }, el('label', { for: id }, label(knob)), select));
    }
    pending = null; // the kept changes apply to the first knobs shown, not to another base
    updateSummary();
  }

  async function load() {
    try {
      profiles = await api('GET', '/api/profiles');
      renderKnobs();
    } catch (error) {
      knobsBox.replaceChildren(el('p', { class: 'form-error' }, t('The rule knobs could not be loaded: {error}', { error: errorText(error) })));
    }
  }

  function showEditor() {
    editor.hidden = profileSelect.value !== 'custom';
    if (profileSelect.value === 'custom' && !profiles) load();
    rulesLink.href = rulesUrl();
  }

  profileSelect.addEventListener('change', showEditor);
  baseSelect.addEventListener('change', renderKnobs);
  showEditor(); // a choice the browser kept from an earlier visit

  return {
    profile() {
      if (profileSelect.value !== 'custom') return profileSelect.value;
      if (!profiles) return null;
      const changed = changes();
      return Object.keys(changed).length ? { base: baseSelect.value, changes: changed } : baseSelect.value;
    },
  };
}
