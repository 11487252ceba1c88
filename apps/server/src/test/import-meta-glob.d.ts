// Vite's import.meta.glob, which vitest resolves at transform time (the authorization suite collects its scenarios).
interface ImportMeta {
  glob<T = unknown>(pattern: string, options: { eager: true }): Record<string, T>;
}
