import { describe, expect, it } from 'vitest';
import { TermModel, TermModelTrainer } from './term-model';

function train(): TermModel {
	const trainer = new TermModelTrainer();
	const records = [
		['convoy', 'vehicle', 'road', 'truck'],
		['motorcade', 'vehicle', 'road', 'truck'],
		['convoy', 'road', 'truck', 'highway'],
		['funeral', 'coffin', 'mourner', 'grave'],
		['burial', 'coffin', 'mourner', 'grave'],
		['funeral', 'grave', 'mourner', 'prayer']
	];
	records.forEach((terms, i) => {
		trainer.chunks++;
		trainer.count(terms);
		trainer.train(`record-${i}`, terms);
	});
	const terms = [...trainer.df.keys()].sort();
	return new TermModel(
		terms,
		Int32Array.from(terms.map((t) => trainer.df.get(t)!)),
		terms.map((t) => trainer.vectors.get(t)!),
		trainer.chunks
	);
}

describe('random indexing term model', () => {
	it('puts terms used by the same records close together, and unrelated ones apart', () => {
		const model = train();
		const near = model.nearest(model.embed([['motorcade', 1]]), 3, new Set(['motorcade']), 1).map((n) => n.term);
		expect(near).toContain('vehicle');
		expect(near).not.toContain('coffin');
		const burial = model.embed([['burial', 1]]);
		expect(model.project('coffin', burial)).toBeGreaterThan(model.project('truck', burial));
	});

	it('is deterministic', () => {
		const a = train().embed([['convoy', 1]]);
		const b = train().embed([['convoy', 1]]);
		expect(Array.from(a)).toEqual(Array.from(b));
	});
});
