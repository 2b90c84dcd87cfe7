// npm run eval:changes -- [--size N] [--seed S] [--level L] [--window DAYS] [--baselines K]
// The emerging-hotspot test against the generator's ground truth (scripts/eval/changes.ts says
// what is measured): recall of detectable spike events, precision of the cells flagged, false
// alarms on the same data generated without bursts. Writes bench/results/eval-changes.json.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { progressLine } from '../src/lib/server/progress';
import { evaluateChanges } from './eval/changes';

const { values } = parseArgs({
	options: {
		size: { type: 'string', default: '10000' },
		seed: { type: 'string', default: 'icd-2026' },
		level: { type: 'string', default: '6' },
		window: { type: 'string', default: '7' },
		baselines: { type: 'string', default: '8' }
	}
});
const progress = progressLine(process.stderr);
const report = evaluateChanges({
	size: Number(values.size),
	seed: values.seed!,
	level: Number(values.level),
	window: Number(values.window),
	baselines: Number(values.baselines),
	onProgress: (text) => progress.update(text)
});
progress.done();
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync('bench/results/eval-changes.json', JSON.stringify(report, null, 2) + '\n');
const s = report.settings;
const pct = (v: number | null) => (v === null ? 'n/a' : `${(100 * v).toFixed(1)} %`);
console.log(
	`Emerging hotspots on the generated data: ${s.sizePerComponent.toLocaleString('en')} records per component, seed ${s.seed}, grid level ${s.gridLevel}, windows of ${s.windowDays} days against ${s.baselineWindows} before (${s.windows} windows)`
);
console.log(`  recall     ${pct(report.recall.value)} of ${report.recall.detectableEvents} detectable spike events (found ${report.recall.found})`);
for (const e of report.recall.events.filter((x) => !x.found))
	console.log(`               missed: ${e.name} (${e.records} records, baseline ${e.baselineMean.toFixed(1)} a window)`);
console.log(
	`  precision  ${pct(report.precision.value)} of ${report.precision.flaggedNewOrIntensifying} cells flagged new or intensifying are explained by a burst`
);
console.log(
	`  false alarms, data without bursts: ${pct(report.falseAlarms.share)} of ${report.falseAlarms.windows} windows flag any change (${report.falseAlarms.windowsFlaggingAnyChange})`
);
console.log(
	`  also flagged: ${report.diminishingFlags} diminishing, ${report.persistentFlags} persistent; ${report.msPerWindow.median.toFixed(1)} ms per window (median)`
);
console.log(`Wrote bench/results/eval-changes.json (${report.seconds} s)`);
