// The scorekeeper's answer buttons: one small form per question the pad asks.
// `choices(ask, pad, t, submit)` returns the buttons; `submit(entry)` sends the entry.

import { el } from './api.js';

function button(label, onClick, extra = {}) {
  const b = el('button', { class: 'btn', type: 'button', ...extra }, label);
  b.addEventListener('click', onClick);
  return b;
}

function toggle(label, pressed, onChange) {
  const b = el('button', { class: 'btn keep-toggle', type: 'button', 'aria-pressed': String(pressed) }, label);
  b.addEventListener('click', () => {
    const now = b.getAttribute('aria-pressed') !== 'true';
    b.setAttribute('aria-pressed', String(now));
    onChange(now);
  });
  return b;
}

function upperFirst(text) {  // a sentence that starts with a category's name
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function active(pad) {
  return pad.players.filter((p) => !p.out);
}

function grid(...children) {
  return el('div', { class: 'keep-grid' }, ...children);
}

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

function stageForm(ask, pad, t, submit, state, redraw) {
  if (!state.category) {
    return [grid(...pad.categories.map((c) => button(c.label, () => {
      if (c.id === 'none') {
        submit({ kind: 'stage', deal: ask.deal, number: ask.number, seats: [], category: 'none' });
        return;
      }
      state.category = c.id;
      state.seats = [];
      state.rank = null;
      redraw();
    }, { 'data-category': c.id })))];
  }
  const label = pad.categories.find((c) => c.id === state.category).label;
  const out = [el('p', { class: 'keep-step' }, upperFirst(t('{category}: who had it? Tap two or more for an exact tie.', { category: label })))];
  out.push(grid(...active(pad).map((p) => toggle(p.name, state.seats.includes(p.seat), (on) => {
    state.seats = on ? [...state.seats, p.seat] : state.seats.filter((x) => x !== p.seat);
  }))));
  const needsRank = state.category === 'four_of_a_kind' && ask.rank_needed;
  if (needsRank) {
    out.push(el('p', { class: 'keep-step' }, t('Which rank?')));
    const ranks = el('div', { class: 'keep-grid keep-ranks', role: 'group', 'aria-label': t('Which rank?') },
      ...RANKS.map((r, i) => toggle(r, state.rank === i + 2, (on) => {
        state.rank = on ? i + 2 : null;
        for (const other of ranks.children) {
          if (other.textContent !== r) other.setAttribute('aria-pressed', 'false');
        }
      })));
    out.push(ranks);
  }
  out.push(el('div', { class: 'keep-row' },
    button(t('Back'), () => { state.category = null; redraw(); }),
    button(t('Save'), () => {
      const entry = { kind: 'stage', deal: ask.deal, number: ask.number, seats: state.seats, category: state.category };
      if (needsRank && state.rank) entry.rank = state.rank;
      submit(entry);
    }, { class: 'btn primary', 'data-save': '' })));
  return out;
}

export function choices(ask, pad, t, submit, state, redraw) {
  const name = (seat) => pad.players[seat].name;
  if (ask.kind === 'stage') return stageForm(ask, pad, t, submit, state, redraw);
  if (ask.kind === 'exchange') {  // R2.4: one player: no / yes; several: pick, or nobody
    const send = (seats) => submit({ kind: 'exchange', deal: ask.deal, number: ask.number, seats });
    if (ask.seats.length === 1) {
      const x = ask.seats[0];
      return [grid(
        button(t('No'), () => send([]), { 'data-nobody': '' }),
        button(t('Yes, {name} exchanged', { name: name(x) }), () => send([x]), { 'data-exchanged': String(x) }),
      )];
    }
    state.seats = state.seats || [];
    return [
      grid(...ask.seats.map((x) => toggle(name(x), state.seats.includes(x), (on) => {
        state.seats = on ? [...state.seats, x] : state.seats.filter((y) => y !== x);
      }))),
      el('div', { class: 'keep-row' },
        button(t('Nobody'), () => send([]), { 'data-nobody': '' }),
        button(t('Save'), () => send(state.seats || []), { class: 'btn primary', 'data-save': '' })),
    ];
  }
  if (ask.kind === 'quads') {
    return [grid(
      button(t('Take the points'), () => submit({ kind: 'quads', deal: ask.deal, choice: 'points' })),
      button(t('Reset the others'), () => submit({ kind: 'quads', deal: ask.deal, choice: 'reset' })),
    )];
  }
  if (ask.kind === 'chicago') {
    return [grid(
      ...ask.seats.map((x) => button(name(x), () => submit({ kind: 'chicago', deal: ask.deal, seat: x }))),
      button(t('Nobody'), () => submit({ kind: 'chicago', deal: ask.deal, seat: null }), { 'data-nobody': '' }),
    )];
  }
  if (ask.kind === 'tricks') {
    state.two = state.two || false;
    const send = (seat) => submit({ kind: 'tricks', deal: ask.deal, seat, two: seat === ask.caller || ask.caller === null ? state.two : false });
    // a two only where the profile scores it (R6.3)
    const twoToggle = ask.two_counts ? [toggle(t('With a two'), state.two, (on) => { state.two = on; })] : [];
    if (ask.caller !== null) {
      return [
        grid(button(t('{name} took all five', { name: name(ask.caller) }), () => send(ask.caller), { class: 'btn primary' }), ...twoToggle),
        el('p', { class: 'keep-step' }, t('Broken by:')),
        grid(...active(pad).filter((p) => p.seat !== ask.caller).map((p) => button(p.name, () => send(p.seat)))),
      ];
    }
    return [grid(...active(pad).map((p) => button(p.name, () => send(p.seat)))), el('div', { class: 'keep-row' }, ...twoToggle)];
  }
  return [el('a', { class: 'btn primary', href: '/keep' }, t('New score pad'))];
}
