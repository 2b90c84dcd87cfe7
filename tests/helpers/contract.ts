// Checks an answer against the OpenAPI document that the server publishes: its status declared for
// the operation, its content type declared, its body valid against the declared schema (JSON Schema
// 2020-12, OpenAPI 3.1's dialect, with ajv), and every required header present and valid.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

interface ResponseObject {
	description: string;
	headers?: Record<string, Json>;
	content?: Record<string, { schema: Json }>;
}

export interface Operation {
	method: string;
	path: string;
	operationId: string;
	responses: Record<string, ResponseObject>;
}

const DOC_ID = 'openapi.json';

export class Contract {
	private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
	private readonly validators = new Map<Json, ValidateFunction>();

	constructor(readonly doc: Json) {
		addFormats(this.ajv);
		// The document as one schema resource, so that "#/components/schemas/X" resolves as it does in the document.
		this.ajv.addSchema(doc, DOC_ID);
	}

	operations(): Operation[] {
		const paths = this.doc.paths as Record<string, Record<string, Json>>;
		return Object.entries(paths).flatMap(([path, item]) =>
			Object.entries(item).map(([method, op]) => ({
				method: method.toUpperCase(),
				path,
				operationId: op.operationId as string,
				responses: op.responses as Record<string, ResponseObject>
			}))
		);
	}

	operation(method: string, path: string): Operation | undefined {
		return this.operations().find((o) => o.method === method.toUpperCase() && o.path === path);
	}

	/** What is wrong with one answer of the operation at `path` (a path template); empty when it is as declared. */
	check(method: string, path: string, status: number, headers: Headers, body: string): string[] {
		const op = this.operation(method, path);
		if (!op) return [`${method} ${path}: no such operation in the document`];
		const where = `${op.operationId} ${status}`;
		const declared = op.responses[String(status)] ?? op.responses.default;
		if (!declared) return [`${where}: status not declared (declared: ${Object.keys(op.responses).join(', ')})`];
		const problems: string[] = [];
		for (const [name, ref] of Object.entries(declared.headers ?? {})) {
			const header = this.resolve(ref);
			const value = headers.get(name);
			if (value === null) {
				if (header.required) problems.push(`${where}: required header ${name} missing`);
				continue;
			}
			const schema = header.schema as Json;
			const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
			problems.push(...this.errors(schema, typed).map((e) => `${where}: header ${name}: ${e}`));
		}
		const type = (headers.get('content-type') ?? '').split(';')[0].trim();
		if (!declared.content) {
			if (body !== '') problems.push(`${where}: a body where none is declared`);
			return problems;
		}
		const media = declared.content[type];
		if (!media) return [...problems, `${where}: content type "${type}" not declared (declared: ${Object.keys(declared.content).join(', ')})`];
		let value: unknown;
		try {
			value = JSON.parse(body);
		} catch {
			return [...problems, `${where}: body is not JSON: ${body.slice(0, 80)}`];
		}
		return [...problems, ...this.errors(media.schema, value).map((e) => `${where}: body ${e}`)];
	}

	private resolve(ref: Json): Json {
		const pointer = ref.$ref as string | undefined;
		if (!pointer) return ref;
		return pointer
			.slice(2)
			.split('/')
			.reduce<Json>((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, this.doc);
	}

	private errors(schema: Json, value: unknown): string[] {
		let validate = this.validators.get(schema);
		if (!validate) {
			const ref = schema.$ref as string | undefined;
			validate = ref?.startsWith('#/') ? this.ajv.getSchema(`${DOC_ID}${ref}`) : this.ajv.compile(schema);
			if (!validate) throw new Error(`cannot resolve ${ref}`);
			this.validators.set(schema, validate);
		}
		if (validate(value)) return [];
		return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
	}
}
