// Production: content-hashed bundles in dist/, one lazy chunk per route, swc for both transform and minify.
// Development: `npm run dev` serves the app with HMR-free reloads, proxies /v1 to the API server and falls back to
// index.html for client routes.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { PrerenderPagesPlugin } = require('./build/PrerenderPagesPlugin');
const { RouteAssetsPlugin } = require('./build/RouteAssetsPlugin');
const { narrowChartsDefaults } = require('./build/chartsDefaults');
const { compileHints } = require('./build/compileHints');

const API_PROXY_TARGET = process.env.API_PROXY_TARGET || 'http://127.0.0.1:8080';

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: './src/index.tsx',
    output: {
      path: path.resolve(__dirname, 'dist'),
      // A lazy chunk is named by its number in production: the runtime every first visit downloads then carries no
      // map of chunk names (0.4 KB of gzip, the /login budget's margin; docs/performance.md, Bundle budget). Development keeps names.
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[id].[contenthash:8].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // React Router's package exports only its development build (dev warnings on); its production build, which is
      // the same code with the warnings off, sits beside it.
      alias: production
        ? {
            'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
            'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
          }
        : {},
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
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        // Empty: the API is on the app's own origin. Set it at build time for a cross-site deployment.
        'process.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL || ''),
      }),
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
      new CopyPublicFiles(['robots.txt']),
      new RouteAssetsPlugin(),
      narrowChartsDefaults(),
      compileHints(),
      ...(production ? [new PrerenderPagesPlugin()] : []),
    ],
    optimization: {
      minimize: production,
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      // Fewer, larger shared chunks than webpack's defaults (30 requests per load, 20 KB minimum): a first visit
      // fetched 15–36 files, and on a phone's slow connection (Lighthouse's simulated 150 ms round trips, six
      // connections) the page's heading waited for all of them. At most six files per chunk loaded, four for the
      // entry, none under 30 KB: 12–25 files, every route's first load as small or smaller, and the largest
      // contentful paint 150–450 ms sooner on every page measured (docs/performance.md, Fewer files).
      splitChunks: { chunks: 'all', maxAsyncRequests: 6, maxInitialRequests: 4, minSize: 30_000 },
      moduleIds: 'deterministic',
      runtimeChunk: 'single',
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    performance: { hints: false },
    stats: production ? 'normal' : 'minimal',
    devServer: {
      port: Number(process.env.DEV_PORT || 3000),
      historyApiFallback: true,
      proxy: [{ context: ['/v1'], target: API_PROXY_TARGET, changeOrigin: false }],
    },
  };
};

// Copies a few static files from public/ as they are (no plugin dependency for two files).
class CopyPublicFiles {
  constructor(files) {
    this.files = files;
  }
  apply(compiler) {
    const fs = require('node:fs');
    compiler.hooks.thisCompilation.tap('CopyPublicFiles', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicFiles', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of this.files) {
            const source = fs.readFileSync(path.resolve(__dirname, 'public', file));
            compilation.emitAsset(file, new webpack.sources.RawSource(source));
          }
        },
      );
    });
  }
}
