// /openapi.json, generated from the same zod schemas that validate requests and shape responses.
import { z } from 'zod';
import { COMPONENT_PATH, DATASETS, DATASET_LABEL } from '../../types/dataset';
import { operationId } from './names';
import { HEADERS, noContent, ok, problemResponses } from './openapi-responses';
import { GENAI, GEO_MANIFEST, MEDIA, NL_SEARCH, SEARCH, SERVICE } from './openapi-descriptions';
import {
	componentIdParam,
	geoManifestResponse,
	geoQuery,
	imageViewerResponse,
	jsonSchema,
	LIST_PARAMS,
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

/**
 * Query or path parameters from a strict object schema. A list parameter (LIST_PARAMS) is declared
 * as its array form in OpenAPI's default query style (form, exploded): the service takes it
 * repeated, which is what a generated client sends for an array, or as one comma-separated value.
 */
function parameters(schema: z.ZodType, where: 'query' | 'path'): JsonSchema[] {
	const s = jsonSchema(schema, 'input') as { properties: Record<string, JsonSchema>; required?: string[] };
	return Object.entries(s.properties).map(([name, { description, ...prop }]) => {
		const list = where === 'query' && LIST_PARAMS.has(name);
		const array = list ? (prop.anyOf as JsonSchema[] | undefined)?.find((p) => p.type === 'array') : undefined;
		if (list && !array) throw new Error(`openapi: list parameter ${name} has no array form`);
		const asList = ` In the query: repeated (${name}=x&${name}=y), as a generated client sends an array, or one comma-separated value (${name}=x,y).`;
		return {
			name,
			in: where,
			required: where === 'path' || (s.required ?? []).includes(name),
			...(description ? { description: `${description}${list ? asList : ''}` } : {}),
			...(array ? { style: 'form', explode: true, schema: array } : { schema: prop })
		};
	});
}

export function openApiDocument(serverUrl: string): JsonSchema {
	const paths: Record<string, JsonSchema> = {};
	for (const dataset of DATASETS) {
		const name = DATASET_LABEL[dataset];
		for (const component of ['video', 'image'] as const) {
			const base = `/v1/${dataset}/${COMPONENT_PATH[component]}`;
			const label = `${name} ${component}`;
			paths[base] = {
				get: {
					operationId: operationId.search(dataset, component),
					summary: `Structured search of ${label} records`,
					description: SEARCH,
					parameters: parameters(searchQuery, 'query'),
					responses: { ...ok('SearchResponse'), ...problemResponses([400, 401, 403, 429, 503]) }
				}
			};
			paths[`${base}/{uuid}`] = {
				get: {
					operationId: operationId.detail(dataset, component),
					summary: `One ${label} record by uuid`,
					description: 'The uuid is matched case-insensitively; a malformed uuid is 400. Takes no query parameters (any is 400).',
					parameters: parameters(uuidParam, 'path'),
					responses: { ...ok('RecordDetail'), ...problemResponses([400, 401, 403, 404, 429, 503]) }
				}
			};
			paths[`${base}/by-component-id/{component_id}`] = {
				get: {
					operationId: operationId.byComponentId(dataset, component),
					summary: `One ${label} record by component id`,
					description: 'The same record detail as the uuid route; needs the lookup feature. Takes no query parameters (any is 400).',
					parameters: parameters(componentIdParam, 'path'),
					responses: { ...ok('RecordDetail'), ...problemResponses([400, 401, 403, 404, 429, 503]) }
				}
			};
			paths[`${base}/geo-manifest`] = {
				get: {
					operationId: operationId.geoManifest(dataset, component),
					summary: `Mappable ${label} records, newest first, by cursor`,
					description: GEO_MANIFEST,
					parameters: parameters(geoQuery, 'query'),
					responses: {
						...ok('GeoManifestResponse'),
						...problemResponses([400, 401, 403, 429, 503], {
							400: 'invalid_parameter (a parameter is malformed, out of range, unknown or given twice), or invalid_cursor: the cursor does not verify for this key and these parameters; repeat the request without it'
						})
					}
				}
			};
		}
		const media = [
			{
				path: 'videos/{uuid}/player',
				id: operationId.videoPlayer(dataset),
				summary: `Signed, expiring player URL for a ${name} video`,
				schema: 'VideoPlayerResponse'
			},
			{
				path: 'images/{uuid}/viewer',
				id: operationId.imageViewer(dataset),
				summary: `Signed, expiring image URL for a ${name} image`,
				schema: 'ImageViewerResponse'
			}
		];
		for (const m of media) {
			paths[`/v1/${dataset}/${m.path}`] = {
				get: {
					operationId: m.id,
					summary: m.summary,
					description: MEDIA,
					parameters: parameters(uuidParam, 'path'),
					responses: { ...ok(m.schema), ...problemResponses([400, 401, 403, 404, 429, 503]) }
				}
			};
		}
		paths[`/v1/${dataset}/nl-search`] = {
			get: {
				operationId: operationId.nlSearch(dataset),
				summary: `Natural language search over ${name} video and image records: ranked by meaning, no generated answer`,
				description: NL_SEARCH,
				parameters: parameters(nlSearchQuery, 'query'),
				responses: {
					...ok('NlSearchResponse'),
					...problemResponses([400, 401, 403, 429, 502, 503], { 502: 'upstream_unavailable: the configured embeddings endpoint failed; a fixed detail' })
				}
			}
		};
		paths[`/v1/${dataset}/domain-genai`] = {
			post: {
				operationId: operationId.genaiChat(dataset),
				summary: `Domain GenAI turn on ${name}: a grounded answer with sources; consumes credits; never retry automatically`,
				description: GENAI,
				requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(genaiRequest, 'input') } } },
				responses: {
					...ok('DomainGenAiResponse'),
					...problemResponses([400, 401, 402, 403, 404, 413, 429, 502, 503], {
						400: 'invalid_parameter: a field is malformed, out of range or unknown, the body is not a JSON object, or not application/json; errors names each one. Nothing is consumed',
						404: 'conversation_unavailable: the conversation_id is expired, deleted, unknown, of the other dataset or of another key (one identical body); nothing is consumed',
						502: 'upstream_unavailable: the configured language model failed; a fixed detail, nothing consumed, no deadline moved'
					})
				}
			}
		};
		paths[`/v1/${dataset}/domain-genai/conversations/{conversation_id}`] = {
			delete: {
				operationId: operationId.deleteConversation(dataset),
				summary: "Delete one of the caller's conversations: idempotent, free, 204 whatever the state",
				description:
					"Deletes only the caller's own conversation in this dataset: another key's id, or an unknown, expired or already deleted one, is a no-op, still 204. Needs the dataset and the genai feature. Takes no query parameters (any is 400). REST only: no MCP tool.",
				parameters: [
					{ name: 'conversation_id', in: 'path', required: true, description: 'The conversation_id of a Domain GenAI answer.', schema: { type: 'string' } }
				],
				responses: { ...noContent('Deleted, or nothing to delete'), ...problemResponses([400, 401, 403, 429]) }
			}
		};
	}
	return {
		openapi: '3.1.0',
		info: {
			title: 'ICD/ICDB Data Retrieval and Domain GenAI Service (embedded implementation)',
			version: '1.3.1',
			description: SERVICE
		},
		servers: [{ url: serverUrl }],
		security: [{ api_key: [] }],
		paths,
		components: {
			securitySchemes: { api_key: { type: 'http', scheme: 'bearer' } },
			headers: HEADERS,
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
