// The service's OpenAPI document from the code, without a server (src/lib/server/service/openapi.ts):
//   npm run openapi -- json [FILE]   the document (standard output, or FILE)
//   npm run openapi -- lint          Redocly's lint of it (redocly.yaml): part of the static checks
//   npm run openapi -- types         the generated client's types (scripts/openapi/client-types.ts)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { openApiDocument } from '../src/lib/server/service/openapi';

// npm start's origin; a served document names the origin it was asked at.
const doc = openApiDocument('http://127.0.0.1:3000');
const text = JSON.stringify(doc, null, 2) + '\n';
const [command, file] = process.argv.slice(2);

if (command === 'json') {
	if (file) fs.writeFileSync(file, text);
	else process.stdout.write(text);
} else if (command === 'types') {
	// Imported here: openapi-typescript takes a second to load, which the lint need not pay.
	const { CLIENT_TYPES_FILE, clientTypes } = await import('./openapi/client-types');
	fs.writeFileSync(CLIENT_TYPES_FILE, await clientTypes(doc));
	process.stdout.write(`wrote ${CLIENT_TYPES_FILE}\n`);
} else if (command === 'lint') {
	process.exitCode = lint();
} else {
	process.stderr.write('usage: npm run openapi -- json [FILE] | lint | types\n');
	process.exitCode = 2;
}

interface LintReport {
	totals: { errors: number; warnings: number };
	problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

/**
 * @redocly/cli lint over the document written to a temporary file, offline (no telemetry, no update
 * check). Its exit status counts errors only; a warning fails here too.
 */
function lint(): number {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-openapi-'));
	try {
		const target = path.join(dir, 'openapi.json');
		fs.writeFileSync(target, text);
		const require = createRequire(import.meta.url);
		const pkg = require.resolve('@redocly/cli/package.json');
		const bin = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { bin: Record<string, string> }).bin.redocly;
		const r = spawnSync(process.execPath, [path.join(path.dirname(pkg), bin), 'lint', '--config', 'redocly.yaml', '--format', 'json', target], {
			encoding: 'utf8',
			env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }
		});
		let report: LintReport;
		try {
			report = JSON.parse(r.stdout);
		} catch {
			process.stderr.write(`redocly lint gave no report (exit ${r.status}):\n${r.stdout}${r.stderr}`);
			return 1;
		}
		for (const p of report.problems) process.stdout.write(`${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '#'}: ${p.message}\n`);
		const { errors, warnings } = report.totals;
		process.stdout.write(`OpenAPI lint (redocly.yaml): ${errors} errors, ${warnings} warnings\n`);
		return errors + warnings === 0 && r.status === 0 ? 0 : 1;
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}
