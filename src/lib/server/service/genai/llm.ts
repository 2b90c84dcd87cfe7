// Optional OpenAI-compatible chat provider (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY). One request a
// turn and no automatic retry: a turn is billable and the spec forbids replaying it. Citations
// in the answer are checked against the sources; any [n] that names no source is removed.
import type { Settings } from '../../env';
import { ProblemError } from '../problems';
import type { ChatMessage } from './prompt';

const TIMEOUT_MS = 60_000;

export interface LlmAnswer {
	text: string;
	usage: { prompt: number; output: number } | null;
}

export async function chat(config: Settings['llm'], messages: ChatMessage[], fetcher: typeof fetch = fetch): Promise<LlmAnswer> {
	let body: { choices?: { message?: { content?: unknown } }[]; usage?: { prompt_tokens?: number; completion_tokens?: number } };
	try {
		const response = await fetcher(`${config.baseUrl}/chat/completions`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
			body: JSON.stringify({ model: config.model, messages, temperature: 0 }),
			signal: AbortSignal.timeout(TIMEOUT_MS)
		});
		if (!response.ok) throw new Error(`${config.baseUrl}/chat/completions answered HTTP ${response.status}`);
		body = await response.json();
	} catch (error) {
		// The cause can name internal hosts: it goes to the server log, the caller gets a stable sentence.
		console.error('[service] language model request failed:', error);
		throw new ProblemError('upstream_unavailable', 'The configured language model did not answer.');
	}
	const text = body.choices?.[0]?.message?.content;
	if (typeof text !== 'string' || !text.trim()) throw new ProblemError('upstream_unavailable', 'The configured language model returned no answer.');
	const u = body.usage;
	const usage =
		u && Number.isInteger(u.prompt_tokens) && Number.isInteger(u.completion_tokens) ? { prompt: u.prompt_tokens!, output: u.completion_tokens! } : null;
	return { text, usage };
}

/** Removes citations that point at no source; returns the checked text and how many were removed. */
export function checkCitations(text: string, sourceCount: number): { text: string; removed: number } {
	let removed = 0;
	const checked = text.replace(/\s?\[(\d+)\]/g, (m, n) => {
		const i = Number(n);
		if (i >= 1 && i <= sourceCount) return m;
		removed++;
		return '';
	});
	return { text: checked, removed };
}
