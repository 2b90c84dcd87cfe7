// The theme in the browser (theme.ts has the rules).
import { setMapTheme } from './palette';
import { resolveTheme, type Theme, type ThemeSetting } from './theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The theme in the browser: the setting, the theme it resolves to, and the root element kept in
 * step (its data-theme picks the CSS palette). Listeners hear every change of the resolved theme,
 * from the switch or from the system (a laptop going dark at sunset).
 */
export class ThemeState {
	setting = $state<ThemeSetting>('system');
	systemDark = $state(false);
	readonly theme: Theme = $derived(resolveTheme(this.setting, this.systemDark));
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- callbacks to notify, not state anything renders
	private listeners = new Set<(theme: Theme) => void>();

	constructor(setting: ThemeSetting) {
		this.setting = setting;
		if (typeof window === 'undefined') return;
		const media = window.matchMedia(DARK_QUERY);
		this.systemDark = media.matches;
		media.addEventListener('change', (e) => {
			const before = this.theme;
			this.systemDark = e.matches;
			if (this.theme !== before) this.notify();
		});
		this.applyToRoot();
		setMapTheme(this.theme);
	}

	set(setting: ThemeSetting): void {
		const before = this.theme;
		this.setting = setting;
		this.applyToRoot();
		if (this.theme !== before) this.notify();
	}

	/** Calls `listener` on every change of the resolved theme; returns the unsubscribe. */
	onchange(listener: (theme: Theme) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private notify(): void {
		this.applyToRoot();
		setMapTheme(this.theme);
		for (const listener of this.listeners) listener(this.theme);
	}

	/** data-theme: the setting, for theme.css's colours; data-scheme: the theme it resolved to, for what colours alone cannot switch. */
	private applyToRoot(): void {
		document.documentElement.dataset.theme = this.setting;
		document.documentElement.dataset.scheme = this.theme;
	}
}
