# commerce-mock as a container: `docker build -t commerce-mock .` (or `podman build --format docker`), then
#   docker run --rm -p 4010:4010 -e COMMERCE_MOCK_ADMIN_TOKEN=change-me-please commerce-mock
# The README's "Container" section explains the admin token, the data volume and the health check.
# NODE_IMAGE lets a build use a mirror of the same image (`--build-arg NODE_IMAGE=registry.example/node:24-bookworm-slim`).
ARG NODE_IMAGE=node:24-bookworm-slim

# Production dependencies only, in a stage of their own so npm's cache never reaches the image.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# No lifecycle scripts: nothing is built here (and npm 11 runs no dependency's install script anyway).
# Pact's verifier is an optional peer of the package (only `verify` runs it) and the image runs `verify`: made a
# dependency of this stage, at the version the lock holds.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline \
 && npm pkg delete peerDependencies peerDependenciesMeta "devDependencies.@pact-foundation/pact-core" \
 && npm pkg set "dependencies.@pact-foundation/pact-core=$(node -p "require('./package-lock.json').packages['node_modules/@pact-foundation/pact-core'].version")" \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline

# Build stage: every dependency (TypeScript, the build scripts' own), then dist/; then what the server reads at run
# time is gathered in /ship: the bin, dist/ (less the bundle's source maps), the OpenAPI documents, the built-in
# scenarios, the page assets and templates under src/pages/, and the shipped pacts `verify` defaults to (the
# package's `files`, less the README).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund --prefer-offline
COPY . .
RUN npm run build \
 && mkdir -p /ship/src/pages/checkout /ship/src/pages/docs /ship/docs \
 && cp -R package.json bin dist spec scenarios pacts /ship/ \
 && rm /ship/dist/bundle/*.map \
 && cp -R src/pages/console /ship/src/pages/ \
 && cp -R src/pages/checkout/templates /ship/src/pages/checkout/ \
 && cp -R src/pages/docs/public /ship/src/pages/docs/ \
 && cp -R docs/cli.md /ship/docs/

# Runtime: Node, the production dependencies and /ship; nothing else.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production
# A bounded young generation (8 MiB semi-spaces): RSS under 50-connection GET load about 104 MiB, at 6 % more
# throughput than 2 MiB (docs/development.md, "The young generation").
ENV NODE_OPTIONS=--max-semi-space-size=8
WORKDIR /app
COPY --from=deps /app/node_modules/ node_modules/
COPY --from=build /ship/ ./
# The image's files stay root's (read-only to the server); only the data directory belongs to the `node` user
# (uid 1000) of the Node image. Mount a volume on /data to keep the state across containers.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4010
# Node itself asks: the slim image has no curl. PORT (default 4010) is the port the server listens on.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4010) + '/__admin/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# 0.0.0.0 so a published port reaches the server. On a host that is not loopback the admin API (/__admin: clock,
# scenarios, state, the QA console's calls) answers only `Authorization: Bearer <token>` with the token of env
# COMMERCE_MOCK_ADMIN_TOKEN (8 characters at least); without that variable it stays locked. /__admin/health is
# always open, and the public API (/v1) never needs the admin token.
# Arguments given to `docker run IMAGE …` replace the CMD: `… IMAGE start --host 0.0.0.0 --in-memory`, `… IMAGE verify …`.
ENTRYPOINT ["node", "bin/commerce-mock.js"]
CMD ["start", "--host", "0.0.0.0", "--data", "/data/db.json"]
