// The spec's operation names, in one place: each is a REST operationId in /openapi.json and the
// name of the matching MCP tool.
import type { Component, Dataset } from '../../types/dataset';

const pascal = (s: string) => s[0].toUpperCase() + s.slice(1);
const dc = (dataset: Dataset, component: Component) => `${pascal(dataset)}${pascal(component)}`;

export const operationId = {
	search: (dataset: Dataset, component: Component) => `search${dc(dataset, component)}s`,
	byComponentId: (dataset: Dataset, component: Component) => `get${dc(dataset, component)}ByComponentId`,
	detail: (dataset: Dataset, component: Component) => `getOne${dc(dataset, component)}`,
	geoManifest: (dataset: Dataset, component: Component) => `get${dc(dataset, component)}GeoManifest`,
	videoPlayer: (dataset: Dataset) => `get${dc(dataset, 'video')}Player`,
	imageViewer: (dataset: Dataset) => `get${dc(dataset, 'image')}Viewer`,
	nlSearch: (dataset: Dataset) => `search${pascal(dataset)}Nl`,
	genaiChat: (dataset: Dataset) => `${dataset}DomainGenAiChat`,
	/** REST only: the spec names no operation for it and it is no MCP tool, but a generated client needs a name. */
	deleteConversation: (dataset: Dataset) => `delete${pascal(dataset)}Conversation`
};
