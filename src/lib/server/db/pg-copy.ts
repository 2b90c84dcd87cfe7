// Bulk loading into PostgreSQL with COPY … FROM STDIN (text format): rows are written as they are
// made, buffered into chunks of about a megabyte, and the writer waits whenever the server is
// behind, so memory stays flat whatever the size.
import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const CHUNK_BYTES = 1 << 20;

/** One value in COPY's text format: \N for null, backslash escapes for the characters that delimit. */
function field(value: unknown): string {
	if (value === null || value === undefined) return '\\N';
	if (Buffer.isBuffer(value)) return '\\\\x' + value.toString('hex');
	if (typeof value === 'number') return String(value);
	return String(value).replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

export interface CopyWriter {
	row(values: unknown[]): Promise<void>;
	/** Flushes and waits until the server has every row. */
	end(): Promise<void>;
}

export function copyInto(client: pg.PoolClient, table: string, columns: readonly string[]): CopyWriter {
	const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
	const done = new Promise<void>((resolve, reject) => {
		stream.on('finish', () => resolve());
		stream.on('error', reject);
	});
	// A server error ends the stream; remembered so that the next write fails with it, not a hang.
	let failed: unknown = null;
	done.catch((error) => (failed = error));
	let buffer = '';
	const flush = async () => {
		if (failed) throw failed;
		const chunk = buffer;
		buffer = '';
		if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), done]);
	};
	return {
		async row(values) {
			buffer += values.map(field).join('\t') + '\n';
			if (buffer.length >= CHUNK_BYTES) await flush();
		},
		async end() {
			if (buffer) await flush();
			stream.end();
			await done;
		}
	};
}
