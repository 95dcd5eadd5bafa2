import { html } from '../lib/html.js';

/** The messages the API's 400 names for one field path ("text", "video_inputs.0.voice.input_text"). */
export function messagesFor(error, name) {
  return error?.fields?.[name] ?? null;
}

/** The API's messages for one field, shown right under it. */
export function FieldError({ error, name }) {
  const messages = messagesFor(error, name);
  if (!messages) return null;
  return html`<p class="field-error" role="alert" data-field=${name}>${messages.join(' ')}</p>`;
}

/** A labelled input with its own error line. The input is the child. */
export function Field({ label, name, error, hint, children }) {
  const invalid = Boolean(messagesFor(error, name));
  return html`<label class=${`field${invalid ? ' invalid' : ''}`} data-name=${name}>
    <span class="label">${label}</span>
    ${children}
    ${hint ? html`<span class="hint">${hint}</span>` : null}
    <${FieldError} error=${error} name=${name} />
  </label>`;
}

/**
 * What an error says that no field on the form shows: {detail} answers (401, 402, 404, 429 …),
 * `non_field_errors`, and messages for fields the form does not have.
 */
export function FormErrors({ error, shown = [] }) {
  if (!error) return null;
  if (!error.fields) return html`<p class="form-error" role="alert">${error.message}${error.code ? html` <code>${error.code}</code>` : null}</p>`;
  const rest = Object.entries(error.fields).filter(([name]) => !shown.includes(name));
  if (!rest.length) return null;
  return html`<div class="form-error" role="alert">
    ${rest.map(([name, messages]) => html`<p data-field=${name}>${name === 'non_field_errors' ? '' : html`<code>${name}</code> `}${messages.join(' ')}</p>`)}
  </div>`;
}
