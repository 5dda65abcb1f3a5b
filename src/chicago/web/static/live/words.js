// Words of the pages around a table with people (new table, join): through t().
import { api } from '../api.js';
import { setCatalog, t } from '../i18n.js';

/** Use the server's catalog for the browser's language (Accept-Language); English if none. */
export async function loadCatalog() {
  try { setCatalog((await api('GET', '/api/keep/catalog')).messages); } catch (_) { /* English */ }
}

/** A bot level's name. */
export function levelName(level) {
  return { easy: t('easy'), normal: t('normal'), hard: t('hard') }[level] || level || t('normal');
}

/** A seat's name: the person's, or "Bot (level)", or "Free seat". */
export function seatName(player) {
  if (!player) return '';
  if (player.kind === 'bot') return t('Bot ({level})', { level: levelName(player.level) });
  if (!player.name) return t('Free seat');
  return player.name;
}

