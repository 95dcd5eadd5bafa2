import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { createApi } from './lib/api.js';
import { credits, refreshCredits } from './lib/credits.js';
import { html } from './lib/html.js';
import { loadDocument, operationsByTag, slug } from './lib/openapi.js';
import { clearCredentials, loadCredentials, saveCredentials } from './lib/session.js';
import { useStore } from './lib/store.js';
import { forgetTasks, restoreTasks } from './lib/task-store.js';
import { AiScripts } from './pages/ai-scripts.js';
import { Aurora } from './pages/aurora.js';
import { AvatarV1 } from './pages/avatar-v1.js';
import { AvatarV2 } from './pages/avatar-v2.js';
import { CustomAvatars } from './pages/custom-avatars.js';
import { GenericGroup } from './pages/generic-group.js';
import { MusicBrowser } from './pages/music.js';
import { SignIn } from './pages/sign-in.js';
import { Tasks } from './pages/tasks.js';
import { TextGenerator } from './pages/text-generator.js';
import { TextToSpeech } from './pages/text-to-speech.js';
import { UrlToVideo } from './pages/url-to-video.js';
import { VoiceCloning } from './pages/voice-cloning.js';

/** Hand-made pages, in menu order. Every other API group gets a page built from the OpenAPI document. */
const PAGES = [
  { id: 'url-video', title: 'URL to video', Page: UrlToVideo },
  { id: 'avatar-v1', title: 'Avatar video v1', Page: AvatarV1 },
  { id: 'avatar-v2', title: 'Avatar video v2', Page: AvatarV2 },
  { id: 'aurora', title: 'Aurora', Page: Aurora },
  { id: 'tts', title: 'Text to speech', Page: TextToSpeech },
  { id: 'voice-clone', title: 'Voice cloning', Page: VoiceCloning },
  { id: 'custom-avatars', title: 'Custom avatars', Page: CustomAvatars },
  { id: 'music', title: 'Music', Page: MusicBrowser },
  { id: 'text-generator', title: 'Text generator', Page: TextGenerator },
  { id: 'ai-scripts', title: 'AI scripts', Page: AiScripts },
  { id: 'tasks', title: 'Tasks', Page: Tasks },
];

const currentRoute = () => location.hash.replace(/^#\/?/, '') || 'url-video';

function useRoute() {
  const [route, setRoute] = useState(currentRoute());
  useEffect(() => {
    const onChange = () => setRoute(currentRoute());
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

function Studio({ credentials, onSignOut }) {
  const api = createApi(credentials);
  const route = useRoute();
  const balance = useStore(credits);
  const [doc, setDoc] = useState(null);
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => {
    restoreTasks(api);
    refreshCredits(api);
    // Both outcomes are handled here; an effect cannot wait for them.
    void loadDocument().then(setDoc, () => setDoc({ paths: {} }));
  }, []);
  useEffect(() => setMenuOpen(false), [route]);
  const groups = doc ? operationsByTag(doc) : {};
  const page = PAGES.find((p) => p.id === route);
  const tag = route.startsWith('api/') ? Object.keys(groups).find((t) => `api/${slug(t)}` === route) : null;
  return html`<div class="shell">
    <header class="topbar">
      <button class="menu-toggle small" aria-label="menu" onClick=${() => setMenuOpen(!menuOpen)}>☰</button>
      <a class="brand" href="#/url-video">Clipwright Studio</a>
      <span class="credits" id="credits" title="remaining credits">${balance === null ? '…' : `${balance} credits`}</span>
      <button class="small secondary" onClick=${onSignOut}>Sign out</button>
    </header>
    <nav class=${menuOpen ? 'sidebar open' : 'sidebar'}>
      ${PAGES.map((p) => html`<a href=${`#/${p.id}`} class=${p.id === route ? 'active' : ''}>${p.title}</a>`)}
      <p class="nav-heading">Every API group</p>
      ${Object.keys(groups)
        .sort()
        .map((t) => html`<a href=${`#/api/${slug(t)}`} class=${`api/${slug(t)}` === route ? 'active' : ''}>${t}</a>`)}
    </nav>
    <main class="content">
      ${page ? html`<${page.Page} api=${api} />` : null}
      ${tag ? html`<${GenericGroup} key=${tag} api=${api} doc=${doc} tag=${tag} operations=${groups[tag]} />` : null}
      ${!page && !tag ? html`<p class="muted">${doc ? 'No such page.' : 'Loading…'}</p>` : null}
    </main>
  </div>`;
}

function App() {
  const [credentials, setCredentials] = useState(loadCredentials());
  if (!credentials) {
    return html`<${SignIn} onSignedIn=${(c, balance) => {
      saveCredentials(c);
      credits.set(balance);
      setCredentials(c);
    }} />`;
  }
  return html`<${Studio} credentials=${credentials} onSignOut=${() => {
    clearCredentials();
    forgetTasks();
    credits.set(null);
    setCredentials(null);
  }} />`;
}

const root = document.getElementById('root');
// Preact renders beside existing children; the "Loading…" placeholder must go first.
root.textContent = '';
render(html`<${App} />`, root);
