#!/usr/bin/env node
// Loads the TypeScript entry point in this same process (signals reach the service directly).
import { register } from 'tsx/esm/api';

register();
await import('../src/main/cli.ts');
