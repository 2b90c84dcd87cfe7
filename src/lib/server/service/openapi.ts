// /openapi.json, generated from the same zod schemas that validate requests and shape responses.
import { z } from 'zod';
import { COMPONENT_PATH, DATASETS, DATASET_LABEL } from '../../types/dataset';
import { operationId } from './names';
import {
	componentIdParam,
	geoManifestResponse,
	geoQuery,
	imageViewerResponse,
	jsonSchema,
	problemSchema,
	recordDetail,
	searchQuery,
	searchResponse,
	uuidParam,
	videoPlayerResponse
} from './schemas';
import { nlSearchQuery, nlSearchResponse } from './nl/schemas';
import { genaiRequest, genaiResponse } from './genai/schemas';

type JsonSchema = Record<string, unknown>;

/** Query or path parameters from a strict object schema. */
function parameters(schema: z.ZodType, where: 'query' | 'path'): JsonSchema[] {
	const s = jsonSchema(schema, 'input') as { properties: Record<string, JsonSchema>; required?: string[] };
	return Object.entries(s.properties).map(([name, prop]) => ({
		name,
		in: where,
		required: where === 'path' || (s.required ?? []).includes(name),
		schema: prop
	}));
}

const problemResponses = (codes: number[]) =>
	Object.fromEntries(
		codes.map((code) => [
			String(code),
			{
				description:
					{
						400: 'Invalid parameter or cursor',
						401: 'Missing or wrong key',
						402: 'Credits exhausted (credits_exhausted); nothing was consumed',
						403: 'Dataset or feature not permitted',
						404: 'Not found, or conversation_unavailable (expired, deleted, other dataset or other key: one identical body)',
						429: 'Rate limited',
						502: 'The configured model endpoint failed (upstream_unavailable); nothing was consumed',
						503: 'The read side is overloaded (overloaded: the request was not started) or the reader answering stopped (read_interrupted); retry after retry-after'
					}[code] ?? 'Error',
				// The spec gives the 429 body as application/json; the other errors are problem+json.
				content: { [code === 429 ? 'application/json' : 'application/problem+json']: { schema: { $ref: '#/components/schemas/Problem' } } },
				...(code === 429 || code === 503 ? { headers: { 'retry-after': { schema: { type: 'integer' }, description: 'seconds to wait' } } } : {})
			}
		])
	);

const ok = (ref: string) => ({ '200': { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } } });

export function openApiDocument(serverUrl: string): JsonSchema {
	const paths: Record<string, JsonSchema> = {};
	for (const dataset of DATASETS) {
		for (const component of ['video', 'image'] as const) {
			const base = `/v1/${dataset}/${COMPONENT_PATH[component]}`;
			const label = `${DATASET_LABEL[dataset]} ${component}`;
			const errors = problemResponses([400, 401, 403, 429, 503]);
			const errors404 = problemResponses([400, 401, 403, 404, 429, 503]);
			paths[base] = {
				get: {
					operationId: operationId.search(dataset, component),
					summary: `Structured search of ${label} records`,
					parameters: parameters(searchQuery, 'query'),
					responses: { ...ok('SearchResponse'), ...errors }
				}
			};
			paths[`${base}/{uuid}`] = {
				get: {
					operationId: operationId.detail(dataset, component),
					summary: `One ${label} record by uuid`,
					parameters: parameters(uuidParam, 'path'),
					responses: { ...ok('RecordDetail'), ...errors404 }
				}
			};
			paths[`${base}/by-component-id/{component_id}`] = {
				get: {
					operationId: operationId.byComponentId(dataset, component),
					summary: `One ${label} record by component id`,
					parameters: parameters(componentIdParam, 'path'),
					responses: { ...ok('RecordDetail'), ...errors404 }
				}
			};
			paths[`${base}/geo-manifest`] = {
				get: {
					operationId: operationId.geoManifest(dataset, component),
					summary: `Mappable ${label} records, newest first, by cursor`,
					parameters: parameters(geoQuery, 'query'),
					responses: { ...ok('GeoManifestResponse'), ...errors }
				}
			};
		}
		paths[`/v1/${dataset}/videos/{uuid}/player`] = {
			get: {
				operationId: operationId.videoPlayer(dataset),
				summary: `Signed, expiring player URL for a ${DATASET_LABEL[dataset]} video`,
				parameters: parameters(uuidParam, 'path'),
				responses: { ...ok('VideoPlayerResponse'), ...problemResponses([400, 401, 403, 404, 429, 503]) }
			}
		};
		paths[`/v1/${dataset}/nl-search`] = {
			get: {
				operationId: operationId.nlSearch(dataset),
				summary: `Natural language search over ${DATASET_LABEL[dataset]} video and image records: ranked by meaning, no generated answer`,
				parameters: parameters(nlSearchQuery, 'query'),
				responses: { ...ok('NlSearchResponse'), ...problemResponses([400, 401, 403, 429, 503]) }
			}
		};
		paths[`/v1/${dataset}/domain-genai`] = {
			post: {
				operationId: operationId.genaiChat(dataset),
				summary: `Domain GenAI turn on ${DATASET_LABEL[dataset]}: a grounded answer with sources; consumes credits; never retry automatically`,
				requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(genaiRequest, 'input') } } },
				responses: { ...ok('DomainGenAiResponse'), ...problemResponses([400, 401, 402, 403, 404, 429, 502, 503]) }
			}
		};
		paths[`/v1/${dataset}/domain-genai/conversations/{conversation_id}`] = {
			delete: {
				summary: "Delete one of the caller's conversations: idempotent, free, 204 whatever the state",
				parameters: [{ name: 'conversation_id', in: 'path', required: true, schema: { type: 'string' } }],
				responses: { '204': { description: 'No Content' }, ...problemResponses([401, 403, 429]) }
			}
		};
		paths[`/v1/${dataset}/images/{uuid}/viewer`] = {
			get: {
				operationId: operationId.imageViewer(dataset),
				summary: `Signed, expiring image URL for a ${DATASET_LABEL[dataset]} image`,
				parameters: parameters(uuidParam, 'path'),
				responses: { ...ok('ImageViewerResponse'), ...problemResponses([400, 401, 403, 404, 429, 503]) }
			}
		};
	}
	return {
		openapi: '3.1.0',
		info: {
			title: 'ICD/ICDB Data Retrieval and Domain GenAI Service (embedded implementation)',
			version: '1.3.1',
			description:
				'Decisions for what the interface leaves open are documented in docs/api.md. Every error body is an RFC 9457 problem, sent as application/problem+json except 429, sent as application/json as the interface states.'
		},
		servers: [{ url: serverUrl }],
		security: [{ api_key: [] }],
		paths,
		components: {
			securitySchemes: { api_key: { type: 'http', scheme: 'bearer' } },
			schemas: {
				SearchResponse: jsonSchema(searchResponse),
				RecordDetail: jsonSchema(recordDetail),
				VideoPlayerResponse: jsonSchema(videoPlayerResponse),
				ImageViewerResponse: jsonSchema(imageViewerResponse),
				GeoManifestResponse: jsonSchema(geoManifestResponse),
				NlSearchResponse: jsonSchema(nlSearchResponse),
				DomainGenAiResponse: jsonSchema(genaiResponse),
				Problem: jsonSchema(problemSchema)
			}
		}
	};
}
