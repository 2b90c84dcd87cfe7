// The records exactly as the service generates them (same seed, same size per component), with
// where each came from, without writing them anywhere: the ground truth the evaluations of "What
// changed" (changes.ts) and of organisations' tracks (tracks.ts) measure against.
import { COMPONENTS, DATASETS, type Dataset } from '../../src/lib/types/dataset';
import { loadGazetteer, type Gazetteer } from '../../src/lib/server/dataset/gazetteer';
import { ALL_COUNTRIES } from '../../src/lib/server/dataset/organisations';
import { planComponent } from '../../src/lib/server/dataset/plan';
import { Random } from '../../src/lib/server/dataset/random';
import { RecordComposer } from '../../src/lib/server/dataset/records';
import { planTheatre, type Theatre } from '../../src/lib/server/dataset/theatre';

export interface GeneratedRecord {
	dataset: Dataset;
	day: number;
	lon: number;
	lat: number;
	entity: string;
	/** Where it came from: everyday output, a spike event or a campaign (by index in its dataset's theatre). */
	source: { type: 'everyday' | 'event' | 'campaign'; index: number };
}

/**
 * Each dataset's theatre, then every mappable record of every component through `each`.
 * `bursts: false` generates the same data without events and campaigns (everyday output alone).
 */
export function generateRecords(
	o: { size: number; seed: string; bursts?: boolean; onProgress?: (text: string) => void },
	each: (r: GeneratedRecord) => void
): { theatres: Record<Dataset, Theatre>; gazetteer: Gazetteer } {
	const gazetteer = loadGazetteer({ countries: ALL_COUNTRIES });
	const theatres = {} as Record<Dataset, Theatre>;
	const total = o.size * DATASETS.length * COMPONENTS.length;
	let done = 0;
	for (const dataset of DATASETS) {
		const theatre = (theatres[dataset] = planTheatre(dataset, o.seed, gazetteer));
		for (const component of COMPONENTS) {
			const plan = planComponent(theatre, o.size, new Random(o.seed, 'plan', dataset, component), o.bursts === false ? { campaign: 0, event: 0 } : undefined);
			const composer = new RecordComposer(theatre, gazetteer, component, o.seed);
			for (let i = 0; i < o.size; i++, done++) {
				const source = plan.decode(plan.sources[i]);
				const r = composer.compose(plan.days[i], source);
				if (done % 5000 === 0)
					o.onProgress?.(`Composing the ${o.bursts === false ? 'burst-free ' : ''}records: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`);
				if (!r.mappable) continue;
				each({
					dataset,
					day: plan.days[i],
					lon: r.dominant_long!,
					lat: r.dominant_lat!,
					entity: r.entity ?? '',
					source: { type: source.type === 'event' || source.type === 'campaign' ? source.type : 'everyday', index: source.index }
				});
			}
		}
	}
	return { theatres, gazetteer };
}
