// Gives the `boot` entry (src/app/boot/boot.ts) the script files of each landing page's lazy chunk
// (the JSON `{chunkName: ['/assets/x.js', ...]}` replaces the token '__SHOP_ROUTE_CHUNKS__'), and
// it and `main` the stylesheet of the `themes` entry (the themes but the default:
// '__SHOP_THEMES_CSS__', src/lib/theme/theme-styles.ts), in their source, before minification and
// before webpack settles the content hashes (its RealContentHashPlugin then rewrites the names
// inside too). A chunk name with no chunk fails
// the build: landing-pages.ts and router.tsx's webpackChunkName comments must agree.
import { readFileSync } from 'node:fs';

const NAME = 'RoutePreloadPlugin';
const TOKEN = /(['"])__SHOP_ROUTE_CHUNKS__\1/;
const STYLES_TOKEN = /(['"])__SHOP_THEMES_CSS__\1/;

/** The chunk names of landing-pages.ts's `LANDING_PAGES` (`['/pattern', 'chunk-name', reads?]` rows). */
export function landingChunkNames(file) {
  return [...readFileSync(file, 'utf8').matchAll(/\[\s*'\/[^']*'\s*,\s*'([a-z0-9-]+)'\s*[,\]]/g)].map((m) => m[1]);
}

export class RoutePreloadPlugin {
  constructor({ entry = 'boot', main = 'main', chunks, styles = 'themes' }) {
    // `main` gets the stylesheet too (src/lib/theme/theme-styles.ts).
    this.entry = entry;
    this.main = main;
    this.chunks = chunks;
    // The entry whose stylesheet replaces '__SHOP_THEMES_CSS__'.
    this.styles = styles;
  }

  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONS }, () => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '/' : compilation.outputOptions.publicPath;
        const loaded = new Set(compilation.entrypoints.get(this.main).chunks.flatMap((c) => [...c.files]));
        const files = {};
        for (const name of this.chunks) {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) {
            compilation.errors.push(new WebpackError(`${NAME}: no chunk named "${name}" (landing-pages.ts and router.tsx disagree)`));
            continue;
          }
          files[name] = group.chunks
            .flatMap((c) => [...c.files])
            .filter((f) => f.endsWith('.js') && !loaded.has(f))
            .map((f) => `${publicPath}${f}`);
        }
        const literal = JSON.stringify(JSON.stringify(files));
        const stylesGroup = compilation.namedChunkGroups.get(this.styles);
        const stylesFile = stylesGroup?.chunks.flatMap((c) => [...c.files]).find((f) => f.endsWith('.css'));
        if (!stylesFile) compilation.errors.push(new WebpackError(`${NAME}: no stylesheet of a chunk named "${this.styles}"`));
        const stylesLiteral = JSON.stringify(`${publicPath}${stylesFile ?? ''}`);
        for (const [entry, tokens] of [
          [this.entry, [[TOKEN, literal], [STYLES_TOKEN, stylesLiteral]]],
          [this.main, [[STYLES_TOKEN, stylesLiteral]]],
        ]) {
          for (const file of compilation.entrypoints.get(entry).chunks.flatMap((c) => [...c.files])) {
            if (!file.endsWith('.js')) continue;
            const original = compilation.getAsset(file).source;
            const text = original.source().toString();
            // A ReplaceSource keeps the file's source map.
            const replaced = new sources.ReplaceSource(original);
            for (const [token, value] of tokens) {
              const at = text.search(token);
              if (at < 0) {
                compilation.errors.push(new WebpackError(`${NAME}: ${file} has no ${token.source} token`));
                continue;
              }
              replaced.replace(at, at + text.match(token)[0].length - 1, value);
            }
            compilation.updateAsset(file, replaced);
          }
        }
      });
    });
  }
}
