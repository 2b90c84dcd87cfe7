// The explorer's questions to Domain GenAI: one turn per POST, sent once (the client never
// retries it, and neither does anything here), and conversation deletion for "New conversation".
import { json } from '@sveltejs/kit';
import type { Dataset } from '../../types/dataset';
import type { AskFailure, AskTurn } from '../../types/search';
import type { GenaiTurn } from './adapters/genai';
import { failure, NO_STORE, service } from './endpoints';
import { ServiceError, statusForBrowser } from './errors';
import { isAbort } from './timing';

const MAX_QUESTION = 4000;

interface AskBody {
	dataset: Dataset;
	question: string;
	conversationId?: string;
	country?: string;
	entity?: string;
}

function parseAsk(body: unknown): { ok: true; value: AskBody } | { ok: false; message: string } {
	if (!body || typeof body !== 'object') return { ok: false, message: 'The request must be a JSON object.' };
	const b = body as Record<string, unknown>;
	if (b.dataset !== 'icd' && b.dataset !== 'icdb') return { ok: false, message: 'Choose the dataset to ask: icd or icdb.' };
	const question = typeof b.question === 'string' ? b.question.trim() : '';
	if (!question) return { ok: false, message: 'Type a question.' };
	if (question.length > MAX_QUESTION) return { ok: false, message: `The question is too long (at most ${MAX_QUESTION} characters).` };
	const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
	return { ok: true, value: { dataset: b.dataset, question, conversationId: text(b.conversationId), country: text(b.country), entity: text(b.entity) } };
}

export function toTurn(dataset: Dataset, question: string, t: GenaiTurn): AskTurn {
	return {
		dataset,
		question,
		answer: t.answer,
		sources: t.sources.map((s, i) => ({
			citation: s.citation ?? i + 1,
			// Sources carry their dataset label; a deployment that leaves it out answers for the dataset asked.
			dataset: datasetOf(s.dataset ?? s.source_database) ?? dataset,
			component: s.source_component === 'image' ? 'image' : 'video',
			uuid: s.uuid.toLowerCase(),
			title: s.title,
			primary_date: s.primary_date,
			primary_country: s.primary_country,
			entity: s.entity,
			section: s.section_type,
			excerpt: s.excerpt
		})),
		responseId: t.response_id,
		conversationId: t.conversation_id,
		expiresAt: t.conversation_expires_at,
		absoluteExpiresAt: t.conversation_absolute_expires_at,
		usage: t.usage,
		creditsRemaining: t.credits_remaining
	};
}

function datasetOf(label: string | undefined): Dataset | undefined {
	const d = label?.toLowerCase();
	return d === 'icd' || d === 'icdb' ? d : undefined;
}

function askFailure(error: ServiceError): AskFailure {
	if (error.code === 'conversation_unavailable') {
		return { code: error.code, conversationGone: true, message: 'This conversation is no longer available (it expired, was deleted, or belongs to another key). Start a new conversation to ask again.' };
	}
	if (error.code === 'credits_exhausted' || error.status === 402) return { code: 'credits_exhausted', message: 'This key has no credits left for Domain GenAI. Ask the service administrator for more.' };
	if (error.status === 0) return { code: error.code, message: `${error.message} The question may or may not have reached the service; sending it again would be billed as another turn.` };
	return { code: error.code, message: error.message };
}

/** POST /api/ask {dataset, question, conversationId?, country?, entity?} : one turn. */
export async function askEndpoint(request: Request, url: URL): Promise<Response> {
	const body = await request.json().catch(() => null);
	const parsed = parseAsk(body);
	if (!parsed.ok) return failure(parsed.message, 400);
	const a = parsed.value;
	try {
		const turn = await service(url).client.genaiTurn(
			a.dataset,
			{ question: a.question, conversation_id: a.conversationId, primary_country: a.country, entity: a.entity },
			{ signal: request.signal }
		);
		return json(toTurn(a.dataset, a.question, turn), { headers: NO_STORE });
	} catch (error) {
		if (error instanceof ServiceError) return json(askFailure(error), { status: statusForBrowser(error), headers: NO_STORE });
		if (isAbort(error, request.signal)) return failure('The request was cancelled.', 499);
		console.error('[explorer] unexpected error:', error);
		return failure('Something went wrong on the explorer server.', 500);
	}
}

/** DELETE /api/ask/{dataset}/{conversationId} : ends a conversation (idempotent). */
export async function endConversationEndpoint(params: Record<string, string>, url: URL, signal: AbortSignal): Promise<Response> {
	const dataset = params.dataset;
	if (dataset !== 'icd' && dataset !== 'icdb') return failure(`Unknown dataset "${dataset}".`, 400);
	if (!params.conversation || params.conversation.length > 200) return failure('Not a conversation id.', 400);
	try {
		await service(url).client.deleteConversation(dataset, params.conversation, { signal });
		return new Response(null, { status: 204, headers: NO_STORE });
	} catch (error) {
		if (error instanceof ServiceError) return json(askFailure(error), { status: statusForBrowser(error), headers: NO_STORE });
		return failure('Something went wrong on the explorer server.', 500);
	}
}
