import { moduleState } from './per-file-module-state.js';

/**
 * vitest.config.ts keeps each test process for many files and relies on vitest dropping the
 * modules of src/ and test/ before each file. This setup file runs before each file: when the
 * module it imports still holds the count of an earlier file, files share module state, and the
 * suite stops here instead of passing or failing by the order its files ran in.
 */
moduleState.testFilesSeen++;
if (moduleState.testFilesSeen !== 1) {
  throw new Error('Test files share modules (a module loaded by an earlier file in this process): see the isolation note in vitest.config.ts.');
}
