// The JSON API client shared by the pages: CSRF double-submit header, errors as ApiError.
import { t } from './i18n.js';

export class ApiError extends Error {
  constructor(status, body) {
    const message = (body && body.error) || t('The server answered {status}', { status });
    super(message);
    this.status = status;
    this.rule = (body && body.rule) || null;
    this.body = body;
  }
}

export function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)chicago_csrf=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : '';
}

async function ensureCsrf() {
  if (csrfToken()) return;
  // The server sets the CSRF cookie on its first response; ask for one harmless page of JSON.
  try { await fetch('/api/auth/me', { credentials: 'same-origin' }); } catch (_) { /* below */ }
}

export async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  const options = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    options.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    await ensureCsrf();
    headers['X-CSRF-Token'] = csrfToken();
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiError(0, { error: t('The server cannot be reached ({reason})', { reason: error.message }) });
  }
  if (response.status === 204) return null;
  let data = null;
  try { data = await response.json(); } catch (_) { data = null; }
  if (!response.ok) {
    if (data && typeof data.error !== 'string' && data.detail) {
      data = { error: typeof data.detail === 'string' ? data.detail : JSON.stringify(data.detail) };
    }
    throw new ApiError(response.status, data);
  }
  return data;
}

export function errorText(error) {
  if (error instanceof ApiError) return error.rule ? `${error.message} (${error.rule})` : error.message;
  return String(error && error.message ? error.message : error);
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
