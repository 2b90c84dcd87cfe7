// The import-cycle check of `npm run lint`: no module may reach itself through its imports, type-only
// imports included (tsPreCompilationDeps), so every folder can be read from its leaves up.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: 'no-circular',
			severity: 'error',
			comment: 'A cycle: move what both sides need into a leaf module that imports neither.',
			from: {},
			to: { circular: true }
		}
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		exclude: { path: '^(build|\\.svelte-kit|node_modules)/' },
		tsPreCompilationDeps: true,
		tsConfig: { fileName: 'tsconfig.json' },
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default', 'types'],
			extensions: ['.ts', '.js', '.mjs', '.svelte', '.json']
		},
		extraExtensionsToScan: ['.svelte']
	}
};
