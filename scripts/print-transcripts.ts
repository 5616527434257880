/**
 * Prints the guided-practice transcripts as JSON for scripts/make-practice-audio.sh:
 *   [{ "id": 1, "title": "...", "duration": 15, "audioUrl": "/audio/practice-1.ogg", "transcript": "..." }, ...]
 *
 * Run with: node_modules/.bin/tsx scripts/print-transcripts.ts
 */
import { seedPractices } from "../db/seed/practices";

const out = seedPractices.map(({ id, title, duration, audioUrl, transcript }) => ({ id, title, duration, audioUrl, transcript }));
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
