import { useState } from 'preact/hooks';
import { ApiError, createApi } from '../lib/api.js';
import { Field, FormErrors } from '../components/field.js';
import { html } from '../lib/html.js';
import { useAction } from '../lib/use-action.js';

/** Asks for the API id and key and checks them with GET /api/remaining_credits/ before keeping them. */
export function SignIn({ onSignedIn }) {
  const [apiId, setApiId] = useState('');
  const [apiKey, setApiKey] = useState('');
  const { busy, error, run, setError } = useAction();
  const submit = (event) => {
    event.preventDefault();
    run(async () => {
      if (!apiId.trim() || !apiKey.trim()) {
        setError(
          new ApiError(400, { ...(apiId.trim() ? {} : { api_id: ['Enter your API id.'] }), ...(apiKey.trim() ? {} : { api_key: ['Enter your API key.'] }) }),
        );
        return;
      }
      const credentials = { apiId: apiId.trim(), apiKey: apiKey.trim() };
      const { remaining_credits } = await createApi(credentials).get('/api/remaining_credits/');
      onSignedIn(credentials, remaining_credits);
    });
  };
  return html`<main class="sign-in">
    <form class="card" onSubmit=${submit} id="sign-in-form">
      <h1>Clipwright Studio</h1>
      <p class="muted">Sign in with an API id and key (from the service's first start, or <code>clipwright admin</code>). They stay in this tab only.</p>
      <${Field} label="API id" name="api_id" error=${error}>
        <input name="api_id" autocomplete="username" value=${apiId} onInput=${(e) => setApiId(e.currentTarget.value)} placeholder="cw_…" />
      <//>
      <${Field} label="API key" name="api_key" error=${error}>
        <input name="api_key" type="password" autocomplete="current-password" value=${apiKey} onInput=${(e) => setApiKey(e.currentTarget.value)} placeholder="cwk_…" />
      <//>
      <${FormErrors} error=${error} shown=${['api_id', 'api_key']} />
      <button type="submit" disabled=${busy}>${busy ? 'Checking…' : 'Sign in'}</button>
    </form>
  </main>`;
}
