// Media access endpoints of the service: a signed, expiring player page for a video and a
// signed, expiring image for an image. The links carry their own authorization (the signature),
// so the player can be embedded in an iframe without the API key.
import { serverSecret } from '../../db/secrets';
import type { Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import type { ReadDeps } from '../deps';
import { recordByUuid } from '../records/detail';
import { MEDIA_LINK_TTL_SECONDS, mediaUrls, signMediaToken } from './links';

export async function videoPlayer(deps: ReadDeps, key: ApiKey, dataset: Dataset, uuid: string, origin: string) {
	const row = await recordByUuid(deps, key, dataset, 'video', uuid, 'media');
	const expires = Math.floor(deps.now() / 1000) + MEDIA_LINK_TTL_SECONDS;
	const token = signMediaToken(await serverSecret(deps.sql, 'media'), { kind: 'player', dataset, component: 'video', uuid: row.uuid, exp: expires });
	return { status: 'ok' as const, embed_url: mediaUrls(origin, token).playerUrl, expires, uuid: row.uuid, title: row.title ?? '' };
}

export async function imageViewer(deps: ReadDeps, key: ApiKey, dataset: Dataset, uuid: string, origin: string) {
	const row = await recordByUuid(deps, key, dataset, 'image', uuid, 'media');
	const expires = Math.floor(deps.now() / 1000) + MEDIA_LINK_TTL_SECONDS;
	const token = signMediaToken(await serverSecret(deps.sql, 'media'), { kind: 'image', dataset, component: 'image', uuid: row.uuid, exp: expires });
	return { status: 'ok' as const, signed_url: mediaUrls(origin, token).imageUrl, expires, uuid: row.uuid, title: row.title ?? '' };
}
