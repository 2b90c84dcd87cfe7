// getIcdVideoPlayer, getIcdImageViewer, getIcdbVideoPlayer, getIcdbImageViewer.
import { DATASET_LABEL, type Dataset } from '../../../../types/dataset';
import { imageViewer, videoPlayer } from '../../media/access';
import { operationId } from '../../names';
import { imageViewerResponse, uuidParam, videoPlayerResponse } from '../../schemas';
import { defineTool, READ_ONLY, type McpTool } from '../tool';

const EXPIRY =
	'The link expires (expires is unix epoch seconds, about 15 minutes ahead) and needs no API key: hand it to the user promptly and ask for a new one rather than storing it. ' +
	'not_found means no such record, or one outside what this key may see.';

export function mediaTools(dataset: Dataset): McpTool[] {
	const label = DATASET_LABEL[dataset];
	return [
		defineTool({
			name: operationId.videoPlayer(dataset),
			title: `${label} video player link`,
			description:
				`A secure, expiring player URL (embed_url) for one ${label} video, by uuid, for a person to watch. ` +
				`For the video's content as text, read its transcript and report with ${operationId.detail(dataset, 'video')}. ` +
				EXPIRY,
			dataset,
			feature: 'media',
			input: uuidParam,
			args: 'query',
			output: videoPlayerResponse,
			hints: READ_ONLY,
			run: ({ deps, key, origin }, { uuid }) => videoPlayer(deps, key, dataset, uuid, origin)
		}),
		defineTool({
			name: operationId.imageViewer(dataset),
			title: `${label} image viewer link`,
			description:
				`A secure, expiring signed URL (signed_url) of one ${label} image, by uuid, for a person to view. ` +
				`For the image's analysis as text, read its report with ${operationId.detail(dataset, 'image')}. ` +
				EXPIRY,
			dataset,
			feature: 'media',
			input: uuidParam,
			args: 'query',
			output: imageViewerResponse,
			hints: READ_ONLY,
			run: ({ deps, key, origin }, { uuid }) => imageViewer(deps, key, dataset, uuid, origin)
		})
	];
}
