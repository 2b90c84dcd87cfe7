// Chunks (a generator, a shared log, a file) as a response body of the record stream.
import { encodeControl } from '../encode';

/**
 * Chunks as a response body, pulled: the next is made only when the client has taken the last. A
 * failure mid-stream ends it with the stream's own error message rather than a cut connection
 * (a compressed body cannot take a frame in clear: it is cut).
 */
export function readable(chunks: AsyncIterable<Uint8Array>, compressed?: 'compressed'): ReadableStream<Uint8Array> {
	const iterator = chunks[Symbol.asyncIterator]();
	return new ReadableStream<Uint8Array>(
		{
			async pull(controller) {
				try {
					const { done, value } = await iterator.next();
					if (done) controller.close();
					else controller.enqueue(value);
				} catch (error) {
					console.error('[explorer] a cached record stream failed:', error);
					if (compressed) return controller.error(error);
					controller.enqueue(encodeControl({ type: 'error', message: 'Loading the records failed unexpectedly.' }));
					controller.close();
				}
			},
			async cancel() {
				await iterator.return?.(undefined);
			}
		},
		{ highWaterMark: 0 }
	);
}
