// The colour theme: light, dark, or whatever the system prefers (the default). The setting travels
// in the URL (`theme=light|dark`, absent: follow the system) so a shared link or a briefing looks
// the same; the server writes it on <html data-theme> (page-config.ts) so the first paint is right.
// The page's colours are CSS custom properties (theme.css: light-dark() pairs, picked by the
// root's color-scheme); what is drawn on canvases and by WebGL takes its colours from palette.ts.

export type ThemeSetting = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_SETTINGS: readonly ThemeSetting[] = ['system', 'light', 'dark'];
export const THEME_PARAM = 'theme';

/** The URL's value, or 'system' for anything else (absent, junk). */
export function parseThemeSetting(value: string | null | undefined): ThemeSetting {
	return value === 'light' || value === 'dark' ? value : 'system';
}

export function resolveTheme(setting: ThemeSetting, systemPrefersDark: boolean): Theme {
	return setting === 'system' ? (systemPrefersDark ? 'dark' : 'light') : setting;
}
