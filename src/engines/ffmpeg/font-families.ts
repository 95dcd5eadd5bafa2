import { spawnTool } from './spawn-tool.js';

/** Every family name fontconfig reports (a font with aliases contributes each of them). */
export async function listFontFamilies(): Promise<string[]> {
  const { stdout } = await spawnTool('fc-list', [':', 'family'], { collectStdout: true });
  const names = new Set<string>();
  for (const line of stdout.toString('utf8').split('\n')) {
    for (const name of line.split(',')) if (name.trim()) names.add(name.trim());
  }
  return [...names].sort();
}
