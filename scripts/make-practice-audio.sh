#!/usr/bin/env bash
# Regenerates the guided-practice recordings, public/audio/practice-{id}.ogg,
# from the transcripts in db/seed/practices.ts.
#
#   scripts/make-practice-audio.sh          # all practices
#   scripts/make-practice-audio.sh 3 5      # only practices 3 and 5
#
# Each recording lasts the practice's stated duration (checked here, within 5%)
# and has the shape of a guided session: the opening bell and spoken guidance;
# guided silences, "[5 minutes of silence]" in the transcript, in which a soft
# bell rings every 5 minutes and at the end, with short spoken cues between
# them; the spoken return and the closing bell. A blank line between paragraphs
# becomes PARA_GAP seconds of quiet, "[pause]" PAUSE_GAP seconds and "[bell]"
# a bell. Directions in square brackets are never spoken.
# The bell, the levelling and the encoding are shared with
# scripts/make-lesson-audio.sh and live in scripts/lib/audio.sh (where the
# settings VOICE, SPEED, PITCH, PARA_GAP, PAUSE_GAP, BITRATE... are described);
# the practices set their own voice below (the lessons keep the library's).
#
# Requires: node_modules (tsx), espeak-ng, sox, opus-tools (opusenc, opusinfo), jq.
# Debian: apt-get install espeak-ng sox libsox-fmt-all opus-tools jq
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# A softer, slower voice than espeak-ng's default, with breathing room between
# sentences; a speech bitrate, and DTX so that the long silences cost next to nothing.
VOICE="${VOICE:-en-gb-x-rp+f3}" SPEED="${SPEED:-145}" PITCH="${PITCH:-42}" WORD_GAP="${WORD_GAP:-1}"
SENTENCE_GAP="${SENTENCE_GAP:-0.8}" PARA_GAP="${PARA_GAP:-3.5}" PAUSE_GAP="${PAUSE_GAP:-8}" BITRATE="${BITRATE:-24}" DTX="${DTX:-1}"
# shellcheck source=lib/audio.sh
source "$ROOT/scripts/lib/audio.sh"

audio_init
"$TSX" "$ROOT/scripts/print-transcripts.ts" >"$WORK/transcripts.json"

if [[ $# -gt 0 ]]; then ids=("$@"); else mapfile -t ids < <(jq -r '.[].id' "$WORK/transcripts.json"); fi
for id in "${ids[@]}"; do
  title="$(jq -r --arg id "$id" '.[] | select((.id | tostring) == $id) | .title // empty' "$WORK/transcripts.json")"
  make_recording "$id" "$OUT_DIR/practice-$id.ogg" "${title:-Guided practice $id}" "practice $id"
  # The site states each practice's duration: the recording must keep that promise.
  minutes="$(jq -r --arg id "$id" '.[] | select((.id | tostring) == $id) | .duration' "$WORK/transcripts.json")"
  seconds="$(opusinfo "$OUT_DIR/practice-$id.ogg" | sed -n 's/.*Playback length: \([0-9]*\)m:\([0-9.]*\)s.*/\1 \2/p' | awk '{ print $1 * 60 + $2 }')"
  if ! awk -v s="$seconds" -v m="$minutes" 'BEGIN { d = s - m * 60; exit !(d * d <= (m * 3) * (m * 3)) }'; then
    echo "error: practice $id lasts $seconds s, but its stated duration is $minutes min: adjust the silences in its transcript" >&2
    exit 1
  fi
done
