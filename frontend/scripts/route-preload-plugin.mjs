// Gives the `boot` entry (src/app/boot/boot.ts) the script files of each landing page's lazy
// chunk: the JSON `{chunkName: ['/assets/x.js', ...]}` replaces the token '__SHOP_ROUTE_CHUNKS__'
// in its source, before minification and before webpack settles the content hashes (its
// RealContentHashPlugin then rewrites the names inside too). A chunk name with no chunk fails
// the build: landing-pages.ts and router.tsx's webpackChunkName comments must agree.
import { readFileSync } from 'node:fs';

const NAME = 'RoutePreloadPlugin';
const TOKEN = /(['"])__SHOP_ROUTE_CHUNKS__\1/;

/** The chunk names of landing-pages.ts's `LANDING_PAGES` (`['/pattern', 'chunk-name', reads?]` rows). */
export function landingChunkNames(file) {
  return [...readFileSync(file, 'utf8').matchAll(/\[\s*'\/[^']*'\s*,\s*'([a-z0-9-]+)'\s*[,\]]/g)].map((m) => m[1]);
}

export class RoutePreloadPlugin {
  constructor({ entry = 'boot', main = 'main', chunks }) {
    this.entry = entry;
    this.main = main;
    this.chunks = chunks;
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
        for (const chunk of compilation.entrypoints.get(this.entry).chunks) {
          for (const file of chunk.files) {
            if (!file.endsWith('.js')) continue;
            const source = compilation.getAsset(file).source.source().toString();
            if (!TOKEN.test(source)) {
              compilation.errors.push(new WebpackError(`${NAME}: ${file} has no '__SHOP_ROUTE_CHUNKS__' token`));
              continue;
            }
            compilation.updateAsset(file, new sources.RawSource(source.replace(TOKEN, () => literal)));
          }
        }
      });
    });
  }
}
