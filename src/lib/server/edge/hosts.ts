// Which Host names this server answers to. A page on a foreign domain that re-resolves to this
// machine (DNS rebinding) reaches us with its own name in Host, and the browser then treats our
// answers as that page's own: refusing names we were not configured for closes that door. Vite's
// `server.allowedHosts`, added after its DNS-rebinding advisory, is the precedent for the rules.
import { isIP } from 'node:net';

export interface HostPolicy {
	/** Exact names, lower case. */
	names: Set<string>;
	/** `.example.org` entries: the domain itself and every name under it. */
	domains: string[];
}

export interface HostSources {
	/** The listen address (HOST): a name is allowed, a wildcard or an IP adds nothing. */
	host: string;
	/** The public origin (ORIGIN) a proxy serves us under. */
	origin: string;
	/** ALLOWED_HOSTS, already split. */
	allowed: string[];
}

export function hostPolicy(sources: HostSources): HostPolicy {
	// localhost needs no entry: isHostAllowed answers it (and *.localhost) for every policy.
	const names = new Set<string>();
	const domains: string[] = [];
	const add = (entry: string) => {
		const name = entry.trim().toLowerCase().replace(/\.$/, '');
		if (!name) return;
		if (name.startsWith('.')) domains.push(name.slice(1));
		else names.add(name);
	};
	if (sources.host && !isWildcard(sources.host)) add(sources.host);
	if (sources.origin) add(new URL(sources.origin).hostname);
	for (const entry of sources.allowed) add(entry);
	return { names, domains };
}

function isWildcard(host: string): boolean {
	return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/** The name in a Host header: lower case, without the port, an IPv6 address without brackets. */
export function hostName(header: string): string | null {
	const h = header.trim().toLowerCase();
	if (!h) return null;
	if (h.startsWith('[')) {
		const end = h.indexOf(']');
		return end > 1 ? h.slice(1, end) : null;
	}
	const colon = h.indexOf(':');
	return (colon === -1 ? h : h.slice(0, colon)).replace(/\.$/, '') || null;
}

/**
 * An IP address is always allowed: a rebinding page has a name of the attacker's, and a page
 * served from an address is that address's own origin. `localhost` and `*.localhost` always
 * resolve to loopback in browsers (RFC 6761), so no foreign page can carry them either.
 */
export function isHostAllowed(header: string | null, policy: HostPolicy): boolean {
	const name = header === null ? null : hostName(header);
	if (!name) return false;
	if (isIP(name) !== 0) return true;
	if (name === 'localhost' || name.endsWith('.localhost')) return true;
	if (policy.names.has(name)) return true;
	return policy.domains.some((d) => name === d || name.endsWith('.' + d));
}
