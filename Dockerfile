# One image, several roles: `spade api`, `spade worker`, `spade serve`.
FROM node:20-bookworm AS ui
WORKDIR /src/ui
COPY ui/package.json ui/package-lock.json ./
RUN PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
COPY ui/ ./
RUN npm run build

FROM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -o /out/spade ./cmd/spade

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates tesseract-ocr tesseract-ocr-eng poppler-utils curl \
    && rm -rf /var/lib/apt/lists/* && useradd --system --home /data spade && mkdir -p /data && chown spade /data
COPY --from=go /out/spade /usr/local/bin/spade
COPY --from=ui /src/ui/dist /srv/ui
USER spade
ENV SPADE_DATA_DIR=/data SPADE_UI_DIR=/srv/ui SPADE_ADDR=0.0.0.0:8080
EXPOSE 8080
ENTRYPOINT ["spade"]
CMD ["serve"]
