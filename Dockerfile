# The Discord bot in a container: slim Python, the fonts its pictures need, a non-root user.
#   docker build -t mahjong-bot .
#   docker run -e DISCORD_TOKEN=... -v mahjong-data:/data mahjong-bot            (one process, SQLite)
#   docker compose up                                                             (PostgreSQL + 2 processes)
FROM python:3.11-slim-bookworm

# Noto Sans CJK draws names in Chinese and Japanese on the pictures, DejaVu the rest (bot/render/fonts.py).
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-noto-cjk fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin mahjong \
 && mkdir /data && chown mahjong:mahjong /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY tile_images ./tile_images
RUN pip install --no-cache-dir . && python -c "import bot.client, cogs.table"

USER mahjong
WORKDIR /data
ENV MAHJONG_DATABASE=/data/mahjong.sqlite3 \
    MAHJONG_LOG_FORMAT=json \
    PYTHONUNBUFFERED=1
# The health endpoint (opt-in: set MAHJONG_METRICS_PORT=9100 and MAHJONG_METRICS_HOST=0.0.0.0).
EXPOSE 9100
ENTRYPOINT ["mahjong-bot"]
CMD ["run"]
