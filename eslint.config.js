// ESLint's flat config: JavaScript's and typescript-eslint's recommended rules, Svelte's, and
// Prettier's (formatting is Prettier's alone, so no rule here argues about it). `npm run lint`.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default ts.config(
	// The generated client's types are openapi-typescript's output, compared byte for byte (tests/service/contract.test.ts).
	{
		ignores: ['build/', 'build-*/', '.svelte-kit/', 'node_modules/', 'bench/', 'test-results/', 'static/', 'data/', 'tests/helpers/openapi-types.generated.ts']
	},
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	prettier,
	...svelte.configs.prettier,
	{ languageOptions: { globals: { ...globals.browser, ...globals.node } } },
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		// Parsed without type information (no projectService): none of these rules reads types, and
		// building the TypeScript program for the Svelte files took half of ESLint's 32 s.
		// svelte-check is the type check.
		languageOptions: { parserOptions: { parser: ts.parser, svelteConfig } }
	},
	{
		rules: {
			// TypeScript (svelte-check) already knows every global and import; ESLint's guess is worse.
			'no-undef': 'off',
			// A leading underscore says "unused on purpose": a rest sibling left out, a parameter a signature requires.
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }
			],
			// The app is served at the root (no kit.paths.base), and its links go to server routes and
			// to the service's media pages, which resolve() does not know: the rule would only add noise.
			'svelte/no-navigation-without-resolve': 'off'
		}
	}
);
