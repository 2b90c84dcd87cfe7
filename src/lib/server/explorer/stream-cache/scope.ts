// Which copy of the record stream a key may be served: its visibility scope. Keys that see exactly
// the same records share one copy; any difference in what they may see means another copy, so a
// narrower key never receives a byte of a wider one's.
//   - The embedded service in this process can say what a key may see (service/direct.ts): its
//     datasets with the geo feature, its entity restriction, and whether it may look records up
//     by component id (which decides how the stream names them). Keys alike in these share.
//   - A remote service cannot: each key is a scope of its own.
// An entry is named by an HMAC of its scope with the cache's secret: the name says nothing of the
// key, and cannot confirm a guess of one without that secret.
import { createHash, createHmac } from 'node:crypto';
import type { PartId } from '../../../types/stream';
import type { Connection } from '../connection';
import type { ServiceClient } from '../client';
import type { RecordNaming } from '../record-naming';

export interface StreamScope {
	/** Names the cache entry (32 hex digits). */
	entry: string;
	/**
	 * How the stream names the records, when the scope says (the embedded service numbers its
	 * components by primary_id, so a key with the lookup feature opens records by it): no lookup
	 * needs asking at each load (record-naming.ts). Unknown for a remote service.
	 */
	naming?: RecordNaming;
}

/**
 * The scope of the client's key for a stream of `parts`; null when the key is refused (the load
 * then goes to the service as it is, and is refused there as ever).
 */
export async function streamScope(secret: Buffer, connection: Connection, client: ServiceClient, parts: readonly PartId[]): Promise<StreamScope | null> {
	const known = client.visibilityScope();
	if (known) {
		const scope = await known;
		if (!scope) return null;
		const described = { service: 'embedded', datasets: scope.datasets, entities: scope.entities, lookup: scope.lookup };
		return { entry: entryName(secret, described, parts), naming: scope.lookup ? 'primary-id' : 'uuid' };
	}
	return { entry: entryName(secret, { service: connection.baseUrl, key: createHash('sha256').update(connection.apiKey).digest('hex') }, parts) };
}

function entryName(secret: Buffer, scope: unknown, parts: readonly PartId[]): string {
	return name(secret, JSON.stringify({ scope, parts: [...parts].sort() }));
}

/**
 * The name under which the page keeps its own copy of the stream (the browser's cache): one per
 * analyst (their key) and scope, so that nobody signing in next on the same browser reads it.
 */
export function pageCacheName(secret: Buffer, connection: Connection, scope: StreamScope): string {
	return name(secret, JSON.stringify({ page: scope.entry, key: createHash('sha256').update(connection.apiKey).digest('hex'), service: connection.baseUrl }));
}

function name(secret: Buffer, text: string): string {
	return createHmac('sha256', secret).update(text).digest('hex').slice(0, 32);
}
