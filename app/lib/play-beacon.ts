/**
 * Where the practice player's beacons go (POST, app/server/analytics/plays.server.ts). A module of its own, imported by
 * the player's on-demand chunk (app/components/practice/practice-player-controller.ts), which inlines it; app/lib/analytics.ts
 * re-exports it.
 */
export const PLAY_BEACON_PATH = "/api/analytics/play";
