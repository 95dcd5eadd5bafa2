import { useState } from 'preact/hooks';
import { Field, FormErrors } from '../components/field.js';
import { MediaInput, bodyWithMedia } from '../components/media-input.js';
import { Media } from '../components/media.js';
import { TaskList } from '../components/task-list.js';
import { ApiError } from '../lib/api.js';
import { html } from '../lib/html.js';
import { trackTask } from '../lib/task-store.js';
import { useAction } from '../lib/use-action.js';
import { invalidate, useFetch } from '../lib/use-fetch.js';

/** Custom avatars: a photo of a person, and a consent video of the same person (checked by face). */
export function CustomAvatars({ api }) {
  const [name, setName] = useState('');
  const [gender, setGender] = useState('female');
  const [photo, setPhoto] = useState(null);
  const [consentVideo, setConsentVideo] = useState(null);
  const [agreed, setAgreed] = useState(false);
  const { busy, error, run, setError } = useAction();
  const { data } = useFetch(api, '/api/personas_v2/');
  const submit = (event) => {
    event.preventDefault();
    if (!agreed) {
      setError(new ApiError(400, { consent: ['Confirm that the person agreed to be an avatar.'] }));
      return;
    }
    run(async () => {
      const task = await api.post('/api/personas_v2/', bodyWithMedia({ name, gender, image_url: photo, consent_video: consentVideo }));
      trackTask(api, { path: `/api/personas/${task.id}/`, group: 'custom-avatars', label: `Avatar: ${name}`, task });
      invalidate('/api/personas/');
      invalidate('/api/personas_v2/');
    });
  };
  const mine = (Array.isArray(data) ? data : (data?.results ?? [])).filter((a) => !a.is_builtin);
  return html`<section class="page">
    <h2>Custom avatars</h2>
    <form class="card" onSubmit=${submit}>
      <div class="grid">
        <${Field} label="Name" name="name" error=${error}><input name="name" value=${name} onInput=${(e) => setName(e.currentTarget.value)} /><//>
        <${Field} label="Gender" name="gender" error=${error}>
          <select name="gender" value=${gender} onChange=${(e) => setGender(e.currentTarget.value)}><option>female</option><option>male</option></select>
        <//>
        <${Field} label="Photo (one face, looking at the camera)" name="image_url" error=${error}><${MediaInput} name="image_url" accept="image/*" value=${photo} onChange=${setPhoto} /><//>
        <${Field} label="Consent video of the same person" name="consent_video" error=${error}><${MediaInput} name="consent_video" accept="video/*" value=${consentVideo} onChange=${setConsentVideo} /><//>
      </div>
      <${Field} label="Consent" name="consent" error=${error}>
        <span><input type="checkbox" name="consent" checked=${agreed} onChange=${(e) => setAgreed(e.currentTarget.checked)} /> This person agreed to have their likeness speak in videos.</span>
      <//>
      <${FormErrors} error=${error} shown=${['name', 'gender', 'image_url', 'consent_video', 'consent']} />
      <button type="submit" disabled=${busy}>${busy ? 'Uploading…' : 'Create the avatar'}</button>
    </form>
    <h3>Tasks</h3>
    <${TaskList} group="custom-avatars" />
    <h3>Your avatars</h3>
    <div class="results">${mine.map(
      (a) => html`<div key=${a.id} class="card">
      <strong>${a.name}</strong> <span class="muted">${a.status}${a.consent_verified ? ' · consent verified' : ''}</span>
      <${Media} url=${a.thumbnail ?? a.preview_image_9_16} label=${a.name} />
    </div>`,
    )}</div>
  </section>`;
}
