// Test helpers of the map package for tests outside it (server property tests, screens' unit
// tests): an engine in-process, a simulated server, random edits. No DOM and no editor, so the
// server's Node tests can load it; an editor for a screen's jsdom test comes from the main entry
// (testController, EditorController). Never imported by shipped code (eslint/boundaries.js).

export { createEngineHost } from './worker/host';
export { localEngine, type EngineClient } from './worker/client';
export { SimServer } from './engine/sync/sim-server';
export { mulberry32, randomOp } from './engine/testing/random-ops';
export { mapText, SMALL_MAP } from './engine/testing/sync-fixtures';
