// The account page: deleting the account once the password and the box confirm it. Every
// word shown comes from the page itself or from the server's one-sentence errors.
import { api, errorText } from './api.js';

const form = document.getElementById('delete-account');
if (form) {
  const error = document.getElementById('delete-error');
  const unconfirmed = document.getElementById('delete-unconfirmed');
  const box = document.getElementById('delete-confirm');
  const button = form.querySelector('button[type=submit]');
  // An error is about what was typed or ticked: it goes as soon as that changes.
  form.password.addEventListener('input', () => { error.hidden = true; });
  box.addEventListener('change', () => { unconfirmed.hidden = true; error.hidden = true; });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    unconfirmed.hidden = box.checked;
    if (!box.checked) { box.focus(); return; }
    button.disabled = true;
    try {
      await api('DELETE', '/api/auth/account', { password: form.password.value });
      // Nothing of the account stays on the page: not its name, its games, nor the header's
      // "Signed in as": the reader is a guest now.
      document.getElementById('account-live').remove();
      const corner = document.getElementById('auth');
      const guest = document.getElementById('guest-corner');
      if (corner && guest) corner.replaceChildren(guest.content.cloneNode(true));
      const done = document.getElementById('account-deleted');
      done.hidden = false;
      done.querySelector('a').focus();
    } catch (err) {
      error.textContent = errorText(err);
      error.hidden = false;
      form.password.focus();
    } finally {
      button.disabled = false;
    }
  });
}
