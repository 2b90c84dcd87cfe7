// The name under which the explorer page keeps its own copy of the record stream (map/load/stream-copy.ts),
// written into the page's config: derived here from the analyst's key and scope with the cache's
// secret, so the page learns a name and nothing of the key. No copy when the server keeps none.
import { ALL_PARTS } from '../../../types/stream';
import type { Runtime } from '../../runtime';
import { serviceOf } from '../connection';
import { streamCacheOf } from './index';
import { pageCacheName, streamScope } from './scope';

export async function pageCopyName(rt: Runtime, locals: App.Locals, devOrigin?: string): Promise<string | null> {
	if (locals.authMode === 'signin' && !locals.analyst) return null;
	const cache = streamCacheOf(rt.settings, rt.now);
	if (!cache) return null;
	const { connection, client } = serviceOf(rt, devOrigin, locals.analyst?.key);
	const scope = await streamScope(cache.secret, connection, client, locals.analyst?.parts ?? ALL_PARTS).catch(() => null);
	return scope ? pageCacheName(cache.secret, connection, scope) : null;
}
