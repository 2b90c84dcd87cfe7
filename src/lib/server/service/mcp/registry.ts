// Every MCP tool, in the spec's order, and which of them an endpoint offers and a key may see.
// A group of tools is one file under tools/ that returns its tools for one dataset; a new
// capability is one such file and one entry in GROUPS.
import { DATASETS, type Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import { mayUse } from '../auth/permissions';
import type { McpTool } from './tool';
import { componentIdTools } from './tools/component-id';
import { detailTools } from './tools/detail';
import { geoManifestTools } from './tools/geo-manifest';
import { genaiTools } from './tools/genai';
import { mediaTools } from './tools/media';
import { nlSearchTools } from './tools/nl-search';
import { searchTools } from './tools/search';

const GROUPS: ((dataset: Dataset) => McpTool[])[] = [searchTools, componentIdTools, detailTools, mediaTools, geoManifestTools, nlSearchTools, genaiTools];

export const TOOLS: readonly McpTool[] = GROUPS.flatMap((group) => DATASETS.flatMap((dataset) => group(dataset)));

/** /mcp-icd offers the ICD tools; /mcp-all offers ICD and ICDB. */
export type McpScope = 'icd' | 'all';
export const SCOPE_DATASETS: Record<McpScope, readonly Dataset[]> = { icd: ['icd'], all: DATASETS };

export function offeredTools(scope: McpScope): McpTool[] {
	return TOOLS.filter((tool) => SCOPE_DATASETS[scope].includes(tool.dataset));
}

/** What tools/list shows: the offered tools whose dataset and feature the key holds. */
export function visibleTools(scope: McpScope, key: ApiKey): McpTool[] {
	return offeredTools(scope).filter((tool) => mayUse(key, tool.dataset, tool.feature));
}
