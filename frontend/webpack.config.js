// Production build: content-hashed files in dist/, one lazy chunk per route, CSS extracted.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { landingChunkNames, RoutePreloadPlugin } from './scripts/route-preload-plugin.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The build's name in error reports: SHOP_RELEASE, else the version and the commit. */
function release() {
  if (process.env.SHOP_RELEASE) return process.env.SHOP_RELEASE;
  const { version } = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
  try {
    const commit = execSync('git rev-parse --short HEAD', { cwd: here, stdio: ['ignore', 'pipe', 'ignore'] });
    return `${version}+${commit.toString().trim()}`;
  } catch {
    return version;
  }
}

/**
 * index.html's scripts: the boot script runs before the first paint (not deferred); main.js is
 * preloaded, and the boot script runs it once the page is parsed (and, on the prerendered home
 * page, painted: src/app/boot/start-app.ts). Still at the priority of a deferred script.
 */
class BootScriptsPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('BootScriptsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('BootScriptsPlugin', (data) => {
        data.assetTags.scripts = data.assetTags.scripts.map((tag) => {
          const src = tag.attributes.src;
          if (/\/boot(\.[0-9a-f]+)?\.js$/.test(src)) return { ...tag, attributes: { src } };
          return {
            tagName: 'link',
            voidTag: true,
            meta: tag.meta,
            attributes: { rel: 'preload', as: 'script', href: src, fetchpriority: 'low', 'data-entry': true },
          };
        });
        return data;
      });
    });
  }
}

/** The year in the prerendered home page's footer, which the app's first render repeats (footer.tsx). */
const BUILD_YEAR = new Date().getFullYear();

const resolve = {
  extensions: ['.tsx', '.ts', '.js'],
  alias: { '@': path.resolve(here, 'src') },
};

/**
 * react-router's package exports only its development build to bundlers (warnings and checks
 * included); the production build beside it is the same API without them.
 */
const reactRouterProduction = {
  'react-router$': path.resolve(here, 'node_modules/react-router/dist/production/index.mjs'),
};

/**
 * RTK Query (a lazy chunk) imports Redux Toolkit's core under a name of its own, so that it is a
 * module apart from the one main.js carries. Webpack keeps a module whole in one chunk with every
 * export any chunk uses: shared, the core in main.js would carry createSlice and immer for RTK
 * Query's sake, though main.js's own client state uses neither (frontend/README.md, with the
 * sizes).
 */
const rtkQueryOwnCore = {
  test: /[\\/]node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/,
  resolve: {
    alias: {
      '@reduxjs/toolkit$': `${path.resolve(here, 'node_modules/@reduxjs/toolkit/dist/redux-toolkit.modern.mjs')}?rtk-query`,
    },
  },
};

/** TypeScript through swc, for the browser or (the prerender) for Node. */
const typescript = (production) => ({
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
        target: 'es2020',
      },
    },
  },
});

/**
 * src/app/prerender.tsx for Node, one file in node_modules/.cache: scripts/prerender.mjs renders
 * the home page with it into dist/index.html (src/app/boot/prerender.ts).
 */
const prerender = (production) => ({
  name: 'prerender',
  mode: production ? 'production' : 'development',
  target: 'node',
  entry: path.resolve(here, 'src/app/prerender.tsx'),
  output: {
    path: path.resolve(here, 'node_modules/.cache/prerender'),
    filename: 'prerender.cjs',
    library: { type: 'commonjs2' },
    clean: true,
  },
  devtool: false,
  resolve,
  module: { rules: [typescript(production)] },
  plugins: [
    new webpack.DefinePlugin({ __SHOP_RELEASE__: JSON.stringify(release()), __BUILD_YEAR__: BUILD_YEAR }),
    // The lazy pages' dynamic imports resolve inside the one file.
    new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
  ],
  optimization: { minimize: false },
  stats: 'errors-warnings',
});

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  const app = {
    name: 'app',
    mode: production ? 'production' : 'development',
    // `boot` first: a few hundred bytes, run before the first paint (theme, prerendered home page),
    // that start fetching the landing page's lazy chunk while main.js (React, the router, the
    // store) is still downloading (src/app/boot).
    entry: {
      boot: path.resolve(here, 'src/app/boot/boot.ts'),
      main: path.resolve(here, 'src/main.tsx'),
      // A stylesheet only (its script is empty and not loaded): the themes but the default.
      themes: path.resolve(here, 'src/themes.css'),
    },
    output: {
      path: path.resolve(here, 'dist'),
      // The backend serves index.html for every unknown path, so assets must be absolute.
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: production ? { ...resolve, alias: { ...resolve.alias, ...reactRouterProduction } } : resolve,
    module: {
      rules: [
        typescript(production),
        rtkQueryOwnCore,
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, 'css-loader', 'postcss-loader'],
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ __SHOP_RELEASE__: JSON.stringify(release()), __BUILD_YEAR__: BUILD_YEAR }),
      new HtmlWebpackPlugin({ template: path.resolve(here, 'public/index.html'), chunks: ['boot', 'main'] }),
      new BootScriptsPlugin(),
      new RoutePreloadPlugin({ chunks: landingChunkNames(path.resolve(here, 'src/app/boot/landing-pages.ts')) }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
      }),
      new CopyWebpackPlugin({
        patterns: [{ from: path.resolve(here, 'public'), globOptions: { ignore: ['**/index.html'] } }],
      }),
    ],
    optimization: {
      // swc's minifier is about twice as fast as terser on this 2-core machine.
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
  // The development build (watch) has no prerendered home page.
  return production ? [app, prerender(production)] : app;
};
