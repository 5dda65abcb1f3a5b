// Every page: the account corner of the header, and the sign-in / sign-up forms.
import { api, errorText } from './api.js';
import { t } from './i18n.js';
import { registerWorker } from './worker.js';

// The account corner comes drawn with the page (base.html); its one action is signing out.
function signOut() {
  const button = document.getElementById('signout');
  if (!button) return;
  button.addEventListener('click', async () => {
    try { await api('POST', '/api/auth/signout'); } catch (_) { /* signed out anyway */ }
    window.location.assign('/');
  });
}

/** An account name as the server takes it: 3 to 32 letters of any script, digits, _ . - */
const ACCOUNT_NAME = /^[\p{L}\p{M}\p{Nd}_.-]{3,32}$/u;

function authForms() {
  for (const form of document.querySelectorAll('form[data-auth]')) {
    // An error is about what was typed: it goes as soon as the field is changed.
    for (const field of form.querySelectorAll('input')) {
      field.addEventListener('input', () => {
        const error = form.querySelector('.form-error');
        error.hidden = true;
        error.textContent = '';
      });
    }
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const mode = form.dataset.auth;
      const error = form.querySelector('.form-error');
      const button = form.querySelector('button[type=submit]');
      const username = form.username.value.trim().normalize('NFKC');
      const password = form.password.value;
      error.hidden = true;
      if (mode === 'signup' && !ACCOUNT_NAME.test(username)) {
        error.textContent = t('The account name needs 3 to 32 letters, digits, _ . or -.');
        error.hidden = false;
        return;
      }
      if (mode === 'signup' && password.length < 8) {
        error.textContent = t('The password needs at least 8 characters.');
        error.hidden = false;
        return;
      }
      if (mode === 'signup' && !password.trim()) {
        error.textContent = t('A password must hold something other than spaces.');
        error.hidden = false;
        return;
      }
      button.disabled = true;
      try {
        // This browser's guest's games come along only when the tick says so (never silently).
        const claim = form.querySelector('#claim-guest');
        const body = { username, password };
        if (claim) body.claim_guest = claim.checked;
        const done = await api('POST', `/api/auth/${mode}`, body);
        // With the box ticked the lobby says how many guest games came along (none, too).
        const moved = claim && claim.checked && done && Number.isInteger(done.claimed_games);
        window.location.assign(moved ? `/?claimed=${done.claimed_games}` : '/');
      } catch (err) {
        error.textContent = errorText(err);
        error.hidden = false;
      } finally {
        button.disabled = false;
      }
    });
  }
}

// The language switch: a plain link that works without script (a cookie); with script the
// choice is also saved on a signed-in account, then the page is shown again in it.
function languageSwitch() {
  for (const link of document.querySelectorAll('#lang-switch a[data-lang], .lang-setting a[data-lang]')) {
    link.addEventListener('click', async (event) => {
      event.preventDefault();
      try {
        await api('POST', '/api/language', { lang: link.dataset.lang });
        window.location.reload();
      } catch (_) {
        window.location.assign(link.href);
      }
    });
  }
}

signOut();
authForms();
languageSwitch();
registerWorker();
