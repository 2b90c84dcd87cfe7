// The session cookie's attributes. HttpOnly: no script of the page can read it (document.cookie
// lacks it). SameSite=Strict: no other site's page or link makes the browser send it. Under https
// it is Secure and named with the __Host- prefix, which browsers accept only from this very host,
// for the whole site, over https: no sibling subdomain can plant or shadow it.

const NAME = 'icd_session';

export function cookieName(secure: boolean): string {
	return secure ? `__Host-${NAME}` : NAME;
}

/** A Set-Cookie value carrying the sealed session, kept by the browser for `maxAgeSeconds`. */
export function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
	return [
		`${cookieName(secure)}=${value}`,
		'Path=/',
		`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
		'HttpOnly',
		'SameSite=Strict',
		...(secure ? ['Secure'] : [])
	].join('; ');
}

/** A Set-Cookie value that makes the browser drop the session. */
export function clearedCookie(secure: boolean): string {
	return sessionCookie('', 0, secure);
}
