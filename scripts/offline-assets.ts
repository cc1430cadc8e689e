import type { Plugin } from 'vite';

/** Where the client build lists the code the storefront needs offline; public/sw.js caches each of them. */
export const OFFLINE_ASSETS_FILE = 'offline-assets.json';

/** Admin screens are never needed offline on a customer's phone: their code is not stored there. */
const isAdmin = (id: string | null | undefined) => Boolean(id && /[/\\](routes[/\\]admin|features[/\\]admin)/.test(id));

/**
 * Lists every JavaScript and CSS file the public pages can load, lazily loaded parts included (the cart panel, the
 * options dialog), so the service worker can store them while online: a page opened offline then finds all its code.
 */
export function offlineAssets(): Plugin {
  return {
    name: 'offline-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const wanted = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = byName.get(fileName);
        if (!chunk || wanted.has(fileName) || isAdmin(chunk.facadeModuleId)) return;
        wanted.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) wanted.add(css);
        [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
      };
      chunks.filter((chunk) => chunk.isEntry || chunk.isDynamicEntry).forEach((chunk) => visit(chunk.fileName));
      this.emitFile({
        type: 'asset',
        fileName: OFFLINE_ASSETS_FILE,
        source: JSON.stringify([...wanted].sort().map((file) => `/${file}`)),
      });
    },
  };
}
