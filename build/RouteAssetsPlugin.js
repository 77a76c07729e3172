// Writes dist/route-assets.json: for each route of contract/routes.ts, the URLs of the lazy JavaScript its first
// visit loads (the initial bundles are already in index.html). server/routes/static.ts reads it to add preload links.
const webpack = require('webpack');
const { ROUTE_ALIASES, routeChunks } = require('./contractRoutes');

const FILE = 'route-assets.json';

class RouteAssetsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RouteAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RouteAssetsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '/');
          const initialFiles = new Set(
            [...compilation.chunks].filter((chunk) => chunk.canBeInitial()).flatMap((chunk) => [...chunk.files]),
          );
          const scriptsOf = ({ route, groups }) => {
            const files = groups.flatMap((name) => {
              const group = compilation.namedChunkGroups.get(name);
              if (!group) throw new Error(`contract/routes.ts: ${route} names chunk "${name}", which the build lacks`);
              return group.chunks.flatMap((chunk) => [...chunk.files]);
            });
            return [...new Set(files)]
              .filter((file) => file.endsWith('.js') && !initialFiles.has(file))
              .map((file) => publicPath + file);
          };
          const entry = (route) => ({ guarded: route.guarded, scripts: scriptsOf(route) });
          // The entry's own scripts, in the order index.html runs them: preloaded first, so a route's chunks never
          // take bandwidth from the bundle that has to run before anything else can.
          const entryScripts = [...compilation.entrypoints.values()]
            .flatMap((entrypoint) => entrypoint.getFiles())
            .filter((file) => file.endsWith('.js'))
            .map((file) => publicPath + file);
          const { routes, notFound } = routeChunks();
          const manifest = {
            entryScripts,
            routes: Object.fromEntries(routes.map((route) => [route.route, entry(route)])),
            aliases: ROUTE_ALIASES,
            notFound: entry(notFound),
          };
          compilation.emitAsset(FILE, new webpack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { RouteAssetsPlugin };
