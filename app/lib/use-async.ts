import { useCallback, useEffect, useRef, useState } from "react";

export interface AsyncState<T> {
  data: T | undefined;
  error: Error | null;
  /** True from the render in which the inputs change until their answer arrives. */
  loading: boolean;
  reload: () => void;
}

/** Runs an async loader on mount and when deps change; stale answers are ignored. */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]): AsyncState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<Error | null>(null);
  const [tick, setTick] = useState(0);
  // The inputs whose answer is on screen; loading is derived so it is true in the very render the inputs change.
  const [settledKey, setSettledKey] = useState<string | null>(null);
  const key = `${JSON.stringify(deps)}#${tick}`;
  const seq = useRef(0);
  useEffect(() => {
    const mine = ++seq.current;
    setError(null);
    load().then(
      (d) => {
        if (mine !== seq.current) return;
        setData(d);
        setSettledKey(key);
      },
      (e: unknown) => {
        if (mine !== seq.current) return;
        setError(e instanceof Error ? e : new Error(String(e)));
        setSettledKey(key);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading: settledKey !== key, reload };
}
