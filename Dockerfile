# syntax=docker/dockerfile:1
# lockerd in a container: the web app built with Node, embedded in a static Go
# binary (CGO_ENABLED=0: SQLite is modernc.org/sqlite, pure Go), run as a
# non-root user on distroless. Build from the repository's root:
#   docker build -t lockers/lockerd .
#   docker run -p 8080:8080 -v lockers-data:/data lockers/lockerd
# docs/operations.md lists the variables (DATABASE_URL, PUBLIC_URL, ...).

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
# No browser downloads: nothing here runs one.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
# embedweb: the web app inside the binary; timetzdata: the zone database too
# (stations keep their own time zones), whatever the image has in /usr/share.
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -tags embedweb,timetzdata -ldflags "-s -w" \
      -o /out/lockerd ./cmd/lockerd \
 && mkdir -p /out/data

# distroless static: CA certificates (Stripe, SMTP over TLS), /etc/passwd with
# the nonroot user (65532), no shell, no package manager.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=go /out/lockerd /usr/local/bin/lockerd
COPY --from=go --chown=65532:65532 /out/data /data
USER 65532:65532
ENV HTTP_ADDR=0.0.0.0:8080 \
    DATABASE_URL=sqlite:/data/lockers.db \
    DEMO_SEED=false
VOLUME ["/data"]
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/lockerd"]
CMD ["serve"]
