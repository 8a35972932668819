# syntax=docker/dockerfile:1
# Triptych console (and, with another command, its sandbox process): README, "Team mode" and
# "Deploy". Two stages: the build (dev dependencies, the SPA built, dev dependencies dropped),
# then the runtime: node only, as a user without rights, health checked on /api/health.

FROM node:20-bookworm AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 CI=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787 DATA_DIR=/data
RUN groupadd --system triptych \
 && useradd --system --gid triptych --home-dir /nonexistent --shell /usr/sbin/nologin triptych \
 && mkdir -p /data && chown triptych:triptych /data && chmod 700 /data
# The code is root's and read-only to the process; it writes only under /data.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/src ./src
COPY --from=build /app/package.json /app/tsconfig.json /app/tsconfig.base.json ./
USER triptych
EXPOSE 8787
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "src/server/main.ts"]
