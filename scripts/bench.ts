// npm run bench -- [--records N] [--only service] [--seconds S] [--name NAME]
// Prepares (and caches) a dataset of N records per component, starts the production server on it,
// measures, and writes bench/results/<name>.json plus a readable summary on stdout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuild, prepareDataset, startProductionServer } from './bench/server';
import { benchService } from './bench/service';

const { values } = parseArgs({
	options: {
		records: { type: 'string', default: '10000' },
		only: { type: 'string' },
		seconds: { type: 'string', default: '5' },
		connections: { type: 'string', default: '1,16,64' },
		walks: { type: 'string', default: '3' },
		name: { type: 'string' }
	}
});

const records = Number(values.records);
if (!Number.isInteger(records) || records <= 0) throw new Error('--records must be a positive integer');
const only = values.only ?? 'service';
if (!['service'].includes(only)) throw new Error(`--only ${only}: available: service (stream, browser and nl arrive with their issues)`);

const log = (s: string) => process.stdout.write(s + '\n');

async function main() {
	ensureBuild();
	const { dataDir, key } = prepareDataset(records);
	const server = await startProductionServer(dataDir, records);
	const started = new Date();
	try {
		log(`\n# service at ${records.toLocaleString('en')} records per component (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version})`);
		const service = await benchService(server.url, key, {
			seconds: Number(values.seconds),
			connections: values.connections!.split(',').map(Number),
			walkRuns: Number(values.walks),
			log
		});
		const result = {
			name: values.name ?? `service-${records}`,
			command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
			date: started.toISOString(),
			machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
			recordsPerComponent: records,
			service
		};
		fs.mkdirSync('bench/results', { recursive: true });
		const file = path.join('bench/results', `${result.name}.json`);
		fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
		log(`\nwrote ${file}`);
	} finally {
		await server.stop();
	}
}

main().catch((e) => {
	process.stderr.write(`bench: ${e instanceof Error ? e.message : e}\n`);
	process.exit(1);
});
