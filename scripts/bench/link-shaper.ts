// A shaped network link for the benchmark: a TCP proxy on loopback in front of the server that
// delays each direction by half the round trip and shares one downstream bandwidth among all its
// connections (as an office or satellite link does), and counts the bytes it carries. Chromium's
// own network emulation does not throttle a worker's fetch here; a shaped socket does.
import net from 'node:net';

export interface Link {
	name: string;
	/** Round-trip time added, ms (half each way). */
	rttMs: number;
	/** Downstream bandwidth shared by every connection, bits per second; 0 = unlimited. */
	downBitsPerSecond: number;
}

export const LINKS: Link[] = [
	{ name: 'loopback', rttMs: 0, downBitsPerSecond: 0 },
	{ name: '40 ms, 20 Mbit/s', rttMs: 40, downBitsPerSecond: 20e6 },
	{ name: '150 ms, 5 Mbit/s', rttMs: 150, downBitsPerSecond: 5e6 }
];

export interface ShapedLink {
	url: string;
	/** Bytes from the server to the client, and from the client to the server, since the last reset. */
	bytes(): { down: number; up: number };
	/** Counters to zero; with `connections`, every open connection cut too (the next load opens its own). */
	reset(connections?: 'connections'): void;
	/** Off: bytes pass at loopback speed (a visit before the measured one); on: the link as it was made. */
	shape(on: boolean): void;
	close(): Promise<void>;
}

/** Bytes are released in slices of this size, so a large write cannot take the link all at once. */
const SLICE = 16 * 1024;

export async function shapeLink(target: URL, link: Link): Promise<ShapedLink> {
	let oneWay = link.rttMs / 2;
	let bytesPerMs = link.downBitsPerSecond / 8 / 1000;
	// The shared downstream: the time the link is busy until. Each slice queues behind the last.
	let busyUntil = 0;
	let down = 0;
	let up = 0;
	const sockets = new Set<net.Socket>();

	/**
	 * Sends `data` to `to` after the delay (and, downstream, after the link has carried it). One
	 * queue per direction of a connection, drained in order by one timer: two timers could fire
	 * out of order (a slice due now would overtake one whose timer is late), and a reordered
	 * byte stream is a broken one. A close travels in the same queue, behind the data sent before
	 * it: a timer of its own could fire before the last slice's and cut the connection short.
	 */
	const forwarder = (to: net.Socket, downstream: boolean) => {
		const queue: { due: number; slice: Buffer | null }[] = [];
		let timer: NodeJS.Timeout | null = null;
		const drain = () => {
			timer = null;
			const now = performance.now();
			while (queue.length && queue[0].due <= now + 0.5) {
				const { slice } = queue.shift()!;
				// A socket already closed for writing (its peer has gone) takes nothing more: writing
				// would raise an error that tears down the other direction too.
				if (!to.writable) continue;
				if (slice === null) {
					to.end();
					continue;
				}
				if (downstream) down += slice.length;
				else up += slice.length;
				to.write(slice);
			}
			if (queue.length) timer = setTimeout(drain, queue[0].due - now);
		};
		const enqueue = (due: number, slice: Buffer | null) => {
			queue.push({ due: Math.max(due, queue.at(-1)?.due ?? 0), slice });
			if (!timer) drain();
		};
		return {
			send(data: Buffer) {
				for (let at = 0; at < data.length; at += SLICE) {
					const slice = data.subarray(at, Math.min(data.length, at + SLICE));
					const now = performance.now();
					let sent = now;
					if (downstream && bytesPerMs > 0) {
						busyUntil = Math.max(busyUntil, now) + slice.length / bytesPerMs;
						sent = busyUntil;
					}
					enqueue(sent + oneWay, slice);
				}
			},
			end: () => enqueue(performance.now() + oneWay, null)
		};
	};

	const server = net.createServer({ noDelay: true }, (client) => {
		const upstream = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
		sockets.add(client).add(upstream);
		const toUpstream = forwarder(upstream, false);
		const toClient = forwarder(client, true);
		client.on('data', toUpstream.send);
		upstream.on('data', toClient.send);
		client.on('end', toUpstream.end);
		upstream.on('end', toClient.end);
		for (const s of [client, upstream]) {
			s.on('error', () => {
				client.destroy();
				upstream.destroy();
			});
			s.on('close', () => sockets.delete(s));
		}
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as net.AddressInfo).port;
	return {
		url: `http://127.0.0.1:${port}`,
		bytes: () => ({ down, up }),
		reset(connections) {
			down = 0;
			up = 0;
			if (connections) for (const s of sockets) s.destroy();
		},
		shape(on) {
			oneWay = on ? link.rttMs / 2 : 0;
			bytesPerMs = on ? link.downBitsPerSecond / 8 / 1000 : 0;
		},
		close: () =>
			new Promise<void>((resolve) => {
				for (const s of sockets) s.destroy();
				server.close(() => resolve());
			})
	};
}
