// The explorer's questions to Domain GenAI: one turn per POST, sent once (the client never
// retries it, and neither does anything here), and conversation deletion for "New conversation".
import { json } from '@sveltejs/kit';
import type { Dataset } from '../../types/dataset';
import type { AskFailure, AskTurn, UnderstoodGroup } from '../../types/search';
import { parse } from '../../explorer-api/parse';
import { askBody, conversationRef, type AskBody } from '../../explorer-api/schemas';
import type { GenaiRequest, GenaiTurn } from './adapters/genai';
import { decodeFigures, decodeInterpretation } from './adapters/interpretation';
import type { ServiceClient } from './client';
import { failure, NO_STORE, service } from './endpoints';
import { ServiceError, statusForBrowser } from './errors';
import { isAbort } from './timing';

/** The request fields that are additions of the embedded service (docs/api.md), not the spec's. */
const ADDITIONS = ['date_from', 'date_to', 'source_component', 'ignore'] as const;

/**
 * One turn. A deployment that does not take the additions refuses them with a 400, which bills
 * nothing; the turn is then asked once more without them, and the turn's notes say so.
 */
export async function askOnce(client: ServiceClient, a: AskBody, signal: AbortSignal): Promise<{ turn: GenaiTurn; notes: string[] }> {
	const body: GenaiRequest = {
		question: a.question,
		conversation_id: a.conversationId,
		primary_country: a.country,
		entity: a.entity,
		date_from: a.from,
		date_to: a.to,
		source_component: a.component,
		ignore: a.ignore
	};
	const sendsAdditions = ADDITIONS.some((k) => body[k] !== undefined);
	try {
		return { turn: await client.genaiTurn(a.dataset, body, { signal }), notes: [] };
	} catch (error) {
		if (!sendsAdditions || !refusedAddition(error)) throw error;
		for (const k of ADDITIONS) delete body[k];
		const turn = await client.genaiTurn(a.dataset, body, { signal });
		return { turn, notes: ["This service does not take the map's dates, component or removed parts with a question: it was asked without them."] };
	}
}

/** A 400 bills nothing: when the additions were sent, asking once more without them is safe. */
function refusedAddition(error: unknown): boolean {
	return error instanceof ServiceError && error.status === 400;
}

export function toTurn(dataset: Dataset, question: string, t: GenaiTurn, ignored?: UnderstoodGroup[], notes: string[] = []): AskTurn {
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
			primary_id: s.primary_id,
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
		creditsRemaining: t.credits_remaining,
		interpretation: decodeInterpretation(t.interpretation),
		figures: decodeFigures(t.figures),
		ignored,
		notes
	};
}

function datasetOf(label: string | undefined): Dataset | undefined {
	const d = label?.toLowerCase();
	return d === 'icd' || d === 'icdb' ? d : undefined;
}

function askFailure(error: ServiceError): AskFailure {
	if (error.code === 'conversation_unavailable') {
		return {
			code: error.code,
			conversationGone: true,
			message: 'This conversation is no longer available (it expired, was deleted, or belongs to another key). Start a new conversation to ask again.'
		};
	}
	if (error.code === 'credits_exhausted' || error.status === 402)
		return { code: 'credits_exhausted', message: 'This key has no credits left for Domain GenAI. Ask the service administrator for more.' };
	if (error.status === 0)
		return {
			code: error.code,
			message: `${error.message} The question may or may not have reached the service; sending it again would be billed as another turn.`
		};
	return { code: error.code, message: error.message };
}

/** POST /api/ask {dataset, question, conversationId?, country?, entity?, from?, to?, component?, ignore?} : one turn. */
export async function askEndpoint(request: Request, url: URL): Promise<Response> {
	const body = await request.json().catch(() => null);
	const parsed = parse(askBody, body);
	if (!parsed.ok) return failure(parsed.message, 400);
	const a = parsed.value;
	try {
		const { turn, notes } = await askOnce(service(url).client, a, request.signal);
		return json(toTurn(a.dataset, a.question, turn, a.ignore, notes), { headers: NO_STORE });
	} catch (error) {
		if (error instanceof ServiceError) return json(askFailure(error), { status: statusForBrowser(error), headers: NO_STORE });
		if (isAbort(error, request.signal)) return failure('The request was cancelled.', 499);
		console.error('[explorer] unexpected error:', error);
		return failure('Something went wrong on the explorer server.', 500);
	}
}

/** DELETE /api/ask/{dataset}/{conversationId} : ends a conversation (idempotent). */
export async function endConversationEndpoint(params: Record<string, string>, url: URL, signal: AbortSignal): Promise<Response> {
	const parsed = parse(conversationRef, params);
	if (!parsed.ok) return failure(parsed.message, 400);
	const { dataset, conversation } = parsed.value;
	try {
		await service(url).client.deleteConversation(dataset, conversation, { signal });
		return new Response(null, { status: 204, headers: NO_STORE });
	} catch (error) {
		if (error instanceof ServiceError) return json(askFailure(error), { status: statusForBrowser(error), headers: NO_STORE });
		return failure('Something went wrong on the explorer server.', 500);
	}
}
