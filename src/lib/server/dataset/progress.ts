// Progress of a generation, in words people read in a terminal or a log.

export interface Progress {
	/** records: writing rows; search: filling the full-text indexes; indexes: rebuilding B-tree indexes. */
	phase: 'records' | 'search' | 'indexes' | (string & {});
	done: number;
	total: number;
}

const count = new Intl.NumberFormat('en-US');

export function formatProgress(p: Progress): string {
	const percent = p.total > 0 ? Math.floor((100 * p.done) / p.total) : 100;
	const ratio = `${count.format(p.done)} / ${count.format(p.total)}`;
	switch (p.phase) {
		case 'records':
			return `Generating ICD/ICDB dataset: ${ratio} records (${percent}%)`;
		case 'search':
			return `Building search index: ${ratio} records (${percent}%)`;
		case 'indexes':
			return `Building search index: record indexes ${ratio} (${percent}%)`;
		default:
			return `${p.phase}: ${ratio} (${percent}%)`;
	}
}
