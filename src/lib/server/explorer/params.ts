// The explorer endpoints' inputs, checked with messages people can act on.
import { COMPONENTS, DATASETS, type Component, type Dataset } from '../../types/dataset';
import { isIdRef } from '../../stream/decode';
import { MAX_STREAM_ID, type PartId } from '../../types/stream';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const STREAM_PARAMS = new Set(['datasets', 'components']);
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** `?datasets=icd,icdb&components=video,image` (each defaults to all) → the parts to walk. */
export function parseStreamQuery(query: URLSearchParams, alsoExpected?: string): Parsed<PartId[]> {
	for (const name of query.keys()) {
		if (!STREAM_PARAMS.has(name)) return { ok: false, message: `Unknown parameter "${name}"; expected datasets and components${alsoExpected ? ` (and ${alsoExpected})` : ''}.` };
		if (query.getAll(name).length > 1) return { ok: false, message: `The parameter "${name}" is given more than once; list values separated by commas.` };
	}
	const datasets = list(query.get('datasets'), DATASETS, parseDataset, 'dataset');
	if (!datasets.ok) return datasets;
	const components = list(query.get('components'), COMPONENTS, parseComponent, 'component');
	if (!components.ok) return components;
	return { ok: true, value: datasets.value.flatMap((d) => components.value.map((c) => `${d}/${c}` as PartId)) };
}

/** A version of the record stream, as the explorer's server names them (stream-cache/snapshot.ts). */
const STREAM_VERSION = /^[0-9a-f]{24}$/;

/**
 * /api/stream's query: the parts (parseStreamQuery), and `since`, the version of the stream the
 * page already holds (from a 'done' message), to be sent only what is newer.
 */
export function parseStreamRequest(query: URLSearchParams): Parsed<{ parts: PartId[]; since: string | null }> {
	const since = query.getAll('since');
	if (since.length > 1) return { ok: false, message: 'The parameter "since" is given more than once.' };
	if (since.length === 1 && !STREAM_VERSION.test(since[0])) return { ok: false, message: `"since" must be a version of the record stream (24 hexadecimal digits), as its 'done' message gives it; got "${since[0].slice(0, 40)}".` };
	const rest = new URLSearchParams([...query].filter(([k]) => k !== 'since'));
	const parts = parseStreamQuery(rest, 'since');
	return parts.ok ? { ok: true, value: { parts: parts.value, since: since[0] ?? null } } : parts;
}

/** A record named by its uuid or by its primary_id (the component id, as the record stream names it). */
export interface RecordRef {
	dataset: Dataset;
	component: Component;
	uuid?: string;
	primaryId?: number;
}

/** `{dataset}/{component}/{ref}`: ref is a uuid (with its dashes) or a primary_id (digits). */
export function parseRecordRef(params: { dataset?: string; component?: string; ref?: string }): Parsed<RecordRef> {
	const dataset = parseDataset(params.dataset ?? '');
	if (!dataset) return { ok: false, message: `Unknown dataset "${params.dataset}"; expected ${DATASETS.join(' or ')}.` };
	const component = parseComponent(params.component ?? '');
	if (!component) return { ok: false, message: `Unknown component "${params.component}"; expected ${COMPONENTS.join(' or ')}.` };
	const ref = params.ref ?? '';
	if (UUID.test(ref)) return { ok: true, value: { dataset, component, uuid: ref.toLowerCase() } };
	if (isIdRef(ref) && Number(ref) <= MAX_STREAM_ID) return { ok: true, value: { dataset, component, primaryId: Number(ref) } };
	return { ok: false, message: `"${ref}" is neither a record uuid nor a record id (primary_id).` };
}

function parseDataset(text: string): Dataset | undefined {
	const value = text.trim().toLowerCase();
	return DATASETS.find((d) => d === value);
}

/** "video" or "videos", as people (and the service's paths) say it. */
function parseComponent(text: string): Component | undefined {
	const value = text.trim().toLowerCase().replace(/s$/, '');
	return COMPONENTS.find((c) => c === value);
}

function list<T extends string>(text: string | null, all: readonly T[], parse: (s: string) => T | undefined, noun: string): Parsed<T[]> {
	if (text === null || text.trim() === '') return { ok: true, value: [...all] };
	const values: T[] = [];
	for (const word of text.split(',')) {
		const value = parse(word);
		if (!value) return { ok: false, message: `Unknown ${noun} "${word.trim()}"; expected ${all.join(', ')}.` };
		if (!values.includes(value)) values.push(value);
	}
	return { ok: true, value: values };
}
