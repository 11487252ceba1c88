// Vite's import.meta.glob, which vitest resolves at transform time (the policy grid collects rows).
interface ImportMeta {
  glob<T = unknown>(pattern: string, options: { eager: true }): Record<string, T>;
}
