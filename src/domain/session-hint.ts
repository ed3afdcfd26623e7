// Public pages are one HTML for every visitor (decision 002); what depends on the session comes from islands
// after load. So that a signed-in visitor sees no flash of "Ingresar" first, a cookie page scripts may read
// says only that someone is signed in and as which account type (nothing secret: the token stays HttpOnly).
// An inline script marks <html data-session="match|hire"> before the first paint; CSS shows the reserved
// account area instead of the sign-in link; the session island then asks the server who it is.
export const SESSION_HINT_COOKIE = 'tandem_signed_in';
export type SessionHint = 'match' | 'hire';

/** The head script's step (`d` is <html>): run before the first paint. Cookies throw in a sandboxed frame. */
export const SESSION_HINT_STEP = `try{var m=/(?:^|; )${SESSION_HINT_COOKIE}=(match|hire)(?:;|$)/.exec(document.cookie);m&&d.setAttribute('data-session',m[1])}catch(e){}`;
