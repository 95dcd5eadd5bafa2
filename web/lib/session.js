// Session storage, not local storage: the key is forgotten when the tab closes.
const KEY = 'clipwright.credentials';

export function loadCredentials() {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return value?.apiId && value.apiKey ? value : null;
  } catch {
    return null;
  }
}

export function saveCredentials(credentials) {
  sessionStorage.setItem(KEY, JSON.stringify(credentials));
}

export function clearCredentials() {
  sessionStorage.removeItem(KEY);
}
