import type { Plugin } from 'vite';

/** The modules every signed-in screen runs on: shared code, the query layer, the icons. */
const CORE =
  /[\\/](?:apps[\\/]web[\\/]src[\\/](?:lib|components[\\/]ui|app[\\/](?:query-area|signed-in-area|guards|layouts[\\/]signed-in-layout))[\\/.]|node_modules[\\/](?:@tanstack[\\/](?:query-core|react-query)|lucide-react)[\\/])/;

/**
 * Shared code that only forms use (the date and time fields among them): it stays with the forms,
 * so that the dashboard and the statistics do not fetch it.
 */
const FORMS_ONLY =
  /[\\/](?:lib[\\/](?:use-zod-form|use-lazy-zod-form|use-timed-form|zod-resolver|form-errors|use-on-edit)\.ts|components[\\/]ui[\\/](?:presence-choice|date-input|time-input|date-time-input|french-date|typed-field)\.tsx?)$/;

/**
 * The public layout and the public site's pages, lazy chunks of the router (src/app/router.tsx):
 * what they import stays out of the core, as what the entry imports.
 */
const PUBLIC_ROOTS =
  /[\\/]app[\\/](?:layouts[\\/]public-layout|routes[\\/](?:landing|features|pricing|about|legal-notice|terms|data-protection|not-found))\.tsx$/;

/**
 * One chunk for the code every signed-in screen shares (docs/decisions/0091-signed-in-javascript-budget.md):
 * left to the default grouping it was some forty chunks of 0.2–2 kB (one per lucide icon, per UI
 * component, per lib module), each a request and each compressed on its own. Modules the entry or
 * the public site's layout and pages import statically are left out, so that the public pages never fetch this
 * chunk: `reached` is filled once the module graph is known (buildEnd), before chunks are made.
 */
export function signedInCore(): {
  plugin: Plugin;
  group: { name: string; test: (id: string) => boolean; includeDependenciesRecursively: false };
} {
  const reached = new Set<string>();
  const plugin: Plugin = {
    name: 'club:signed-in-core',
    apply: 'build',
    buildEnd() {
      reached.clear();
      const visit = (id: string) => {
        if (reached.has(id)) return;
        reached.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      for (const id of this.getModuleIds())
        if (this.getModuleInfo(id)?.isEntry || PUBLIC_ROOTS.test(id)) visit(id);
    },
  };
  return {
    plugin,
    group: {
      name: 'signed-in',
      test: (id) => CORE.test(id) && !FORMS_ONLY.test(id) && !reached.has(id),
      // Only the modules named here: their other imports (the contract, react-router, the HTTP
      // layer the entry shares) stay where the default grouping puts them.
      includeDependenciesRecursively: false,
    },
  };
}
