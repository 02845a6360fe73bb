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

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    // `boot` first: a few hundred bytes that start fetching the landing page's lazy chunk while
    // main.js (React, the router, the store) is still downloading (src/app/boot).
    entry: {
      boot: path.resolve(here, 'src/app/boot/boot.ts'),
      main: path.resolve(here, 'src/main.tsx'),
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
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { '@': path.resolve(here, 'src') },
    },
    module: {
      rules: [
        {
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
        },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, 'css-loader', 'postcss-loader'],
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ __SHOP_RELEASE__: JSON.stringify(release()) }),
      new HtmlWebpackPlugin({ template: path.resolve(here, 'public/index.html') }),
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
};
