// The one way up: drawing code never calls the code that talks to the server. A control
// says what the player decided (`dispatch('send', action)`), and the page's entry module
// has said once who handles it (`on('send', fn)`). State flows down, decisions flow up.
const handlers = new Map();

/** Name the handler of a decision (one per name: the entry module wires them). */
export function on(name, fn) { handlers.set(name, fn); }

/** Pass a decision up; unknown names are a programming error, said in the console. */
export function dispatch(name, ...args) {
  const fn = handlers.get(name);
  if (!fn) { console.error(`no handler for ${name}`); return undefined; }
  return fn(...args);
}
