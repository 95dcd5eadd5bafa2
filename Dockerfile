# The Clipwright service image: one image for every role (serve, api, worker, admin), chosen by
# the command. System tools (ffmpeg, speech engines, OCR, fonts) and the Python sidecars are
# installed by the same scripts/setup.sh that `npm start` runs on a bare machine, so the image and
# a bare-metal install cannot drift apart.
FROM node:24-bookworm-slim

ENV NODE_ENV=production \
    DATA_DIR=/var/lib/clipwright \
    PORT=8080 \
    HOST=0.0.0.0

WORKDIR /app

# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json .npmrc ./
COPY scripts/ scripts/
COPY sidecars/ sidecars/
# hadolint ignore=DL3008
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates python3 python3-venv curl \
    && bash scripts/setup.sh --runtime \
    && npm cache clean --force \
    && rm -rf /var/lib/apt/lists/* /root/.cache

COPY . .

# The service never needs root: it only writes its data folder.
RUN groupadd --system --gid 10001 clipwright \
    && useradd --system --uid 10001 --gid clipwright --home-dir /app --shell /usr/sbin/nologin clipwright \
    && mkdir -p "$DATA_DIR" \
    && chown -R 10001:10001 "$DATA_DIR"
USER 10001:10001
VOLUME ["/var/lib/clipwright"]
EXPOSE 8080

# Workers have no port: compose turns this check off for them (see compose.yaml).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# SIGTERM reaches node directly (exec form, no shell), which drains and hands jobs back.
ENTRYPOINT ["node", "bin/clipwright.mjs"]
CMD ["serve"]
