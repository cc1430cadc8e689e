import type { Plugin } from 'vite';

/** Where every public page starts: the root and the public layout (header, footer, cart button). */
const SHELL_ROOTS = [/[/\\]app[/\\]root\.tsx$/, /[/\\]app[/\\]routes[/\\]public\.tsx$/];

/**
 * React, React DOM and React Router: one chunk, which Rollup merges with the client entry (the same on every page and
 * changed only by an upgrade). Named, or Rollup folds them into the shell chunk beside the modules that import them.
 */
const FRAMEWORK = /[/\\]node_modules[/\\](react|react-dom|react-router|scheduler|@react-router)[/\\]/;

/** lucide-react's index, which imports every icon, and one icon's file. */
const ICON_INDEX = /[/\\]lucide-react[/\\]dist[/\\]esm[/\\]lucide-react\.mjs$/;

const LUCIDE_ICON = /[/\\]lucide-react[/\\]dist[/\\]esm[/\\]icons[/\\]([\w-]+)\.mjs$/;

interface Info {
  importedIds: readonly string[];
  code: string | null;
}

/** The names a module imports from lucide-react. */
function iconNames(code: string | null): string[] {
  return [...(code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap(([, names = '']) =>
    names.split(',').map((name) => name.trim().split(/\s+as\s+/)[0] ?? ''),
  );
}

/** The icon files (lucide-react's one per icon) that the names stand for, read from the index's re-exports. */
function iconFiles(index: Info, names: ReadonlySet<string>): string[] {
  const files: string[] = [];
  for (const [, exported = '', path = ''] of (index.code ?? '').matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.(\/icons\/[^']+)'/g)) {
    const aliases = exported.split(',').map((name) => name.trim().split(/\s+as\s+/)[1]);
    const file = index.importedIds.find((id) => id.endsWith(path));
    if (file && aliases.some((alias) => alias && names.has(alias))) files.push(file);
  }
  return files;
}

/**
 * The modules the shell roots reach by static imports, lucide-react's icons only as the shell names them (through
 * the index every icon is 'imported'); and every icon our code names anywhere, for chunks of their own.
 */
function shellModules(ids: readonly string[], info: (id: string) => Info | null): { shell: Set<string>; icons: Set<string> } {
  const shell = new Set<string>();
  const shellIcons = new Set<string>();
  const queue = ids.filter((id) => SHELL_ROOTS.some((root) => root.test(id)));
  const walk = () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (shell.has(next)) continue;
      shell.add(next);
      const module = info(next);
      if (!module || ICON_INDEX.test(next)) continue;
      for (const name of iconNames(module.code)) shellIcons.add(name);
      queue.push(...module.importedIds);
    }
  };
  walk();
  const index = ids.find((id) => ICON_INDEX.test(id));
  const indexInfo = index ? info(index) : null;
  if (!indexInfo) return { shell, icons: new Set() };
  queue.push(...iconFiles(indexInfo, shellIcons));
  walk();
  const named = new Set(ids.filter((id) => !id.includes('node_modules')).flatMap((id) => iconNames(info(id)?.code ?? null)));
  return { shell, icons: new Set(iconFiles(indexInfo, named)) };
}

/**
 * The public shell's code in one chunk, `shell`: what the root and the public layout import statically (our own
 * modules, TanStack Query, the header's and footer's icons). Left to itself, Rollup cut it into some forty chunks of
 * 0.1-10 KB, one per set of routes that share a module, so that every page loaded 45-60 files and paid gzip's
 * per-file cost on each (measured: 7-8 KB less on each of /, /products and /products/1; docs/benchmarks.md,
 * 2026-12-05). Only modules reached by static imports join it: what a page loads lazily (the cart panel, the options
 * dialog) and the admin screens' own code stay out of the first load (docs/decisions/090-lighthouse-product-grid-and-first-load.md).
 * The client build only; the server build keeps its own layout.
 */
export function storefrontChunk(): Plugin {
  return {
    name: 'storefront-chunk',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return;
      let modules: ReturnType<typeof shellModules> | undefined;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id, { getModuleInfo, getModuleIds }) {
                modules ??= shellModules([...getModuleIds()], (moduleId) => getModuleInfo(moduleId));
                const { shell, icons } = modules;
                if (FRAMEWORK.test(id)) return 'framework';
                // Rollup brings a manual chunk's unassigned dependencies into it, and the header's icons come through
                // lucide-react's index, which imports every icon: each other icon drawn anywhere keeps a chunk of its
                // own (the unused ones follow the index into the shell chunk, where tree-shaking drops them).
                const icon = LUCIDE_ICON.exec(id)?.[1];
                if (icon && !shell.has(id) && icons.has(id)) return `icon-${icon}`;
                const own = !shell.has(id) || SHELL_ROOTS.some((root) => root.test(id));
                if (own || id.startsWith('\0') || /\.css($|\?)|\?url$/.test(id)) return undefined;
                return 'shell';
              },
            },
          },
        },
      };
    },
  };
}
