// Which JavaScript a page's HTML makes the browser load at once, read from the HTML and the modules' code with
// regular expressions: the pages are the app's own, so a parser for every HTML a browser accepts is not needed.

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** The attributes inside a tag (without `<name` and `>`), names lower-cased, values unquoted and decoded. */
export function attributes(tag: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    result[(match[1] ?? '').toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return result;
}

/** Static `import … from "x"`, `import "x"` and `export … from "x"` specifiers (not `import()`). */
export function staticImports(code: string): string[] {
  const specifiers: string[] = [];
  const pattern = /(?<![\w$.])(?:import|export)(?![\w$])\s*(?:[\w$*{}\s,]*?\bfrom\s*)?(["'])([^"'\n]+)\1/g;
  for (const match of code.matchAll(pattern)) if (match[2] !== undefined) specifiers.push(match[2]);
  return specifiers;
}

/** `import("x")` specifiers with a literal string. */
export function dynamicImports(code: string): string[] {
  return [...code.matchAll(/(?<![\w$.])import\s*\(\s*(["'])([^"'\n]+)\1\s*\)/g)].flatMap((m) =>
    m[2] === undefined ? [] : [m[2]],
  );
}

/** The JavaScript a page makes the browser load at once, as absolute URLs, with how each was found. */
export function firstLoadScripts(html: string, pageUrl: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (specifier: string | undefined, via: string) => {
    if (!specifier || specifier.startsWith('data:')) return;
    const url = new URL(specifier, pageUrl).href;
    const ways = found.get(url) ?? new Set<string>();
    ways.add(via);
    found.set(url, ways);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice(5, -1));
    if ((attrs.rel ?? '').toLowerCase().split(/\s+/).includes('modulepreload') && attrs.href) add(attrs.href, 'modulepreload');
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(match[1] ?? '');
    const type = (attrs.type ?? '').toLowerCase();
    const code = match[2] ?? '';
    if (attrs.src) {
      // Classic and module scripts both load at once (unless they are JSON, import maps and such).
      if (type === '' || type === 'module' || type === 'text/javascript') add(attrs.src, `script src`);
    } else if (type === 'module') {
      for (const specifier of staticImports(code)) add(specifier, 'inline import');
      // The entry is imported with import() from the inline module script: it runs at once.
      for (const specifier of dynamicImports(code)) add(specifier, 'inline import()');
    }
  }
  return found;
}
