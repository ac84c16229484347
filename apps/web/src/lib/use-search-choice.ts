import { useSearchParams } from 'react-router';

/**
 * One choice of a page kept in the address (`?key=value`), so a view can be reloaded and shared as it is: the value
 * when it is one of `allowed`, else `fallback`. Choosing the fallback removes the key.
 */
export function useSearchChoice<T extends string | number>(
  key: string,
  allowed: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(key);
  const value = allowed.find((a) => String(a) === raw) ?? fallback;
  const set = (next: T) =>
    setParams(
      (p) => {
        if (next === fallback) p.delete(key);
        else p.set(key, String(next));
        return p;
      },
      { replace: true },
    );
  return [value, set];
}
