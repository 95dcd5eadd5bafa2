import type { FastifyInstance } from 'fastify';
import type { Container } from '../../app/container.js';
import { linkRoutes } from './links.js';
import { linkToVideoRoutes } from './link-to-videos.js';
import { lipsyncRoutes } from './lipsyncs.js';
import { lipsyncV2Routes } from './lipsyncs-v2.js';
import { textToSpeechRoutes } from './text-to-speech.js';
import { musicRoutes } from './music.js';
import { personaRoutes } from './personas.js';
import { voiceRoutes } from './voices.js';
import { workspaceRoutes } from './workspace.js';
import { aiScriptRoutes } from './ai-scripts.js';
import { textGeneratorRoutes } from './text-generator.js';
import { customAvatarRoutes } from './custom-avatars.js';
import { auroraRoutes } from './aurora.js';

/** One module per spec group; each registers its own paths. */
export const routeModules: ((app: FastifyInstance, c: Container) => void)[] = [workspaceRoutes, linkRoutes, textToSpeechRoutes, voiceRoutes, musicRoutes, linkToVideoRoutes, lipsyncRoutes, lipsyncV2Routes, personaRoutes, customAvatarRoutes, auroraRoutes, aiScriptRoutes, textGeneratorRoutes];
