#!/usr/bin/env bash
# Regenerates the guided-practice recordings, public/audio/practice-{id}.ogg,
# from the transcripts in db/seed/practices.ts.
#
#   scripts/make-practice-audio.sh          # all practices
#   scripts/make-practice-audio.sh 3 5      # only practices 3 and 5
#
# Each recording is: bell, spoken guidance, bell. The guidance is spoken by
# espeak-ng; a blank line between paragraphs becomes PARA_GAP seconds of
# silence, "[pause]" PAUSE_GAP seconds, "[long pause]" LONG_PAUSE_GAP seconds
# and "[bell]" a bell. Directions in square brackets are never spoken.
# The bell, the voice, the levelling and the encoding are shared with
# scripts/make-lesson-audio.sh and live in scripts/lib/audio.sh (where the
# settings VOICE, SPEED, PITCH, PARA_GAP, PAUSE_GAP, BITRATE... are described).
#
# Requires: node_modules (tsx), espeak-ng, sox, opus-tools (opusenc, opusinfo), jq.
# Debian: apt-get install espeak-ng sox libsox-fmt-all opus-tools jq
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/audio.sh
source "$ROOT/scripts/lib/audio.sh"

audio_init
"$TSX" "$ROOT/scripts/print-transcripts.ts" >"$WORK/transcripts.json"

if [[ $# -gt 0 ]]; then ids=("$@"); else mapfile -t ids < <(jq -r '.[].id' "$WORK/transcripts.json"); fi
for id in "${ids[@]}"; do
  title="$(jq -r --arg id "$id" '.[] | select((.id | tostring) == $id) | .title // empty' "$WORK/transcripts.json")"
  make_recording "$id" "$OUT_DIR/practice-$id.ogg" "${title:-Guided practice $id}" "practice $id"
done
