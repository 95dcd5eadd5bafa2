import { useEffect, useState } from 'preact/hooks';

const cache = new Map();

/** GETs a catalog path once per tab (voices, avatars, music): {data, error}. */
export function useFetch(api, path) {
  const [state, setState] = useState(() => ({ data: cache.get(path) ?? null, error: null }));
  useEffect(() => {
    if (!path || cache.has(path)) return;
    let live = true;
    api.get(path).then(
      (data) => {
        cache.set(path, data);
        if (live) setState({ data, error: null });
      },
      (error) => live && setState({ data: null, error }),
    );
    return () => (live = false);
  }, [path]);
  return state;
}

/** Forgets a cached path, after something changed it (a new clone, a deleted avatar). */
export function invalidate(path) {
  cache.delete(path);
}
