// Media access: the video player response (embed_url) and the image viewer response (signed_url).
// The link is the one field we cannot do without; the rest is optional and passes through.
import { z } from 'zod';
import { decodeWith, optionalInt, optionalText } from './shape';

const common = { status: optionalText, uuid: optionalText, title: optionalText, expires: optionalInt };

const player = z.looseObject({ ...common, embed_url: z.string().min(1) });
const viewer = z.looseObject({ ...common, signed_url: z.string().min(1) });

export type PlayerMedia = z.output<typeof player> & { kind: 'player' };
export type ImageMedia = z.output<typeof viewer> & { kind: 'image' };
export type Media = PlayerMedia | ImageMedia;

export function decodePlayer(body: unknown): PlayerMedia {
	return { ...decodeWith(player, body), kind: 'player' };
}

export function decodeViewer(body: unknown): ImageMedia {
	return { ...decodeWith(viewer, body), kind: 'image' };
}
