// getIcdVideoPlayer, getIcdImageViewer, getIcdbVideoPlayer, getIcdbImageViewer.
import { COMPONENTS, DATASET_LABEL, type Dataset } from '../../../../types/dataset';
import { operationId } from '../../names';
import { imageViewerResponse, uuidParam, videoPlayerResponse } from '../../schemas';
import { defineTool, READ_ONLY, type McpTool } from '../tool';

const KINDS = {
	video: {
		name: operationId.videoPlayer,
		title: 'video player link',
		link: 'player URL (embed_url)',
		use: 'watch',
		text: 'transcript and report',
		output: videoPlayerResponse,
		read: 'videoPlayer' as const
	},
	image: {
		name: operationId.imageViewer,
		title: 'image viewer link',
		link: 'signed URL (signed_url)',
		use: 'view',
		text: 'report',
		output: imageViewerResponse,
		read: 'imageViewer' as const
	}
};

export function mediaTools(dataset: Dataset): McpTool[] {
	const label = DATASET_LABEL[dataset];
	return COMPONENTS.map((component) => {
		const kind = KINDS[component];
		return defineTool({
			name: kind.name(dataset),
			title: `${label} ${kind.title}`,
			description:
				`A secure, expiring ${kind.link} for one ${label} ${component}, by uuid, for a person to ${kind.use}. ` +
				`For its content as text, read its ${kind.text} with ${operationId.detail(dataset, component)}. ` +
				'The link expires (expires is unix epoch seconds, about 15 minutes ahead) and needs no API key: hand it to the user promptly and ask for a new one rather than storing it. ' +
				'not_found means no such record, or one outside what this key may see.',
			dataset,
			feature: 'media',
			input: uuidParam,
			args: 'query',
			output: kind.output,
			hints: READ_ONLY,
			run: ({ deps, key, origin, at }, { uuid }) => deps.reads.json(kind.read, at, key, dataset, uuid, origin)
		});
	});
}
