// The bench's shaped link carries every byte, in order, both ways, and counts them.
import crypto from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeLink } from '../../../scripts/bench/link-shaper';

const payload = crypto.randomBytes(300_000);
let server: http.Server;
let target: URL;

beforeAll(async () => {
	server = http.createServer((req, res) => {
		if (req.url === '/trickle') {
			// Many small writes over time: the link must keep their order whatever its timers do.
			let i = 0;
			const next = () => (i < 400 ? (res.write(payload.subarray(i * 750, ++i * 750)), setImmediate(next)) : res.end());
			return next();
		}
		const chunks: Buffer[] = [];
		req.on('data', (d) => chunks.push(d));
		req.on('end', () => {
			const sent = Buffer.concat(chunks);
			res.end(Buffer.concat([payload, crypto.createHash('sha256').update(sent).digest()]));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	target = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('shaped link', () => {
	it.each([
		{ name: 'no shaping', rttMs: 0, downBitsPerSecond: 0 },
		{ name: '20 ms, 50 Mbit/s', rttMs: 20, downBitsPerSecond: 50e6 }
	])('$name: every byte arrives, in order, both ways, and is counted', async (link) => {
		const shaped = await shapeLink(target, link);
		try {
			const upload = crypto.randomBytes(100_000);
			const responses = await Promise.all(
				[0, 1, 2].map(async () => {
					const r = await fetch(shaped.url, { method: 'POST', body: upload, headers: { 'accept-encoding': 'identity' } });
					return Buffer.from(await r.arrayBuffer());
				})
			);
			for (const body of responses) {
				expect(body.subarray(0, payload.length).equals(payload)).toBe(true);
				expect(body.subarray(payload.length).equals(crypto.createHash('sha256').update(upload).digest())).toBe(true);
			}
			const trickled = Buffer.from(await (await fetch(`${shaped.url}/trickle`)).arrayBuffer());
			expect(trickled.equals(payload)).toBe(true);
			shaped.reset();
			await Promise.all([0, 1, 2].map(() => fetch(shaped.url, { method: 'POST', body: upload, headers: { 'accept-encoding': 'identity' } }).then((r) => r.arrayBuffer())));
			const { down, up } = shaped.bytes();
			expect(down).toBeGreaterThan(3 * (payload.length + 32));
			expect(down).toBeLessThan(3 * (payload.length + 32) + 3000);
			expect(up).toBeGreaterThan(3 * upload.length);
		} finally {
			await shaped.close();
		}
	});

	it('delivers every byte written before a close, before the close (a server that ends the connection at once)', async () => {
		// A response followed at once by the end of the connection: the end must travel behind the
		// data, never overtake it (at 959k records, one stream in six broke off 5-15k records short).
		const closer = net.createServer((socket) => socket.once('data', () => socket.end(payload)));
		await new Promise<void>((resolve) => closer.listen(0, '127.0.0.1', resolve));
		const shaped = await shapeLink(new URL(`http://127.0.0.1:${(closer.address() as AddressInfo).port}`), { name: 'shared', rttMs: 20, downBitsPerSecond: 200e6 });
		try {
			const port = Number(new URL(shaped.url).port);
			const received = await Promise.all(
				Array.from({ length: 24 }, () => {
					return new Promise<Buffer>((resolve, reject) => {
						const chunks: Buffer[] = [];
						const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write('hello'));
						socket.on('data', (d) => chunks.push(d));
						socket.on('end', () => resolve(Buffer.concat(chunks)));
						socket.on('error', reject);
					});
				})
			);
			for (const body of received) expect(body.length === payload.length && body.equals(payload)).toBe(true);
		} finally {
			await shaped.close();
			await new Promise<void>((resolve) => closer.close(() => resolve()));
		}
	});
});
