// Debian's Chromium for the browser tests (see scripts/lib/chromium.ts), and where screenshots go.
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../scripts/lib/chromium';

export function launchBrowser(): Promise<Browser> {
	return launchChromium();
}

export const ARTIFACTS = 'test-results';
export function artifact(name: string): string {
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	return `${ARTIFACTS}/${name}`;
}
