// Export benchmark: the explorer's /api/export (the filtered records as CSV or GeoJSON, walked from
// the embedded service's geo manifests) read by Node's fetch as fast as it arrives. Per run:
// records, seconds, records per second, bytes; the server's resident memory sampled every 100 ms
// from /proc (Linux) before, at its peak and after, to show that streaming keeps it flat.
import fs from 'node:fs';
import { median, round } from './stats';

export interface ExportRun {
	format: 'csv' | 'geojson';
	records: number;
	bytes: number;
	seconds: number;
	recordsPerSecond: number;
	rssMiB: { before: number | null; peak: number | null; after: number | null };
}

export interface ExportBench {
	runs: ExportRun[];
	median: Record<'csv' | 'geojson', { recordsPerSecond: number; seconds: number; records: number; peakRssGrowthMiB: number | null }>;
}

function rssMiB(pid: number | undefined): number | null {
	if (!pid) return null;
	try {
		const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
		return kb ? round(Number(kb) / 1024, 1) : null;
	} catch {
		return null;
	}
}

async function exportOnce(baseUrl: string, pid: number | undefined, format: 'csv' | 'geojson'): Promise<ExportRun> {
	const before = rssMiB(pid);
	let peak = before;
	const sampler = setInterval(() => {
		const now = rssMiB(pid);
		if (now !== null && (peak === null || now > peak)) peak = now;
	}, 100);
	const started = performance.now();
	let bytes = 0;
	let lines = 0;
	try {
		const response = await fetch(`${baseUrl}/api/export?format=${format}`);
		if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
		const reader = response.body.getReader();
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			bytes += value.byteLength;
			for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
		}
	} finally {
		clearInterval(sampler);
	}
	const seconds = (performance.now() - started) / 1000;
	// CSV: a header line; GeoJSON: the collection's opening and closing lines.
	const records = format === 'csv' ? lines - 1 : lines - 2;
	return { format, records, bytes, seconds: round(seconds, 2), recordsPerSecond: Math.round(records / seconds), rssMiB: { before, peak, after: rssMiB(pid) } };
}

export async function benchExport(baseUrl: string, pid: number | undefined, options: { runs: number; log: (s: string) => void }): Promise<ExportBench> {
	const runs: ExportRun[] = [];
	for (const format of ['csv', 'geojson'] as const) {
		for (let i = 0; i < options.runs; i++) {
			const r = await exportOnce(baseUrl, pid, format);
			runs.push(r);
			options.log(`  export run ${i + 1}/${options.runs} ${format.padEnd(7)}: ${r.records.toLocaleString('en')} records in ${r.seconds} s = ${r.recordsPerSecond.toLocaleString('en')} records/s, ${round(r.bytes / 2 ** 20, 1)} MiB; server RSS ${r.rssMiB.before} → peak ${r.rssMiB.peak} → ${r.rssMiB.after} MiB`);
		}
	}
	const of = (format: 'csv' | 'geojson') => {
		const rs = runs.filter((r) => r.format === format);
		const growth = rs.map((r) => (r.rssMiB.peak !== null && r.rssMiB.before !== null ? r.rssMiB.peak - r.rssMiB.before : NaN)).filter(Number.isFinite);
		return { recordsPerSecond: median(rs.map((r) => r.recordsPerSecond)), seconds: median(rs.map((r) => r.seconds)), records: rs[0]?.records ?? 0, peakRssGrowthMiB: growth.length ? round(median(growth), 1) : null };
	};
	return { runs, median: { csv: of('csv'), geojson: of('geojson') } };
}
