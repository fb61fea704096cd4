# syntax=docker/dockerfile:1
# The tester service as a small image that runs as a non-root user (docs/containers.md). Two stages: the build
# (npm ci compiles the TypeScript to dist/ and, where headers exist, the optional SCTP addons; dev dependencies are
# pruned after), and the runtime: node's slim image, the app, user `node`.
# No container engine? `node scripts/container-build.mjs` runs these same steps as a script (CI does).
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV npm_config_update_notifier=false
COPY package.json package-lock.json tsconfig.json tsconfig.build.json plugins.json ./
COPY scripts ./scripts
COPY native ./native
COPY bin ./bin
COPY core ./core
COPY builtins ./builtins
COPY cli ./cli
COPY sdk ./sdk
COPY plugins ./plugins
COPY views ./views
COPY web ./web
COPY examples ./examples
RUN npm ci --no-audit --no-fund
RUN npm prune --omit=dev --no-audit --no-fund && rm -f dist/.tsbuildinfo

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build --chown=node:node /app /app
USER node
# 9009: the JSON-RPC port; 9010: the web client and the HTTP API (the RPC port + 1, on the RPC port's address);
# 9464: Prometheus metrics (all bound to 0.0.0.0 by the compose file's environment).
EXPOSE 9009 9010 9464
# SCTP (sigtran/diameter transport sctp, userland backend) sends raw IP: run with --cap-add NET_RAW and give node
# the capability (docs/containers.md); the TCP transports need no capability.
ENTRYPOINT ["node", "--max-semi-space-size=32", "--no-concurrent-marking", "bin/tester.js"]
CMD ["serve", "--config", "examples/service.yaml"]
