// The TypeScript types a client generated from /openapi.json gets (openapi-typescript), kept in
// the tree as tests/helpers/openapi-types.generated.ts: the generated-client suite
// (tests/service/contract.test.ts) drives the service through openapi-fetch with them, the type
// check compiles that use, and the suite fails when the running server's document would generate
// anything else. `npm run openapi -- types` writes them anew.
import openapiTS, { astToString } from 'openapi-typescript';

export const CLIENT_TYPES_FILE = 'tests/helpers/openapi-types.generated.ts';

const HEADER = [
	'// Generated from /openapi.json by openapi-typescript (scripts/openapi/client-types.ts): do not edit.',
	'// `npm run openapi -- types` writes it anew; tests/service/contract.test.ts fails while it is stale.',
	''
].join('\n');

export async function clientTypes(doc: Record<string, unknown>): Promise<string> {
	// The document is given as an object: nothing is fetched or read from disk.
	const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0], { silent: true });
	return HEADER + astToString(ast);
}
