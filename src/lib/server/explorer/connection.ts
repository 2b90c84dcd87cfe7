// Which service the explorer talks to, and with which key: the remote deployment at ICD_BASE_URL,
// or the embedded service of this very server, reached over loopback HTTP like any remote one,
// except for geo-manifest pages, which it answers in process (service/direct.ts).
import { createHash } from 'node:crypto';
import type { Settings } from '../env';
import type { Runtime } from '../runtime';
import { directGeoManifest, directScope } from '../service/direct';
import { Pacer } from './pacer';
import { ServiceClient } from './client';

export interface Connection {
	origin: 'embedded' | 'remote';
	baseUrl: string;
	/** Server-side only: never put in a response. */
	apiKey: string;
}

/** The service and key: the analyst's key when one is signed in, else the server-held one. */
export function connectionFor(settings: Settings, localKey: () => string, devOrigin?: string, analystKey?: string): Connection {
	if (settings.remoteBaseUrl) return { origin: 'remote', baseUrl: settings.remoteBaseUrl, apiKey: analystKey ?? settings.remoteApiKey };
	// Under `vite dev` the server is not on PORT; it answers on the origin the browser used.
	const baseUrl = devOrigin ?? `http://${loopbackHost(settings.host)}:${settings.port}`;
	return { origin: 'embedded', baseUrl, apiKey: analystKey ?? (settings.remoteApiKey || localKey()) };
}

/** A wildcard listen address is not an address to connect to: use the loopback interface. */
function loopbackHost(host: string): string {
	if (host === '' || host === '0.0.0.0' || host === 'localhost') return '127.0.0.1';
	if (host === '::' || host === '[::]') return '[::1]';
	return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Clients kept at most: one per analyst signed in lately; the least recently used goes first. */
const MAX_CLIENTS = 1000;
const clients = new Map<string, ServiceClient>();

/** The service of this server's settings and its client, as the explorer's endpoints reach it. */
export function serviceOf(rt: Runtime, devOrigin?: string, analystKey?: string): { connection: Connection; client: ServiceClient } {
	const connection = connectionFor(rt.settings, () => rt.localKey, devOrigin, analystKey);
	return { connection, client: clientFor(connection, connection.origin === 'embedded' ? rt : undefined) };
}

/**
 * One client (and so one Pacer) per service and key, shared by every request of this process, so
 * that an analyst's concurrent walks pace together by their key's rate limit. Found by a hash of
 * the key, not the key itself. With the embedded service's runtime, geo-manifest pages are asked
 * for in process.
 */
export function clientFor(connection: Connection, embedded?: Runtime): ServiceClient {
	const id = createHash('sha256').update(`${connection.baseUrl}\n${connection.apiKey}`).digest('base64url');
	let client = clients.get(id);
	if (client) clients.delete(id);
	else client = newClient(connection, embedded);
	clients.set(id, client);
	if (clients.size > MAX_CLIENTS) clients.delete(clients.keys().next().value!);
	return client;
}

/** A client of its own, shared with nobody: for checking a pasted key before it is anyone's. */
export function newClient(connection: Connection, embedded?: Runtime): ServiceClient {
	return new ServiceClient({
		baseUrl: connection.baseUrl,
		apiKey: connection.apiKey,
		pacer: new Pacer(),
		direct: embedded && directGeoManifest(embedded),
		scope: embedded && directScope(embedded)
	});
}
