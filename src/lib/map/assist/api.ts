// The page's calls to the explorer's /api/search and /api/ask. A question is POSTed once: no
// retry here either (the explorer's server and its service client send it exactly once).
import type { AskBody } from '../../explorer-api/schemas';
import { searchParams, type SearchInput } from '../../explorer-api/requests';
import type { Dataset } from '../../types/dataset';
import type { AskFailure, AskTurn, SearchResult } from '../../types/search';

export type { SearchInput };

async function message(response: Response): Promise<string> {
	const body = await response.json().catch(() => null);
	return body?.message ?? `The explorer's server answered ${response.status}.`;
}

export async function searchRecords(input: SearchInput, signal?: AbortSignal): Promise<SearchResult> {
	const response = await fetch(`/api/search?${searchParams(input)}`, { signal });
	if (!response.ok) throw new Error(await message(response));
	return response.json();
}

/** One question, POSTed as the body the explorer's server reads (explorer-api/schemas.ts: askBody). */
export async function askQuestion(input: AskBody): Promise<{ ok: true; turn: AskTurn } | { ok: false; failure: AskFailure }> {
	let response: Response;
	try {
		response = await fetch('/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
	} catch {
		return {
			ok: false,
			failure: { message: 'The explorer could not be reached. The question may not have been sent; sending it again could be billed as another turn.' }
		};
	}
	if (response.ok) return { ok: true, turn: await response.json() };
	const body = await response.json().catch(() => null);
	return {
		ok: false,
		failure: { message: body?.message ?? `The explorer's server answered ${response.status}.`, code: body?.code, conversationGone: !!body?.conversationGone }
	};
}

export async function endConversation(dataset: Dataset, conversationId: string): Promise<void> {
	const response = await fetch(`/api/ask/${dataset}/${encodeURIComponent(conversationId)}`, { method: 'DELETE' });
	if (!response.ok && response.status !== 404) throw new Error(await message(response));
}
