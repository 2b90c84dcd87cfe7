// The page's calls to the explorer's /api/search and /api/ask. A question is POSTed once: no
// retry here either (the explorer's server and its service client send it exactly once).
import type { Dataset } from '../../types/dataset';
import type { AskFailure, AskTurn, SearchResult, UnderstoodGroup } from '../../types/search';

async function message(response: Response): Promise<string> {
	const body = await response.json().catch(() => null);
	return body?.message ?? `The explorer's server answered ${response.status}.`;
}

export interface SearchInput {
	mode: 'keyword' | 'meaning';
	query: string;
	datasets: Dataset[];
	components: string[];
	country?: string;
	entity?: string;
	from?: string;
	to?: string;
	/** 1-based page of results (more past the first 50). */
	page?: number;
	/** Parts of the question the analyst removed. */
	ignore?: UnderstoodGroup[];
}

export async function searchRecords(input: SearchInput, signal?: AbortSignal): Promise<SearchResult> {
	const q = new URLSearchParams({ mode: input.mode, q: input.query, datasets: input.datasets.join(','), components: input.components.join(',') });
	for (const k of ['country', 'entity', 'from', 'to'] as const) if (input[k]) q.set(k, input[k]!);
	if (input.page && input.page > 1) q.set('page', String(input.page));
	if (input.ignore?.length) q.set('ignore', input.ignore.join(','));
	const response = await fetch(`/api/search?${q}`, { signal });
	if (!response.ok) throw new Error(await message(response));
	return response.json();
}

export interface AskInput {
	dataset: Dataset;
	question: string;
	conversationId?: string;
	country?: string;
	entity?: string;
	from?: string;
	to?: string;
	component?: 'video' | 'image';
	ignore?: UnderstoodGroup[];
}

export async function askQuestion(input: AskInput): Promise<{ ok: true; turn: AskTurn } | { ok: false; failure: AskFailure }> {
	let response: Response;
	try {
		response = await fetch('/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
	} catch {
		return { ok: false, failure: { message: 'The explorer could not be reached. The question may not have been sent; sending it again could be billed as another turn.' } };
	}
	if (response.ok) return { ok: true, turn: await response.json() };
	const body = await response.json().catch(() => null);
	return { ok: false, failure: { message: body?.message ?? `The explorer's server answered ${response.status}.`, code: body?.code, conversationGone: !!body?.conversationGone } };
}

export async function endConversation(dataset: Dataset, conversationId: string): Promise<void> {
	const response = await fetch(`/api/ask/${dataset}/${encodeURIComponent(conversationId)}`, { method: 'DELETE' });
	if (!response.ok && response.status !== 404) throw new Error(await message(response));
}
